"""Middleware of the site's own (settings.MIDDLEWARE): headers every answer carries, secret
links only in the spelling the site gives them, and form bodies Django cannot read answered
with the site's own 400 page."""

from __future__ import annotations

import codecs
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import Http404, HttpRequest, HttpResponseBase
from django.utils.csp import CSP, build_policy
from django.utils.encoding import escape_uri_path

Handler = Callable[[HttpRequest], HttpResponseBase]

# The secret links' paths (games/urls.py): a circle's pages, its games', a watch page.
SECRET_PREFIXES = ("/c/", "/w/")


class SecurityHeaders:
    """The outermost middleware: the site's security headers on every answer, also those
    that never reach the middleware that usually add them. A request for a host not allowed
    is answered (400) by Django before SecurityMiddleware, XFrameOptionsMiddleware and the CSP
    middleware had their turn, and WhiteNoise answers a static file before the CSP middleware
    runs; here each header the answer lacks is added, as those middleware set it."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        headers = response.headers
        headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
        if settings.SECURE_CONTENT_TYPE_NOSNIFF:
            headers.setdefault("X-Content-Type-Options", "nosniff")
        if settings.SECURE_REFERRER_POLICY:
            headers.setdefault("Referrer-Policy", settings.SECURE_REFERRER_POLICY)
        if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
            headers.setdefault(
                "Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY
            )
        policy = cast(dict[str, list[str]], settings.SECURE_CSP)
        if policy:
            headers.setdefault(str(CSP.HEADER_ENFORCE), build_policy(policy))
        if settings.SECURE_HSTS_SECONDS and request.is_secure():
            hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
            if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
                hsts += "; includeSubDomains"
            if settings.SECURE_HSTS_PRELOAD:
                hsts += "; preload"
            headers.setdefault("Strict-Transport-Security", hsts)
        return response


class CanonicalSecretLinks:
    """A secret link is served only as the site spells it. gunicorn decodes the path before
    Django sees it, so /c/%4DjQr…/ would open the circle /c/MDjQr…/: a spelling no page
    gives, which a log or a rule that looks for the plain link would not know for it. The
    path as sent (gunicorn's RAW_URI) must be the path's own spelling, or it is not found."""

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        raw = request.META.get("RAW_URI")
        if raw is not None and request.path.startswith(SECRET_PREFIXES):
            sent = urlsplit(raw).path if "://" in raw.split("?", 1)[0] else raw.split("?", 1)[0]
            if sent != escape_uri_path(request.path):
                raise Http404
        return self.get_response(request)


class FormCharsetMiddleware:
    """A form body that says it is not UTF-8 is the site's 400 page, with its headers.

    Django reads application/x-www-form-urlencoded as UTF-8 only and raises BadRequest for
    any other declared charset, but leaves request.POST unread, so every later look at it
    raises again: the 400 handler's CSRF check (requires_csrf_token) did, and the request
    ended as the server's bare 500. Here the body is marked unreadable first (request.POST
    empty), then refused. A charset that names UTF-8 another way ("utf8") is read as UTF-8.
    Placed after the middleware that add headers, so the refusal carries them.
    """

    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        declared = request.encoding
        if (
            request.method == "POST"
            and request.content_type == "application/x-www-form-urlencoded"
            and declared is not None
            and declared.lower() != "utf-8"
        ):
            try:
                utf8 = codecs.lookup(declared).name == "utf-8"
            except LookupError:  # a charset nobody knows
                utf8 = False
            if utf8:
                request.encoding = "utf-8"
            else:
                request._mark_post_parse_error()  # type: ignore[attr-defined]
                raise BadRequest("a form body must be UTF-8")
        return self.get_response(request)

"""Requests whose bytes Django cannot read, answered with the site's own 400 page."""

from __future__ import annotations

import codecs
from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse


class FormCharsetMiddleware:
    """A form body that says it is not UTF-8 is the site's 400 page, with its headers.

    Django reads application/x-www-form-urlencoded as UTF-8 only and raises BadRequest for
    any other declared charset, but leaves request.POST unread, so every later look at it
    raises again: the 400 handler's CSRF check (requires_csrf_token) did, and the request
    ended as the server's bare 500. Here the body is marked unreadable first (request.POST
    empty), then refused. A charset that names UTF-8 another way ("utf8") is read as UTF-8.
    Placed after the middleware that add headers, so the refusal carries them.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = request.encoding
        if (
            request.method == "POST"
            and request.content_type == "application/x-www-form-urlencoded"
            and declared is not None
            and declared.lower() != "utf-8"
        ):
            if codecs.lookup(declared).name == "utf-8":
                request.encoding = "utf-8"
            else:
                request._mark_post_parse_error()  # type: ignore[attr-defined]
                raise BadRequest("a form body must be UTF-8")
        return self.get_response(request)

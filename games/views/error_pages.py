"""The error pages Django does not make itself: a stale CSRF token, a rate limit reached and
the database out of reach."""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader
from django.views import defaults

from games.ratelimits import retry_after


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: the page was open too long or cookies are blocked."""
    return render(request, "403_csrf.html", status=403)


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """settings.RATELIMIT_VIEW: django-ratelimit refused the request (games/ratelimits.py)."""
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after(request))
    return response


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400: Django's 400 page (templates/400.html), for a request Django could not read.

    Django's own handler checks the CSRF token to render the page (requires_csrf_token),
    which reads request.POST; a body Django refused to parse (a form in another charset)
    left it unread, so that read raised again inside the error handling and the server
    answered a bare 500 with none of the site's headers. The body is marked unreadable first.
    """
    if request.method == "POST" and not hasattr(request, "_post"):
        mark = getattr(request, "_mark_post_parse_error", None)
        if mark is not None:
            mark()
    return defaults.bad_request(request, exception)


# How long a phone waits before sending again when the database is out of reach: a restart
# of PostgreSQL takes a few seconds.
RETRY_AFTER_SECONDS = 5


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the site's 500 page, or its 503 "try again" page when the database could
    not be reached (a restart, a dropped connection): nothing there is a bug, and a save sent
    again once the database is back is stored once (its idempotency key). scorer.js keeps a
    hand whose save was answered 503 in the phone's outbox and sends it again.

    Django calls this inside the `except` that caught the error, so sys.exc_info() names it.
    Like Django's own 500 page, it is rendered without the request (nothing may need one).
    """
    error = sys.exc_info()[1]
    if isinstance(error, OperationalError | InterfaceError):
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return defaults.server_error(request)

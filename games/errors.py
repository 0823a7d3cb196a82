"""The error pages Django does not make itself: a stale CSRF token and a rate limit reached."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.ratelimits import retry_after


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: the page was open too long or cookies are blocked."""
    return render(request, "403_csrf.html", status=403)


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """settings.RATELIMIT_VIEW: django-ratelimit refused the request (games/ratelimits.py)."""
    response = render(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after(request))
    return response

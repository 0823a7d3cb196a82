"""The error pages Django does not make itself: a stale CSRF token."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: the page was open too long or cookies are blocked."""
    return render(request, "403_csrf.html", status=403)


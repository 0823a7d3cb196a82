"""The site's URLs plus two that fail on purpose, for the error-page tests."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


urlpatterns = [
    path("forbidden", forbidden),
    path("broken", broken),
    path("", include("games.urls")),
]

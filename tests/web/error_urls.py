"""The site's URLs plus three that fail on purpose, for the error-page tests."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


def database_down(request: HttpRequest) -> HttpResponse:
    raise OperationalError("server closed the connection unexpectedly")


urlpatterns = [
    path("forbidden", forbidden),
    path("broken", broken),
    path("database-down", database_down),
    path("", include("games.urls")),
]

handler400 = "games.views.error_pages.bad_request"
handler500 = "games.views.error_pages.server_error"

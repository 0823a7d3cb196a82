"""What the web tests share: a game's URLs, the header htmx sends with its requests, the
security headers every answer carries, and a record uploaded to the import."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game

# What htmx adds to each of its requests: a view answers it with a fragment, not a page.
HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game, *args: Any) -> str:
    """The path of a game's page or action `name`, with any further arguments."""
    return reverse(name, args=[game.circle.slug, game.slug, *args])


SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def assert_security_headers(response: Any) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response[name] == value, name
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


def upload(client: Client, circle: Circle, content: bytes) -> Any:
    """Posts `content` as a game record file to the circle's import."""
    file = SimpleUploadedFile("game.json", content, "application/json")
    return client.post(reverse("game_import", args=[circle.slug]), {"record": file})

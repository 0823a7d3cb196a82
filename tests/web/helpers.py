"""What the web tests share: a game's URLs, the header htmx sends with its requests, and the
security headers every answer carries."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.models import Game

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

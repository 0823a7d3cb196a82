"""What the web tests share: a game's URLs, and the header htmx sends with its requests."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.models import Game

# What htmx adds to each of its requests: a view answers it with a fragment, not a page.
HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game, *args: Any) -> str:
    """The path of a game's page or action `name`, with any further arguments."""
    return reverse(name, args=[game.circle.slug, game.slug, *args])

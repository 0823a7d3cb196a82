from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from games.models import Circle, ClubNight, Game
from games.streams import stop_listening

PLAYERS = ["Ann", "Ben", "Cleo", "Dov"]


def klob_hand(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "caller": 0,
        "trump": "H",
        "card_points": [96, 56],
        "last_trick": 0,
    }
    base.update(facts)
    return base


def organiser(night: ClubNight, client: Client | None = None) -> Client:
    """A phone holding the night's organiser key, as the one that set it up does."""
    phone = client or Client()
    phone.cookies[f"club-organiser-{night.slug}"] = night.organiser_key
    return phone


def hand_id(game: Game, number: int) -> int:
    """The identity of the live hand now at `number` (links name hands by identity)."""
    return int(game.live_hands().get(number=number).pk)


def hand_post(**fields: Any) -> dict[str, Any]:
    """Form data for the Klaberjass hand form (what a phone posts)."""
    data: dict[str, Any] = {
        "dealer": "3",
        "caller": "0",
        "trump": "H",
        "points_0": "96",
        "points_1": "56",
        "last_trick": "0",
    }
    data.update({k: str(v) for k, v in fields.items()})
    return data


@pytest.fixture
def circle(db: Any) -> Circle:
    return Circle.objects.create(name="Friday")


@pytest.fixture
def game(circle: Circle) -> Game:
    return Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any) -> Iterator[None]:
    """pytest-django's test database, whose streams' listening connection (games/streams.py)
    is closed before the database is dropped."""
    yield
    stop_listening()


# What gives a test the database: pytest-django refuses it to any test without one of these,
# so a test with none of them cannot have touched it (a test that reaches a database another
# way, such as a server it starts, is marked `database` itself).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "live_server",
    "django_db_setup",
    "_django_db_helper",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[Any]) -> None:
    # CI runs the tests marked `database` on SQLite and again on PostgreSQL, the others once.
    for item in items:
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.database)

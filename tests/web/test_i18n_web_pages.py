"""Every page and fragment answers in every language the site speaks, with no server error
(issue 14), and says which language it answered in.

Each language gets a circle holding a game of every variant (the records in tests/records),
with a hand taken out, a hand being entered and a hand saved from the hand in progress, so
that every kind of sentence a page writes (notes, reasons, notices, the progress line, the
sheet's words, the chart) is rendered in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engine.record import read_json
from games.models import Circle, Game, HandInProgress
from tests.conftest import hand_post
from tests.web.helpers import HTMX

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))
LANGUAGES = [code for code, _ in settings.LANGUAGES]


@pytest.fixture(autouse=True)
def _english_after(db: Any) -> Iterator[None]:
    # A request leaves its language active in the thread: later tests start in English.
    yield
    translation.deactivate()


def a_full_circle() -> Circle:
    """A circle with a game of every variant: a hand taken out of each game of several hands,
    a hand being entered, and a Klaberjass game in progress with a saved hand and a hand in
    progress that has declarations (the progress line judges them)."""
    circle = Circle.objects.create(name="Friday")
    for path in RECORDS:
        game = Game.import_record(circle, read_json(path.read_text()))
        if game.hand_count > 1:
            newest = game.live_hands().last()
            assert newest is not None
            game.remove_hand(newest.pk)
        progress = HandInProgress.of(game)
        progress.change(progress.token, {"dealer": "0", "trump": "H"})
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {}, first_dealer=3)
    token = HandInProgress.of(game).token
    Client().post(
        reverse("hand_record", args=[circle.slug, game.slug]), hand_post(token=token), **HTMX
    )
    progress = HandInProgress.of(game)
    progress.change(
        progress.token,
        {
            "caller": "1",
            "trump": "S",
            "seq0_seat": "1",
            "seq0_length": "3",
            "seq0_top": "Q",
            "seq0_suit": "S",
        },
    )
    return circle


def circle_pages(circle: Circle) -> list[tuple[str, dict[str, Any]]]:
    """The circle's own pages and fragments: (path, query or form data)."""
    slug = circle.slug
    night = circle.tonight().isoformat()
    pages: list[tuple[str, dict[str, Any]]] = [
        ("/", {}),
        (reverse("circle", args=[slug]), {}),
        (reverse("circle", args=[slug]), {"variant": "klaberjass", "page": "1"}),
        (reverse("night", args=[slug, night]), {}),
        (reverse("circle_stats", args=[slug]), {}),
        (reverse("circle_time_zone", args=[slug]), {}),
        (reverse("game_new", args=[slug]), {}),
        (reverse("declarations", args=[slug]), {}),
        (
            reverse("declarations", args=[slug]),
            {
                "variant": "terz",
                "trump": "H",
                "seq0_seat": "0",
                "seq0_kind": "sequence",
                "seq0_length": "3",
                "seq0_top": "Q",
                "seq0_suit": "H",
                "seq1_seat": "1",
                "seq1_kind": "four",
                "seq1_top": "J",
            },
        ),
        (reverse("melds", args=[slug]), {}),
        (reverse("melds", args=[slug]), {"trump": "D", "c_KD": "1", "c_QD": "1", "c_AS": "4"}),
        (reverse("melds", args=[slug]), {"trump": "D", "c_AD": "5"}),
        (reverse("melds", args=[slug]), {"c_AD": "1"}),
        (reverse("manifest"), {}),
        (reverse("offline"), {}),
    ]
    for game in circle.games.all():
        pages += [
            (reverse("circle_stats", args=[slug]), {"variant": game.variant}),
            (reverse("game_new", args=[slug]), {"variant": game.variant, "from": game.slug}),
            (reverse("declarations", args=[slug]), {"game": game.slug}),
        ]
    return pages


def game_pages(game: Game) -> list[tuple[str, dict[str, Any]]]:
    """One game's pages and fragments, as a player and as a watcher."""
    at = [game.circle.slug, game.slug]
    hand = game.live_hands().first()
    assert hand is not None
    return [
        (reverse("game", args=at), {}),
        (reverse("game", args=at), {"hands": "sheet"}),
        (reverse("game", args=at), {"hands": "list"}),
        (reverse("game_live", args=at), {}),
        # A phone whose hand in progress another phone saved meanwhile.
        (reverse("game_live", args=at), {"v": "0", "d": "0", "t": "0123abcd"}),
        (reverse("hand_edit", args=[*at, hand.pk]), {}),
        (reverse("hand_delete", args=[*at, hand.pk]), {}),
        (reverse("game_share", args=at), {}),
        (reverse("game_csv", args=at), {}),
        (reverse("game_export", args=at), {}),
        (reverse("history_export", args=[game.circle.slug]), {"variant": game.variant}),
        (reverse("watch", args=[game.watch_slug]), {}),
        (reverse("watch", args=[game.watch_slug]), {"hands": "sheet"}),
        (reverse("watch_live", args=[game.watch_slug]), {}),
    ]


def phone(language: str) -> Client:
    """A phone whose browser asks for `language` and whose menu chose it too."""
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def said_in(response: Any, language: str, where: str) -> None:
    assert response.status_code < 500, where
    assert response["Content-Language"] == language, where


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_answers_in_every_language(language: str) -> None:
    circle = a_full_circle()
    client = phone(language)
    for path, query in circle_pages(circle):
        response = client.get(path, query)
        said_in(response, language, f"{path} {query}")
        assert response.status_code == 200, f"{path} {query}: {response.status_code}"
    for game in circle.games.all():
        for path, query in game_pages(game):
            for extra in ({}, HTMX):
                response = client.get(path, query, **extra)
                said_in(response, language, f"{path} {query} {extra}")
                assert response.status_code == 200, f"{path} {query}: {response.status_code}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_changes_and_their_notices_answer_in_every_language(language: str) -> None:
    """The posts a table makes: a preview, a save, an edit that comes too late, a delete, an
    undo, a restore, and forms that are refused (a bad import, a bad new game)."""
    circle = a_full_circle()
    client = phone(language)
    slug = circle.slug
    for game in circle.games.all():
        at = [slug, game.slug]
        said_in(client.post(reverse("hand_preview", args=at), {}), language, "empty preview")
        said_in(client.post(reverse("hand_record", args=at), {}), language, "empty save")
        hand = game.live_hands().first()
        assert hand is not None
        stale = {"version": "0", "number": str(hand.number)}
        said_in(
            client.post(reverse("hand_delete", args=[*at, hand.pk]), stale, **HTMX),
            language,
            "a stale delete",
        )
    game = circle.games.get(variant="klaberjass", status=Game.Status.IN_PROGRESS, hand_count=1)
    at = [slug, game.slug]
    said_in(client.post(reverse("hand_preview", args=at), hand_post()), language, "preview")
    token = HandInProgress.of(game).token
    response = client.post(reverse("hand_record", args=at), hand_post(token=token), **HTMX)
    said_in(response, language, "save")
    assert response.status_code == 200
    late = client.post(reverse("hand_record", args=at), hand_post(token=token), **HTMX)
    said_in(late, language, "late save")
    assert late.status_code == 409
    first = game.live_hands().get(number=1)
    edit = hand_post(caller="1", version="0", number="1")
    conflict = client.post(reverse("hand_edit", args=[*at, first.pk]), edit, **HTMX)
    said_in(conflict, language, "stale edit")
    assert conflict.status_code == 409
    newest = game.live_hands().last()
    assert newest is not None
    undone = client.post(reverse("hand_undo", args=[*at, newest.pk]), **HTMX)
    said_in(undone, language, "undo")
    restored = client.post(reverse("hand_restore", args=[*at, newest.pk]), **HTMX)
    said_in(restored, language, "restore")
    assert restored.status_code == 200
    progress = client.post(reverse("hand_progress", args=at), {"nope": "1", "token": ""})
    said_in(progress, language, "a change to no field")
    assert progress.status_code == 400
    bad = SimpleUploadedFile("game.json", b'{"format": "scorer-game/1", "hands": 3}')
    refused = client.post(reverse("game_import", args=[slug]), {"record": bad})
    said_in(refused, language, "bad import")
    assert refused.status_code == 400
    new = client.post(
        reverse("game_new", args=[slug]),
        {"variant": "terz", "player_0": "Ann", "player_1": "ann", "first_dealer": "0"},
    )
    said_in(new, language, "two seats, one name")
    assert new.status_code == 400

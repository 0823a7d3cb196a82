"""A saved hand's rendered row is reused until something it shows changes (issue 15)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from games.models import Game, HandInProgress
from tests.conftest import hand_id, klob_hand


@pytest.fixture(autouse=True)
def no_rows_cached() -> None:
    # The rows cache lives in the process, and outlives each test's database.
    caches["rows"].clear()


def cached(fragment: str) -> int:
    return sum(fragment in key for key in caches["rows"]._cache)  # type: ignore[attr-defined]


def cached_rows() -> int:
    return cached(".hand-row.")


def page(client: Client, game: Game) -> str:
    return client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()


def hand_list(html: str) -> str:
    return html[html.index('<ol class="hand-list"') : html.index("</ol>")]


def row(html: str, game: Game, number: int) -> str:
    """The rendered row of the hand now at `number`."""
    start = html.index(f'id="hand-{hand_id(game, number)}"')
    end = html.find('<li id="hand-', start)
    return html[start : end if end != -1 else None]


def test_a_row_is_rendered_once_and_a_new_hand_adds_only_its_own(
    client: Client, game: Game
) -> None:
    for _ in range(3):
        game.record_hand(klob_hand())
    first = hand_list(page(client, game))
    assert cached_rows() == 3
    assert hand_list(page(client, game)) == first
    assert cached_rows() == 3
    game.record_hand(klob_hand())
    page(client, game)
    assert cached_rows() == 4


def test_a_row_shows_new_totals_when_an_earlier_hand_is_edited(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    game.record_hand(klob_hand())
    before = row(page(client, game), game, 2)
    first = game.live_hands().get(number=1)
    game.edit_hand(first.pk, klob_hand(card_points=[100, 52]), first.version)
    second = game.live_hands().get(number=2)
    after = row(page(client, game), game, 2)
    assert after != before
    assert f"= {second.totals[0]}</small>" in after


def test_a_row_shows_its_new_number_when_an_earlier_hand_is_removed(
    client: Client, game: Game
) -> None:
    game.record_hand(klob_hand())
    game.record_hand(klob_hand(card_points=[100, 52]))
    page(client, game)
    game.remove_hand(hand_id(game, 1))
    moved = row(page(client, game), game, 1)
    assert '<span class="hand-no">1</span>' in moved and 'data-number="1"' in moved


def test_a_watcher_never_gets_the_row_a_member_saw(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    edit = reverse("hand_edit", args=[game.circle.slug, game.slug, hand_id(game, 1)])
    assert edit in page(client, game)
    watched = Client().get(reverse("watch", args=[game.watch_slug])).content.decode()
    assert f'id="hand-{hand_id(game, 1)}"' in watched and edit not in watched


def test_a_row_follows_the_seat_names(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    assert "Dov dealt" in row(page(client, game), game, 1)
    seat = game.seats.get(index=3)
    seat.player = game.circle.player("Dora")
    seat.save()
    assert "Dora dealt" in row(page(client, game), game, 1)


def test_the_next_hands_fields_are_rendered_once_with_a_new_key_each_time(
    client: Client, game: Game
) -> None:
    first, second = page(client, game), page(client, game)
    assert cached(".hand-fields.") == 1
    keys = [html.split('name="key" value="', 1)[1].split('"', 1)[0] for html in (first, second)]
    assert len(set(keys)) == 2, "every form carries its own idempotency key"
    # From the key on (the CSRF token before it is masked anew each time, as is the language
    # picker's after it), the two forms differ only in the key.
    forms = [
        re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html[html.index(key) + len(key) :])
        for html, key in zip((first, second), keys, strict=True)
    ]
    assert forms[0] == forms[1]


def radio(html: str, name: str, value: str) -> str:
    """The tag of one radio button."""
    tags = html.split("<input ")[1:]
    return next(
        t.split(">", 1)[0] for t in tags if f'name="{name}"' in t and f'value="{value}"' in t
    )


def test_the_fields_follow_the_hand_in_progress(client: Client, game: Game) -> None:
    assert "checked" not in radio(page(client, game), "trump", "H")
    progress = HandInProgress.of(game)
    progress.change(progress.token, {"trump": "H"})
    assert "checked" in radio(page(client, game), "trump", "H")
    assert cached(".hand-fields.") == 2


def test_a_form_with_what_was_typed_is_never_cached(client: Client, game: Game) -> None:
    url = reverse("hand_record", args=[game.circle.slug, game.slug])
    response = client.post(url, {"trump": "H", "points_0": "999", "token": ""})
    assert response.status_code == 400
    assert 'value="999"' in response.content.decode()
    assert cached(".hand-fields.") == 0

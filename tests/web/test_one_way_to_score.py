"""The preview, the save of a new hand and the save of an edit score a hand through one model
method, Game.scored_with: what the preview shows is what the save stores."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.engine import GameScore
from games.models import Game, Hand
from tests.conftest import hand_id, hand_post, klob_hand
from tests.web.helpers import url


@pytest.fixture
def scorings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each call of Game.scored_with: the hand's number and how many later hands followed."""
    calls: list[tuple[int, int]] = []
    original = Game.scored_with

    def spy(game: Game, facts: Any, number: int, later: Any = ()) -> GameScore:
        calls.append((number, len(later)))
        return original(game, facts, number, later)

    monkeypatch.setattr(Game, "scored_with", spy)
    return calls


def test_the_preview_and_the_save_score_alike(
    client: Client, game: Game, scorings: list[tuple[int, int]]
) -> None:
    game.record_hand(klob_hand())
    posted = hand_post(points_0=60, points_1=92)
    preview = client.post(url("hand_preview", game), posted).content.decode()
    assert scorings == [(1, 0), (2, 0)]
    client.post(url("hand_record", game), {**posted, "token": ""})
    assert scorings[-1] == (2, 0)
    saved = game.live_hands().get(number=2)
    for score in saved.scores:
        assert f"+{score}" in preview
    assert game.hands.count() == 2


def test_an_edit_scores_the_hand_and_the_later_ones(
    client: Client, game: Game, scorings: list[tuple[int, int]]
) -> None:
    for _ in range(3):
        game.record_hand(klob_hand())
    del scorings[:]
    edited = hand_post(points_0=60, points_1=92, version=1, number=2)
    client.post(url("hand_preview", game), edited)
    client.post(url("hand_edit", game, hand_id(game, 2)), edited)
    assert scorings == [(2, 0), (2, 1)]
    game.refresh_from_db()
    assert game.live_hands().get(number=2).scores == [0, 162]


def test_a_hand_keeps_nothing_between_scoring_and_storing() -> None:
    # The scored hand's declarations are passed to the rows that store them.
    assert not hasattr(Hand, "_declared")

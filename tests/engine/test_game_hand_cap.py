"""The most hands a game holds (games/engine/game.py, MAX_HANDS): the last one is scored,
the one after it is refused, named by its number."""

from __future__ import annotations

import pytest

from games.engine import HandError, score_game
from games.engine.game import MAX_HANDS, read_hands
from games.engine.variant import Carried
from tests.engine.helpers import FOUR, KLOB, hand

SETTINGS = KLOB.settings({"target": 10_000_000})


def one_hand() -> list[object]:
    return list(read_hands(KLOB, SETTINGS, [hand()], FOUR))


def test_the_last_hand_a_game_holds_is_scored_as_its_number() -> None:
    game = score_game(KLOB, SETTINGS, one_hand(), FOUR, Carried((0, 0), MAX_HANDS - 1))
    assert [scored.number for scored in game.hands] == [MAX_HANDS]


def test_the_hand_after_the_last_is_refused_naming_its_number() -> None:
    with pytest.raises(HandError) as caught:
        score_game(KLOB, SETTINGS, one_hand(), FOUR, Carried((0, 0), MAX_HANDS))
    assert caught.value.number == MAX_HANDS + 1
    assert caught.value.field == "game"
    assert str(caught.value) == (
        "hand 5001: game: a game holds at most 5,000 hands: start a new game to play on"
    )

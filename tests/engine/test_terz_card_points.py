"""Terz card points are judged as each player's number is typed (rules/terz.md, Table: 0 to
the deck's total, never 1 or total − 1), as Klaberjass judges its teams': a number past the
deck is refused with the other player's box empty, and a saved hand says the same."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import InvalidHand, ParseError
from games.engine.variant import Interim
from tests.engine.test_terz import PLAYERS, TERZ, deal


def in_progress(facts: dict[str, Any], **settings: Any) -> Interim:
    return TERZ.interim(facts, TERZ.settings(settings), PLAYERS)


def refused_in_progress(facts: dict[str, Any], **settings: Any) -> str:
    with pytest.raises((ParseError, InvalidHand)) as caught:
        in_progress(facts, **settings)
    return str(caught.value)


def refused_saved(facts: dict[str, Any], **settings: Any) -> str:
    with pytest.raises((ParseError, InvalidHand)) as caught:
        TERZ.hand(deal(**facts), TERZ.settings(settings))
    return str(caught.value)


@pytest.mark.parametrize(
    ("typed", "settings", "says"),
    [
        ([200, None], {}, "card_points: 200 is more than the 140 card points of the deck"),
        ([None, 141], {}, "card_points: 141 is more than the 140 card points of the deck"),
        (
            [153, None],
            {"card_values": "standard"},
            "card_points: 153 is more than the 152 card points of the deck",
        ),
        ([139, None], {}, "card_points: no card is worth 1 point"),
        ([None, 1], {}, "card_points: no card is worth 1 point"),
        ([None, 151], {"card_values": "standard"}, "card_points: no card is worth 1 point"),
        ([-3, None], {}, "card_points: card points cannot be negative"),
    ],
)
def test_one_players_number_that_can_never_be_right_is_refused_as_it_is_typed(
    typed: list[int | None], settings: dict[str, Any], says: str
) -> None:
    assert refused_in_progress({"card_points": typed}, **settings) == says


def test_a_saved_hand_refuses_the_number_with_the_same_words() -> None:
    typed = refused_in_progress({"card_points": [200, None]})
    assert refused_saved({"card_points": [200, 0]}) == typed
    typed = refused_in_progress({"card_points": [None, 139]})
    assert refused_saved({"card_points": [1, 139]}) == typed


@pytest.mark.parametrize("typed", [[80, None], [None, 60], [0, None], [None, 140]])
def test_a_number_that_can_be_right_waits_for_the_other_players(typed: list[int | None]) -> None:
    assert in_progress({"card_points": typed}) == Interim()


def test_a_stale_other_box_is_judged_by_the_sum_once_both_are_in() -> None:
    # 14 typed on the way to 140 filled in 126 for the other player, which 140 left behind.
    assert refused_in_progress({"card_points": [140, 126]}) == (
        "card_points: must add up to 140 (got 140 + 126 = 266)"
    )


def test_under_the_standard_values_the_deck_is_152() -> None:
    assert in_progress({"card_points": [150, None]}, card_values="standard") == Interim()

"""Klaberjass while a hand is still being entered (rules/klaberjass.md): each fact the table
gets wrong is refused at once with the same words as for a finished hand, and what is
right so far is told back."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import InvalidHand, ParseError, get_variant
from games.engine.variant import Interim

KLABERJASS = get_variant("klaberjass")
PLAYERS = ("Ann", "Ben", "Cleo", "Dan")


def in_progress(facts: Any) -> Interim:
    return KLABERJASS.interim(facts, KLABERJASS.settings({}), PLAYERS)


@pytest.mark.parametrize(
    ("facts", "says"),
    [
        ([], "Klaberjass hand: a Klaberjass hand must be an object"),
        ({"colour": 1}, "colour: is not a Klaberjass hand key"),
        ({"dealer": 4}, "dealer: must be a seat from 0 to 3, not 4"),
        ({"caller": 4}, "caller: must be a seat from 0 to 3, not 4"),
        ({"round": 3}, 'round: must be one of 1, 2, "bima", not 3'),
    ],
)
def test_a_fact_that_cannot_be_read_is_refused_naming_its_key(facts: Any, says: str) -> None:
    with pytest.raises(ParseError) as caught:
        in_progress(facts)
    assert str(caught.value) == says


@pytest.mark.parametrize(
    ("facts", "says"),
    [
        (
            {"round": "bima", "dealer": 1, "caller": 2},
            "caller: on the Bima the dealer names trump, so the caller is the dealer",
        ),
        (
            {"round": 2, "trump": "H", "turned_up": "H"},
            "trump: in round 2 the turned-up suit ♥ cannot be named",
        ),
        (
            {"round": 1, "trump": "S", "turned_up": "H"},
            "trump: in round 1 trump is the turned-up suit ♥",
        ),
    ],
)
def test_a_call_against_the_round_is_refused_as_soon_as_it_is_entered(
    facts: dict[str, Any], says: str
) -> None:
    with pytest.raises(InvalidHand) as caught:
        in_progress(facts)
    assert str(caught.value) == says


@pytest.mark.parametrize(
    ("facts", "told"),
    [
        ({"round": "bima", "dealer": 1, "caller": 1, "trump": "S"}, "Ben called ♠."),
        # Until the dealer is entered, a Bima caller cannot be checked against him.
        ({"round": "bima", "caller": 2, "trump": "S"}, "Cleo called ♠."),
        ({"round": 1, "caller": 3, "trump": "H", "turned_up": "H"}, "Dan called ♥."),
        ({"round": 2, "caller": 0, "trump": "S", "turned_up": "H"}, "Ann called ♠."),
        ({"round": 2, "trump": "S"}, "Trump is ♠."),
    ],
)
def test_a_call_that_fits_its_round_is_told_back(facts: dict[str, Any], told: str) -> None:
    assert in_progress(facts) == Interim((told,))

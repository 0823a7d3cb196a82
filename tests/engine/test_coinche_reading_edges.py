"""Coinche's hand and settings as read (rules/coinche.md, Hand keys and Settings), at their
edges: `coinche` left out means no coinche even when the calls say otherwise, a player's
ninth card, the facts of every trick entered before the points, and the contract range read
before the other house rules."""

from __future__ import annotations

import pytest

from games.engine import ParseError
from tests.engine.test_coinche import COINCHE, bid, carre, coinche, deal, refusal, run
from tests.engine.test_coinche_hand_in_progress import in_progress


def test_a_coinche_in_the_calls_needs_the_hand_to_say_so() -> None:
    # `coinche` defaults to 0, and the calls must agree with it (spec: `bids`, check 5).
    facts = deal(
        dealer=3,
        taker=1,
        contract=90,
        trump="C",
        card_points=[64, 88],
        last_trick=1,
        bids=[bid(0, 80, "C"), bid(1, 90, "C"), coinche(2)],
    )
    assert refusal(facts) == (
        "bids",
        "the auction ends with a coinche, not without a coinche",
    )


def test_nine_cards_are_more_than_a_player_holds() -> None:
    facts = deal(declarations=[carre(0, "9"), run(0, 5, "A", "S")])
    assert refusal(facts, announcements=True) == (
        "declarations",
        "Anne's announcements show 9 different cards; a player holds 8",
    )


@pytest.mark.parametrize(
    "facts",
    [
        {"card_points": [152, 0], "all_tricks": 0},
        {"all_tricks": 0, "last_trick": 0},
        {"card_points": [100, None], "all_tricks": 0, "last_trick": 0},
    ],
)
def test_every_trick_is_checked_only_once_its_facts_are_in(facts: dict[str, object]) -> None:
    assert in_progress(facts).lines == ()


def test_the_contract_range_is_read_before_the_other_house_rules() -> None:
    with pytest.raises(ParseError) as caught:
        COINCHE.settings({"rounding": "up", "max_contract": 700})
    assert caught.value.field == "max_contract"
    assert str(caught.value.message) == "must be 80 to 650 in steps of 10, not 700"

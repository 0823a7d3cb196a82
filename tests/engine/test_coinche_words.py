"""How Coinche's contracts and calls are worded for the score sheet, the hand in progress
and the stored calls (rules/coinche.md, Hand keys and Scoring)."""

from __future__ import annotations

import pytest

from games.engine import get_variant
from games.engine.cards import Suit
from games.engine.coinche import Speech, _call
from games.engine.variant import Call

COINCHE = get_variant("coinche")


@pytest.mark.parametrize(
    ("facts", "contract", "shown"),
    [
        ({"contract": 100}, 100, "100"),
        ({"contract": 100, "coinche": 1}, 100, "100 ×2"),
        ({"contract": 100, "coinche": 2}, 100, "100 ×4"),
        ({"contract": "capot"}, 250, "capot"),
        ({"contract": "capot", "coinche": 1}, 250, "capot ×2"),
        ({"contract": "generale", "coinche": 2}, 500, "générale ×4"),
        ({"contract": 90, "coinche": 0}, 90, "90"),
        ({}, 120, "120"),
        ({"outcome": "passed"}, None, ""),
    ],
)
def test_the_sheet_shows_the_contract_as_bid_and_its_coinche(
    facts: dict[str, object], contract: int | None, shown: str
) -> None:
    assert COINCHE.sheet_contract(facts, contract) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [(100, "100"), ("capot", "capot"), ("generale", "générale"), ("nothing", ""), (True, "")],
)
def test_a_contract_is_described_in_numbers_or_words(value: object, shown: str) -> None:
    assert COINCHE.describe_contract(value) == shown


@pytest.mark.parametrize(
    ("speech", "call"),
    [
        (Speech(1, "bid", 100, Suit.HEARTS), Call(1, "bid", "H", 100)),
        (Speech(2, "bid", "capot", Suit.SPADES), Call(2, "capot", "S", 250)),
        (Speech(3, "bid", "generale", Suit.CLUBS), Call(3, "generale", "C", 500)),
        (Speech(0, "pass"), Call(0, "pass")),
        (Speech(1, "coinche"), Call(1, "double")),
        (Speech(2, "surcoinche"), Call(2, "redouble")),
    ],
)
def test_each_call_is_stored_by_its_name_and_worth(speech: Speech, call: Call) -> None:
    assert _call(speech) == call


def test_a_stored_announcement_is_described() -> None:
    assert COINCHE.describe_declaration({"seat": 1, "kind": "carre", "rank": "J"}) == ("four jacks")
    run = COINCHE.describe_declaration(
        {"seat": 0, "kind": "sequence", "length": 4, "top": "Q", "suit": "H"}
    )
    assert run == "4-card run 9–Q♥"

"""What a variant tells a score sheet: the side a seat scores for, the word heading the
contract's taker, and the word for a deal that was not played."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import VARIANTS, Variant, get_variant
from games.engine.texts import Text

RECORDS = Path(__file__).parent.parent / "records"
variants = pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))


@variants
def test_a_seat_scores_for_the_side_its_player_is_named_in(variant: Variant[Any, Any]) -> None:
    players = [f"P{seat}" for seat in range(variant.seats)]
    sides = variant.side_names(players)
    for seat, player in enumerate(players):
        side = variant.side_of(seat)
        assert player in sides[side].split(" & ")
        assert all(player not in s.split(" & ") for i, s in enumerate(sides) if i != side)


@variants
def test_a_game_whose_hands_have_a_taker_has_a_word_for_it(variant: Variant[Any, Any]) -> None:
    record = json.loads((RECORDS / f"{variant.key}.json").read_text())
    settings = variant.settings(record["settings"])
    hands = [variant.hand(h, settings, record["players"]) for h in record["hands"]]
    played = [hand for hand in hands if not hand.unplayed]
    assert played
    assert {hand.declarer is not None for hand in played} == {bool(variant.taker)}


TAKER_WORDS = {
    "klaberjass": "Caller",
    "terz": "",
    "euchre": "Maker",
    "304": "Bidder",
    "304-widow": "Bidder",
    "hoskin": "Holder",
    "hoskin-tekli": "Holder",
}


def test_the_taker_words() -> None:
    words = {key: variant.taker for key, variant in VARIANTS.items()}
    assert {key: words[key] for key in TAKER_WORDS} == TAKER_WORDS
    # Any game: a catalogue word, or none in a game where nobody takes a contract.
    for key, word in words.items():
        assert word == "" or isinstance(word, Text), key


FORFEIT = {"all_pass": "dealer_forfeit"}
FORCED = {"holder": 1, "contract": 550, "forced": True}


@pytest.mark.parametrize(
    ("key", "settings", "facts", "word"),
    [
        ("euchre", {}, {"dealer": 0, "outcome": "passed_out"}, "redeal"),
        ("euchre", FORFEIT, {"dealer": 0, "outcome": "dealer_forfeit"}, "forfeit"),
        ("hoskin", {}, {"dealer": 1, "outcome": "void"}, "void"),
        ("hoskin-tekli", {}, {"dealer": 0, "outcome": "void"}, "void"),
        # Forced at 550 with no marriage: void, though someone holds the contract.
        ("hoskin-tekli", {}, {"dealer": 0, "outcome": "void", **FORCED}, "void"),
    ],
)
def test_a_deal_not_played_says_why(
    key: str, settings: dict[str, Any], facts: dict[str, Any], word: str
) -> None:
    variant = get_variant(key)
    assert variant.hand(facts, variant.settings(settings)).unplayed == word

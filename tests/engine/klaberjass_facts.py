"""Klaberjass hands for engine tests: a made hand to vary, a run, and one hand scored alone."""

from __future__ import annotations

from typing import Any

from games.engine import GameState, get_variant

KLOB = get_variant("klaberjass")
PLAYERS = ("You", "West", "North", "East")


def hand(**facts: Any) -> dict[str, Any]:
    """You call ♥ with East dealing and make 96 against 56; `facts` change any of it."""
    base: dict[str, Any] = {
        "dealer": 3,
        "caller": 0,
        "trump": "H",
        "card_points": [96, 56],
        "last_trick": 0,
    }
    base.update(facts)
    return base


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def score(facts: dict[str, Any], **settings: Any) -> Any:
    """The hand scored on its own, as the first hand of a game, under these house rules."""
    s = KLOB.settings(settings)
    state = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
    return KLOB.score_hand(KLOB.hand(facts, s), s, state)

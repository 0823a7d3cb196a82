"""Scorer's scoring engine: pure Python, no Django. See ARCHITECTURE.md, "The engine"."""

from __future__ import annotations

from games.engine.errors import InvalidHand, ParseError, ScorerError
from games.engine.game import HandError, score_game
from games.engine.registry import VARIANTS, get_variant
from games.engine.variant import (
    Carried,
    GameScore,
    GameState,
    HandScore,
    Interim,
    InterimRow,
    Variant,
    Verdict,
)

__all__ = [
    "VARIANTS",
    "Carried",
    "GameScore",
    "GameState",
    "HandError",
    "HandScore",
    "Interim",
    "InterimRow",
    "InvalidHand",
    "ParseError",
    "ScorerError",
    "Variant",
    "Verdict",
    "get_variant",
    "score_game",
]

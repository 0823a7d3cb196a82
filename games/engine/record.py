"""The game record: one JSON document for export, import and the command line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.errors import ParseError
from games.engine.game import read_hands, score_game
from games.engine.registry import get_variant
from games.engine.variant import BaseHand, BaseSettings, GameScore, Variant

FORMAT = "scorer-game/1"
KEYS = ("format", "variant", "settings", "players", "hands")


@dataclass(frozen=True)
class GameRecord:
    variant: Variant[Any, Any]
    settings: BaseSettings
    players: tuple[str, ...]
    hands: tuple[BaseHand, ...]

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record; ParseError for the record's own keys, HandError for a hand."""
        if not isinstance(data, Mapping):
            raise ParseError("record", "a game record must be a JSON object")
        unknown = sorted(set(data) - set(KEYS))
        if unknown:
            raise ParseError(unknown[0], "is not a game record key")
        if data.get("format") != FORMAT:
            raise ParseError("format", f'must be "{FORMAT}"')
        variant = get_variant(str(data.get("variant")))
        settings_data = data.get("settings") or {}
        if not isinstance(settings_data, Mapping):
            raise ParseError("settings", "must be an object")
        settings = variant.settings(settings_data)
        players = data.get("players")
        if (
            not isinstance(players, list)
            or len(players) != variant.seats
            or not all(isinstance(p, str) and p.strip() for p in players)
        ):
            raise ParseError("players", f"must list {variant.seats} names in seat order")
        hands = data.get("hands") or []
        if not isinstance(hands, list):
            raise ParseError("hands", "must be a list")
        read = read_hands(variant, settings, hands, players)
        return cls(variant, settings, tuple(players), tuple(read))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "variant": self.variant.key,
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
        }

    def score(self) -> GameScore:
        return score_game(self.variant, self.settings, self.hands, self.players)


def scored_output(record: GameRecord, game: GameScore) -> dict[str, Any]:
    """The command line's answer for a scored game (ARCHITECTURE.md, the game record)."""
    return {
        "variant": record.variant.key,
        "sides": list(game.sides),
        "hands": [
            {"scores": list(h.score.scores), "totals": list(h.totals), "notes": list(h.score.notes)}
            for h in game.hands
        ],
        "totals": list(game.totals),
        "finished": game.finished,
        "winners": list(game.winners),
    }

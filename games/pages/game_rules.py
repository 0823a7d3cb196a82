"""What a change to a started game's house rules would do, said before it is saved: every
live hand scored again under the new rules, the totals and who won before and after, or the
first hand the new rules refuse, and why."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.engine.game import HandError, read_hands, score_game
from games.forms.base import error_text
from games.models import Game


@dataclass(frozen=True)
class RulesChange:
    """The game's sides with their totals before and after, who wins before and after (no
    one: the game goes on), and the refusal, when the new rules refuse a hand."""

    sides: tuple[str, ...]
    totals_before: tuple[int, ...]
    totals_after: tuple[int, ...] = ()
    winners_before: tuple[str, ...] = ()
    winners_after: tuple[str, ...] = ()
    refused: str = ""
    rules: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def rows(self) -> list[tuple[str, int, int | None]]:
        """Each side: its name, its total before and after (None when refused)."""
        after: tuple[int | None, ...] = self.totals_after or (None,) * len(self.sides)
        return list(zip(self.sides, self.totals_before, after, strict=True))

    @property
    def changes_result(self) -> bool:
        return bool(self.refused) or self.winners_before != self.winners_after


def rules_change(
    game: Game, settings: Mapping[str, Any] | None = None, players: list[str] | None = None
) -> RulesChange:
    """What saving `settings` as the game's house rules, or `players` as its players in seat
    order, would do to it (nothing is saved). The sides are named as they will be."""
    names = players or game.player_names()
    rules = game.rules
    sides = tuple(rules.side_names(names))
    before = RulesChange(
        sides,
        tuple(game.totals),
        winners_before=tuple(game.side_names[i] for i in game.winners),
    )
    new = rules.settings(dict(settings)) if settings is not None else game.engine_settings()
    try:
        hands = read_hands(rules, new, [h.facts for h in game.live_hands()], names)
        scored = score_game(rules, new, hands, names)
    except HandError as error:
        return RulesChange(
            before.sides,
            before.totals_before,
            winners_before=before.winners_before,
            refused=error_text(error),
        )
    return RulesChange(
        before.sides,
        before.totals_before,
        tuple(scored.totals),
        before.winners_before,
        tuple(sides[i] for i in scored.winners),
    )

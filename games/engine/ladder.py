"""A ladder of declarations: how the senior of two is found, rung by rung, and why.

Klaberjass's sequences, Terz's combinations and Coinche's announcements are each ranked by
a game's own rungs (value, top card, in trumps, a seat or the order of announcing); the
first rung on which two declarations differ decides, and the table reads its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine.texts import Text


@dataclass(frozen=True)
class Rung[T]:
    """One rule of a ladder."""

    height: Callable[[T], Any]
    """Where a declaration stands on this rung: higher is senior."""
    why: Callable[[T, T], Text]
    """The rule as the table reads it, when this rung puts the first above the second."""


class Ladder[T]:
    """Rungs in the order they decide; the last is the final tiebreak, which always
    separates two declarations of different players."""

    def __init__(self, *rungs: Rung[T]) -> None:
        self.rungs = rungs

    def order(self, item: T) -> tuple[Any, ...]:
        """A key for max() and sorting: higher is senior."""
        return tuple(rung.height(item) for rung in self.rungs)

    def decided(self, winner: T, loser: T) -> Text:
        """The rule that puts `winner` above `loser`: the first rung on which they differ
        (the final tiebreak when none does)."""
        for rung in self.rungs[:-1]:
            if rung.height(winner) != rung.height(loser):
                return rung.why(winner, loser)
        return self.rungs[-1].why(winner, loser)

"""Whose turn it is in an auction, and auctions typed as the table calls them.

Every auction of the engine goes round the table the same way (`Turns`): seats speak in
turn, and in 304 and Hoşkin a seat that passes is out (its pass is final); in Coinche a pass
is not, and the turn goes on round all four. Each game replays its calls with it and judges
them by its own rules. A table may type an auction as it calls it, "160 170 p 190 p p":
`calls_in_turn` gives each call its seat.
"""

from __future__ import annotations

from collections.abc import Sequence


class Turns:
    """Whose turn it is: seats speak in turn among `order`, and a seat that passes for good
    drops out (the next seat slides into its place)."""

    def __init__(self, order: Sequence[int]) -> None:
        self.active = list(order)
        """The seats still speaking, in turn order."""
        self._turn = 0

    @property
    def seat(self) -> int:
        """The seat whose turn it is (some seat must still be speaking)."""
        return self.active[self._turn % len(self.active)]

    def next(self) -> None:
        """The seat whose turn it was spoke and stays in: the turn goes to the next."""
        self._turn = (self._turn + 1) % len(self.active)

    def drop(self) -> None:
        """The seat whose turn it was passed for good: it speaks no more."""
        self._turn %= len(self.active)
        del self.active[self._turn]


def calls_in_turn(calls: Sequence[int | None], order: Sequence[int]) -> list[dict[str, object]]:
    """Give each call (a bid, or None for a pass) its seat, in turn among `order`; seats that
    passed are skipped. The result is the `bids` list a hand records."""
    turns = Turns(order)
    out: list[dict[str, object]] = []
    for call in calls:
        if not turns.active:
            break
        if call is None:
            out.append({"seat": turns.seat, "pass": True})
            turns.drop()
        else:
            out.append({"seat": turns.seat, "bid": call})
            turns.next()
    return out

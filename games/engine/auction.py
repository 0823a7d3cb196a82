"""Auctions typed as the table calls them: "160 170 p 190 p p", each call given its seat.

304 and Hoşkin share the way turns go round: seats bid in turn, and a seat that passes is
out (its pass is final).
"""

from __future__ import annotations

from collections.abc import Sequence


def calls_in_turn(calls: Sequence[int | None], order: Sequence[int]) -> list[dict[str, object]]:
    """Give each call (a bid, or None for a pass) its seat, in turn among `order`; seats that
    passed are skipped. The result is the `bids` list a hand records."""
    active = list(order)
    out: list[dict[str, object]] = []
    turn = 0
    for call in calls:
        if not active:
            break
        turn %= len(active)
        seat = active[turn]
        if call is None:
            out.append({"seat": seat, "pass": True})
            active.remove(seat)
        else:
            out.append({"seat": seat, "bid": call})
            turn += 1
    return out

"""The Klaberjass game the measurements play: four players and a hand that varies a little."""

from __future__ import annotations

PLAYERS = ["Ann", "Ben", "Cleo", "Dov"]


def hand(i: int) -> dict[str, object]:
    ns = 70 + (i * 7) % 20
    return {
        "dealer": i % 4,
        "caller": i % 4,
        "trump": "SHDC"[i % 4],
        "card_points": [ns, 152 - ns],
        "last_trick": i % 2,
        "declarations": [{"seat": 1, "kind": "sequence", "length": 3, "top": "K", "suit": "D"}],
    }

"""Hoşkin's scoreboard line and a Tekli meld that waits for the contract (rules/hoskin.md):
the game is played to its *baraj*, and before the contract is called a Tekli holder's meld
counts only if he makes it."""

from __future__ import annotations

from games.engine.variant import InterimRow
from tests.engine.test_hoskin_words import PARTNERS, TEKLI, interim


def test_the_scoreboard_names_the_baraj() -> None:
    # Game end: the first to reach the target (baraj, default 3000) wins.
    assert PARTNERS.progress(PARTNERS.settings({}), 0) == "baraj 3000"
    assert TEKLI.progress(TEKLI.settings({"target": 2000}), 3) == "baraj 2000"


def test_before_the_contract_a_tekli_holder_s_meld_counts_if_he_makes_it() -> None:
    assert interim(TEKLI, holder=0, melds=[100, None, None]).rows == (
        InterimRow("Ece", "melds", None, 100, "counts if Ece makes the contract"),
    )

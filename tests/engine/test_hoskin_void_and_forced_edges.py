"""Hoşkin at its edges (rules/hoskin.md): a void deal has nothing to judge whatever was laid
out, a forced first speaker is held at 550 by the key `forced`, and the gömü's points are
refused with what five cards can hold."""

from __future__ import annotations

from games.engine.variant import Interim
from tests.engine.test_hoskin_words import PARTNERS, TEKLI, interim, refusal, tekli


def test_a_void_deal_in_progress_tells_nothing_of_the_cards_laid_out() -> None:
    # A void deal is redealt and nobody scores (spec: `outcome`).
    melds = [["KH", "QH"]]
    assert interim(PARTNERS, outcome="void", dealer=0, meld_cards=melds) == Interim()
    assert interim(TEKLI, outcome="void", dealer=0, meld_cards=melds) == Interim()
    assert interim(TEKLI, outcome="void", gomu_cards=["AS", "10H"]) == Interim()


def test_the_forced_speaker_is_held_at_550() -> None:
    says = "after three passes the first speaker is forced at 550"
    assert refusal(tekli(forced=True, contract=650), TEKLI) == ("forced", says)
    # Gül (seat 2) is not the first speaker after Ece's deal: only Fatih can be forced.
    assert refusal(tekli(forced=True, contract=550), TEKLI) == ("forced", says)


def test_the_gomu_holds_what_five_cards_hold() -> None:
    assert refusal(tekli(gomu_points=70), TEKLI) == (
        "gomu_points",
        "five cards hold 0 to 55, not 70",
    )

"""Hoşkin at its edges (rules/hoskin.md): a hand in progress takes its holder from an ihale
that is over, a saved deal is held to the saved keys and to every number, and the notes say
a made and a forced contract as they are, a trick total of 0 included."""

from __future__ import annotations

from tests.engine.test_hoskin_words import (
    PARTNERS,
    TEKLI,
    deal,
    interim,
    refusal,
    score,
    tekli,
)


def test_an_ihale_that_is_over_names_the_holder_of_a_hand_in_progress() -> None:
    bids = [{"seat": 1, "bid": 550}, {"seat": 0, "bid": 650}, {"seat": 1, "pass": True}]
    assert interim(PARTNERS, dealer=3, bids=bids, melds=[100, None, None, None]).lines == (
        "Melds: Ali & Cem 100, Berk & Deniz 0.",
        "Ali holds the ihale at 650.",
    )


def test_two_passes_force_the_holder_of_a_hand_in_progress() -> None:
    passes = [{"seat": 2, "pass": True}, {"seat": 3, "pass": True}]
    assert interim(PARTNERS, dealer=3, bids=passes).lines == (
        "Cem holds the ihale at 550 (forced).",
    )


def test_a_saved_deal_has_no_cards_laid_out_and_every_number() -> None:
    assert refusal(deal(meld_cards=[["KH", "QH"]])) == (
        "meld_cards",
        "is not a Hoşkin hand key",
    )
    assert refusal(deal(melds=[270, None, 140, 60])) == (
        "melds",
        "must be a whole number, not None",
    )


def test_the_notes_of_a_made_contract_and_of_no_tricks() -> None:
    result = score(deal(trick_points=[480, 0]))
    assert result.notes == (
        "Ali & Cem held the ihale at 650, koz ♥, and made 910: +910.",
        "Ali & Cem: melds 410 + tricks 480 + last trick 20 = 910.",
        "Berk & Deniz: melds 140 + tricks 0 = 140.",
    )


def test_the_notes_of_a_failed_forced_contract_say_it_was_forced() -> None:
    facts = tekli(holder=1, forced=True, contract=550, trick_points=[71, 90, 290])
    assert score(facts, TEKLI).notes[0] == (
        "Fatih held the ihale at 550 (forced), koz ♦, but made only 170: −550."
    )

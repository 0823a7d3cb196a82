"""What Klaberjass tells the table besides the score (rules/klaberjass.md): the auction the
hand's facts show, and the explanation beside each score."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.variant import Call
from tests.engine.klaberjass_facts import KLOB, hand, run, score


def auction(**facts: Any) -> tuple[Call, ...]:
    return KLOB.auction(KLOB.hand(hand(**facts), KLOB.settings({})))


class TestTheAuction:
    # Spec: Bidding — round 1 runs from the forehand (left of the dealer) to the first
    # accept; round 2 follows four passes; after four more the dealer is on the Bima.
    def test_it_shows_only_the_call_when_the_round_is_not_told(self) -> None:
        assert auction(dealer=3, caller=2, trump="S") == (Call(2, "call", "S"),)

    @pytest.mark.parametrize("dealer", range(4))
    def test_it_passes_from_the_forehand_to_the_one_who_accepts_in_round_1(
        self, dealer: int
    ) -> None:
        caller = (dealer + 3) % 4  # the dealer's right-hand neighbour speaks third
        forehand, second = (dealer + 1) % 4, (dealer + 2) % 4
        assert auction(dealer=dealer, caller=caller, round=1, turned_up="H") == (
            Call(forehand, "pass"),
            Call(second, "pass"),
            Call(caller, "accept", "H"),
        )

    def test_it_lets_the_forehand_accept_at_once(self) -> None:
        assert auction(dealer=1, caller=2, round=1) == (Call(2, "accept", "H"),)

    def test_it_passes_four_times_before_a_suit_is_named_in_round_2(self) -> None:
        calls = auction(dealer=0, caller=3, trump="S", round=2, turned_up="D")
        round_1 = tuple(Call(seat, "pass") for seat in (1, 2, 3, 0))
        assert calls == (*round_1, Call(1, "pass"), Call(2, "pass"), Call(3, "name", "S"))

    def test_it_puts_the_dealer_on_the_bima_after_eight_passes(self) -> None:
        calls = auction(dealer=2, caller=2, trump="C", round="bima")
        passes = tuple(Call(seat, "pass") for seat in (3, 0, 1, 2, 3, 0, 1))
        assert calls == (*passes, Call(2, "bima", "C"))


class TestTheExplanation:
    # The notes say why a hand scored what it did (ARCHITECTURE.md, "The engine"), in the
    # words of the spec's worked examples.
    def test_it_says_the_callers_made_it(self) -> None:
        assert score(hand()).notes == ("You & North called ♥ and made 106 against 56.",)

    def test_it_says_the_callers_forfeit_everything_bella_included(self) -> None:
        facts = hand(
            dealer=0,
            caller=1,
            trump="S",
            round=2,
            turned_up="D",
            card_points=[88, 64],
            declarations=[{"seat": 3, "kind": "bella"}],
        )
        result = score(facts)
        assert result.notes == (
            "Bella: East +20 for West & East.",
            "West & East called ♠ and made 84 against 98: they forfeit; You & North take all 182.",
        )
        assert result.verdicts[0].reason == "Bella scores 20 for West & East"
        kept = score(facts, bella_on_forfeit="holder")
        assert kept.scores == (162, 20)
        assert kept.notes[-1] == "Bella's 20 stays with West & East (house rule)."

    def test_it_keeps_nothing_for_failed_callers_without_a_bella(self) -> None:
        # bella_on_forfeit "holder" keeps Bella's 20 only; callers without one keep nothing.
        facts = hand(caller=0, card_points=[40, 112], last_trick=1)
        assert score(facts, bella_on_forfeit="holder").scores == (0, 162)
        facts = hand(caller=1, card_points=[112, 40], last_trick=0)
        assert score(facts, bella_on_forfeit="holder").scores == (162, 0)

    def test_it_says_a_tie_fails_and_what_half_leaves(self) -> None:
        facts = hand(dealer=1, caller=2, card_points=[71, 81])
        assert score(facts).notes == (
            "You & North called ♥ and tied 81 with 81: they forfeit; West & East take all 162.",
        )
        assert score(facts, tie_rule="half").notes == (
            "You & North called ♥ and tied 81–81: they score nothing; West & East keep their 81.",
        )

    def test_it_says_what_a_capot_became(self) -> None:
        facts = hand(card_points=[152, 0], tricks=[8, 0])
        assert score(facts, capot="double").notes[0] == (
            "Capot: You & North took all 8 tricks, 162 becomes 324."
        )

    def test_it_says_who_won_a_complete_tie_of_sequences_and_why_the_others_fail(self) -> None:
        facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D"), run(2, 3, "J", "C")])
        result = score(facts)
        assert result.notes[:3] == (
            "Sequences: equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand.",
            "Sequences: You's 3-card run J–K♦ (20) is best; You & North score 40.",
            "West & East's sequences count for nothing.",
        )
        assert [v.reason for v in result.verdicts] == [
            "outranked by You's 3-card run J–K♦ (equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand)",
            "the best sequence (equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand)",
            "counts with You's best sequence",
        ]

    def test_nearest_the_forehand_counts_seats_after_it_in_turn(self) -> None:
        # You deal, so West is forehand: North sits one seat after West, East two.
        facts = hand(dealer=0, declarations=[run(2, 3, "K", "S"), run(3, 3, "K", "D")])
        assert score(facts).notes[0] == (
            "Sequences: equal 3-card runs to the K, neither in trumps: "
            "North sits nearer the forehand."
        )

    def test_it_says_a_tie_between_the_teams_cancels_every_sequence(self) -> None:
        facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D")])
        result = score(facts, final_tiebreak="none")
        tie = "equal 3-card runs to the K, neither in trumps: no sequences score (house rule)"
        assert result.notes[0] == f"Sequences: {tie}."
        assert {v.reason for v in result.verdicts} == {tie}
        assert [v.counted for v in result.verdicts] == [False, False]

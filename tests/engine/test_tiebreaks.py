"""Each verdict names the rule of the ladder that decided it (issue 10, §3).

Klaberjass: value, top card, trump, seat nearest the forehand or no score
(rules/klaberjass.md, Scoring 2; `run5_value`, `final_tiebreak`). Terz: value, cards, top
card, then the earlier announcement or trumps first (rules/terz.md, Scoring 1;
`combo_tiebreak`). One test per rung, for every setting that changes the ladder.
"""

from __future__ import annotations

from typing import Any

from games.engine import GameState, get_variant
from games.engine.cards import Suit
from games.engine.declarations import Judgement, judge
from tests.engine.helpers import four, run

KLOB = get_variant("klaberjass")
TERZ = get_variant("terz")
FOUR_PLAYERS = ("Ann", "Ben", "Cleo", "Dov")
TWO_PLAYERS = ("Ann", "Ben")


def klob(trump: str, *items: dict[str, Any], dealer: int = 0, **settings: Any) -> Judgement:
    # Dealer Ann (0): Ben is the forehand, then Cleo, Dov, Ann.
    sides = KLOB.side_names(FOUR_PLAYERS)
    state = GameState(totals=(0, 0), sides=sides, players=FOUR_PLAYERS)
    return judge(KLOB, dealer, Suit(trump), items, KLOB.settings(settings), state)


def terz(trump: str, *items: dict[str, Any], **settings: Any) -> Judgement:
    state = GameState(totals=(0, 0), sides=TWO_PLAYERS, players=TWO_PLAYERS)
    return judge(TERZ, 0, Suit(trump), items, TERZ.settings(settings), state)


class TestKlaberjassLadder:
    def test_the_higher_value_wins_first(self) -> None:
        verdict = klob("C", run(0, 4, "10", "S"), run(1, 3, "A", "H"))
        assert verdict.verdicts[1].reason == (
            "outranked by Ann's 4-card run 7–10♠ (the higher value wins: 50 beats 20)"
        )
        assert verdict.notes[0] == "Sequences: the higher value wins: 50 beats 20."

    def test_with_five_card_runs_at_100_a_five_beats_a_four_on_value(self) -> None:
        verdict = klob("C", run(0, 5, "J", "S"), run(1, 4, "A", "H"), run5_value=100)
        assert verdict.points == [100, 0]
        assert "the higher value wins: 100 beats 50" in verdict.verdicts[1].reason

    def test_with_five_card_runs_at_50_the_top_card_decides_between_five_and_four(self) -> None:
        # Both are worth 50 by default, so the ladder goes on to the top card (spec: Scoring 2).
        verdict = klob("C", run(0, 5, "J", "S"), run(1, 4, "A", "H"))
        assert verdict.points == [0, 50]
        assert verdict.verdicts[0].reason == (
            "outranked by Ben's 4-card run J–A♥ "
            "(equal value (50): the higher top card wins, A over J)"
        )

    def test_equal_value_goes_to_the_higher_top_card(self) -> None:
        # The spec's worked example 4: Q beats 10.
        verdict = klob("C", run(3, 4, "10", "S"), run(2, 4, "Q", "H"), run(1, 3, "K", "D"))
        assert verdict.notes[0] == (
            "Sequences: equal value (50): the higher top card wins, Q over 10."
        )
        assert verdict.verdicts[1].reason == (
            "the best sequence (equal value (50): the higher top card wins, Q over 10)"
        )

    def test_equal_runs_to_the_same_card_go_to_the_run_in_trumps(self) -> None:
        # Dov sits nearer the forehand, so only the trump rung can give it to Ann.
        verdict = klob("H", run(3, 4, "Q", "S"), run(0, 4, "Q", "H"))
        assert verdict.points == [50, 0]
        assert verdict.notes[0] == "Sequences: equal 4-card runs to the Q: the run in trumps wins."
        assert verdict.verdicts[0].reason == (
            "outranked by Ann's 4-card run 9–Q♥ "
            "(equal 4-card runs to the Q: the run in trumps wins)"
        )

    def test_runs_of_different_lengths_but_equal_value_say_so(self) -> None:
        verdict = klob("H", run(3, 5, "Q", "S"), run(0, 4, "Q", "H"))
        assert "runs of equal value (50) to the Q: the run in trumps wins" in verdict.notes[0]

    def test_equal_neither_in_trumps_goes_to_the_seat_nearer_the_forehand(self) -> None:
        verdict = klob("C", run(0, 4, "Q", "H"), run(3, 4, "Q", "S"))
        assert verdict.points == [0, 50]
        assert verdict.notes[0] == (
            "Sequences: equal 4-card runs to the Q, neither in trumps: "
            "Dov sits nearer the forehand."
        )
        assert verdict.verdicts[0].reason.endswith("Dov sits nearer the forehand)")

    def test_the_forehand_moves_with_the_dealer(self) -> None:
        # Dealer Cleo: Dov is the forehand and Ann the next; Ann is now nearer than Ben.
        verdict = klob("C", run(0, 4, "Q", "H"), run(1, 4, "Q", "S"), dealer=2)
        assert verdict.points == [50, 0]
        assert "Ann sits nearer the forehand" in verdict.notes[0]

    def test_without_a_seat_tiebreak_an_exact_tie_scores_nothing(self) -> None:
        verdict = klob("C", run(0, 4, "Q", "H"), run(3, 4, "Q", "S"), final_tiebreak="none")
        assert verdict.points == [0, 0]
        assert verdict.notes == [
            "Sequences: equal 4-card runs to the Q, neither in trumps: "
            "no sequences score (house rule)."
        ]
        assert all(not v.counted for v in verdict.verdicts.values())
        assert verdict.verdicts[1].reason == (
            "equal 4-card runs to the Q, neither in trumps: no sequences score (house rule)"
        )

    def test_without_a_seat_tiebreak_the_trump_rung_still_decides(self) -> None:
        verdict = klob("H", run(3, 4, "Q", "S"), run(0, 4, "Q", "H"), final_tiebreak="none")
        assert verdict.points == [50, 0]
        assert "the run in trumps wins" in verdict.notes[0]

    def test_an_unopposed_sequence_needs_no_tiebreak(self) -> None:
        verdict = klob("C", run(0, 4, "Q", "H"), run(2, 3, "9", "S"))
        assert verdict.verdicts[0].reason == "the best sequence"
        assert verdict.notes == [
            "Sequences: Ann's 4-card run 9–Q♥ (50) is best; Ann & Cleo score 70."
        ]

    def test_the_scored_hand_carries_the_deciding_rule_in_its_notes(self) -> None:
        facts = {
            "dealer": 0,
            "caller": 0,
            "trump": "C",
            "card_points": [80, 72],
            "last_trick": 0,
            "declarations": [run(0, 4, "Q", "H"), run(3, 4, "Q", "S")],
        }
        s = KLOB.settings()
        state = GameState(totals=(0, 0), sides=KLOB.side_names(FOUR_PLAYERS), players=FOUR_PLAYERS)
        score = KLOB.score_hand(KLOB.hand(facts, s, FOUR_PLAYERS), s, state)
        assert (
            "Sequences: equal 4-card runs to the Q, neither in trumps: "
            "Dov sits nearer the forehand." in score.notes
        )


class TestTerzLadder:
    def test_the_higher_value_wins_first(self) -> None:
        verdict = terz("S", four(0, "A"), four(1, "J"))
        assert verdict.verdicts[0].reason == (
            "outranked by Ben's four jacks (the higher value wins: 200 beats 100)"
        )
        assert verdict.notes[0] == "Combinations: the higher value wins: 200 beats 100."

    def test_equal_value_goes_to_more_cards(self) -> None:
        # A five-card run and four aces are both worth 100 (spec: Hand keys).
        verdict = terz("S", four(0, "A"), run(1, 5, "K", "H"))
        assert verdict.points == [0, 100]
        assert "equal value (100): more cards win, 5 over 4" in verdict.verdicts[0].reason

    def test_equal_value_and_cards_go_to_the_higher_top_card(self) -> None:
        verdict = terz("S", run(0, 4, "Q", "H"), run(1, 4, "K", "D"))
        assert verdict.notes[0] == ("Combinations: equal runs: the higher top card wins, K over Q.")
        fours = terz("S", four(0, "K"), four(1, "A"))
        assert "equal value (100): the higher top card wins, A over K" in fours.notes[0]

    def test_an_exact_tie_goes_to_the_first_announced(self) -> None:
        # Ben announced first; Ann's run in trumps does not matter by default.
        verdict = terz("H", run(1, 4, "K", "S"), run(0, 4, "K", "H"))
        assert verdict.points == [0, 50]
        assert verdict.notes[0] == "Combinations: equal 4-card runs to the K: Ben announced first."
        assert verdict.verdicts[1].reason == (
            "outranked by Ben's 4-card run 10–K♠ (equal 4-card runs to the K: Ben announced first)"
        )

    def test_with_trumps_first_an_exact_tie_goes_to_the_run_in_trumps(self) -> None:
        verdict = terz("H", run(1, 4, "K", "S"), run(0, 4, "K", "H"), combo_tiebreak="trump")
        assert verdict.points == [50, 0]
        assert verdict.notes[0] == (
            "Combinations: equal 4-card runs to the K: the run in trumps wins."
        )
        assert verdict.verdicts[1].reason == (
            "the senior combination (equal 4-card runs to the K: the run in trumps wins)"
        )

    def test_with_trumps_first_and_neither_in_trumps_the_first_announced_wins(self) -> None:
        verdict = terz("C", run(1, 4, "K", "S"), run(0, 4, "K", "H"), combo_tiebreak="trump")
        assert verdict.points == [0, 50]
        assert "equal 4-card runs to the K: Ben announced first" in verdict.notes[0]

    def test_an_unopposed_combination_needs_no_tiebreak(self) -> None:
        verdict = terz("C", run(0, 4, "K", "S"))
        assert verdict.verdicts[0].reason == "the senior combination"
        assert verdict.notes == [
            "Combinations: Ann's 4-card run 10–K♠ (50) is senior; Ann scores 50 for combinations."
        ]

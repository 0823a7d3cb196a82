"""Coinche's announcements (rules/coinche.md, `declarations` and Scoring, 4): what each is
worth, the contest that decides which team scores them, and the checks of one deck.

Unless a test says otherwise, Denis deals (Anne is forehand) and Chloé takes 100♥ with 103
card points and the dix de der against 49, as in example 1.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.test_coinche import carre, deal, refusal, run, score


def announced(*declarations: dict[str, Any], **facts: Any) -> Any:
    """The deal scored with these announcements, at a table that plays them."""
    return score(deal(declarations=list(declarations), **facts), announcements=True)


def refused(*declarations: dict[str, Any], **facts: Any) -> tuple[str, str]:
    return refusal(deal(declarations=list(declarations), **facts), announcements=True)


def judged(*declarations: dict[str, Any], **facts: Any) -> list[tuple[bool, int, str]]:
    return [(v.counted, v.points, v.reason) for v in announced(*declarations, **facts).verdicts]


class TestValues:
    @pytest.mark.parametrize(
        ("length", "top", "points"),
        [(3, "9", 20), (3, "A", 20), (4, "10", 50), (5, "J", 100), (6, "Q", 100), (8, "A", 100)],
    )
    def test_a_sequence_is_worth_20_50_or_100(self, length: int, top: str, points: int) -> None:
        result = announced(run(0, length, top, "C"))
        assert result.verdicts[0].points == points
        assert result.scores == (10 * ((113 + points + 100 + 5) // 10), 50)

    @pytest.mark.parametrize(
        ("rank", "points"),
        [("J", 200), ("9", 150), ("A", 100), ("10", 100), ("K", 100), ("Q", 100)],
    )
    def test_a_carre_is_worth_its_ranks_value(self, rank: str, points: int) -> None:
        assert announced(carre(2, rank)).verdicts[0].points == points

    @pytest.mark.parametrize("rank", ["7", "8"])
    def test_a_carre_of_sevens_or_eights_is_refused(self, rank: str) -> None:
        assert refused(carre(0, rank)) == (
            "declarations",
            "declaration 1: a carré of sevens or eights scores nothing",
        )

    @pytest.mark.parametrize(
        ("declaration", "message"),
        [
            (
                run(0, 3, "8", "S"),
                "declaration 1: a run of 3 cannot end at 8 (the lowest top is 9)",
            ),
            (run(0, 2, "9", "S"), "declaration 1: a run has 3 to 8 cards, not 2"),
            (run(0, 9, "A", "S"), "declaration 1: a run has 3 to 8 cards, not 9"),
            (
                {"seat": 0, "kind": "four", "rank": "J"},
                'declaration 1: kind: must be one of "sequence", "carre", not "four"',
            ),
            (
                {"seat": 0, "kind": "bella"},
                'declaration 1: kind: must be one of "sequence", "carre", not "bella"',
            ),
            ({"seat": 0, "kind": "carre"}, "declaration 1: rank: is required"),
            (
                {"seat": 0, "kind": "carre", "rank": "X"},
                'declaration 1: rank: "X" is not a rank (use 7, 8, 9, 10, J, Q, K or A)',
            ),
            (
                {"seat": 4, "kind": "carre", "rank": "J"},
                "declaration 1: seat: must be a seat from 0 to 3, not 4",
            ),
            (
                {"seat": 0, "kind": "sequence", "length": 3, "top": "9"},
                "declaration 1: suit: is required",
            ),
        ],
    )
    def test_an_announcement_that_does_not_fit_is_refused(
        self, declaration: dict[str, Any], message: str
    ) -> None:
        assert refused(declaration) == ("declarations", message)


class TestTheContest:
    def test_the_higher_value_wins(self) -> None:
        # Anne's tierce to the A against Bruno's quarte to the 10.
        result = announced(run(0, 3, "A", "S"), run(1, 4, "10", "C"))
        assert result.scores == (210, 100)
        assert judged(run(0, 3, "A", "S"), run(1, 4, "10", "C")) == [
            (
                False,
                0,
                "outranked by Bruno's 4-card run 7–10♣ (the higher value wins: 50 beats 20)",
            ),
            (True, 50, "the best announcement (the higher value wins: 50 beats 20)"),
        ]

    def test_a_carre_beats_a_sequence_of_lower_value(self) -> None:
        # Bruno's carré of nines (150) against Anne's quinte (100): with it BD count 199
        # against 113, so Chloé's 100 fails.
        result = announced(run(0, 5, "A", "S"), carre(1, "9"))
        assert result.verdicts[1].counted and not result.verdicts[0].counted
        assert result.scores == (0, 410)

    def test_at_equal_value_the_higher_card_wins(self) -> None:
        # Example 13: Anne's quarte to the J beats Denis's to the 10, though his is in trumps.
        assert judged(run(0, 4, "J", "S"), run(3, 4, "10", "H")) == [
            (True, 50, "the best announcement (equal value (50): the higher card wins, J over 10)"),
            (
                False,
                0,
                "outranked by Anne's 4-card run 8–J♠ (equal value (50): the higher card wins, "
                "J over 10)",
            ),
        ]

    def test_a_carre_ranks_by_its_rank(self) -> None:
        # Carrés of aces and of kings are both 100: the aces are higher.
        result = announced(carre(1, "K"), carre(2, "A"))
        assert [v.counted for v in result.verdicts] == [False, True]

    def test_at_equal_value_and_height_the_sequence_in_trumps_wins(self) -> None:
        # Trump is ♥: Bruno's K-high tierce in hearts beats Anne's in spades.
        assert judged(run(0, 3, "K", "S"), run(1, 3, "K", "H")) == [
            (
                False,
                0,
                "outranked by Bruno's 3-card run J–K♥ "
                "(equal 3-card runs to the K: the run in trumps wins)",
            ),
            (
                True,
                20,
                "the best announcement (equal 3-card runs to the K: the run in trumps wins)",
            ),
        ]

    def test_runs_of_equal_value_and_height_but_not_length(self) -> None:
        # A quinte and a sixte to the A are both 100: Chloé's, in trumps, wins.
        result = announced(run(1, 6, "A", "S"), run(2, 5, "A", "H"))
        assert result.verdicts[1].reason == (
            "the best announcement (runs of equal value (100) to the A: the run in trumps wins)"
        )

    @pytest.mark.parametrize(
        ("dealer", "winner"),
        [(3, "Bruno"), (0, "Bruno"), (1, "Chloé"), (2, "Bruno")],
    )
    def test_then_the_declarer_nearest_the_forehand_wins(self, dealer: int, winner: str) -> None:
        # Bruno and Chloé hold K-high tierces, neither in trumps. The forehand is the seat
        # after the dealer: Anne, Bruno, Chloé, Denis in turn.
        result = announced(run(1, 3, "K", "S"), run(2, 3, "K", "D"), dealer=dealer)
        reason = result.verdicts[0 if winner == "Bruno" else 1].reason
        assert reason == (
            "the best announcement (equal 3-card runs to the K, neither in trumps: "
            f"{winner} sits nearer the forehand)"
        )

    def test_nearest_the_forehand_counts_seats_after_it_in_turn(self) -> None:
        # Anne deals, so Bruno is forehand: Chloé sits one seat after him, Denis two.
        result = announced(run(2, 3, "K", "S"), run(3, 3, "K", "D"), dealer=0)
        assert [v.counted for v in result.verdicts] == [True, False]
        assert result.verdicts[0].reason == (
            "the best announcement (equal 3-card runs to the K, neither in trumps: "
            "Chloé sits nearer the forehand)"
        )

    def test_the_best_teams_players_score_all_their_announcements(self) -> None:
        result = announced(run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(1, 4, "K", "C"))
        assert [(v.counted, v.points) for v in result.verdicts] == [
            (True, 50),
            (True, 20),
            (False, 0),
        ]
        assert result.verdicts[1].reason == "counts with Anne's best announcement"
        assert result.scores == (280, 50)

    def test_the_same_player_may_score_a_carre_and_a_sequence(self) -> None:
        result = announced(carre(0, "J"), run(0, 3, "J", "S"))
        assert [(v.counted, v.points) for v in result.verdicts] == [(True, 200), (True, 20)]

    def test_the_notes_tell_the_contest(self) -> None:
        notes = announced(run(0, 4, "J", "S"), run(1, 3, "A", "D"), run(3, 4, "10", "H")).notes
        assert notes[1:4] == (
            "Announcements: equal value (50): the higher card wins, J over 10.",
            "Announcements: Anne's 4-card run 8–J♠ (50) is best; Anne & Chloé score 50.",
            "Bruno & Denis's announcements count for nothing.",
        )

    def test_alone_at_the_table_it_is_simply_the_best(self) -> None:
        result = announced(run(3, 3, "9", "C"))
        assert judged(run(3, 3, "9", "C")) == [(True, 20, "the best announcement")]
        assert result.notes[1] == (
            "Announcements: Denis's 3-card run 7–9♣ (20) is best; Bruno & Denis score 20."
        )


class TestOneDeck:
    def test_no_card_in_two_players_announcements(self) -> None:
        assert refused(run(0, 3, "J", "S"), run(1, 3, "K", "S")) == (
            "declarations",
            "declarations 1 and 2 both use J♠; there is only one deck",
        )

    def test_a_carre_rules_its_rank_out_of_other_players_announcements(self) -> None:
        assert refused(carre(0, "9"), run(1, 3, "9", "C")) == (
            "declarations",
            "declarations 1 and 2 both use 9♣; there is only one deck",
        )

    def test_one_players_two_sequences_share_no_card(self) -> None:
        assert refused(run(0, 3, "9", "S"), run(0, 3, "J", "S")) == (
            "declarations",
            "declarations 1 and 2 both use 9♠; there is only one deck",
        )
        assert announced(run(0, 3, "9", "S"), run(0, 3, "Q", "S")).verdicts[1].counted

    def test_one_player_may_use_a_card_in_a_sequence_and_a_carre(self) -> None:
        result = announced(carre(3, "Q"), run(3, 4, "K", "C"))
        assert [(v.counted, v.points) for v in result.verdicts] == [(True, 100), (True, 50)]

    def test_one_player_shows_at_most_eight_cards(self) -> None:
        assert announced(carre(0, "J"), carre(0, "9")).verdicts[0].points == 200
        assert refused(carre(0, "J"), carre(0, "9"), run(0, 3, "9", "C")) == (
            "declarations",
            "Anne's announcements show 10 different cards; a player holds 8",
        )

    def test_no_two_carres_of_one_rank(self) -> None:
        assert refused(carre(0, "9"), run(2, 3, "Q", "C"), carre(1, "9")) == (
            "declarations",
            "declarations 1 and 3 are both four nines; there is only one deck",
        )

    def test_the_belote_cards_are_its_holders(self) -> None:
        # Trump is ♥; Bruno has the belote, so nobody else shows K♥ or Q♥.
        assert refused(run(0, 3, "K", "H"), belote=1) == (
            "declarations",
            "declaration 1: K♥ is Bruno's, who has the belote",
        )
        assert refused(run(0, 3, "Q", "H"), belote=1) == (
            "declarations",
            "declaration 1: Q♥ is Bruno's, who has the belote",
        )
        assert refused(run(2, 3, "9", "C"), carre(3, "K"), belote=1) == (
            "declarations",
            "declaration 2: K♥ is Bruno's, who has the belote",
        )

    def test_the_belote_holder_may_announce_them(self) -> None:
        result = announced(run(1, 3, "K", "H"), belote=1)
        assert result.verdicts[0].counted
        assert announced(run(0, 3, "K", "S"), belote=1).verdicts[0].counted

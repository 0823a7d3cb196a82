"""Terz (rules/terz.md): the worked examples, every rule, every setting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine import (
    GameState,
    ParseError,
    get_variant,
    score_game,
)
from games.engine.record import GameRecord
from tests.engine.helpers import four, marriage, rejects, run

TERZ = get_variant("terz")
PLAYERS = ("Ann", "Ben")
RECORD = Path(__file__).parent.parent / "records" / "terz.json"


def deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"dealer": 1, "trump": "C", "card_points": [80, 60], "last_trick": 1}
    base.update(facts)
    return base


def score(facts: dict[str, Any], **settings: Any):
    s = TERZ.settings(settings)
    state = GameState(totals=(0, 0), sides=PLAYERS, players=PLAYERS)
    return TERZ.score_hand(TERZ.hand(facts, s), s, state)


def scores(facts: dict[str, Any], **settings: Any) -> tuple[int, ...]:
    return score(facts, **settings).scores


class TestWorkedExamples:
    def test_example_1_cards_and_last_trick(self) -> None:
        assert scores(deal()) == (80, 70)

    def test_example_2_the_senior_run_takes_all_its_players_runs(self) -> None:
        facts = deal(
            trump="D",
            card_points=[74, 66],
            last_trick=0,
            declarations=[run(0, 3, "J", "S"), run(1, 4, "K", "H"), run(1, 3, "9", "C")],
        )
        result = score(facts)
        assert result.scores == (84, 136)
        assert [v.counted for v in result.verdicts] == [False, True, True]

    def test_example_3_four_jacks_and_a_marriage(self) -> None:
        facts = deal(
            dealer=0,
            trump="S",
            card_points=[90, 50],
            last_trick=0,
            declarations=[four(0, "J"), marriage(0, "H"), run(1, 4, "10", "S")],
        )
        assert scores(facts) == (320, 50)

    def test_example_4_standard_card_values(self) -> None:
        assert scores(deal(card_points=[86, 66]), card_values="standard") == (86, 76)

    def test_the_record_scores_484_to_256(self) -> None:
        game = GameRecord.from_dict(json.loads(RECORD.read_text())).score()
        assert [h.totals for h in game.hands] == [(80, 70), (164, 206), (484, 256)]
        assert game.totals == (484, 256)


class TestCombinations:
    @pytest.mark.parametrize(("length", "points"), [(3, 20), (4, 50), (5, 100), (8, 100)])
    def test_run_values(self, length: int, points: int) -> None:
        assert scores(deal(declarations=[run(0, length, "A", "S")])) == (80 + points, 70)

    @pytest.mark.parametrize(("rank", "points"), [("J", 200), ("A", 100), ("K", 100), ("Q", 100)])
    def test_four_values(self, rank: str, points: int) -> None:
        assert scores(deal(declarations=[four(1, rank)])) == (80, 70 + points)

    def test_higher_value_wins(self) -> None:
        facts = deal(declarations=[four(0, "A"), four(1, "J")])
        assert scores(facts) == (80, 270)
        facts = deal(declarations=[run(0, 4, "A", "S"), run(1, 5, "J", "H")])
        assert scores(facts) == (80, 170)

    def test_equal_value_more_cards_wins(self) -> None:
        facts = deal(declarations=[four(0, "A"), run(1, 5, "K", "H")])
        assert scores(facts) == (80, 170)

    def test_equal_cards_higher_top_wins(self) -> None:
        facts = deal(declarations=[run(0, 3, "10", "S"), run(1, 3, "Q", "H")])
        assert scores(facts) == (80, 90)

    def test_four_aces_beat_four_kings(self) -> None:
        assert scores(deal(declarations=[four(0, "K"), four(1, "A")])) == (80, 170)

    def test_a_complete_tie_goes_to_the_first_announced(self) -> None:
        facts = deal(declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")])
        assert scores(facts) == (80, 90)
        facts = deal(declarations=[run(0, 3, "K", "H"), run(1, 3, "K", "D")])
        assert scores(facts) == (100, 70)

    def test_combo_tiebreak_trump_puts_a_trump_run_first(self) -> None:
        facts = deal(trump="H", declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")])
        assert scores(facts, combo_tiebreak="trump") == (100, 70)
        assert scores(facts) == (80, 90)

    def test_the_senior_player_scores_all_his_combinations(self) -> None:
        facts = deal(declarations=[run(0, 3, "9", "S"), four(0, "Q"), run(1, 4, "J", "D")])
        assert scores(facts) == (200, 70)

    def test_marriages_always_score(self) -> None:
        facts = deal(declarations=[marriage(1, "S"), run(0, 4, "A", "D"), marriage(1, "H")])
        assert scores(facts) == (130, 110)

    def test_marriage_suits_trump_allows_only_the_trump_marriage(self) -> None:
        assert scores(deal(declarations=[marriage(0, "C")]), marriage_suits="trump") == (100, 70)
        rejects(
            TERZ,
            deal(declarations=[marriage(0, "H")]),
            "declarations",
            "only the trump marriage",
            marriage_suits="trump",
        )


class TestPieces:
    def test_a_long_run_announced_in_pieces_scores_each(self) -> None:
        facts = deal(declarations=[run(0, 3, "K", "S"), run(0, 3, "A", "S"), run(0, 4, "A", "S")])
        assert scores(facts) == (80 + 20 + 20 + 50, 70)

    def test_a_junior_run_after_a_senior_one_is_refused(self) -> None:
        rejects(
            TERZ,
            deal(declarations=[run(0, 3, "A", "S"), run(0, 3, "K", "S")]),
            "declarations",
            "announced after a higher one",
        )

    def test_a_low_run_after_a_high_one_in_the_suit_is_refused_even_apart(self) -> None:
        rejects(
            TERZ,
            deal(declarations=[run(0, 3, "A", "S"), run(0, 3, "9", "S")]),
            "declarations",
            "announced after a higher one",
        )

    def test_runs_in_other_suits_need_no_order(self) -> None:
        facts = deal(declarations=[run(0, 3, "A", "S"), run(0, 3, "9", "H")])
        assert scores(facts) == (120, 70)


class TestOneDeck:
    def test_a_card_in_a_four_and_a_run_of_the_same_player(self) -> None:
        assert scores(deal(declarations=[four(0, "J"), run(0, 3, "J", "S")])) == (300, 70)

    def test_two_players_never_share_a_card(self) -> None:
        rejects(
            TERZ,
            deal(declarations=[four(0, "J"), run(1, 3, "J", "S")]),
            "declarations",
            "only one deck",
        )
        rejects(
            TERZ,
            deal(declarations=[marriage(0, "H"), run(1, 3, "K", "H")]),
            "declarations",
            "only one deck",
        )

    def test_the_same_marriage_twice(self) -> None:
        rejects(
            TERZ,
            deal(declarations=[marriage(0, "H"), marriage(0, "H")]),
            "declarations",
            "only one deck",
        )


class TestGameEnd:
    def test_501_wins(self) -> None:
        s = TERZ.settings()
        hands = [TERZ.hand(deal(card_points=[130, 10], last_trick=0), s)] * 4
        game = score_game(TERZ, s, hands, PLAYERS)
        assert game.totals == (560, 40) and game.winners == (0,)

    def test_the_next_dealer_took_the_last_trick(self) -> None:
        s = TERZ.settings()
        assert score_game(TERZ, s, [TERZ.hand(deal(last_trick=0, dealer=0), s)]).next_dealer == 0
        assert score_game(TERZ, s, [TERZ.hand(deal(last_trick=1, dealer=0), s)]).next_dealer == 1

    def test_both_over_equal_plays_on(self) -> None:
        s = TERZ.settings({"target": 50})
        hands = [
            TERZ.hand(deal(card_points=[70, 70], last_trick=0, declarations=[marriage(1, "H")]), s)
        ]
        game = score_game(TERZ, s, hands, PLAYERS)
        assert game.totals == (80, 90) and game.winners == (1,)
        hands = [
            TERZ.hand(deal(card_points=[70, 70], last_trick=0), s),
            TERZ.hand(deal(card_points=[70, 70], last_trick=1), s),
        ]
        game = score_game(TERZ, s, hands[:1], PLAYERS)
        assert game.winners == (0,)


class TestRejected:
    def test_card_points_must_add_up(self) -> None:
        rejects(TERZ, deal(card_points=[80, 70]), "card_points", "must add up to 140")
        rejects(
            TERZ,
            deal(card_points=[86, 60]),
            "card_points",
            "must add up to 152",
            card_values="standard",
        )

    def test_no_card_is_worth_one(self) -> None:
        rejects(TERZ, deal(card_points=[139, 1]), "card_points", "worth 1")

    def test_only_four_jacks_aces_kings_queens(self) -> None:
        rejects(TERZ, deal(declarations=[four(0, "10")]), "declarations", "only jacks, aces")

    def test_a_run_of_fewer_than_3_cards_is_refused(self) -> None:
        rejects(TERZ, deal(declarations=[run(0, 2, "A", "S")]), "declarations", "3 to 8")

    @pytest.mark.parametrize(
        ("facts", "field"),
        [
            (deal(dealer=2), "dealer"),
            (deal(last_trick=2), "last_trick"),
            (deal(trump="Z"), "trump"),
            (deal(declarations=[{"seat": 0, "kind": "bella"}]), "declarations"),
        ],
    )
    def test_a_fact_that_cannot_be_read_names_its_key(
        self, facts: dict[str, Any], field: str
    ) -> None:
        with pytest.raises(ParseError) as caught:
            TERZ.hand(facts, TERZ.settings())
        assert caught.value.field == field

    @pytest.mark.parametrize(
        "settings",
        [{"target": -1}, {"card_values": "x"}, {"marriage_suits": "x"}, {"combo_tiebreak": "x"}],
    )
    def test_a_setting_that_cannot_be_read_is_refused(self, settings: dict[str, Any]) -> None:
        with pytest.raises(ParseError):
            TERZ.settings(settings)


@given(st.integers(0, 140), st.integers(0, 1), st.sampled_from(["seed", "standard"]))
def test_card_points_and_last_trick_add_up_to_the_deal(p0: int, last: int, values: str) -> None:
    total = 140 if values == "seed" else 152
    assume(p0 not in (1, total - 1) and p0 <= total)
    result = scores(deal(card_points=[p0, total - p0], last_trick=last), card_values=values)
    assert sum(result) == total + 10


class TestRunAnnouncedTwice:
    # Spec: Hand keys — each later run a player announces in a suit must outrank every earlier
    # run of his there; the same run again does not outrank itself, so it is refused rather
    # than scored twice.
    def test_it_refuses_the_same_run_announced_twice(self) -> None:
        facts = {
            "dealer": 1,
            "trump": "C",
            "card_points": [80, 60],
            "last_trick": 1,
            "declarations": [run(0, 3, "K", "S"), run(0, 3, "K", "S")],
        }
        rejects(TERZ, facts, "declarations", "announced after a higher one")

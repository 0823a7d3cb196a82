"""Euchre (rules/euchre.md): the worked examples, every scoring case, setting and check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine import GameState, InvalidHand, ParseError, get_variant
from games.engine.record import GameRecord
from tests.engine.helpers import rejects

EUCHRE = get_variant("euchre")
PLAYERS = ("North", "East", "South", "West")
RECORD = Path(__file__).parent.parent / "records" / "euchre.json"


def score(facts: dict[str, Any], **settings: Any):
    s = EUCHRE.settings(settings)
    state = GameState(totals=(0, 0), sides=EUCHRE.side_names(PLAYERS), players=PLAYERS)
    return EUCHRE.score_hand(EUCHRE.hand(facts, s), s, state)


def scores(facts: dict[str, Any], **settings: Any) -> tuple[int, ...]:
    return score(facts, **settings).scores


def played(tricks: int, maker: int = 0, **extra: Any) -> dict[str, Any]:
    return {"dealer": 3, "maker": maker, "trump": "H", "maker_tricks": tricks, **extra}


class TestWorkedExamples:
    def test_the_record_scores_4_to_6_hand_by_hand(self) -> None:
        game = GameRecord.from_dict(json.loads(RECORD.read_text())).score()
        assert [h.totals for h in game.hands] == [(1, 0), (1, 2), (1, 6), (1, 6), (2, 6), (4, 6)]
        assert game.totals == (4, 6) and not game.finished

    def test_each_worked_example_scores_as_the_spec_says(self) -> None:
        assert scores(played(4, maker=2, dealer=0, round=1)) == (1, 0)
        assert scores(played(5, maker=3, round=2, trump="S")) == (0, 2)
        assert scores(played(5, maker=3, alone=True)) == (0, 4)
        assert scores({"dealer": 3, "outcome": "passed_out"}) == (0, 0)
        assert scores(played(3, maker=0, alone=True)) == (1, 0)
        assert scores(played(2, maker=1)) == (2, 0)


class TestScoring:
    @pytest.mark.parametrize(("tricks", "expected"), [(3, (1, 0)), (4, (1, 0)), (5, (2, 0))])
    def test_makers_score_by_tricks(self, tricks: int, expected: tuple[int, int]) -> None:
        assert scores(played(tricks)) == expected

    def test_a_lone_march_is_4_and_a_lone_make_is_1(self) -> None:
        assert scores(played(5, alone=True)) == (4, 0)
        assert scores(played(4, alone=True)) == (1, 0)

    @pytest.mark.parametrize("tricks", [0, 1, 2])
    def test_euchred_makers_give_the_defenders_2(self, tricks: int) -> None:
        assert scores(played(tricks)) == (0, 2)
        assert score(played(tricks)).made is False

    def test_a_euchred_loner_is_2_by_default_and_4_by_setting(self) -> None:
        assert scores(played(2, alone=True)) == (0, 2)
        assert scores(played(2, alone=True), lone_euchre_points=4) == (0, 4)

    def test_a_lone_defender_euchring_a_loner_takes_4(self) -> None:
        facts = played(1, alone=True, defender_alone=True)
        assert scores(facts, defend_alone=True) == (0, 4)

    def test_super_euchre_is_4_only_at_zero_tricks(self) -> None:
        assert scores(played(0), super_euchre=True) == (0, 4)
        assert scores(played(1), super_euchre=True) == (0, 2)
        assert scores(played(0)) == (0, 2)

    def test_awards_do_not_stack(self) -> None:
        facts = played(0, alone=True, defender_alone=True)
        assert scores(facts, super_euchre=True, defend_alone=True, lone_euchre_points=4) == (0, 4)

    def test_a_dealer_forfeit_gives_the_opponents_1(self) -> None:
        facts = {"dealer": 2, "outcome": "dealer_forfeit"}
        assert scores(facts, all_pass="dealer_forfeit") == (0, 1)
        assert scores({"dealer": 1, "outcome": "dealer_forfeit"}, all_pass="dealer_forfeit") == (
            1,
            0,
        )

    def test_notes_say_who_scores_and_why(self) -> None:
        assert score(played(1, maker=1)).notes == (
            "East made ♥ but East & West took only 1 trick: North & South euchred, +2.",
        )


class TestGameEnd:
    def test_the_first_team_to_10_wins_with_true_totals(self) -> None:
        s = EUCHRE.settings()
        hands = [EUCHRE.hand(played(3), s)] * 8 + [EUCHRE.hand(played(5, alone=True), s)]
        from games.engine import score_game

        game = score_game(EUCHRE, s, hands, PLAYERS)
        assert game.totals == (12, 0) and game.winners == (0,)

    def test_the_target_is_a_setting(self) -> None:
        s = EUCHRE.settings({"target": 5})
        from games.engine import score_game

        game = score_game(EUCHRE, s, [EUCHRE.hand(played(5), s)] * 3, PLAYERS)
        assert game.winners == (0,) and game.totals == (6, 0)

    def test_next_dealer_is_to_the_left(self) -> None:
        from games.engine import score_game

        s = EUCHRE.settings()
        assert score_game(EUCHRE, s, [EUCHRE.hand(played(3), s)]).next_dealer == 0


class TestChecks:
    def test_passed_out_is_refused_with_stick_the_dealer(self) -> None:
        rejects(
            EUCHRE,
            {"dealer": 0, "outcome": "passed_out"},
            "outcome",
            "with stick the dealer, the dealer must name trump",
            all_pass="stick_the_dealer",
        )

    def test_passed_out_is_refused_with_dealer_forfeit(self) -> None:
        rejects(
            EUCHRE,
            {"dealer": 0, "outcome": "passed_out"},
            "outcome",
            "declines",
            all_pass="dealer_forfeit",
        )

    def test_dealer_forfeit_needs_its_rule(self) -> None:
        rejects(
            EUCHRE, {"dealer": 0, "outcome": "dealer_forfeit"}, "outcome", "dealer-forfeit rule"
        )

    def test_more_than_5_maker_tricks_are_refused(self) -> None:
        rejects(EUCHRE, played(6), "maker_tricks", "0 to 5")

    def test_a_played_hand_needs_a_maker_and_tricks(self) -> None:
        rejects(EUCHRE, {"dealer": 0, "maker_tricks": 3}, "maker", "required")
        rejects(EUCHRE, {"dealer": 0, "maker": 1}, "maker_tricks", "required")

    def test_a_passed_hand_has_no_maker(self) -> None:
        rejects(EUCHRE, {"dealer": 0, "outcome": "passed_out", "maker": 1}, "maker", "no maker")

    def test_defender_alone_needs_the_rule_and_a_loner(self) -> None:
        rejects(
            EUCHRE, played(1, alone=True, defender_alone=True), "defender_alone", "not a house rule"
        )
        rejects(
            EUCHRE,
            played(1, defender_alone=True),
            "defender_alone",
            "only against a loner",
            defend_alone=True,
        )

    def test_round_two_cannot_name_the_turned_down_suit(self) -> None:
        rejects(EUCHRE, played(3, round=2, turned_up="H"), "trump", "round 2")

    def test_round_one_trump_is_the_turned_up_suit(self) -> None:
        rejects(EUCHRE, played(3, round=1, turned_up="S"), "trump", "round 1")

    def test_a_stuck_dealer_may_name_the_turned_down_suit_by_setting(self) -> None:
        facts = played(3, maker=3, round=2, turned_up="H")
        rules = {"all_pass": "stick_the_dealer"}
        rejects(EUCHRE, facts, "trump", "round 2", **rules)
        assert scores(facts, stuck_dealer_any_suit=True, **rules) == (0, 1)
        rejects(
            EUCHRE,
            played(3, maker=1, round=2, turned_up="H"),
            "trump",
            "round 2",
            stuck_dealer_any_suit=True,
            **rules,
        )

    @pytest.mark.parametrize(
        ("facts", "field"),
        [
            ({"dealer": 4}, "dealer"),
            ({"dealer": 0, "outcome": "misdeal"}, "outcome"),
            ({"dealer": 0, "maker": 1, "maker_tricks": 3, "round": 3}, "round"),
            ({"dealer": 0, "maker": 1, "maker_tricks": "x"}, "maker_tricks"),
            ({"dealer": 0, "maker": 1, "maker_tricks": 3, "alone": "maybe"}, "alone"),
        ],
    )
    def test_unreadable_values_name_the_key(self, facts: dict[str, Any], field: str) -> None:
        with pytest.raises(ParseError) as caught:
            EUCHRE.hand(facts, EUCHRE.settings())
        assert caught.value.field == field

    @pytest.mark.parametrize(
        "settings",
        [{"target": 0}, {"all_pass": "shuffle"}, {"lone_euchre_points": 3}, {"defend_alone": "x"}],
    )
    def test_a_setting_that_cannot_be_read_is_refused(self, settings: dict[str, Any]) -> None:
        with pytest.raises(ParseError):
            EUCHRE.settings(settings)


hands = st.fixed_dictionaries(
    {"dealer": st.integers(0, 3), "maker": st.integers(0, 3), "maker_tricks": st.integers(0, 5)},
    optional={
        "alone": st.booleans(),
        "defender_alone": st.booleans(),
        "trump": st.sampled_from("SHDC"),
    },
)
rules = st.fixed_dictionaries(
    {},
    optional={
        "lone_euchre_points": st.sampled_from([2, 4]),
        "defend_alone": st.booleans(),
        "super_euchre": st.booleans(),
    },
)


@given(hands, rules)
def test_exactly_one_side_scores_a_played_hand_and_never_more_than_4(
    facts: dict[str, Any], settings: dict[str, Any]
) -> None:
    try:
        result = scores(facts, **settings)
    except InvalidHand:
        assume(False)
        return
    assert sorted(result)[0] == 0 and 1 <= max(result) <= 4

"""Klaberjass (rules/klaberjass.md): the worked examples, every rule, every setting."""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from games.engine import GameState, InvalidHand, ParseError, score_game
from games.engine.game import HandError
from games.engine.record import GameRecord
from tests.engine.helpers import KLOB, PLAYERS, hand, rejects, run, score

NS, EW = 0, 1
RECORD = Path(__file__).parent.parent / "records" / "klaberjass.json"


def scores(facts: dict[str, Any], **settings: Any) -> tuple[int, ...]:
    return score(facts, **settings).scores


class TestWorkedExamples:
    def test_example_1_caller_makes_it(self) -> None:
        assert scores(hand()) == (106, 56)

    def test_example_2_caller_forfeits_bella_included(self) -> None:
        facts = hand(
            dealer=0,
            caller=1,
            trump="S",
            round=2,
            turned_up="D",
            card_points=[88, 64],
            declarations=[{"seat": 3, "kind": "bella"}],
        )
        assert scores(facts) == (182, 0)

    def test_example_2_with_bella_kept_by_its_holder(self) -> None:
        facts = hand(
            dealer=0,
            caller=1,
            trump="S",
            round=2,
            turned_up="D",
            card_points=[88, 64],
            declarations=[{"seat": 3, "kind": "bella"}],
        )
        assert scores(facts, bella_on_forfeit="holder") == (162, 20)

    def test_example_3_a_tie_fails(self) -> None:
        facts = hand(dealer=1, caller=2, card_points=[71, 81])
        assert scores(facts) == (0, 162)

    def test_example_3_with_half_tie_rule(self) -> None:
        facts = hand(dealer=1, caller=2, card_points=[71, 81])
        assert scores(facts, tie_rule="half") == (0, 81)

    def test_example_4_best_sequence_takes_the_sequences(self) -> None:
        facts = hand(
            dealer=2,
            caller=2,
            trump="C",
            round="bima",
            card_points=[80, 72],
            last_trick=1,
            declarations=[run(3, 4, "10", "S"), run(2, 4, "Q", "H"), run(1, 3, "K", "D")],
        )
        result = score(facts)
        assert result.scores == (130, 82)
        assert [v.counted for v in result.verdicts] == [False, True, False]

    def test_the_record_scores_418_to_300_hand_by_hand(self) -> None:
        record = GameRecord.from_dict(json.loads(RECORD.read_text()))
        game = record.score()
        assert [h.totals for h in game.hands] == [(106, 56), (288, 56), (288, 218), (418, 300)]
        assert game.totals == (418, 300)
        assert not game.finished

    def test_the_record_round_trips(self) -> None:
        data = json.loads(RECORD.read_text())
        assert GameRecord.from_dict(data).to_dict() == data


class TestNotes:
    def test_a_forfeit_is_explained_with_the_team_names(self) -> None:
        facts = hand(
            dealer=0,
            caller=1,
            trump="S",
            card_points=[88, 64],
            declarations=[{"seat": 3, "kind": "bella"}],
        )
        notes = score(facts).notes
        assert any("they forfeit; You & North take all 182" in n for n in notes)
        assert any("Bella" in n and "East" in n for n in notes)

    def test_the_sequence_contest_is_explained(self) -> None:
        facts = hand(declarations=[run(3, 4, "10", "S"), run(2, 4, "Q", "H")])
        notes = " ".join(score(facts).notes)
        assert "North's 4-card run 9–Q♥ (50) is best" in notes
        assert "West & East's sequences count for nothing" in notes

    def test_a_void_sequence_says_what_beat_it(self) -> None:
        facts = hand(declarations=[run(3, 4, "10", "S"), run(2, 4, "Q", "H")])
        verdict = score(facts).verdicts[0]
        assert not verdict.counted and "outranked by North" in verdict.reason


class TestCardPointsAndShtoch:
    def test_the_last_trick_adds_ten(self) -> None:
        assert scores(hand(card_points=[96, 56], last_trick=1)) == (96, 66)

    def test_caller_on_team_one_can_make_it(self) -> None:
        assert scores(hand(caller=3, card_points=[40, 112], last_trick=1)) == (40, 122)

    def test_a_lower_case_suit_is_read(self) -> None:
        assert scores(hand(trump="h")) == (106, 56)

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            ({"caller": "0"}, "caller", 'must be a whole number, written without quotes, not "0"'),
            ({"dealer": True}, "dealer", "must be a whole number, not true"),
            ({"last_trick": 1.0}, "last_trick", "must be one of 0, 1, not 1.0"),
            ({"card_points": [96.0, 56]}, "card_points", "must be a whole number, not 96.0"),
            ({"trump": 1}, "trump", "must be text in quotes, not 1"),
            ({"round": "1"}, "round", 'must be one of 1, 2, "bima", not "1"'),
        ],
    )
    def test_a_number_written_as_text_a_flag_or_a_fraction_is_refused(
        self, facts: dict[str, object], field: str, message: str
    ) -> None:
        # A record writes a seat as a number (ARCHITECTURE.md: seats are integers).
        with pytest.raises(ParseError) as caught:
            scores(hand(**facts))
        assert (caught.value.field, caught.value.message) == (field, message)


class TestSequences:
    def test_a_three_card_run_is_worth_20_and_four_or_more_50(self) -> None:
        assert scores(hand(declarations=[run(0, 3, "9", "S")])) == (126, 56)
        assert scores(hand(declarations=[run(0, 4, "J", "S")])) == (156, 56)
        assert scores(hand(declarations=[run(0, 8, "A", "S")])) == (156, 56)

    def test_run5_value_makes_five_or_more_worth_100(self) -> None:
        assert scores(hand(declarations=[run(0, 5, "J", "S")]), run5_value=100) == (206, 56)
        assert scores(hand(declarations=[run(0, 4, "J", "S")]), run5_value=100) == (156, 56)

    def test_higher_value_beats_higher_top(self) -> None:
        facts = hand(declarations=[run(1, 3, "A", "S"), run(0, 4, "10", "D")])
        assert scores(facts) == (156, 56)

    def test_equal_value_higher_top_card_wins(self) -> None:
        facts = hand(declarations=[run(0, 3, "10", "S"), run(1, 3, "J", "D")])
        assert scores(facts) == (106, 76)

    def test_equal_top_a_trump_sequence_wins(self) -> None:
        facts = hand(trump="H", declarations=[run(0, 3, "K", "S"), run(1, 3, "K", "H")])
        assert scores(facts) == (106, 76)

    def test_complete_tie_goes_to_the_seat_nearest_the_forehand(self) -> None:
        # Dealer East(3): forehand is You(0); West(1) is next, then North(2).
        facts = hand(dealer=3, declarations=[run(1, 3, "K", "S"), run(2, 3, "K", "D")])
        assert scores(facts) == (106, 76)
        # Dealer You(0): forehand West(1) wins the same tie.
        facts = hand(dealer=0, declarations=[run(2, 3, "K", "S"), run(1, 3, "K", "D")])
        assert scores(facts) == (106, 76)
        # Dealer West(1): forehand North(2).
        facts = hand(dealer=1, declarations=[run(1, 3, "K", "S"), run(2, 3, "K", "D")])
        assert scores(facts) == (126, 56)

    def test_final_tiebreak_none_scores_no_sequences_on_a_complete_tie(self) -> None:
        facts = hand(declarations=[run(1, 3, "K", "S"), run(2, 3, "K", "D"), run(0, 3, "9", "C")])
        assert scores(facts, final_tiebreak="none") == (106, 56)

    def test_the_winning_team_scores_all_its_sequences(self) -> None:
        facts = hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(1, 4, "K", "C")])
        assert scores(facts) == (176, 56)

    def test_sequence_scope_player_scores_only_the_best_players_own(self) -> None:
        facts = hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(0, 3, "9", "C")])
        assert scores(facts, sequence_scope="player") == (176, 56)
        facts = hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D")])
        assert scores(facts, sequence_scope="player") == (156, 56)

    def test_opponents_sequences_score_nothing(self) -> None:
        facts = hand(declarations=[run(1, 3, "9", "S"), run(3, 3, "9", "D"), run(0, 4, "10", "C")])
        assert scores(facts) == (156, 56)

    def test_zero_trick_sequences_false_takes_them_from_a_team_without_a_trick(self) -> None:
        facts = hand(
            caller=1,
            card_points=[0, 152],
            last_trick=1,
            tricks=[0, 8],
            declarations=[run(0, 4, "A", "S")],
        )
        assert scores(facts, zero_trick_sequences=False) == (0, 162)
        assert scores(facts) == (50, 162)  # EW made 162 > 50; NS keep their run

    def test_zero_trick_sequences_false_still_decides_the_contest_as_usual(self) -> None:
        # NS have the best run but no trick: nobody scores sequences, EW's 20 stays void.
        facts = hand(
            caller=1,
            card_points=[0, 152],
            last_trick=1,
            tricks=[0, 8],
            declarations=[run(0, 4, "A", "S"), run(1, 3, "9", "D")],
        )
        assert scores(facts, zero_trick_sequences=False) == (0, 162)


class TestBella:
    def test_bella_adds_twenty_to_its_team(self) -> None:
        assert scores(hand(declarations=[{"seat": 2, "kind": "bella"}])) == (126, 56)

    def test_bella_may_sit_in_its_holders_own_run(self) -> None:
        facts = hand(declarations=[run(2, 3, "K", "H"), {"seat": 2, "kind": "bella"}])
        assert scores(facts) == (146, 56)

    def test_bella_on_forfeit_holder_keeps_it_on_a_half_tie(self) -> None:
        facts = hand(
            caller=0,
            card_points=[61, 91],
            last_trick=0,
            declarations=[{"seat": 0, "kind": "bella"}],
        )
        # raw NS 61 + 10 + 20 = 91, EW 91: a tie.
        assert scores(facts, tie_rule="half", bella_on_forfeit="holder") == (20, 91)
        assert scores(facts, tie_rule="half") == (0, 91)
        assert scores(facts) == (0, 182)


class TestCallerTest:
    def test_caller_must_beat_the_opponents_strictly(self) -> None:
        assert scores(hand(card_points=[72, 80], last_trick=0)) == (82, 80)
        assert scores(hand(card_points=[71, 81], last_trick=0)) == (0, 162)

    def test_half_tie_rule_does_not_soften_a_plain_loss(self) -> None:
        assert scores(hand(card_points=[60, 92], last_trick=0), tie_rule="half") == (0, 162)

    def test_made_is_reported(self) -> None:
        assert score(hand()).made is True
        assert score(hand(card_points=[60, 92])).made is False

    def test_scores_are_never_negative(self) -> None:
        assert min(scores(hand(card_points=[0, 152], last_trick=1))) == 0


class TestCapot:
    def test_capot_double_doubles_the_raw(self) -> None:
        facts = hand(card_points=[152, 0], last_trick=0, tricks=[8, 0])
        assert scores(facts, capot="double") == (324, 0)

    def test_capot_plus90_adds_90(self) -> None:
        facts = hand(card_points=[152, 0], last_trick=0, tricks=[8, 0])
        assert scores(facts, capot="plus90") == (252, 0)

    def test_no_capot_bonus_by_default(self) -> None:
        facts = hand(card_points=[152, 0], last_trick=0, tricks=[8, 0])
        assert scores(facts) == (162, 0)


class TestYasValue:
    def test_yas_22_makes_154_in_the_cards(self) -> None:
        assert scores(hand(card_points=[98, 56]), yas_value=22) == (108, 56)
        rejects(KLOB, hand(card_points=[96, 56]), "card_points", "must add up to 154", yas_value=22)


class TestGameEnd:
    def play(self, hands: list[dict[str, Any]], **settings: Any):
        s = KLOB.settings(settings)
        from games.engine import score_game

        return score_game(KLOB, s, [KLOB.hand(h, s) for h in hands], PLAYERS)

    def test_a_team_reaching_the_target_wins(self) -> None:
        game = self.play([hand()] * 5, target=500)
        assert game.totals == (530, 280) and game.winners == (0,)

    def test_the_game_goes_on_below_the_target(self) -> None:
        game = self.play([hand()] * 4)
        assert game.winners == () and game.next_dealer == 0

    def test_both_over_the_target_the_higher_total_wins(self) -> None:
        game = self.play([hand(card_points=[96, 56])], target=50)
        assert game.totals == (106, 56) and game.winners == (0,)

    def test_both_over_and_equal_play_continues(self) -> None:
        game = self.play([hand(card_points=[76, 76], last_trick=0, caller=0)], target=40)
        # NS 86 > 76: both over 40, not equal: NS win.
        assert game.winners == (0,)
        game = self.play(
            [
                hand(card_points=[66, 86], last_trick=0, caller=1),
                hand(card_points=[86, 66], last_trick=0, caller=0),
            ],
            target=150,
        )
        # hand 1: EW 86 > 76 made; hand 2: NS 96 > 66 made: totals 172 / 152.
        assert game.totals == (172, 152) and game.winners == (0,)

    def test_equal_totals_over_the_target_play_on(self) -> None:
        game = self.play(
            [
                hand(card_points=[76, 76], last_trick=0, caller=0),
                hand(card_points=[76, 76], last_trick=1, caller=1),
            ],
            target=100,
        )
        assert game.totals == (162, 162) and game.winners == ()

    def test_both_cross_caller_gives_it_to_the_callers_if_they_made_it(self) -> None:
        first = hand(card_points=[40, 112], caller=1, last_trick=1)  # EW 122, NS 40
        second = hand(card_points=[96, 56], caller=0, last_trick=0)  # NS 106 > 56
        game = self.play([first, second], target=140)
        assert game.totals == (146, 178) and game.winners == (1,)
        game = self.play([first, second], target=140, both_cross="caller")
        assert game.winners == (0,)

    def test_a_hand_after_the_end_is_refused(self) -> None:
        with pytest.raises(HandError) as caught:
            self.play([hand()] * 6, target=500)
        assert str(caught.value) == "hand 6: game: the game already ended after hand 5"

    def test_next_dealer_is_left_of_the_dealer(self) -> None:
        assert self.play([hand(dealer=3)]).next_dealer == 0
        assert self.play([hand(dealer=1)]).next_dealer == 2


class TestRejectedInput:
    def test_card_points_with_a_one(self) -> None:
        rejects(KLOB, hand(card_points=[151, 1]), "card_points", "no card is worth 1 point")
        rejects(KLOB, hand(card_points=[1, 151]), "card_points", "no card is worth 1 point")

    def test_card_points_not_adding_up(self) -> None:
        rejects(
            KLOB,
            hand(card_points=[96, 50]),
            "card_points",
            "must add up to 152 (got 96 + 50 = 146)",
        )

    def test_negative_card_points(self) -> None:
        rejects(KLOB, hand(card_points=[-10, 162]), "card_points", "negative")

    def test_bima_caller_must_be_the_dealer(self) -> None:
        rejects(KLOB, hand(round="bima", dealer=2, caller=1), "caller", "Bima")

    def test_round_two_cannot_name_the_turned_up_suit(self) -> None:
        rejects(KLOB, hand(round=2, turned_up="H", trump="H"), "trump", "round 2")

    def test_round_one_trump_is_the_turned_up_suit(self) -> None:
        rejects(KLOB, hand(round=1, turned_up="S", trump="H"), "trump", "round 1")

    def test_two_bellas(self) -> None:
        rejects(
            KLOB,
            hand(declarations=[{"seat": 0, "kind": "bella"}, {"seat": 1, "kind": "bella"}]),
            "declarations",
            "only one Bella",
        )

    def test_a_card_in_two_sequences(self) -> None:
        rejects(
            KLOB,
            hand(declarations=[run(0, 3, "K", "S"), run(1, 3, "A", "S")]),
            "declarations",
            "both use",
        )

    def test_bellas_cards_in_another_players_sequence(self) -> None:
        rejects(
            KLOB,
            hand(trump="H", declarations=[run(1, 3, "K", "H"), {"seat": 0, "kind": "bella"}]),
            "declarations",
            "K♥",
        )

    def test_a_run_that_does_not_fit(self) -> None:
        rejects(KLOB, hand(declarations=[run(0, 3, "8", "S")]), "declarations", "cannot end at 8")
        rejects(KLOB, hand(declarations=[run(0, 5, "10", "S")]), "declarations", "cannot end at 10")

    def test_a_run_too_short_or_too_long(self) -> None:
        rejects(KLOB, hand(declarations=[run(0, 2, "A", "S")]), "declarations", "3 to 8 cards")
        rejects(KLOB, hand(declarations=[run(0, 9, "A", "S")]), "declarations", "3 to 8 cards")

    def test_tricks_required_with_capot(self) -> None:
        rejects(KLOB, hand(), "tricks", "required", capot="double")

    def test_tricks_required_when_zero_trick_sequences_is_off(self) -> None:
        rejects(KLOB, hand(), "tricks", "required", zero_trick_sequences=False)

    def test_tricks_must_add_up_to_eight(self) -> None:
        rejects(KLOB, hand(tricks=[5, 2]), "tricks", "add up to 8")

    def test_no_tricks_means_no_points(self) -> None:
        rejects(KLOB, hand(tricks=[0, 8]), "tricks", "no trick")

    def test_all_tricks_means_all_points(self) -> None:
        rejects(KLOB, hand(tricks=[8, 0]), "tricks", "all 8 tricks")

    @pytest.mark.parametrize(
        ("facts", "field"),
        [
            (hand(dealer=4), "dealer"),
            (hand(caller=None), "caller"),
            (hand(trump="X"), "trump"),
            (hand(round=3), "round"),
            (hand(last_trick=2), "last_trick"),
            (hand(card_points=[96]), "card_points"),
            (hand(card_points="96"), "card_points"),
            (hand(extra=1), "extra"),
            (hand(declarations=[{"seat": 0, "kind": "four", "rank": "J"}]), "declarations"),
            (
                hand(declarations=[{"seat": 0, "kind": "sequence", "length": 3, "suit": "S"}]),
                "declarations",
            ),
        ],
    )
    def test_unreadable_values_name_the_key(self, facts: dict[str, Any], field: str) -> None:
        with pytest.raises(ParseError) as caught:
            KLOB.hand(facts, KLOB.settings())
        assert caught.value.field == field

    @pytest.mark.parametrize(
        ("settings", "field"),
        [
            ({"target": 0}, "target"),
            ({"tie_rule": "split"}, "tie_rule"),
            ({"run5_value": 70}, "run5_value"),
            ({"capot": "yes"}, "capot"),
            ({"yas_value": 21}, "yas_value"),
            ({"nope": 1}, "nope"),
            ({"both_cross": "lower"}, "both_cross"),
            ({"final_tiebreak": "coin"}, "final_tiebreak"),
            ({"sequence_scope": "all"}, "sequence_scope"),
            ({"bella_on_forfeit": "x"}, "bella_on_forfeit"),
            ({"zero_trick_sequences": "maybe"}, "zero_trick_sequences"),
        ],
    )
    def test_bad_settings_name_the_key(self, settings: dict[str, Any], field: str) -> None:
        with pytest.raises(ParseError) as caught:
            KLOB.settings(settings)
        assert caught.value.field == field


class TestJudgingDeclarationsAlone:
    def test_the_helper_contest_needs_no_card_points(self) -> None:
        from games.engine.cards import Suit
        from games.engine.declarations import judge

        state = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
        result = judge(
            KLOB,
            2,
            Suit.CLUBS,
            [run(3, 4, "10", "S"), run(2, 4, "Q", "H"), {"seat": 0, "kind": "bella"}],
            KLOB.settings(),
            state,
        )
        assert result.points == [70, 0]
        assert [result.verdicts[i].counted for i in range(3)] == [False, True, True]

    def test_the_helper_refuses_a_card_in_two_runs(self) -> None:
        from games.engine.cards import Suit
        from games.engine.declarations import judge

        state = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
        with pytest.raises(InvalidHand):
            judge(
                KLOB,
                0,
                Suit.CLUBS,
                [run(0, 3, "K", "S"), run(1, 3, "A", "S")],
                KLOB.settings(),
                state,
            )


# --- Rules that hide behind a seat, a setting or an order -----------------------------


def game_end(hands: list[dict[str, Any]], **settings: Any) -> tuple[tuple[int, ...], Any]:
    s = KLOB.settings(settings)
    game = score_game(KLOB, s, [KLOB.hand(h, s) for h in hands])
    return game.winners, game.totals


class TestForehandTieBreak:
    # Spec: Scoring, 2.4 — a complete tie goes to the declarer nearest the forehand, the seat
    # left of the dealer, counting in the direction of play. Every dealer and every pair of
    # seats from the two teams, so no seat arithmetic can agree with the rule by chance.
    @pytest.mark.parametrize(("dealer", "ns", "ew"), list(product(range(4), (0, 2), (1, 3))))
    def test_it_gives_a_complete_tie_to_the_declarer_nearest_the_forehand(
        self, dealer: int, ns: int, ew: int
    ) -> None:
        in_play_order = [(dealer + 1 + step) % 4 for step in range(4)]
        nearest = next(seat for seat in in_play_order if seat in (ns, ew))
        facts = hand(dealer=dealer, declarations=[run(ns, 3, "K", "S"), run(ew, 3, "K", "D")])
        # NS called and made 106 against 56; the tie's 20 goes to the nearest seat's team.
        expected = (126, 56) if nearest == ns else (106, 76)
        assert scores(facts) == expected


class TestFinalTiebreakNone:
    # Spec: Settings, final_tiebreak "none" — only a complete tie *between the two teams'*
    # best sequences cancels them; any other contest is decided as usual.
    def test_it_still_scores_an_untied_best_sequence(self) -> None:
        facts = hand(declarations=[run(0, 4, "A", "S"), run(1, 3, "K", "D")])
        assert scores(facts, final_tiebreak="none") == (156, 56)
        facts = hand(
            caller=1,
            card_points=[80, 72],
            declarations=[run(1, 4, "A", "S"), run(0, 3, "K", "D")],
        )
        assert scores(facts, final_tiebreak="none") == (90, 122)

    def test_it_scores_a_tie_between_partners_for_their_team(self) -> None:
        facts = hand(declarations=[run(0, 3, "K", "S"), run(2, 3, "K", "D"), run(1, 3, "J", "C")])
        assert scores(facts, final_tiebreak="none") == (146, 56)

    def test_it_cancels_every_sequence_on_a_tie_between_the_teams(self) -> None:
        facts = hand(declarations=[run(0, 3, "K", "S"), run(1, 3, "K", "D"), run(2, 3, "J", "C")])
        assert scores(facts, final_tiebreak="none") == (106, 56)


class TestTricksConsistency:
    # Spec: Hand keys, tricks — tricks add up to 8; a team with 0 tricks has 0 card points
    # and not the last trick; a team with 8 has every card point and the last trick. With 8
    # tricks in all the two halves describe the same table from either team, so each entry
    # below breaks exactly one half, and the message names the rule it broke first.
    def test_it_refuses_negative_tricks_even_when_they_add_up_to_8(self) -> None:
        rejects(KLOB, hand(tricks=[-1, 9]), "tricks", "add up to 8")

    def test_it_refuses_card_points_for_a_team_without_a_trick(self) -> None:
        facts = hand(card_points=[10, 142], last_trick=1, tricks=[0, 8])
        rejects(KLOB, facts, "tricks", "no trick")

    def test_it_refuses_the_last_trick_for_a_team_without_a_trick(self) -> None:
        facts = hand(card_points=[0, 152], last_trick=0, tricks=[0, 8])
        rejects(KLOB, facts, "tricks", "no trick")

    def test_it_refuses_missing_card_points_for_a_team_with_every_trick(self) -> None:
        facts = hand(card_points=[142, 10], last_trick=0, tricks=[8, 0])
        rejects(KLOB, facts, "tricks", "all 8 tricks")

    def test_it_refuses_a_team_with_every_trick_but_not_the_last(self) -> None:
        facts = hand(card_points=[152, 0], last_trick=1, tricks=[8, 0])
        rejects(KLOB, facts, "tricks", "all 8 tricks")

    def test_it_accepts_a_clean_sweep_by_either_team(self) -> None:
        assert scores(hand(card_points=[152, 0], last_trick=0, tricks=[8, 0])) == (162, 0)
        facts = hand(caller=1, card_points=[0, 152], last_trick=1, tricks=[0, 8])
        assert scores(facts) == (0, 162)


class TestBothCross:
    # Spec: Settings, both_cross "caller" — when both teams reach the target in one hand, the
    # caller's team wins if it made its contract; otherwise the higher total.
    # After these two hands NS lead 172 to 152.
    LEAD = [
        hand(caller=0, card_points=[96, 56], last_trick=0),  # NS 106, EW 56
        hand(caller=1, card_points=[66, 86], last_trick=1),  # EW 96 > 66
    ]

    def test_it_gives_the_game_to_the_other_team_when_it_called_and_made_it(self) -> None:
        # East (seat 3) calls and makes 90 against 72: NS 244, EW 242, both over 220.
        last = hand(dealer=2, caller=3, card_points=[72, 80], last_trick=1)
        winners, totals = game_end([*self.LEAD, last], target=220, both_cross="caller")
        assert totals == (244, 242) and winners == (1,)
        winners, _ = game_end([*self.LEAD, last], target=220)
        assert winners == (0,)

    def test_it_falls_back_to_the_higher_total_when_the_callers_failed(self) -> None:
        # NS call and fail 60 against 122 but keep their Bella's 20 (house rule), so both
        # teams cross 190 in this hand: NS 192, EW 314. A failed caller does not win it.
        last = hand(
            caller=0,
            card_points=[40, 112],
            last_trick=1,
            declarations=[{"seat": 0, "kind": "bella"}],
        )
        settings = {"target": 190, "bella_on_forfeit": "holder", "both_cross": "caller"}
        winners, totals = game_end([*self.LEAD, last], **settings)
        assert totals == (192, 314) and winners == (1,)

"""Rules the first tests let slip (issue 11, found by mutation testing): each test here fails
when the rule it names is broken, whatever the seat, setting or order that hides it."""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest

from games.engine import GameState, InvalidHand, get_variant, score_game
from tests.engine.klaberjass_facts import KLOB, run
from tests.engine.klaberjass_facts import hand as klob

TERZ = get_variant("terz")
HOSKIN = get_variant("hoskin")
PLAYERS = ("You", "West", "North", "East")


def klob_scores(facts: dict[str, Any], **settings: Any) -> tuple[int, ...]:
    s = KLOB.settings(settings)
    state = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
    return KLOB.score_hand(KLOB.hand(facts, s), s, state).scores


def klob_rejects(facts: dict[str, Any], field: str, fragment: str, **settings: Any) -> str:
    with pytest.raises(InvalidHand) as caught:
        KLOB.hand(facts, KLOB.settings(settings))
    assert caught.value.field == field
    assert fragment in caught.value.message
    return caught.value.message


def klob_winners(hands: list[dict[str, Any]], **settings: Any) -> tuple[tuple[int, ...], Any]:
    s = KLOB.settings(settings)
    game = score_game(KLOB, s, [KLOB.hand(h, s) for h in hands])
    return game.winners, game.totals


class TestKlaberjassForehandTieBreak:
    # Spec: Scoring, 2.4 — a complete tie goes to the declarer nearest the forehand, the seat
    # left of the dealer, counting in the direction of play. Every dealer and every pair of
    # seats from the two teams, so no seat arithmetic can agree with the rule by chance.
    @pytest.mark.parametrize(("dealer", "ns", "ew"), list(product(range(4), (0, 2), (1, 3))))
    def test_it_gives_a_complete_tie_to_the_declarer_nearest_the_forehand(
        self, dealer: int, ns: int, ew: int
    ) -> None:
        in_play_order = [(dealer + 1 + step) % 4 for step in range(4)]
        nearest = next(seat for seat in in_play_order if seat in (ns, ew))
        facts = klob(dealer=dealer, declarations=[run(ns, 3, "K", "S"), run(ew, 3, "K", "D")])
        # NS called and made 106 against 56; the tie's 20 goes to the nearest seat's team.
        expected = (126, 56) if nearest == ns else (106, 76)
        assert klob_scores(facts) == expected


class TestKlaberjassFinalTiebreakNone:
    # Spec: Settings, final_tiebreak "none" — only a complete tie *between the two teams'*
    # best sequences cancels them; any other contest is decided as usual.
    def test_it_still_scores_an_untied_best_sequence(self) -> None:
        facts = klob(declarations=[run(0, 4, "A", "S"), run(1, 3, "K", "D")])
        assert klob_scores(facts, final_tiebreak="none") == (156, 56)
        facts = klob(
            caller=1,
            card_points=[80, 72],
            declarations=[run(1, 4, "A", "S"), run(0, 3, "K", "D")],
        )
        assert klob_scores(facts, final_tiebreak="none") == (90, 122)

    def test_it_scores_a_tie_between_partners_for_their_team(self) -> None:
        facts = klob(declarations=[run(0, 3, "K", "S"), run(2, 3, "K", "D"), run(1, 3, "J", "C")])
        assert klob_scores(facts, final_tiebreak="none") == (146, 56)

    def test_it_cancels_every_sequence_on_a_tie_between_the_teams(self) -> None:
        facts = klob(declarations=[run(0, 3, "K", "S"), run(1, 3, "K", "D"), run(2, 3, "J", "C")])
        assert klob_scores(facts, final_tiebreak="none") == (106, 56)


class TestKlaberjassTricksConsistency:
    # Spec: Hand keys, tricks — tricks add up to 8; a team with 0 tricks has 0 card points
    # and not the last trick; a team with 8 has every card point and the last trick. With 8
    # tricks in all the two halves describe the same table from either team, so each entry
    # below breaks exactly one half, and the message names the rule it broke first.
    def test_it_refuses_negative_tricks_even_when_they_add_up_to_8(self) -> None:
        klob_rejects(klob(tricks=[-1, 9]), "tricks", "add up to 8")

    def test_it_refuses_card_points_for_a_team_without_a_trick(self) -> None:
        facts = klob(card_points=[10, 142], last_trick=1, tricks=[0, 8])
        klob_rejects(facts, "tricks", "no trick")

    def test_it_refuses_the_last_trick_for_a_team_without_a_trick(self) -> None:
        facts = klob(card_points=[0, 152], last_trick=0, tricks=[0, 8])
        klob_rejects(facts, "tricks", "no trick")

    def test_it_refuses_missing_card_points_for_a_team_with_every_trick(self) -> None:
        facts = klob(card_points=[142, 10], last_trick=0, tricks=[8, 0])
        klob_rejects(facts, "tricks", "all 8 tricks")

    def test_it_refuses_a_team_with_every_trick_but_not_the_last(self) -> None:
        facts = klob(card_points=[152, 0], last_trick=1, tricks=[8, 0])
        klob_rejects(facts, "tricks", "all 8 tricks")

    def test_it_accepts_a_clean_sweep_by_either_team(self) -> None:
        assert klob_scores(klob(card_points=[152, 0], last_trick=0, tricks=[8, 0])) == (162, 0)
        facts = klob(caller=1, card_points=[0, 152], last_trick=1, tricks=[0, 8])
        assert klob_scores(facts) == (0, 162)


class TestKlaberjassBothCross:
    # Spec: Settings, both_cross "caller" — when both teams reach the target in one hand, the
    # caller's team wins if it made its contract; otherwise the higher total.
    # After these two hands NS lead 172 to 152.
    LEAD = [
        klob(caller=0, card_points=[96, 56], last_trick=0),  # NS 106, EW 56
        klob(caller=1, card_points=[66, 86], last_trick=1),  # EW 96 > 66
    ]

    def test_it_gives_the_game_to_the_other_team_when_it_called_and_made_it(self) -> None:
        # East (seat 3) calls and makes 90 against 72: NS 244, EW 242, both over 220.
        last = klob(dealer=2, caller=3, card_points=[72, 80], last_trick=1)
        winners, totals = klob_winners([*self.LEAD, last], target=220, both_cross="caller")
        assert totals == (244, 242) and winners == (1,)
        winners, _ = klob_winners([*self.LEAD, last], target=220)
        assert winners == (0,)

    def test_it_falls_back_to_the_higher_total_when_the_callers_failed(self) -> None:
        # NS call and fail 60 against 122 but keep their Bella's 20 (house rule), so both
        # teams cross 190 in this hand: NS 192, EW 314. A failed caller does not win it.
        last = klob(
            caller=0,
            card_points=[40, 112],
            last_trick=1,
            declarations=[{"seat": 0, "kind": "bella"}],
        )
        settings = {"target": 190, "bella_on_forfeit": "holder", "both_cross": "caller"}
        winners, totals = klob_winners([*self.LEAD, last], **settings)
        assert totals == (192, 314) and winners == (1,)


class TestHoskinBothCross:
    # Spec: hoskin, game end — if both teams reach the baraj in one hand, the contract team
    # wins, whichever team holds it and from whichever seat.
    def test_it_gives_the_game_to_the_contract_team_held_from_the_fourth_seat(self) -> None:
        s = HOSKIN.settings({"target": 300})
        facts = {
            "dealer": 2,
            "holder": 3,
            "contract": 550,
            "trump": "S",
            "melds": [370, 60, 140, 280],
            "trick_points": [200, 280],
            "last_trick": 1,
        }
        # Team 0: 510 + 200 = 710; team 1: 340 + 280 + 20 = 640 ≥ 550, made.
        game = score_game(HOSKIN, s, [HOSKIN.hand(facts, s)])
        assert game.totals == (710, 640) and game.winners == (1,)


class TestTerzRunAnnouncedTwice:
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
        with pytest.raises(InvalidHand) as caught:
            TERZ.hand(facts, TERZ.settings({}))
        assert caught.value.field == "declarations"
        assert "announced after a higher one" in caught.value.message

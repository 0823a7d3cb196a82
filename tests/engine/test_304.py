"""304 and its three-hand widow form (rules/304.md): examples, auction, target, slam, end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine import (
    GameState,
    InvalidHand,
    ParseError,
    get_variant,
    score_game,
)
from games.engine.record import GameRecord
from tests.engine.helpers import rejects

FOUR = get_variant("304")
THREE = get_variant("304-widow")
RECORDS = Path(__file__).parent.parent / "records"


def deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "bidder": 0,
        "bid": 180,
        "trump": "S",
        "called_card": "AH",
        "partner": 2,
        "points": 190,
        "tricks": 5,
    }
    base.update(facts)
    return base


def widow(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 2,
        "bidder": 0,
        "bid": 170,
        "trump": "S",
        "points": 160,
        "widow_points": 13,
        "tricks": 6,
    }
    base.update(facts)
    return base


def scores(facts: dict[str, Any], variant: Any = FOUR, **settings: Any) -> tuple[int, ...]:
    s = variant.settings(settings)
    players = variant.default_players
    state = GameState(totals=(0,) * variant.seats, sides=players, players=players)
    return variant.score_hand(variant.hand(facts, s), s, state).scores


def bids(*calls: int | str, dealer: int = 3, seats: int = 4) -> list[dict[str, Any]]:
    """Calls in turn from the dealer's left, skipping those who passed ("p" is a pass)."""
    active = [(dealer + 1 + i) % seats for i in range(seats)]
    out, turn = [], 0
    for call in calls:
        turn %= len(active)
        seat = active[turn]
        if call == "p":
            out.append({"seat": seat, "pass": True})
            active.remove(seat)
        else:
            out.append({"seat": seat, "bid": call})
            turn += 1
    return out


class TestWorkedExamples:
    def test_the_record_scores_2_3_2_3_and_goes_on(self) -> None:
        game = GameRecord.from_dict(json.loads((RECORDS / "304.json").read_text())).score()
        assert [h.score.scores for h in game.hands] == [
            (1, 0, 1, 0),
            (0, -1, 0, -1),
            (1, 0, 1, 0),
            (0, 4, 0, 4),
        ]
        assert game.totals == (2, 3, 2, 3) and not game.finished

    def test_marriages_move_the_target(self) -> None:
        facts = deal(
            dealer=1,
            bidder=2,
            bid=220,
            trump="D",
            called_card="9S",
            partner=0,
            marriages=[{"seat": 2, "suit": "D"}, {"seat": 1, "suit": "C"}],
            points=205,
            tricks=6,
        )
        assert scores(facts) == (1, 0, 1, 0)
        assert FOUR.hand(facts, FOUR.settings()).target() == 200

    def test_the_widow_example(self) -> None:
        assert scores(widow(), THREE) == (1, 0, 0)
        game = GameRecord.from_dict(json.loads((RECORDS / "304-widow.json").read_text())).score()
        assert game.totals == (1, 0, 0)


class TestResult:
    def test_reaching_the_target_is_plus_one_for_bidder_and_partner(self) -> None:
        assert scores(deal(points=180)) == (1, 0, 1, 0)
        assert scores(deal(points=175)) == (-1, 0, -1, 0)

    def test_the_other_sides_marriage_raises_the_target(self) -> None:
        facts = deal(points=195, marriages=[{"seat": 1, "suit": "H"}])  # 180 + 20
        assert scores(facts) == (-1, 0, -1, 0)
        facts = deal(points=219, marriages=[{"seat": 3, "suit": "S"}])  # 180 + 40 in trumps
        assert scores(facts) == (-1, 0, -1, 0)

    def test_the_bidders_marriage_lowers_the_target_with_no_floor(self) -> None:
        facts = deal(
            bid=150,
            points=80,
            marriages=[
                {"seat": 0, "suit": "S"},
                {"seat": 2, "suit": "H"},
                {"seat": 2, "suit": "D"},
                {"seat": 0, "suit": "C"},
            ],
        )
        assert FOUR.hand(facts, FOUR.settings()).target() == 50
        assert scores(facts) == (1, 0, 1, 0)

    def test_a_target_above_304_cannot_be_made(self) -> None:
        facts = deal(bid=300, points=302, tricks=7, marriages=[{"seat": 1, "suit": "S"}])
        assert scores(facts) == (-1, 0, -1, 0)

    def test_a_declared_slam_won_is_plus_4(self) -> None:
        assert scores(deal(slam=True, points=304, tricks=8)) == (4, 0, 4, 0)

    def test_a_failed_slam_is_minus_4_or_as_set(self) -> None:
        facts = deal(slam=True, points=280, tricks=7)
        assert scores(facts) == (-4, 0, -4, 0)
        assert scores(facts, failed_slam=-1) == (-1, 0, -1, 0)
        assert scores(facts, failed_slam="normal") == (1, 0, 1, 0)

    def test_all_eight_tricks_undeclared_is_plus_one(self) -> None:
        assert scores(deal(points=304, tricks=8)) == (1, 0, 1, 0)

    def test_a_lost_partner_still_shares_the_result(self) -> None:
        assert scores(deal(partner_lost=True, points=150)) == (-1, 0, -1, 0)

    def test_the_widow_bidder_alone_gets_the_result(self) -> None:
        assert scores(widow(points=150, widow_points=10), THREE) == (-1, 0, 0)
        assert scores(widow(bidder=1, points=170, widow_points=0), THREE) == (0, 1, 0)

    def test_the_widow_slam_needs_all_ten_tricks(self) -> None:
        assert scores(widow(slam=True, points=284, widow_points=20, tricks=10), THREE) == (4, 0, 0)
        assert scores(widow(slam=True, points=270, tricks=9), THREE) == (-4, 0, 0)


class TestAuction:
    def test_a_full_auction_that_ends_with_the_bidder(self) -> None:
        facts = deal(
            bidder=1, partner=3, bids=bids(160, 170, "p", 190, "p", "p"), bid=190, points=200
        )
        # dealer 3: order 0 1 2 3 → 0:160 1:170 2:pass 3:190 0:pass 1:pass → 3 holds 190
        rejects(FOUR, facts, "bids", "ends with Player 4 at 190")
        facts = deal(
            bidder=3, partner=1, bids=bids(160, 170, "p", 190, "p", "p"), bid=190, points=200
        )
        assert scores(facts) == (0, 1, 0, 1)

    def test_all_pass_gives_the_dealer_150(self) -> None:
        facts = deal(bidder=3, partner=1, bid=150, bids=bids("p", "p", "p", "p"))
        assert scores(facts) == (0, 1, 0, 1)
        rejects(
            FOUR, deal(bidder=0, bid=150, bids=bids("p", "p", "p", "p")), "bids", "Player 4 at 150"
        )

    def test_the_opening_bid_is_150_to_180(self) -> None:
        rejects(FOUR, deal(bids=bids(185)), "bids", "first bid is 150 to 180")
        rejects(FOUR, deal(bids=bids(145)), "bids", "first bid is 150 to 180")

    def test_bids_are_in_fives(self) -> None:
        rejects(FOUR, deal(bid=182), "bid", "multiple of 5")
        rejects(FOUR, deal(bids=bids(152)), "bids", "in fives")

    def test_a_raise_is_5_to_30(self) -> None:
        rejects(FOUR, deal(bids=bids(160, 195)), "bids", "a raise is 5 to 30")
        rejects(FOUR, deal(bids=bids(160, 160)), "bids", "a raise is 5 to 30")

    def test_the_top_bid_is_300_or_the_special_304(self) -> None:
        rejects(FOUR, deal(bid=305), "bid", "150 to 300")
        rejects(FOUR, deal(bid=304), "bid", "150 to 300")
        facts = deal(bid=304, points=304, tricks=8)
        assert scores(facts, allow_304_bid=True) == (1, 0, 1, 0)

    def test_304_may_follow_275_or_more(self) -> None:
        auction = bids(180, 210, 240, 270, 300, "p", "p", "p")
        assert auction[4]["seat"] == 0
        facts = deal(bids=auction, bid=300, points=304, tricks=8)
        assert scores(facts) == (1, 0, 1, 0)
        ok = deal(
            bids=bids(180, 210, 240, 270, 275, 304, "p", "p", "p"),
            bidder=1,
            partner=3,
            bid=304,
            points=304,
            tricks=8,
        )
        assert scores(ok, allow_304_bid=True) == (0, 1, 0, 1)
        early = deal(bids=bids(180, 210, 240, 270, 304), bid=304)
        rejects(FOUR, early, "bids", "275 or more", allow_304_bid=True)

    def test_a_pass_is_final_and_turns_are_kept(self) -> None:
        rejects(FOUR, deal(bids=[{"seat": 1, "bid": 160}]), "bids", "Player 1's turn")
        wrong = [
            {"seat": 0, "pass": True},
            {"seat": 1, "bid": 160},
            {"seat": 2, "pass": True},
            {"seat": 3, "pass": True},
            {"seat": 0, "bid": 170},
        ]
        rejects(FOUR, deal(bids=wrong), "bids", "already over")

    def test_an_unfinished_auction(self) -> None:
        rejects(FOUR, deal(bids=bids(160, 170)), "bids", "not finished")

    def test_the_three_hand_auction(self) -> None:
        facts = widow(bids=bids(170, "p", "p", dealer=2, seats=3))
        assert scores(facts, THREE) == (1, 0, 0)


class TestChecks:
    def test_1_or_303_points_are_refused(self) -> None:
        rejects(FOUR, deal(points=303, tricks=7), "points", "never 1 or 303")
        rejects(FOUR, deal(points=1), "points", "never 1 or 303")

    def test_the_partner_is_not_the_bidder(self) -> None:
        rejects(FOUR, deal(partner=0), "partner", "another player")

    def test_a_marriage_before_the_side_won_a_trick(self) -> None:
        rejects(
            FOUR,
            deal(points=0, tricks=0, marriages=[{"seat": 2, "suit": "H"}]),
            "marriages",
            "before winning a trick",
        )
        rejects(
            FOUR,
            deal(points=304, tricks=8, marriages=[{"seat": 1, "suit": "H"}]),
            "marriages",
            "before winning a trick",
        )
        rejects(
            THREE,
            widow(points=284, widow_points=20, tricks=10, marriages=[{"seat": 1, "suit": "H"}]),
            "marriages",
            "before winning a trick",
        )

    def test_a_suit_at_most_once(self) -> None:
        rejects(
            FOUR,
            deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "H"}]),
            "marriages",
            "one K+Q",
        )

    def test_tricks_and_points_agree(self) -> None:
        rejects(FOUR, deal(tricks=0, points=10), "points", "no trick")
        rejects(FOUR, deal(tricks=8, points=300), "points", "all 304")
        rejects(FOUR, deal(tricks=9), "tricks", "0 to 8")
        rejects(THREE, widow(tricks=11), "tricks", "0 to 10")
        rejects(THREE, widow(tricks=10, points=280, widow_points=10), "points", "all 304")

    def test_widow_points_are_0_to_60_and_never_beyond_304(self) -> None:
        rejects(THREE, widow(widow_points=61), "widow_points", "0 to 60")
        rejects(THREE, widow(points=290, widow_points=20, tricks=9), "widow_points", "exceed 304")

    def test_the_widow_game_has_no_partner(self) -> None:
        with pytest.raises(ParseError) as caught:
            THREE.hand(widow(partner=1), THREE.settings())
        assert caught.value.field == "partner"

    @pytest.mark.parametrize(
        "settings", [{"deals": 0}, {"failed_slam": -2}, {"tie": "coin"}, {"target": 500}]
    )
    def test_a_setting_that_cannot_be_read_is_refused(self, settings: dict[str, Any]) -> None:
        with pytest.raises(ParseError):
            FOUR.settings(settings)


class TestGameEnd:
    def play(self, hands: list[dict[str, Any]], **settings: Any):
        s = FOUR.settings(settings)
        return score_game(FOUR, s, [FOUR.hand(h, s) for h in hands])

    def test_eleven_deals_then_the_highest_wins(self) -> None:
        hands = [deal(dealer=i % 4) for i in range(10)]
        assert not self.play(hands).finished
        game = self.play([*hands, deal(dealer=2, bidder=1, partner=3)])
        assert game.totals == (10, 1, 10, 1) and game.winners == (0, 2)

    def test_equal_highest_share_or_play_extra_deals(self) -> None:
        hands = [deal(dealer=i % 4) for i in range(11)]
        assert self.play(hands).winners == (0, 2)
        assert self.play(hands, tie="extra_deals").winners == ()
        lone = deal(dealer=3, bidder=0, partner=1)
        assert self.play([*hands, lone], tie="extra_deals").winners == (0,)

    def test_deals_is_a_setting(self) -> None:
        assert self.play([deal()] * 3, deals=3).finished


@given(
    st.sampled_from([FOUR, THREE]),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 304),
    st.integers(0, 10),
    st.booleans(),
)
def test_exactly_the_bidder_side_gets_a_result(
    variant: Any, bidder: int, partner: int, points: int, tricks: int, slam: bool
) -> None:
    facts: dict[str, Any] = {
        "dealer": 0,
        "bidder": bidder % variant.seats,
        "bid": 200,
        "trump": "H",
        "points": points,
        "tricks": tricks,
        "slam": slam,
    }
    if variant is FOUR:
        facts |= {"called_card": "AS", "partner": partner}
    else:
        facts |= {"widow_points": 0}
    try:
        result = scores(facts, variant)
    except InvalidHand:
        assume(False)
        return
    nonzero = [s for s in result if s != 0]
    assert len(nonzero) == (2 if variant is FOUR else 1)
    assert len(set(nonzero)) == 1

"""The coinche auction (rules/coinche.md, Bidding and `bids`): each of the five checks of
the calls a table gives, with the call it names."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import InvalidHand, ParseError
from tests.engine.test_coinche import (
    COINCHE,
    EXAMPLE_1,
    EXAMPLE_4,
    EXAMPLE_7,
    PLAYERS,
    bid,
    coinche,
    deal,
    passes,
    refusal,
    scores,
    surcoinche,
)


def auction(*calls: dict[str, Any], **facts: Any) -> dict[str, Any]:
    """Example 1's deal (Denis deals, Anne speaks first) with these calls and facts."""
    return deal(bids=list(calls), **facts)


class TestInTurn:
    """Check 1: bids and passes go round from the forehand; coinches are outside the turn."""

    def test_the_forehand_speaks_first(self) -> None:
        facts = auction(bid(1, 80, "H"), *passes(2, 3, 0))
        assert refusal(facts) == ("bids", "call 1: it was Anne's turn, not Bruno's")

    def test_each_bid_or_pass_belongs_to_the_next_seat(self) -> None:
        facts = auction(bid(0, 80, "H"), bid(2, 100, "H"), *passes(3, 0, 1))
        assert refusal(facts) == ("bids", "call 2: it was Bruno's turn, not Chloé's")
        facts = auction(bid(0, 80, "H"), *passes(1, 3))
        assert refusal(facts) == ("bids", "call 3: it was Chloé's turn, not Denis's")

    def test_a_coinche_may_come_in_turn_or_out_of_it(self) -> None:
        # Bruno deals and Chloé bids first: Denis is next to speak, but Bruno coinches.
        facts = auction(bid(2, 100, "H"), coinche(1), dealer=1, coinche=1)
        assert scores(facts) == (520, 0)
        # Anne bids first and Bruno, next to speak, coinches.
        facts = auction(bid(0, 100, "H"), coinche(1), taker=0, coinche=1)
        assert scores(facts) == (520, 0)

    def test_a_player_who_passed_may_bid_again(self) -> None:
        facts = auction(
            *passes(0),
            bid(1, 80, "S"),
            *passes(2, 3),
            bid(0, 90, "H"),
            *passes(1, 2, 3),
            taker=0,
            contract=90,
        )
        assert scores(facts) == (200, 50)

    def test_the_dealer_sets_the_turn(self) -> None:
        # Chloé deals, so Denis speaks first.
        assert scores(EXAMPLE_4) == (0, 500)
        assert refusal({**EXAMPLE_4, "dealer": 3}) == (
            "bids",
            "call 1: it was Anne's turn, not Denis's",
        )


class TestBids:
    """Check 2: each bid is a legal contract, higher than the one before."""

    @pytest.mark.parametrize(
        ("calls", "message"),
        [
            ([bid(0, 75, "H")], "call 1: bid: must be at least 80, not 75"),
            ([bid(0, 170, "H")], "call 1: bid: must be at most 160, not 170"),
            ([bid(0, 85, "H")], "call 1: bid: must be 80 or more in steps of 10, not 85"),
            (
                [bid(0, "generale", "H")],
                "call 1: bid: the générale is a bid only with the générale house rule",
            ),
            ([bid(0, 100, "H"), bid(1, 90, "S")], "call 2: a bid must be higher than 100♥"),
            ([bid(0, 100, "H"), bid(1, 100, "S")], "call 2: a bid must be higher than 100♥"),
            (
                [bid(0, "capot", "H"), bid(1, 160, "S")],
                "call 2: a bid must be higher than capot ♥",
            ),
            (
                [bid(0, "capot", "H"), bid(1, "capot", "S")],
                "call 2: a bid must be higher than capot ♥",
            ),
        ],
    )
    def test_a_bid_that_is_not_a_legal_raise_is_refused(
        self, calls: list[dict[str, Any]], message: str
    ) -> None:
        with pytest.raises(InvalidHand) as caught:
            COINCHE.hand(auction(*calls), COINCHE.settings(), PLAYERS)
        assert (caught.value.field, caught.value.message) == ("bids", message)

    def test_suits_have_no_rank_and_capot_and_generale_top_the_numbers(self) -> None:
        facts = auction(
            bid(0, 160, "S"),
            bid(1, "capot", "C"),
            bid(2, "generale", "H"),
            *passes(3, 0, 1),
            contract="generale",
            card_points=[152, 0],
            all_tricks=0,
            alone=True,
        )
        assert scores(facts, generale=True) == (750, 0)
        facts = auction(bid(0, 80, "S"), bid(1, 90, "C"), bid(2, 100, "H"), *passes(3, 0, 1))
        assert scores(facts) == (210, 50)

    def test_the_bids_follow_the_tables_contract_settings(self) -> None:
        facts = auction(bid(0, 85, "H"), bid(1, 90, "S"), bid(2, 100, "H"), *passes(3, 0, 1))
        assert scores(facts, contract_step=5) == (210, 50)
        facts = auction(bid(0, 200, "H"), *passes(1, 2, 3), taker=0, contract=200)
        assert refusal(facts) == ("bids", "call 1: bid: must be at most 160, not 200")

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            ({"seat": 1, "x": 1}, "call 2: x: is not a call key"),
            ({"pass": True}, "call 2: seat: is required"),
            ({"seat": 5, "pass": True}, "call 2: seat: must be a seat from 0 to 3, not 5"),
            ({"seat": 1, "bid": 90}, "call 2: suit: is required"),
            ({"seat": 1}, "call 2: bid: is required"),
            (
                {"seat": 1, "bid": "tout", "suit": "S"},
                'call 2: bid: must be a number, "capot" or "generale", not "tout"',
            ),
            (
                {"seat": 1, "bid": 90, "suit": "X"},
                'call 2: suit: "X" is not a suit (use S, H, D or C)',
            ),
            ({"seat": 1, "pass": "maybe"}, 'call 2: pass: must be true or false, not "maybe"'),
            ([1], "call 2: call: a call must be an object"),
        ],
    )
    def test_a_call_that_cannot_be_read_names_its_place_and_key(
        self, call: Any, message: str
    ) -> None:
        with pytest.raises(ParseError) as caught:
            COINCHE.hand(auction(bid(0, 80, "H"), call), COINCHE.settings(), PLAYERS)
        assert (caught.value.field, caught.value.message) == ("bids", message)

    @pytest.mark.parametrize(
        "call",
        [
            {"seat": 1, "pass": True, "bid": 90, "suit": "S"},
            {"seat": 1, "pass": True, "coinche": True},
            {"seat": 1, "coinche": True, "surcoinche": True},
            {"seat": 1, "pass": True, "suit": "S"},
        ],
    )
    def test_a_call_is_one_thing(self, call: dict[str, Any]) -> None:
        assert refusal(auction(bid(0, 80, "H"), call)) == (
            "bids",
            "call 2: a call is one of a bid, a pass, a coinche or a surcoinche",
        )

    def test_a_pass_or_coinche_given_as_false_is_not_that_call(self) -> None:
        call = {"seat": 1, "pass": False, "coinche": False, "bid": 90, "suit": "S"}
        facts = auction(bid(0, 80, "H"), call, bid(2, 100, "H"), *passes(3, 0, 1))
        assert scores(facts) == (210, 50)


class TestCoincheAndSurcoinche:
    """Check 3: who may coinche and surcoinche, and when."""

    def test_a_coinche_needs_an_earlier_bid(self) -> None:
        facts = auction(coinche(1), taker=0, coinche=1)
        assert refusal(facts) == ("bids", "call 1: there is no bid to coinche")

    @pytest.mark.parametrize("seat", [0, 2])
    def test_only_the_other_team_can_coinche(self, seat: int) -> None:
        facts = auction(bid(0, 80, "H"), coinche(seat), taker=0, contract=80, coinche=1)
        assert refusal(facts) == ("bids", "call 2: only the other team can coinche")

    def test_the_coinche_is_on_the_last_bid(self) -> None:
        # Anne bid, Bruno overbid: now Anne may coinche, and Bruno's partner may not.
        facts = auction(
            bid(0, 80, "H"),
            bid(1, 90, "S"),
            coinche(0),
            taker=1,
            contract=90,
            trump="S",
            coinche=1,
            card_points=[52, 100],
            last_trick=1,
        )
        assert scores(facts) == (0, 500)
        facts = auction(bid(0, 80, "H"), bid(1, 90, "S"), coinche(3), taker=1, contract=90)
        assert refusal(facts) == ("bids", "call 3: only the other team can coinche")

    def test_a_surcoinche_answers_a_coinche(self) -> None:
        facts = auction(bid(0, 80, "H"), surcoinche(2), taker=0, contract=80, coinche=2)
        assert refusal(facts) == ("bids", "call 2: a surcoinche answers a coinche")

    def test_only_the_bidding_team_can_surcoinche(self) -> None:
        facts = auction(bid(0, 80, "H"), coinche(1), surcoinche(3), taker=0, contract=80)
        assert refusal(facts) == ("bids", "call 3: only the bidding team can surcoinche")

    def test_the_bidders_partner_may_surcoinche(self) -> None:
        assert scores(EXAMPLE_7) == (20, 1120)

    def test_a_surcoinche_comes_directly_after_the_coinche(self) -> None:
        facts = auction(bid(0, 80, "H"), coinche(1), *passes(1), surcoinche(0), taker=0)
        assert refusal(facts) == (
            "bids",
            "call 3: a coinche ends the bidding; only a surcoinche may follow",
        )


class TestTheEnd:
    """Check 4: the auction ends after a bid and three passes, four passes, or a coinche,
    and nothing follows its end."""

    def test_three_passes_after_a_bid_end_it(self) -> None:
        assert scores(EXAMPLE_1) == (210, 50)
        facts = auction(bid(0, 80, "H"), *passes(1, 2, 3), bid(0, 90, "H"), taker=0)
        assert refusal(facts) == ("bids", "call 5: the auction was already over")
        facts = auction(bid(0, 80, "H"), *passes(1, 2, 3), coinche(1), taker=0)
        assert refusal(facts) == ("bids", "call 5: the auction was already over")

    def test_four_passes_end_it(self) -> None:
        passed = {"dealer": 3, "outcome": "passed", "bids": passes(0, 1, 2, 3)}
        assert scores(passed) == (0, 0)
        late = {**passed, "bids": [*passes(0, 1, 2, 3), bid(0, 80, "H")]}
        assert refusal(late) == ("bids", "call 5: the auction was already over")

    def test_three_passes_before_any_bid_do_not(self) -> None:
        facts = auction(
            *passes(0, 1, 2),
            bid(3, 100, "H"),
            *passes(0, 1, 2),
            taker=3,
            card_points=[49, 103],
            last_trick=1,
        )
        assert scores(facts) == (50, 210)

    def test_a_coinche_ends_it_and_a_surcoinche_closes_it(self) -> None:
        assert scores(EXAMPLE_4) == (0, 500)
        after = {**EXAMPLE_7, "bids": [*EXAMPLE_7["bids"], *passes(3)]}
        assert refusal(after) == ("bids", "call 4: the auction was already over")
        twice = {**EXAMPLE_7, "bids": [*EXAMPLE_7["bids"], surcoinche(0)]}
        assert refusal(twice) == ("bids", "call 4: the auction was already over")
        bid_after = {**EXAMPLE_4, "bids": [*EXAMPLE_4["bids"], bid(1, 100, "C")]}
        assert refusal(bid_after) == (
            "bids",
            "call 3: a coinche ends the bidding; only a surcoinche may follow",
        )

    @pytest.mark.parametrize(
        "calls",
        [
            [bid(0, 80, "H")],
            [bid(0, 80, "H"), *passes(1, 2)],
            [*passes(0, 1, 2)],
        ],
    )
    def test_an_unfinished_auction_is_refused(self, calls: list[dict[str, Any]]) -> None:
        assert refusal(auction(*calls, taker=0, contract=80)) == (
            "bids",
            "the auction is not finished: it ends with three passes after a bid, four "
            "passes, or a coinche",
        )


class TestItAgreesWithTheHand:
    """Check 5: the last bid is the contract, and the coinches its level."""

    def test_four_passes_go_with_a_passed_deal_only(self) -> None:
        facts = auction(*passes(0, 1, 2, 3))
        assert refusal(facts) == ("bids", "all four passed: the deal was passed, not played")

    def test_a_passed_deal_has_no_bid(self) -> None:
        facts = {"dealer": 3, "outcome": "passed", "bids": EXAMPLE_1["bids"]}
        assert refusal(facts) == (
            "bids",
            "the auction has a contract, so the deal was not passed",
        )

    @pytest.mark.parametrize(
        ("change", "message"),
        [
            ({"taker": 0}, "the auction ends with Chloé's 100♥, not Anne's 100♥"),
            ({"contract": 90}, "the auction ends with Chloé's 100♥, not Chloé's 90♥"),
            ({"trump": "S"}, "the auction ends with Chloé's 100♥, not Chloé's 100♠"),
            ({"coinche": 1}, "the auction ends without a coinche, not with a coinche"),
            ({"coinche": 2}, "the auction ends without a coinche, not with a surcoinche"),
        ],
    )
    def test_the_last_bid_is_the_contract(self, change: dict[str, Any], message: str) -> None:
        assert refusal({**EXAMPLE_1, **change}) == ("bids", message)

    def test_the_coinches_are_its_level(self) -> None:
        assert refusal({**EXAMPLE_4, "coinche": 0}) == (
            "bids",
            "the auction ends with a coinche, not without a coinche",
        )
        assert refusal({**EXAMPLE_7, "coinche": 1}) == (
            "bids",
            "the auction ends with a surcoinche, not with a coinche",
        )

    def test_tables_that_bid_on_after_a_coinche_leave_the_calls_out(self) -> None:
        facts = {k: v for k, v in EXAMPLE_4.items() if k != "bids"}
        assert scores(facts) == (0, 500)

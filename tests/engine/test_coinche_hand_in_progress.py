"""Coinche while a deal is being entered (rules/coinche.md), phase by phase: the auction,
then belote and the announcements, then the points. A fact that is wrong is refused as soon
as it is entered, naming its key; what is known so far is told back; a missing fact is
never an error."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import InvalidHand, ParseError
from games.engine.variant import Interim, InterimRow
from tests.engine.test_coinche import COINCHE, PLAYERS, bid, carre, coinche, passes, run, surcoinche


def in_progress(facts: Any, **settings: Any) -> Interim:
    return COINCHE.interim(facts, COINCHE.settings(settings), PLAYERS)


def refused(facts: Any, **settings: Any) -> str:
    with pytest.raises((ParseError, InvalidHand)) as caught:
        in_progress(facts, **settings)
    return str(caught.value)


def test_nothing_entered_is_nothing_to_judge() -> None:
    assert in_progress({}) == Interim()
    assert in_progress({"dealer": 3}) == Interim()


def test_the_default_players_are_used_without_names() -> None:
    result = COINCHE.interim({"taker": 1, "contract": 80, "trump": "S"}, COINCHE.settings(), None)
    assert result.lines[0] == "East took 80♠ for East & West."


@pytest.mark.parametrize(
    ("facts", "says"),
    [
        ([], "Coinche hand: a Coinche hand must be an object"),
        ({"colour": 1}, "colour: is not a Coinche hand key"),
        ({"dealer": 4}, "dealer: must be a seat from 0 to 3, not 4"),
        ({"outcome": "void"}, 'outcome: must be one of "played", "passed", not "void"'),
        ({"taker": 4}, "taker: must be a seat from 0 to 3, not 4"),
        ({"contract": "tout"}, 'contract: must be a number, "capot" or "generale", not "tout"'),
        ({"contract": 70}, "contract: must be at least 80, not 70"),
        (
            {"contract": "generale"},
            "contract: the générale is a bid only with the générale house rule",
        ),
        ({"trump": "X"}, 'trump: "X" is not a suit (use S, H, D or C)'),
        ({"coinche": 3}, "coinche: must be one of 0, 1, 2, not 3"),
        ({"bids": [{"seat": 0}]}, "bids: call 1: bid: is required"),
        ({"belote": 4}, "belote: must be a seat from 0 to 3, not 4"),
        ({"card_points": [100, 50]}, "card_points: must add up to 152 (got 100 + 50 = 150)"),
        ({"card_points": [151, 1]}, "card_points: no card is worth 1 point"),
        # One team's number that can never be right, the other team's box still empty.
        (
            {"card_points": [200, None]},
            "card_points: 200 is more than the 152 card points of the deck",
        ),
        ({"card_points": [None, 151]}, "card_points: no card is worth 1 point"),
        ({"card_points": [-5, None]}, "card_points: card points cannot be negative"),
        ({"last_trick": 2}, "last_trick: must be one of 0, 1, not 2"),
        (
            {"card_points": [150, 2], "last_trick": 0, "all_tricks": 0},
            "all_tricks: a team that won every trick has all 152 card points and the last trick",
        ),
        (
            {"taker": 2, "all_tricks": 1, "alone": True},
            "alone: a taker who won every trick alone is on the team that won them all",
        ),
        (
            {"declarations": [run(0, 3, "9", "S")]},
            "declarations: announcements are not played at this table (house rule)",
        ),
    ],
)
def test_a_wrong_fact_is_refused_as_soon_as_it_is_entered(facts: Any, says: str) -> None:
    assert refused(facts) == says


class TestTheAuction:
    def test_it_says_who_speaks_next_and_the_highest_bid(self) -> None:
        assert in_progress({"dealer": 3, "bids": passes(0)}).lines == (
            "Auction: no bid yet; Bruno to speak.",
        )
        facts = {"dealer": 3, "bids": [*passes(0), bid(1, 90, "S"), *passes(2)]}
        assert in_progress(facts).lines == ("Auction: Bruno bid 90♠; Denis to speak.",)

    def test_the_calls_need_the_dealer_to_be_judged(self) -> None:
        assert in_progress({"bids": passes(0)}) == Interim()

    def test_a_call_against_the_rules_is_refused_at_once(self) -> None:
        assert refused({"dealer": 3, "bids": [bid(1, 80, "H")]}) == (
            "bids: call 1: it was Anne's turn, not Bruno's"
        )
        assert refused({"dealer": 3, "bids": [bid(0, 80, "H"), coinche(2)]}) == (
            "bids: call 2: only the other team can coinche"
        )

    def test_a_finished_auction_gives_the_contract(self) -> None:
        facts = {
            "dealer": 3,
            "bids": [bid(0, 80, "H"), *passes(1), bid(2, 100, "H"), *passes(3, 0, 1)],
        }
        assert in_progress(facts).lines == (
            "Chloé took 100♥ for Anne & Chloé.",
            "Anne & Chloé need 100 of the 162 trick points to make 100♥.",
        )

    def test_a_coinche_and_a_surcoinche_are_told(self) -> None:
        calls = [bid(0, 80, "H"), coinche(1)]
        assert in_progress({"dealer": 3, "bids": calls}).lines[0] == (
            "Anne took 80♥ for Anne & Chloé, coinched (×2)."
        )
        calls = [*calls, surcoinche(2)]
        assert in_progress({"dealer": 3, "bids": calls}).lines[0] == (
            "Anne took 80♥ for Anne & Chloé, coinched and surcoinched (×4)."
        )
        facts = {"taker": 0, "contract": 80, "trump": "H", "coinche": 1}
        assert in_progress(facts).lines[0] == "Anne took 80♥ for Anne & Chloé, coinched (×2)."

    def test_a_finished_auction_must_agree_with_the_facts_entered(self) -> None:
        calls = [bid(0, 80, "H"), *passes(1, 2, 3)]
        assert refused({"dealer": 3, "bids": calls, "taker": 1}) == (
            "bids: the auction ends with Anne's 80♥, not Bruno's 80♥"
        )
        assert refused({"dealer": 3, "bids": calls, "coinche": 1}) == (
            "bids: the auction ends without a coinche, not with a coinche"
        )
        assert refused({"dealer": 3, "bids": calls, "outcome": "passed"}) == (
            "bids: the auction has a contract, so the deal was not passed"
        )
        assert refused({"dealer": 3, "bids": passes(0, 1, 2, 3), "outcome": "played"}) == (
            "bids: all four passed: the deal was passed, not played"
        )

    def test_four_passes_throw_the_cards_in(self) -> None:
        facts = {"dealer": 3, "bids": passes(0, 1, 2, 3)}
        assert in_progress(facts).lines == (
            "All four passed: the cards are thrown in and nobody scores.",
        )
        assert in_progress({"dealer": 3, "outcome": "passed"}).lines == (
            "All four passed: the cards are thrown in and nobody scores.",
        )

    def test_a_passed_deal_takes_no_contract(self) -> None:
        assert refused({"dealer": 3, "bids": passes(0, 1, 2, 3), "taker": 1}) == (
            "taker: nobody took a contract"
        )
        assert refused({"outcome": "passed", "coinche": 2}) == "coinche: nobody took a contract"

    def test_without_calls_the_contract_is_told_once_it_is_all_in(self) -> None:
        assert in_progress({"taker": 2, "contract": 100}) == Interim()
        assert in_progress({"taker": 2, "contract": 100, "trump": "D"}).lines[0] == (
            "Chloé took 100♦ for Anne & Chloé."
        )


class TestBeloteAndAnnouncements:
    def test_the_belote_is_told(self) -> None:
        assert in_progress({"belote": 3}).lines == ("Belote: Denis +20 for Bruno & Denis.",)

    def test_the_announcements_are_judged_as_soon_as_they_are_in(self) -> None:
        facts = {
            "dealer": 2,
            "taker": 3,
            "contract": 100,
            "trump": "H",
            "declarations": [run(0, 4, "J", "S"), run(1, 3, "A", "D"), run(3, 4, "10", "H")],
        }
        result = in_progress(facts, announcements=True)
        assert result.lines == (
            "Denis took 100♥ for Bruno & Denis.",
            "Declarations: Anne & Chloé 50, Bruno & Denis 0.",
            "Announcements: equal value (50): the higher card wins, J over 10.",
            "Announcements: Anne's 4-card run 8–J♠ (50) is best; Anne & Chloé score 50.",
            "Bruno & Denis's announcements count for nothing.",
            "Bruno & Denis need 107 of the 162 trick points to make 100♥.",
        )
        assert result.rows[0] == InterimRow(
            "Anne",
            "4-card run 8–J♠",
            True,
            50,
            "the best announcement (equal value (50): the higher card wins, J over 10)",
        )
        assert [row.counted for row in result.rows] == [True, False, False]

    def test_a_carre_is_a_four_of_a_kind(self) -> None:
        facts = {"dealer": 3, "trump": "S", "declarations": [carre(1, "9")]}
        result = in_progress(facts, announcements=True)
        assert result.rows == (
            InterimRow("Bruno", "four nines", True, 150, "the best announcement"),
        )

    def test_an_announcement_still_being_entered_waits(self) -> None:
        facts = {
            "dealer": 3,
            "trump": "S",
            "declarations": [{"seat": 2, "kind": "carre"}, run(0, 3, "9", "C")],
        }
        result = in_progress(facts, announcements=True)
        assert result.rows[0] == InterimRow(
            "Chloé", "four of a kind", None, 0, "still to enter: the rank"
        )
        assert result.lines[-1] == "1 declaration still being entered."

    def test_it_waits_for_the_dealer_and_trump_where_they_decide(self) -> None:
        facts = {"declarations": [run(0, 4, "J", "S"), run(1, 4, "J", "C")]}
        result = in_progress(facts, announcements=True)
        assert result.lines == ("Choose the dealer and trump first to judge the declarations.",)
        assert result.rows[0].counted is None

    @pytest.mark.parametrize(
        ("facts", "says"),
        [
            (
                {"declarations": [{"seat": 0, "kind": "four", "rank": "J"}]},
                'declarations: declaration 1: kind: must be one of "sequence", "carre", not "four"',
            ),
            (
                {"declarations": [{"seat": 1}, carre(0, "8")]},
                "declarations: declaration 2: a carré of sevens or eights scores nothing",
            ),
            (
                {"declarations": [{"seat": 1}, run(0, 3, "9", "S"), run(1, 3, "10", "S")]},
                "declarations: declarations 2 and 3 both use 8♠; there is only one deck",
            ),
            (
                {"declarations": [{"kind": "carre"}, carre(0, "Q"), carre(3, "Q")]},
                "declarations: declarations 2 and 3 are both four queens; there is only one deck",
            ),
            (
                {"declarations": [carre(0, "J"), carre(0, "9"), run(0, 3, "9", "C")]},
                "declarations: Anne's announcements show 10 different cards; a player holds 8",
            ),
            (
                {"trump": "S", "belote": 1, "declarations": [{"seat": 2}, run(0, 3, "K", "S")]},
                "declarations: declaration 2: K♠ is Bruno's, who has the belote",
            ),
        ],
    )
    def test_an_announcement_against_the_deck_is_refused_numbered_as_listed(
        self, facts: dict[str, Any], says: str
    ) -> None:
        assert refused(facts, announcements=True) == says


class TestThePoints:
    def deal(self, **facts: Any) -> dict[str, Any]:
        return {"dealer": 3, "taker": 2, "contract": 100, "trump": "H", **facts}

    @pytest.mark.parametrize(
        ("facts", "settings", "need"),
        [
            ({}, {}, "Anne & Chloé need 100 of the 162 trick points to make 100♥."),
            ({"contract": 80}, {}, "Anne & Chloé need 82 of the 162 trick points to make 80♥."),
            ({"belote": 0}, {}, "Anne & Chloé need 80 of the 162 trick points to make 100♥."),
            # The defenders' belote: more than 162 + 20 − x, so 92.
            (
                {"contract": 80, "belote": 1},
                {},
                "Anne & Chloé need 92 of the 162 trick points to make 80♥.",
            ),
            (
                {"belote": 0},
                {"bonus_in_contract": False},
                "Anne & Chloé need 100 of the 162 trick points to make 100♥.",
            ),
            ({"contract": "capot"}, {}, "Anne & Chloé must win every trick to make capot ♥."),
            (
                {"contract": "generale"},
                {"generale": True},
                "Chloé must win every trick alone to make générale ♥.",
            ),
            (
                {"contract": 250},
                {"max_contract": 650},
                "Anne & Chloé must win every trick to make 250♥.",
            ),
            (
                {"contract": 260},
                {"max_contract": 650},
                "Anne & Chloé cannot make 260♥, even winning every trick.",
            ),
            (
                {"contract": 260, "belote": 2},
                {"max_contract": 650},
                "Anne & Chloé must win every trick to make 260♥.",
            ),
        ],
    )
    def test_it_says_what_the_takers_need_from_the_cards(
        self, facts: dict[str, Any], settings: dict[str, Any], need: str
    ) -> None:
        assert in_progress(self.deal(**facts), **settings).lines[-1] == need

    def test_the_announcements_count_once_they_are_all_in(self) -> None:
        facts = self.deal(declarations=[run(2, 4, "A", "C"), {"seat": 1}])
        assert not any("need" in line for line in in_progress(facts, announcements=True).lines)
        facts = self.deal(declarations=[run(2, 4, "A", "C")])
        assert in_progress(facts, announcements=True).lines[-1] == (
            "Anne & Chloé need 57 of the 162 trick points to make 100♥."
        )

    def test_once_the_points_are_in_the_score_tells_the_rest(self) -> None:
        facts = self.deal(card_points=[103, 49], last_trick=0)
        assert in_progress(facts).lines == ("Chloé took 100♥ for Anne & Chloé.",)
        facts = self.deal(card_points=[103, None])
        assert in_progress(facts).lines[-1].startswith("Anne & Chloé need 100")

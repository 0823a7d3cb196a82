"""304 tells the table what happened and what is wrong (rules/304.md): the notes beside a
deal's result, how each marriage moves the target, the auction as it was called, the deal in
progress, and the message of each refused entry, naming its place in the list.

Through the catalogue: every note, verdict reason, line and row of the hand in progress,
progress word and refusal, over a spread of hands, is a catalogue Text; rendered in the
pseudo-language of tests/engine/helpers.py no English word is left; and every sentence of
the game's section is said by at least one of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.engine import GameState, ScorerError, get_variant
from games.engine.texts import CATALOGUE, Text
from games.engine.three_o_four import seat_calls
from games.engine.variant import Call, Interim, InterimRow, Verdict
from tests.engine.helpers import (
    Said,
    hand_refusal,
    hand_texts,
    ids_in,
    interim_refusal,
    interim_texts,
    reader_names,
    reader_names_the_key,
    says_only_catalogue,
    variant_texts,
)

FOUR = get_variant("304")
THREE = get_variant("304-widow")
INDIANS = ("Asha", "Bala", "Chitra", "Dev")
TRIO = ("Asha", "Bala", "Chitra")
ALL_PASS = [{"seat": 1, "pass": True}, {"seat": 2, "pass": True}, {"seat": 3, "pass": True}]


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
    return {**base, **facts}


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
    return {**base, **facts}


def score(facts: dict[str, Any], variant: Any = FOUR, **settings: Any) -> Any:
    players = INDIANS[: variant.seats]
    s = variant.settings(settings)
    state = GameState(totals=(0,) * len(players), sides=players, players=players)
    return variant.score_hand(variant.hand(facts, s), s, state)


def refusal(facts: dict[str, Any], variant: Any = FOUR, **settings: Any) -> tuple[str, str]:
    with pytest.raises(ScorerError) as caught:
        variant.hand(facts, variant.settings(settings))
    return caught.value.field, caught.value.message


def interim(variant: Any = FOUR, settings: Any = None, **facts: Any) -> Interim:
    players = INDIANS[: variant.seats]
    return variant.interim(facts, variant.settings(settings or {}), players)


class TestTheNotes:
    def test_a_target_reached_exactly_is_made(self) -> None:
        # "trick points ≥ target: +1" (304.md, result).
        result = score(deal(points=180))
        assert (result.scores, result.made) == ((1, 0, 1, 0), True)
        assert result.notes == (
            "Asha bid 180 in ♠, called A♥ (Chitra).",
            "180 reached 180: Asha and Chitra +1.",
        )

    def test_the_marriages_are_named_with_the_target_they_make(self) -> None:
        result = score(deal(marriages=[{"seat": 2, "suit": "S"}, {"seat": 1, "suit": "H"}]))
        assert result.notes == (
            "Asha bid 180 in ♠, called A♥ (Chitra); marriages: Chitra K+Q♠ (−40), "
            "Bala K+Q♥ (+20); target 160.",
            "190 reached 160: Asha and Chitra +1.",
        )

    def test_a_lost_slam_scored_as_usual_says_so(self) -> None:
        # Option failed_slam "normal": a failed slam scores ±1 against the target.
        lost = score(deal(points=170, slam=True), failed_slam="normal")
        assert (lost.scores, lost.made) == ((-1, 0, -1, 0), False)
        assert lost.notes[1] == "Slam declared and lost; scored as usual: Asha and Chitra −1."
        exact = score(deal(points=180, slam=True), failed_slam="normal")
        assert (exact.scores, exact.made) == ((1, 0, 1, 0), True)
        kept = score(deal(points=190, slam=True), failed_slam="normal")
        assert (kept.scores, kept.made) == ((1, 0, 1, 0), True)
        assert kept.notes[1] == "Slam declared and lost; scored as usual: Asha and Chitra +1."

    def test_a_lost_called_card_is_noted(self) -> None:
        # The partner still shares the result; the app records it for the history.
        result = score(deal(partner_lost=True))
        assert result.scores == (1, 0, 1, 0)
        assert result.notes[-1] == "Asha played on alone after the called card was lost."

    def test_the_widow_counts_for_the_bidder(self) -> None:
        # 157 + 13 = 170 ≥ 170 (304.md, 304-widow: made when points + widow_points ≥ target).
        result = score(widow(points=157), THREE)
        assert (result.scores, result.made) == ((1, 0, 0), True)
        assert result.notes == (
            "Asha bid 170 in ♠.",
            "157 + 13 in the widow reached 170: Asha +1.",
        )

    def test_the_widow_may_hold_sixty(self) -> None:
        assert score(widow(points=200, widow_points=60), THREE).scores == (1, 0, 0)


class TestTheAuctionAndMarriages:
    def test_the_calls_are_those_the_table_made(self) -> None:
        hand = FOUR.hand(deal(bids=[{"seat": 0, "bid": 180}, *ALL_PASS]), FOUR.settings({}))
        assert FOUR.auction(hand) == (
            Call(0, "bid", value=180),
            Call(1, "pass"),
            Call(2, "pass"),
            Call(3, "pass"),
        )
        assert hand.to_dict()["bids"] == [{"seat": 0, "bid": 180}, *ALL_PASS]

    def test_without_the_calls_only_the_winning_bid_is_known(self) -> None:
        hand = FOUR.hand(deal(), FOUR.settings({}))
        assert FOUR.auction(hand) == (Call(0, "bid", "S", 180),)

    def test_each_marriage_says_how_it_moves_the_target(self) -> None:
        facts = deal(marriages=[{"seat": 2, "suit": "S"}, {"seat": 1, "suit": "H"}])
        s = FOUR.settings({})
        hand = FOUR.hand(facts, s)
        declared = FOUR.declared(hand, score(facts))
        assert [(d.seat, d.kind, d.suit) for d, _ in declared] == [
            (2, "marriage", "S"),
            (1, "marriage", "H"),
        ]
        assert [v for _, v in declared] == [
            Verdict(
                True, -40, "the bidder's side shows it in trumps: lowers the bidder's target by 40"
            ),
            Verdict(True, 20, "the other side shows it: raises the bidder's target by 20"),
        ]

    def test_the_first_bid_may_be_150(self) -> None:
        facts = deal(bid=150, bids=[{"seat": 0, "bid": 150}, *ALL_PASS])
        assert score(facts).notes[0] == "Asha bid 150 in ♠, called A♥ (Chitra)."

    def test_calls_are_given_their_seats_in_turn_from_the_dealer_s_left(self) -> None:
        # A pass is final: the passer's turn is skipped from then on (304.md, auction).
        assert seat_calls([160, None, 170, None, 175, None], 3, 4) == [
            {"seat": 0, "bid": 160},
            {"seat": 1, "pass": True},
            {"seat": 2, "bid": 170},
            {"seat": 3, "pass": True},
            {"seat": 0, "bid": 175},
            {"seat": 2, "pass": True},
        ]
        # Once everyone has passed nobody is left to call.
        assert seat_calls([None, None, None, None, 160], 0, 4) == [
            {"seat": s, "pass": True} for s in (1, 2, 3, 0)
        ]

    def test_the_deal_in_play_is_counted_to_eleven_then_as_extra(self) -> None:
        s = FOUR.settings({})
        assert FOUR.progress(s, 2) == "deal 3 of 11"
        assert FOUR.progress(s, 11) == "extra deal 1 (a tie after 11)"
        assert FOUR.progress(s, 12) == "extra deal 2 (a tie after 11)"


class TestARefusedEntry:
    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            (deal(colour="H"), "colour", "is not a 304 hand key"),
            (
                deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "bid": 185, "x": 1}]),
                "bids",
                "call 2: x: is not a bid key",
            ),
            (
                deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "Z"}]),
                "marriages",
                'marriage 2: suit: "Z" is not a suit (use S, H, D or C)',
            ),
            (
                deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "H"}]),
                "marriages",
                "marriage 2: there is one K+Q♥",
            ),
            (
                deal(
                    tricks=0,
                    points=0,
                    marriages=[{"seat": 1, "suit": "C"}, {"seat": 2, "suit": "H"}],
                ),
                "marriages",
                "marriage 2: the bidder's side showed it before winning a trick",
            ),
            (
                deal(
                    tricks=8,
                    points=304,
                    marriages=[{"seat": 0, "suit": "C"}, {"seat": 1, "suit": "H"}],
                ),
                "marriages",
                "marriage 2: the other side showed it before winning a trick",
            ),
            (
                deal(partner=0),
                "partner",
                "the bidder calls a card he does not hold: the partner is another player",
            ),
            (deal(tricks=0, points=10), "points", "a side that won no trick has no trick points"),
            (
                deal(marriages=[{"seat": 1, "suit": "H", "rank": "K"}]),
                "marriages",
                "marriage 1: rank: is not a marriage key",
            ),
            (deal(tricks=8, points=300), "points", "all 8 tricks hold all 304 points"),
            (
                deal(bids=[{"seat": 0, "bid": 180}]),
                "bids",
                "the auction is not finished: keep going until all but one pass",
            ),
        ],
    )
    def test_it_names_the_key_and_the_rule(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        assert refusal(facts) == (field, message)

    def test_a_marriage_needs_its_side_to_have_won_a_trick(self) -> None:
        # One trick is enough for the bidder's side; seven leave one for the other side.
        one = score(deal(tricks=1, points=10, marriages=[{"seat": 2, "suit": "H"}]))
        assert one.notes[1] == "10 fell short of 160: Asha and Chitra −1."
        seven = score(deal(tricks=7, points=290, marriages=[{"seat": 1, "suit": "H"}]))
        assert seven.notes[1] == "290 reached 200: Asha and Chitra +1."

    def test_the_widow_game_names_its_own_rules(self) -> None:
        assert refusal(widow(widow_points=60, points=250), THREE) == (
            "widow_points",
            "trick points and widow points exceed 304",
        )
        assert refusal(widow(tricks=10, points=250), THREE) == (
            "points",
            "all 10 tricks and the widow hold all 304 points",
        )

    def test_the_bid_range_names_304_when_it_is_allowed(self) -> None:
        assert refusal(deal(bid=303), allow_304_bid=True) == (
            "bid",
            "a bid is a multiple of 5 from 150 to 304, not 303",
        )

    def test_an_unknown_setting_names_the_game(self) -> None:
        with pytest.raises(ScorerError) as caught:
            FOUR.settings({"colour": "H"})
        assert caught.value.message == "is not a 304 setting key"


RAISES = [
    {"seat": 1, "bid": 180},
    {"seat": 2, "bid": 210},
    {"seat": 3, "bid": 240},
    {"seat": 0, "bid": 270},
    {"seat": 1, "bid": 275},
]


class TestTheDealInProgress:
    def test_a_marriage_being_entered_says_what_is_missing(self) -> None:
        result = interim(
            bidder=0,
            bid=220,
            trump="D",
            partner=2,
            marriages=[{"suit": "H"}, {"seat": 1}, {}, {"seat": 2, "suit": "D"}],
        )
        assert result == Interim(
            ("Target 220 → ?: a marriage is being entered.", "Asha bid 220 in ♦."),
            (
                InterimRow("", "marriage K+Q♥", None, 0, "still to enter: who"),
                InterimRow("Bala", "marriage", None, 0, "still to enter: the suit"),
                InterimRow("", "marriage", None, 0, "still to enter: who, the suit"),
                InterimRow(
                    "Chitra",
                    "marriage K+Q♦",
                    True,
                    -40,
                    "the bidder's side shows it in trumps: lowers the bidder's target by 40",
                ),
            ),
        )

    def test_a_marriage_waits_for_the_facts_that_place_its_side(self) -> None:
        result = interim(bid=220, marriages=[{"seat": 1, "suit": "C"}, {"seat": 2, "suit": "D"}])
        wait = "waits for the bidder and trump and the partner"
        assert result == Interim(
            ("Target 220 → ?: choose the bidder and trump and the partner first.",),
            (
                InterimRow("Bala", "marriage K+Q♣", None, 0, wait),
                InterimRow("Chitra", "marriage K+Q♦", None, 0, wait),
            ),
        )

    def test_the_facts_to_choose_are_gathered_from_every_marriage(self) -> None:
        # The bidder's own marriage needs no partner; Bala's does.
        result = interim(
            bidder=0, bid=220, marriages=[{"seat": 1, "suit": "C"}, {"seat": 0, "suit": "D"}]
        )
        assert result.lines == (
            "Target 220 → ?: choose trump and the partner first.",
            "Asha bid 220.",
        )
        assert [r.reason for r in result.rows] == [
            "waits for trump and the partner",
            "waits for trump",
        ]

    def test_without_a_bid_the_marriages_move_the_bid(self) -> None:
        # The partner is on the bidder's side: his marriage lowers the target.
        result = interim(bidder=0, trump="D", partner=2, marriages=[{"seat": 2, "suit": "H"}])
        assert result.lines == ("The marriages move the bid by −20.", "Asha bids in ♦.")
        assert result.rows[0].points == -20
        half = interim(
            bidder=0, trump="D", partner=2, marriages=[{"seat": 2, "suit": "H"}, {"seat": 3}]
        )
        assert half.lines == ("Asha bids in ♦.",)

    def test_the_contract_line_names_the_called_card_and_partner(self) -> None:
        assert interim(bidder=0, trump="D", called_card="9S", partner=2) == Interim(
            ("Asha bids in ♦, called 9♠ (Chitra).",)
        )
        assert interim(bidder=0) == Interim(("Asha bids.",))

    def test_the_widow_game_has_no_partner(self) -> None:
        result = interim(THREE, bidder=0, bid=170, trump="S", marriages=[{"seat": 1, "suit": "H"}])
        assert result.lines == (
            "Target 170 → 190: Bala's side shows the ♥ marriage (+20).",
            "Asha bid 170 in ♠.",
        )

    def test_the_auction_so_far_names_the_bidder(self) -> None:
        calls = [{"seat": 1, "bid": 160}, *({"seat": s, "pass": True} for s in (2, 3, 0))]
        assert interim(dealer=0, bidder=1, bids=calls) == Interim(("Target 160.", "Bala bid 160."))
        # Without the dealer the calls cannot be placed yet.
        assert interim(bids=calls[:1]) == Interim()
        assert interim(dealer=0, bids=calls[:1]) == Interim()

    @pytest.mark.parametrize(
        ("facts", "message"),
        [
            ({"bidder": 2, "bid": 170}, "the auction ends with Bala at 160, not Chitra at 170"),
            ({"bidder": 2}, "the auction ends with Bala at 160, not Chitra at 160"),
            ({"bid": 170}, "the auction ends with Bala at 160, not Bala at 170"),
        ],
    )
    def test_a_bidder_or_bid_the_auction_contradicts_is_refused_in_one_wording(
        self, facts: dict[str, Any], message: str
    ) -> None:
        calls = [{"seat": 1, "bid": 160}, *({"seat": s, "pass": True} for s in (2, 3, 0))]
        with pytest.raises(ScorerError) as caught:
            interim(dealer=0, bids=calls, **facts)
        assert (caught.value.field, caught.value.message) == ("bids", message)

    @pytest.mark.parametrize(
        ("settings", "facts", "field", "message"),
        [
            (
                {},
                {"bidder": 0, "partner": 0},
                "partner",
                "the bidder calls a card he does not hold: the partner is another player",
            ),
            ({}, {"colour": 1}, "colour", "is not a 304 hand key"),
            (
                {},
                {"marriages": [{"seat": 1, "x": 1}]},
                "marriages",
                "marriage 1: x: is not a marriage key",
            ),
            (
                {},
                {"bids": [{"seat": 1, "bid": 160, "x": 1}]},
                "bids",
                "call 1: x: is not a bid key",
            ),
            (
                {},
                {"dealer": 0, "bids": [{"seat": 2, "bid": 160}]},
                "bids",
                "call 1: it was Bala's turn, not Chitra's",
            ),
            (
                {},
                {"dealer": 0, "bids": [*RAISES, {"seat": 2, "bid": 305}]},
                "bids",
                "call 6: the highest bid is 300",
            ),
            (
                {},
                {"marriages": [{"seat": 1, "suit": "H"}, {"seat": 2, "suit": "Z"}]},
                "marriages",
                'marriage 2: suit: "Z" is not a suit (use S, H, D or C)',
            ),
            (
                {},
                {"marriages": [{"seat": 1, "suit": "H"}, {"seat": 2, "suit": "H"}]},
                "marriages",
                "marriage 2: there is one K+Q♥",
            ),
        ],
    )
    def test_a_wrong_value_already_entered_is_refused(
        self, settings: dict[str, Any], facts: dict[str, Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            interim(FOUR, settings, **facts)
        assert (caught.value.field, caught.value.message) == (field, message)

    def test_304_may_follow_275_when_allowed(self) -> None:
        calls = [*RAISES, {"seat": 2, "bid": 304}]
        result = interim(FOUR, {"allow_304_bid": True}, dealer=0, bids=calls)
        assert result == Interim()


class TestEachAuctionRefusalNamesItsCall:
    """A call against the auction's rules is refused naming the call and its numbers, alike
    in a saved hand and in the hand in progress."""

    @pytest.mark.parametrize(
        ("calls", "settings", "message"),
        [
            (
                [160, None, None, None, 170],
                {},
                "call 5: the auction was already over",
            ),
            ([140], {}, "call 1: the first bid is 150 to 180 in fives, not 140"),
            (
                [160, 304],
                {"allow_304_bid": True},
                "call 2: 304 may only follow a bid of 275 or more",
            ),
            ([160, 200], {}, "call 2: a raise is 5 to 30 in fives over 160, not 200"),
            ([180, 210, 240, 270, 300, 305], {}, "call 6: the highest bid is 300"),
        ],
    )
    def test_the_refusal_names_the_call(
        self, calls: list[int | None], settings: dict[str, Any], message: str
    ) -> None:
        # Give each call its seat in turn from the dealer's left, as the table calls them.
        bids = seat_calls(calls, 3, 4)
        assert refusal(deal(bids=bids), **settings) == ("bids", message)
        with pytest.raises(ScorerError) as caught:
            interim(settings=settings, dealer=3, bids=bids)
        assert (caught.value.field, caught.value.message) == ("bids", message)


class TestWhatTheFactsSayInWords:
    def test_the_widow_short_of_the_target_says_so(self) -> None:
        # 150 + 13 = 163 < 170.
        assert score(widow(points=150), THREE).notes[1] == (
            "150 + 13 in the widow fell short of 170: Asha −1."
        )

    def test_a_widow_beyond_two_cards_names_its_points(self) -> None:
        message = "two cards hold 0 to 60 points, not 61"
        assert refusal(widow(widow_points=61), THREE) == ("widow_points", message)

    def test_each_marriage_says_whether_it_is_in_trumps(self) -> None:
        facts = deal(
            tricks=5,
            marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "S"}],
        )
        hand = FOUR.hand(facts, FOUR.settings({}))
        assert [v.reason for _, v in FOUR.declared(hand, score(facts))] == [
            "the bidder's side shows it: lowers the bidder's target by 20",
            "the other side shows it in trumps: raises the bidder's target by 40",
        ]


# --- Through the catalogue ------------------------------------------------------------


SHOWN = [
    {"seat": 2, "suit": "S"},
    {"seat": 1, "suit": "H"},
    {"seat": 0, "suit": "D"},
    {"seat": 3, "suit": "C"},
]
# Dealer 3: seat 0 bids first.
FIVE_RAISES = [
    {"seat": 0, "bid": 180},
    {"seat": 1, "bid": 210},
    {"seat": 2, "bid": 240},
    {"seat": 3, "bid": 270},
    {"seat": 0, "bid": 275},
]


def three_o_four_texts() -> Iterator[Said]:
    hands: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (FOUR, deal(points=180), {}),
        (FOUR, deal(points=170), {}),
        (FOUR, deal(marriages=SHOWN), {}),
        (FOUR, deal(marriages=[{"seat": 1, "suit": "S"}, {"seat": 0, "suit": "H"}]), {}),
        (FOUR, deal(points=304, tricks=8, slam=True), {}),
        (FOUR, deal(points=170, slam=True), {"failed_slam": "normal"}),
        (FOUR, deal(points=190, slam=True), {}),
        (FOUR, deal(partner_lost=True), {}),
        (THREE, widow(points=157), {}),
        (THREE, widow(points=150), {}),
        (THREE, widow(points=294, widow_points=10, tricks=10, slam=True), {}),
        (THREE, widow(marriages=[{"seat": 1, "suit": "H"}]), {}),
    ]
    for variant, facts, settings in hands:
        for text in hand_texts(variant, facts, **settings):
            yield f"{variant.key} note {facts}", text
    in_progress: list[tuple[Any, dict[str, Any]]] = [
        (
            FOUR,
            {
                "bidder": 0,
                "bid": 220,
                "trump": "D",
                "partner": 2,
                "marriages": [{"suit": "H"}, {"seat": 1}, {}, {"seat": 2, "suit": "D"}],
            },
        ),
        (FOUR, {"bid": 220, "marriages": [{"seat": 1, "suit": "C"}, {"seat": 2, "suit": "D"}]}),
        (FOUR, {"bidder": 0, "bid": 220, "marriages": [{"seat": 1, "suit": "C"}]}),
        (FOUR, {"bidder": 0, "trump": "D", "partner": 2, "marriages": [{"seat": 2, "suit": "H"}]}),
        (FOUR, {"bidder": 0, "bid": 200, "trump": "D", "partner": 2, "marriages": SHOWN}),
        (FOUR, {"bidder": 0, "bid": 200}),
        (THREE, {"bidder": 0, "bid": 170, "trump": "S", "marriages": [{"seat": 1, "suit": "H"}]}),
    ]
    for bid in (None, 160):
        for trump in (None, "D"):
            for called in ({}, {"called_card": "9S"}, {"called_card": "9S", "partner": 2}):
                facts = {"bidder": 0, "bid": bid, "trump": trump, **called}
                in_progress.append((FOUR, {k: v for k, v in facts.items() if v is not None}))
    for variant, facts in in_progress:
        for text in interim_texts(variant, facts):
            yield f"{variant.key} in progress {facts}", text
    refused: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (FOUR, deal(bid=303), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}, *ALL_PASS, {"seat": 0, "bid": 190}]), {}),
        (FOUR, deal(bids=[{"seat": 1, "bid": 180}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 190}]), {}),
        (
            FOUR,
            deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "bid": 304}]),
            {"allow_304_bid": True},
        ),
        (FOUR, deal(bids=[{"seat": 0, "bid": 160}, {"seat": 1, "bid": 200}]), {}),
        (FOUR, deal(bids=[*FIVE_RAISES, {"seat": 1, "bid": 305}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "bid": 185, "x": 1}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 150}, *ALL_PASS]), {}),
        (FOUR, deal(partner=0), {}),
        (FOUR, deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "Z"}]), {}),
        (FOUR, deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "H"}]), {}),
        (FOUR, deal(tricks=0, points=0, marriages=[{"seat": 0, "suit": "C"}]), {}),
        (FOUR, deal(tricks=8, points=304, marriages=[{"seat": 1, "suit": "C"}]), {}),
        (FOUR, deal(tricks=9), {}),
        (FOUR, deal(points=303), {}),
        (FOUR, deal(tricks=0, points=10), {}),
        (FOUR, deal(tricks=8, points=300), {}),
        (THREE, widow(widow_points=61), {}),
        (THREE, widow(widow_points=60, points=250), {}),
        (THREE, widow(tricks=10, points=250), {}),
    ]
    for variant, facts, settings in refused:
        yield f"{variant.key} refusal {facts}", hand_refusal(variant, facts, **settings)
    calls = [{"seat": 1, "bid": 160}, *({"seat": s, "pass": True} for s in (2, 3, 0))]
    for facts in ({"bidder": 2, "bid": 170}, {"bidder": 2}, {"bid": 170}):
        yield (
            f"304 in progress refusal {facts}",
            interim_refusal(FOUR, {"dealer": 0, "bids": calls, **facts}),
        )
    for facts in (
        {"bidder": 0, "partner": 0},
        {"marriages": [{"seat": 1, "x": 1}]},
        {"marriages": [{"seat": 1, "suit": "H"}, {"seat": 2, "suit": "H"}]},
    ):
        yield f"304 in progress refusal {facts}", interim_refusal(FOUR, facts)
    for variant in (FOUR, THREE):
        for text in variant_texts(variant):
            yield f"{variant.key} words", text


SAID: list[Said] = list(three_o_four_texts())
# What the shared reader calls the game's hands and settings: said inside its own message.
READER_IDS = {
    "three_o_four.reader.setting",
    "three_o_four.reader.hand",
    "three_o_four.reader.bid",
    "three_o_four.reader.marriage",
}


@pytest.mark.parametrize(("where", "text"), SAID, ids=[where for where, _ in SAID])
def test_it_is_a_catalogue_sentence_with_no_english_left(where: str, text: object) -> None:
    says_only_catalogue(where, text)


def test_every_sentence_of_304_is_said() -> None:
    said = {id for _, text in SAID if isinstance(text, Text) for id in ids_in(text)}
    mine = {id for id in CATALOGUE if id.startswith("three_o_four.")}
    assert mine - READER_IDS - said == set()


def test_the_reader_names_304_hands_and_settings() -> None:
    reader_names(FOUR, deal(), "three_o_four.reader.setting", "three_o_four.reader.hand")


@pytest.mark.parametrize(
    ("facts", "id"),
    [
        (deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "x": 1}]), "three_o_four.reader.bid"),
        (deal(marriages=[{"seat": 1, "x": 1}]), "three_o_four.reader.marriage"),
    ],
)
def test_the_reader_names_each_call_and_marriage(facts: dict[str, Any], id: str) -> None:
    reader_names_the_key(FOUR, facts, id)

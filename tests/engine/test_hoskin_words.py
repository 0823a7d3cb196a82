"""Hoşkin tells the table what happened and what is wrong (rules/hoskin.md): the notes of a
deal, each player's melds and whether they count, the ihale as it was called, the deal in
progress with the cards laid out and the gömü, and the message of each refused entry.

Through the catalogue: every note, verdict reason, line and row of the hand in progress,
progress word and refusal, over a spread of hands, is a catalogue Text; rendered in the
pseudo-language of tests/engine/helpers.py no English word is left; and every sentence of
the game's section is said by at least one of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.engine import GameState, ScorerError, get_variant
from games.engine.cards import Card, Suit
from games.engine.hoskin import count_meld
from games.engine.texts import CATALOGUE, Text
from games.engine.variant import Interim, InterimRow, Verdict
from tests.engine.helpers import (
    NAMES,
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

PARTNERS = get_variant("hoskin")
TEKLI = get_variant("hoskin-tekli")
TURKS = ("Ali", "Berk", "Cem", "Deniz")
TRIO = ("Ece", "Fatih", "Gül")


def deal(**facts: Any) -> dict[str, Any]:
    """The spec's example 1: North holds 650 in ♥ and makes 730."""
    base: dict[str, Any] = {
        "dealer": 3,
        "holder": 0,
        "contract": 650,
        "trump": "H",
        "melds": [270, 80, 140, 60],
        "trick_points": [300, 180],
        "last_trick": 0,
    }
    return {**base, **facts}


def tekli(**facts: Any) -> dict[str, Any]:
    """The spec's example 3: Gül takes the ihale at 650 and makes 689."""
    base: dict[str, Any] = {
        "dealer": 0,
        "holder": 2,
        "contract": 650,
        "trump": "D",
        "melds": [60, 80, 350],
        "trick_points": [71, 90, 290],
        "gomu_points": 29,
        "last_trick": 2,
    }
    return {**base, **facts}


def score(facts: dict[str, Any], variant: Any = PARTNERS, **settings: Any) -> Any:
    players = TURKS if variant is PARTNERS else TRIO
    s = variant.settings(settings)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=players)
    return variant.score_hand(variant.hand(facts, s), s, state)


def refusal(facts: dict[str, Any], variant: Any = PARTNERS, **settings: Any) -> tuple[str, str]:
    with pytest.raises(ScorerError) as caught:
        variant.hand(facts, variant.settings(settings))
    return caught.value.field, caught.value.message


def calls(facts: dict[str, Any], variant: Any = PARTNERS) -> list[tuple[Any, ...]]:
    hand = variant.hand(facts, variant.settings({}))
    return [(c.seat, c.call, c.suit, c.value) for c in variant.auction(hand)]


def interim(variant: Any = PARTNERS, settings: Any = None, **facts: Any) -> Interim:
    players = TURKS if variant is PARTNERS else TRIO
    return variant.interim(facts, variant.settings(settings or {}), players)


class TestTheNotes:
    def test_a_failed_contract_says_why_and_loses_its_melds(self) -> None:
        # A false declaration fails the contract whatever the points (hoskin.md).
        result = score(deal(violation="meld_short"))
        assert (result.scores, result.made) == ((-650, 320), False)
        assert result.notes[0] == (
            "Ali & Cem held the ihale at 650, koz ♥, but a recount found less meld than "
            "declared: −650."
        )
        assert [
            (d.seat, d.kind, v)
            for d, v in PARTNERS.declared(
                PARTNERS.hand(deal(violation="meld_short"), PARTNERS.settings({})), result
            )
        ] == [
            (0, "meld", Verdict(False, 0, "lost with the contract")),
            (1, "meld", Verdict(True, 80, "counts")),
            (2, "meld", Verdict(False, 0, "lost with the contract")),
            (3, "meld", Verdict(True, 60, "counts")),
        ]
        aces = score(deal(violation="aces_claim_false"))
        assert aces.notes[0].endswith("but a hidden aces claim proved false: −650.")

    def test_a_player_without_melds_is_not_listed(self) -> None:
        facts = deal(melds=[270, 0, 140, 60])
        result = score(facts)
        declared = PARTNERS.declared(PARTNERS.hand(facts, PARTNERS.settings({})), result)
        assert [(d.seat, v.points, v.reason) for d, v in declared] == [
            (0, 270, "counts"),
            (2, 140, "counts"),
            (3, 60, "counts"),
        ]

    def test_a_forced_contract_and_no_last_trick_bonus_show_in_the_notes(self) -> None:
        forced = score(deal(contract=550, forced=True))
        assert forced.notes[0] == (
            "Ali & Cem held the ihale at 550 (forced), koz ♥, and made 730: +730."
        )
        plain = score(deal(), last_trick_bonus=0)
        assert plain.notes[1] == "Ali & Cem: melds 410 + tricks 300 = 710."

    def test_struck_meld_is_taken_from_the_other_side(self) -> None:
        result = score(
            deal(
                holder=1,
                contract=700,
                melds=[120, 190, 40, 40],
                trick_points=[100, 380],
                last_trick=1,
                struck=[160, 0],
            )
        )
        assert result.notes[1] == "Ali & Cem: melds 160 − struck 160 + tricks 100 = 100."
        assert score(deal(struck=[0, 140])).notes[2] == (
            "Berk & Deniz: melds 140 − struck 140 + tricks 180 = 180."
        )
        assert score(deal(struck=[0, 0])).scores == (730, 320)

    def test_a_side_may_take_no_trick_points(self) -> None:
        result = score(deal(trick_points=[0, 480]))
        assert result.notes[0] == "Ali & Cem held the ihale at 650, koz ♥, but made only 430: −650."

    def test_tekli_s_gomu_goes_with_the_last_trick_or_to_the_holder(self) -> None:
        # hoskin.md, hoskin-tekli: the buried points go to whoever wins the last trick
        # (option gomu_to "holder").
        with_last = score(tekli(last_trick=0), TEKLI)
        assert with_last.notes[1] == "Ece: melds 60 + tricks 71 + last trick 20 + gömü 29 = 180."
        assert with_last.scores == (180, 170, -650)
        to_holder = score(tekli(last_trick=0), TEKLI, gomu_to="holder")
        assert to_holder.notes[3] == "Gül: melds 350 + tricks 290 + gömü 29 = 669."

    def test_tekli_names_each_failure(self) -> None:
        recount = score(tekli(recount_failed=True), TEKLI)
        assert recount.notes[0] == (
            "Gül held the ihale at 650, koz ♦, but the first-trick recount found less meld "
            "than declared: −650."
        )
        burial = score(tekli(unannounced_burial=True), TEKLI)
        assert burial.notes[0].endswith(
            "but an ace or trump was buried without announcing it: −650."
        )

    def test_a_tekli_player_may_take_no_trick_points_and_the_gomu_up_to_55(self) -> None:
        assert score(tekli(trick_points=[0, 161, 290]), TEKLI).scores == (60, 241, 689)
        assert score(tekli(gomu_points=55, trick_points=[45, 90, 290]), TEKLI).scores == (
            105,
            170,
            715,
        )

    def test_a_void_deal_names_its_forced_holder(self) -> None:
        result = score({"dealer": 0, "outcome": "void", "holder": 1}, TEKLI)
        assert result.notes == (
            "Fatih was forced at 550 and holds no marriage: a void deal, redealt, nobody scores.",
        )


class TestTheIhale:
    def test_without_the_calls_only_the_winning_call_is_known(self) -> None:
        assert calls(deal()) == [(0, "bid", "H", 650)]
        assert calls(deal(contract=550, forced=True)) == [(0, "forced", "H", 550)]
        assert calls({"dealer": 3, "outcome": "void"}) == []

    def test_the_calls_are_those_the_speakers_made(self) -> None:
        bids = [
            {"seat": 0, "bid": 560},
            {"seat": 1, "bid": 600},
            {"seat": 0, "bid": 650},
            {"seat": 1, "pass": True},
        ]
        assert calls(deal(bids=bids)) == [
            (0, "bid", None, 560),
            (1, "bid", None, 600),
            (0, "bid", None, 650),
            (1, "pass", None, None),
        ]
        assert PARTNERS.hand(deal(bids=bids), PARTNERS.settings({})).to_dict()["bids"] == bids

    def test_tekli_s_ladder_passes_up_to_the_taker(self) -> None:
        # P1 may take it at 550, P2 at 650, P3 at 750; after three passes P1 is forced.
        assert calls(tekli(), TEKLI) == [(1, "pass", None, None), (2, "take", "D", 650)]
        assert calls(tekli(holder=1, contract=550), TEKLI) == [(1, "take", "D", 550)]
        passes = [(1, "pass", None, None), (2, "pass", None, None), (0, "pass", None, None)]
        assert calls(tekli(holder=1, contract=550, forced=True), TEKLI) == [
            *passes,
            (1, "forced", "D", 550),
        ]
        assert calls({"dealer": 0, "outcome": "void"}, TEKLI) == passes
        assert calls({"dealer": 0, "outcome": "void", "holder": 1}, TEKLI) == [
            *passes,
            (1, "forced", None, 550),
        ]

    def test_the_ihale_accepts_a_first_bid_above_550_and_steps_of_50(self) -> None:
        three = [{"seat": 3, "bid": 560}, {"seat": 0, "bid": 650}, {"seat": 3, "pass": True}]
        assert score(deal(bids=three)).scores == (730, 320)
        assert score(deal(contract=700), bid_step=50).scores == (730, 320)


class TestARefusedEntry:
    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            (deal(colour="H"), "colour", "is not a Hoşkin hand key"),
            (deal(trick_points=[-10, 490]), "trick_points", "trick points cannot be negative"),
            (
                deal(trick_points=[300, 100]),
                "trick_points",
                "must add up to 480 (got 300 + 100 = 400)",
            ),
            (deal(outcome="void"), "holder", "a void deal is redealt: nobody holds a contract"),
            (
                {"dealer": 3, "outcome": "void", "contract": 650},
                "contract",
                "a void deal is redealt: nobody holds a contract",
            ),
            (deal(forced=True), "forced", "a forced contract is held at 550"),
            (
                deal(struck=[10, 0]),
                "struck",
                "meld is struck only from the side without the contract",
            ),
            (
                deal(struck=[0, 150]),
                "struck",
                "struck meld is in tens and at most that side's melds (140)",
            ),
            (
                deal(contract=655),
                "contract",
                "the ihale opens at 550 and rises in 10s; 655 is not one",
            ),
            (
                deal(bids=[{"seat": 0, "bid": 650}, {"seat": 1, "bid": 660, "x": 1}]),
                "bids",
                "call 2: x: is not a bid key",
            ),
            (
                deal(bids=[{"seat": 0, "pass": True}, {"seat": 1, "pass": True}]),
                "bids",
                "the auction ends with North at 550 (forced), not North at 650",
            ),
            (
                deal(bids=[{"seat": 0, "pass": True}, {"seat": 2, "pass": True}]),
                "bids",
                "call 2: the other team's speaker answers",
            ),
            (
                deal(bids=[{"seat": 0, "bid": 650}]),
                "bids",
                "the ihale is not finished: it ends when one speaker passes",
            ),
            (
                deal(bids=[{"seat": 0, "bid": 555}, {"seat": 1, "pass": True}]),
                "bids",
                "call 1: the ihale opens at 550 in 10s",
            ),
            (
                deal(bids=[{"seat": 0, "bid": 560}, {"seat": 1, "bid": 565}]),
                "bids",
                "call 2: a bid rises over 560 in 10s",
            ),
            (
                deal(
                    bids=[
                        {"seat": 0, "bid": 560},
                        {"seat": 1, "pass": True},
                        {"seat": 0, "bid": 570},
                    ]
                ),
                "bids",
                "call 3: the ihale was already over",
            ),
            (
                deal(
                    bids=[{"seat": 0, "bid": 560}, {"seat": 1, "bid": 570}, {"seat": 1, "bid": 580}]
                ),
                "bids",
                "call 3: it was North's turn",
            ),
        ],
    )
    def test_it_names_the_key_and_the_rule(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        assert refusal(facts) == (field, message)

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            (tekli(trick_points=[-1, 162, 290]), "trick_points", "trick points cannot be negative"),
            (
                tekli(trick_points=[70, 90, 290]),
                "trick_points",
                "tricks and gömü must add up to 480 (got 70 + 90 + 290 + 29 = 479)",
            ),
            (
                tekli(holder=1),
                "contract",
                "Player 2 speaks first, so takes the ihale at 550, not 650",
            ),
            (
                tekli(holder=0),
                "contract",
                "Player 1 speaks third, so takes the ihale at 750, not 650",
            ),
            (
                tekli(holder=2, contract=550, forced=True),
                "forced",
                "after three passes the first speaker is forced at 550",
            ),
        ],
    )
    def test_tekli_names_the_key_and_the_rule(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        assert refusal(facts, TEKLI) == (field, message)

    def test_an_unknown_setting_names_the_game(self) -> None:
        with pytest.raises(ScorerError) as caught:
            PARTNERS.settings({"colour": "H"})
        assert caught.value.message == "is not a Hoşkin setting key"
        with pytest.raises(ScorerError) as tekli_step:
            TEKLI.settings({"bid_step": 50})
        assert tekli_step.value.message == "is not a Hoşkin setting key"
        with pytest.raises(ScorerError) as partners_gomu:
            PARTNERS.settings({"gomu_to": "holder"})
        assert partners_gomu.value.message == "is not a Hoşkin setting key"


class TestTheDealInProgress:
    def test_the_holder_s_side_waits_and_the_other_side_counts(self) -> None:
        result = interim(holder=1, contract=650, melds=[270, 80, 140, 60])
        assert result == Interim(
            (
                "Melds: Ali & Cem 410, Berk & Deniz 140.",
                "Berk holds the ihale at 650: Berk & Deniz need 510 more from play.",
            ),
            (
                InterimRow(
                    "Ali",
                    "melds",
                    True,
                    270,
                    "counts: the side without the contract keeps its points",
                ),
                InterimRow("Berk", "melds", None, 80, "counts if Berk & Deniz make 650"),
                InterimRow(
                    "Cem",
                    "melds",
                    True,
                    140,
                    "counts: the side without the contract keeps its points",
                ),
                InterimRow("Deniz", "melds", None, 60, "counts if Berk & Deniz make 650"),
            ),
        )

    def test_a_partner_s_missing_meld_keeps_the_need_unknown(self) -> None:
        result = interim(holder=0, contract=650, trump="H", melds=[270, 80, None, 60])
        assert result.lines == (
            "Melds: Ali & Cem 270, Berk & Deniz 140.",
            "Ali holds the ihale at 650, koz ♥.",
        )
        forced = interim(contract=550, forced=True, holder=0, melds=[100, None, None, None])
        assert forced.lines[1] == "Ali holds the ihale at 550 (forced)."

    def test_the_cards_laid_out_are_counted(self) -> None:
        result = interim(
            trump="H",
            meld_cards=[
                ["KH", "QH", "KH", "QH", "AH", "10H", "JH"],
                None,
                ["QS", "JD"],
                ["AS", "AH", "AD", "AC"],
            ],
        )
        assert result == Interim(
            ("Melds: Ali & Cem 230, Berk & Deniz 100.",),
            (
                InterimRow(
                    "Ali",
                    "Seri (run) in ♥ 150, Evli K+Q♥ 40",
                    None,
                    190,
                    "counts unless the contract side fails",
                ),
                InterimRow(
                    "Cem", "Pinik (Q♠ + J♦) 40", None, 40, "counts unless the contract side fails"
                ),
                InterimRow(
                    "Deniz",
                    "Aces around (4 aces) 100",
                    None,
                    100,
                    "counts unless the contract side fails",
                ),
            ),
        )

    def test_cards_that_disagree_with_the_entered_meld_say_so(self) -> None:
        result = interim(
            trump="S", meld_cards=[["KH", "QH", "KH", "QH"]], melds=[20, None, None, None]
        )
        assert result.rows == (
            InterimRow(
                "Ali",
                "Evli K+Q♥ × 2 40",
                None,
                40,
                "the cards make 40, not 20 as entered; counts unless the contract side fails",
            ),
        )
        assert interim(trump="S", meld_cards=[[]]).rows[0].declared == "no meld"

    def test_cards_wait_for_trump(self) -> None:
        assert interim(meld_cards=[["KH", "QH"]]) == Interim(
            (), (InterimRow("Ali", "cards laid out", None, 0, "waits for trump"),)
        )

    @pytest.mark.parametrize(
        ("meld_cards", "field", "message"),
        [
            ([["9H"]], "meld_cards", "Ali: 9♥ is not in the Hoşkin pack (A 10 K Q J)"),
            ([["KH"] * 5], "meld_cards", "Ali: there are 4 copies of K♥, not 5"),
            ([[], [], [], [], []], "meld_cards", "must list at most 4 players' cards"),
            (["KH"], "meld_cards", "Ali: must be a list of cards"),
            ([["ZZ"]], "meld_cards", '"Z" is not a rank (use 7, 8, 9, 10, J, Q, K or A)'),
        ],
    )
    def test_wrong_cards_laid_out_are_refused(
        self, meld_cards: list[Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            interim(trump="S", meld_cards=meld_cards)
        assert (caught.value.field, caught.value.message) == (field, message)

    def test_a_tekli_holder_needs_his_own_meld_only(self) -> None:
        result = interim(TEKLI, holder=1, contract=650, melds=[None, 100, None])
        assert result.lines == (
            "Melds: Ece 0, Fatih 100, Gül 0.",
            "Fatih holds the ihale at 650: Fatih needs 550 more from play.",
        )
        assert result.rows == (
            InterimRow("Fatih", "melds", None, 100, "counts if Fatih makes 650"),
        )

    def test_the_gomu_is_told_as_it_is_picked(self) -> None:
        assert interim(TEKLI, gomu_points=29).lines == (
            "Gömü: 29, to whoever takes the last trick.",
        )
        assert interim(TEKLI, {"gomu_to": "holder"}, holder=1, gomu_cards=["AS", "10H"]).lines == (
            "Gömü: 21 (A♠ 10♥); 3 cards still to pick, to Fatih, the holder (house rule).",
        )
        assert interim(
            TEKLI, {"gomu_to": "holder"}, gomu_cards=["AS", "10H", "KD", "QC"]
        ).lines == ("Gömü: 28 (A♠ 10♥ K♦ Q♣); 1 card still to pick, to the holder (house rule).",)
        assert interim(TEKLI, gomu_cards=["AS", "10H", "KD", "QC", "JC"], gomu_points=30).lines == (
            "Gömü: 30 (A♠ 10♥ K♦ Q♣ J♣), to whoever takes the last trick.",
        )
        assert interim(TEKLI, gomu_cards=["AS", "", "10H"]).lines == (
            "Gömü: 21 (A♠ 10♥); 3 cards still to pick, to whoever takes the last trick.",
        )

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            (
                {"gomu_cards": ["AS", "10H", "KD", "QC", "JC"], "gomu_points": 29},
                "gomu_points",
                "the five gömü cards are worth 30, not 29",
            ),
            (
                {"gomu_cards": ["AS", "10H", "KD", "QC", "JC", "JD"]},
                "gomu_cards",
                "the gömü is 5 cards, not 6",
            ),
            ({"gomu_cards": ["9S"]}, "gomu_cards", "9♠ is not in the Hoşkin pack (A 10 K Q J)"),
            (
                {"dealer": 0, "holder": 1, "contract": 650},
                "contract",
                "Fatih speaks first, so takes the ihale at 550, not 650",
            ),
        ],
    )
    def test_tekli_refuses_a_wrong_value_already_entered(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            interim(TEKLI, **facts)
        assert (caught.value.field, caught.value.message) == (field, message)

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            ({"colour": 1}, "colour", "is not a Hoşkin hand key"),
            (
                {"contract": 655},
                "contract",
                "the ihale opens at 550 and rises in 10s; 655 is not one",
            ),
            ({"contract": 650, "forced": True}, "forced", "a forced contract is held at 550"),
        ],
    )
    def test_a_wrong_value_already_entered_is_refused(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            interim(**facts)
        assert (caught.value.field, caught.value.message) == (field, message)


class TestTheBoundaries:
    """Edges of the rules that a player meets: exact contracts, meld of 0, the last cards."""

    def test_a_contract_reached_exactly_is_made(self) -> None:
        # 410 melds + 220 tricks + 20 for the last trick = 650 (hoskin.md: points ≥ contract).
        result = score(deal(trick_points=[220, 260], outcome="played"))
        assert (result.scores, result.made) == ((650, 400), True)

    def test_a_void_deal_says_it_is_redealt(self) -> None:
        assert score({"dealer": 3, "outcome": "void"}).notes == (
            "A void deal: redealt, nobody scores.",
        )

    def test_tekli_s_ladder_starts_left_of_any_dealer(self) -> None:
        # Dealer 1: P2 speaks first, then P0 at 650.
        facts = tekli(dealer=1, holder=0)
        assert calls(facts, TEKLI) == [(2, "pass", None, None), (0, "take", "D", 650)]
        # The dealer himself speaks third, at 750, after the other two pass.
        assert calls(tekli(dealer=1, holder=1, contract=750), TEKLI) == [
            (2, "pass", None, None),
            (0, "pass", None, None),
            (1, "take", "D", 750),
        ]
        # Ece holds it now, with 60 + 71 < 650: she scores minus the contract.
        assert score(facts, TEKLI).scores == (-650, 170, 689)

    def test_an_unfinished_or_finished_ihale_is_told_apart(self) -> None:
        assert refusal(deal(bids=[{"seat": 0, "pass": True}])) == (
            "bids",
            "the ihale is not finished: it ends when one speaker passes",
        )
        passes = [{"seat": 0, "pass": True}, {"seat": 1, "pass": True}, {"seat": 0, "bid": 560}]
        assert refusal(deal(bids=passes)) == ("bids", "call 3: the ihale was already over")

    def test_a_plain_marriage_counts_beside_the_trump_run(self) -> None:
        # Only the run's own K+Q is not a marriage again (hoskin.md, Melds).
        cards = ["AH", "10H", "KH", "QH", "JH", "KS", "QS"]
        result = interim(trump="H", meld_cards=[cards])
        assert result.rows[0].declared == "Seri (run) in ♥ 150, Evli K+Q♠ 20"

    def test_cards_of_several_players_each_wait_for_trump(self) -> None:
        result = interim(meld_cards=[["KH", "QH"], ["KS", "QS"]])
        assert [r.player for r in result.rows] == ["Ali", "Berk"]

    def test_the_need_from_play_counts_a_meld_of_0_and_stops_at_0(self) -> None:
        result = interim(holder=0, contract=650, melds=[600, 0, 0, 0])
        assert result.lines[1] == "Ali holds the ihale at 650: Ali & Cem need 50 more from play."
        assert result.rows[1] == InterimRow(
            "Berk", "melds", True, 0, "counts: the side without the contract keeps its points"
        )
        rich = interim(holder=0, contract=650, melds=[700, 0, 0, 0])
        assert rich.lines[1] == "Ali holds the ihale at 650: Ali & Cem need 0 more from play."

    def test_before_the_contract_a_holder_s_meld_counts_if_the_contract_is_made(self) -> None:
        result = interim(holder=0, melds=[100, None, None, None])
        assert result.rows[0].reason == "counts if Ali & Cem make the contract"

    def test_the_gomu_counts_the_cards_still_to_pick(self) -> None:
        assert interim(TEKLI, gomu_cards=["AS", "10H", "KD"]).lines == (
            "Gömü: 25 (A♠ 10♥ K♦); 2 cards still to pick, to whoever takes the last trick.",
        )
        with pytest.raises(ScorerError) as caught:
            interim(TEKLI, gomu_cards=["ZZ"])
        assert caught.value.field == "gomu_cards"


# --- Through the catalogue ------------------------------------------------------------


def holdings() -> Iterator[list[str]]:
    """Cards laid out that make every meld at every level, and a marriage once and twice."""
    for level in range(1, 5):
        yield ["AH", "10H", "KH", "QH", "JH"] * level
        for rank in "AKQJ":
            yield [f"{rank}{suit}" for suit in "SHDC"] * level
        yield ["QS", "JD"] * level
    yield ["KS", "QS"]
    yield ["KS", "QS", "KS", "QS"]


def hoskin_texts() -> Iterator[Said]:
    hands: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (PARTNERS, deal(), {}),
        (PARTNERS, deal(contract=550, forced=True), {}),
        (PARTNERS, deal(trick_points=[0, 480]), {}),
        (PARTNERS, deal(contract=550, forced=True, trick_points=[0, 480]), {}),
        (PARTNERS, deal(violation="meld_short"), {}),
        (PARTNERS, deal(violation="aces_claim_false"), {}),
        (PARTNERS, deal(struck=[0, 140]), {}),
        (PARTNERS, {"dealer": 3, "outcome": "void"}, {}),
        (TEKLI, tekli(last_trick=0), {}),
        (TEKLI, tekli(), {"gomu_to": "holder"}),
        (TEKLI, tekli(recount_failed=True), {}),
        (TEKLI, tekli(unannounced_burial=True), {}),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 1}, {}),
    ]
    for variant, facts, settings in hands:
        for text in hand_texts(variant, facts, **settings):
            yield f"{variant.key} note {facts}", text
        hand = variant.hand(facts, variant.settings(settings), NAMES[variant.key])
        if hand.unplayed:
            yield f"{variant.key} unplayed {facts}", hand.unplayed
    for cards in holdings():
        holding: dict[Card, int] = {}
        for card in cards:
            holding[Card.parse(card)] = holding.get(Card.parse(card), 0) + 1
        for name, _ in count_meld(holding, Suit.HEARTS).lines:
            yield f"meld of {cards}", name
    in_progress: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (PARTNERS, {"holder": 1, "contract": 650, "melds": [270, 80, 140, 60]}, {}),
        (PARTNERS, {"holder": 1, "contract": 550, "forced": True, "melds": [10, 20, 30, 40]}, {}),
        (PARTNERS, {"holder": 1, "contract": 650, "trump": "S", "melds": [0, 80, 0, 60]}, {}),
        (
            PARTNERS,
            {"holder": 1, "contract": 550, "forced": True, "trump": "S", "melds": [0, 80, 0, 60]},
            {},
        ),
        (PARTNERS, {"holder": 0, "contract": 650, "melds": [270, 80, None, 60]}, {}),
        (PARTNERS, {"holder": 0, "contract": 550, "forced": True, "melds": [10, 0, None, 0]}, {}),
        (PARTNERS, {"holder": 0, "contract": 650, "trump": "H", "melds": [20, 80, None, 60]}, {}),
        (
            PARTNERS,
            {"holder": 0, "contract": 550, "forced": True, "trump": "H", "melds": [10, 0, None, 0]},
            {},
        ),
        (PARTNERS, {"holder": 0, "melds": [100, None, None, None]}, {}),
        (
            PARTNERS,
            {
                "trump": "H",
                "melds": [20, None, None, None],
                "meld_cards": [["KH", "QH", "AH", "10H", "JH", "KS", "QS"], [], ["QS", "JD"]],
            },
            {},
        ),
        (PARTNERS, {"meld_cards": [["KH", "QH"]]}, {}),
        (TEKLI, {"holder": 1, "contract": 650, "melds": [None, 100, 20]}, {}),
        (TEKLI, {"holder": 1, "melds": [None, 100, None]}, {}),
        (TEKLI, {"gomu_points": 29}, {}),
        (TEKLI, {"holder": 1, "gomu_cards": ["AS", "10H"]}, {"gomu_to": "holder"}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC"]}, {"gomu_to": "holder"}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC"], "gomu_points": 30}, {}),
    ]
    for variant, facts, settings in in_progress:
        for text in interim_texts(variant, facts, **settings):
            yield f"{variant.key} in progress {facts}", text
    bids = [{"seat": 0, "bid": 560}, {"seat": 1, "bid": 570}, {"seat": 1, "bid": 580}]
    refused: list[tuple[Any, dict[str, Any]]] = [
        (PARTNERS, deal(trick_points=[-10, 490])),
        (PARTNERS, deal(trick_points=[300, 100])),
        (PARTNERS, deal(outcome="void")),
        (PARTNERS, deal(forced=True)),
        (PARTNERS, deal(struck=[10, 0])),
        (PARTNERS, deal(struck=[0, 150])),
        (PARTNERS, deal(contract=655)),
        (PARTNERS, deal(melds=[270, 85, 140, 60])),
        (PARTNERS, deal(bids=[{"seat": 0, "bid": 650}, {"seat": 1, "bid": 660, "x": 1}])),
        (PARTNERS, deal(bids=[{"seat": 0, "pass": True}, {"seat": 1, "pass": True}])),
        (PARTNERS, deal(bids=[{"seat": 0, "bid": 560}, {"seat": 1, "pass": True}])),
        (PARTNERS, deal(bids=[{"seat": 0, "pass": True}, {"seat": 2, "pass": True}])),
        (PARTNERS, deal(bids=[{"seat": 0, "bid": 650}])),
        (PARTNERS, deal(bids=[{"seat": 0, "bid": 555}, {"seat": 1, "pass": True}])),
        (PARTNERS, deal(bids=[{"seat": 0, "bid": 560}, {"seat": 1, "bid": 565}])),
        (PARTNERS, deal(bids=[*bids[:1], {"seat": 1, "pass": True}, {"seat": 0, "bid": 570}])),
        (PARTNERS, deal(bids=bids)),
        (TEKLI, tekli(trick_points=[-1, 162, 290])),
        (TEKLI, tekli(trick_points=[70, 90, 290])),
        (TEKLI, tekli(gomu_points=60)),
        (TEKLI, tekli(holder=1)),
        (TEKLI, tekli(contract=750)),
        (TEKLI, tekli(holder=0)),
        (TEKLI, tekli(holder=2, contract=550, forced=True)),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 2}),
        (TEKLI, {"dealer": 0, "outcome": "void", "contract": 650}),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 1, "forced": False}),
    ]
    for variant, facts in refused:
        yield f"{variant.key} refusal {facts}", hand_refusal(variant, facts)
    for variant, facts in [
        (PARTNERS, {"trump": "S", "meld_cards": [["9H"]]}),
        (PARTNERS, {"trump": "S", "meld_cards": [["KH"] * 5]}),
        (PARTNERS, {"trump": "S", "meld_cards": [[], [], [], [], []]}),
        (TEKLI, {"trump": "S", "meld_cards": [[], [], [], []]}),
        (PARTNERS, {"trump": "S", "meld_cards": ["KH"]}),
        (PARTNERS, {"contract": 650, "forced": True}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC"], "gomu_points": 29}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC", "JD"]}),
        (TEKLI, {"gomu_cards": ["9S"]}),
    ]:
        yield f"{variant.key} in progress refusal {facts}", interim_refusal(variant, facts)
    for variant in (PARTNERS, TEKLI):
        for text in variant_texts(variant):
            yield f"{variant.key} words", text


SAID: list[Said] = list(hoskin_texts())
# What the shared reader calls the game's hands and settings: said inside its own message.
READER_IDS = {"hoskin.reader.setting", "hoskin.reader.hand", "hoskin.reader.bid"}


@pytest.mark.parametrize(("where", "text"), SAID, ids=[where for where, _ in SAID])
def test_it_is_a_catalogue_sentence_with_no_english_left(where: str, text: object) -> None:
    says_only_catalogue(where, text)


def test_every_sentence_of_hoskin_is_said() -> None:
    said = {id for _, text in SAID if isinstance(text, Text) for id in ids_in(text)}
    mine = {id for id in CATALOGUE if id.startswith("hoskin.")}
    assert mine - READER_IDS - said == set()


def test_the_reader_names_hoskin_hands_and_settings() -> None:
    reader_names(PARTNERS, deal(), "hoskin.reader.setting", "hoskin.reader.hand")


def test_the_reader_names_each_call() -> None:
    facts = deal(bids=[{"seat": 0, "bid": 650}, {"seat": 1, "x": 1}])
    reader_names_the_key(PARTNERS, facts, "hoskin.reader.bid")

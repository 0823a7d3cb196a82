"""The hand in progress judged before any card points (issue 10, §2 and §3).

`Variant.interim(facts, settings, players)` takes a hand dict with any keys missing. A
missing key is never an error; a value present and wrong is, naming its key and players.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import VARIANTS, InvalidHand, ParseError, Variant, get_variant
from games.engine.variant import Interim, InterimRow
from tests.engine.helpers import run

KLOB = get_variant("klaberjass")
TERZ = get_variant("terz")
FOUR = get_variant("304")
THREE = get_variant("304-widow")
PARTNERS = get_variant("hoskin")
TEKLI = get_variant("hoskin-tekli")
EUCHRE = get_variant("euchre")

TABLE = ("Ann", "Ben", "Cleo", "Dov")
INDIANS = ("Asha", "Bala", "Chitra", "Dev")
TURKS = ("Ali", "Berk", "Cem", "Deniz")


def interim(variant: Variant[Any, Any], players: tuple[str, ...], **facts: Any) -> Interim:
    return variant.interim(facts, variant.settings(), players)


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_an_empty_hand_in_progress_is_never_an_error(variant: Variant[Any, Any]) -> None:
    assert variant.interim({}, variant.settings(), variant.default_players) == Interim()


def test_euchre_has_nothing_to_judge_before_play() -> None:
    assert interim(EUCHRE, TABLE, dealer=0, maker=1, trump="H") == Interim()


class TestKlaberjass:
    def test_the_contest_is_judged_as_soon_as_trump_and_declarations_are_in(self) -> None:
        result = interim(
            KLOB,
            TABLE,
            dealer=0,
            caller=0,
            trump="H",
            declarations=[run(3, 4, "Q", "S"), run(0, 4, "Q", "H")],
        )
        assert result.lines == (
            "Declarations: Ann & Cleo 50, Ben & Dov 0.",
            "Sequences: equal 4-card runs to the Q: the run in trumps wins.",
            "Sequences: Ann's 4-card run 9–Q♥ (50) is best; Ann & Cleo score 50.",
            "Ben & Dov's sequences count for nothing.",
            "Ann called ♥.",
        )
        assert result.rows == (
            InterimRow(
                "Dov",
                "4-card run 9–Q♠",
                False,
                0,
                "outranked by Ann's 4-card run 9–Q♥ "
                "(equal 4-card runs to the Q: the run in trumps wins)",
            ),
            InterimRow(
                "Ann",
                "4-card run 9–Q♥",
                True,
                50,
                "the best sequence (equal 4-card runs to the Q: the run in trumps wins)",
            ),
        )

    def test_without_trump_a_tie_that_trump_would_break_waits(self) -> None:
        result = interim(
            KLOB, TABLE, dealer=0, declarations=[run(3, 4, "Q", "S"), run(0, 4, "Q", "H")]
        )
        assert result.lines == ("Choose trump first to judge the declarations.",)
        assert [(r.counted, r.reason) for r in result.rows] == [(None, "waits for trump")] * 2

    def test_without_trump_what_trump_cannot_change_is_judged(self) -> None:
        # Q beats 10 whatever trump is; Bella scores 20 whatever trump is.
        result = interim(
            KLOB,
            TABLE,
            dealer=0,
            declarations=[run(3, 4, "10", "S"), run(0, 4, "Q", "H"), {"seat": 1, "kind": "bella"}],
        )
        assert result.lines[0] == "Declarations: Ann & Cleo 50, Ben & Dov 20."
        assert [r.counted for r in result.rows] == [False, True, True]
        assert result.rows[2].declared == "Bella"

    def test_without_the_dealer_a_tie_the_seat_breaks_waits(self) -> None:
        result = interim(
            KLOB, TABLE, trump="C", declarations=[run(3, 4, "Q", "S"), run(0, 4, "Q", "H")]
        )
        assert result.lines[0] == "Choose the dealer first to judge the declarations."
        with_dealer = interim(
            KLOB,
            TABLE,
            dealer=0,
            trump="C",
            declarations=[run(3, 4, "Q", "S"), run(0, 4, "Q", "H")],
        )
        assert "Dov sits nearer the forehand" in with_dealer.lines[1]

    def test_a_declaration_still_being_entered_waits_without_an_error(self) -> None:
        half = {"seat": 2, "kind": "sequence", "length": 4, "top": None}
        result = interim(KLOB, TABLE, dealer=0, trump="C", declarations=[half, run(1, 3, "K", "D")])
        assert result.rows[0] == InterimRow(
            "Cleo", "4-card run", None, 0, "still to enter: the top card, the suit"
        )
        assert result.rows[1].counted is True
        assert "1 declaration still being entered." in result.lines

    def test_a_clash_is_numbered_as_the_table_listed_the_declarations(self) -> None:
        half = {"seat": 2, "kind": "sequence"}
        with pytest.raises(InvalidHand) as caught:
            interim(
                KLOB,
                TABLE,
                dealer=0,
                trump="C",
                declarations=[half, run(1, 3, "K", "D"), run(3, 3, "Q", "D")],
            )
        assert caught.value.field == "declarations"
        assert caught.value.message.startswith("declarations 2 and 3 both use")

    def test_a_wrong_value_that_is_present_is_an_error(self) -> None:
        with pytest.raises(ParseError) as caught:
            interim(KLOB, TABLE, trump="X")
        assert caught.value.field == "trump"
        with pytest.raises(InvalidHand) as bella:
            interim(
                KLOB,
                TABLE,
                trump="H",
                declarations=[{"seat": 0, "kind": "bella"}, {"seat": 1, "kind": "bella"}],
            )
        assert bella.value.field == "declarations"

    def test_a_part_run_too_long_is_an_error_before_it_is_complete(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(KLOB, TABLE, declarations=[{"seat": 0, "kind": "sequence", "length": 9}])
        assert caught.value.message == "declaration 1: a run has 3 to 8 cards, not 9"

    def test_before_any_declaration_the_line_says_who_called(self) -> None:
        assert interim(KLOB, TABLE, dealer=1, caller=2, trump="S") == Interim(("Cleo called ♠.",))


class TestTerz:
    def test_the_combinations_are_judged_with_the_deciding_rule(self) -> None:
        result = interim(
            TERZ, ("Ann", "Ben"), trump="H", declarations=[run(1, 4, "K", "S"), run(0, 4, "K", "C")]
        )
        assert result.lines[:2] == (
            "Declarations: Ann 0, Ben 50.",
            "Combinations: equal 4-card runs to the K: Ben announced first.",
        )
        assert result.rows[1].reason.endswith("(equal 4-card runs to the K: Ben announced first)")

    def test_marriages_and_fours_need_no_trump(self) -> None:
        declarations = [
            {"seat": 0, "kind": "four", "rank": "J"},
            {"seat": 0, "kind": "marriage", "suit": "H"},
            run(1, 4, "10", "S"),
        ]
        result = interim(TERZ, ("Ann", "Ben"), declarations=declarations)
        assert result.lines[0] == "Declarations: Ann 220, Ben 0."
        assert [r.points for r in result.rows] == [200, 20, 0]

    def test_with_trumps_first_a_tie_waits_for_trump(self) -> None:
        facts = {"declarations": [run(1, 4, "K", "S"), run(0, 4, "K", "C")]}
        result = TERZ.interim(facts, TERZ.settings({"combo_tiebreak": "trump"}), ("Ann", "Ben"))
        assert result.lines == ("Choose trump first to judge the declarations.",)


class Test304:
    def test_marriages_move_the_target(self) -> None:
        # The spec's example 3: 220, −40 for the bidder's trump marriage, +20 for Bala's.
        result = interim(
            FOUR,
            INDIANS,
            dealer=1,
            bidder=2,
            bid=220,
            trump="D",
            called_card="9S",
            partner=0,
            marriages=[{"seat": 2, "suit": "D"}, {"seat": 1, "suit": "C"}],
        )
        assert result.lines == (
            "Target 220 → 200: Chitra's side shows the ♦ marriage in trumps (−40); "
            "Bala's side shows the ♣ marriage (+20).",
            "Chitra bid 220 in ♦, called 9♠ (Asha).",
        )
        assert result.rows == (
            InterimRow(
                "Chitra",
                "marriage K+Q♦",
                True,
                -40,
                "the bidder's side shows it in trumps: lowers the bidder's target by 40",
            ),
            InterimRow(
                "Bala",
                "marriage K+Q♣",
                True,
                20,
                "the other side shows it: raises the bidder's target by 20",
            ),
        )

    def test_the_other_side_s_trump_marriage_raises_the_target(self) -> None:
        result = interim(
            FOUR,
            TABLE,
            bidder=1,
            bid=200,
            trump="H",
            partner=3,
            marriages=[{"seat": 0, "suit": "H"}],
        )
        assert (
            result.lines[0] == "Target 200 → 240: Ann's side shows the ♥ marriage in trumps (+40)."
        )

    def test_a_marriage_waits_for_the_secret_partner(self) -> None:
        result = interim(
            FOUR, INDIANS, bidder=2, bid=220, trump="D", marriages=[{"seat": 1, "suit": "C"}]
        )
        assert result.lines[0] == "Target 220 → ?: choose the partner first."
        assert result.rows[0].counted is None and result.rows[0].reason == "waits for the partner"

    def test_a_marriage_waits_for_trump(self) -> None:
        result = interim(
            FOUR, INDIANS, bidder=2, bid=220, partner=0, marriages=[{"seat": 0, "suit": "C"}]
        )
        assert result.lines[0] == "Target 220 → ?: choose trump first."

    def test_a_finished_auction_gives_the_bidder_and_the_bid(self) -> None:
        calls = [
            {"seat": 0, "bid": 160},
            {"seat": 1, "bid": 170},
            {"seat": 2, "pass": True},
            {"seat": 3, "bid": 175},
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
        ]
        result = interim(FOUR, INDIANS, dealer=3, bids=calls, trump="S")
        assert result.lines == ("Target 175.", "Dev bid 175 in ♠.")
        # An auction still going on is not an error.
        assert interim(FOUR, INDIANS, dealer=3, bids=calls[:3]) == Interim()

    def test_an_auction_against_the_bid_entered_names_the_players(self) -> None:
        calls = [
            {"seat": 0, "bid": 160},
            {"seat": 1, "pass": True},
            {"seat": 2, "pass": True},
            {"seat": 3, "pass": True},
        ]
        with pytest.raises(InvalidHand) as caught:
            interim(FOUR, INDIANS, dealer=3, bidder=0, bid=170, bids=calls)
        assert caught.value.message == "the auction ends with Asha at 160, not Asha at 170"

    def test_a_suit_shown_twice_is_an_error(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(FOUR, INDIANS, marriages=[{"seat": 0, "suit": "C"}, {"seat": 1, "suit": "C"}])
        assert caught.value.field == "marriages"

    def test_the_widow_game_has_no_partner_to_wait_for(self) -> None:
        result = interim(
            THREE,
            ("Asha", "Bala", "Chitra"),
            bidder=0,
            bid=170,
            trump="S",
            marriages=[{"seat": 1, "suit": "H"}],
        )
        assert result.lines[0] == "Target 170 → 190: Bala's side shows the ♥ marriage (+20)."


class TestHoskin:
    def test_each_player_s_meld_and_what_the_contract_side_needs(self) -> None:
        result = interim(
            PARTNERS, TURKS, dealer=3, holder=0, contract=650, trump="H", melds=[270, 80, 140, 60]
        )
        assert result.lines == (
            "Melds: Ali & Cem 410, Berk & Deniz 140.",
            "Ali holds the ihale at 650, koz ♥: Ali & Cem need 240 more from play.",
        )
        assert result.rows[0] == InterimRow(
            "Ali", "melds", None, 270, "counts if Ali & Cem make 650"
        )
        assert result.rows[1].counted is True

    def test_melds_are_counted_from_the_cards_laid_out(self) -> None:
        cards = [["KH", "QH", "AS", "AH", "AD", "AC"], None, ["QS", "JD"], None]
        result = interim(PARTNERS, TURKS, holder=0, contract=650, trump="H", meld_cards=cards)
        assert result.rows[0].declared == "Evli K+Q♥ 40, Aces around (4 aces) 100"
        assert result.rows[0].points == 140
        assert result.rows[1].declared == "Pinik (Q♠ + J♦) 40"
        assert result.lines[0] == "Melds: Ali & Cem 180, Berk & Deniz 0."

    def test_cards_laid_out_wait_for_trump(self) -> None:
        result = interim(PARTNERS, TURKS, meld_cards=[["KH", "QH"]])
        assert result.rows == (InterimRow("Ali", "cards laid out", None, 0, "waits for trump"),)

    def test_a_wrong_meld_names_its_player(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(PARTNERS, TURKS, melds=[None, 85, None, None])
        assert caught.value.message == "Berk's melds are 0 or more in tens, not 85"

    def test_a_contract_off_the_steps_is_an_error(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(PARTNERS, TURKS, contract=555)
        assert caught.value.field == "contract"


class TestTekli:
    PLAYERS = ("Ece", "Fatih", "Gül")

    def test_melds_the_holder_s_need_and_the_gomu_from_its_cards(self) -> None:
        # The spec's example 3, with the gömü picked as cards: 10 10 K Q J = 29.
        result = interim(
            TEKLI,
            self.PLAYERS,
            dealer=0,
            holder=2,
            contract=650,
            trump="D",
            melds=[60, 80, 350],
            gomu_cards=["10H", "10S", "KD", "QC", "JH"],
        )
        assert result.lines == (
            "Melds: Ece 60, Fatih 80, Gül 350.",
            "Gül holds the ihale at 650, koz ♦: Gül needs 300 more from play.",
            "Gömü: 29 (10♥ 10♠ K♦ Q♣ J♥), to whoever takes the last trick.",
        )
        assert result.rows[0].reason == "counts: only the holder risks his meld"

    def test_a_gomu_half_picked_says_what_is_left(self) -> None:
        settings = TEKLI.settings({"gomu_to": "holder"})
        result = TEKLI.interim({"holder": 1, "gomu_cards": ["AS", "10H"]}, settings, self.PLAYERS)
        assert result.lines == (
            "Gömü: 21 (A♠ 10♥); 3 cards still to pick, to Fatih, the holder (house rule).",
        )

    def test_gomu_points_that_disagree_with_its_cards_are_an_error(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(
                TEKLI, self.PLAYERS, gomu_cards=["10H", "10S", "KD", "QC", "JH"], gomu_points=30
            )
        assert caught.value.field == "gomu_points"
        assert caught.value.message == "the five gömü cards are worth 29, not 30"

    def test_a_card_outside_the_hoskin_pack_is_an_error(self) -> None:
        with pytest.raises(ParseError) as caught:
            interim(TEKLI, self.PLAYERS, gomu_cards=["9H"])
        assert caught.value.field == "gomu_cards"

    def test_the_ladder_names_the_holder(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            interim(TEKLI, self.PLAYERS, dealer=0, holder=2, contract=550)
        assert caught.value.message == "Gül speaks second, so takes the ihale at 650, not 550"

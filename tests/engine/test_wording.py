"""Engine texts name players, never seats, and write numbers as players read them.

Issue 10, §6: "Messages name players, never seat numbers"; "Negative numbers use a real
minus sign, never +-700"; "Grammar follows the number of winners".
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine import VARIANTS, GameState, InvalidHand, ParseError, Variant, get_variant
from games.engine.game import HandError, read_hands
from games.engine.record import GameRecord
from games.engine.wording import agree, joined, number, signed

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
FOUR = get_variant("304")
PARTNERS = get_variant("hoskin")
TEKLI = get_variant("hoskin-tekli")
KLOB = get_variant("klaberjass")
EUCHRE = get_variant("euchre")

INDIANS = ("Asha", "Bala", "Chitra", "Dev")
TURKS = ("Ali", "Berk", "Cem", "Deniz")

# A seat number in a text: "seat 3", "seat 0's".
SEAT = re.compile(r"\bseat \d")
# A hyphen used as a minus sign: "-1", "+-700", "(-40)".
HYPHEN_MINUS = re.compile(r"(?<![\w])-\d")


def refusal_of(variant: Variant[Any, Any], facts: dict[str, Any], players: tuple[str, ...]) -> str:
    with pytest.raises(InvalidHand) as caught:
        variant.hand(facts, variant.settings(), players)
    return caught.value.message


def four(**facts: Any) -> dict[str, Any]:
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
    return base | facts


def hoskin(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "holder": 0,
        "contract": 650,
        "trump": "H",
        "melds": [270, 80, 140, 60],
        "trick_points": [300, 180],
        "last_trick": 0,
    }
    return base | facts


class TestPlayersNotSeats:
    def test_the_304_auction_names_who_holds_it(self) -> None:
        # Dealer Dev: Asha 160, Bala 170, Chitra passes, Dev 175, Asha and Bala pass.
        calls = [
            {"seat": 0, "bid": 160},
            {"seat": 1, "bid": 170},
            {"seat": 2, "pass": True},
            {"seat": 3, "bid": 175},
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
        ]
        message = refusal_of(FOUR, four(bids=calls), INDIANS)
        assert message == "the auction ends with Dev at 175, not Asha at 180"

    def test_the_304_auction_names_whose_turn_it_was(self) -> None:
        message = refusal_of(FOUR, four(bids=[{"seat": 1, "bid": 160}]), INDIANS)
        assert message == "call 1: it was Asha's turn, not Bala's"

    def test_the_hoskin_auction_names_who_holds_it(self) -> None:
        calls = [{"seat": 0, "bid": 550}, {"seat": 1, "bid": 600}, {"seat": 0, "pass": True}]
        message = refusal_of(PARTNERS, hoskin(bids=calls), TURKS)
        assert message == "the auction ends with Berk at 600, not Ali at 650"

    def test_the_hoskin_auction_names_whose_turn_it_was(self) -> None:
        calls = [{"seat": 0, "bid": 550}, {"seat": 1, "bid": 560}, {"seat": 3, "bid": 570}]
        assert refusal_of(PARTNERS, hoskin(bids=calls), TURKS) == "call 3: it was Ali's turn"

    def test_a_wrong_meld_names_its_player(self) -> None:
        message = refusal_of(PARTNERS, hoskin(melds=[270, 85, 140, 60]), TURKS)
        assert message == "Berk's melds are 0 or more in tens, not 85"

    def test_the_tekli_ladder_names_the_holder(self) -> None:
        # Dealer Ece: Fatih speaks first, Gül second (spec: `hoskin-tekli`, the ladder).
        facts = {
            "dealer": 0,
            "holder": 2,
            "contract": 550,
            "trump": "D",
            "melds": [60, 80, 350],
            "trick_points": [71, 90, 290],
            "gomu_points": 29,
            "last_trick": 2,
        }
        message = refusal_of(TEKLI, facts, ("Ece", "Fatih", "Gül"))
        assert message == "Gül speaks second, so takes the ihale at 650, not 550"

    def test_without_names_the_game_s_default_players_are_named(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            FOUR.hand(four(bids=[{"seat": 1, "bid": 160}]), FOUR.settings())
        assert caught.value.message == "call 1: it was Player 1's turn, not Player 2's"

    def test_a_wrong_number_of_players_is_refused(self) -> None:
        with pytest.raises(ParseError) as caught:
            FOUR.hand(four(), FOUR.settings(), ("Asha", "Bala"))
        assert caught.value.field == "players"

    def test_reading_hands_passes_the_names_on(self) -> None:
        with pytest.raises(HandError) as caught:
            read_hands(
                FOUR, FOUR.settings(), [four(), four(bids=[{"seat": 2, "bid": 160}])], INDIANS
            )
        assert str(caught.value) == "hand 2: bids: call 1: it was Asha's turn, not Chitra's"

    def test_the_record_names_its_own_players(self) -> None:
        data = json.loads((RECORDS / "304.json").read_text())
        data["hands"][0]["bids"] = [{"seat": 1, "bid": 160}]
        with pytest.raises(HandError) as caught:
            GameRecord.from_dict(data)
        assert caught.value.message == "call 1: it was Asha's turn, not Bala's"

    @pytest.mark.cli
    def test_the_command_line_names_the_record_s_players(self) -> None:
        data = json.loads((RECORDS / "hoskin.json").read_text())
        data["hands"][1]["melds"] = [120, 195, 40, 40]
        result = subprocess.run(
            [sys.executable, "-S", "-E", "-m", "games.engine", "-"],
            cwd=ROOT,
            input=json.dumps(data),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr == "hand 2: melds: Berk's melds are 0 or more in tens, not 195\n"


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_no_note_of_a_spec_record_shows_a_seat_or_a_hyphen_minus(
    variant: Variant[Any, Any],
) -> None:
    game = GameRecord.from_dict(json.loads((RECORDS / f"{variant.key}.json").read_text())).score()
    for scored in game.hands:
        texts = [*scored.score.notes, *(v.reason for v in scored.score.verdicts)]
        for text in texts:
            assert not SEAT.search(text), text
            assert not HYPHEN_MINUS.search(text), text


class TestMinusSign:
    def test_a_failed_304_contract_scores_a_real_minus(self) -> None:
        s = FOUR.settings()
        state = GameState(totals=(0,) * 4, sides=INDIANS, players=INDIANS)
        hand = FOUR.hand(four(points=170), s, INDIANS)
        notes = FOUR.score_hand(hand, s, state).notes
        assert notes[-1] == "170 fell short of 180: Asha and Chitra −1."

    def test_a_failed_slam_scores_a_real_minus(self) -> None:
        s = FOUR.settings()
        state = GameState(totals=(0,) * 4, sides=INDIANS, players=INDIANS)
        hand = FOUR.hand(four(slam=True, points=290, tricks=7), s, INDIANS)
        notes = FOUR.score_hand(hand, s, state).notes
        assert notes[-1] == "Slam declared but not all tricks won: Asha and Chitra −4."

    def test_a_marriage_that_lowers_the_target_shows_a_real_minus(self) -> None:
        s = FOUR.settings()
        state = GameState(totals=(0,) * 4, sides=INDIANS, players=INDIANS)
        facts = four(marriages=[{"seat": 0, "suit": "S"}, {"seat": 1, "suit": "C"}])
        notes = FOUR.score_hand(FOUR.hand(facts, s, INDIANS), s, state).notes
        assert notes[0] == (
            "Asha bid 180 in ♠, called A♥ (Chitra); marriages: Asha K+Q♠ (−40), "
            "Bala K+Q♣ (+20); target 160."
        )

    def test_a_negative_entry_is_echoed_with_a_real_minus(self) -> None:
        with pytest.raises(InvalidHand) as caught:
            EUCHRE.hand({"dealer": 0, "maker": 1, "maker_tricks": -1}, EUCHRE.settings())
        assert caught.value.message == "must be 0 to 5, not −1"
        with pytest.raises(ParseError) as parsed:
            KLOB.settings({"target": -500})
        assert parsed.value.message == "must be a positive number, not −500"
        with pytest.raises(InvalidHand) as tricks:
            FOUR.hand(four(tricks=-2), FOUR.settings())
        assert tricks.value.message == "must be 0 to 8, not −2"


class TestWording:
    def test_numbers_carry_a_real_minus(self) -> None:
        assert number(-700) == "−700" and number(0) == "0" and number(40) == "40"

    def test_signed_numbers_never_read_plus_minus(self) -> None:
        assert [signed(n) for n in (4, 0, -700)] == ["+4", "0", "−700"]

    def test_names_join_as_the_scoreboard_joins_them(self) -> None:
        assert joined(["Ann"]) == "Ann"
        assert joined(["Ann", "Cleo"]) == "Ann & Cleo"
        assert joined(["Ann", "Ben", "Cleo"]) == "Ann, Ben & Cleo"

    def test_the_verb_agrees_with_its_subject(self) -> None:
        assert agree(False, "wins", "win") == "wins"
        assert agree(True, "wins", "win") == "win"


class TestWinSentence:
    def test_one_player_wins(self) -> None:
        assert FOUR.win_sentence(("Tharshini", "Bala", "Chitra", "Dev"), [0]) == "Tharshini wins"

    def test_players_sharing_the_win_win(self) -> None:
        assert FOUR.win_sentence(INDIANS, [0, 2]) == "Asha & Chitra win"

    def test_a_team_wins_in_the_plural(self) -> None:
        assert KLOB.win_sentence(("Ann & Cleo", "Ben & Dov"), [0]) == "Ann & Cleo win"

    def test_nobody_has_won_while_the_game_goes_on(self) -> None:
        assert KLOB.win_sentence(("Ann & Cleo", "Ben & Dov"), []) == ""

"""Belote contrée, coinche (rules/coinche.md): the 17 worked examples, the spec's record, and
a test for each hand key, setting and rule of scoring and game end.

The auction, the announcements, the hand in progress and the sentences have their own
modules (test_coinche_*.py); the helpers here are shared with them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import GameState, HandScore, InvalidHand, ParseError, ScorerError
from games.engine.coinche import Coinche
from games.engine.game import HandError, read_hands, score_game
from games.engine.variant import GameScore

COINCHE = Coinche()
PLAYERS = ("Anne", "Bruno", "Chloé", "Denis")
SIDES = ("Anne & Chloé", "Bruno & Denis")
AC, BD = 0, 1
RECORD = Path(__file__).parent.parent / "records" / "coinche.json"


def deal(**facts: Any) -> dict[str, Any]:
    """Example 1 without its auction: Denis deals, Chloé takes 100♥, and AC count 103 card
    points and the dix de der against 49. `facts` change any of it."""
    base: dict[str, Any] = {
        "dealer": 3,
        "taker": 2,
        "contract": 100,
        "trump": "H",
        "card_points": [103, 49],
        "last_trick": 0,
    }
    base.update(facts)
    return base


def bid(seat: int, value: int | str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "bid": value, "suit": suit}


def passes(*seats: int) -> list[dict[str, Any]]:
    return [{"seat": seat, "pass": True} for seat in seats]


def coinche(seat: int) -> dict[str, Any]:
    return {"seat": seat, "coinche": True}


def surcoinche(seat: int) -> dict[str, Any]:
    return {"seat": seat, "surcoinche": True}


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def carre(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "carre", "rank": rank}


def score(facts: dict[str, Any], **settings: Any) -> HandScore:
    """The deal scored on its own, as the first of a game, under these house rules."""
    s = COINCHE.settings(settings)
    state = GameState(totals=(0, 0), sides=SIDES, players=PLAYERS)
    return COINCHE.score_hand(COINCHE.hand(facts, s, PLAYERS), s, state)


def scores(facts: dict[str, Any], **settings: Any) -> tuple[int, ...]:
    return score(facts, **settings).scores


def refusal(facts: dict[str, Any], **settings: Any) -> tuple[str, str]:
    """The key a refused deal names, and its message."""
    with pytest.raises(ScorerError) as caught:
        COINCHE.hand(facts, COINCHE.settings(settings), PLAYERS)
    return caught.value.field, str(caught.value.message)


def play(hands: list[dict[str, Any]], **settings: Any) -> GameScore:
    s = COINCHE.settings(settings)
    return score_game(COINCHE, s, read_hands(COINCHE, s, hands, PLAYERS), PLAYERS)


# The spec's worked examples, each one deal with its facts (rules/coinche.md, Worked examples).
EXAMPLE_1 = deal(
    bids=[bid(0, 80, "H"), *passes(1), bid(2, 100, "H"), *passes(3, 0, 1)],
)
EXAMPLE_2 = {"dealer": 0, "outcome": "passed"}
EXAMPLE_3 = deal(dealer=1, taker=3, contract=110, trump="S", card_points=[80, 72], belote=3)
EXAMPLE_4 = deal(
    dealer=2,
    taker=3,
    contract=90,
    trump="C",
    coinche=1,
    card_points=[64, 88],
    last_trick=1,
    bids=[bid(3, 90, "C"), coinche(0)],
)
EXAMPLE_5 = deal(contract="capot", trump="D", card_points=[152, 0], all_tricks=0)
EXAMPLE_6 = deal(
    dealer=0,
    taker=1,
    contract=130,
    trump="S",
    coinche=1,
    card_points=[27, 125],
    last_trick=1,
    belote=2,
)
EXAMPLE_7 = deal(
    taker=0,
    contract=120,
    trump="D",
    coinche=2,
    card_points=[95, 57],
    last_trick=1,
    belote=0,
    bids=[bid(0, 120, "D"), coinche(1), surcoinche(2)],
)
EXAMPLE_8 = deal(
    dealer=0,
    taker=1,
    contract=120,
    trump="H",
    card_points=[0, 152],
    last_trick=1,
    all_tricks=1,
    belote=0,
)
EXAMPLE_9 = deal(taker=0, contract="capot", trump="S", card_points=[140, 12], last_trick=0)
EXAMPLE_10 = deal(dealer=0, taker=1, contract=80, trump="C", card_points=[81, 71], last_trick=1)
EXAMPLE_11 = deal(taker=0, contract=80, trump="H", card_points=[75, 77], last_trick=0)
EXAMPLE_13 = deal(
    dealer=2,
    taker=3,
    contract=100,
    trump="H",
    card_points=[52, 100],
    last_trick=1,
    declarations=[run(0, 4, "J", "S"), run(1, 3, "A", "D"), run(3, 4, "10", "H")],
)
EXAMPLE_16 = deal(
    taker=0,
    contract="generale",
    trump="H",
    card_points=[152, 0],
    last_trick=0,
    all_tricks=0,
    alone=True,
)
EXAMPLE_17 = deal(
    dealer=2, taker=3, contract=100, trump="D", card_points=[69, 83], last_trick=0, belote=3
)


class TestWorkedExamples:
    def test_example_1_chloe_makes_100_hearts(self) -> None:
        result = score(EXAMPLE_1)
        assert result.scores == (210, 50) and result.made is True
        assert "Anne & Chloé score 113 + 100 = 213 → 210." in result.notes
        assert "Bruno & Denis score 49 → 50." in result.notes

    def test_example_2_a_passed_deal_scores_nothing(self) -> None:
        result = score(EXAMPLE_2)
        assert result.scores == (0, 0) and result.made is None

    def test_example_3_denis_goes_dedans_and_keeps_his_belote(self) -> None:
        result = score(EXAMPLE_3)
        assert result.scores == (270, 20) and result.made is False
        assert "Bruno & Denis count 92 for the contract, short of 110: 110♠ fails." in (
            result.notes
        )

    def test_example_3_with_the_belote_going_to_the_defenders(self) -> None:
        assert scores(EXAMPLE_3, belote_on_failure="defenders") == (290, 0)

    def test_example_4_a_coinched_90_made_doubles_the_deal_and_contract(self) -> None:
        result = score(EXAMPLE_4)
        assert result.scores == (0, 500) and result.made is True
        assert "Bruno & Denis score (160 + 90) × 2 = 500." in result.notes

    def test_example_4_with_multiply_score(self) -> None:
        result = score(EXAMPLE_4, coinche_scoring="multiply_score")
        assert result.scores == (60, 380)
        assert "Bruno & Denis score (98 + 90) × 2 = 376 → 380." in result.notes
        assert "Anne & Chloé score 64 → 60." in result.notes

    def test_example_5_a_capot_bid_and_made(self) -> None:
        assert scores(EXAMPLE_5) == (500, 0)

    def test_example_6_a_coinched_130_made(self) -> None:
        result = score(EXAMPLE_6)
        assert result.scores == (20, 580)
        assert "Bruno & Denis count 135 for the contract against 47: 130♠ is made." in (
            result.notes
        )

    def test_examples_1_to_6_as_a_game_bd_win_with_the_higher_total(self) -> None:
        game = play([EXAMPLE_1, EXAMPLE_2, EXAMPLE_3, EXAMPLE_4, EXAMPLE_5, EXAMPLE_6])
        assert [h.score.scores for h in game.hands] == [
            (210, 50),
            (0, 0),
            (270, 20),
            (0, 500),
            (500, 0),
            (20, 580),
        ]
        assert [h.totals for h in game.hands] == [
            (210, 50),
            (210, 50),
            (480, 70),
            (480, 570),
            (980, 570),
            (1000, 1150),
        ]
        assert game.finished and game.winners == (BD,)
        assert COINCHE.win_sentence(game.sides, game.winners) == "Bruno & Denis win"

    def test_example_7_surcoinched_and_failed(self) -> None:
        result = score(EXAMPLE_7)
        assert result.scores == (20, 1120) and result.made is False
        assert "Bruno & Denis score (160 + 120) × 4 = 1120." in result.notes

    def test_example_8_every_trick_without_a_capot_bid(self) -> None:
        result = score(EXAMPLE_8)
        assert result.scores == (20, 370)
        assert "Bruno & Denis score 250 + 120 = 370." in result.notes

    def test_example_9_a_capot_bid_and_one_trick_lost(self) -> None:
        result = score(EXAMPLE_9)
        assert result.scores == (0, 410) and result.made is False
        assert "Bruno & Denis score 160 + 250 = 410." in result.notes

    def test_example_10_a_tie_does_not_beat_the_defenders(self) -> None:
        result = score(EXAMPLE_10)
        assert result.scores == (240, 0) and result.made is False
        assert (
            "Bruno & Denis count 81 for the contract against 81, not more: 80♣ fails."
            in result.notes
        )

    def test_example_11_rounded_each_way(self) -> None:
        assert scores(EXAMPLE_11) == (170, 80)
        assert scores(EXAMPLE_11, rounding="none") == (165, 77)

    def test_example_12_example_3_unrounded(self) -> None:
        assert scores(EXAMPLE_3, rounding="none") == (272, 20)

    def test_example_13_announcements_the_higher_quarte_wins(self) -> None:
        result = score(EXAMPLE_13, announcements=True)
        assert result.scores == (100, 210) and result.made is True
        assert [(v.counted, v.points) for v in result.verdicts] == [
            (True, 50),
            (False, 0),
            (False, 0),
        ]
        assert "Bruno & Denis count 110 for the contract against 102: 100♥ is made." in (
            result.notes
        )
        assert "Anne & Chloé score 102 → 100." in result.notes

    def test_example_14_example_1_counting_the_contract_only(self) -> None:
        assert scores(EXAMPLE_1, scoring="contract_only") == (100, 0)

    def test_example_15_example_3_counting_the_contract_only(self) -> None:
        assert scores(EXAMPLE_3, scoring="contract_only") == (110, 20)

    def test_example_16_a_generale_made_alone(self) -> None:
        result = score(EXAMPLE_16, generale=True)
        assert result.scores == (750, 0) and result.made is True

    def test_example_17_belote_counts_towards_the_contract(self) -> None:
        assert scores(EXAMPLE_17) == (80, 200)

    def test_example_17_without_bonus_in_contract(self) -> None:
        result = score(EXAMPLE_17, bonus_in_contract=False)
        assert result.scores == (260, 20) and result.made is False


class TestTheRecord:
    def test_it_is_the_spec_game_and_bd_win(self) -> None:
        data = json.loads(RECORD.read_text())
        game = play(data["hands"], **data["settings"])
        assert data["players"] == list(PLAYERS)
        assert [h.score.scores for h in game.hands] == [
            (210, 50),
            (0, 0),
            (270, 20),
            (0, 500),
            (500, 0),
            (20, 580),
        ]
        assert game.totals == (1000, 1150) and game.winners == (BD,)
        assert game.next_dealer == 1

    def test_every_hand_round_trips(self) -> None:
        data = json.loads(RECORD.read_text())
        s = COINCHE.settings(data["settings"])
        hands = read_hands(COINCHE, s, data["hands"], PLAYERS)
        assert [h.to_dict() for h in hands] == data["hands"]
        assert s.to_dict() == {}

    def test_a_hand_after_the_end_is_refused(self) -> None:
        data = json.loads(RECORD.read_text())
        with pytest.raises(HandError) as caught:
            play([*data["hands"], EXAMPLE_1])
        assert str(caught.value) == "hand 7: game: the game already ended after hand 6"


class TestRejectedInput:
    """The spec's list of rejected input, each naming its key."""

    def test_card_points_must_add_up_to_152(self) -> None:
        assert refusal(deal(card_points=[90, 60])) == (
            "card_points",
            "must add up to 152 (got 90 + 60 = 150)",
        )

    def test_a_contract_below_80(self) -> None:
        assert refusal(deal(contract=70)) == ("contract", "must be at least 80, not 70")

    def test_a_passed_deal_coinched(self) -> None:
        assert refusal({"dealer": 0, "outcome": "passed", "coinche": 1}) == (
            "coinche",
            "nobody took a contract",
        )

    def test_every_trick_without_all_the_card_points(self) -> None:
        field, message = refusal(deal(all_tricks=0, card_points=[150, 2]))
        assert field == "all_tricks"
        assert message.startswith("a team that won every trick has all 152 card points")

    def test_a_coinche_by_the_takers_partner(self) -> None:
        facts = deal(dealer=2, taker=3, contract=90, coinche=1, bids=[bid(3, 90, "H"), coinche(1)])
        assert refusal(facts) == ("bids", "call 2: only the other team can coinche")


class TestHandKeys:
    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            ({**deal(), "dealer": None}, "dealer", "is required"),
            (deal(dealer=4), "dealer", "must be a seat from 0 to 3, not 4"),
            (deal(outcome="void"), "outcome", 'must be one of "played", "passed", not "void"'),
            ({**deal(), "taker": None}, "taker", "is required"),
            (deal(taker=-1), "taker", "must be a seat from 0 to 3, not −1"),
            ({**deal(), "contract": None}, "contract", "is required"),
            (
                deal(contract="tout"),
                "contract",
                'must be a number, "capot" or "generale", not "tout"',
            ),
            (deal(contract=170), "contract", "must be at most 160, not 170"),
            (deal(contract=105), "contract", "must be 80 or more in steps of 10, not 105"),
            (
                deal(contract="generale"),
                "contract",
                "the générale is a bid only with the générale house rule",
            ),
            ({**deal(), "trump": None}, "trump", "is required"),
            (deal(trump="X"), "trump", '"X" is not a suit (use S, H, D or C)'),
            (deal(coinche=3), "coinche", "must be one of 0, 1, 2, not 3"),
            ({**deal(), "card_points": None}, "card_points", "is required"),
            (deal(card_points=[152]), "card_points", "must be a list of 2 whole numbers"),
            (deal(card_points=[-10, 162]), "card_points", "card points cannot be negative"),
            (deal(card_points=[151, 1]), "card_points", "no card is worth 1 point"),
            ({**deal(), "last_trick": None}, "last_trick", "is required"),
            (deal(last_trick=2), "last_trick", "must be one of 0, 1, not 2"),
            (deal(all_tricks=2), "all_tricks", "must be one of 0, 1, not 2"),
            (
                deal(card_points=[152, 0], last_trick=1, all_tricks=0),
                "all_tricks",
                "a team that won every trick has all 152 card points and the last trick",
            ),
            (
                deal(card_points=[0, 152], last_trick=1, all_tricks=1, alone=True),
                "alone",
                "a taker who won every trick alone is on the team that won them all",
            ),
            (
                deal(alone=True),
                "alone",
                "a taker who won every trick alone is on the team that won them all",
            ),
            (deal(alone="maybe"), "alone", 'must be true or false, not "maybe"'),
            (deal(belote=5), "belote", "must be a seat from 0 to 3, not 5"),
            (
                deal(declarations=[run(0, 3, "9", "S")]),
                "declarations",
                "announcements are not played at this table (house rule)",
            ),
            (deal(colour="H"), "colour", "is not a Coinche hand key"),
        ],
    )
    def test_each_key_is_checked_naming_itself(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        assert refusal(facts) == (field, message)

    def test_a_hand_must_be_an_object(self) -> None:
        with pytest.raises(ParseError) as caught:
            COINCHE.hand([], COINCHE.settings())  # type: ignore[arg-type]
        assert str(caught.value) == "Coinche hand: a Coinche hand must be an object"

    @pytest.mark.parametrize(
        "key",
        ["taker", "contract", "trump", "card_points", "last_trick", "all_tricks", "belote"],
    )
    def test_a_passed_deal_gives_no_fact_of_a_played_one(self, key: str) -> None:
        facts = {"dealer": 0, "outcome": "passed", key: deal(all_tricks=0, belote=1)[key]}
        assert refusal(facts) == (key, "nobody took a contract")

    def test_a_passed_deal_is_not_played_alone_nor_announced(self) -> None:
        passed = {"dealer": 0, "outcome": "passed"}
        assert refusal({**passed, "alone": True}) == ("alone", "nobody took a contract")
        facts = {**passed, "declarations": [run(0, 3, "9", "S")]}
        assert refusal(facts, announcements=True) == ("declarations", "nobody took a contract")

    def test_a_passed_deal_may_give_its_calls_and_coinche_zero(self) -> None:
        facts = {"dealer": 0, "outcome": "passed", "coinche": 0, "bids": passes(1, 2, 3, 0)}
        assert scores(facts) == (0, 0)
        facts = {"dealer": 0, "outcome": "passed", "alone": False, "declarations": []}
        assert scores(facts) == (0, 0)

    def test_capot_is_always_a_bid_and_generale_with_its_house_rule(self) -> None:
        assert scores(deal(contract="capot", card_points=[152, 0], all_tricks=0)) == (500, 0)
        assert scores(deal(contract="Capot", card_points=[152, 0], all_tricks=0)) == (500, 0)
        assert scores(EXAMPLE_16, generale=True) == (750, 0)

    def test_a_lower_case_trump_is_read(self) -> None:
        assert scores(deal(trump="h")) == scores(deal(trump="H"))

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            # The spec: a contract is an integer, "capot" or "generale"; a seat an integer.
            ({"contract": "100"}, "contract", 'must be a number, "capot" or "generale", not "100"'),
            ({"contract": 100.0}, "contract", 'must be a number, "capot" or "generale", not 100.0'),
            ({"taker": "2"}, "taker", 'must be a whole number, written without quotes, not "2"'),
            ({"dealer": False}, "dealer", "must be a whole number, not false"),
            (
                {"card_points": ["103", 49]},
                "card_points",
                'must be a whole number, written without quotes, not "103"',
            ),
            ({"coinche": True}, "coinche", "must be one of 0, 1, 2, not true"),
            ({"alone": 1}, "alone", "must be true or false, not 1"),
        ],
    )
    def test_a_number_written_as_text_a_flag_or_a_fraction_is_refused(
        self, facts: dict[str, object], field: str, message: str
    ) -> None:
        with pytest.raises(ParseError) as caught:
            scores(deal(**facts))
        assert (caught.value.field, caught.value.message) == (field, message)

    def test_152_card_points_without_all_tricks_are_not_a_capot(self) -> None:
        # The other team won a trick with no points in it (spec: Hand keys, `all_tricks`).
        result = score(deal(card_points=[152, 0], last_trick=0))
        assert result.scores == (260, 0)
        assert "Anne & Chloé score 162 + 100 = 262 → 260." in result.notes

    def test_alone_is_allowed_on_the_takers_team_winning_every_trick(self) -> None:
        facts = deal(card_points=[152, 0], all_tricks=0, alone=True)
        assert scores(facts) == (350, 0)

    @pytest.mark.parametrize(
        "facts",
        [
            EXAMPLE_1,
            EXAMPLE_2,
            EXAMPLE_4,
            EXAMPLE_7,
            EXAMPLE_8,
            EXAMPLE_9,
            EXAMPLE_16,
            {"dealer": 0, "outcome": "passed", "bids": passes(1, 2, 3, 0)},
        ],
    )
    def test_a_hand_round_trips(self, facts: dict[str, Any]) -> None:
        settings = COINCHE.settings({"generale": True})
        hand = COINCHE.hand(facts, settings, PLAYERS)
        assert hand.to_dict() == facts
        assert COINCHE.hand(hand.to_dict(), settings, PLAYERS) == hand

    def test_the_announcements_round_trip(self) -> None:
        settings = COINCHE.settings({"announcements": True})
        facts = deal(declarations=[run(0, 4, "J", "S"), carre(1, "A")])
        assert COINCHE.hand(facts, settings, PLAYERS).to_dict() == facts

    def test_what_the_model_reads_of_a_hand(self) -> None:
        settings = COINCHE.settings({"generale": True})
        hand = COINCHE.hand(EXAMPLE_1, settings, PLAYERS)
        assert (hand.declarer, hand.contract, hand.trump_suit, hand.unplayed) == (2, 100, "H", "")
        capot = COINCHE.hand(EXAMPLE_5, settings, PLAYERS)
        assert capot.contract == 250
        assert COINCHE.hand(EXAMPLE_16, settings, PLAYERS).contract == 500
        passed = COINCHE.hand(EXAMPLE_2, settings, PLAYERS)
        assert (passed.declarer, passed.contract, passed.trump_suit) == (None, None, None)
        assert passed.unplayed == "passed"


class TestSettings:
    def test_the_defaults(self) -> None:
        s = COINCHE.settings()
        assert s.full_dict() == {
            "target": 1000,
            "rounding": "nearest",
            "scoring": "made_plus_contract",
            "coinche_scoring": "winner_all",
            "belote_on_failure": "holder",
            "bonus_in_contract": True,
            "announcements": False,
            "min_contract": 80,
            "contract_step": 10,
            "max_contract": 160,
            "generale": False,
            "passed_deal": "next",
        }
        assert s.to_dict() == {} and COINCHE.settings(s.full_dict()) == s

    @pytest.mark.parametrize(
        ("settings", "field", "message"),
        [
            ({"target": 0}, "target", "must be a positive number, not 0"),
            ({"rounding": "up"}, "rounding", 'must be one of "nearest", "none", not "up"'),
            (
                {"scoring": "both"},
                "scoring",
                'must be one of "made_plus_contract", "contract_only", not "both"',
            ),
            (
                {"coinche_scoring": "x"},
                "coinche_scoring",
                'must be one of "winner_all", "multiply_score", not "x"',
            ),
            (
                {"belote_on_failure": "x"},
                "belote_on_failure",
                'must be one of "holder", "defenders", not "x"',
            ),
            ({"bonus_in_contract": "x"}, "bonus_in_contract", 'must be true or false, not "x"'),
            ({"announcements": 2}, "announcements", "must be true or false, not 2"),
            ({"min_contract": 100}, "min_contract", "must be one of 80, 90, not 100"),
            ({"contract_step": 20}, "contract_step", "must be one of 10, 5, not 20"),
            ({"max_contract": 70}, "max_contract", "must be 80 to 650 in steps of 10, not 70"),
            ({"max_contract": 660}, "max_contract", "must be 80 to 650 in steps of 10, not 660"),
            ({"max_contract": 165}, "max_contract", "must be 80 to 650 in steps of 10, not 165"),
            (
                {"min_contract": 90, "max_contract": 80},
                "max_contract",
                "must be 90 to 650 in steps of 10, not 80",
            ),
            ({"generale": "x"}, "generale", 'must be true or false, not "x"'),
            ({"passed_deal": "x"}, "passed_deal", 'must be one of "next", "same", not "x"'),
            ({"colour": "H"}, "colour", "is not a Coinche setting key"),
        ],
    )
    def test_each_setting_is_checked_naming_itself(
        self, settings: dict[str, Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            COINCHE.settings(settings)
        assert (caught.value.field, str(caught.value.message)) == (field, message)

    def test_max_contract_may_be_any_value_that_fits_the_step_up_to_650(self) -> None:
        assert COINCHE.settings({"max_contract": 650}).max_contract == 650
        assert COINCHE.settings({"max_contract": 165, "contract_step": 5}).max_contract == 165
        assert COINCHE.settings({"max_contract": 80}).max_contract == 80
        facts = deal(contract=200, card_points=[152, 0], all_tricks=0)
        assert scores(facts, max_contract=200) == (450, 0)

    def test_min_contract_90_refuses_80(self) -> None:
        assert refusal(deal(contract=80), min_contract=90) == (
            "contract",
            "must be at least 90, not 80",
        )
        assert scores(deal(contract=90), min_contract=90) == (200, 50)
        assert refusal(deal(contract=95), min_contract=90) == (
            "contract",
            "must be 90 or more in steps of 10, not 95",
        )

    def test_contract_step_5_allows_85(self) -> None:
        assert scores(deal(contract=85), contract_step=5) == (200, 50)
        assert refusal(deal(contract=85))[0] == "contract"

    def test_target_ends_the_game_where_the_table_says(self) -> None:
        assert play([EXAMPLE_1], target=200).winners == (AC,)
        assert play([EXAMPLE_1]).winners == ()

    def test_passed_deal_chooses_who_deals_after_four_passes(self) -> None:
        settings = COINCHE.settings()
        passed = COINCHE.hand(EXAMPLE_2, settings, PLAYERS)
        played = COINCHE.hand(EXAMPLE_1, settings, PLAYERS)
        assert COINCHE.next_dealer(passed, settings) == 1
        assert COINCHE.next_dealer(played, settings) == 0
        same = COINCHE.settings({"passed_deal": "same"})
        assert COINCHE.next_dealer(passed, same) == 0
        assert COINCHE.next_dealer(played, same) == 0
        assert play([EXAMPLE_2], passed_deal="same").next_dealer == 0


class TestScoring:
    def test_the_last_trick_adds_ten_to_its_team(self) -> None:
        assert scores(deal(last_trick=1)) == (200, 60)

    def test_the_taker_on_team_one_makes_it(self) -> None:
        assert scores(deal(taker=1, card_points=[49, 103], last_trick=1)) == (50, 210)

    def test_a_made_contract_needs_its_value(self) -> None:
        # 79 does not make 80, though it would round to 80.
        result = score(deal(taker=0, contract=80, card_points=[69, 83], last_trick=0))
        assert result.scores == (0, 240) and result.made is False
        assert "Anne & Chloé count 79 for the contract, short of 80: 80♥ fails." in result.notes
        assert scores(deal(taker=0, contract=80, card_points=[72, 80], last_trick=0)) == (160, 80)

    def test_a_made_contract_must_beat_the_defenders(self) -> None:
        # 85 ≥ 80 but the defenders have 97: dedans.
        facts = deal(taker=0, contract=80, card_points=[75, 77], last_trick=0, belote=1)
        assert score(facts).scores == (0, 260)
        # 82 against 80: made.
        facts = deal(taker=0, contract=80, card_points=[72, 80], last_trick=0)
        assert scores(facts) == (160, 80)

    def test_a_coinche_doubles_and_a_surcoinche_quadruples(self) -> None:
        made = deal(contract=100)
        assert scores(made) == (210, 50)
        assert scores({**made, "coinche": 1}) == (520, 0)
        assert scores({**made, "coinche": 2}) == (1040, 0)
        failed = deal(contract=120)
        assert scores(failed) == (0, 280)
        assert scores({**failed, "coinche": 1}) == (0, 560)
        assert scores({**failed, "coinche": 2}) == (0, 1120)

    def test_multiply_score_multiplies_the_takers_points_and_contract_only_if_made(self) -> None:
        made = deal(contract=100, coinche=2)
        # (113 + 100) × 4 = 852 → 850.
        assert scores(made, coinche_scoring="multiply_score") == (850, 50)
        failed = deal(contract=120, coinche=1)
        assert scores(failed, coinche_scoring="multiply_score") == (0, 560)

    def test_multiply_score_multiplies_the_takers_belote_and_announcements(self) -> None:
        facts = deal(contract=100, coinche=1, belote=0, declarations=[run(2, 3, "9", "C")])
        result = score(facts, coinche_scoring="multiply_score", announcements=True)
        # (113 + 20 belote + 20 tierce + 100) × 2 = 506 → 510.
        assert result.scores == (510, 50)

    def test_belote_and_announcements_are_never_multiplied_by_winner_all(self) -> None:
        facts = deal(contract=100, coinche=1, belote=0, declarations=[run(2, 3, "9", "C")])
        assert scores(facts, announcements=True) == ((160 + 100) * 2 + 20 + 20, 0)
        facts = deal(contract=100, coinche=2, belote=1, declarations=[run(1, 3, "9", "C")])
        # The defenders' announcements go to the winners; their belote stays with them.
        assert scores(facts, announcements=True) == ((160 + 100) * 4 + 20, 20)

    def test_the_losers_keep_only_their_belote_under_winner_all(self) -> None:
        facts = deal(contract=100, coinche=1, belote=3)
        result = score(facts)
        assert result.scores == (520, 20)
        assert "Bruno & Denis score 20." in result.notes

    def test_a_failed_takers_belote_stays_with_them(self) -> None:
        facts = deal(contract=140, belote=0)
        result = score(facts)
        assert result.scores == (20, 300)
        assert "Anne & Chloé keep their belote (20)." in result.notes

    def test_belote_on_failure_defenders_moves_it_also_when_coinched(self) -> None:
        facts = deal(contract=140, belote=0)
        result = score(facts, belote_on_failure="defenders")
        assert result.scores == (0, 320)
        assert "Anne & Chloé's belote (20) goes to Bruno & Denis (house rule)." in result.notes
        assert scores({**facts, "coinche": 1}, belote_on_failure="defenders") == (0, 620)
        assert scores({**facts, "coinche": 1}) == (20, 600)

    def test_belote_on_failure_leaves_a_made_contracts_belote_alone(self) -> None:
        assert scores(deal(belote=0), belote_on_failure="defenders") == (230, 50)
        assert scores(deal(belote=1), belote_on_failure="defenders") == (210, 70)

    def test_the_defenders_belote_counts_against_the_takers(self) -> None:
        # 82 against 70 + 20: the defenders' belote makes them more, so dedans.
        facts = deal(taker=0, contract=80, card_points=[72, 80], last_trick=0, belote=1)
        assert scores(facts) == (0, 260)
        assert scores(facts, bonus_in_contract=False) == (160, 100)

    def test_bonus_in_contract_false_still_scores_belote_and_announcements(self) -> None:
        facts = deal(belote=2, declarations=[run(0, 3, "9", "C")])
        assert scores(facts, bonus_in_contract=False, announcements=True) == (250, 50)

    def test_the_failed_takers_announcements_go_to_the_defenders(self) -> None:
        # 70 + 50 = 120 < 130: dedans, and the defenders take the 50 too.
        facts = deal(contract=130, card_points=[60, 92], declarations=[run(0, 4, "10", "C")])
        result = score(facts, announcements=True)
        assert result.scores == (0, 340)
        assert "Anne & Chloé's announcements (50) go to Bruno & Denis." in result.notes

    def test_contract_only_scores_a_made_contract_its_value_plus_belote(self) -> None:
        facts = deal(belote=0, declarations=[run(0, 3, "9", "C")])
        assert scores(facts, scoring="contract_only", announcements=True) == (140, 0)
        assert scores(deal(coinche=1), scoring="contract_only") == (200, 0)
        assert scores(deal(contract=120, coinche=2), scoring="contract_only") == (0, 480)

    def test_contract_only_with_multiply_score(self) -> None:
        facts = deal(coinche=1, belote=2)
        assert scores(facts, scoring="contract_only", coinche_scoring="multiply_score") == (
            240,
            0,
        )

    def test_a_capot_made_under_each_rounding(self) -> None:
        assert scores(EXAMPLE_5) == (500, 0)
        # Unrounded: 252 + 250 = 502 made, 162 + 250 = 412 failed (spec: Sources disagree).
        assert scores(EXAMPLE_5, rounding="none") == (502, 0)
        assert scores(EXAMPLE_9, rounding="none") == (0, 412)

    def test_a_capot_fails_even_with_152_card_points(self) -> None:
        facts = deal(contract="capot", card_points=[152, 0], last_trick=0)
        result = score(facts)
        assert result.scores == (0, 410)
        assert "Anne & Chloé did not win every trick: capot ♥ fails." in result.notes

    def test_a_coinched_capot(self) -> None:
        assert scores({**EXAMPLE_5, "coinche": 1}) == ((160 + 250) * 2, 0)
        assert scores({**EXAMPLE_9, "coinche": 1}) == (0, (160 + 250) * 2)

    def test_a_generale_needs_the_taker_alone(self) -> None:
        facts = {**EXAMPLE_16, "alone": False}
        result = score(facts, generale=True)
        assert result.scores == (0, 660) and result.made is False
        assert "Anne did not win every trick alone: générale ♥ fails." in result.notes
        assert (
            "Anne won every trick alone: générale ♥ is made."
            in score(EXAMPLE_16, generale=True).notes
        )

    def test_winning_every_trick_makes_a_number_contract_whatever_the_defenders_count(
        self,
    ) -> None:
        # AC win every trick (250) but BD hold two carrés (350): AC still beat them.
        facts = deal(
            taker=0,
            contract=80,
            card_points=[152, 0],
            all_tricks=0,
            declarations=[carre(1, "J"), carre(3, "9")],
        )
        result = score(facts, announcements=True)
        assert result.made is True and result.scores == (330, 350)

    def test_a_number_bid_above_a_capot_is_not_made_by_every_trick(self) -> None:
        facts = deal(contract=300, card_points=[152, 0], all_tricks=0)
        result = score(facts, max_contract=300)
        assert result.made is False and result.scores == (0, 460)

    def test_a_defenders_capot_changes_nothing(self) -> None:
        facts = deal(taker=0, contract=80, card_points=[0, 152], last_trick=1, all_tricks=1)
        result = score(facts)
        assert result.scores == (0, 240)
        assert "Bruno & Denis won every trick: 250 trick points." in result.notes

    def test_hand_scores_are_rounded_five_up(self) -> None:
        assert scores(deal(card_points=[105, 47])) == (220, 50)  # 215 → 220, 47 → 50
        assert scores(deal(card_points=[104, 48])) == (210, 50)  # 214 → 210, 48 → 50
        assert scores(deal(card_points=[104, 48]), rounding="none") == (214, 48)

    def test_the_notes_say_who_took_what(self) -> None:
        assert score(EXAMPLE_1).notes[0] == "Chloé took 100♥ for Anne & Chloé."
        assert score(EXAMPLE_4).notes[0] == "Denis took 90♣ for Bruno & Denis, coinched (×2)."
        assert score(EXAMPLE_7).notes[0] == (
            "Anne took 120♦ for Anne & Chloé, coinched and surcoinched (×4)."
        )
        assert score(EXAMPLE_5).notes[:3] == (
            "Chloé took capot ♦ for Anne & Chloé.",
            "Anne & Chloé won every trick: 250 trick points.",
            "Anne & Chloé made capot ♦.",
        )
        assert score(EXAMPLE_2).notes == (
            "All four passed: the cards are thrown in and nobody scores.",
        )
        assert "Belote: Denis +20 for Bruno & Denis." in score(EXAMPLE_3).notes


@given(
    taker=st.integers(0, 3),
    contract=st.sampled_from([80, 90, 100, 110, 120, 130, 140, 150, 160, "capot"]),
    points=st.integers(0, 152).filter(lambda p: p not in (1, 151)),
    last=st.integers(0, 1),
    every=st.booleans(),
    coinche=st.integers(0, 2),
    belote=st.sampled_from([None, 0, 1, 2, 3]),
    settings=st.fixed_dictionaries(
        {},
        optional={
            "scoring": st.sampled_from(["made_plus_contract", "contract_only"]),
            "coinche_scoring": st.sampled_from(["winner_all", "multiply_score"]),
            "belote_on_failure": st.sampled_from(["holder", "defenders"]),
            "bonus_in_contract": st.booleans(),
        },
    ),
)
def test_rounded_scores_are_never_negative_and_always_tens(
    taker: int,
    contract: int | str,
    points: int,
    last: int,
    every: bool,
    coinche: int,
    belote: int | None,
    settings: dict[str, Any],
) -> None:
    facts = deal(
        taker=taker,
        contract=contract,
        card_points=[points, 152 - points],
        last_trick=last,
        coinche=coinche,
        belote=belote,
    )
    if every:
        facts.update(card_points=[152, 0], last_trick=0, all_tricks=0)
    result = score(facts, **settings)
    assert all(s >= 0 and s % 10 == 0 for s in result.scores)
    # Exactly one team scores more than its belote: the takers if made, else the defenders.
    attack = taker % 2
    winner = attack if result.made else 1 - attack
    assert result.scores[winner] > 0


class TestGameEnd:
    def test_one_team_at_the_target_wins(self) -> None:
        hands = [EXAMPLE_4, EXAMPLE_6]
        game = play(hands)
        assert game.totals == (20, 1080) and game.winners == (BD,)

    def test_both_over_the_target_the_higher_total_wins(self) -> None:
        # AC reach 250 first, but BD pass them in the same deal.
        game = play(
            [deal(last_trick=1), deal(taker=1, card_points=[49, 103], last_trick=1)], target=250
        )
        assert game.totals == (250, 270) and game.winners == (BD,)

    def test_equal_totals_at_the_target_play_on_and_the_next_deal_decides(self) -> None:
        # AC win every trick on a 100 (250 + 100); BD's two carrés are 200 + 150.
        tie = deal(
            taker=0,
            contract=100,
            card_points=[152, 0],
            all_tricks=0,
            declarations=[carre(1, "J"), carre(3, "9")],
        )
        game = play([tie], target=300, announcements=True)
        assert game.totals == (350, 350) and not game.finished
        game = play([tie, EXAMPLE_2], target=300, announcements=True)
        assert game.totals == (350, 350) and not game.finished
        game = play([tie, EXAMPLE_2, EXAMPLE_1], target=300, announcements=True)
        assert game.totals == (560, 400) and game.winners == (AC,)

    def test_a_passed_deal_cannot_end_the_game(self) -> None:
        settings = COINCHE.settings()
        passed = COINCHE.hand(EXAMPLE_2, settings, PLAYERS)
        played = COINCHE.hand(EXAMPLE_1, settings, PLAYERS)
        nothing = HandScore((0, 0), ())
        assert COINCHE.winners((1100, 900), passed, nothing, settings, 9) == []
        assert COINCHE.winners((1100, 900), played, nothing, settings, 9) == [AC]

    def test_progress_names_the_target(self) -> None:
        assert COINCHE.progress(COINCHE.settings(), 3) == "to 1000"


class TestTheVariant:
    def test_its_metadata(self) -> None:
        assert (COINCHE.key, COINCHE.name, COINCHE.seats, COINCHE.teams) == (
            "coinche",
            "Coinche",
            4,
            True,
        )
        assert COINCHE.side_names(PLAYERS) == SIDES
        assert (COINCHE.taker, COINCHE.opener) == ("Taker", "speaks first")
        assert len(COINCHE.default_players) == len(COINCHE.seat_labels) == 4
        assert COINCHE.declaration_kinds == ("sequence", "carre")

    def test_the_broken_example_breaks_a_rule_naming_its_key(self) -> None:
        facts = {**EXAMPLE_1, **COINCHE.broken_example()}
        with pytest.raises(InvalidHand) as caught:
            COINCHE.hand(facts, COINCHE.settings())
        assert caught.value.field in COINCHE.broken_example()

    def test_its_auction_as_the_model_keeps_it(self) -> None:
        settings = COINCHE.settings()
        calls = COINCHE.auction(COINCHE.hand(EXAMPLE_7, settings, PLAYERS))
        assert [(c.seat, c.call, c.suit, c.value) for c in calls] == [
            (0, "bid", "D", 120),
            (1, "double", None, None),
            (2, "redouble", None, None),
        ]
        calls = COINCHE.auction(COINCHE.hand(EXAMPLE_5, settings, PLAYERS))
        assert [(c.seat, c.call, c.suit, c.value) for c in calls] == [(2, "capot", "D", 250)]
        calls = COINCHE.auction(COINCHE.hand(EXAMPLE_2, settings, PLAYERS))
        assert [(c.seat, c.call) for c in calls] == [
            (1, "pass"),
            (2, "pass"),
            (3, "pass"),
            (0, "pass"),
        ]

    def test_its_declarations_are_the_announcements_with_their_verdicts(self) -> None:
        settings = COINCHE.settings({"announcements": True})
        hand = COINCHE.hand(EXAMPLE_13, settings, PLAYERS)
        result = score(EXAMPLE_13, announcements=True)
        declared = COINCHE.declared(hand, result)
        assert [(d.to_dict(), v.counted) for d, v in declared] == [
            (run(0, 4, "J", "S"), True),
            (run(1, 3, "A", "D"), False),
            (run(3, 4, "10", "H"), False),
        ]

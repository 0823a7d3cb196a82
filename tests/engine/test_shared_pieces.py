"""The pieces every game shares: cards, the reader of hands and settings, names, whose turn it
is in an auction (`auction.Turns`), a ladder of declarations (`ladder.Ladder`), a list of
phrases (`texts.listed`) and reading a fact a hand in progress may not give yet
(`Reader.fact`); each names what is wrong in words a player understands, through the
catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import VARIANTS, InvalidHand, ParseError, ScorerError, get_variant
from games.engine.auction import Turns, calls_in_turn
from games.engine.cards import Card, Rank, Suit, check_card_points
from games.engine.ladder import Ladder, Rung
from games.engine.names import check_name, check_names
from games.engine.reading import Reader
from games.engine.texts import Text, listed, say
from tests.engine.helpers import KLOB, Cases, in_spades, klob_refuses, reads_only_catalogue, refused

# --- What is wrong, in a player's words -----------------------------------------------


def test_an_unknown_game_is_refused_with_the_games_scorer_knows() -> None:
    # A record or a link may name a game Scorer does not keep score for.
    with pytest.raises(ParseError) as caught:
        get_variant("bridge")
    # Every game the registry holds, in its order: the first seven, then any added since.
    known = ", ".join(VARIANTS)
    assert known.startswith("klaberjass, terz, euchre, 304, 304-widow, hoskin, hoskin-tekli")
    assert (caught.value.field, caught.value.message) == (
        "variant",
        f"unknown game 'bridge' (known: {known})",
    )


def test_a_card_reads_back_from_its_repr() -> None:
    # Cards are small values whose repr parses back (STYLE: the engine).
    card = Card.parse("10h")
    assert repr(card) == "Card.parse('10H')"
    assert eval(repr(card)) == card


@pytest.mark.parametrize(
    ("parse", "text", "field", "message"),
    [
        (Card.parse, "A", "card", '"A" is not a card (write rank then suit, e.g. 10H)'),
        (Card.parse, "AX", "card", '"X" is not a suit (use S, H, D or C)'),
        (Card.parse, "1H", "card", '"1" is not a rank (use 7, 8, 9, 10, J, Q, K or A)'),
        (Rank.parse, "1", "rank", '"1" is not a rank (use 7, 8, 9, 10, J, Q, K or A)'),
        (Suit.parse, "X", "suit", '"X" is not a suit (use S, H, D or C)'),
    ],
)
def test_a_card_rank_or_suit_that_cannot_be_read_is_named(
    parse: Any, text: str, field: str, message: str
) -> None:
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert (caught.value.field, caught.value.message) == (field, message)


class TestCardPoints:
    """A Jack–Nine side's card points (terz.md, Table: 0 to total except 1 and total − 1)."""

    def test_two_points_are_possible(self) -> None:
        # A queen alone is 2 with the seed's values; so the other side has 138.
        terz = get_variant("terz")
        hand = terz.hand(
            {"dealer": 0, "trump": "S", "card_points": [138, 2], "last_trick": 0},
            terz.settings({}),
        )
        assert hand.card_points == (138, 2)

    @pytest.mark.parametrize(
        ("points", "message"),
        [
            ([139, 1], "no card is worth 1 point"),
            ([-10, 150], "card points cannot be negative"),
        ],
    )
    def test_impossible_card_points_are_refused(self, points: list[int], message: str) -> None:
        terz = get_variant("terz")
        with pytest.raises(InvalidHand) as caught:
            terz.hand(
                {"dealer": 0, "trump": "S", "card_points": points, "last_trick": 0},
                terz.settings({}),
            )
        assert (caught.value.field, caught.value.message) == ("card_points", message)


EUCHRE = get_variant("euchre")


@pytest.mark.parametrize("alone", [True, False])
def test_a_yes_or_no_is_true_or_false(alone: bool) -> None:
    hand = EUCHRE.hand(
        {"dealer": 3, "maker": 1, "maker_tricks": 5, "alone": alone}, EUCHRE.settings({})
    )
    assert hand.alone is alone


@pytest.mark.parametrize("written", ["true", "on", "1", 1, "false", "off", "0", 0, ""])
def test_a_yes_or_no_written_otherwise_is_refused(written: object) -> None:
    # A record writes true or false (euchre.md: `alone` is a bool); the form sends the
    # engine True or False, never what the browser posted.
    with pytest.raises(ParseError) as caught:
        EUCHRE.hand(
            {"dealer": 3, "maker": 1, "maker_tricks": 5, "alone": written}, EUCHRE.settings({})
        )
    assert caught.value.field == "alone"
    assert caught.value.message.startswith("must be true or false, not ")


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [
        ({"alone": "yes"}, "alone", 'must be true or false, not "yes"'),
        ({"maker_tricks": True}, "maker_tricks", "must be a whole number, not true"),
        ({"maker_tricks": False}, "maker_tricks", "must be a whole number, not false"),
        ({"maker_tricks": 2.5}, "maker_tricks", "must be a whole number, not 2.5"),
    ],
)
def test_a_value_of_the_wrong_kind_is_named(
    facts: dict[str, object], field: str, message: str
) -> None:
    with pytest.raises(ParseError) as caught:
        EUCHRE.hand({"dealer": 3, "maker": 1, "maker_tricks": 3, **facts}, EUCHRE.settings({}))
    assert (caught.value.field, caught.value.message) == (field, message)


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [
        ({"melds": [10, 20]}, "melds", "must be a list of 4 whole numbers"),
        ({"melds": "270"}, "melds", "must be a list of 4 whole numbers"),
        ({"melds": [270, "x", None, None]}, "melds", 'must be a whole number, not "x"'),
        ({"meld_cards": "KH"}, "meld_cards", "must be a list"),
    ],
)
def test_a_list_of_the_wrong_shape_is_named(
    facts: dict[str, object], field: str, message: str
) -> None:
    hoskin = get_variant("hoskin")
    with pytest.raises(ParseError) as caught:
        hoskin.interim(facts, hoskin.settings({}), ("Ali", "Berk", "Cem", "Deniz"))
    assert (caught.value.field, caught.value.message) == (field, message)


def test_a_blank_meld_is_not_entered_yet() -> None:
    hoskin = get_variant("hoskin")
    result = hoskin.interim(
        {"melds": [270, "", None, None]}, hoskin.settings({}), ("Ali", "Berk", "Cem", "Deniz")
    )
    assert [r.player for r in result.rows] == ["Ali"]


def test_a_called_card_that_cannot_be_read_names_its_key() -> None:
    four = get_variant("304")
    facts = {"dealer": 3, "bidder": 0, "bid": 180, "trump": "S", "called_card": "A"}
    with pytest.raises(ParseError) as caught:
        four.hand({**facts, "partner": 2, "points": 190, "tricks": 5}, four.settings({}))
    assert caught.value.field == "called_card"


@pytest.mark.parametrize(
    ("facts", "field", "message"),
    [
        ("x", "Euchre hand", "a Euchre hand must be an object"),
        ({"maker": 1, "maker_tricks": 3}, "dealer", "is required"),
        ({"dealer": 3, "maker": 1, "maker_tricks": -1}, "maker_tricks", "must be 0 to 5, not −1"),
    ],
)
def test_a_hand_of_the_wrong_shape_names_what_is_missing_or_wrong(
    facts: object, field: str, message: str
) -> None:
    with pytest.raises(ScorerError) as caught:
        EUCHRE.hand(facts, EUCHRE.settings({}))  # type: ignore[arg-type]
    assert (caught.value.field, caught.value.message) == (field, message)


def test_a_declaration_that_is_not_an_object_names_its_place() -> None:
    klob = get_variant("klaberjass")
    facts = {"dealer": 0, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    with pytest.raises(ScorerError) as caught:
        klob.hand({**facts, "declarations": ["x"]}, klob.settings({}))
    assert caught.value.message == "declaration 1: declaration: a declaration must be an object"


def test_a_number_written_as_text_is_refused_and_a_target_may_be_1() -> None:
    with pytest.raises(ParseError) as caught:
        EUCHRE.hand({"dealer": 3, "maker": 1, "maker_tricks": " 4 "}, EUCHRE.settings({}))
    assert (caught.value.field, caught.value.message) == (
        "maker_tricks",
        'must be a whole number, written without quotes, not " 4 "',
    )
    assert EUCHRE.settings({"target": 1}).target == 1


@pytest.mark.parametrize("written", ["4", 4.0, True])
def test_a_choice_of_numbers_is_a_number(written: object) -> None:
    # The settings form sends 4 (the choice's JSON), as a record writes it.
    assert EUCHRE.settings({"lone_euchre_points": 4}).lone_euchre_points == 4
    with pytest.raises(ParseError) as caught:
        EUCHRE.settings({"lone_euchre_points": written})
    assert caught.value.field == "lone_euchre_points"


@pytest.mark.parametrize(
    ("variant", "facts", "field", "message"),
    [
        (
            "euchre",
            {"dealer": 3, "maker": 1, "maker_tricks": "X5"},
            "maker_tricks",
            'must be a whole number, not "X5"',
        ),
        (
            "terz",
            {"dealer": 0, "trump": "S", "card_points": ["x", 60], "last_trick": 0},
            "card_points",
            'must be a whole number, not "x"',
        ),
    ],
)
def test_text_that_is_not_a_number_is_named(
    variant: str, facts: dict[str, object], field: str, message: str
) -> None:
    game = get_variant(variant)
    with pytest.raises(ParseError) as caught:
        game.hand(facts, game.settings({}))
    assert (caught.value.field, caught.value.message) == (field, message)


# --- Turns, the ladder, lists and facts not given yet ---------------------------------


class TestTurns:
    def test_seats_speak_in_turn_and_go_round(self) -> None:
        turns = Turns([1, 2, 3, 0])
        seen = []
        for _ in range(6):
            seen.append(turns.seat)
            turns.next()
        assert seen == [1, 2, 3, 0, 1, 2]

    def test_a_seat_that_drops_out_is_skipped_and_the_next_takes_its_turn(self) -> None:
        turns = Turns([1, 2, 3])
        turns.next()  # 1 bids
        assert turns.seat == 2
        turns.drop()  # 2 passes
        assert (turns.seat, turns.active) == (3, [1, 3])
        turns.next()  # 3 bids
        assert turns.seat == 1
        turns.drop()  # 1 passes: 3 is left alone
        assert (turns.seat, turns.active) == (3, [3])

    def test_the_last_in_turn_dropping_out_hands_the_turn_round_to_the_first(self) -> None:
        turns = Turns([0, 1, 2])
        turns.next()
        turns.next()
        turns.drop()  # 2 passes
        assert (turns.seat, turns.active) == (0, [0, 1])

    def test_calls_typed_in_order_get_their_seats(self) -> None:
        assert calls_in_turn([160, 170, None, 190, None, None], [1, 2, 3, 0]) == [
            {"seat": 1, "bid": 160},
            {"seat": 2, "bid": 170},
            {"seat": 3, "pass": True},
            {"seat": 0, "bid": 190},
            {"seat": 1, "pass": True},
            {"seat": 2, "pass": True},
        ]

    def test_calls_after_everyone_passed_are_left_out(self) -> None:
        assert calls_in_turn([None, None, 170], [0, 1]) == [
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
        ]


def _ladder() -> Ladder[tuple[int, int]]:
    # (value, seat): value decides, then the lower seat.
    return Ladder(
        Rung(lambda d: d[0], lambda w, lo: say("coinche.higher_value", value=w[0], other=lo[0])),
        Rung(lambda d: -d[1], lambda w, lo: say("terz.senior")),
    )


class TestLadder:
    def test_the_order_is_each_rungs_height(self) -> None:
        assert _ladder().order((50, 2)) == (50, -2)
        assert max([(20, 0), (50, 3), (50, 1)], key=_ladder().order) == (50, 1)

    def test_the_first_rung_that_differs_says_why(self) -> None:
        why = _ladder().decided((50, 3), (20, 0))
        assert (why.id, why.params) == ("coinche.higher_value", {"value": 50, "other": 20})

    def test_the_last_rung_is_the_final_tiebreak(self) -> None:
        assert _ladder().decided((50, 0), (50, 3)).id == "terz.senior"
        # Nothing differs at all: still the final tiebreak's words.
        assert _ladder().decided((50, 0), (50, 0)).id == "terz.senior"


class TestListed:
    def test_one_phrase_is_itself(self) -> None:
        only = say("declarations.need.seat")
        assert listed("declarations.need.list", [only]) is only

    def test_several_phrases_are_joined_from_the_right(self) -> None:
        items = [say("card.rank.A"), say("card.rank.K"), say("card.rank.Q")]
        joined = listed("hoskin.list.comma", items)
        assert isinstance(joined, Text)
        assert joined.id == "hoskin.list.comma"
        assert joined.params["first"] == items[0]
        rest = joined.params["rest"]
        assert isinstance(rest, Text)
        assert (rest.params["first"], rest.params["rest"]) == (items[1], items[2])


class TestReaderFact:
    def test_a_saved_hand_requires_the_fact(self) -> None:
        r = Reader({}, "hand", ("dealer",))
        with pytest.raises(ParseError) as caught:
            r.fact(r.seat, "dealer", 4)
        assert caught.value.field == "dealer"
        assert caught.value.message == say("reading.required")

    def test_a_hand_in_progress_skips_a_fact_not_given(self) -> None:
        r = Reader({"dealer": None}, "hand", ("dealer",), partial=True)
        assert r.fact(r.seat, "dealer", 4) is None

    def test_a_fact_given_is_read_and_checked_in_either_mode(self) -> None:
        for partial in (False, True):
            r = Reader({"dealer": 2, "caller": 7}, "hand", ("dealer", "caller"), partial=partial)
            assert r.fact(r.seat, "dealer", 4) == 2
            with pytest.raises(ParseError) as caught:
                r.fact(r.seat, "caller", 4)
            assert caught.value.field == "caller"


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    # Cards, numbers, reading.
    "cards": (
        lambda: [
            *refused(lambda: Suit.parse("X")),
            *refused(lambda: Rank.parse("1")),
            *refused(lambda: Card.parse("A")),
            *refused(lambda: check_card_points((-10, 162), 152)),
            *refused(lambda: check_card_points((10, 100), 152)),
            *refused(lambda: check_card_points((151, 1), 152)),
            *refused(lambda: check_card_points((200, None), 152)),
        ],
        set(),
    ),
    "reading": (
        lambda: [
            *refused(lambda: KLOB.settings({"target": -500})),
            *refused(lambda: KLOB.settings({"zero_trick_sequences": "maybe"})),
            *refused(lambda: KLOB.settings({"tie_rule": "never"})),
            *refused(lambda: KLOB.settings({"tie_rule": 10**5000})),
            *klob_refuses(in_spades(dealer=4)),
            *klob_refuses(in_spades(card_points=[1])),
            *klob_refuses(in_spades(card_points=["x", 1])),
            *klob_refuses(in_spades(caller="0")),
            *klob_refuses(in_spades(trump=1)),
            *klob_refuses(in_spades(declarations="x")),
            *klob_refuses({"dealer": 0}),
            *refused(lambda: KLOB.hand([], KLOB.settings())),  # type: ignore[arg-type]
            *refused(lambda: Reader({}, "", ()).raw("x")),
        ],
        {"forfeit", "half", "never", "maybe"},
    ),
    "names": (
        lambda: [
            *refused(lambda: check_name("", "players")),
            *refused(lambda: check_name("\u200b\u3164", "players")),
            *refused(lambda: check_name("A\x1bn", "players")),
            *refused(lambda: check_name("\u202eAnn", "players")),
            *refused(lambda: check_name("A\udc00", "players")),
            *refused(lambda: check_names(["Ann", "ann\u200b"], "players")),
        ],
        {"U", "A", "n", "Ann", "ann", "B", "E", "C", "DC"},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

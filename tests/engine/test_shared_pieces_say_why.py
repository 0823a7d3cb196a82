"""The pieces every game shares name what is wrong in words a player understands."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import VARIANTS, InvalidHand, ParseError, ScorerError, get_variant
from games.engine.cards import Card, Rank, Suit


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
        terz.hand(
            {"dealer": 0, "trump": "S", "card_points": [138, 2], "last_trick": 0},
            terz.settings({}),
        )

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

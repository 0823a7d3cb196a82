"""The pieces every game shares name what is wrong in words a player understands."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import InvalidHand, ParseError, get_variant
from games.engine.cards import Card, Rank, Suit


def test_an_unknown_game_is_refused_with_the_games_scorer_knows() -> None:
    # A record or a link may name a game Scorer does not keep score for.
    with pytest.raises(ParseError) as caught:
        get_variant("bridge")
    assert (caught.value.field, caught.value.message) == (
        "variant",
        "unknown game 'bridge' (known: klaberjass, terz, euchre, 304, 304-widow, hoskin, "
        "hoskin-tekli)",
    )


def test_a_card_reads_back_from_its_repr() -> None:
    # Cards are small values whose repr parses back (STYLE: the engine).
    card = Card.parse("10h")
    assert repr(card) == "Card.parse('10H')"
    assert eval(repr(card)) == card


@pytest.mark.parametrize(
    ("parse", "text", "field", "message"),
    [
        (Card.parse, "A", "card", "'A' is not a card (write rank then suit, e.g. 10H)"),
        (Card.parse, "AX", "card", "'X' is not a suit (use S, H, D or C)"),
        (Card.parse, "1H", "card", "'1' is not a rank (use 7, 8, 9, 10, J, Q, K or A)"),
        (Rank.parse, "1", "rank", "'1' is not a rank (use 7, 8, 9, 10, J, Q, K or A)"),
        (Suit.parse, "X", "suit", "'X' is not a suit (use S, H, D or C)"),
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

"""Suits, ranks and cards as small immutable values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.engine.errors import InvalidHand, ParseError
from games.engine.numbers import shown
from games.engine.texts import Text, say


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: object, field: str = "suit") -> Suit:
        try:
            return cls(str(text).upper())
        except ValueError:
            raise ParseError(field, say("cards.not_a_suit", value=shown(text))) from None


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(StrEnum):
    """Ranks in the natural order 7 8 9 10 J Q K A, the order runs are counted in."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def order(self) -> int:
        """Position in the natural order: 7 is 0, A is 7."""
        return _RANK_ORDER[self]

    @classmethod
    def parse(cls, text: object, field: str = "rank") -> Rank:
        try:
            return cls(str(text).upper())
        except ValueError:
            raise ParseError(field, say("cards.not_a_rank", value=shown(text))) from None

    @property
    def label(self) -> Text:
        """The rank as a card's label writes it: "K" in "K♠", "10" in "10♥"."""
        return say(f"card.rank.{self.value}")


# Read on every declaration scored: a table, not a walk through the enum.
_RANK_ORDER = {rank: i for i, rank in enumerate(Rank)}


@dataclass(frozen=True, order=True)
class Card:
    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: object, field: str = "card") -> Card:
        """Read a card written rank then suit: "10H", "AS", "qd"."""
        raw = str(text).strip().upper()
        if len(raw) < 2:
            raise ParseError(field, say("cards.not_a_card", value=shown(text)))
        return cls(Rank.parse(raw[:-1], field), Suit.parse(raw[-1], field))

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def label(self) -> Text:
        """The card as a player reads it: "K♠", its rank in the reader's language."""
        return say("card.label", rank=self.rank.label, suit=self.suit.symbol)


def check_card_points(points: Sequence[int | None], total: int, key: str = "card_points") -> None:
    """Two sides' card points: none negative or over the deck, adding up to it, never 1 or
    total − 1. A side not given yet (None, a hand in progress) is left out: a number given
    that can never be right is refused at once, the sum once both are in.

    No card is worth exactly 1 point in the Jack–Nine decks, so neither 1 nor total − 1 can
    be counted (spec: Klaberjass and Terz, Table).
    """
    given = [p for p in points if p is not None]
    if any(p < 0 for p in given):
        raise InvalidHand(key, say("cards.points_negative"))
    for p in given:
        if p > total:
            raise InvalidHand(key, say("cards.points_over", points=p, total=total))
    if len(given) == len(points) and sum(given) != total:
        added = f"{' + '.join(map(str, given))} = {sum(given)}"
        raise InvalidHand(key, say("cards.points_add_up", total=total, got=added))
    if 1 in given or total - 1 in given:
        raise InvalidHand(key, say("cards.no_one_point"))

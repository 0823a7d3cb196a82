"""Declarations shared by the Jack–Nine games (Klaberjass, Terz).

Runs, fours of a kind, Bella and marriages as values; the cards each one uses (there is one
deck, so two players never share a card); and the contest that finds the senior combination.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, Rank, Suit
from games.engine.errors import InvalidHand, ParseError
from games.engine.reading import Reader
from games.engine.variant import GameState, Plain, Verdict
from games.engine.wording import number

RANKS = list(Rank)
KINDS = ("sequence", "bella", "four", "marriage")


@dataclass(frozen=True)
class Declaration(Plain):
    """One announcement: a run, a four of a kind, Bella or a marriage, by one seat."""

    seat: int
    kind: str
    length: int | None = None
    top: Rank | None = None
    suit: Suit | None = None
    rank: Rank | None = None

    @classmethod
    def read(
        cls, data: object, index: int, seats: int, kinds: Collection[str], max_length: int = 8
    ) -> Declaration:
        field = "declarations"
        label = f"declaration {index + 1}"
        try:
            r = Reader(data, "declaration", ("seat", "kind", "length", "top", "suit", "rank"))
            seat = r.seat("seat", seats)
            kind = r.choice("kind", tuple(kinds))
            if kind == "sequence":
                length = r.number("length")
                top = r.rank("top")
                suit = r.suit("suit")
                if not 3 <= length <= max_length:
                    raise InvalidHand(
                        field, f"{label}: a run has 3 to {max_length} cards, not {number(length)}"
                    )
                if top.order < length - 1:
                    raise InvalidHand(
                        field,
                        f"{label}: a run of {length} cannot end at {top} "
                        f"(the lowest top is {RANKS[length - 1]})",
                    )
                return cls(seat, kind, length=length, top=top, suit=suit)
            if kind == "four":
                return cls(seat, kind, rank=r.rank("rank"))
            if kind == "marriage":
                return cls(seat, kind, suit=r.suit("suit"))
            return cls(seat, kind)
        except ParseError as error:
            raise ParseError(field, f"{label}: {error}") from None

    def cards(self, trump: Suit) -> frozenset[Card]:
        """The cards this declaration shows."""
        if self.kind == "sequence":
            assert self.length is not None and self.top is not None and self.suit is not None
            top = self.top.order
            return frozenset(
                Card(RANKS[i], self.suit) for i in range(top - self.length + 1, top + 1)
            )
        if self.kind == "four":
            assert self.rank is not None
            return frozenset(Card(self.rank, suit) for suit in Suit)
        suit = trump if self.kind == "bella" else self.suit
        assert suit is not None
        return frozenset({Card(Rank.KING, suit), Card(Rank.QUEEN, suit)})

    def describe(self, trump: Suit | None = None) -> str:
        if self.kind == "sequence":
            assert self.length is not None and self.top is not None and self.suit is not None
            low = RANKS[self.top.order - self.length + 1]
            return f"{self.length}-card run {low}–{self.top}{self.suit.symbol}"
        if self.kind == "four":
            return f"four {_PLURAL[self.rank]}" if self.rank else "four of a kind"
        if self.kind == "bella":
            return "Bella" + (f" (K+Q{trump.symbol})" if trump else "")
        if self.kind == "meld":
            return "melds"
        assert self.suit is not None
        return f"marriage K+Q{self.suit.symbol}"


_PLURAL = {
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
    Rank.ACE: "aces",
    Rank.TEN: "tens",
    Rank.NINE: "nines",
    Rank.EIGHT: "eights",
    Rank.SEVEN: "sevens",
    None: "cards",
}


def equal_runs(a: Declaration, b: Declaration, value: int) -> str:
    """Two combinations that tie on value and top card: "equal 4-card runs to the Q"."""
    assert a.top is not None
    if a.kind == b.kind == "sequence" and a.length == b.length:
        return f"equal {a.length}-card runs to the {a.top}"
    return f"runs of equal value ({value}) to the {a.top}"


def first_shared_card(
    declarations: Sequence[Declaration],
    trump: Suit,
    may_share: Callable[[Declaration, Declaration], bool],
) -> tuple[int, int, Card] | None:
    """The first pair of declarations (by index) that show the same card when they may not."""
    shown = [d.cards(trump) for d in declarations]
    for j, later in enumerate(declarations):
        for i in range(j):
            common = shown[i] & shown[j]
            if common and not may_share(declarations[i], later):
                return i, j, min(common)
    return None


@dataclass(frozen=True)
class Judgement:
    """The declarations contest on its own: what scores, for whom, and why."""

    declarations: tuple[Declaration, ...]
    points: list[int]
    verdicts: dict[int, Verdict]
    notes: list[str]


def judge(
    variant: Any,
    dealer: int,
    trump: Suit,
    items: Sequence[object],
    settings: Any,
    state: GameState,
) -> Judgement:
    """Check declarations as a hand would and run the variant's contest on them alone.

    For the declarations helper: no card points or tricks are involved.
    """
    declared = tuple(
        Declaration.read(item, i, variant.seats, KINDS) for i, item in enumerate(items)
    )
    hand = variant.hand_class.for_declarations(dealer, trump, declared)
    hand.check_declarations(settings)
    points, verdicts, notes = variant.contest(hand, settings, state)
    return Judgement(declared, points, verdicts, notes)

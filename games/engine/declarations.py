"""Declarations shared by the Jack–Nine games (Klaberjass, Terz).

Runs, fours of a kind, Bella and marriages as values; the cards each one uses (there is one
deck, so two players never share a card); and the contest that finds the senior combination.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, Rank, Suit
from games.engine.errors import InvalidHand, ParseError
from games.engine.reading import Reader
from games.engine.variant import GameState, Interim, InterimRow, Plain, Verdict
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
    kinds = variant.declaration_kinds
    declared = tuple(
        Declaration.read(item, i, variant.seats, kinds) for i, item in enumerate(items)
    )
    points, verdicts, notes = _contest(variant, dealer, trump, declared, settings, state)
    return Judgement(declared, points, verdicts, notes)


def _contest(
    variant: Any,
    dealer: int,
    trump: Suit,
    declared: tuple[Declaration, ...],
    settings: Any,
    state: GameState,
) -> tuple[list[int], dict[int, Verdict], list[str]]:
    hand = variant.hand_class.for_declarations(dealer, trump, declared)
    hand.check_declarations(settings)
    result: tuple[list[int], dict[int, Verdict], list[str]] = variant.contest(hand, settings, state)
    return result


_NEEDS = {
    "sequence": ("length", "top", "suit"),
    "four": ("rank",),
    "marriage": ("suit",),
    "bella": (),
}
_NEED_NAMES = {
    "seat": "who",
    "kind": "what",
    "length": "how many cards",
    "top": "the top card",
    "suit": "the suit",
    "rank": "the rank",
}


def judge_in_progress(
    variant: Any,
    dealer: int | None,
    trump: Suit | None,
    items: Sequence[object],
    settings: Any,
    players: Sequence[str],
) -> Interim:
    """The declarations of a hand in progress, judged as far as the facts entered allow.

    A declaration still being entered, or a missing dealer or trump, is never an error:
    the contest runs for every dealer and trump still possible (those that would make the
    declarations wrong are not), and whatever comes out the same for all of them is known
    now; the rest waits. Declarations wrong under every possibility raise InvalidHand.
    """
    kinds = variant.declaration_kinds
    seats: int = variant.seats
    complete: list[tuple[int, Declaration]] = []
    pending: dict[int, InterimRow] = {}
    for i, item in enumerate(items):
        missing = _missing(item, kinds)
        if missing:
            pending[i] = _pending_row(item, i, seats, kinds, missing, players)
        else:
            complete.append((i, Declaration.read(item, i, seats, kinds)))
    if not items:
        return Interim()
    declared = tuple(d for _, d in complete)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=tuple(players))
    dealers = [dealer] if dealer is not None else list(range(seats))
    trumps = [trump] if trump is not None else list(Suit)
    outcomes: dict[tuple[int, Suit], Any] = {}
    for seat in dealers:
        for suit in trumps:
            try:
                outcomes[seat, suit] = _contest(variant, seat, suit, declared, settings, state)
            except InvalidHand as error:
                outcomes[seat, suit] = _renumbered(error, [i for i, _ in complete])
    judged = [o for o in outcomes.values() if not isinstance(o, InvalidHand)]
    if not judged:
        raise next(iter(outcomes.values()))
    # A dealer or trump that would make the hand wrong is no longer possible.
    outcomes = {key: o for key, o in outcomes.items() if not isinstance(o, InvalidHand)}
    first = judged[0]
    settled = all(o == first for o in judged)
    rows = dict(pending)
    for position, (i, d) in enumerate(complete):
        verdicts = [o[1][position] for o in judged]
        player, described = players[d.seat], d.describe(trump)
        if all(v == verdicts[0] for v in verdicts):
            v = verdicts[0]
            rows[i] = InterimRow(player, described, v.counted, v.points, v.reason)
        else:
            wait = f"waits for {_waiting(outcomes, dealer, trump)}"
            rows[i] = InterimRow(player, described, None, 0, wait)
    lines: list[str] = []
    if settled and declared:
        points = first[0]
        shown = ", ".join(f"{side} {p}" for side, p in zip(sides, points, strict=True))
        lines = [f"Declarations: {shown}.", *first[2]]
    elif declared:
        lines = [f"Choose {_waiting(outcomes, dealer, trump)} first to judge the declarations."]
    if pending:
        lines.append(
            f"{len(pending)} declaration{'s' if len(pending) > 1 else ''} still being entered."
        )
    return Interim(tuple(lines), tuple(rows[i] for i in sorted(rows)))


def _missing(item: object, kinds: Collection[str]) -> list[str]:
    """The keys a declaration still lacks (an item that is not a dict is wrong, not missing)."""
    if not isinstance(item, Mapping):
        return []
    missing = [key for key in ("seat", "kind") if item.get(key) is None]
    kind = item.get("kind")
    if kind in kinds:
        missing += [key for key in _NEEDS[str(kind)] if item.get(key) is None]
    return missing


def _pending_row(
    item: object,
    index: int,
    seats: int,
    kinds: Collection[str],
    missing: list[str],
    players: Sequence[str],
) -> InterimRow:
    """A declaration still being entered: its present values are checked, nothing judged."""
    assert isinstance(item, Mapping)
    try:
        r = Reader(item, "declaration", ("seat", "kind", "length", "top", "suit", "rank"))
        seat = r.opt_seat("seat", seats)
        kind = r.choice("kind", tuple(kinds), None)
        length = r.opt_number("length")
        top = r.rank("top") if r.has("top") else None
        suit = r.opt_suit("suit")
        if r.has("rank"):
            r.rank("rank")
    except ParseError as error:
        raise ParseError("declarations", f"declaration {index + 1}: {error}") from None
    if length is not None and not 3 <= length <= 8:
        raise InvalidHand(
            "declarations", f"declaration {index + 1}: a run has 3 to 8 cards, not {number(length)}"
        )
    if length is not None and top is not None and top.order < length - 1:
        raise InvalidHand(
            "declarations",
            f"declaration {index + 1}: a run of {length} cannot end at {top} "
            f"(the lowest top is {RANKS[length - 1]})",
        )
    described = {"sequence": "run", "four": "four of a kind", "marriage": "marriage"}.get(
        str(kind), str(kind or "declaration")
    )
    if kind == "sequence" and length is not None:
        described = f"{length}-card run"
    if suit is not None:
        described += f" in {suit.symbol}"
    still = ", ".join(_NEED_NAMES[key] for key in missing)
    player = players[seat] if seat is not None else ""
    return InterimRow(player, described, None, 0, f"still to enter: {still}")


def _waiting(
    outcomes: Mapping[tuple[int, Suit], object], dealer: int | None, trump: Suit | None
) -> str:
    """Which missing facts change the judgement: "trump", "the dealer" or both."""
    needed = []
    if dealer is None and any(
        len({repr(o) for (d, t), o in outcomes.items() if t == suit}) > 1 for suit in Suit
    ):
        needed.append("the dealer")
    if trump is None and any(
        len({repr(o) for (d, t), o in outcomes.items() if d == seat}) > 1
        for seat in {d for d, _ in outcomes}
    ):
        needed.append("trump")
    return " and ".join(needed) or "the dealer and trump"


def _renumbered(error: InvalidHand, positions: Sequence[int]) -> InvalidHand:
    """An error about declarations judged apart from those still being entered, numbered
    as the table listed them."""

    def place(match: re.Match[str]) -> str:
        return str(positions[int(match.group(0)) - 1] + 1)

    message = re.sub(
        r"(?<=declaration )\d+|(?<=declarations )\d+|(?<= and )\d+", place, error.message
    )
    return InvalidHand(error.field, message)

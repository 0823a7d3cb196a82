"""Declarations shared by the Jack–Nine games (Klaberjass, Terz).

Runs, fours of a kind, Bella and marriages as values; the cards each one uses (there is one
deck, so two players never share a card); and the contest that finds the senior combination.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from games.engine.cards import Card, Rank, Suit
from games.engine.errors import InvalidHand, ParseError
from games.engine.reading import Reader
from games.engine.texts import Text, listed, say
from games.engine.variant import (
    BaseHand,
    BaseSettings,
    DeclarationKind,
    GameState,
    HandScore,
    Interim,
    InterimRow,
    Plain,
    Variant,
    Verdict,
)

RANKS = list(Rank)
KINDS: tuple[DeclarationKind, ...] = ("sequence", "bella", "four", "marriage")


@dataclass(frozen=True)
class Declaration(Plain):
    """One announcement: a run, a four of a kind, Bella or a marriage, by one seat."""

    seat: int
    kind: DeclarationKind
    length: int | None = None
    top: Rank | None = None
    suit: Suit | None = None
    rank: Rank | None = None

    @classmethod
    def read(
        cls,
        data: object,
        index: int,
        seats: int,
        kinds: Collection[DeclarationKind],
        max_length: int = 8,
    ) -> Declaration:
        try:
            r = Reader(data, say("declarations.declaration"), _KEYS)
            seat = r.seat("seat", seats)
            kind = r.choice("kind", tuple(kinds))
            if kind == "sequence":
                length = r.number("length")
                top = r.rank("top")
                suit = r.suit("suit")
                _check_run(index, length, top, max_length)
                return cls(seat, kind, length=length, top=top, suit=suit)
            if kind == "four":
                return cls(seat, kind, rank=r.rank("rank"))
            if kind == "marriage":
                return cls(seat, kind, suit=r.suit("suit"))
            return cls(seat, kind)
        except ParseError as error:
            raise _about(error, index) from None

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

    def describe(self, trump: Suit | None = None) -> Text:
        """What was declared, as a phrase: "4-card run 9–Q♥", "four jacks", "marriage K+Q♠"."""
        king, queen = Rank.KING.label, Rank.QUEEN.label
        if self.kind == "sequence":
            assert self.length is not None and self.top is not None and self.suit is not None
            low = RANKS[self.top.order - self.length + 1]
            cards = say(
                "declarations.run_cards", low=low.label, top=self.top.label, suit=self.suit.symbol
            )
            return say("declarations.run", length=self.length, cards=cards)
        if self.kind == "four":
            return say(_FOURS[self.rank] if self.rank else "declarations.four_of_a_kind")
        if self.kind == "bella":
            if trump is None:
                return say("declarations.bella")
            return say("declarations.bella_in", king=king, queen=queen, suit=trump.symbol)
        if self.kind == "meld":
            return say("declarations.melds")
        assert self.suit is not None
        return say("declarations.marriage", king=king, queen=queen, suit=self.suit.symbol)


_KEYS = ("seat", "kind", "length", "top", "suit", "rank")

_FOURS = {
    Rank.JACK: "declarations.four_jacks",
    Rank.QUEEN: "declarations.four_queens",
    Rank.KING: "declarations.four_kings",
    Rank.ACE: "declarations.four_aces",
    Rank.TEN: "declarations.four_tens",
    Rank.NINE: "declarations.four_nines",
    Rank.EIGHT: "declarations.four_eights",
    Rank.SEVEN: "declarations.four_sevens",
}

# The parameters of a sentence about declarations that number them (1-based, as the table
# listed them): `_renumbered` rewrites them.
_NUMBERING = ("declaration", "first", "second")


def _check_run(index: int, length: int, top: Rank | None, longest: int) -> None:
    """A run's length and top card (if known) fit: 3 to `longest` cards, ending high enough."""
    if not 3 <= length <= longest:
        raise InvalidHand(
            "declarations",
            say("declarations.run_length", declaration=index + 1, most=longest, length=length),
        )
    if top is not None and top.order < length - 1:
        lowest = RANKS[length - 1].label
        raise InvalidHand(
            "declarations",
            say(
                "declarations.run_top",
                declaration=index + 1,
                length=length,
                top=top.label,
                lowest=lowest,
            ),
        )


def _about(error: ParseError, index: int) -> ParseError:
    """A declaration's key that could not be read, as the hand's "declarations" problem."""
    problem = say(
        "declarations.unreadable", declaration=index + 1, field=error.field, problem=error.message
    )
    return ParseError("declarations", problem)


def equal_runs(a: Declaration, b: Declaration, value: int) -> Text:
    """Two combinations that tie on value and top card: "equal 4-card runs to the Q"."""
    assert a.top is not None
    if a.kind == b.kind == "sequence" and a.length is not None and a.length == b.length:
        return say("declarations.equal_runs", length=a.length, top=a.top.label)
    return say("declarations.equal_value_runs", value=value, top=a.top.label)


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


def check_no_shared_card(
    declarations: Sequence[Declaration],
    trump: Suit,
    may_share: Callable[[Declaration, Declaration], bool],
) -> None:
    """Raise InvalidHand naming the first two declarations that show the same card."""
    clash = first_shared_card(declarations, trump, may_share)
    if clash:
        i, j, card = clash
        raise InvalidHand(
            "declarations",
            say("declarations.shared_card", first=i + 1, second=j + 1, card=card.label),
        )


Contest = tuple[list[int], dict[int, Verdict], list[str]]
"""A declarations contest's answer: points per side, a verdict per declaration (by its index
in the hand), and the notes that say why."""


class DeclaringHand(BaseHand):
    """A hand whose declarations a contest judges (the Jack–Nine games)."""

    declarations: tuple[Declaration, ...]

    @classmethod
    def for_declarations(
        cls, dealer: int, trump: Suit, declarations: tuple[Declaration, ...]
    ) -> Self:
        """A hand holding only declarations, for judging them on their own."""
        raise NotImplementedError

    def check_declarations(self, settings: Any) -> None:
        """Raise InvalidHand for the first rule the declarations break."""
        raise NotImplementedError


class DeclaringVariant[S: BaseSettings, H: DeclaringHand](Variant[S, H]):
    """A game whose declarations a contest judges: the declarations helper and the hand in
    progress judge them through `contest`, with no card points."""

    declaration_kinds: ClassVar[tuple[DeclarationKind, ...]]

    def contest(self, hand: H, settings: S, state: GameState) -> Contest:
        """Points per side for the declarations, a verdict on each, and the notes."""
        raise NotImplementedError

    def declared(self, hand: H, score: HandScore) -> tuple[tuple[Any, Verdict], ...]:
        """Each declaration the table made this hand, with the engine's verdict on it."""
        return tuple(zip(hand.declarations, score.verdicts, strict=True))

    def describe_declaration(self, data: Mapping[str, object]) -> str:
        return describe_stored(self, data)


AnyDeclaring = DeclaringVariant[Any, Any]


def describe_stored(variant: Variant[Any, Any], data: Mapping[str, object]) -> Text:
    """A stored declaration of one of the shared kinds as a phrase: "4-card run 9–Q♥",
    "marriage K+Q♠". It is a game's `describe_declaration` (see Variant)."""
    return Declaration.read(data, 0, variant.seats, variant.declaration_kinds).describe()


@dataclass(frozen=True)
class Judgement:
    """The declarations contest on its own: what scores, for whom, and why."""

    declarations: tuple[Declaration, ...]
    points: list[int]
    verdicts: dict[int, Verdict]
    notes: list[str]


def judge(
    variant: AnyDeclaring,
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
    variant: AnyDeclaring,
    dealer: int,
    trump: Suit,
    declared: tuple[Declaration, ...],
    settings: Any,
    state: GameState,
) -> Contest:
    hand = variant.hand_class.for_declarations(dealer, trump, declared)
    hand.check_declarations(settings)
    return variant.contest(hand, settings, state)


_NEEDS = {
    "sequence": ("length", "top", "suit"),
    "four": ("rank",),
    "marriage": ("suit",),
    "bella": (),
}
_NEED_NAMES = {
    "seat": "declarations.need.seat",
    "kind": "declarations.need.kind",
    "length": "declarations.need.length",
    "top": "declarations.need.top",
    "suit": "declarations.need.suit",
    "rank": "declarations.need.rank",
}
_PENDING_KINDS: dict[DeclarationKind | None, str] = {
    "sequence": "declarations.pending.sequence",
    "four": "declarations.pending.four",
    "marriage": "declarations.pending.marriage",
    "bella": "declarations.pending.bella",
    None: "declarations.pending.unknown",
}


def judge_in_progress(
    variant: AnyDeclaring,
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
    seats = variant.seats
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
            wait = say("declarations.waits_for", what=_waiting(outcomes, dealer, trump))
            rows[i] = InterimRow(player, described, None, 0, wait)
    lines: list[str] = []
    if settled and declared:
        # Klaberjass and Terz both have two sides.
        points = first[0]
        lines = [
            say(
                "declarations.points",
                first=sides[0],
                first_points=points[0],
                second=sides[1],
                second_points=points[1],
            ),
            *first[2],
        ]
    elif declared:
        lines = [say("declarations.choose_first", what=_waiting(outcomes, dealer, trump))]
    if pending:
        lines.append(say("declarations.still_being_entered", count=len(pending)))
    return Interim(tuple(lines), tuple(rows[i] for i in sorted(rows)))


def _missing(item: object, kinds: Collection[DeclarationKind]) -> list[str]:
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
    kinds: Collection[DeclarationKind],
    missing: list[str],
    players: Sequence[str],
) -> InterimRow:
    """A declaration still being entered: its present values are checked, nothing judged."""
    assert isinstance(item, Mapping)
    try:
        r = Reader(item, say("declarations.declaration"), _KEYS)
        seat = r.opt_seat("seat", seats)
        kind = r.choice("kind", tuple(kinds), None)
        length = r.opt_number("length")
        top = r.rank("top") if r.has("top") else None
        suit = r.opt_suit("suit")
        if r.has("rank"):
            r.rank("rank")
    except ParseError as error:
        raise _about(error, index) from None
    if length is not None:
        _check_run(index, length, top, 8)
    described = say(_PENDING_KINDS[kind])
    if kind == "sequence" and length is not None:
        described = say("declarations.pending.run_of", length=length)
    if suit is not None:
        described = say("declarations.pending.in_suit", what=described, suit=suit.symbol)
    still = listed("declarations.need.list", [say(_NEED_NAMES[key]) for key in missing])
    player = players[seat] if seat is not None else ""
    return InterimRow(player, described, None, 0, say("declarations.still_to_enter", what=still))


def _waiting(
    outcomes: Mapping[tuple[int, Suit], object], dealer: int | None, trump: Suit | None
) -> Text:
    """Which missing facts change the judgement: "trump", "the dealer" or both."""
    dealer_matters = dealer is None and any(
        len({repr(o) for (d, t), o in outcomes.items() if t == suit}) > 1 for suit in Suit
    )
    trump_matters = trump is None and any(
        len({repr(o) for (d, t), o in outcomes.items() if d == seat}) > 1
        for seat in {d for d, _ in outcomes}
    )
    if dealer_matters and not trump_matters:
        return say("declarations.wait.dealer")
    if trump_matters and not dealer_matters:
        return say("declarations.wait.trump")
    return say("declarations.wait.both")


def _renumbered(error: InvalidHand, positions: Sequence[int]) -> InvalidHand:
    """An error about declarations judged apart from those still being entered, numbered
    as the table listed them."""
    message = error.message
    if not isinstance(message, Text):
        return error
    params = {
        key: positions[value - 1] + 1 if key in _NUMBERING and isinstance(value, int) else value
        for key, value in message.params.items()
    }
    return InvalidHand(error.field, say(message.id, **params))

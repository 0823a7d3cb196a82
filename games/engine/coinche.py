"""Belote contrée (coinche), the French partnership game with an auction: rules/coinche.md.

The tricks and card values are Belote's (the Jack–Nine family of Klaberjass); the score
depends on a contract bid in an auction, which an opponent may coinche (×2) and the bidding
team surcoinche (×4). Announcements, when a table plays them, are judged by the same kind of
contest as Klaberjass's sequences.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Literal, Self

from games.engine.auction import Turns
from games.engine.cards import Card, Rank, Suit, check_card_points
from games.engine.declarations import (
    Declaration,
    DeclaringHand,
    DeclaringVariant,
    equal_runs,
    first_shared_card,
    judge_in_progress,
)
from games.engine.errors import InvalidHand, ParseError, ScorerError
from games.engine.ladder import Ladder, Rung
from games.engine.numbers import shown
from games.engine.reading import Reader
from games.engine.texts import Param, Text, say
from games.engine.variant import (
    BaseSettings,
    Call,
    CallName,
    DeclarationKind,
    GameState,
    HandScore,
    Interim,
    Outcome,
    Plain,
    Verdict,
)
from games.engine.wording import signed

type Bid = int | str
"""A contract as bid: a number, "capot" or "generale"."""

DECK = 152  # card points in the 32 cards (spec: Table)
DIX_DE_DER = 10
BELOTE = 20
CAPOT, GENERALE = "capot", "generale"
BID_WORDS = (CAPOT, GENERALE)
# What a contract is worth (V), and what each coinche level multiplies (m) (spec: Scoring).
WORTH = {CAPOT: 250, GENERALE: 500}
MULTIPLIER = (1, 2, 4)
HIGHEST_MAX = 650
OUTCOMES = ("played", "passed")
SEQUENCE: Final = "sequence"
CARRE: Final = "carre"
KINDS: tuple[DeclarationKind, ...] = (SEQUENCE, CARRE)
# A tierce is 20, a quarte 50, and five cards or more 100 (spec: `declarations`).
RUN_VALUES = {3: 20, 4: 50}
RUN_VALUE_LONG = 100
# Carrés of 7s and 8s score nothing and are refused.
CARRE_VALUES = {
    Rank.JACK: 200,
    Rank.NINE: 150,
    Rank.ACE: 100,
    Rank.TEN: 100,
    Rank.KING: 100,
    Rank.QUEEN: 100,
}
KEYS = (
    "dealer",
    "outcome",
    "taker",
    "contract",
    "trump",
    "coinche",
    "bids",
    "card_points",
    "last_trick",
    "all_tricks",
    "alone",
    "belote",
    "declarations",
)
# A passed deal gives only these (and `coinche: 0`); any other fact says nobody took a
# contract (spec: Hand keys, `outcome`).
PLAYED_ONLY = ("taker", "contract", "trump", "card_points", "last_trick", "all_tricks", "belote")
CALL_KEYS = ("seat", "bid", "suit", "pass", "coinche", "surcoinche")
DECLARATION_KEYS = ("seat", "kind", "length", "top", "suit", "rank")
# What each kind of announcement needs besides its seat and kind.
NEEDS = {SEQUENCE: ("length", "top", "suit"), CARRE: ("rank",)}
# How the table's bid reads in a sentence: "100♥", "capot ♦".
BID_PHRASES = {CAPOT: "coinche.bid.capot", GENERALE: "coinche.bid.generale"}
# A contract in words, without its trump.
CONTRACT_WORDS = {CAPOT: "coinche.contract.capot", GENERALE: "coinche.contract.generale"}
LEVELS = ("coinche.level.none", "coinche.level.coinche", "coinche.level.surcoinche")
TOOK = ("coinche.took", "coinche.took_coinched", "coinche.took_surcoinched")
# The calls as the model's Bid rows store them (eight letters at most).
CALL_NAMES: dict[str, CallName] = {"pass": "pass", "coinche": "double", "surcoinche": "redouble"}


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 1000
    rounding: Literal["nearest", "none"] = "nearest"
    scoring: Literal["made_plus_contract", "contract_only"] = "made_plus_contract"
    coinche_scoring: Literal["winner_all", "multiply_score"] = "winner_all"
    belote_on_failure: Literal["holder", "defenders"] = "holder"
    bonus_in_contract: Literal[True, False] = True
    announcements: Literal[False, True] = False
    min_contract: Literal[80, 90] = 80
    contract_step: Literal[10, 5] = 10
    max_contract: int = 160
    generale: Literal[False, True] = False
    passed_deal: Literal["next", "same"] = "next"
    deals: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, say("coinche.reader.setting"), cls.__dataclass_fields__)
        # The range first: the highest bid is checked against it, then the rest in turn.
        bids = r.rules(cls, ("min_contract", "contract_step"))
        least, step = bids["min_contract"], bids["contract_step"]
        most = r.number("max_contract", 160)
        if not least <= most <= HIGHEST_MAX or (most - least) % step:
            raise ParseError(
                "max_contract",
                say(
                    "coinche.error.max_contract",
                    least=least,
                    most=HIGHEST_MAX,
                    step=step,
                    value=most,
                ),
            )
        target = r.positive("target", 1000)
        deals = r.opt_positive("deals")
        return cls(target=target, max_contract=most, deals=deals, **r.rules(cls))

    @property
    def deal(self) -> int:
        """H, what a whole deal is worth: 160 rounded, 162 exact."""
        return 160 if self.rounding == "nearest" else DECK + DIX_DE_DER

    @property
    def capot(self) -> int:
        """K, a capot's trick points: 162 and a 90 bonus, 250 once rounded."""
        return 250 if self.rounding == "nearest" else DECK + DIX_DE_DER + 90

    def rounded(self, score: int) -> int:
        """A hand's final score to the nearest 10, 5 up (spec: Scoring, 10)."""
        return 10 * ((score + 5) // 10) if self.rounding == "nearest" else score


def worth(bid: Bid) -> int:
    """V, what a contract is worth: the number itself, 250 for capot, 500 for générale."""
    return bid if isinstance(bid, int) else WORTH[bid]


def _height(bid: Bid) -> tuple[int, int]:
    """Bids compare by value; capot is above every number, générale above capot."""
    if isinstance(bid, int):
        return 0, bid
    return 1 + BID_WORDS.index(bid), 0


def read_bid(r: Reader, key: str) -> Bid:
    """A contract as the table writes it: a whole number, "capot" or "generale"."""
    raw = r.raw(key)
    if isinstance(raw, str) and raw.strip().lower() in BID_WORDS:
        return raw.strip().lower()
    try:
        return r.number(key)
    except ParseError:
        raise ParseError(
            r.key(key), say("coinche.error.not_a_contract", value=shown(raw))
        ) from None


def check_bid(bid: Bid, settings: Settings, key: str) -> None:
    """Raise InvalidHand when `bid` is not a contract this table plays (spec: `contract`)."""
    if bid == GENERALE and not settings.generale:
        raise InvalidHand(key, say("coinche.error.no_generale"))
    if not isinstance(bid, int):
        return
    least, step = settings.min_contract, settings.contract_step
    if bid < least:
        raise InvalidHand(key, say("coinche.error.contract_low", least=least, value=bid))
    if bid > settings.max_contract:
        raise InvalidHand(
            key, say("coinche.error.contract_high", most=settings.max_contract, value=bid)
        )
    if (bid - least) % step:
        raise InvalidHand(
            key, say("coinche.error.contract_step", least=least, step=step, value=bid)
        )


def bid_phrase(bid: Bid, trump: Suit) -> Text:
    """The contract as a sentence names it: "100♥", "capot ♦", "générale ♥"."""
    if isinstance(bid, int):
        return say("coinche.bid.number", value=bid, suit=trump.symbol)
    return say(BID_PHRASES[bid], suit=trump.symbol)


@dataclass(frozen=True)
class Speech(Plain):
    """One call of the auction: a bid (a value and a suit), a pass, a coinche or a
    surcoinche."""

    seat: int
    call: str
    bid: Bid | None = None
    suit: Suit | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.call == "bid":
            assert self.suit is not None
            return {"seat": self.seat, "bid": self.bid, "suit": self.suit.value}
        return {"seat": self.seat, self.call: True}


def _speech(item: object, index: int, settings: Settings) -> Speech:
    """Read call `index` of `bids`; a problem names the call: "call 2: bid: …"."""
    try:
        r = Reader(item, say("coinche.reader.call"), CALL_KEYS)
        seat = r.seat("seat", 4)
        flags = [key for key in ("pass", "coinche", "surcoinche") if r.flag(key)]
        if flags:
            if len(flags) > 1 or r.has("bid") or r.has("suit"):
                raise InvalidHand("bids", say("coinche.error.call_kind", call=index + 1))
            return Speech(seat, flags[0])
        bid = read_bid(r, "bid")
        suit = r.suit("suit")
        check_bid(bid, settings, "bid")
        return Speech(seat, "bid", bid, suit)
    except ScorerError as error:
        if error.field == "bids":
            raise
        problem = say(
            "coinche.error.call", call=index + 1, field=error.field, problem=error.message
        )
        raise type(error)("bids", problem) from None


@dataclass(frozen=True)
class Auction:
    """The auction as far as the calls go."""

    over: bool
    last: Speech | None
    """The last bid: the contract, once the auction is over."""
    level: int
    """0, 1 after a coinche, 2 after a surcoinche."""
    turn: int
    """The seat whose turn it is to bid or pass."""


def replay(calls: Sequence[Speech], dealer: int, players: Sequence[str]) -> Auction:
    """Replay the calls from the forehand (spec: `bids`, checks 1 to 4); a call against
    them raises InvalidHand naming it."""
    turns = Turns([(dealer + 1 + i) % 4 for i in range(4)])  # a pass is not final
    last: Speech | None = None
    passes = level = 0
    over = False
    for n, speech in enumerate(calls, start=1):
        if level == 2 or (over and level == 0):
            raise _refused("coinche.error.over", n)
        if level == 1 and speech.call != "surcoinche":
            raise _refused("coinche.error.after_coinche", n)
        if speech.call in ("bid", "pass"):
            if speech.seat != turns.seat:
                raise _refused(
                    "coinche.error.turn",
                    n,
                    expected=players[turns.seat],
                    caller=players[speech.seat],
                )
            turns.next()
            if speech.call == "pass":
                passes += 1
                over = passes == (3 if last else 4)
                continue
            assert speech.bid is not None and speech.suit is not None
            if last is not None:
                assert last.bid is not None and last.suit is not None
                if _height(speech.bid) <= _height(last.bid):
                    raise _refused(
                        "coinche.error.not_higher", n, high=bid_phrase(last.bid, last.suit)
                    )
            last, passes = speech, 0
        elif speech.call == "coinche":
            # In turn or out of turn, from either opponent of the last bidder; it ends the
            # bidding (spec: Bidding).
            if last is None:
                raise _refused("coinche.error.nothing_to_coinche", n)
            if speech.seat % 2 == last.seat % 2:
                raise _refused("coinche.error.coinche_team", n)
            level, over = 1, True
        else:
            if level != 1:
                raise _refused("coinche.error.no_coinche", n)
            assert last is not None
            if speech.seat % 2 != last.seat % 2:
                raise _refused("coinche.error.surcoinche_team", n)
            level = 2
    return Auction(over, last, level, turns.seat)


def _refused(id: str, call: int, **params: Param) -> InvalidHand:
    """Call number `call` of the auction breaks a rule."""
    return InvalidHand("bids", say(id, call=call, **params))


@dataclass(frozen=True)
class Announcement(Declaration):
    """A sequence or a carré (all four cards of one rank), declared at the first trick."""

    @classmethod
    def of(cls, d: Declaration) -> Announcement:
        """An announcement read by the shared judge of declarations, where a carré is a
        "four" of a kind."""
        kind: DeclarationKind = CARRE if d.kind == "four" else d.kind
        return cls(d.seat, kind, length=d.length, top=d.top, suit=d.suit, rank=d.rank)

    def _as_four(self) -> Declaration:
        return Declaration(self.seat, "four", rank=self.rank)

    def cards(self, trump: Suit) -> frozenset[Card]:
        return self._as_four().cards(trump) if self.kind == CARRE else super().cards(trump)

    def describe(self, trump: Suit | None = None) -> Text:
        return self._as_four().describe(trump) if self.kind == CARRE else super().describe(trump)

    @property
    def value(self) -> int:
        if self.kind == CARRE:
            assert self.rank is not None
            return CARRE_VALUES[self.rank]
        assert self.length is not None
        return RUN_VALUES.get(self.length, RUN_VALUE_LONG)

    @property
    def height(self) -> Rank:
        """A sequence's top card, a carré's rank (spec: Scoring, 4)."""
        height = self.rank if self.kind == CARRE else self.top
        assert height is not None
        return height


def read_announcement(item: object, index: int) -> Announcement:
    """Read announcement `index`; problems name it as the table listed it."""
    d = Declaration.read(item, index, 4, KINDS)
    if d.kind != CARRE:
        return Announcement.of(d)
    try:
        rank = Reader(item, say("declarations.declaration"), DECLARATION_KEYS).rank("rank")
    except ParseError as error:
        problem = say(
            "declarations.unreadable",
            declaration=index + 1,
            field=error.field,
            problem=error.message,
        )
        raise ParseError("declarations", problem) from None
    if rank not in CARRE_VALUES:
        raise InvalidHand("declarations", say("coinche.error.low_carre", declaration=index + 1))
    return Announcement(d.seat, CARRE, rank=rank)


def _may_share(a: Declaration, b: Declaration) -> bool:
    # The same player may use one card in a sequence and in a carré (spec: `declarations`).
    return a.seat == b.seat and {a.kind, b.kind} == {SEQUENCE, CARRE}


def check_deck(numbered: Sequence[tuple[int, Announcement]], trump: Suit) -> None:
    """One deck: no two carrés of one rank, and no card in two players' announcements or in
    two sequences of one player. `numbered` gives each its place in the table's list."""
    carres: dict[Rank | None, int] = {}
    for i, d in numbered:
        if d.kind == CARRE:
            if d.rank in carres:
                raise InvalidHand(
                    "declarations",
                    say(
                        "coinche.error.same_carre",
                        first=carres[d.rank] + 1,
                        second=i + 1,
                        carre=d.describe(),
                    ),
                )
            carres[d.rank] = i
    clash = first_shared_card([d for _, d in numbered], trump, _may_share)
    if clash:
        first, second, card = clash
        raise InvalidHand(
            "declarations",
            say(
                "declarations.shared_card",
                first=numbered[first][0] + 1,
                second=numbered[second][0] + 1,
                card=card.label,
            ),
        )


def check_holdings(
    numbered: Sequence[tuple[int, Announcement]],
    trump: Suit | None,
    belote: int | None,
    players: Sequence[str],
) -> None:
    """Each player shows at most his 8 cards, and the belote's K and Q of trumps are its
    holder's alone (spec: `declarations`)."""
    for seat in range(4):
        shown_cards: set[Card] = set()
        for _, d in numbered:
            if d.seat == seat:
                shown_cards |= d.cards(trump or Suit.SPADES)
        if len(shown_cards) > 8:
            raise InvalidHand(
                "declarations",
                say("coinche.error.too_many_cards", player=players[seat], count=len(shown_cards)),
            )
    if trump is None or belote is None:
        return
    pair = {Card(Rank.KING, trump), Card(Rank.QUEEN, trump)}
    for i, d in numbered:
        common = d.cards(trump) & pair
        if d.seat != belote and common:
            raise InvalidHand(
                "declarations",
                say(
                    "coinche.error.belote_card",
                    declaration=i + 1,
                    card=min(common).label,
                    player=players[belote],
                ),
            )


@dataclass(frozen=True, kw_only=True)
class Facts:
    """A deal as far as the table has given it (a saved deal gives every fact it needs): a
    fact not given yet is None, and so is one team's card points (`points`); the auction
    replayed so far; the announcements as listed (`items`) and, numbered by their place
    there, those read (a deal in progress reads those with every key their kind needs)."""

    dealer: int | None
    outcome: str | None
    bids: tuple[Speech, ...]
    coinche: int | None
    taker: int | None = None
    bid: Bid | None = None
    trump: Suit | None = None
    card_points: tuple[int, int] | None = None
    points: tuple[int | None, ...] = (None, None)
    last_trick: int | None = None
    all_tricks: int | None = None
    alone: bool = False
    belote: int | None = None
    items: tuple[object, ...] = ()
    declarations: tuple[tuple[int, Announcement], ...] = ()
    auction: Auction | None = None


@dataclass(frozen=True, kw_only=True)
class Hand(DeclaringHand):
    """The facts of one deal (spec: Hand keys). `bid` is the hand key `contract`: the
    contract as bid; the `contract` property is what it is worth."""

    dealer: int
    outcome: str = "played"
    taker: int | None = None
    bid: Bid | None = None
    trump: Suit | None = None
    coinche: int = 0
    bids: tuple[Speech, ...] = ()
    card_points: tuple[int, int] | None = None
    last_trick: int | None = None
    all_tricks: int | None = None
    alone: bool = False
    belote: int | None = None
    declarations: tuple[Announcement, ...] = ()

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        facts = cls.read(data, settings, players)
        assert facts.dealer is not None
        if facts.outcome == "passed":
            return cls(dealer=facts.dealer, outcome="passed", bids=facts.bids)
        assert facts.taker is not None and facts.bid is not None and facts.trump is not None
        assert facts.card_points is not None and facts.last_trick is not None
        return cls(
            dealer=facts.dealer,
            taker=facts.taker,
            bid=facts.bid,
            trump=facts.trump,
            coinche=facts.coinche or 0,
            bids=facts.bids,
            card_points=facts.card_points,
            last_trick=facts.last_trick,
            all_tricks=facts.all_tricks,
            alone=facts.alone,
            belote=facts.belote,
            declarations=tuple(d for _, d in facts.declarations),
        )

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Settings,
        players: Sequence[str],
        partial: bool = False,
    ) -> Facts:
        """Read a deal and check every rule its facts reach (see BaseHand.read). In a deal
        in progress, an auction that is over gives the taker, contract, trump and coinche
        not entered yet, and an announcement still being entered is left to the shared
        judge (declarations.judge_in_progress)."""
        r = Reader(data, say("coinche.reader.hand"), KEYS, partial=partial)
        unknown = None if partial else "played"
        dealer = r.fact(r.seat, "dealer", 4)
        outcome = r.choice("outcome", OUTCOMES, unknown)
        bids = tuple(_speech(item, i, settings) for i, item in enumerate(r.items("bids")))
        coinche = r.choice("coinche", (0, 1, 2), None if partial else 0)
        facts = Facts(dealer=dealer, outcome=outcome, bids=bids, coinche=coinche)
        if outcome == "passed":
            refuse_with_passed(r, coinche or 0)
        else:
            items = tuple(r.items("declarations"))
            if items and not settings.announcements:
                raise InvalidHand("declarations", say("coinche.error.no_announcements"))
            taker = r.fact(r.seat, "taker", 4)
            bid = read_bid(r, "contract") if r.has("contract") or not partial else None
            trump = r.fact(r.suit, "trump")
            points = r.opt_numbers("card_points", 2) if partial else r.numbers("card_points", 2)
            facts = dataclasses.replace(
                facts,
                taker=taker,
                bid=bid,
                trump=trump,
                card_points=None if None in points else _pair([p or 0 for p in points]),
                points=tuple(points),
                last_trick=(
                    r.choice("last_trick", (0, 1), None)
                    if partial
                    else r.choice("last_trick", (0, 1))
                ),
                all_tricks=r.choice("all_tricks", (0, 1), None),
                alone=r.flag("alone"),
                belote=r.opt_seat("belote", 4),
                items=items,
                declarations=tuple(
                    (i, read_announcement(d, i))
                    for i, d in enumerate(items)
                    if not partial or _complete(d)
                ),
            )
        return cls.check(facts, r, settings, players)

    @classmethod
    def check(cls, facts: Facts, r: Reader, settings: Settings, players: Sequence[str]) -> Facts:
        """Raise InvalidHand for the first rule the facts break; the facts, with what an
        auction that is over says of a deal in progress."""
        if facts.bid is not None:
            check_bid(facts.bid, settings, "contract")
        if facts.bids and facts.dealer is not None:
            auction = replay(facts.bids, facts.dealer, players)
            if not auction.over and not r.partial:
                raise InvalidHand("bids", say("coinche.error.unfinished"))
            facts = dataclasses.replace(facts, auction=auction)
            if auction.over:
                agree(
                    auction,
                    facts.outcome,
                    facts.taker,
                    facts.bid,
                    facts.trump,
                    facts.coinche,
                    players,
                )
                last = auction.last
                if last is None:
                    if facts.outcome != "passed":
                        refuse_with_passed(r, facts.coinche or 0)
                    facts = dataclasses.replace(facts, outcome="passed")
                else:
                    facts = dataclasses.replace(
                        facts, taker=last.seat, bid=last.bid, trump=last.suit, coinche=auction.level
                    )
        if facts.outcome == "passed":
            return facts
        # One team's card points are judged as soon as they are given (a number past the
        # deck can never be right), the sum once both teams' are.
        check_card_points(facts.points, DECK)
        check_tricks(facts.points, facts.last_trick, facts.all_tricks)
        # Alone, the taker's team took every trick (a deal in progress may not say yet).
        given = facts.taker is not None and (facts.all_tricks is not None or not r.partial)
        if facts.alone and given and facts.all_tricks != Hand.side(facts.taker):
            raise InvalidHand("alone", say("coinche.error.alone"))
        check_deck(facts.declarations, facts.trump or Suit.SPADES)
        check_holdings(facts.declarations, facts.trump, facts.belote, players)
        return facts

    @classmethod
    def for_declarations(
        cls, dealer: int, trump: Suit, declarations: tuple[Declaration, ...]
    ) -> Self:
        """A deal holding only announcements, for judging them on their own."""
        return cls(
            dealer=dealer,
            trump=trump,
            declarations=tuple(Announcement.of(d) for d in declarations),
        )

    def to_dict(self) -> dict[str, Any]:
        return {("contract" if k == "bid" else k): v for k, v in super().to_dict().items()}

    def check_declarations(self, settings: Settings) -> None:
        assert self.trump is not None
        check_deck(list(enumerate(self.declarations)), self.trump)

    @staticmethod
    def side(seat: int | None) -> int | None:
        return None if seat is None else seat % 2

    @property
    def forehand(self) -> int:
        """Speaks first and leads to the first trick: the seat after the dealer."""
        return (self.dealer + 1) % 4

    @property
    def declarer(self) -> int | None:
        return self.taker

    @property
    def contract(self) -> int | None:
        """What the contract is worth (V): 250 for a capot, 500 for a générale."""
        return None if self.bid is None else worth(self.bid)

    @property
    def unplayed(self) -> str:
        return say("coinche.unplayed.passed") if self.outcome == "passed" else ""


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return values[0], values[1]


def refuse_with_passed(r: Reader, coinche: int) -> None:
    """A passed deal gives only its dealer, its calls and `coinche: 0`."""
    for key in PLAYED_ONLY:
        if r.has(key):
            raise InvalidHand(key, say("coinche.error.nobody_took"))
    if coinche:
        raise InvalidHand("coinche", say("coinche.error.nobody_took"))
    if r.flag("alone"):
        raise InvalidHand("alone", say("coinche.error.nobody_took"))
    if r.items("declarations"):
        raise InvalidHand("declarations", say("coinche.error.nobody_took"))


def check_tricks(points: Sequence[int | None], last: int | None, all_tricks: int | None) -> None:
    """A team that won all eight tricks has all 152 card points and the last trick (152
    card points alone do not prove it: a trick may hold no points)."""
    if all_tricks is None or None in points or last is None:
        return
    if points[all_tricks] != DECK or last != all_tricks:
        raise InvalidHand("all_tricks", say("coinche.error.all_tricks"))


def agree(
    auction: Auction,
    outcome: str | None,
    taker: int | None,
    bid: Bid | None,
    trump: Suit | None,
    coinche: int | None,
    players: Sequence[str],
) -> None:
    """A finished auction agrees with the facts given (spec: `bids`, check 5)."""
    last = auction.last
    if last is None:
        if outcome == "played":
            raise InvalidHand("bids", say("coinche.error.all_passed"))
        return
    if outcome == "passed":
        raise InvalidHand("bids", say("coinche.error.not_passed"))
    assert last.bid is not None and last.suit is not None
    given = (
        last.seat if taker is None else taker,
        last.bid if bid is None else bid,
        last.suit if trump is None else trump,
    )
    if given != (last.seat, last.bid, last.suit):
        raise InvalidHand(
            "bids",
            say(
                "coinche.error.ends",
                winner=players[last.seat],
                won=bid_phrase(last.bid, last.suit),
                taker=players[given[0]],
                contract=bid_phrase(given[1], given[2]),
            ),
        )
    if coinche is not None and coinche != auction.level:
        raise InvalidHand(
            "bids",
            say(
                "coinche.error.level", level=say(LEVELS[auction.level]), given=say(LEVELS[coinche])
            ),
        )


class _Ladder(Ladder[Announcement]):
    """The announcements' ladder (spec: Scoring, 4): value, height, a sequence in trumps,
    then the declarer nearest the forehand."""

    def __init__(self, hand: Hand, players: Sequence[str]) -> None:
        assert hand.trump is not None
        self.forehand = hand.forehand
        self.trump = hand.trump
        self.players = players
        super().__init__(
            Rung(lambda d: d.value, _higher_value),
            Rung(lambda d: d.height.order, _higher_card),
            Rung(self.in_trumps, _run_in_trumps),
            Rung(lambda d: -((d.seat - self.forehand) % 4), self._nearer),
        )

    def in_trumps(self, d: Announcement) -> bool:
        return d.kind == SEQUENCE and d.suit == self.trump

    def _nearer(self, winner: Announcement, loser: Announcement) -> Text:
        tie = equal_runs(winner, loser, winner.value)
        return say("coinche.nearer_the_forehand", tie=tie, player=self.players[winner.seat])


def _higher_value(winner: Announcement, loser: Announcement) -> Text:
    return say("coinche.higher_value", value=winner.value, other=loser.value)


def _higher_card(winner: Announcement, loser: Announcement) -> Text:
    return say(
        "coinche.higher_card", value=winner.value, top=winner.height.label, other=loser.height.label
    )


def _run_in_trumps(winner: Announcement, loser: Announcement) -> Text:
    # Two players' announcements of one value and height are runs: a carré would share its
    # rank's card with the other (one deck).
    return say("coinche.run_in_trumps", tie=equal_runs(winner, loser, winner.value))


@dataclass
class _Sum:
    """A side's score for a deal, as its note adds it up: (terms) × times + extras."""

    terms: list[int]
    times: int = 1
    extras: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.terms) * self.times + sum(self.extras)

    def shown(self, rounded: int) -> str:
        """ "(160 + 130) × 2 = 580", "113 + 100 = 213 → 210", "49 → 50", "0"."""
        group = [t for t in self.terms if t]
        more = [t for t in self.extras if t]
        parts: list[str] = []
        if group:
            added = " + ".join(map(str, group))
            if self.times > 1:
                added = f"({added}) × {self.times}" if len(group) > 1 else f"{added} × {self.times}"
            parts.append(added)
        parts += map(str, more)
        text = " + ".join(parts) or "0"
        if len(group) + len(more) > 1 or (group and self.times > 1):
            text += f" = {self.total}"
        if rounded != self.total:
            text += f" → {rounded}"
        return text


class Coinche(DeclaringVariant[Settings, Hand]):
    key = "coinche"
    name = "Coinche"
    seats = 4
    teams = True
    taker = say("coinche.taker")
    opener: ClassVar[str] = say("coinche.opener")
    # The deal and the play go to the right: seat 1 sits at seat 0's right (spec: Table).
    seats_go = "right"
    default_players = ("You", "East", "North", "West")
    seat_labels = ("You (South)", "East", "North", "West")
    settings_class = Settings
    hand_class = Hand
    declaration_kinds = KINDS
    order = 80
    phases = ("before", "during", "after")
    declarer_key = "taker"
    contract_key = "contract"

    def outcomes(self, settings: Settings) -> tuple[Outcome, ...]:
        """Four passes: the deal is not played (spec: Hand keys, `outcome`)."""
        return ("passed",)

    def describe_declaration(self, data: Mapping[str, object]) -> str:
        """A stored announcement: a sequence, or a carré of its rank."""
        return read_announcement(data, 0).describe()

    def describe_contract(self, value: object) -> str:
        """A contract as bid: a number, or the capot or the générale in words."""
        if value in CONTRACT_WORDS:
            return say(CONTRACT_WORDS[str(value)])
        return super().describe_contract(value)

    def sheet_contract(self, facts: Mapping[str, object], contract: int | None) -> str:
        """The contract as bid ("100", "capot"), with ×2 or ×4 when it was coinched or
        surcoinched: what the sheet's reader needs to see why a hand scored so much."""
        if contract is None:
            return ""
        bid = self.describe_contract(facts.get(self.contract_key)) or str(contract)
        level = facts.get("coinche")
        if level == 1:
            return say("coinche.sheet.coinched", contract=bid)
        if level == 2:
            return say("coinche.sheet.surcoinched", contract=bid)
        return bid

    def broken_example(self) -> dict[str, object]:
        return {"card_points": [151, 1]}

    def next_dealer(self, hand: Hand, settings: Settings) -> int:
        """The seat after the dealer; after four passes, the same dealer if the house says so."""
        if hand.outcome == "passed" and settings.passed_deal == "same":
            return hand.dealer
        return (hand.dealer + 1) % 4

    def winners(
        self,
        totals: Sequence[int],
        hand: Hand,
        score: HandScore,
        settings: Settings,
        hands_played: int,
    ) -> list[int]:
        """A team at the target wins; if both are, the higher total; equal totals play on. A
        passed deal cannot end the game (spec: Game end)."""
        if hand.outcome == "passed":
            return []
        return super().winners(totals, hand, score, settings, hands_played)

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        if hand.bids:
            return tuple(_call(s) for s in hand.bids)
        if hand.outcome == "passed":
            return tuple(Call((hand.forehand + i) % 4, "pass") for i in range(4))
        assert hand.taker is not None and hand.bid is not None and hand.trump is not None
        return (_call(Speech(hand.taker, "bid", hand.bid, hand.trump)),)

    def contest(
        self, hand: Hand, settings: Settings, state: GameState
    ) -> tuple[list[int], dict[int, Verdict], list[str]]:
        """Points per team for announcements, a verdict for each, and the notes.

        The one best announcement at the table decides: its team scores all the
        announcements of both its players, the other team's count for nothing.
        """
        points = [0, 0]
        said = hand.declarations
        if not said:
            return points, {}, []
        sides, players = state.sides, state.players
        ladder = _Ladder(hand, players)
        best = max(range(len(said)), key=lambda i: ladder.order(said[i]))
        top = said[best]
        team = top.seat % 2
        rivals = [d for d in said if d.seat % 2 != team]
        rival = max(rivals, key=ladder.order) if rivals else None
        notes: list[str] = []
        if rival is not None:
            notes.append(say("coinche.announcements_decided", why=ladder.decided(top, rival)))
        holder = players[top.seat]
        verdicts: dict[int, Verdict] = {}
        for i, d in enumerate(said):
            why: Text
            if i == best and rival is not None:
                why = say("coinche.best_because", why=ladder.decided(top, rival))
            elif i == best:
                why = say("coinche.best")
            elif d.seat % 2 == team:
                why = say("coinche.counts_with_best", player=holder)
            else:
                why = say(
                    "coinche.outranked",
                    player=holder,
                    best=top.describe(),
                    why=ladder.decided(top, d),
                )
            counted = d.seat % 2 == team
            verdicts[i] = Verdict(counted, d.value if counted else 0, why)
            if counted:
                points[team] += d.value
        notes.append(
            say(
                "coinche.best_scores",
                player=holder,
                best=top.describe(),
                value=top.value,
                side=sides[team],
                points=points[team],
            )
        )
        if rival is not None:
            notes.append(say("coinche.count_nothing", side=sides[1 - team]))
        return points, verdicts, notes

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        if hand.outcome == "passed":
            return HandScore((0, 0), (say("coinche.passed"),))
        sides, players = state.sides, state.players
        assert hand.taker is not None and hand.bid is not None and hand.trump is not None
        assert hand.card_points is not None and hand.last_trick is not None
        attack, defence = hand.taker % 2, 1 - hand.taker % 2
        value, times = worth(hand.bid), MULTIPLIER[hand.coinche]
        contract = bid_phrase(hand.bid, hand.trump)
        notes: list[str] = [
            say(
                TOOK[hand.coinche],
                player=players[hand.taker],
                contract=contract,
                side=sides[attack],
            )
        ]

        tricks = [hand.card_points[t] + (DIX_DE_DER if hand.last_trick == t else 0) for t in (0, 1)]
        if hand.all_tricks is not None:
            # 162 and a 90 capot bonus, 250 once rounded; the other team took no trick, so
            # it has no card points and not the dix de der (checked with the hand).
            tricks[hand.all_tricks] = settings.capot
            notes.append(
                say("coinche.every_trick", side=sides[hand.all_tricks], points=settings.capot)
            )
        belote = [0, 0]
        if hand.belote is not None:
            belote[hand.belote % 2] = BELOTE
            notes.append(
                say(
                    "coinche.belote",
                    player=players[hand.belote],
                    points=signed(BELOTE),
                    side=sides[hand.belote % 2],
                )
            )
        announced, verdicts, contest_notes = self.contest(hand, settings, state)
        notes += contest_notes
        made_points = [tricks[t] + belote[t] + announced[t] for t in (0, 1)]
        for_contract = made_points if settings.bonus_in_contract else tricks
        made = self._made(hand, for_contract, value, contract, notes, state)

        plus_contract = settings.scoring == "made_plus_contract"
        own = made_points if plus_contract else [belote[t] + announced[t] for t in (0, 1)]
        award = [settings.deal, value] if plus_contract else [value]
        sums = [_Sum([]), _Sum([])]
        if made and (times == 1 or settings.coinche_scoring == "multiply_score"):
            sums[attack] = _Sum([own[attack], value], times)
            sums[defence] = _Sum([own[defence]])
        else:
            winner = attack if made else defence
            loser = 1 - winner
            kept = [belote[0], belote[1]]
            if not made and hand.belote is not None and belote[attack]:
                if settings.belote_on_failure == "defenders":
                    kept[attack], kept[defence] = 0, kept[defence] + belote[attack]
                    notes.append(
                        say(
                            "coinche.belote_goes",
                            side=sides[attack],
                            points=BELOTE,
                            others=sides[defence],
                        )
                    )
                else:
                    notes.append(say("coinche.belote_kept", side=sides[attack], points=BELOTE))
            if announced[loser]:
                notes.append(
                    say(
                        "coinche.announcements_go",
                        side=sides[loser],
                        points=announced[loser],
                        others=sides[winner],
                    )
                )
            sums[winner] = _Sum(award, times, [sum(announced), kept[winner]])
            sums[loser] = _Sum([kept[loser]])
        scores = [settings.rounded(s.total) for s in sums]
        for t in (0, 1):
            notes.append(say("coinche.scores", side=sides[t], sum=sums[t].shown(scores[t])))
        ordered = tuple(verdicts[i] for i in range(len(hand.declarations)))
        return HandScore((scores[0], scores[1]), tuple(notes), ordered, made=made)

    def _made(
        self,
        hand: Hand,
        points: Sequence[int],
        value: int,
        contract: Text,
        notes: list[str],
        state: GameState,
    ) -> bool:
        """Whether the takers made their contract (spec: Scoring, 6), with the note why."""
        assert hand.taker is not None
        attack, defence = hand.taker % 2, 1 - hand.taker % 2
        sides, taker = state.sides, state.players[hand.taker]
        every = hand.all_tricks == attack
        if hand.bid == CAPOT:
            id = "coinche.capot_made" if every else "coinche.capot_failed"
            notes.append(say(id, side=sides[attack], contract=contract))
            return every
        if hand.bid == GENERALE:
            made = every and hand.alone
            id = "coinche.generale_made" if made else "coinche.generale_failed"
            notes.append(say(id, player=taker, contract=contract))
            return made
        # A tie does not beat the defenders, and rounding never helps: 79 does not make 80.
        said: dict[str, Param] = {
            "side": sides[attack],
            "points": points[attack],
            "contract": contract,
        }
        if points[attack] < value:
            notes.append(say("coinche.short", **said, value=value))
            return False
        if points[attack] > points[defence] or every:
            notes.append(say("coinche.made", **said, other=points[defence]))
            return True
        notes.append(say("coinche.not_more", **said, other=points[defence]))
        return False

    def interim(
        self, facts: Mapping[str, Any], settings: Settings, players: Sequence[str]
    ) -> Interim:
        """The deal in progress, phase by phase: the auction, then belote and the
        announcements, then what the takers need from the cards."""
        players = self.names(players)
        sides = self.side_names(players)
        read = Hand.read(facts, settings, players, partial=True)
        dealer, taker, bid, trump = read.dealer, read.taker, read.bid, read.trump
        lines: list[str] = []

        # The auction.
        auction = read.auction
        if auction is not None and not auction.over:
            if auction.last is None:
                lines.append(say("coinche.auction_open", player=players[auction.turn]))
            else:
                assert auction.last.bid is not None and auction.last.suit is not None
                lines.append(
                    say(
                        "coinche.auction_high",
                        bidder=players[auction.last.seat],
                        contract=bid_phrase(auction.last.bid, auction.last.suit),
                        player=players[auction.turn],
                    )
                )
        if read.outcome == "passed":
            return Interim((*lines, say("coinche.passed")))
        contract = None
        if taker is not None and bid is not None and trump is not None:
            contract = bid_phrase(bid, trump)
            said = say(
                TOOK[read.coinche or 0],
                player=players[taker],
                contract=contract,
                side=sides[taker % 2],
            )
            lines.append(said)

        # Belote and the announcements.
        belote = read.belote
        if belote is not None:
            lines.append(
                say(
                    "coinche.belote",
                    player=players[belote],
                    points=signed(BELOTE),
                    side=sides[belote % 2],
                )
            )
        items, complete = read.items, read.declarations
        judged = judge_in_progress(
            _SharedJudge(),
            dealer,
            trump,
            [_shared(d, i) for i, d in enumerate(items)],
            settings,
            players,
        )
        lines += judged.lines

        # The points.
        points = read.points
        settled = len(complete) == len(items) and (not items or None not in (dealer, trump))
        if contract is not None and None in points and settled:
            assert taker is not None and bid is not None and trump is not None
            bonus = [0, 0]
            if settings.bonus_in_contract:
                if belote is not None:
                    bonus[belote % 2] += BELOTE
                if complete:
                    assert dealer is not None
                    hand = Hand.for_declarations(dealer, trump, tuple(d for _, d in complete))
                    state = GameState((0, 0), sides, tuple(players))
                    announced = self.contest(hand, settings, state)[0]
                    bonus = [bonus[t] + announced[t] for t in (0, 1)]
            lines.append(self._needs(taker, bid, contract, bonus, settings, sides, players))
        return Interim(tuple(lines), judged.rows)

    def _needs(
        self,
        taker: int,
        bid: Bid,
        contract: Text,
        bonus: Sequence[int],
        settings: Settings,
        sides: Sequence[str],
        players: Sequence[str],
    ) -> Text:
        """What the takers need from the cards and the dix de der to make their contract."""
        attack = taker % 2
        if bid == GENERALE:
            return say("coinche.need_alone", player=players[taker], contract=contract)
        said: dict[str, Param] = {"side": sides[attack], "contract": contract}
        if bid == CAPOT:
            return say("coinche.need_every_trick", **said)
        whole = DECK + DIX_DE_DER
        # At least the contract, and more than the defenders: x + own > whole − x + theirs.
        need = max(worth(bid) - bonus[attack], (whole + bonus[1 - attack] - bonus[attack]) // 2 + 1)
        if need <= whole:
            return say("coinche.need", **said, points=max(need, 0), total=whole)
        if settings.capot + bonus[attack] >= worth(bid):
            return say("coinche.need_every_trick", **said)
        return say("coinche.cannot_make", **said)


def _call(speech: Speech) -> Call:
    """A call as the model's Bid rows keep it: a bid's value is what it is worth."""
    if speech.call != "bid":
        return Call(speech.seat, CALL_NAMES[speech.call])
    assert speech.bid is not None and speech.suit is not None
    name: CallName = "bid"
    if speech.bid == CAPOT:
        name = "capot"
    elif speech.bid == GENERALE:
        name = "generale"
    return Call(speech.seat, name, speech.suit.value, worth(speech.bid))


def _complete(item: object) -> bool:
    """Whether an announcement of the deal in progress has every key its kind needs (an
    item that is not an object is wrong, not incomplete)."""
    if not isinstance(item, Mapping):
        return True
    kind = item.get("kind")
    needs = NEEDS.get(kind, ()) if isinstance(kind, str) else ()
    return all(item.get(key) is not None for key in ("seat", "kind", *needs))


def _shared(item: object, index: int) -> object:
    """An announcement as the shared judge of declarations reads it: a carré is a "four";
    a kind that is neither is refused here, naming coinche's own kinds."""
    if not isinstance(item, Mapping) or item.get("kind") is None:
        return item
    try:
        Reader(item, say("declarations.declaration"), DECLARATION_KEYS).choice("kind", KINDS)
    except ParseError as error:
        problem = say(
            "declarations.unreadable",
            declaration=index + 1,
            field=error.field,
            problem=error.message,
        )
        raise ParseError("declarations", problem) from None
    return {**item, "kind": "four"} if item.get("kind") == CARRE else item


class _SharedJudge(Coinche):
    """Coinche as `declarations.judge_in_progress` reads a variant: its kinds are the shared
    ones (a carré is a "four"), its contest coinche's. It names no key of its own, so it is
    no game of the registry."""

    declaration_kinds = (SEQUENCE, "four")

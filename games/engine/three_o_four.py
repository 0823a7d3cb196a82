"""304 with a called partner (`304`) and the three-hand widow game (`304-widow`): rules/304.md."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from games.engine.auction import Turns, calls_in_turn
from games.engine.cards import Card, Rank, Suit
from games.engine.declarations import Declaration, describe_stored
from games.engine.errors import InvalidHand, ParseError
from games.engine.reading import Reader
from games.engine.texts import Param, Text, listed, say
from games.engine.variant import (
    BaseHand,
    BaseSettings,
    Call,
    GameState,
    HandScore,
    Interim,
    InterimRow,
    Plain,
    Variant,
    Verdict,
)
from games.engine.wording import signed

DECK = 304
ALL_PASS_BID = 150
OPENING = (150, 180)
RAISE = (5, 30)
TOP_BID = 300
SPECIAL_BID = 304
SPECIAL_AFTER = 275
# What each card is worth in tricks (spec: `304`, card values): the deck holds 304.
CARD_POINTS = {
    Rank.JACK: 30,
    Rank.NINE: 20,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.EIGHT: 0,
    Rank.SEVEN: 0,
}

# The contract as far as the deal in progress knows it, by the facts it names.
CONTRACT_LINES = {
    frozenset(facts.split()): id
    for facts, id in (
        ("bidder bid", "three_o_four.bid"),
        ("bidder bid card", "three_o_four.bid_called"),
        ("bidder bid card partner", "three_o_four.bid_called_partner"),
        ("bidder bid trump", "three_o_four.bid_in"),
        ("bidder bid trump card", "three_o_four.bid_in_called"),
        ("bidder bid trump card partner", "three_o_four.bid_in_called_partner"),
        ("bidder", "three_o_four.bids"),
        ("bidder card", "three_o_four.bids_called"),
        ("bidder card partner", "three_o_four.bids_called_partner"),
        ("bidder trump", "three_o_four.bids_in"),
        ("bidder trump card", "three_o_four.bids_in_called"),
        ("bidder trump card partner", "three_o_four.bids_in_called_partner"),
    )
}
# A marriage still being entered, by what it lacks: (who, the suit).
MISSING = {
    (True, False): "three_o_four.still_to_enter_who",
    (False, True): "three_o_four.still_to_enter_suit",
    (True, True): "three_o_four.still_to_enter_both",
}


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 0
    deals: int = 11
    failed_slam: Literal[-4, -1, "normal"] = -4
    allow_304_bid: Literal[False, True] = False
    tie: Literal["share", "extra_deals"] = "share"

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(
            data,
            say("three_o_four.reader.setting"),
            ("deals", "failed_slam", "allow_304_bid", "tie"),
        )
        return cls(deals=r.positive("deals", 11), **r.rules(cls))

    def full_dict(self) -> dict[str, object]:
        return {k: v for k, v in super().full_dict().items() if k != "target"}


@dataclass(frozen=True)
class Speech(Plain):
    """One call of the auction: a bid, or a pass (which is final)."""

    seat: int
    bid: int | None = None
    passed: bool = False

    def to_dict(self) -> dict[str, object]:
        if self.passed:
            return {"seat": self.seat, "pass": True}
        return {"seat": self.seat, "bid": self.bid}


@dataclass(frozen=True)
class Marriage(Plain):
    seat: int
    suit: Suit


def check_bid(value: int, settings: Settings, field_name: str = "bid") -> None:
    top = SPECIAL_BID if settings.allow_304_bid else TOP_BID
    if value == SPECIAL_BID and settings.allow_304_bid:
        return
    if value % 5 or not ALL_PASS_BID <= value <= TOP_BID:
        raise InvalidHand(field_name, say("three_o_four.error.bid", top=top, bid=value))


def replay_auction(
    bids: Sequence[Speech], dealer: int, seats: int, settings: Settings, players: Sequence[str]
) -> tuple[int, int] | None:
    """Replay the auction so far: (bidder, bid) once it is over, None while it goes on.

    A call against the rules raises InvalidHand naming it.
    """
    turns = Turns([(dealer + 1 + i) % seats for i in range(seats)])
    active = turns.active
    high: tuple[int, int] | None = None
    for n, speech in enumerate(bids, start=1):
        if not active or (len(active) == 1 and high is not None and high[0] == active[0]):
            raise InvalidHand("bids", say("three_o_four.error.over", call=n))
        expected = turns.seat
        if speech.seat != expected:
            raise InvalidHand(
                "bids",
                say(
                    "three_o_four.error.turn",
                    call=n,
                    expected=players[expected],
                    caller=players[speech.seat],
                ),
            )
        if speech.passed:
            turns.drop()
            continue
        assert speech.bid is not None
        value = speech.bid
        if high is None:
            if value % 5 or not OPENING[0] <= value <= OPENING[1]:
                raise InvalidHand("bids", say("three_o_four.error.first_bid", call=n, bid=value))
        elif value == SPECIAL_BID and settings.allow_304_bid:
            if high[1] < SPECIAL_AFTER:
                raise InvalidHand("bids", say("three_o_four.error.304_after", call=n))
        else:
            step = value - high[1]
            if value % 5 or not RAISE[0] <= step <= RAISE[1]:
                raise InvalidHand(
                    "bids", say("three_o_four.error.raise", call=n, high=high[1], bid=value)
                )
            if value > TOP_BID:
                raise InvalidHand("bids", say("three_o_four.error.highest", call=n, top=TOP_BID))
        high = (expected, value)
        turns.next()
    if not active:
        return dealer, ALL_PASS_BID
    if len(active) == 1 and high is not None and high[0] == active[0]:
        return high
    return None


@dataclass(frozen=True, kw_only=True)
class Facts:
    """A hand as far as the table has given it: a fact not given yet is None (a saved hand
    gives them all). A marriage may still lack its seat or its suit."""

    dealer: int | None
    bidder: int | None
    bid: int | None
    bids: tuple[Speech, ...]
    trump: Suit | None
    called_card: Card | None = None
    partner: int | None = None
    partner_lost: bool = False
    marriages: tuple[tuple[int | None, Suit | None], ...]
    points: int | None
    widow_points: int | None = None
    tricks: int | None
    slam: bool

    @property
    def known_marriages(self) -> tuple[Marriage, ...]:
        """The marriages whose seat and suit are both given."""
        return tuple(
            Marriage(seat, suit)
            for seat, suit in self.marriages
            if seat is not None and suit is not None
        )


@dataclass(frozen=True, kw_only=True)
class Hand(BaseHand):
    seats: ClassVar[int] = 4
    all_tricks: ClassVar[int] = 8

    dealer: int
    bidder: int
    bid: int
    bids: tuple[Speech, ...] = ()
    trump: Suit
    called_card: Card | None = None
    partner: int | None = None
    partner_lost: bool = False
    marriages: tuple[Marriage, ...] = ()
    points: int
    widow_points: int | None = None
    tricks: int
    slam: bool = False

    KEYS: ClassVar[tuple[str, ...]] = (
        "dealer",
        "bidder",
        "bid",
        "bids",
        "trump",
        "called_card",
        "partner",
        "partner_lost",
        "marriages",
        "points",
        "tricks",
        "slam",
    )

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        facts = cls.read(data, settings, players)
        assert facts.dealer is not None and facts.bidder is not None and facts.bid is not None
        assert facts.trump is not None and facts.points is not None and facts.tricks is not None
        return cls(
            dealer=facts.dealer,
            bidder=facts.bidder,
            bid=facts.bid,
            bids=facts.bids,
            trump=facts.trump,
            called_card=facts.called_card,
            partner=facts.partner,
            partner_lost=facts.partner_lost,
            marriages=facts.known_marriages,
            points=facts.points,
            widow_points=facts.widow_points,
            tricks=facts.tricks,
            slam=facts.slam,
        )

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Settings,
        players: Sequence[str],
        partial: bool = False,
    ) -> Facts:
        """Read a hand and check every rule its facts reach; InvalidHand or ParseError name
        the key that is wrong. A saved hand gives every fact; a hand in progress (`partial`)
        may lack any, and a rule that needs a fact not given yet waits for it."""
        r = Reader(data, say("three_o_four.reader.hand"), cls.KEYS, partial=partial)
        n = cls.seats
        facts = Facts(
            dealer=r.fact(r.seat, "dealer", n),
            bidder=r.fact(r.seat, "bidder", n),
            bid=r.fact(r.number, "bid"),
            bids=tuple(_speech(item, i, n) for i, item in enumerate(r.items("bids"))),
            trump=r.fact(r.suit, "trump"),
            **cls._read_partner(r),
            marriages=tuple(
                _marriage(item, i, n, partial) for i, item in enumerate(r.items("marriages"))
            ),
            points=r.fact(r.number, "points"),
            **cls._read_widow(r),
            tricks=r.fact(r.number, "tricks"),
            slam=r.flag("slam"),
        )
        return cls.check(facts, settings, players, partial)

    @classmethod
    def _read_partner(cls, r: Reader) -> dict[str, Any]:
        """The called card, the partner who held it, and whether it was lost: the game with
        a called partner reads them; the widow game has none."""
        return {
            "called_card": r.fact(r.card, "called_card"),
            "partner": r.fact(r.seat, "partner", cls.seats),
            "partner_lost": r.flag("partner_lost"),
        }

    @classmethod
    def _read_widow(cls, r: Reader) -> dict[str, Any]:
        """The widow's points, in the game that sets a widow aside; none here."""
        return {}

    @classmethod
    def waits_for_partner(cls, partner: int | None, seat: int, bidder: int | None) -> bool:
        """Whether a marriage shown by `seat` waits for the partner to be named, to know
        which side showed it (the bidder's own marriage never does)."""
        return partner is None and seat != bidder

    @classmethod
    def side_known(cls, facts: Facts, seat: int) -> bool | None:
        """Whether `seat` plays on the bidder's side; None while that waits for the
        partner to be named (the bidder's own side is always known)."""
        if seat == facts.bidder:
            return True
        if facts.partner is None or facts.bidder is None:
            return None
        return seat == facts.partner

    @classmethod
    def for_target(
        cls,
        bidder: int,
        bid: int,
        trump: Suit,
        partner: int | None,
        marriages: tuple[Marriage, ...],
    ) -> Self:
        """A hand holding only what moves the target, for judging it before play."""
        return cls(
            dealer=bidder,
            bidder=bidder,
            bid=bid,
            trump=trump,
            partner=partner,
            marriages=marriages,
            points=0,
            tricks=0,
        )

    def bidder_side(self, seat: int) -> bool:
        return seat in (self.bidder, self.partner)

    @classmethod
    def check(
        cls, facts: Facts, settings: Settings, players: Sequence[str], partial: bool
    ) -> Facts:
        """Raise InvalidHand for the first rule the facts break; the facts, with the bidder
        and bid the auction gave when the hand in progress had not named them."""
        if facts.bid is not None:
            check_bid(facts.bid, settings)
        if facts.bids and facts.dealer is not None:
            won = replay_auction(facts.bids, facts.dealer, cls.seats, settings, players)
            if won is None and not partial:
                raise InvalidHand("bids", say("three_o_four.error.unfinished"))
            if won is not None:
                bidder = won[0] if facts.bidder is None else facts.bidder
                bid = won[1] if facts.bid is None else facts.bid
                if (bidder, bid) != won:
                    raise InvalidHand(
                        "bids",
                        say(
                            "three_o_four.error.ends",
                            winner=players[won[0]],
                            won=won[1],
                            bidder=players[bidder],
                            bid=bid,
                        ),
                    )
                facts = dataclasses.replace(facts, bidder=bidder, bid=bid)
        if facts.partner is not None and facts.partner == facts.bidder:
            raise InvalidHand("partner", say("three_o_four.error.partner"))
        cls._check_points(facts)
        seen: set[Suit] = set()
        for i, (seat, suit) in enumerate(facts.marriages):
            if suit is not None:
                if suit in seen:
                    raise InvalidHand(
                        "marriages",
                        say("three_o_four.error.marriage_twice", marriage=i + 1, suit=suit.symbol),
                    )
                seen.add(suit)
            side = None if seat is None else cls.side_known(facts, seat)
            if side is None or facts.tricks is None:
                continue
            if side and facts.tricks < 1:
                raise InvalidHand(
                    "marriages", say("three_o_four.error.marriage_bidder_early", marriage=i + 1)
                )
            if not side and facts.tricks > cls.all_tricks - 1:
                raise InvalidHand(
                    "marriages", say("three_o_four.error.marriage_other_early", marriage=i + 1)
                )
        return facts

    @classmethod
    def _check_points(cls, facts: Facts) -> None:
        points, tricks = facts.points, facts.tricks
        if tricks is not None and not 0 <= tricks <= cls.all_tricks:
            raise InvalidHand(
                "tricks", say("three_o_four.error.tricks", most=cls.all_tricks, tricks=tricks)
            )
        if points is not None and (not 0 <= points <= DECK or points in (1, DECK - 1)):
            raise InvalidHand("points", say("three_o_four.error.points", points=points))
        if tricks == 0 and points:
            raise InvalidHand("points", say("three_o_four.error.no_trick"))
        cls._check_all_points(facts)

    @classmethod
    def _check_all_points(cls, facts: Facts) -> None:
        """All the tricks take every point of the deck."""
        if facts.tricks == cls.all_tricks and facts.points not in (None, DECK):
            raise InvalidHand("points", say("three_o_four.error.all_tricks"))

    def points_note(self, made: bool) -> tuple[str, dict[str, Param]]:
        """The note on the bidder's points against the target: its id, and what it says
        beyond the points, the target and who."""
        return ("three_o_four.reached" if made else "three_o_four.fell_short"), {}

    @property
    def declarer(self) -> int:
        return self.bidder

    @property
    def contract(self) -> int:
        return self.bid

    def target(self) -> int:
        """The bid moved by the marriages shown (spec: `304`, target). No floor or ceiling."""
        return self.bid + sum(self.shift(m) for m in self.marriages)

    def shift(self, marriage: Marriage) -> int:
        """How one marriage moves the target: 20 (40 in trumps), down when the bidder's side
        shows it, up when the other side does (spec: `304`, target)."""
        worth = 40 if marriage.suit == self.trump else 20
        return -worth if self.bidder_side(marriage.seat) else worth

    @property
    def counted(self) -> int:
        return self.points + (self.widow_points or 0)


@dataclass(frozen=True, kw_only=True)
class WidowHand(Hand):
    seats: ClassVar[int] = 3
    all_tricks: ClassVar[int] = 10
    KEYS: ClassVar[tuple[str, ...]] = (
        "dealer",
        "bidder",
        "bid",
        "bids",
        "trump",
        "marriages",
        "points",
        "widow_points",
        "tricks",
        "slam",
    )

    @classmethod
    def _read_partner(cls, r: Reader) -> dict[str, Any]:
        return {}

    @classmethod
    def _read_widow(cls, r: Reader) -> dict[str, Any]:
        return {"widow_points": r.fact(r.number, "widow_points")}

    @classmethod
    def waits_for_partner(cls, partner: int | None, seat: int, bidder: int | None) -> bool:
        return False  # the bidder plays alone against the other two

    @classmethod
    def side_known(cls, facts: Facts, seat: int) -> bool | None:
        """The bidder plays alone against the other two."""
        return None if facts.bidder is None else seat == facts.bidder

    @classmethod
    def _check_all_points(cls, facts: Facts) -> None:
        """The widow's two cards hold 0 to 60, and with the bidder's points at most the deck;
        all the tricks take every point with the widow."""
        widow = facts.widow_points
        if widow is None:
            return
        if not 0 <= widow <= 60:
            raise InvalidHand("widow_points", say("three_o_four.error.widow_points", points=widow))
        if facts.points is None:
            return
        if facts.points + widow > DECK:
            raise InvalidHand("widow_points", say("three_o_four.error.widow_exceeds"))
        if facts.tricks == cls.all_tricks and facts.points + widow != DECK:
            raise InvalidHand("points", say("three_o_four.error.widow_all_tricks"))

    def points_note(self, made: bool) -> tuple[str, dict[str, Param]]:
        assert self.widow_points is not None
        id = "three_o_four.widow_reached" if made else "three_o_four.widow_fell_short"
        return id, {"widow": self.widow_points}


def seat_calls(calls: Sequence[int | None], dealer: int, seats: int) -> list[dict[str, object]]:
    """Give each call of an auction its seat, in turn from the dealer's left (None passes)."""
    return calls_in_turn(calls, [(dealer + 1 + i) % seats for i in range(seats)])


def _moves(hand: Hand, marriage: Marriage) -> Verdict:
    """The verdict on one marriage shown: how far it moves the bidder's target."""
    shift = hand.shift(marriage)
    trumps = marriage.suit == hand.trump
    if shift < 0:
        id = "three_o_four.lowers_in_trumps" if trumps else "three_o_four.lowers"
    else:
        id = "three_o_four.raises_in_trumps" if trumps else "three_o_four.raises"
    return Verdict(True, shift, say(id, points=abs(shift)))


def _facts(ids: Sequence[str]) -> Text:
    """The facts a marriage waits for: "the bidder and trump and the partner"."""
    return listed("three_o_four.list.and", [say(id) for id in ids])


def _label(card: Card) -> Text:
    """A card as a sentence names it: "A♥", its rank in the reader's language."""
    return say("card.label", rank=say(f"card.rank.{card.rank.value}"), suit=card.suit.symbol)


def _speech(item: object, index: int, seats: int) -> Speech:
    try:
        r = Reader(item, say("three_o_four.reader.bid"), ("seat", "bid", "pass"))
        seat = r.seat("seat", seats)
        if r.flag("pass"):
            return Speech(seat, passed=True)
        return Speech(seat, bid=r.number("bid"))
    except ParseError as error:
        raise ParseError("bids", _within("three_o_four.error.call", index, error)) from None


def _marriage(
    item: object, index: int, seats: int, partial: bool
) -> tuple[int | None, Suit | None]:
    """Marriage `index` of `marriages`: its seat and suit (in a hand in progress, either may
    not be given yet)."""
    try:
        r = Reader(item, say("three_o_four.reader.marriage"), ("seat", "suit"), partial=partial)
        return r.fact(r.seat, "seat", seats), r.fact(r.suit, "suit")
    except ParseError as error:
        raise ParseError(
            "marriages", _within("three_o_four.error.marriage", index, error)
        ) from None


def _within(id: str, index: int, error: ParseError) -> Text:
    """A problem with one call or marriage of a list, naming its place: "call 2: x: …"."""
    return say(id, place=index + 1, field=error.field, problem=error.message)


class ThreeOFour(Variant[Settings, Hand]):
    key = "304"
    name = "304"
    seats = 4
    teams = False
    default_players: ClassVar[tuple[str, ...]] = ("Player 1", "Player 2", "Player 3", "Player 4")
    settings_class = Settings
    hand_class = Hand
    order = 40
    phases = ("before", "during", "after")
    declaration_kinds = ("marriage",)
    declarer_key = "bidder"
    contract_key = "bid"

    opener: ClassVar[str] = say("three_o_four.opener")
    taker: ClassVar[str] = say("three_o_four.taker")

    def broken_example(self) -> dict[str, object]:
        return {"bid": 303}

    def describe_declaration(self, data: Mapping[str, object]) -> str:
        return describe_stored(self, data)

    def card_points(self, ranks: Sequence[Rank], settings: Settings) -> int:
        return sum(CARD_POINTS[rank] for rank in ranks)

    def round_of_deals(self, settings: Settings) -> int | None:
        """304's game is its own number of deals, ended by `winners` with its `tie` rule."""
        return None

    def for_deals(self, settings: Settings, deals: int) -> Settings:
        """A round of N deals is N deals of 304, and its `tie` rule gives way: equal highest
        totals share the win (club.md, "A round of N deals")."""
        return dataclasses.replace(settings, deals=deals, tie="share")

    def progress(self, settings: Settings, played: int) -> str:
        if played >= settings.deals:
            extra = played + 1 - settings.deals
            return say("three_o_four.progress.extra_deal", deal=extra, deals=settings.deals)
        return say("three_o_four.progress.deal", deal=played + 1, deals=settings.deals)

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        if hand.bids:
            return tuple(
                Call(s.seat, "pass") if s.passed else Call(s.seat, "bid", value=s.bid)
                for s in hand.bids
            )
        return (Call(hand.bidder, "bid", hand.trump.value, hand.bid),)

    def interim(
        self, facts: Mapping[str, Any], settings: Settings, players: Sequence[str]
    ) -> Interim:
        """How the marriages move the target, from the bid, trump and the marriages shown."""
        players = self.names(players)
        read = self.hand_class.read(facts, settings, players, partial=True)
        bidder, bid, trump = read.bidder, read.bid, read.trump
        called, partner = read.called_card, read.partner
        shown, known = read.marriages, read.known_marriages
        hand = None
        if bidder is not None and trump is not None:
            hand = self.hand_class.for_target(bidder, bid or 0, trump, partner, known)
        rows: list[InterimRow] = []
        waits: list[str] = []
        for seat, suit in shown:
            player = players[seat] if seat is not None else ""
            described = (
                say("three_o_four.marriage_of", suit=suit.symbol)
                if suit is not None
                else say("three_o_four.marriage")
            )
            if seat is None or suit is None:
                missing = MISSING[seat is None, suit is None]
                rows.append(InterimRow(player, described, None, 0, say(missing)))
                continue
            need = [
                what
                for what, lacking in (
                    ("three_o_four.fact.bidder", bidder is None),
                    ("three_o_four.fact.trump", trump is None),
                    (
                        "three_o_four.fact.partner",
                        self.hand_class.waits_for_partner(partner, seat, bidder),
                    ),
                )
                if lacking
            ]
            if need or hand is None:
                waits += [what for what in need if what not in waits]
                rows.append(
                    InterimRow(
                        player,
                        described,
                        None,
                        0,
                        say("three_o_four.waits_for", facts=_facts(need)),
                    )
                )
                continue
            v = _moves(hand, Marriage(seat, suit))
            rows.append(InterimRow(player, described, v.counted, v.points, v.reason))
        lines: list[Text] = []
        settled = all(row.counted is not None for row in rows)
        if bid is not None and not rows:
            lines.append(say("three_o_four.target", bid=bid))
        elif bid is not None and settled and hand is not None:
            why = listed(
                "three_o_four.list.semicolon",
                [
                    say(
                        "three_o_four.side_shows_in_trumps"
                        if m.suit == trump
                        else "three_o_four.side_shows",
                        player=players[m.seat],
                        suit=m.suit.symbol,
                        shift=signed(hand.shift(m)),
                    )
                    for m in known
                ],
            )
            lines.append(say("three_o_four.target_moved", bid=bid, target=hand.target(), shown=why))
        elif bid is not None and waits:
            lines.append(say("three_o_four.target_waits", bid=bid, facts=_facts(waits)))
        elif bid is not None:
            lines.append(say("three_o_four.target_entering", bid=bid))
        elif settled and hand is not None and known:
            moved = sum(hand.shift(m) for m in known)
            lines.append(say("three_o_four.bid_moved", shift=signed(moved)))
        if bidder is not None:
            said: dict[str, Param] = {"bidder": players[bidder]}
            if bid is not None:
                said["bid"] = bid
            if trump is not None:
                said["trump"] = trump.symbol
            if called is not None:
                said["card"] = _label(called)
                if partner is not None:
                    said["partner"] = players[partner]
            lines.append(say(CONTRACT_LINES[frozenset(said)], **said))
        return Interim(tuple(lines), tuple(rows))

    def declared(self, hand: Hand, score: HandScore) -> tuple[tuple[Declaration, Verdict], ...]:
        """The marriages shown, each moving the bidder's target (spec: `304`)."""
        return tuple(
            (Declaration(m.seat, "marriage", suit=m.suit), _moves(hand, m)) for m in hand.marriages
        )

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        players = state.players
        target = hand.target()
        who: Param = players[hand.bidder]
        if hand.partner is not None:
            who = say(
                "three_o_four.bidder_and_partner",
                bidder=players[hand.bidder],
                partner=players[hand.partner],
            )
        notes = [self._contract_note(hand, players, target)]
        if hand.slam:
            made = hand.tricks == hand.all_tricks
            if made:
                result = 4
                notes.append(say("three_o_four.slam_made", count=hand.all_tricks, who=who))
            elif settings.failed_slam == "normal":
                made = hand.counted >= target
                result = 1 if made else -1
                notes.append(say("three_o_four.slam_as_usual", who=who, result=signed(result)))
            else:
                result = int(settings.failed_slam)
                notes.append(say("three_o_four.slam_lost", who=who, result=signed(result)))
        else:
            made = hand.counted >= target
            result = 1 if made else -1
            said: dict[str, Param] = {"points": hand.points, "target": target, "who": who}
            id, more = hand.points_note(made)
            notes.append(say(id, **said, **more, result=signed(result)))
        if hand.partner_lost:
            notes.append(say("three_o_four.played_alone", bidder=players[hand.bidder]))
        scores = [0] * self.seats
        scores[hand.bidder] = result
        if hand.partner is not None:
            scores[hand.partner] = result
        return HandScore(tuple(scores), tuple(notes), made=made)

    def _contract_note(self, hand: Hand, players: Sequence[str], target: int) -> Text:
        said: dict[str, Param] = {
            "bidder": players[hand.bidder],
            "bid": hand.bid,
            "trump": hand.trump.symbol,
        }
        called = hand.called_card is not None and hand.partner is not None
        if hand.called_card is not None and hand.partner is not None:
            said |= {"card": _label(hand.called_card), "partner": players[hand.partner]}
        if not hand.marriages:
            return say(
                "three_o_four.bid_in_called_partner" if called else "three_o_four.bid_in", **said
            )
        shown = listed(
            "three_o_four.list.comma",
            [
                say(
                    "three_o_four.marriage_shown",
                    player=players[m.seat],
                    suit=m.suit.symbol,
                    shift=signed(hand.shift(m)),
                )
                for m in hand.marriages
            ],
        )
        return say(
            "three_o_four.contract_called_marriages"
            if called
            else "three_o_four.contract_marriages",
            **said,
            marriages=shown,
            target=target,
        )

    def winners(
        self,
        totals: Sequence[int],
        hand: Hand,
        score: HandScore,
        settings: Settings,
        hands_played: int,
    ) -> list[int]:
        """After the last deal the highest total wins; equal highest share it, or play on."""
        if hands_played < settings.deals:
            return []
        best = max(totals)
        top = [side for side, total in enumerate(totals) if total == best]
        if len(top) > 1 and settings.tie == "extra_deals":
            return []
        return top


class ThreeOFourWidow(ThreeOFour):
    key = "304-widow"
    name = "304, three-hand"
    order = 50
    seats = 3
    default_players = ("Player 1", "Player 2", "Player 3")
    hand_class = WidowHand

    def broken_example(self) -> dict[str, object]:
        return {"widow_points": 61}

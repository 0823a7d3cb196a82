"""Hoşkin for partners (`hoskin`) and Hoşkin Tekli, three-hand with the gömü: rules/hoskin.md.

Turkish words the table uses: ihale (the auction), kontrat (the contract), koz (trump),
evli (a marriage), seri (the trump run), pinik (Q♠ + J♦), gömü (the buried five cards),
baraj (the target).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from games.engine.auction import Turns
from games.engine.cards import Card, Rank, Suit
from games.engine.declarations import Declaration, describe_stored
from games.engine.errors import InvalidHand, ParseError
from games.engine.reading import Reader
from games.engine.texts import Param, Text, listed, say
from games.engine.variant import (
    BaseHand,
    BaseSettings,
    Call,
    CallName,
    GameState,
    HandScore,
    Interim,
    InterimRow,
    Meld,
    Plain,
    Variant,
    Verdict,
)
from games.engine.wording import signed

OPENING = 550
CARDS = 480
HOSKIN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
CardValues = Literal["ace_ten", "tens"]
HoskinOutcome = Literal["played", "void"]
Violation = Literal["meld_short", "aces_claim_false"]
CARD_VALUES: dict[CardValues, dict[Rank, int]] = {
    "ace_ten": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "tens": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10, Rank.QUEEN: 0, Rank.JACK: 0},
}
TEKLI_LADDER = (550, 650, 750)
GOMU = 5

# The meld table (spec: Melds): index = level (how many copies of the meld a hand holds).
RUN = (0, 150, 1500, 2250, 3000)
AROUND = {
    Rank.ACE: (0, 100, 1000, 1500, 2000),
    Rank.KING: (0, 80, 800, 1200, 1600),
    Rank.QUEEN: (0, 60, 600, 900, 1200),
    Rank.JACK: (0, 40, 400, 600, 800),
}
PINIK = (0, 40, 300, 600, 900)
# Each meld's name by level, as the meld calculator lists it.
RUN_NAMES = (
    "",
    "hoskin.meld.run",
    "hoskin.meld.double_run",
    "hoskin.meld.triple_run",
    "hoskin.meld.quadruple_run",
)
AROUND_NAMES = {
    Rank.ACE: (
        "",
        "hoskin.meld.aces",
        "hoskin.meld.double_aces",
        "hoskin.meld.triple_aces",
        "hoskin.meld.quadruple_aces",
    ),
    Rank.KING: (
        "",
        "hoskin.meld.kings",
        "hoskin.meld.double_kings",
        "hoskin.meld.triple_kings",
        "hoskin.meld.quadruple_kings",
    ),
    Rank.QUEEN: (
        "",
        "hoskin.meld.queens",
        "hoskin.meld.double_queens",
        "hoskin.meld.triple_queens",
        "hoskin.meld.quadruple_queens",
    ),
    Rank.JACK: (
        "",
        "hoskin.meld.jacks",
        "hoskin.meld.double_jacks",
        "hoskin.meld.triple_jacks",
        "hoskin.meld.quadruple_jacks",
    ),
}
PINIK_NAMES = (
    "",
    "hoskin.meld.pinik",
    "hoskin.meld.double_pinik",
    "hoskin.meld.triple_pinik",
    "hoskin.meld.quadruple_pinik",
)
# The line of the deal in progress naming the holder, by what is known: (forced, koz, need).
HOLDS = {
    (False, False, False): "hoskin.holds",
    (True, False, False): "hoskin.holds_forced",
    (False, True, False): "hoskin.holds_koz",
    (True, True, False): "hoskin.holds_forced_koz",
    (False, False, True): "hoskin.holds_need",
    (True, False, True): "hoskin.holds_forced_need",
    (False, True, True): "hoskin.holds_koz_need",
    (True, True, True): "hoskin.holds_forced_koz_need",
}
# The parts of a side's points, in the order a note adds them up.
PARTS = {
    "melds": "hoskin.part.melds",
    "struck": "hoskin.part.struck",
    "tricks": "hoskin.part.tricks",
    "last_trick": "hoskin.part.last_trick",
    "gomu": "hoskin.part.gomu",
}


def count_meld(holding: Mapping[Card, int], trump: Suit) -> Meld:
    """Score the cards one player laid out (spec: Melds, with its sharing rules).

    A card counts in at most one meld of each kind (marriage or run; around; pinik) but in
    melds of different kinds; a run holds its own K+Q, which is not a marriage again; a
    higher level replaces the lower ones (eight aces are 1000, not 1100).
    """
    for card, count in holding.items():
        if card.rank not in HOSKIN_RANKS:
            raise ParseError("cards", say("hoskin.error.not_in_pack", card=_label(card)))
        if not 0 <= count <= 4:
            raise ParseError("cards", say("hoskin.error.copies", card=_label(card), copies=count))

    def n(rank: Rank, suit: Suit) -> int:
        return holding.get(Card(rank, suit), 0)

    lines: list[tuple[Text, int]] = []
    runs = min(n(rank, trump) for rank in HOSKIN_RANKS)
    if runs:
        lines.append((say(RUN_NAMES[runs], trump=trump.symbol), RUN[runs]))
    for suit in Suit:
        pairs = min(n(Rank.KING, suit), n(Rank.QUEEN, suit)) - (runs if suit == trump else 0)
        if pairs > 0:
            each = 40 if suit == trump else 20
            name = (
                say("hoskin.meld.marriages", suit=suit.symbol, times=pairs)
                if pairs > 1
                else say("hoskin.meld.marriage", suit=suit.symbol)
            )
            lines.append((name, pairs * each))
    for rank, values in AROUND.items():
        level = min(n(rank, suit) for suit in Suit)
        if level:
            lines.append((say(AROUND_NAMES[rank][level]), values[level]))
    pinik = min(n(Rank.QUEEN, Suit.SPADES), n(Rank.JACK, Suit.DIAMONDS))
    if pinik:
        lines.append((say(PINIK_NAMES[pinik]), PINIK[pinik]))
    return Meld(sum(points for _, points in lines), tuple(lines))


def _added(parts: Mapping[str, int]) -> Text:
    """A side's points added up: "melds 160 − struck 160 + tricks 100" (struck is negative)."""
    terms = iter(parts.items())
    key, value = next(terms)
    added = say(PARTS[key], points=value)
    for key, value in terms:
        part = say(PARTS[key], points=abs(value))
        added = say("hoskin.minus" if value < 0 else "hoskin.plus", sum=added, part=part)
    return added


def _label(card: Card) -> Text:
    """A card as a sentence names it: "K♥", its rank in the reader's language."""
    return say("card.label", rank=say(f"card.rank.{card.rank.value}"), suit=card.suit.symbol)


def card_points(ranks: Sequence[Rank], card_values: CardValues) -> int:
    """What some cards are worth in tricks, e.g. the five of the gömü."""
    return sum(CARD_VALUES[card_values][rank] for rank in ranks)


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 3000
    card_values: CardValues = "ace_ten"
    last_trick_bonus: Literal[20, 10, 0] = 20
    bid_step: Literal[10, 50] = 10
    both_cross: Literal["contract", "higher"] = "contract"
    gomu_to: Literal["last_trick", "holder"] = "last_trick"
    deals: int | None = None

    KEYS: ClassVar[tuple[str, ...]] = (
        "target",
        "card_values",
        "last_trick_bonus",
        "bid_step",
        "both_cross",
        "deals",
    )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, say("hoskin.reader.setting"), cls.KEYS)
        # A rule of the family the game does not ask (not in its KEYS) keeps its default:
        # the partners bury no gömü, and Tekli's ladder has fixed contracts, bid in no steps.
        target, deals = r.positive("target", 3000), r.opt_positive("deals")
        return cls(target=target, deals=deals, **r.rules(cls, cls.KEYS))

    def full_dict(self) -> dict[str, object]:
        return {k: v for k, v in super().full_dict().items() if k in self.KEYS}


@dataclass(frozen=True, kw_only=True)
class TekliSettings(Settings):
    KEYS: ClassVar[tuple[str, ...]] = (
        "target",
        "card_values",
        "last_trick_bonus",
        "both_cross",
        "gomu_to",
        "deals",
    )


@dataclass(frozen=True, kw_only=True)
class Hand(BaseHand):
    """A deal of Hoşkin for partners (spec: `hoskin`, hand keys)."""

    seats: ClassVar[int] = 4
    sides: ClassVar[int] = 2
    KEYS: ClassVar[tuple[str, ...]] = (
        "dealer",
        "outcome",
        "holder",
        "contract",
        "forced",
        "bids",
        "trump",
        "melds",
        "trick_points",
        "last_trick",
        "violation",
        "struck",
    )

    dealer: int
    outcome: HoskinOutcome = "played"
    holder: int | None = None
    contract: int | None = None
    forced: bool = False
    bids: tuple[Bid, ...] = ()
    trump: Suit | None = None
    melds: tuple[int, ...] = ()
    trick_points: tuple[int, ...] = ()
    last_trick: int | None = None
    violation: Violation | None = None
    struck: tuple[int, ...] | None = None

    in_progress_keys: ClassVar[tuple[str, ...]] = ("meld_cards",)
    """Keys a hand in progress may hold beyond a hand's: each player's cards laid out (the
    hand in progress counts them; a saved hand keeps the melds they make)."""

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        return cls(**cls.read(data, settings, players))

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Settings,
        players: Sequence[str],
        partial: bool = False,
    ) -> dict[str, Any]:
        """Read a deal and check every rule its facts reach (see BaseHand.read): the
        facts, by the hand's field names (a fact not given yet is None; so is a meld or
        trick points of one player or side). A hand in progress may hold
        `in_progress_keys` too, which the hand in progress reads."""
        known = (*cls.KEYS, *cls.in_progress_keys) if partial else cls.KEYS
        r = Reader(data, say("hoskin.reader.hand"), known, partial=partial)
        facts = cls._read(r)
        if facts.get("outcome") == "void":
            return facts
        cls._check_contract(facts, settings, players, partial)
        check_melds(facts["melds"], players)
        cls._check_tricks(facts, settings)
        cls._check_struck(facts)
        return facts

    @classmethod
    def _read(cls, r: Reader) -> dict[str, Any]:
        outcome = r.choice("outcome", ("played", "void"), "played")
        if outcome == "void":
            void = cls._read_void(r)
            for key in ("holder", "contract", "trump", "melds", "trick_points", "last_trick"):
                if key not in void and r.has(key):
                    raise InvalidHand(key, say("hoskin.error.void"))
            return void
        numbers = r.opt_numbers if r.partial else r.numbers
        facts: dict[str, Any] = {
            "dealer": r.fact(r.seat, "dealer", cls.seats),
            "holder": r.fact(r.seat, "holder", cls.seats),
            "contract": r.fact(r.number, "contract"),
            "forced": r.flag("forced"),
            "trump": r.fact(r.suit, "trump"),
            "melds": tuple(numbers("melds", cls.seats)),
            "trick_points": tuple(numbers("trick_points", cls.sides)),
            "last_trick": r.fact(r.seat, "last_trick", cls.sides),
        }
        return {**facts, **cls._read_own(r)}

    @classmethod
    def _read_own(cls, r: Reader) -> dict[str, Any]:
        """The facts of a played deal beyond the contract, melds and tricks: the partners'
        ihale as bid, and a false declaration with the meld it strikes."""
        return {
            "bids": tuple(_bid(item, i, cls.seats) for i, item in enumerate(r.items("bids"))),
            "violation": r.choice("violation", ("meld_short", "aces_claim_false"), None),
            "struck": tuple(r.numbers("struck", 2)) if r.has("struck") else None,
        }

    @classmethod
    def _read_void(cls, r: Reader) -> dict[str, Any]:
        """The facts of a void deal: its dealer (keys of a contract are refused after this)."""
        return {"dealer": r.fact(r.seat, "dealer", cls.seats), "outcome": "void"}

    @classmethod
    def side_of(cls, seat: int) -> int:
        return seat % 2

    @classmethod
    def _check_contract(
        cls, facts: dict[str, Any], settings: Settings, players: Sequence[str], partial: bool
    ) -> None:
        """The contract is one of the ihale's, and the partners' auction, as bid, ends with
        the holder at the contract (a hand in progress takes its holder and contract from
        an auction that is over)."""
        contract = facts["contract"]
        if contract is not None:
            check_contract(contract, settings)
            if facts["forced"] and contract != OPENING:
                raise InvalidHand("forced", say("hoskin.error.forced"))
        if not facts["bids"]:
            return
        won = replay_auction(facts["bids"], settings.bid_step, players)
        if won is None:
            if partial:
                return
            raise InvalidHand("bids", say("hoskin.error.unfinished"))
        holder, contract, forced = won
        given = (
            holder if facts["holder"] is None else facts["holder"],
            contract if facts["contract"] is None else facts["contract"],
            facts["forced"] or (forced and facts["contract"] is None),
        )
        if given != won:
            raise InvalidHand(
                "bids",
                say(
                    "hoskin.error.ends_forced" if forced else "hoskin.error.ends",
                    winner=players[holder],
                    won=contract,
                    holder=players[given[0]],
                    contract=given[1],
                ),
            )
        facts.update(holder=holder, contract=contract, forced=forced)

    @classmethod
    def _check_tricks(cls, facts: dict[str, Any], settings: Settings) -> None:
        tricks = facts["trick_points"]
        if any(t is not None and t < 0 for t in tricks):
            raise InvalidHand("trick_points", say("hoskin.error.negative_tricks"))
        if None not in tricks and sum(tricks) != CARDS:
            shown = " + ".join(map(str, tricks))
            raise InvalidHand(
                "trick_points",
                say("hoskin.error.tricks_sum", sum=shown, total=sum(tricks)),
            )

    @classmethod
    def _check_struck(cls, facts: dict[str, Any]) -> None:
        struck, holder, melds = facts.get("struck"), facts["holder"], facts["melds"]
        if struck is None or holder is None:
            return
        contract_side = cls.side_of(holder)
        if struck[contract_side]:
            raise InvalidHand("struck", say("hoskin.error.struck_side"))
        other = 1 - contract_side
        theirs = [m for seat, m in enumerate(melds) if cls.side_of(seat) == other]
        if None in theirs:
            return
        team = sum(theirs)
        if not 0 <= struck[other] <= team or struck[other] % 10:
            raise InvalidHand("struck", say("hoskin.error.struck", melds=team))

    def failure(self) -> Text | None:
        """Why the contract fails whatever the points, if it does."""
        failures = {
            "meld_short": "hoskin.failure.meld_short",
            "aces_claim_false": "hoskin.failure.aces_claim_false",
        }
        return say(failures[self.violation]) if self.violation in failures else None

    @property
    def declarer(self) -> int | None:
        return self.holder

    @property
    def unplayed(self) -> str:
        return say("hoskin.unplayed.void") if self.outcome == "void" else ""


@dataclass(frozen=True, kw_only=True)
class TekliHand(Hand):
    """A deal of Hoşkin Tekli (spec: `hoskin-tekli`, hand keys)."""

    seats: ClassVar[int] = 3
    sides: ClassVar[int] = 3
    KEYS: ClassVar[tuple[str, ...]] = (
        "dealer",
        "outcome",
        "holder",
        "contract",
        "forced",
        "trump",
        "melds",
        "trick_points",
        "gomu_points",
        "last_trick",
        "recount_failed",
        "unannounced_burial",
    )

    gomu_points: int | None = None
    recount_failed: bool = False
    unannounced_burial: bool = False

    in_progress_keys: ClassVar[tuple[str, ...]] = ("meld_cards", "gomu_cards")
    """Beyond the partners' keys: the five cards buried, as they are picked."""

    @classmethod
    def _read_own(cls, r: Reader) -> dict[str, Any]:
        """The gömü's points, and the two ways a Tekli contract fails whatever the points."""
        return {
            "gomu_points": r.fact(r.number, "gomu_points"),
            "recount_failed": r.flag("recount_failed"),
            "unannounced_burial": r.flag("unannounced_burial"),
        }

    @classmethod
    def _read_void(cls, r: Reader) -> dict[str, Any]:
        """A void deal may name its forced holder: after three passes P1 holds it at 550,
        forced, and shows no marriage, so it is redealt (spec: `hoskin-tekli`, auction)."""
        facts = super()._read_void(r)
        if not any(r.has(key) for key in ("holder", "contract", "forced")):
            return facts
        if facts["dealer"] is None:
            return facts  # a hand in progress: P1 is not known yet
        first = (facts["dealer"] + 1) % cls.seats
        if r.has("holder") and r.seat("holder", cls.seats) != first:
            raise InvalidHand("holder", say("hoskin.error.void_holder", seat=first))
        if r.has("contract") and r.number("contract") != OPENING:
            raise InvalidHand("contract", say("hoskin.error.forced"))
        if not r.flag("forced", True):
            raise InvalidHand("forced", say("hoskin.error.void_forced"))
        return {**facts, "holder": first, "contract": OPENING, "forced": True}

    @classmethod
    def side_of(cls, seat: int) -> int:
        return seat

    @classmethod
    def _check_contract(
        cls, facts: dict[str, Any], settings: Settings, players: Sequence[str], partial: bool
    ) -> None:
        """The ladder: P1 at 550, P2 at 650, P3 at 750, or P1 forced at 550."""
        contract, holder, dealer = facts["contract"], facts["holder"], facts["dealer"]
        if facts["forced"] and contract not in (None, OPENING):
            raise InvalidHand("forced", say("hoskin.error.forced_first"))
        if None in (holder, dealer):
            # A hand in progress: the ladder's place is not known yet, its steps are.
            if contract is not None:
                check_contract(contract, settings)
            return
        place = (holder - dealer - 1) % 3
        if facts["forced"]:
            if place != 0:
                raise InvalidHand("forced", say("hoskin.error.forced_first"))
            return
        if contract is None:
            return
        if contract != TEKLI_LADDER[place]:
            ladder = (
                "hoskin.error.ladder_first",
                "hoskin.error.ladder_second",
                "hoskin.error.ladder_third",
            )[place]
            raise InvalidHand("contract", say(ladder, holder=players[holder], contract=contract))

    @classmethod
    def _check_tricks(cls, facts: dict[str, Any], settings: Settings) -> None:
        gomu, tricks = facts["gomu_points"], facts["trick_points"]
        most = 5 * max(CARD_VALUES[settings.card_values].values())
        if gomu is not None and not 0 <= gomu <= most:
            raise InvalidHand(
                "gomu_points", say("hoskin.error.gomu_points", most=most, points=gomu)
            )
        if any(t is not None and t < 0 for t in tricks):
            raise InvalidHand("trick_points", say("hoskin.error.negative_tricks"))
        if gomu is None or None in tricks:
            return
        total = sum(tricks) + gomu
        if total != CARDS:
            shown = " + ".join(map(str, tricks))
            raise InvalidHand(
                "trick_points",
                say("hoskin.error.tekli_sum", sum=shown, gomu=gomu, total=total),
            )

    def failure(self) -> Text | None:
        if self.recount_failed:
            return say("hoskin.failure.recount")
        if self.unannounced_burial:
            return say("hoskin.failure.burial")
        return None


@dataclass(frozen=True)
class Bid(Plain):
    """One call of the partners' auction: a bid, or a pass (final)."""

    seat: int
    bid: int | None = None

    def to_dict(self) -> dict[str, object]:
        if self.bid is None:
            return {"seat": self.seat, "pass": True}
        return {"seat": self.seat, "bid": self.bid}


def _bid(item: object, index: int, seats: int) -> Bid:
    try:
        r = Reader(item, say("hoskin.reader.bid"), ("seat", "bid", "pass"))
        seat = r.seat("seat", seats)
        return Bid(seat) if r.flag("pass") else Bid(seat, r.number("bid"))
    except ParseError as error:
        problem = say("hoskin.error.call", call=index + 1, field=error.field, problem=error.message)
        raise ParseError("bids", problem) from None


def replay_auction(
    bids: Sequence[Bid], step: int, players: Sequence[str]
) -> tuple[int, int, bool] | None:
    """The two speakers' auction: returns (holder, contract, forced) once it is over, None
    while it goes on. A call against the rules raises InvalidHand naming it.

    Speakers alternate, one from each team, starting with the first to speak; a pass is
    final; the auction opens at 550 and each bid is higher by a multiple of `bid_step`.
    If both pass without a bid, the first speaker holds it at 550, forced.
    """
    first = bids[0].seat
    turns = Turns([first])  # the second speaker joins with the answer, call 2
    high: tuple[int, int] | None = None
    passed: set[int] = set()
    for n, call in enumerate(bids, start=1):
        if len(passed) == 2 or (passed and high is not None and high[0] not in passed):
            raise InvalidHand("bids", say("hoskin.error.over", call=n))
        if n == 2:
            if call.seat % 2 == first % 2:
                raise InvalidHand("bids", say("hoskin.error.answer"))
            turns = Turns([first, call.seat])
            if first in passed:
                turns.drop()
            else:
                turns.next()
        if n > 2 and call.seat != turns.seat:
            raise InvalidHand(
                "bids", say("hoskin.error.turn", call=n, expected=players[turns.seat])
            )
        if call.bid is None:
            passed.add(call.seat)
            turns.drop()
            continue
        if high is None:
            if call.bid < OPENING or (call.bid - OPENING) % step:
                raise InvalidHand("bids", say("hoskin.error.opening", call=n, step=step))
        elif call.bid <= high[1] or (call.bid - high[1]) % step:
            raise InvalidHand("bids", say("hoskin.error.rise", call=n, high=high[1], step=step))
        high = (call.seat, call.bid)
        turns.next()
    if len(passed) == 2 and high is None:
        return first, OPENING, True
    if passed and high is not None and high[0] not in passed:
        return high[0], high[1], False
    return None


def check_contract(contract: int, settings: Settings) -> None:
    """The ihale opens at 550 and rises in steps of `bid_step` (spec: `hoskin`)."""
    step = settings.bid_step
    if contract < OPENING or (contract - OPENING) % step:
        raise InvalidHand("contract", say("hoskin.error.contract", step=step, contract=contract))


def _meld_cards(
    items: Sequence[object], seats: int, players: Sequence[str]
) -> list[dict[Card, int] | None]:
    """Each player's cards laid out, as counts of each card (None: not entered)."""
    if len(items) > seats:
        raise ParseError("meld_cards", say("hoskin.error.meld_cards", count=seats))
    out: list[dict[Card, int] | None] = []
    for seat, cards in enumerate(items):
        if cards is None:
            out.append(None)
            continue
        if not isinstance(cards, list | tuple):
            raise ParseError("meld_cards", say("hoskin.error.not_a_list", player=players[seat]))
        holding: dict[Card, int] = {}
        for text in cards:
            card = Card.parse(text, "meld_cards")
            holding[card] = holding.get(card, 0) + 1
        out.append(holding)
    return out


def _counted(holding: Mapping[Card, int], trump: Suit, player: str) -> Meld:
    try:
        return count_meld(holding, trump)
    except ParseError as error:
        problem = say("hoskin.error.player", player=player, problem=error.message)
        raise ParseError("meld_cards", problem) from None


def check_melds(melds: Sequence[int | None], players: Sequence[str]) -> None:
    """Each player's melds are 0 or more, in tens (spec: Melds); None is not given yet."""
    for seat, value in enumerate(melds):
        if value is not None and (value < 0 or value % 10):
            raise InvalidHand("melds", say("hoskin.error.melds", player=players[seat], melds=value))


class Hoskin(Variant[Settings, Hand]):
    key = "hoskin"
    name = "Hoşkin"
    seats = 4
    teams = True
    taker = say("hoskin.taker")
    default_players: ClassVar[tuple[str, ...]] = ("North", "East", "South", "West")
    settings_class = Settings
    hand_class = Hand
    order = 60
    tools = frozenset({"melds"})
    phases = ("before", "during", "after")
    declaration_kinds = ("meld",)
    ranks = HOSKIN_RANKS
    declarer_key = "holder"
    contract_key = "contract"

    def broken_example(self) -> dict[str, object]:
        return {"trick_points": [300, 100]}

    def describe_declaration(self, data: Mapping[str, object]) -> str:
        return describe_stored(self, data)

    def outcomes(self, settings: Settings) -> tuple[HoskinOutcome, ...]:
        """A void deal, redealt: nobody scores (spec: `outcome`)."""
        return ("void",)

    def card_points(self, ranks: Sequence[Rank], settings: Settings) -> int:
        return card_points(ranks, settings.card_values)

    def count_meld(self, holding: Mapping[Card, int], trump: Suit) -> Meld:
        return count_meld(holding, trump)

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        if hand.outcome == "void":
            return ()
        if hand.bids:
            return tuple(
                Call(b.seat, "pass") if b.bid is None else Call(b.seat, "bid", value=b.bid)
                for b in hand.bids
            )
        assert hand.holder is not None
        call: CallName = "forced" if hand.forced else "bid"
        return (Call(hand.holder, call, hand.trump_suit, hand.contract),)

    def interim(
        self, facts: Mapping[str, Any], settings: Settings, players: Sequence[str]
    ) -> Interim:
        """Each player's meld (entered, or counted from the cards laid out) and what the
        contract side still needs from play (spec: Melds; scoring)."""
        players = self.names(players)
        n = self.seats
        sides = self.side_names(players)
        read = self.hand_class.read(facts, settings, players, partial=True)
        if read.get("outcome") == "void":
            return Interim()
        holder, contract, forced = read["holder"], read["contract"], read["forced"]
        trump = read["trump"]
        entered = read["melds"]
        # The cards laid out and the gömü's cards are the hand in progress's own keys.
        r = Reader(facts, say("hoskin.reader.hand"), facts)
        laid = _meld_cards(r.items("meld_cards"), n, players)
        seating = self.hand_class
        rows: list[InterimRow] = []
        melds: list[int | None] = list(entered)
        for seat in range(n):
            cards = laid[seat] if seat < len(laid) else None
            if cards is None and entered[seat] is None:
                continue
            described = say("hoskin.melds")
            if cards is not None and trump is None:
                rows.append(
                    InterimRow(
                        players[seat],
                        say("hoskin.cards_laid_out"),
                        None,
                        0,
                        say("hoskin.waits_for_trump"),
                    )
                )
                melds[seat] = None
                continue
            counted: bool | None
            if holder is None:
                counted, why = None, say("hoskin.counts_unless")
            elif seating.side_of(seat) == seating.side_of(holder):
                counted, why = None, self._counts_if(sides[seating.side_of(holder)], contract)
            else:
                counted, why = True, self._counts_against()
            if cards is not None:
                assert trump is not None
                meld = _counted(cards, trump, players[seat])
                described = (
                    listed(
                        "hoskin.list.comma",
                        [
                            say("hoskin.meld_points", meld=name, points=points)
                            for name, points in meld.lines
                        ],
                    )
                    if meld.lines
                    else say("hoskin.no_meld")
                )
                given = entered[seat]
                if given is not None and given != meld.total:
                    why = say("hoskin.cards_make", total=meld.total, entered=given, reason=why)
                melds[seat] = meld.total
            rows.append(InterimRow(players[seat], described, counted, melds[seat] or 0, why))
        lines: list[Text] = []
        if any(m is not None for m in melds):
            totals = [0] * len(sides)
            for seat, meld_points in enumerate(melds):
                totals[seating.side_of(seat)] += meld_points or 0
            by_side = listed(
                "hoskin.list.comma",
                [
                    say("hoskin.side_melds", side=side, points=total)
                    for side, total in zip(sides, totals, strict=True)
                ],
            )
            lines.append(say("hoskin.melds_line", melds=by_side))
        if holder is not None and contract is not None:
            said: dict[str, Param] = {"holder": players[holder], "contract": contract}
            if trump is not None:
                said["trump"] = trump.symbol
            team = [s for s in range(n) if seating.side_of(s) == seating.side_of(holder)]
            if all(melds[s] is not None for s in team):
                side = sides[seating.side_of(holder)]
                need = max(0, contract - sum(melds[s] or 0 for s in team))
                said["need"] = self._needs(side, need)
            lines.append(say(HOLDS[forced, "trump" in said, "need" in said], **said))
        lines += self._gomu_lines(r, read.get("gomu_points"), settings, players, holder)
        return Interim(tuple(lines), tuple(rows))

    def _counts_if(self, side: str, contract: int | None) -> Text:
        """Why a meld of the contract side waits: it counts if that side makes the contract."""
        if contract is None:
            return say("hoskin.counts_if_side_makes_contract", side=side)
        return say("hoskin.counts_if_side_makes", side=side, contract=contract)

    def _counts_against(self) -> Text:
        """Why a meld of the other side counts whatever happens: that side keeps its melds."""
        return say("hoskin.counts_side_keeps")

    def _needs(self, side: str, points: int) -> Text:
        """What the contract side still needs from play, once its melds are in."""
        return say("hoskin.side_needs", side=side, points=points)

    def _gomu_lines(
        self,
        r: Reader,
        given: int | None,
        settings: Settings,
        players: Sequence[str],
        holder: int | None,
    ) -> list[Text]:
        """What the table knows of the gömü (Tekli only)."""
        return []

    def declared(self, hand: Hand, score: HandScore) -> tuple[tuple[Declaration, Verdict], ...]:
        """Each player's melds; the contract side's are lost when it fails (spec: scoring)."""
        out = []
        for seat, meld in enumerate(hand.melds):
            if not meld:
                continue
            lost = (
                not score.made
                and hand.holder is not None
                and (hand.side_of(seat) == hand.side_of(hand.holder))
            )
            reason = say("hoskin.lost_with_contract") if lost else say("hoskin.counts")
            out.append((Declaration(seat, "meld"), Verdict(not lost, 0 if lost else meld, reason)))
        return tuple(out)

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        sides = state.sides
        if hand.outcome == "void":
            note = say("hoskin.void")
            if hand.holder is not None:
                assert hand.contract is not None
                note = say(
                    "hoskin.void_forced",
                    holder=state.players[hand.holder],
                    contract=hand.contract,
                )
            return HandScore((0,) * len(sides), (note,))
        assert hand.holder is not None and hand.contract is not None
        assert hand.last_trick is not None and hand.trump is not None
        parts: list[dict[str, int]] = [{} for _ in sides]
        for seat, meld in enumerate(hand.melds):
            bucket = parts[hand.side_of(seat)]
            bucket["melds"] = bucket.get("melds", 0) + meld
        for side, struck in enumerate(hand.struck or ()):
            if struck:
                parts[side]["struck"] = -struck
        for side, tricks in enumerate(hand.trick_points):
            parts[side]["tricks"] = tricks
        if settings.last_trick_bonus:
            parts[hand.last_trick]["last_trick"] = settings.last_trick_bonus
        self._extras(hand, settings, parts)
        points = [sum(p.values()) for p in parts]
        notes = [
            say("hoskin.side_points", side=sides[s], sum=_added(parts[s]), total=points[s])
            for s in range(len(sides))
        ]
        holder = hand.side_of(hand.holder)
        failure = hand.failure()
        made = failure is None and points[holder] >= hand.contract
        scores = list(points)
        said: dict[str, Param] = {
            "side": sides[holder],
            "contract": hand.contract,
            "trump": hand.trump.symbol,
        }
        if made:
            id = "hoskin.made_forced" if hand.forced else "hoskin.made"
            notes.insert(0, say(id, **said, points=points[holder], gain=signed(points[holder])))
        else:
            scores[holder] = -hand.contract
            why = failure or say("hoskin.made_only", points=points[holder])
            id = "hoskin.failed_forced" if hand.forced else "hoskin.failed"
            notes.insert(0, say(id, **said, why=why, loss=signed(-hand.contract)))
        return HandScore(tuple(scores), tuple(notes), made=made)

    def _extras(self, hand: Hand, settings: Settings, parts: list[dict[str, int]]) -> None:
        """Points beyond melds, tricks and the last trick (the gömü, in Tekli)."""

    def crossing_winner(self, hand: Hand, score: HandScore, settings: Settings) -> int | None:
        """By default the contract side (Tekli: the holder) if it is among them."""
        if settings.both_cross == "contract" and hand.holder is not None:
            return hand.side_of(hand.holder)
        return None

    def progress(self, settings: Settings, played: int) -> str:
        if self.round_of_deals(settings) is not None:
            return super().progress(settings, played)
        return say("hoskin.progress", target=settings.target)


class HoskinTekli(Hoskin):
    key = "hoskin-tekli"
    name = "Hoşkin Tekli"
    seats = 3
    teams = False
    default_players: ClassVar[tuple[str, ...]] = ("Player 1", "Player 2", "Player 3")
    settings_class = TekliSettings
    hand_class = TekliHand
    opener: ClassVar[str] = say("hoskin.opener")
    order = 70

    def broken_example(self) -> dict[str, object]:
        return {"gomu_points": 60}

    def _counts_if(self, side: str, contract: int | None) -> Text:
        """In Tekli the contract side is the holder alone."""
        if contract is None:
            return say("hoskin.counts_if_holder_makes_contract", holder=side)
        return say("hoskin.counts_if_holder_makes", holder=side, contract=contract)

    def _counts_against(self) -> Text:
        return say("hoskin.counts_holder_risks")

    def _needs(self, side: str, points: int) -> Text:
        return say("hoskin.holder_needs", holder=side, points=points)

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        """The ladder as it went: passes up to the taker (spec: `hoskin-tekli`)."""
        if hand.outcome == "void":
            # Three passes; the table may name P1, forced at 550, who showed no marriage.
            passes = [Call((hand.dealer + 1 + i) % 3, "pass") for i in range(3)]
            if hand.holder is None:
                return tuple(passes)
            return (*passes, Call(hand.holder, "forced", None, OPENING))
        assert hand.holder is not None
        place = (hand.holder - hand.dealer - 1) % 3
        if hand.forced:
            passes = [Call((hand.dealer + 1 + i) % 3, "pass") for i in range(3)]
            return (*passes, Call(hand.holder, "forced", hand.trump_suit, OPENING))
        passes = [Call((hand.dealer + 1 + i) % 3, "pass") for i in range(place)]
        return (*passes, Call(hand.holder, "take", hand.trump_suit, hand.contract))

    def _gomu_lines(
        self,
        r: Reader,
        given: int | None,
        settings: Settings,
        players: Sequence[str],
        holder: int | None,
    ) -> list[Text]:
        """The gömü's points from its cards (or as entered), and who will take them."""
        picked = [Card.parse(c, "gomu_cards") for c in r.items("gomu_cards") if c]
        for card in picked:
            if card.rank not in HOSKIN_RANKS:
                raise ParseError("gomu_cards", say("hoskin.error.not_in_pack", card=_label(card)))
        if len(picked) > GOMU:
            raise InvalidHand("gomu_cards", say("hoskin.error.gomu_cards", cards=len(picked)))
        points = card_points([c.rank for c in picked], settings.card_values)
        if len(picked) == GOMU and given is not None and given != points:
            raise InvalidHand(
                "gomu_points", say("hoskin.error.gomu_worth", points=points, given=given)
            )
        if not picked and given is None:
            return []
        if settings.gomu_to != "holder":
            to = say("hoskin.gomu_to_last_trick")
        elif holder is not None:
            to = say("hoskin.gomu_to_named_holder", holder=players[holder])
        else:
            to = say("hoskin.gomu_to_holder")
        if not picked:
            assert given is not None
            return [say("hoskin.gomu", points=given, to=to)]
        cards = listed("hoskin.list.cards", [_label(c) for c in picked])
        still = GOMU - len(picked)
        if still:
            return [say("hoskin.gomu_to_pick", points=points, cards=cards, count=still, to=to)]
        return [say("hoskin.gomu_cards", points=points, cards=cards, to=to)]

    def _extras(self, hand: Hand, settings: Settings, parts: list[dict[str, int]]) -> None:
        """The gömü's points go to the last trick's winner, or by setting to the holder."""
        assert isinstance(hand, TekliHand)
        assert hand.gomu_points is not None and hand.last_trick is not None
        assert hand.holder is not None
        to = hand.holder if settings.gomu_to == "holder" else hand.last_trick
        parts[to]["gomu"] = hand.gomu_points

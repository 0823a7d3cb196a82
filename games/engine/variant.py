"""The base every game variant overrides, and the values scoring produces."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Self

from games.engine.cards import Card, Rank, Suit
from games.engine.errors import ParseError
from games.engine.names import contained
from games.engine.texts import Text, say
from games.engine.wording import joined

DeclarationKind = Literal["sequence", "bella", "four", "marriage", "meld", "carre"]
"""A kind of declaration, as stored declarations name it: a run, Bella, four of a kind, a
marriage, a player's melds (Hoşkin), or a carré (Coinche's four of a kind)."""

CallName = Literal[
    "pass",
    "bid",
    "call",
    "accept",
    "name",
    "bima",
    "decline",
    "forced",
    "take",
    "double",
    "redouble",
    "capot",
    "generale",
]
"""What a call of an auction was, as the Bid rows store it (see `Call`)."""

Outcome = Literal["played", "passed_out", "dealer_forfeit", "void", "passed"]
"""What became of a deal: "played", or one of the outcomes a game allows for a deal not
played: passed out (Euchre's "passed_out", Coinche's "passed"), the dealer declining
("dealer_forfeit") or a void deal ("void")."""


def plain(value: object) -> Any:
    """Write an engine value as plain JSON-ready data."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Plain):
        return value.to_dict()
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


class Plain:
    """A frozen dataclass written to a dict; keys left at their defaults are left out."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
                continue
            out[f.name] = plain(value)
        return out


class BaseSettings(Plain):
    """House rules. Every field has a default, so `{}` is a valid settings dict.

    `deals`, in every game, is a number of hands after which the game ends whatever the
    totals (club.md, "A round of N deals"); None plays to the target.
    """

    target: int
    deals: int | None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        raise NotImplementedError

    def full_dict(self) -> dict[str, Any]:
        """Every setting, the defaults too; a game played to its target (`deals` None) leaves
        `deals` out, so a game's stored settings are what they were before it existed."""
        return {
            f.name: plain(getattr(self, f.name))
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if not (f.name == "deals" and getattr(self, f.name) is None)
        }


class BaseHand(Plain):
    """The facts a table records for one hand."""

    dealer: int

    @classmethod
    def from_dict(cls, data: Mapping[str, object], settings: Any, players: Sequence[str]) -> Self:
        """Read and check a hand; InvalidHand or ParseError name the key that is wrong.

        `players` are the names in seat order: messages name players, never seats.
        """
        raise NotImplementedError

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Any,
        players: Sequence[str],
        partial: bool = False,
    ) -> object:
        """Read a hand and check every rule its facts reach: the one reading of a game's
        rules. A saved hand gives every fact; a hand in progress (`partial`) may lack any,
        and a rule that needs a fact not given yet waits for it, so both refuse a fact that
        is given and wrong with the same error. What it returns is the game's own (the hand,
        or the facts so far). By default a game reads saved hands only (`from_dict`)."""
        return None if partial else cls.from_dict(data, settings, players)

    @property
    def declarer(self) -> int | None:
        """Who called, bid or holds the contract (None when nobody did)."""
        return None

    @property
    def trump_suit(self) -> str | None:
        """The trump's letter, for the model's trump column (every game has a `trump`)."""
        trump = getattr(self, "trump", None)
        return trump.value if trump is not None else None

    @property
    def contract(self) -> int | None:
        return None

    @property
    def unplayed(self) -> str:
        """Why the deal was not played out, in the word a score sheet writes for it
        ("redeal", "void", "forfeit"), a catalogue word (a Text); "" for a deal that was
        played."""
        return ""


@dataclass(frozen=True)
class Verdict:
    """What the engine decided about one declaration of a hand, in the hand's order."""

    counted: bool
    points: int
    reason: str
    """Why, as a catalogue sentence (a Text)."""


@dataclass(frozen=True)
class Meld:
    """A player's meld: the total and one line per meld that counts (a Text and its points)."""

    total: int
    lines: tuple[tuple[Text, int], ...]


@dataclass(frozen=True)
class InterimRow:
    """One thing declared in the hand in progress, as judged so far."""

    player: str
    declared: str
    """What was declared, described (a Text): "4-card run 9–Q♥", "marriage K+Q♠", "melds"."""
    counted: bool | None
    """Whether it scores; None while that waits on a fact not entered yet."""
    points: int
    reason: str


@dataclass(frozen=True)
class Interim:
    """What the table already knows about the hand in progress, before any card points.

    `lines` are sentences (Texts), the first one the headline; `rows` one per declaration.
    """

    lines: tuple[str, ...] = ()
    rows: tuple[InterimRow, ...] = ()


@dataclass(frozen=True)
class Call:
    """One call of the auction as the table made it: a pass, a bid, or taking trump."""

    seat: int
    call: CallName
    """"pass", "bid", "call" (trump, its round not recorded), "accept" (the turned-up suit),
    "name" (another suit), "bima", "decline" (a dealer declining), "forced" (held at the
    opening bid by force), "take" (a rung of a ladder), "double", "redouble", or a contract
    bid by name ("capot", "generale")."""
    suit: str | None = None
    value: int | None = None


@dataclass(frozen=True)
class HandScore:
    scores: tuple[int, ...]
    notes: tuple[str, ...]
    """What the table reads about the hand: catalogue sentences (Texts), in order."""
    verdicts: tuple[Verdict, ...] = ()
    made: bool | None = None
    """Whether the declarer's side made its contract; None in games without one."""


@dataclass(frozen=True)
class GameState:
    """What the game looked like before a hand: totals so far and the sides' names."""

    totals: tuple[int, ...]
    sides: tuple[str, ...]
    players: tuple[str, ...]
    number: int = 1


class Variant[S: BaseSettings, H: BaseHand]:
    """One game. Subclasses set the metadata and override the hooks that differ.

    A module of this package holding a subclass with its own `key` is a game: the registry
    finds it, and the web layer reads what the game is from the class data below (its tools,
    kinds of declaration, unplayed outcomes, phases, settings and seat labels), never from
    its key.
    """

    key: ClassVar[str]
    name: ClassVar[str]
    seats: ClassVar[int]
    teams: ClassVar[bool]
    default_players: ClassVar[tuple[str, ...]]
    settings_class: type[S]
    hand_class: type[H]

    order: ClassVar[int] = 1000
    """Where the game comes in lists of games (then by key): the first games set it, and a
    game added later comes after them."""

    tools: ClassVar[frozenset[str]] = frozenset()
    """The helpers the site offers with this game: "declarations" (the declarations helper,
    judging declarations with the game's contest) and "melds" (the meld calculator, counting
    the cards a player laid out with `count_meld`)."""

    declaration_kinds: ClassVar[tuple[DeclarationKind, ...]] = ()
    """The kinds of declaration a hand records or the game judges ("sequence", "bella",
    "marriage", "meld"…), as the stored declarations name them."""

    phases: ClassVar[tuple[str, ...]] = ()
    """The steps in which a table learns a hand's facts, in order, for the hand in progress
    ("before", "during", "after"); none means a hand is entered at once."""

    ranks: ClassVar[tuple[Rank, ...]] = tuple(Rank)
    """The ranks of the game's pack, in the order its card pickers list them (by default
    all eight, 7 to A)."""

    declarer_key: ClassVar[str] = ""
    """The hand key naming the seat that called, bid or holds the contract ("" for none)."""

    contract_key: ClassVar[str] = ""
    """The hand key holding the contract's value, in a game with one ("" for none)."""

    def settings(self, data: Mapping[str, object] | None = None) -> S:
        return self.settings_class.from_dict(data or {})

    def hand(
        self, data: Mapping[str, object], settings: S, players: Sequence[str] | None = None
    ) -> H:
        """Read and check a hand; its messages name `players` (by default the game's own)."""
        return self.hand_class.from_dict(data, settings, self.names(players))

    def names(self, players: Sequence[str] | None) -> tuple[str, ...]:
        """The players in seat order, or the game's default names when none are given."""
        if players is None:
            return self.default_players
        if len(players) != self.seats:
            raise ParseError("players", say("variant.players", count=self.seats))
        return tuple(players)

    @property
    def side_count(self) -> int:
        return 2 if self.teams else self.seats

    seat_labels: ClassVar[tuple[str, ...]] = ()
    """What the table drawing calls each seat, when the game has names for them."""

    seats_go: ClassVar[Literal["left", "right"]] = "left"
    """Which way the deal and the turns go round the table: seat 1 sits at seat 0's left
    (most games) or at its right (the French games). Table drawings place the seats so."""

    opener: ClassVar[str] = ""
    """How the scoreboard names the player left of the dealer, e.g. "bids first"."""

    taker: ClassVar[str] = ""
    """How a score sheet heads the player who called, bid or holds the contract ("Caller",
    "Bidder", "Holder"); "" in a game where nobody takes one."""

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: its team (seats 0 and 2 are team 0), or its own."""
        return seat % 2 if self.teams else seat

    def progress(self, settings: S, played: int) -> str:
        """Where the game stands, for the scoreboard: by default the target ("to 500"), or
        the deal of a game of a number of deals ("deal 2 of 4")."""
        deals = self.round_of_deals(settings)
        if deals is not None:
            return say("variant.deal_of", deal=min(played + 1, deals), deals=deals)
        return say("variant.to_target", target=settings.target)

    def setting_keys(self) -> tuple[str, ...]:
        """The house rules a table sets for this game, as its settings dict names them. A
        number of deals is not one of them, unless it is the game's own length (304): a club
        night sets it for its tables (club.md, "A round of N deals")."""
        return tuple(self.settings().full_dict())

    def round_of_deals(self, settings: S) -> int | None:
        """After how many hands the game ends whatever the totals, every side with the highest
        total winning (the setting `deals`); None for a game played to its target (or a game
        whose settings have no `deals`)."""
        deals: int | None = getattr(settings, "deals", None)
        return deals

    def for_deals(self, settings: S, deals: int) -> S:
        """These settings for a table that plays exactly `deals` hands (club.md, "A round of
        N deals")."""
        return dataclasses.replace(settings, deals=deals)  # type: ignore[type-var]

    def outcomes(self, settings: S) -> tuple[Outcome, ...]:
        """The `outcome` values, other than a deal played, that the table may record under
        these settings: a deal passed out, declined or void. None by default."""
        return ()

    def card_points(self, ranks: Sequence[Rank], settings: S) -> int:
        """What cards of these ranks are worth in tricks (in a game whose card values do not
        depend on trump), e.g. the cards set aside in a widow or a gömü."""
        raise NotImplementedError

    def count_meld(self, holding: Mapping[Card, int], trump: Suit) -> Meld:
        """The meld of the cards one player laid out (counts by card), for the meld
        calculator of a game with the "melds" tool."""
        raise NotImplementedError

    def describe_declaration(self, data: Mapping[str, object]) -> str:
        """What a stored declaration was, as a phrase (a Text): "4-card run 9–Q♥". `data` is
        its dict (seat, kind and the kind's details), as the hand recorded it. A game with
        `declaration_kinds` says it (declarations.describe_stored reads the shared kinds);
        a game that records none has nothing to say."""
        return ""

    def describe_contract(self, value: object) -> str:
        """The contract as the table bid it, for the line that shows the hand in progress
        ("120"), from the value under `contract_key`; a game whose contracts are words too
        (a capot) says those here, as a Text. "" for a value that is no contract."""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return ""

    def sheet_contract(self, facts: Mapping[str, object], contract: int | None) -> str:
        """The contract as the score sheet shows it, from a stored hand's facts and what its
        contract was worth: by default that worth ("120"); "" when nobody held one. A game
        may say more, as a Text (a capot in words, a doubled contract)."""
        return "" if contract is None else str(contract)

    def broken_example(self) -> dict[str, object]:
        """Hand keys that, put into any valid hand, break a rule (for the contract tests)."""
        raise NotImplementedError

    def side_names(self, players: Sequence[str]) -> tuple[str, ...]:
        if not self.teams:
            return tuple(players)
        half = self.seats // 2
        # Each name's own direction marks closed (names.contained): a name stored before the
        # name rules, holding a U+202E, turns only itself, never its partner's name.
        return tuple(
            " & ".join(contained(players[side + 2 * i]) for i in range(half)) for side in range(2)
        )

    def score_hand(self, hand: H, settings: S, state: GameState) -> HandScore:
        raise NotImplementedError

    def win_sentence(self, sides: Sequence[str], winners: Sequence[int]) -> str:
        """Who won, as a sentence whose verb agrees: "Tharshini wins", "Ann & Cleo win".

        The verb counts the players in the subject: a team is several, and so are several
        players sharing the win; "" while nobody has won.
        """
        if not winners:
            return ""
        names = [sides[side] for side in winners]
        players = len(names) * (self.seats // self.side_count)
        return say("variant.wins", names=joined(names), count=players)

    def interim(self, facts: Mapping[str, Any], settings: S, players: Sequence[str]) -> Interim:
        """Judge the hand in progress: `facts` is a hand dict with any keys missing.

        Missing keys are never an error; a value that is present and wrong raises
        ParseError or InvalidHand naming its key, as the hand's own reading does
        (`BaseHand.read`, partial): a game's interim adds what the table needs mid-hand,
        never a check of its own. By default there is nothing more to say.
        """
        self.hand_class.read(facts, settings, self.names(players), partial=True)
        return Interim()

    def auction(self, hand: H) -> tuple[Call, ...]:
        """The calls the hand's facts show, in order: at least the winning call."""
        return ()

    def declared(self, hand: H, score: HandScore) -> tuple[tuple[Any, Verdict], ...]:
        """Each declaration the table made this hand, with the engine's verdict on it: a
        value with `seat`, `kind` and `to_dict()`. None by default."""
        return ()

    def next_dealer(self, hand: H, settings: S) -> int:
        """The seat that deals the next hand: by default the one to the dealer's left."""
        return (hand.dealer + 1) % self.seats

    def game_winners(
        self, totals: Sequence[int], hand: H, score: HandScore, settings: S, hands_played: int
    ) -> list[int]:
        """Sides that have won after hand `hands_played`; empty while the game goes on. A
        game of a number of deals ends after its last one, every side with the highest total
        sharing the win (club.md, "A round of N deals"); any other by the game's `winners`."""
        deals = self.round_of_deals(settings)
        if deals is None:
            return self.winners(totals, hand, score, settings, hands_played)
        if hands_played < deals:
            return []
        best = max(totals)
        return [side for side, total in enumerate(totals) if total == best]

    def winners(
        self, totals: Sequence[int], hand: H, score: HandScore, settings: S, hands_played: int
    ) -> list[int]:
        """Sides that have won after this hand; empty while the game goes on.

        By default: the sides at or over the target; if several, the highest total; a tie
        at the top plays on.
        """
        over = [side for side, total in enumerate(totals) if total >= settings.target]
        if len(over) > 1:
            first = self.crossing_winner(hand, score, settings)
            if first in over:
                return [first]
        return highest(totals, over)

    def crossing_winner(self, hand: H, score: HandScore, settings: S) -> int | None:
        """The side that wins when several reach the target in one hand, by a house rule;
        None means the higher total decides."""
        return None


def highest(totals: Sequence[int], candidates: Sequence[int]) -> list[int]:
    """The one candidate with the highest total, or nobody when the top is shared."""
    if not candidates:
        return []
    best = max(totals[side] for side in candidates)
    top = [side for side in candidates if totals[side] == best]
    return top if len(top) == 1 else []


@dataclass(frozen=True)
class Carried:
    """What a game carries from one hand to the next: the totals after a hand, how many
    hands have been played, and who has won (empty while the game goes on).

    Nothing else crosses hands: `score_hand` reads its state's totals and number,
    `winners` the totals, the hand and the number, `next_dealer` the hand alone. So the
    state after hand n, stored with it, is all that scoring hand n + 1 needs.
    """

    totals: tuple[int, ...]
    played: int = 0
    winners: tuple[int, ...] = ()

    @classmethod
    def start(cls, variant: Variant[Any, Any]) -> Carried:
        """The state before the first hand: nobody has any points."""
        return cls(totals=(0,) * variant.side_count)


@dataclass(frozen=True)
class ScoredHand:
    hand: BaseHand
    score: HandScore
    totals: tuple[int, ...]
    number: int = 0
    winners: tuple[int, ...] = ()
    """Who has won after this hand (only ever the game's last hand has any)."""

    @property
    def carried(self) -> Carried:
        """The state this hand leaves for the next one."""
        return Carried(self.totals, self.number, self.winners)


@dataclass(frozen=True)
class GameScore:
    hands: tuple[ScoredHand, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    next_dealer: int | None
    sides: tuple[str, ...] = field(default=())

    @property
    def finished(self) -> bool:
        return bool(self.winners)

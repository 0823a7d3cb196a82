"""Euchre, four-hand partnership: rules/euchre.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Self

from games.engine.cards import Suit
from games.engine.errors import InvalidHand
from games.engine.reading import Reader
from games.engine.rounds import check_trump_round
from games.engine.texts import Text, say
from games.engine.variant import BaseHand, BaseSettings, Call, GameState, HandScore, Variant
from games.engine.wording import signed

TRICKS = 5
EuchreOutcome = Literal["played", "passed_out", "dealer_forfeit"]
OUTCOMES: tuple[EuchreOutcome, ...] = ("played", "passed_out", "dealer_forfeit")
# A deal everyone passed is dealt again; one the dealer declined gives the other team a point.
UNPLAYED = {"passed_out": "euchre.unplayed.redeal", "dealer_forfeit": "euchre.unplayed.forfeit"}
# The maker's call, by round (none recorded: "made"), alone or not; without a trump suit,
# "made trump".
CALLS = {
    (False, 1): "euchre.call.ordered_up",
    (False, 2): "euchre.call.named",
    (False, None): "euchre.call.made",
    (True, 1): "euchre.call.alone_ordered_up",
    (True, 2): "euchre.call.alone_named",
    (True, None): "euchre.call.alone_made",
}


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 10
    all_pass: Literal["redeal", "stick_the_dealer", "dealer_forfeit"] = "redeal"
    stuck_dealer_any_suit: Literal[False, True] = False
    lone_euchre_points: Literal[2, 4] = 2
    defend_alone: Literal[False, True] = False
    super_euchre: Literal[False, True] = False
    deals: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, say("euchre.reader.setting"), cls.__dataclass_fields__)
        return cls(target=r.positive("target", 10), deals=r.opt_positive("deals"), **r.rules(cls))


@dataclass(frozen=True, kw_only=True)
class Hand(BaseHand):
    dealer: int
    outcome: EuchreOutcome = "played"
    maker: int | None = None
    trump: Suit | None = None
    round: Literal[1, 2] | None = None
    turned_up: Suit | None = None
    alone: bool = False
    defender_alone: bool = False
    maker_tricks: int | None = None

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        hand = cls.read(data, settings, players)
        assert hand is not None
        return hand

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Settings,
        players: Sequence[str],
        partial: bool = False,
    ) -> Self | None:
        """Read a hand and check every rule its facts reach (see BaseHand.read); a hand in
        progress that has no dealer yet is checked, but not returned."""
        r = Reader(data, say("euchre.reader.hand"), cls.__dataclass_fields__, partial=partial)
        dealer = r.fact(r.seat, "dealer", 4)
        hand = cls(
            dealer=0 if dealer is None else dealer,
            outcome=r.choice("outcome", OUTCOMES, "played"),
            maker=r.opt_seat("maker", 4),
            trump=r.opt_suit("trump"),
            round=r.choice("round", (1, 2), None),
            turned_up=r.opt_suit("turned_up"),
            alone=r.flag("alone"),
            defender_alone=r.flag("defender_alone"),
            maker_tricks=r.opt_number("maker_tricks"),
        )
        hand.check(settings, partial, dealer_known=dealer is not None)
        return hand if dealer is not None else None

    def check(self, settings: Settings, partial: bool = False, dealer_known: bool = True) -> None:
        """Raise InvalidHand for the first rule this hand breaks; in a hand in progress
        (`partial`), a fact not given yet breaks none."""
        if self.outcome == "passed_out" and settings.all_pass != "redeal":
            if settings.all_pass == "stick_the_dealer":
                raise InvalidHand("outcome", say("euchre.error.stick_the_dealer"))
            raise InvalidHand("outcome", say("euchre.error.dealer_forfeit"))
        if self.outcome == "dealer_forfeit" and settings.all_pass != "dealer_forfeit":
            raise InvalidHand("outcome", say("euchre.error.decline"))
        if self.outcome != "played":
            for key in ("maker", "maker_tricks", "trump"):
                if getattr(self, key) is not None:
                    raise InvalidHand(key, say("euchre.error.nobody_made"))
            if self.alone or self.defender_alone:
                raise InvalidHand("alone", say("euchre.error.nobody_made_alone"))
            return
        if self.maker is None and not partial:
            raise InvalidHand("maker", say("euchre.error.maker_required"))
        if self.maker_tricks is None and not partial:
            raise InvalidHand("maker_tricks", say("euchre.error.tricks_required"))
        if self.maker_tricks is not None and not 0 <= self.maker_tricks <= TRICKS:
            raise InvalidHand(
                "maker_tricks", say("euchre.error.tricks_range", tricks=self.maker_tricks)
            )
        if self.defender_alone:
            if not settings.defend_alone:
                raise InvalidHand("defender_alone", say("euchre.error.defend_alone_rule"))
            if not self.alone:
                raise InvalidHand("defender_alone", say("euchre.error.defender_alone"))
        self._check_trump(settings, dealer_known)

    def _check_trump(self, settings: Settings, dealer_known: bool) -> None:
        # A stuck dealer may name the turned-up suit again; while the dealer or the maker
        # is not given, the dealer may be the one stuck.
        may_be_stuck = settings.all_pass == "stick_the_dealer" and settings.stuck_dealer_any_suit
        stuck = may_be_stuck and (not dealer_known or self.maker in (None, self.dealer))
        check_trump_round(self.round, self.trump, self.turned_up, may_repeat=stuck)

    @property
    def declarer(self) -> int | None:
        return self.maker

    @property
    def unplayed(self) -> str:
        return say(UNPLAYED[self.outcome]) if self.outcome in UNPLAYED else ""


class Euchre(Variant[Settings, Hand]):
    key = "euchre"
    name = "Euchre"
    seats = 4
    teams = True
    taker = say("euchre.taker")
    default_players = ("North", "East", "South", "West")
    settings_class = Settings
    hand_class = Hand
    order = 30
    declarer_key = "maker"

    def broken_example(self) -> dict[str, object]:
        return {"maker_tricks": 6}

    def outcomes(self, settings: Settings) -> tuple[EuchreOutcome, ...]:
        """A deal everyone passed twice, when it is dealt again; or the dealer declining, when
        the dealer may (spec: `all_pass`). A stuck dealer must name trump: no other outcome."""
        if settings.all_pass == "redeal":
            return ("passed_out",)
        if settings.all_pass == "dealer_forfeit":
            return ("dealer_forfeit",)
        return ()

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        order = [(hand.dealer + 1 + i) % 4 for i in range(4)]
        if hand.outcome == "passed_out":
            return tuple(Call(s, "pass") for s in order * 2)
        if hand.outcome == "dealer_forfeit":
            return (*(Call(s, "pass") for s in order + order[:3]), Call(hand.dealer, "decline"))
        assert hand.maker is not None
        trump = hand.trump_suit
        if hand.round is None:
            return (Call(hand.maker, "call", trump),)
        before = tuple(Call(s, "pass") for s in order[: order.index(hand.maker)])
        if hand.round == 1:
            return (*before, Call(hand.maker, "accept", trump))
        return (*(Call(s, "pass") for s in order), *before, Call(hand.maker, "name", trump))

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        sides = state.sides
        if hand.outcome == "passed_out":
            return HandScore((0, 0), (say("euchre.passed_out"),))
        if hand.outcome == "dealer_forfeit":
            team = 1 - hand.dealer % 2
            scores = [0, 0]
            scores[team] = 1
            dealer = state.players[hand.dealer]
            return HandScore(
                (scores[0], scores[1]),
                (say("euchre.dealer_declined", dealer=dealer, side=sides[team]),),
            )
        assert hand.maker is not None and hand.maker_tricks is not None
        makers, defenders = hand.maker % 2, 1 - hand.maker % 2
        tricks = hand.maker_tricks
        call = _call(hand, state.players[hand.maker])
        scores = [0, 0]
        if tricks >= 3:
            if tricks < TRICKS:
                points = 1
                note = say(
                    "euchre.made",
                    call=call,
                    makers=sides[makers],
                    count=tricks,
                    points=signed(points),
                )
            else:
                points = 4 if hand.alone else 2
                made = "euchre.marched_alone" if hand.alone else "euchre.marched"
                note = say(made, call=call, makers=sides[makers], points=signed(points))
            scores[makers] = points
            return HandScore((scores[0], scores[1]), (note,), made=True)
        # Defenders' awards do not add up: the largest that applies (spec: Scoring). The
        # 4-point ones are equal, so the note names the last that applies, the most special.
        points, how = 2, "euchre.euchred"
        if hand.alone and settings.lone_euchre_points == 4:
            points, how = 4, "euchre.euchred_lone_hand"
        if hand.defender_alone:
            points, how = 4, "euchre.euchred_defending_alone"
        if settings.super_euchre and tricks == 0:
            points, how = 4, "euchre.super_euchre"
        scores[defenders] = points
        note = say(
            how,
            call=call,
            makers=sides[makers],
            count=tricks,
            defenders=sides[defenders],
            points=signed(points),
        )
        return HandScore((scores[0], scores[1]), (note,), made=False)


def _call(hand: Hand, maker: str) -> Text:
    """The maker's call as the notes tell it: "East alone ordered up ♥", "North made trump"."""
    if hand.trump is None:
        id = "euchre.call.alone_made_trump" if hand.alone else "euchre.call.made_trump"
        return say(id, maker=maker)
    return say(CALLS[hand.alone, hand.round], maker=maker, trump=hand.trump.symbol)

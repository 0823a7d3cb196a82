"""Klaberjass ("Klob"), the four-hand partnership game: rules/klaberjass.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Self

from games.engine.cards import Rank, Suit, check_card_points
from games.engine.declarations import (
    Contest,
    Declaration,
    DeclaringHand,
    DeclaringVariant,
    check_no_shared_card,
    equal_runs,
    judge_in_progress,
)
from games.engine.errors import InvalidHand
from games.engine.ladder import Ladder, Rung
from games.engine.reading import Reader
from games.engine.rounds import check_trump_round
from games.engine.texts import Param, Text, say
from games.engine.variant import (
    BaseSettings,
    Call,
    DeclarationKind,
    GameState,
    HandScore,
    Interim,
    Verdict,
)
from games.engine.wording import number, signed

SHTOCH = 10
KINDS: tuple[DeclarationKind, ...] = ("sequence", "bella")
BELLA = 20
TRICKS = 8


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 500
    tie_rule: Literal["forfeit", "half"] = "forfeit"
    bella_on_forfeit: Literal["opponents", "holder"] = "opponents"
    sequence_scope: Literal["team", "player"] = "team"
    final_tiebreak: Literal["seat", "none"] = "seat"
    run5_value: Literal[50, 100] = 50
    capot: Literal["none", "double", "plus90"] = "none"
    zero_trick_sequences: Literal[True, False] = True
    yas_value: Literal[20, 22] = 20
    both_cross: Literal["higher", "caller"] = "higher"
    deals: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, say("klaberjass.setting"), cls.__dataclass_fields__)
        return cls(target=r.positive("target", 500), deals=r.opt_positive("deals"), **r.rules(cls))

    @property
    def card_total(self) -> int:
        """Card points in the deck: 152, or 154 when the Yas is worth 22."""
        return 152 + self.yas_value - 20

    @property
    def needs_tricks(self) -> bool:
        return self.capot != "none" or not self.zero_trick_sequences

    def sequence_value(self, length: int) -> int:
        if length == 3:
            return 20
        return self.run5_value if length >= 5 else 50


@dataclass(frozen=True)
class Facts:
    """A hand as far as the table has given it (a saved hand gives every fact it needs);
    the declarations as the table listed them, read by the hand or judged in progress."""

    dealer: int | None
    caller: int | None
    trump: Suit | None
    round: Literal[1, 2, "bima"] | None
    turned_up: Suit | None
    card_points: tuple[int, ...] | None
    last_trick: int | None
    declarations: tuple[object, ...]
    tricks: tuple[int, ...] | None


@dataclass(frozen=True, kw_only=True)
class Hand(DeclaringHand):
    dealer: int
    caller: int
    trump: Suit
    round: Literal[1, 2, "bima"] | None = None
    turned_up: Suit | None = None
    card_points: tuple[int, int]
    last_trick: int
    declarations: tuple[Declaration, ...] = ()
    tricks: tuple[int, int] | None = None

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        facts = cls.read(data, settings, players)
        assert facts.dealer is not None and facts.caller is not None
        assert facts.trump is not None and facts.card_points is not None
        assert facts.last_trick is not None
        hand = cls(
            dealer=facts.dealer,
            caller=facts.caller,
            trump=facts.trump,
            round=facts.round,
            turned_up=facts.turned_up,
            card_points=_pair(facts.card_points),
            last_trick=facts.last_trick,
            declarations=tuple(
                Declaration.read(d, i, 4, KINDS) for i, d in enumerate(facts.declarations)
            ),
            tricks=None if facts.tricks is None else _pair(facts.tricks),
        )
        hand.check_declarations(settings)
        return hand

    @classmethod
    def read(
        cls,
        data: Mapping[str, object],
        settings: Settings,
        players: Sequence[str],
        partial: bool = False,
    ) -> Facts:
        """Read a hand and check every rule its facts reach (see BaseHand.read). The
        declarations are read by the saved hand (`from_dict`) or, perhaps still being
        entered, judged by the shared judge (declarations.judge_in_progress)."""
        r = Reader(data, say("klaberjass.hand"), cls.__dataclass_fields__, partial=partial)
        # A hand in progress may give one team's card points before the other's.
        points = r.opt_numbers("card_points", 2) if partial else r.numbers("card_points", 2)
        facts = Facts(
            dealer=r.fact(r.seat, "dealer", 4),
            caller=r.fact(r.seat, "caller", 4),
            trump=r.fact(r.suit, "trump"),
            round=r.choice("round", (1, 2, "bima"), None),
            turned_up=r.opt_suit("turned_up"),
            card_points=None if None in points else tuple(p for p in points if p is not None),
            last_trick=(
                r.choice("last_trick", (0, 1), None) if partial else r.choice("last_trick", (0, 1))
            ),
            declarations=tuple(r.items("declarations")),
            tricks=r.numbers("tricks", 2) if r.has("tricks") else None,
        )
        caller, dealer = facts.caller, facts.dealer
        if facts.round == "bima" and None not in (caller, dealer) and caller != dealer:
            raise InvalidHand("caller", say("klaberjass.bima_caller"))
        check_trump_round(facts.round, facts.trump, facts.turned_up)
        check_card_points(points, settings.card_total)
        _check_tricks(settings, facts, partial)
        return facts

    @classmethod
    def for_declarations(
        cls, dealer: int, trump: Suit, declarations: tuple[Declaration, ...]
    ) -> Self:
        """A hand holding only declarations, for judging them on their own."""
        return cls(
            dealer=dealer,
            caller=dealer,
            trump=trump,
            card_points=(0, 0),
            last_trick=0,
            declarations=declarations,
        )

    def check_declarations(self, settings: Settings) -> None:
        bellas = [d for d in self.declarations if d.kind == "bella"]
        if len(bellas) > 1:
            raise InvalidHand(
                "declarations",
                say("klaberjass.one_bella", king=Rank.KING.label, queen=Rank.QUEEN.label),
            )
        check_no_shared_card(self.declarations, self.trump, _may_share)

    @property
    def declarer(self) -> int:
        return self.caller

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 4


def _check_tricks(settings: Settings, facts: Facts, partial: bool) -> None:
    """The tricks each team took agree with its card points and the last trick; a table
    that counts tricks must give them with a saved hand."""
    tricks, points, last_trick = facts.tricks, facts.card_points, facts.last_trick
    if tricks is None:
        if settings.needs_tricks and not partial:
            raise InvalidHand("tricks", say("klaberjass.tricks_required"))
        return
    if min(tricks) < 0 or sum(tricks) != TRICKS:
        added = " + ".join(number(won) for won in tricks)
        got = f"{added} = {number(sum(tricks))}"
        raise InvalidHand("tricks", say("klaberjass.tricks_add_up", got=got))
    for team, won in enumerate(tricks):
        has_points = points is not None and points[team] > 0
        if won == 0 and (has_points or last_trick == team):
            raise InvalidHand("tricks", say("klaberjass.no_trick_no_points"))
        short = points is not None and points[team] != settings.card_total
        if won == TRICKS and (short or last_trick not in (None, team)):
            raise InvalidHand("tricks", say("klaberjass.all_tricks_all_points"))


class _Ladder(Ladder[Declaration]):
    """The sequence ladder of one hand (spec: Scoring, 2): value, top card, trump, then the
    seat nearest the forehand."""

    def __init__(self, hand: Hand, settings: Settings, players: Sequence[str]) -> None:
        self.hand = hand
        self.settings = settings
        self.players = players
        super().__init__(
            Rung(self.value, self._higher_value),
            Rung(_top, self._higher_top),
            Rung(self._in_trumps, self._run_in_trumps),
            Rung(self._nearness, self._tiebreak),
        )

    def value(self, d: Declaration) -> int:
        assert d.length is not None
        return self.settings.sequence_value(d.length)

    def _in_trumps(self, d: Declaration) -> bool:
        return d.suit == self.hand.trump

    def _nearness(self, d: Declaration) -> int:
        return -((d.seat - self.hand.forehand) % 4)

    def _higher_value(self, winner: Declaration, loser: Declaration) -> Text:
        return say("klaberjass.higher_value", value=self.value(winner), other=self.value(loser))

    def _higher_top(self, winner: Declaration, loser: Declaration) -> Text:
        assert winner.top is not None and loser.top is not None
        return say(
            "klaberjass.higher_top",
            value=self.value(winner),
            top=winner.top.label,
            other=loser.top.label,
        )

    def _run_in_trumps(self, winner: Declaration, loser: Declaration) -> Text:
        return say("klaberjass.run_in_trumps", tie=equal_runs(winner, loser, self.value(winner)))

    def _tiebreak(self, winner: Declaration, loser: Declaration) -> Text:
        # Two runs to the same card cannot both be in trumps: one deck.
        tie = equal_runs(winner, loser, self.value(winner))
        if self.settings.final_tiebreak == "none":
            return say("klaberjass.no_sequences_score", tie=tie)
        return say("klaberjass.nearer_the_forehand", tie=tie, player=self.players[winner.seat])


def _top(d: Declaration) -> int:
    assert d.top is not None
    return d.top.order


def _pair(values: Sequence[int]) -> tuple[int, int]:
    return values[0], values[1]


def _may_share(a: Declaration, b: Declaration) -> bool:
    # Bella's K and Q may sit in a run of the same player (spec: Hand keys, declarations).
    return a.seat == b.seat and {a.kind, b.kind} == {"bella", "sequence"}


class Klaberjass(DeclaringVariant[Settings, Hand]):
    key = "klaberjass"
    name = "Klaberjass"
    seats = 4
    teams = True
    taker = say("klaberjass.taker")
    default_players = ("You", "West", "North", "East")
    seat_labels = ("You (South)", "West", "North", "East")
    settings_class = Settings
    hand_class = Hand
    declaration_kinds = KINDS
    order = 10
    tools = frozenset({"declarations"})
    phases = ("before", "during", "after")
    declarer_key = "caller"

    def broken_example(self) -> dict[str, object]:
        return {"card_points": [151, 1]}

    def interim(
        self, facts: Mapping[str, Any], settings: Settings, players: Sequence[str]
    ) -> Interim:
        """The declarations contest as soon as declarations are in, before any card points."""
        players = self.names(players)
        read = Hand.read(facts, settings, players, partial=True)
        caller, trump = read.caller, read.trump
        judged = judge_in_progress(self, read.dealer, trump, read.declarations, settings, players)
        called = None
        if caller is not None and trump is not None:
            called = say("klaberjass.player_called", player=players[caller], trump=trump.symbol)
        elif trump is not None:
            called = say("klaberjass.trump_is", trump=trump.symbol)
        if called is None:
            return judged
        lines = (*judged.lines, called) if judged.rows else (called,)
        return Interim(lines, judged.rows)

    def auction(self, hand: Hand) -> tuple[Call, ...]:
        """Round 1 runs from the forehand to the first accept; round 2 after four passes."""
        order = [(hand.forehand + i) % 4 for i in range(4)]
        trump = hand.trump.value
        if hand.round is None:
            return (Call(hand.caller, "call", trump),)
        if hand.round == 1:
            before = order[: order.index(hand.caller)]
            return (*(Call(s, "pass") for s in before), Call(hand.caller, "accept", trump))
        first = tuple(Call(s, "pass") for s in order)
        if hand.round == 2:
            before = order[: order.index(hand.caller)]
            return (*first, *(Call(s, "pass") for s in before), Call(hand.caller, "name", trump))
        return (*first, *(Call(s, "pass") for s in order[:3]), Call(hand.dealer, "bima", trump))

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        sides = state.sides
        caller, other = hand.caller % 2, 1 - hand.caller % 2
        raw = [hand.card_points[t] + (SHTOCH if hand.last_trick == t else 0) for t in (0, 1)]
        notes: list[str] = []

        declared, verdicts, notes = self.contest(hand, settings, state)
        bella = [0, 0]
        for d in hand.declarations:
            if d.kind == "bella":
                bella[d.seat % 2] = BELLA
        for t in (0, 1):
            raw[t] += declared[t]

        if settings.capot != "none" and hand.tricks is not None and TRICKS in hand.tricks:
            t = hand.tricks.index(TRICKS)
            before = raw[t]
            raw[t] = raw[t] * 2 if settings.capot == "double" else raw[t] + 90
            notes.append(say("klaberjass.capot", side=sides[t], before=before, after=raw[t]))

        made = raw[caller] > raw[other]
        scores = list(raw)
        called: dict[str, Param] = {
            "side": sides[caller],
            "trump": hand.trump.symbol,
            "points": raw[caller],
        }
        if made:
            notes.append(say("klaberjass.called_and_made", **called, other=raw[other]))
        else:
            tie = raw[caller] == raw[other]
            kept = bella[caller] if settings.bella_on_forfeit == "holder" else 0
            if tie and settings.tie_rule == "half":
                scores[caller], scores[other] = kept, raw[other]
                notes.append(
                    say("klaberjass.tied_half", **called, others=sides[other], other=raw[other])
                )
            else:
                scores[caller], scores[other] = kept, raw[caller] + raw[other] - kept
                forfeit = "klaberjass.tied_forfeit" if tie else "klaberjass.lost_forfeit"
                notes.append(
                    say(
                        forfeit,
                        **called,
                        other=raw[other],
                        others=sides[other],
                        total=scores[other],
                    )
                )
            if kept:
                notes.append(say("klaberjass.bella_kept", side=sides[caller], points=BELLA))

        ordered = tuple(verdicts[i] for i in range(len(hand.declarations)))
        return HandScore((scores[0], scores[1]), tuple(notes), ordered, made=made)

    def contest(self, hand: Hand, settings: Settings, state: GameState) -> Contest:
        """Points per team for sequences and Bella, a verdict per declaration, and notes."""
        points, verdicts, notes = self.sequence_contest(hand, settings, state)
        for i, d in enumerate(hand.declarations):
            if d.kind == "bella":
                team = state.sides[d.seat % 2]
                points[d.seat % 2] += BELLA
                verdicts[i] = Verdict(True, BELLA, say("klaberjass.bella", points=BELLA, side=team))
                notes.append(
                    say(
                        "klaberjass.bella_note",
                        player=state.players[d.seat],
                        points=signed(BELLA),
                        side=team,
                    )
                )
        return points, verdicts, notes

    def sequence_contest(
        self, hand: Hand, settings: Settings, state: GameState
    ) -> tuple[list[int], dict[int, Verdict], list[str]]:
        """Points per team for sequences, a verdict per sequence, and the notes.

        Only the best sequence across the table decides which team scores sequences
        (spec: Scoring, 2); the notes and verdicts name the rule of the ladder that decided.
        """
        sides, players = state.sides, state.players
        runs = [(i, d) for i, d in enumerate(hand.declarations) if d.kind == "sequence"]
        points = [0, 0]
        if not runs:
            return points, {}, []
        ladder = _Ladder(hand, settings, players)
        best = max((d for _, d in runs), key=ladder.order)
        team = best.seat % 2
        rivals = [d for _, d in runs if d.seat % 2 != team]
        rival = max(rivals, key=ladder.order) if rivals else None
        notes: list[str] = []
        verdicts: dict[int, Verdict] = {}
        if rival is not None:
            notes.append(say("klaberjass.sequences_decided", why=ladder.decided(best, rival)))
            if ladder.order(rival)[:-1] == ladder.order(best)[:-1] and (
                settings.final_tiebreak == "none"
            ):
                for i, _ in runs:
                    verdicts[i] = Verdict(False, 0, ladder.decided(best, rival))
                return points, verdicts, notes

        def scores(d: Declaration) -> bool:
            return (
                d.seat == best.seat if settings.sequence_scope == "player" else d.seat % 2 == team
            )

        no_tricks = (
            not settings.zero_trick_sequences and hand.tricks is not None and hand.tricks[team] == 0
        )
        holder = players[best.seat]
        for i, d in runs:
            why: Text
            if d is best and rival is not None:
                why = say("klaberjass.best_sequence_because", why=ladder.decided(best, rival))
            elif d is best:
                why = say("klaberjass.best_sequence")
            elif d.seat % 2 != team:
                why = say(
                    "klaberjass.outranked",
                    player=holder,
                    best=best.describe(),
                    why=ladder.decided(best, d),
                )
            elif scores(d):
                why = say("klaberjass.counts_with_best", player=holder)
            else:
                why = say("klaberjass.only_the_best_player", player=holder)
            counted = scores(d) and not no_tricks
            if no_tricks and scores(d):
                why = say("klaberjass.no_trick_no_sequences", side=sides[team])
            verdicts[i] = Verdict(counted, ladder.value(d) if counted else 0, why)
            if counted:
                points[team] += ladder.value(d)

        best_is: dict[str, Param] = {
            "player": holder,
            "best": best.describe(),
            "value": ladder.value(best),
        }
        if no_tricks:
            notes.append(say("klaberjass.best_but_no_trick", **best_is, side=sides[team]))
        else:
            notes.append(
                say("klaberjass.best_scores", **best_is, side=sides[team], points=points[team])
            )
        if rival is not None:
            notes.append(say("klaberjass.sequences_count_nothing", side=sides[1 - team]))
        return points, verdicts, notes

    def crossing_winner(self, hand: Hand, score: HandScore, settings: Settings) -> int | None:
        """With `both_cross: "caller"`, the callers win if they made it (spec: Settings)."""
        if settings.both_cross == "caller" and score.made:
            return hand.caller % 2
        return None

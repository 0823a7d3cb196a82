"""Terz, the two-hand Jack–Nine game to 501: rules/terz.md."""

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
from games.engine.texts import Text, say
from games.engine.variant import (
    BaseSettings,
    DeclarationKind,
    GameState,
    HandScore,
    Interim,
    Verdict,
)
from games.engine.wording import signed

LAST_TRICK = 10
MARRIAGE = 20
FOURS = {Rank.JACK: 200, Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100}
KINDS: tuple[DeclarationKind, ...] = ("sequence", "four", "marriage")


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 501
    card_values: Literal["seed", "standard"] = "seed"
    marriage_suits: Literal["any", "trump"] = "any"
    combo_tiebreak: Literal["first", "trump"] = "first"
    deals: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, say("terz.setting"), cls.__dataclass_fields__)
        return cls(target=r.positive("target", 501), deals=r.opt_positive("deals"), **r.rules(cls))

    @property
    def card_total(self) -> int:
        """Card points in the deck: 140 with the seed's values, 152 with the standard ones."""
        return 140 if self.card_values == "seed" else 152


def value(d: Declaration) -> int:
    """What a combination or marriage is worth (spec: Hand keys, declarations)."""
    if d.kind == "sequence":
        assert d.length is not None
        return {3: 20, 4: 50}.get(d.length, 100)
    if d.kind == "four":
        assert d.rank is not None
        return FOURS[d.rank]
    return MARRIAGE


def strength(d: Declaration) -> tuple[int, int, int]:
    """Value, then more cards, then the higher top card (spec: Scoring, 1.1–1.3)."""
    if d.kind == "four":
        assert d.rank is not None
        return value(d), 4, d.rank.order
    assert d.length is not None and d.top is not None
    return value(d), d.length, d.top.order


@dataclass(frozen=True)
class Facts:
    """A deal as far as the table has given it (a saved deal gives every fact); the
    announcements as the table listed them, read by the hand or judged in progress."""

    dealer: int | None
    trump: Suit | None
    card_points: tuple[int, ...] | None
    last_trick: int | None
    declarations: tuple[object, ...]


@dataclass(frozen=True, kw_only=True)
class Hand(DeclaringHand):
    dealer: int
    trump: Suit
    card_points: tuple[int, int]
    last_trick: int
    declarations: tuple[Declaration, ...] = ()

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], settings: Settings, players: Sequence[str]
    ) -> Self:
        facts = cls.read(data, settings, players)
        assert facts.dealer is not None and facts.trump is not None
        assert facts.card_points is not None and facts.last_trick is not None
        hand = cls(
            dealer=facts.dealer,
            trump=facts.trump,
            card_points=(facts.card_points[0], facts.card_points[1]),
            last_trick=facts.last_trick,
            declarations=tuple(
                Declaration.read(d, i, 2, KINDS) for i, d in enumerate(facts.declarations)
            ),
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
        r = Reader(data, say("terz.hand"), cls.__dataclass_fields__, partial=partial)
        # A hand in progress may give one player's card points before the other's: a number
        # that can never be right is refused as soon as it is given, the sum once both are.
        points = r.opt_numbers("card_points", 2) if partial else r.numbers("card_points", 2)
        facts = Facts(
            dealer=r.fact(r.seat, "dealer", 2),
            trump=r.fact(r.suit, "trump"),
            card_points=None if None in points else tuple(p for p in points if p is not None),
            last_trick=r.fact(r.seat, "last_trick", 2),
            declarations=tuple(r.items("declarations")),
        )
        check_card_points(points, settings.card_total)
        return facts

    @classmethod
    def for_declarations(
        cls, dealer: int, trump: Suit, declarations: tuple[Declaration, ...]
    ) -> Self:
        """A deal holding only announcements, for judging them on their own."""
        return cls(
            dealer=dealer, trump=trump, card_points=(0, 0), last_trick=0, declarations=declarations
        )

    def check_declarations(self, settings: Settings) -> None:
        for i, d in enumerate(self.declarations):
            if d.kind == "four" and d.rank not in FOURS:
                assert d.rank is not None
                raise InvalidHand(
                    "declarations", say("terz.no_four", declaration=i + 1, rank=d.rank.label)
                )
            if d.kind == "marriage" and settings.marriage_suits == "trump" and d.suit != self.trump:
                raise InvalidHand(
                    "declarations", say("terz.trump_marriage_only", declaration=i + 1)
                )
        self._check_pieces()
        check_no_shared_card(self.declarations, self.trump, _may_share)

    def _check_pieces(self) -> None:
        """A later run of a player in a suit must outrank each earlier one of his there."""
        for j, later in enumerate(self.declarations):
            if later.kind != "sequence":
                continue
            for i in range(j):
                earlier = self.declarations[i]
                same = earlier.kind == "sequence" and earlier.seat == later.seat
                if same and earlier.suit == later.suit and strength(later) <= strength(earlier):
                    raise InvalidHand(
                        "declarations",
                        say("terz.low_to_high", declaration=j + 1, earlier=earlier.describe()),
                    )


type _Placed = tuple[int, Declaration]
"""An announcement and its place in the deal's list (the earlier announced is senior)."""


class _Ladder(Ladder[_Placed]):
    """The combinations' ladder of one deal (spec: Scoring, 1; `combo_tiebreak`): value,
    cards, top card, [in trumps], then announced first."""

    def __init__(self, hand: Hand, settings: Settings, players: Sequence[str]) -> None:
        self.hand = hand
        self.settings = settings
        self.players = players
        trump = (Rung(self._in_trumps, self._run_in_trumps),)
        super().__init__(
            Rung(lambda p: strength(p[1])[0], self._higher_value),
            Rung(lambda p: strength(p[1])[1], self._more_cards),
            Rung(lambda p: strength(p[1])[2], self._higher_top),
            *(trump if settings.combo_tiebreak == "trump" else ()),
            Rung(lambda p: -p[0], self._announced_first),
        )

    def _in_trumps(self, placed: _Placed) -> bool:
        d = placed[1]
        return d.kind == "sequence" and d.suit == self.hand.trump

    def _higher_value(self, winner: _Placed, loser: _Placed) -> Text:
        return say("terz.higher_value", value=value(winner[1]), other=value(loser[1]))

    def _more_cards(self, winner: _Placed, loser: _Placed) -> Text:
        w, lo = winner[1], loser[1]
        return say("terz.more_cards", value=value(w), cards=strength(w)[1], other=strength(lo)[1])

    def _higher_top(self, winner: _Placed, loser: _Placed) -> Text:
        w, lo = winner[1], loser[1]
        w_top, l_top = w.top or w.rank, lo.top or lo.rank
        assert w_top is not None and l_top is not None
        top, other = w_top.label, l_top.label
        if w.kind == lo.kind == "sequence":
            return say("terz.higher_top_of_equal_runs", top=top, other=other)
        return say("terz.higher_top", value=value(w), top=top, other=other)

    def _run_in_trumps(self, winner: _Placed, loser: _Placed) -> Text:
        return say("terz.run_in_trumps", tie=equal_runs(winner[1], loser[1], value(winner[1])))

    def _announced_first(self, winner: _Placed, loser: _Placed) -> Text:
        tie = equal_runs(winner[1], loser[1], value(winner[1]))
        return say("terz.announced_first", tie=tie, player=self.players[winner[1].seat])


def _may_share(a: Declaration, b: Declaration) -> bool:
    # The same player may reuse a card across kinds (J♠ in four jacks and in a run) and in
    # runs of one suit announced piece by piece (spec: Hand keys); two players never.
    if a.seat != b.seat:
        return False
    return a.kind != b.kind or (a.kind == "sequence" and a.suit == b.suit)


class Terz(DeclaringVariant[Settings, Hand]):
    key = "terz"
    name = "Terz"
    seats = 2
    teams = False
    default_players = ("Player 1", "Player 2")
    settings_class = Settings
    hand_class = Hand
    declaration_kinds = KINDS
    order = 20
    tools = frozenset({"declarations"})
    phases = ("before", "during", "after")

    def broken_example(self) -> dict[str, object]:
        return {"card_points": [139, 1]}

    def interim(
        self, facts: Mapping[str, Any], settings: Settings, players: Sequence[str]
    ) -> Interim:
        """The combinations and marriages judged as soon as they are announced."""
        players = self.names(players)
        read = Hand.read(facts, settings, players, partial=True)
        trump = read.trump
        # Terz has no forehand: the dealer never breaks a tie, so any seat will do.
        judged = judge_in_progress(self, 0, trump, read.declarations, settings, players)
        if trump is None:
            return judged
        known = say("terz.trump_is", trump=trump.symbol)
        return Interim((*judged.lines, known) if judged.rows else (known,), judged.rows)

    def next_dealer(self, hand: Hand, settings: Settings) -> int:
        """Whoever took the last trick deals next (spec: Table)."""
        return hand.last_trick

    def contest(self, hand: Hand, settings: Settings, state: GameState) -> Contest:
        """Points per player for combinations and marriages, a verdict each, and notes.

        The notes and verdicts name the rule of the ladder that decided (spec: Scoring, 1).
        """
        players = state.players
        points = [0, 0]
        verdicts: dict[int, Verdict] = {}
        notes: list[str] = []
        combos = [(i, d) for i, d in enumerate(hand.declarations) if d.kind != "marriage"]
        ladder = _Ladder(hand, settings, players)
        if combos:
            best_index, best = max(combos, key=ladder.order)
            rivals = [(i, d) for i, d in combos if d.seat != best.seat]
            rival = max(rivals, key=ladder.order) if rivals else None
            senior = players[best.seat]
            if rival is not None:
                why = ladder.decided((best_index, best), rival)
                notes.append(say("terz.combinations_decided", why=why))
            for i, d in combos:
                if i == best_index and rival is not None:
                    why = say("terz.senior_because", why=ladder.decided((best_index, best), rival))
                    verdicts[i] = Verdict(True, value(d), why)
                elif i == best_index:
                    verdicts[i] = Verdict(True, value(d), say("terz.senior"))
                elif d.seat == best.seat:
                    verdicts[i] = Verdict(True, value(d), say("terz.counts_with_senior"))
                else:
                    why = say(
                        "terz.outranked",
                        player=senior,
                        best=best.describe(),
                        why=ladder.decided((best_index, best), (i, d)),
                    )
                    verdicts[i] = Verdict(False, 0, why)
                if d.seat == best.seat:
                    points[d.seat] += value(d)
            notes.append(
                say(
                    "terz.senior_scores",
                    player=senior,
                    best=best.describe(),
                    value=value(best),
                    points=points[best.seat],
                )
            )
            if rival is not None:
                notes.append(say("terz.combinations_count_nothing", player=players[1 - best.seat]))
        for i, d in enumerate(hand.declarations):
            if d.kind == "marriage":
                verdicts[i] = Verdict(True, MARRIAGE, say("terz.marriage", points=MARRIAGE))
                points[d.seat] += MARRIAGE
                notes.append(
                    say(
                        "terz.marriage_note",
                        player=players[d.seat],
                        points=signed(MARRIAGE),
                        marriage=d.describe(),
                    )
                )
        return points, verdicts, notes

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        points, verdicts, notes = self.contest(hand, settings, state)
        scores = [
            hand.card_points[p] + (LAST_TRICK if hand.last_trick == p else 0) + points[p]
            for p in (0, 1)
        ]
        players = state.players
        notes.insert(
            0,
            say(
                "terz.cards",
                first=hand.card_points[0],
                second=hand.card_points[1],
                player=players[hand.last_trick],
                points=signed(LAST_TRICK),
            ),
        )
        ordered = tuple(verdicts[i] for i in range(len(hand.declarations)))
        return HandScore((scores[0], scores[1]), tuple(notes), ordered)

"""A club night's event: its format, rounds, round length, byes and ranking (club.md, "The
event"), read strictly from a night record's `event` and written back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from games.engine.errors import ParseError
from games.engine.numbers import shown
from games.engine.reading import Reader
from games.engine.texts import say

Format = Literal["rotating", "progressive", "pairs", "round_robin"]
FORMATS: tuple[Format, ...] = ("rotating", "progressive", "pairs", "round_robin")
TEAM_FORMATS: frozenset[str] = frozenset({"pairs", "round_robin"})
RankBy = Literal["points", "wins"]
RANK_BY: tuple[RankBy, ...] = ("points", "wins")

MOST_ROUNDS = 30
MOST_DEALS = 50
BYE_WINS = (Fraction(0), Fraction(1, 2), Fraction(1))
KEYS = ("format", "rounds", "round_length", "bye_points", "bye_win", "rank_by")


@dataclass(frozen=True)
class Event:
    """The event's settings; every one has its default, so `{}` is an event."""

    format: Format = "rotating"
    rounds: int | None = None
    """None: the format's own number (4; a round robin's teams − 1, or teams when odd)."""
    round_length: int | None = None
    """None: each table plays to the game's target; N: exactly N deals."""
    bye_points: int | None = None
    """None: the average of the round (club.md, "Results of a round")."""
    bye_win: Fraction = Fraction(1, 2)
    rank_by: RankBy = "points"
    given: frozenset[str] = field(default=frozenset(), compare=False)
    """The keys the record wrote, a default too: written back so, the record round-trips."""

    @property
    def teams(self) -> bool:
        """Whether the entrants are teams of two (`pairs`, `round_robin`)."""
        return self.format in TEAM_FORMATS

    def round_count(self, entrants: int) -> int:
        """How many rounds the event has, for this many entrants."""
        if self.rounds is not None:
            return self.rounds
        if self.format == "round_robin":
            return robin_rounds(entrants)
        return 4

    @classmethod
    def from_dict(cls, data: object) -> Event:
        """Read an event; ParseError names the key ("event.rounds")."""
        r = Reader(data, say("club.what.event"), KEYS, "event.")
        format: Format = r.choice("format", FORMATS, "rotating")
        rounds = _ranged(r, "rounds", 1, MOST_ROUNDS) if r.has("rounds") else None
        round_length = None
        if r.has("round_length") and r.raw("round_length") != "game":
            value = r.raw("round_length")
            if not _whole(value) or not 1 <= value <= MOST_DEALS:  # type: ignore[operator]
                raise ParseError("event.round_length", say("club.round_length", value=shown(value)))
            round_length = int(value)  # type: ignore[call-overload]
        bye_points = None
        if r.has("bye_points") and r.raw("bye_points") != "average":
            value = r.raw("bye_points")
            if not _whole(value) or value < 0:  # type: ignore[operator]
                raise ParseError("event.bye_points", say("club.bye_points", value=shown(value)))
            bye_points = int(value)  # type: ignore[call-overload]
        bye_win = Fraction(1, 2)
        if r.has("bye_win"):
            value = r.raw("bye_win")
            bye_win = _bye_win(value)
        rank_by: RankBy = r.choice("rank_by", RANK_BY, "points")
        given = frozenset(key for key in KEYS if r.has(key))
        return cls(format, rounds, round_length, bye_points, bye_win, rank_by, given)

    def to_dict(self) -> dict[str, Any]:
        """The event as a record writes it: the keys it was given, and any not at its
        default, in the table's order."""
        values: dict[str, Any] = {
            "format": self.format,
            "rounds": self.rounds,
            "round_length": "game" if self.round_length is None else self.round_length,
            "bye_points": "average" if self.bye_points is None else self.bye_points,
            "bye_win": number_out(self.bye_win),
            "rank_by": self.rank_by,
        }
        defaults = Event()
        return {
            key: value
            for key, value in values.items()
            if key in self.given or getattr(self, key) != getattr(defaults, key)
        }


def number_out(value: Fraction) -> int | float:
    """A count of wins as JSON writes it: whole, or a fraction to full precision."""
    return int(value) if value.denominator == 1 else float(value)


def robin_rounds(teams: int) -> int:
    """A round robin's rounds: teams − 1, or teams when their number is odd (one sits out)."""
    return teams if teams % 2 else max(teams - 1, 1)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ranged(r: Reader, key: str, least: int, most: int) -> int:
    value = r.raw(key)
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ParseError(
            r.key(key), say("club.number_range", least=least, most=most, value=shown(value))
        )
    return value


def _bye_win(value: object) -> Fraction:
    """0, 0.5 or 1, as JSON writes them: 0 and 1 whole, 0.5 a fraction."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return Fraction(value)
    if isinstance(value, float) and value == 0.5:
        return Fraction(1, 2)
    raise ParseError("event.bye_win", say("club.bye_win", value=shown(value)))


def event_of(data: Mapping[str, object]) -> Event:
    """The record's `event` (absent: every default)."""
    return Event.from_dict(data.get("event") if data.get("event") is not None else {})

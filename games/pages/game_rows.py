"""The games of a circle as the stats, the night and the history read them: one row per game
(who sat on which side, who won), and a night's standings.

Read from the rows the engine already wrote, in two queries whatever the number of games.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet
from django.utils import formats
from django.utils.translation import pgettext

from games.engine import get_variant
from games.engine.names import contained
from games.models import Game, Seat
from games.words import shown_variant


@dataclass
class GameRow:
    """One game as the stats read it: who sat on which side, who won."""

    pk: int
    slug: str
    variant: str
    created: dt.datetime
    finished: bool
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    hand_count: int
    sides: tuple[tuple[str, ...], ...]
    """Each side's players, in side order (a team's two, or one player)."""
    abandoned: bool = False
    engine: Any = field(init=False, repr=False)
    players: list[str] = field(init=False, repr=False)
    side_names: list[str] = field(init=False, repr=False)
    _side_of: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Read once per game: the stats ask these for every player of every game. The variant
        # as pages show it: its name in the reader's language (the history's CSV writes it).
        self.engine = shown_variant(self.variant)
        self.players = [name for side in self.sides for name in side]
        self.side_names = [" & ".join(side) for side in self.sides]
        self._side_of = {name: i for i, side in enumerate(self.sides) for name in side}

    def side(self, player: str) -> int:
        return self._side_of[player]

    def won(self, player: str) -> bool:
        return self.finished and self._side_of[player] in self.winners

    @property
    def winner_names(self) -> list[str]:
        return [self.side_names[i] for i in self.winners]


def game_rows(games: QuerySet[Game]) -> list[GameRow]:
    """The games, oldest first, with their sides: two queries."""
    fields = (
        "pk",
        "slug",
        "variant",
        "created",
        "status",
        "winners",
        "totals",
        "hand_count",
        "abandoned",
    )
    found = list(games.order_by("created", "pk").values_list(*fields))
    seats: dict[int, dict[int, str]] = defaultdict(dict)
    seat_rows = Seat.objects.filter(game__in=games.values("pk")).values_list(
        "game_id", "index", "player__name"
    )
    for game_id, index, name in seat_rows:
        seats[game_id][index] = name
    rows = []
    for pk, slug, variant, created, status, winners, totals, hand_count, abandoned in found:
        engine = get_variant(variant)
        sides: list[list[str]] = [[] for _ in range(engine.side_count)]
        for index, name in sorted(seats[pk].items()):
            sides[engine.side_of(index)].append(contained(name))
        rows.append(
            GameRow(
                pk,
                slug,
                variant,
                created,
                status == Game.Status.FINISHED,
                tuple(winners),
                tuple(totals),
                hand_count,
                tuple(tuple(side) for side in sides),
                abandoned is not None,
            )
        )
    return rows


def percent(part: int, whole: int) -> int | None:
    """A whole percentage, rounded half up; None when there is nothing to divide."""
    return (200 * part + whole) // (2 * whole) if whole else None


NONE_SHOWN = "–"
"""What a rate with nothing to divide shows."""


def percent_text(value: float | None) -> str:
    """A percentage as the reader's language writes it: "62%" in English, "%62" in Turkish
    (the translators place the sign), the number in the locale's digits and decimal mark;
    "–" for none."""
    if value is None:
        return NONE_SHOWN
    number = formats.number_format(value, use_l10n=True)
    return pgettext("percent", "%(number)s%%") % {"number": number}


@dataclass
class Standing:
    """A player's night: games finished and won, and points per game played."""

    name: str
    played: int = 0
    won: int = 0
    points: dict[str, int] = field(default_factory=dict)


def standings(rows: Iterable[GameRow]) -> list[Standing]:
    """The night's table: most wins first. Points are kept per game (variant), since only
    points of one game compare; a team's points are each partner's."""
    table: dict[str, Standing] = {}
    for row in rows:
        for name in row.players:
            standing = table.setdefault(name, Standing(name))
            if not row.finished:
                continue
            standing.played += 1
            standing.won += row.won(name)
            points = row.totals[row.side(name)]
            standing.points[row.variant] = standing.points.get(row.variant, 0) + points
    return sorted(table.values(), key=lambda s: (-s.won, s.played, s.name))


def points_by_variant(table: Sequence[Standing]) -> list[tuple[str, list[tuple[str, int]]]]:
    """For each game (variant) finished in the night, its players' points, most first."""
    variants = dict.fromkeys(key for s in table for key in s.points)
    return [
        (
            key,
            sorted(
                ((s.name, s.points[key]) for s in table if key in s.points),
                key=lambda pair: (-pair[1], pair[0]),
            ),
        )
        for key in variants
    ]

"""What a circle's stored games add up to: wins, streaks, contracts, declarations, best hands,
partnerships and head to head.

Everything is read from the rows the engine already wrote (each game's winners and totals,
each hand's declarer, contract, made and scores, each declaration's points and verdict), in a
fixed number of queries whatever the number of games: nothing is re-scored here.

The rules, as the stats page states them:
- A game counts towards played, won, streaks, partnerships and head to head once it is
  finished. Contracts, declarations and hands count from every game, finished or not.
- A shared win (several sides among the winners) is a win for every player on a winning
  side; two players who shared a win did not beat each other.
- A removed hand never counts; an edited hand counts as it stands after the edit.
- Points (declarations' points, the best hand, the average contract) are compared within
  one game only: 162 in Klaberjass and 162 in Terz are not the same thing.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum

from games.engine import get_variant
from games.models import Declaration, Game, Hand, Seat


@dataclass(frozen=True)
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

    @property
    def engine(self) -> Any:
        return get_variant(self.variant)

    @property
    def players(self) -> list[str]:
        return [name for side in self.sides for name in side]

    @property
    def side_names(self) -> list[str]:
        return [" & ".join(side) for side in self.sides]

    def side(self, player: str) -> int:
        return next(i for i, side in enumerate(self.sides) if player in side)

    def won(self, player: str) -> bool:
        return self.finished and self.side(player) in self.winners

    @property
    def winner_names(self) -> list[str]:
        return [self.side_names[i] for i in self.winners]


def game_rows(games: QuerySet[Game]) -> list[GameRow]:
    """The games, oldest first, with their sides: two queries."""
    fields = ("pk", "slug", "variant", "created", "status", "winners", "totals", "hand_count")
    found = list(games.order_by("created", "pk").values_list(*fields))
    seats: dict[int, dict[int, str]] = defaultdict(dict)
    seat_rows = Seat.objects.filter(game__in=games.values("pk")).values_list(
        "game_id", "index", "player__name"
    )
    for game_id, index, name in seat_rows:
        seats[game_id][index] = name
    rows = []
    for pk, slug, variant, created, status, winners, totals, hand_count in found:
        engine = get_variant(variant)
        sides: list[list[str]] = [[] for _ in range(engine.side_count)]
        for index, name in sorted(seats[pk].items()):
            sides[engine.side_of(index)].append(name)
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
            )
        )
    return rows


def percent(part: int, whole: int) -> int | None:
    """A whole percentage, rounded half up; None when there is nothing to divide."""
    return (200 * part + whole) // (2 * whole) if whole else None


@dataclass
class BestHand:
    """A side's highest score in one hand; on a tie the earliest such hand."""

    points: int
    side: str
    game: GameRow
    number: int
    place: int
    """The game's place among the games, oldest first (for the tie)."""

    def beats(self, other: BestHand | None) -> bool:
        if other is None:
            return True
        return (self.points, -self.place, -self.number) > (
            other.points,
            -other.place,
            -other.number,
        )


@dataclass
class PlayerLine:
    """One player's numbers in one table of the stats page."""

    name: str
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    taken: int = 0
    made: int = 0
    failed: int = 0
    contract_points: int = 0
    contracts_valued: int = 0
    declared: int = 0
    counted: int = 0
    counted_points: int = 0
    best: BestHand | None = None

    @property
    def win_rate(self) -> int | None:
        return percent(self.won, self.played)

    @property
    def made_rate(self) -> int | None:
        return percent(self.made, self.made + self.failed)

    @property
    def average_contract(self) -> int | None:
        if not self.contracts_valued:
            return None
        return round(self.contract_points / self.contracts_valued)

    def add_result(self, won: bool) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.current_streak += 1
            self.best_streak = max(self.best_streak, self.current_streak)
        else:
            self.current_streak = 0


@dataclass
class Pair:
    """Two partners, or two opponents (head to head), by name in alphabetical order."""

    first: str
    second: str
    played: int = 0
    won: int = 0
    first_wins: int = 0
    second_wins: int = 0

    @property
    def win_rate(self) -> int | None:
        return percent(self.won, self.played)

    @property
    def leader(self) -> str:
        return self.first if self.first_wins >= self.second_wins else self.second

    @property
    def trailer(self) -> str:
        return self.second if self.leader == self.first else self.first

    @property
    def lead(self) -> tuple[int, int]:
        """(the leader's wins, the other's wins)."""
        high, low = sorted((self.first_wins, self.second_wins), reverse=True)
        return high, low


@dataclass
class Series:
    """One player's win rate after each of their finished games, for the chart."""

    name: str
    points: list[tuple[int, int]] = field(default_factory=list)
    """(the game's place among the circle's finished games, 1-based; win rate in %)."""


@dataclass
class Stats:
    games: list[GameRow]
    players: list[PlayerLine]
    partnerships: list[Pair]
    rivals: list[Pair]
    series: list[Series]
    finished: int
    hands: int
    points_compared: bool
    """True when all games are one game, so points can be set side by side."""
    best: BestHand | None = None

    @property
    def has_contracts(self) -> bool:
        return any(p.taken for p in self.players)

    @property
    def has_contract_values(self) -> bool:
        return self.points_compared and any(p.contracts_valued for p in self.players)

    @property
    def has_declarations(self) -> bool:
        return any(p.declared for p in self.players)


# How many players the win-rate chart draws: more lines than this are unreadable on a phone.
CHART_PLAYERS = 6
# Head-to-head rows shown: the most one-sided rivalries first.
RIVALS_SHOWN = 10


def circle_stats(games: QuerySet[Game], variant: str | None = None) -> Stats:
    """The stats of `games` (one circle's, perhaps of one variant): four queries."""
    rows = game_rows(games)
    by_pk = {row.pk: row for row in rows}
    lines: dict[str, PlayerLine] = {}

    def line(name: str) -> PlayerLine:
        return lines.setdefault(name, PlayerLine(name))

    partners: dict[tuple[str, str], Pair] = {}
    rivals: dict[tuple[str, str], Pair] = {}
    series: dict[str, Series] = {}
    finished = [row for row in rows if row.finished]
    for place, row in enumerate(finished, start=1):
        for name in row.players:
            player = line(name)
            player.add_result(row.won(name))
            series.setdefault(name, Series(name)).points.append((place, player.win_rate or 0))
        for side, names in enumerate(row.sides):
            for a, b in combinations(sorted(names), 2):
                pair = partners.setdefault((a, b), Pair(a, b))
                pair.played += 1
                pair.won += side in row.winners
        for a, b in combinations(sorted(row.players), 2):
            a_side, b_side = row.side(a), row.side(b)
            if a_side == b_side:
                continue
            pair = rivals.setdefault((a, b), Pair(a, b))
            pair.played += 1
            a_won, b_won = a_side in row.winners, b_side in row.winners
            pair.first_wins += a_won and not b_won
            pair.second_wins += b_won and not a_won
    for row in rows:
        for name in row.players:
            line(name)

    hand_count = _add_hands(games, by_pk, line)
    _add_declarations(games, by_pk, line)

    compared = variant is not None
    best: BestHand | None = None
    if compared:
        for player in lines.values():
            if player.best is not None and player.best.beats(best):
                best = player.best
    players = sorted(lines.values(), key=lambda p: (-p.won, -(p.win_rate or 0), p.name))
    # The players with most games get a line; the legend reads best win rate first.
    chart = sorted(series.values(), key=lambda s: (-len(s.points), s.name))[:CHART_PLAYERS]
    chart.sort(key=lambda s: (-s.points[-1][1], s.name))
    head_to_head = sorted(
        (pair for pair in rivals.values() if pair.first_wins or pair.second_wins),
        key=lambda p: (-p.lead[0], p.lead[1], p.leader, p.trailer),
    )[:RIVALS_SHOWN]
    return Stats(
        rows,
        players,
        sorted(partners.values(), key=lambda p: (-p.won, -p.played, p.first, p.second)),
        head_to_head,
        chart,
        len(finished),
        hand_count,
        compared,
        best,
    )


def _add_hands(games: QuerySet[Game], by_pk: dict[int, GameRow], line: Any) -> int:
    """Contracts and best hands from the live hands: one query. Returns the hand count."""
    hands = Hand.objects.filter(game__in=games.values("pk"), removed=None).values_list(
        "game_id", "number", "declarer", "contract", "made", "scores"
    )
    count = 0
    places = {pk: place for place, pk in enumerate(by_pk)}
    for game_id, number, declarer, contract, made, scores in hands:
        count += 1
        row = by_pk[game_id]
        if declarer is not None:
            player = line(_seat_name(row, declarer))
            player.taken += 1
            player.made += made is True
            player.failed += made is False
            if contract is not None:
                player.contract_points += contract
                player.contracts_valued += 1
        for side, points in enumerate(scores):
            hand = BestHand(points, row.side_names[side], row, number, places[game_id])
            for name in row.sides[side]:
                player = line(name)
                if hand.beats(player.best):
                    player.best = hand
    return count


def _add_declarations(games: QuerySet[Game], by_pk: dict[int, GameRow], line: Any) -> None:
    """Declarations and melds per player, summed by the database: one query."""
    rows = (
        Declaration.objects.filter(hand__game__in=games.values("pk"), hand__removed=None)
        .values_list("hand__game_id", "seat")
        .annotate(
            how_many=Count("pk"),
            how_many_counted=Count("pk", filter=Q(counted=True)),
            points_counted=Sum("points", filter=Q(counted=True)),
        )
        .order_by()
    )
    for game_id, seat, declared, counted, counted_points in rows:
        player = line(_seat_name(by_pk[game_id], seat))
        player.declared += declared
        player.counted += counted
        player.counted_points += counted_points or 0


def _seat_name(row: GameRow, seat: int) -> str:
    """The player in `seat`: sides list their players in seat order."""
    side = row.engine.side_of(seat)
    return row.sides[side][seat // row.engine.side_count if row.engine.teams else 0]


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

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

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from django.db.models import Count, F, Func, IntegerField, Max, Q, QuerySet, Sum

from games.models import Declaration, Game, Hand
from games.pages.game_rows import GameRow, game_rows, percent, percent_text

if TYPE_CHECKING:
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.models.sql.compiler import SQLCompiler, _AsSqlType


@dataclass
class BestHand:
    """A side's highest score in one hand; on a tie the earliest game's, and in it the
    earliest hand."""

    points: int
    side: int
    side_name: str
    game: GameRow
    place: int
    """The game's place among the games, oldest first (for the tie)."""
    number: int | None = None
    """The hand's number, looked up for the circle's best hand only."""

    def beats(self, other: BestHand | None) -> bool:
        if other is None:
            return True
        return (self.points, -self.place) > (other.points, -other.place)


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
    def win_rate_text(self) -> str:
        return percent_text(self.win_rate)

    @property
    def made_rate(self) -> int | None:
        return percent(self.made, self.made + self.failed)

    @property
    def made_rate_text(self) -> str:
        return percent_text(self.made_rate)

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
    def win_rate_text(self) -> str:
        return percent_text(self.win_rate)

    @property
    def leader(self) -> str:
        return self.first if self.first_wins >= self.second_wins else self.second

    @property
    def trailer(self) -> str:
        return self.second if self.leader == self.first else self.first

    @property
    def level(self) -> bool:
        """Whether neither has beaten the other more often (head to head): a tie beats nobody."""
        return self.first_wins == self.second_wins

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


# Head-to-head rows shown: the most one-sided rivalries first.
RIVALS_SHOWN = 10


def circle_stats(games: QuerySet[Game], variant: str | None = None) -> Stats:
    """The stats of `games` (one circle's, perhaps of one variant): four queries."""
    rows = game_rows(games)
    by_pk = {row.pk: row for row in rows}
    lines: dict[str, PlayerLine] = {}

    def line(name: str) -> PlayerLine:
        if name not in lines:
            lines[name] = PlayerLine(name)
        return lines[name]

    partners: dict[tuple[str, str], Pair] = {}
    rivals: dict[tuple[str, str], Pair] = {}
    series: dict[str, Series] = {}
    finished = [row for row in rows if row.finished]
    for place, row in enumerate(finished, start=1):
        winners = set(row.winners)
        for name in row.players:
            player = line(name)
            player.add_result(row.won(name))
            if name not in series:
                series[name] = Series(name)
            series[name].points.append((place, player.win_rate or 0))
        for side, names in enumerate(row.sides):
            for key in combinations(sorted(names), 2):
                pair = partners.get(key) or partners.setdefault(key, Pair(*key))
                pair.played += 1
                pair.won += side in winners
        for key in combinations(sorted(row.players), 2):
            a_side, b_side = row.side(key[0]), row.side(key[1])
            if a_side == b_side:
                continue
            pair = rivals.get(key) or rivals.setdefault(key, Pair(*key))
            pair.played += 1
            a_won, b_won = a_side in winners, b_side in winners
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
        if best is not None:
            best.number = _first_hand_scoring(best)
    players = sorted(lines.values(), key=lambda p: (-p.won, -(p.win_rate or 0), p.name))
    # Every player's line (games/pages/win_rates.py decides what is drawn); the legend reads
    # best win rate first.
    chart = sorted(series.values(), key=lambda s: (-s.points[-1][1], s.name))
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


def _live_hands(games: QuerySet[Game]) -> QuerySet[Hand]:
    return Hand.objects.filter(game__in=games.values("pk"), removed=None).order_by()


# The most sides a game has (304's four players); a hand's scores list one a side.
MOST_SIDES = 4


class SideScore(Func):
    """One side's score in a hand, read by the database from the hand's scores list.

    Written per database rather than with Django's key transform, whose SQLite form reads
    the JSON three times a row: this is the stats page's costliest column.
    """

    output_field = IntegerField()

    def __init__(self, side: int) -> None:
        super().__init__(F("scores"))
        self.side = int(side)

    def as_sql(
        self,
        compiler: SQLCompiler,
        connection: BaseDatabaseWrapper,
        function: str | None = None,
        template: str | None = None,
        arg_joiner: str | None = None,
        **extra: Any,
    ) -> _AsSqlType:
        template = f"((%(expressions)s ->> {self.side})::integer)"
        return super().as_sql(compiler, connection, function, template, arg_joiner, **extra)

    def as_sqlite(
        self, compiler: SQLCompiler, connection: BaseDatabaseWrapper, **extra: Any
    ) -> _AsSqlType:
        template = f"JSON_EXTRACT(%(expressions)s, '$[{self.side}]')"
        return super().as_sql(compiler, connection, template=template, **extra)


def _add_hands(games: QuerySet[Game], by_pk: dict[int, GameRow], line: Any) -> int:
    """Contracts per caller or bidder, and each side's best hand, summed by the database in
    one pass over the live hands, a row per game and declarer. Returns the number of hands.

    Each player keeps the best of their sides' best hands (the earliest game's on a tie).
    """
    rows = (
        _live_hands(games)
        .values_list("game_id", "declarer")
        .annotate(
            hands=Count("pk"),
            made_count=Count("pk", filter=Q(made=True)),
            failed_count=Count("pk", filter=Q(made=False)),
            contract_sum=Sum("contract"),
            valued=Count("contract"),
            **{f"best_{side}": Max(SideScore(side)) for side in range(MOST_SIDES)},
        )
    )
    places = {pk: place for place, pk in enumerate(by_pk)}
    best: dict[tuple[int, int], int] = {}
    count = 0
    for game_id, seat, hands, made, failed, contracts, valued, *scores in rows:
        count += hands
        for side, points in enumerate(scores):
            if points is not None and points > best.get((game_id, side), points - 1):
                best[game_id, side] = points
        if seat is None:
            continue
        player = line(_seat_name(by_pk[game_id], seat))
        player.taken += hands
        player.made += made
        player.failed += failed
        player.contract_points += contracts or 0
        player.contracts_valued += valued
    for (game_id, side), points in best.items():
        row = by_pk[game_id]
        hand = BestHand(points, side, row.side_names[side], row, places[game_id])
        for name in row.sides[side]:
            player = line(name)
            if hand.beats(player.best):
                player.best = hand
    return count


def _first_hand_scoring(best: BestHand) -> int | None:
    """The number of the game's first hand in which the side scored its best."""
    hands = Hand.objects.filter(game_id=best.game.pk, removed=None).order_by("number")
    side_scored = hands.annotate(points=SideScore(best.side)).filter(points=best.points)
    number: int | None = side_scored.values_list("number", flat=True).first()
    return number


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
    side: int = row.engine.side_of(seat)
    place: int = seat // row.engine.side_count if row.engine.teams else 0
    return row.sides[side][place]

"""A round's results and the standings across a night (club.md, "Results of a round",
"Standings"): pure functions of the tables' totals, like a game's totals of its hands."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.engine.club.event import RankBy


@dataclass(frozen=True)
class Table:
    """One table of a round as its game stands: the players in seat order, the sides' totals
    and the game's own winners (empty while it goes on)."""

    players: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...] = ()

    @property
    def won_by(self) -> tuple[int, ...]:
        """The sides that won: the game's winners, or, for a game ended early, every side with
        the highest total as it stands (club.md, "Results of a round")."""
        if self.winners:
            return self.winners
        best = max(self.totals)
        return tuple(side for side, total in enumerate(self.totals) if total == best)


@dataclass(frozen=True)
class Played:
    """A round as the standings read it: its tables, and the entrants who sat out."""

    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()


NONE = Fraction(0)


@dataclass(frozen=True)
class Result:
    """One entrant's result of one round."""

    points_for: int
    points_against: int
    won: Fraction
    bye: bool = False


def round_results(
    played: Played,
    entrant_of: Mapping[str, str],
    side_of: Callable[[int], int],
    bye_points: int | None,
    bye_win: Fraction,
) -> dict[str, Result]:
    """Each entrant's result of the round, by entrant name: a player of a side scores the
    side's total, against the highest total of the other sides; won is 1/k of a win shared
    by k sides. Byes score `bye_points`, or the round's average (None), for and against."""
    results: dict[str, Result] = {}
    for table in played.tables:
        won_by = table.won_by
        share = Fraction(1, len(won_by))
        # Each side's result once, for each of its players.
        sides = {
            side: Result(
                total,
                max(t for s, t in enumerate(table.totals) if s != side),
                share if side in won_by else NONE,
            )
            for side, total in enumerate(table.totals)
        }
        for seat, player in enumerate(table.players):
            results[entrant_of[player]] = sides[side_of(seat)]
    if played.byes:
        points = bye_points if bye_points is not None else average(results.values())
        for name in played.byes:
            results[name] = Result(points, points, bye_win, bye=True)
    return results


def average(results: Iterable[Result]) -> int:
    """The mean points for of the entrants who played, rounded to the nearest whole number,
    halves away from zero (0 when nobody played)."""
    values = [r.points_for for r in results]
    if not values:
        return 0
    return half_away(Fraction(sum(values), len(values)))


def half_away(value: Fraction) -> int:
    """The nearest whole number, a half rounded away from zero (2.5 → 3, −2.5 → −3)."""
    whole, rest = divmod(abs(value), 1)
    rounded = int(whole) + (1 if rest >= Fraction(1, 2) else 0)
    return rounded if value >= 0 else -rounded


@dataclass(frozen=True)
class Standing:
    """An entrant's figures over every round played so far."""

    name: str
    draw: int
    """The draw number, 1 for the first drawn: the last tie-break."""
    played: int = 0
    won: Fraction = Fraction(0)
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    withdrawn: bool = False

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True)
class Ranked:
    """A line of the standings: its rank (never shared) and whether it ties the one above
    on every key but the draw number."""

    rank: int
    standing: Standing
    tied: bool


def order_key(rank_by: RankBy) -> Callable[[Standing], tuple[object, ...]]:
    """The sort key of the standings' order, best first (club.md, "Standings")."""
    if rank_by == "wins":
        return lambda s: (-s.won, -s.difference, -s.points_for, s.draw)
    return lambda s: (-s.points_for, -s.won, -s.difference, s.draw)


def standings(
    entrants: Sequence[str],
    results: Sequence[Mapping[str, Result]],
    rank_by: RankBy,
    withdrawn: frozenset[str] = frozenset(),
) -> list[Ranked]:
    """The standings of the entrants (in draw order) after these rounds' results, in order."""
    # Each entrant's figures added up as plain numbers (played, byes, for, against) and its
    # wins, its Standing made once.
    counts = {name: [0, 0, 0, 0] for name in entrants}
    won = dict.fromkeys(entrants, NONE)
    for round in results:
        for name, result in round.items():
            figures = counts[name]
            figures[1 if result.bye else 0] += 1
            figures[2] += result.points_for
            figures[3] += result.points_against
            if result.won:
                won[name] += result.won
    rows = {
        name: Standing(name, draw, c[0], won[name], c[1], c[2], c[3], name in withdrawn)
        for draw, name in enumerate(entrants, start=1)
        for c in (counts[name],)
    }
    key = order_key(rank_by)
    ordered = sorted(rows.values(), key=key)
    ranked: list[Ranked] = []
    for rank, row in enumerate(ordered, start=1):
        tied = rank > 1 and key(ordered[rank - 2])[:-1] == key(row)[:-1]
        ranked.append(Ranked(rank, row, tied))
    return ranked

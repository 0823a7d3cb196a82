"""A season's table: a circle's nights over a span added up (ARCHITECTURE.md, "Seasons").
Pure functions: each night's figures per player come in (a club night's standings, or a card
night's ordinary games read as rounds of one table), the season's figures and order go out.

- A night's **points** are the player's points for (club.md, "Standings"; a player of a team
  scores the team's); its **place** is shared by entrants equal on every key of the night's
  order but the draw number (1, 2, 2, 4), and counts as **place points**: one for each
  entrant ranked that night level with or below the player, the player included (1st of 8:
  8; last: 1).
- **Best N**: the N highest nights count (equal values: the earlier night); without N, all.
- **Average**: the mean of every night played, counted or not.
- **Ranked** are the players with at least the minimum of nights; ordered by the total
  counted, then the average; equal on both, they share the rank. The others follow, unranked.
- **Last place**: the ranked player(s) sharing the last rank, when the season gives a prize
  (nobody, while every ranked player shares the first).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from games.engine.club.event import RankBy
from games.engine.club.standings import Result, Table, standings
from games.engine.names import name_key

type Scoring = Literal["points", "position"]
type Kind = Literal["club", "cards"]

# What a season's numbers may be (the form holds them to these).
MOST_NIGHTS = 366


@dataclass(frozen=True)
class NightScore:
    """A player's night: their points for, their place (shared when tied) among `of`."""

    points: int
    place: int
    of: int

    @property
    def place_points(self) -> int:
        return self.of - self.place + 1

    def value(self, scoring: Scoring) -> int:
        return self.points if scoring == "points" else self.place_points


@dataclass(frozen=True)
class SeasonNight:
    """One night of the season: a club night (`key` its slug) or a card night's ordinary
    games (`key` its date), each player's score by name."""

    day: dt.date
    kind: Kind
    key: str
    scores: Mapping[str, NightScore]


@dataclass(frozen=True)
class Rules:
    scoring: Scoring = "points"
    best: int | None = None
    """N: the best N nights of each player count; None: all."""
    minimum: int = 0
    """The nights a player must have played to be ranked."""
    last_prize: bool = False


@dataclass(frozen=True)
class SeasonRow:
    name: str
    rank: int | None
    """None: fewer nights than the minimum."""
    tied: bool
    values: tuple[int | None, ...]
    """The player's value of each night of the season, None where absent."""
    counted: tuple[bool, ...]
    total: int
    average: Fraction
    last: bool = False

    @property
    def nights(self) -> int:
        return sum(v is not None for v in self.values)


def night_scores(
    results: Sequence[Mapping[str, Result]],
    rank_by: RankBy,
    members: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, NightScore]:
    """Each player's score of a night from its rounds' results by entrant (`members`: a
    team entrant's players); only the entrants who played or sat out a round are ranked."""
    present: list[str] = []
    for round in results:
        present.extend(name for name in round if name not in present)
    ranked = standings(present, results, rank_by)
    scores: dict[str, NightScore] = {}
    place = 0
    for row in ranked:
        place = place if row.tied else row.rank
        score = NightScore(row.standing.points_for, place, len(ranked))
        for player in (members or {}).get(row.standing.name, (row.standing.name,)):
            scores[player] = score
    return scores


@dataclass(frozen=True)
class CardGame:
    """An ordinary game of a card night: its players in seat order, each seat's side, the
    sides' final totals and winners."""

    players: tuple[str, ...]
    sides: tuple[int, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


# A card night's ordinary games are ranked as club.md's "wins" ranks a night: games won (a
# shared win split), then difference, then points for.
CARD_NIGHT_ORDER: RankBy = "wins"


# A win shared by k sides is 1/k of a win; a card night adds its games' shares in sixtieths
# (every k up to 6 divides 60), so that the sum is exact without a Fraction for each game.
SHARES = 60


def card_night_scores(games: Sequence[CardGame]) -> dict[str, NightScore]:
    """Each player's score of a card night, its games added up as one round: for each game
    the player's side's total for, the highest other side's against, and the win or its
    share (club.md, "Results of a round"); the order reads only the sums."""
    sums: dict[str, list[int]] = {}
    for game in games:
        won_by = Table(game.players, game.totals, game.winners).won_by
        totals = game.totals
        against = [max(t for s, t in enumerate(totals) if s != side) for side in range(len(totals))]
        share = SHARES // len(won_by)
        for seat, player in enumerate(game.players):
            side = game.sides[seat]
            row = sums.setdefault(player, [0, 0, 0])
            row[0] += totals[side]
            row[1] += against[side]
            if side in won_by:
                row[2] += share
    night = {
        name: Result(points_for, against, Fraction(won, SHARES))
        for name, (points_for, against, won) in sums.items()
    }
    return night_scores([night], CARD_NIGHT_ORDER)


def best_of(values: Sequence[int | None], best: int | None) -> tuple[bool, ...]:
    """Which nights count: the `best` highest values (the earlier of equal ones)."""
    played = [i for i, v in enumerate(values) if v is not None]
    if best is not None:
        played = sorted(played, key=lambda i: (-(values[i] or 0), i))[:best]
    chosen = set(played)
    return tuple(i in chosen for i in range(len(values)))


def key(row: SeasonRow) -> tuple[int, Fraction]:
    """The season's order, best first: the total counted, then the average."""
    return (-row.total, -row.average)


def season_table(nights: Sequence[SeasonNight], rules: Rules) -> list[SeasonRow]:
    """The season's rows: the ranked players in order, then the others."""
    names: dict[str, None] = {}
    for night in nights:
        names.update(dict.fromkeys(night.scores))
    rows = []
    for name in names:
        values = tuple(
            n.scores[name].value(rules.scoring) if name in n.scores else None for n in nights
        )
        counted = best_of(values, rules.best)
        total = sum(v or 0 for v, c in zip(values, counted, strict=True) if c)
        played = [v for v in values if v is not None]
        average = Fraction(sum(played), len(played))
        rows.append(SeasonRow(name, None, False, values, counted, total, average))
    rows.sort(key=lambda r: (key(r), name_key(r.name), r.name))
    ranked = [r for r in rows if r.nights >= rules.minimum]
    others = [r for r in rows if r.nights < rules.minimum]
    keys = [key(r) for r in ranked]
    out = []
    for row in ranked:
        rank = 1 + sum(k < key(row) for k in keys)
        tied = keys.count(key(row)) > 1
        last = rules.last_prize and key(row) == keys[-1] != keys[0]
        out.append(replace(row, rank=rank, tied=tied, last=last))
    return out + others

"""Playing club nights for the engine's tests (rules/club.md): tables' hands drawn from each
game's spec record until the round is over, the command line run in this process, and the
standings worked out from the spec's words alone (not by the engine's own functions), to hold
the engine's answers against."""

from __future__ import annotations

import copy
import io
import json
import random
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from games.engine import VARIANTS
from games.engine.__main__ import main
from games.engine.club.night import Night
from games.engine.game import read_hands, score_game

RECORDS = Path(__file__).parent.parent / "records"
HANDS = {key: json.loads((RECORDS / f"{key}.json").read_text())["hands"] for key in VARIANTS}
# Drawn from a spec record, every game ends within 20 hands (a Euchre game to 10 at the
# longest); a round to the target stops there at the latest.
MOST_HANDS = 40


def hands_for(key: str, length: int | str, rng: random.Random) -> list[dict[str, Any]]:
    """A table's hands: N deals drawn at random from the game's spec record, or, for a round
    to the target, hands drawn until the game has a winner."""
    spec = HANDS[key]
    if isinstance(length, int):
        return [copy.deepcopy(rng.choice(spec)) for _ in range(length)]
    variant = VARIANTS[key]
    settings = variant.settings({})
    hands: list[dict[str, Any]] = []
    while len(hands) < MOST_HANDS:
        hands.append(copy.deepcopy(rng.choice(spec)))
        game = score_game(variant, settings, read_hands(variant, settings, hands))
        if game.winners:
            return hands
    raise AssertionError(f"{key}: no winner after {MOST_HANDS} hands")


@contextmanager
def standard_input(text: str) -> Iterator[None]:
    kept = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = kept


def command(record: object, *args: str) -> tuple[int, str, str]:
    """`python -m games.engine night - ARGS` with the record on standard input, run in this
    process: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with standard_input(json.dumps(record)), redirect_stdout(out), redirect_stderr(err):
        code = main(["night", "-", *args])
    return code, out.getvalue(), err.getvalue()


# --- The standings as club.md words them ---------------------------------------------------------


@dataclass
class Row:
    name: str
    draw: int
    played: int = 0
    won: Fraction = Fraction(0)
    byes: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass
class Sheet:
    """A night's record as the spec reads it, with each table's totals and winners given."""

    record: dict[str, Any]
    tables: list[list[dict[str, Any]]] = field(default_factory=list)
    """Each round's tables as the command line prints them (players, totals, winners)."""

    @property
    def event(self) -> dict[str, Any]:
        event: dict[str, Any] = self.record.get("event", {})
        return event

    @property
    def teams(self) -> bool:
        return self.event.get("format") in ("pairs", "round_robin")

    @property
    def entrants(self) -> list[str]:
        if self.teams:
            return [" & ".join(team) for team in self.record["teams"]]
        return list(self.record["players"])

    def entrant(self, player: str) -> str:
        if self.teams:
            return next(" & ".join(t) for t in self.record["teams"] if player in t)
        return player


def rounded(value: Fraction) -> int:
    """The nearest whole number, halves away from zero."""
    size = abs(value)
    whole = int(size)
    if size - whole >= Fraction(1, 2):
        whole += 1
    return whole if value >= 0 else -whole


def side_of(key: str, seat: int) -> int:
    """Partners sit opposite in a four-seat team game; otherwise each seat is a side."""
    variant = VARIANTS[key]
    return seat % 2 if variant.teams and variant.seats == 4 else seat


def rows_of(sheet: Sheet) -> list[Row]:
    """Each entrant's figures over the rounds, by the spec's "Results of a round"."""
    rows = {name: Row(name, draw) for draw, name in enumerate(sheet.entrants, start=1)}
    key = sheet.record["variant"]
    bye_points = sheet.event.get("bye_points", "average")
    bye_win = Fraction(sheet.event.get("bye_win", 0.5))
    for tables, played in zip(sheet.tables, sheet.record["rounds"], strict=True):
        scored: dict[str, int] = {}
        for table in tables:
            totals, winners = table["totals"], table["winners"]
            if not winners:  # ended early: the highest total wins, as it stands
                best = max(totals)
                winners = [s for s, t in enumerate(totals) if t == best]
            for seat, player in enumerate(table["players"]):
                side = side_of(key, seat)
                row = rows[sheet.entrant(player)]
                if row.name in scored:
                    continue  # a team's second player: the team scored once
                scored[row.name] = totals[side]
                row.played += 1
                row.points_for += totals[side]
                row.points_against += max(t for s, t in enumerate(totals) if s != side)
                if side in winners:
                    row.won += Fraction(1, len(winners))
        for name in played.get("byes", []):
            if bye_points == "average":
                points = rounded(Fraction(sum(scored.values()), len(scored))) if scored else 0
            else:
                points = bye_points
            row = rows[name]
            row.byes += 1
            row.points_for += points
            row.points_against += points
            row.won += bye_win
    return list(rows.values())


def ranked(sheet: Sheet) -> list[tuple[Row, bool]]:
    """The standings in the spec's order, each with whether it ties the one above on every
    key but the draw number."""

    def keys(row: Row) -> tuple[Fraction | int, ...]:
        if sheet.event.get("rank_by", "points") == "wins":
            return (row.won, row.difference, row.points_for)
        return (row.points_for, row.won, row.difference)

    ordered = sorted(rows_of(sheet), key=lambda row: (tuple(-k for k in keys(row)), row.draw))
    return [(row, i > 0 and keys(ordered[i - 1]) == keys(row)) for i, row in enumerate(ordered)]


def expected_lines(sheet: Sheet) -> list[dict[str, Any]]:
    """The command line's standings as the spec has them."""
    return [
        {
            "rank": rank,
            "name": row.name,
            "played": row.played,
            "won": int(row.won) if row.won.denominator == 1 else float(row.won),
            "byes": row.byes,
            "points_for": row.points_for,
            "points_against": row.points_against,
            "difference": row.difference,
            "tied": tied,
        }
        for rank, (row, tied) in enumerate(ranked(sheet), start=1)
    ]


def places(sheet: Sheet) -> dict[str, int]:
    """Each entrant's place in the standings (0 the top): what "higher" means for seats."""
    return {row.name: i for i, (row, _) in enumerate(ranked(sheet))}


def tables_of(record: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    """Each round's tables with their totals and winners, from the command line."""
    code, out, err = command(record)
    assert code == 0, err
    rounds: list[dict[str, Any]] = json.loads(out)["rounds"]
    return [r["tables"] for r in rounds]


def sheet_of(record: dict[str, Any]) -> Sheet:
    return Sheet(record, tables_of(record))


def seated(tables: Sequence[Sequence[str]]) -> list[str]:
    return [p for table in tables for p in table]


def partners(key: str, table: Sequence[str]) -> list[frozenset[str]]:
    """The sides of a table with more than one player."""
    if not (VARIANTS[key].teams and VARIANTS[key].seats == 4):
        return []
    return [frozenset(table[0::2]), frozenset(table[1::2])]


def night_read(record: Mapping[str, Any]) -> Night:
    return Night.from_dict(json.loads(json.dumps(record)))

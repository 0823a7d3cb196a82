"""A club night's rounds as plain values (no model rows): its last round, what a screen that
follows the room (the hall display) reads after every hand, while what the earlier rounds
add up to is kept under their version; and each round in a line, which the night's page
shows folded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, IntegerField, OuterRef, Q, Subquery, Sum

from games.models.club_nights import ClubNight, NightTable, round_record
from games.models.game_state import GameState, Seat


@dataclass(frozen=True)
class LiveTable:
    number: int
    players: tuple[str, ...]
    """In seat order."""
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands: int
    finished: bool


@dataclass(frozen=True)
class LastRound:
    number: int
    byes: tuple[int, ...]
    """By entrant number, as `NightRound` keeps them."""
    absent: tuple[int, ...]
    ended: bool
    tables: tuple[LiveTable, ...]
    settled: str = ""
    """The version of the night up to this round: the night's own, with the count and the
    sum of the versions of the earlier rounds' games (a hand of this round moves none of
    them; a correction to an earlier round's does)."""

    @property
    def over(self) -> bool:
        return self.ended or all(t.finished for t in self.tables)

    def record(self, names: dict[int, str], members: dict[int, tuple[str, ...]]) -> dict[str, Any]:
        """The round as the night record writes it, its tables' hands left empty."""
        tables = [t.players for t in self.tables]
        return round_record(self.byes, self.absent, tables, names, members)

    @property
    def scored(self) -> list[tuple[Sequence[int], Sequence[int]]]:
        """Each table's stored result, as `Night.with_round` takes it."""
        return [(t.totals, t.winners) for t in self.tables]


def last_round(night: ClubNight) -> LastRound | None:
    """The night's last round and the version of the rounds before it, in two queries
    however many tables and rounds; None before the first."""
    earlier = (
        NightTable.objects.filter(round__night=night, round__number__lt=OuterRef("number"))
        .order_by()
        .values("round__night")
    )
    count = earlier.annotate(n=Count("pk")).values("n")[:1]
    total = earlier.annotate(v=Sum("game__version")).values("v")[:1]
    row = (
        night.rounds.order_by("-number")
        .annotate(
            earlier=Subquery(count, output_field=IntegerField()),
            games=Subquery(total, output_field=IntegerField()),
        )
        .values_list("pk", "number", "byes", "absent", "ended", "earlier", "games")
        .first()
    )
    if row is None:
        return None
    pk, number, byes, absent, ended, tables_before, games_before = row
    seated = (
        Seat.objects.filter(game__club_table__round_id=pk)
        .order_by("game__club_table__number", "index")
        .values_list(
            "game__club_table__number",
            "game__totals",
            "game__winners",
            "game__hand_count",
            "game__status",
            "player__name",
        )
    )
    tables: dict[int, tuple[list[str], list[int], list[int], int, str]] = {}
    for at, totals, winners, hands, status, name in seated:
        tables.setdefault(at, ([], totals, winners, hands, status))[0].append(name)
    return LastRound(
        number,
        tuple(byes),
        tuple(absent),
        ended is not None,
        tuple(
            LiveTable(
                at,
                tuple(players),
                tuple(totals),
                tuple(winners),
                hands,
                status == GameState.Status.FINISHED,
            )
            for at, (players, totals, winners, hands, status) in tables.items()
        ),
        f"{night.version}.{number}.{tables_before or 0}.{games_before or 0}",
    )


@dataclass(frozen=True)
class RoundLine:
    """A round in a line: its number, count of tables (finished, and with a confirmed
    result), its byes by entrant number, whether it was ended early."""

    number: int
    tables: int
    finished: int
    confirmed: int
    byes: tuple[int, ...]
    ended: bool

    @property
    def over(self) -> bool:
        return self.ended or self.finished == self.tables


def round_lines(night: ClubNight) -> list[RoundLine]:
    """Every round of the night in a line, in two queries however many rounds and tables."""
    tables = (
        NightTable.objects.filter(round__night=night)
        .values("round_id")
        .annotate(
            count=Count("pk"),
            finished=Count("pk", filter=Q(game__status=GameState.Status.FINISHED)),
            agreed=Count("pk", filter=Q(confirmed_version=F("game__version"))),
        )
    )
    counts = {row["round_id"]: row for row in tables}
    lines = []
    for pk, number, byes, ended in night.rounds.order_by("number").values_list(
        "pk", "number", "byes", "ended"
    ):
        row = counts.get(pk, {"count": 0, "finished": 0, "agreed": 0})
        lines.append(
            RoundLine(
                number,
                row["count"],
                row["finished"],
                row["agreed"],
                tuple(byes),
                ended is not None,
            )
        )
    return lines

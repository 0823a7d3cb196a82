"""A club night's rounds as plain values (no model rows): its last round, what a screen that
follows the room (the hall display) reads after every hand, while what the earlier rounds
add up to is kept under their version; and each round in a line, which the night's page
shows folded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Q, Sum

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
    """The night's last round, in three queries however many tables; None before the
    first."""
    fields = ("pk", "number", "byes", "absent", "ended")
    row = night.rounds.order_by("-number").values_list(*fields).first()
    if row is None:
        return None
    pk, number, byes, absent, ended = row
    players: dict[int, list[str]] = {}
    seated = Seat.objects.filter(game__club_table__round_id=pk).order_by("index")
    for game_id, name in seated.values_list("game_id", "player__name"):
        players.setdefault(game_id, []).append(name)
    games = (
        NightTable.objects.filter(round_id=pk)
        .order_by("number")
        .values_list(
            "number", "game_id", "game__totals", "game__winners", "game__hand_count", "game__status"
        )
    )
    tables = tuple(
        LiveTable(
            at,
            tuple(players.get(game_id, ())),
            tuple(totals),
            tuple(winners),
            hands,
            status == GameState.Status.FINISHED,
        )
        for at, game_id, totals, winners, hands, status in games
    )
    return LastRound(number, tuple(byes), tuple(absent), ended is not None, tables)


def settled_version(night: ClubNight, before: int) -> str:
    """The version of the night up to round `before`, in one query: the night's own, with
    the count and the sum of the versions of the earlier rounds' games (a hand of round
    `before` moves none of them; a correction to an earlier round's does)."""
    earlier = NightTable.objects.filter(round__night=night, round__number__lt=before)
    row = earlier.aggregate(tables=Count("pk"), games=Sum("game__version"))
    return f"{night.version}.{before}.{row['tables']}.{row['games'] or 0}"


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

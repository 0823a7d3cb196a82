"""The standings after any round, and the head-to-head of two entrants (the games they
played against each other): pure functions of a night, like its standings."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from games.engine.club.night import Night
from games.engine.club.standings import Ranked, standings


def standings_after(night: Night, rounds: int) -> list[Ranked]:
    """The standings as they stood after the first `rounds` rounds (club.md, "Standings"):
    the same figures and order as the night's, over fewer rounds."""
    played = night.results()[: max(rounds, 0)]
    return standings(night.entrants, played, night.event.rank_by, night.withdrawn())


@dataclass(frozen=True)
class Meeting:
    """A table where two entrants sat on different sides: each side's players and total,
    and each entrant's share of the win."""

    round: int
    table: int
    first_players: tuple[str, ...]
    second_players: tuple[str, ...]
    first_total: int
    second_total: int
    first_won: Fraction
    second_won: Fraction


@dataclass(frozen=True)
class HeadToHead:
    first: str
    second: str
    meetings: tuple[Meeting, ...]

    @property
    def first_won(self) -> Fraction:
        return sum((m.first_won for m in self.meetings), Fraction(0))

    @property
    def second_won(self) -> Fraction:
        return sum((m.second_won for m in self.meetings), Fraction(0))

    @property
    def first_points(self) -> int:
        return sum(m.first_total for m in self.meetings)

    @property
    def second_points(self) -> int:
        return sum(m.second_total for m in self.meetings)


def head_to_head(night: Night, first: str, second: str) -> HeadToHead:
    """The games two entrants (players, or teams "Ann & Ben") played against each other,
    round by round: a table counts where they sat on different sides (partners are not
    opponents). A win shared by k sides is 1/k of a win, as in the standings."""
    entrant_of = night.entrant_of
    sides = night.layout.sides
    meetings: list[Meeting] = []
    for number, played in enumerate(night.rounds, start=1):
        for at, table in enumerate(played.tables, start=1):
            side_of = {entrant_of[p]: sides[seat] for seat, p in enumerate(table.players)}
            a, b = side_of.get(first), side_of.get(second)
            if a is None or b is None or a == b:
                continue
            result = table.result
            won_by = result.won_by
            share = {side: Fraction(1, len(won_by)) for side in won_by}
            by_side: dict[int, list[str]] = {}
            for seat, player in enumerate(table.players):
                by_side.setdefault(sides[seat], []).append(player)
            meetings.append(
                Meeting(
                    number,
                    at,
                    tuple(by_side[a]),
                    tuple(by_side[b]),
                    result.totals[a],
                    result.totals[b],
                    share.get(a, Fraction(0)),
                    share.get(b, Fraction(0)),
                )
            )
    return HeadToHead(first, second, tuple(meetings))

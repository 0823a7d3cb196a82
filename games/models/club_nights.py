"""A club night (rules/club.md): a circle's event of many tables and rounds. The night keeps
its game, its event settings as the engine writes them, its entrants in draw order, its seed
and its rounds; each round's tables are ordinary games. Standings are never stored: the
night is read by the engine from the rounds and their games' hands (`ClubNight.night`)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils import timezone

from games.engine.club.night import FORMAT, Night, Proposal, read_night, team_name
from games.models.circles import Circle, Player, new_slug
from games.models.games import Game


def new_seed() -> str:
    """The night's seed: its random draws can be shown again (club.md, "rotating")."""
    return secrets.token_hex(4)


@dataclass(frozen=True)
class NightNow(Night):
    """The night as the engine reads it, with the entrants the organiser has withdrawn since
    the last round: they are seated no more, and the standings mark them (club.md, "Players
    who come late or leave early")."""

    away: frozenset[str] = frozenset()

    def withdrawn(self) -> frozenset[str]:
        return self.away


class ClubNight(models.Model):
    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="club_nights")
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    created = models.DateTimeField(default=timezone.now)
    variant = models.CharField(max_length=20)
    # The game's settings and the event's, as the night record writes them.
    settings = models.JSONField(default=dict)
    event = models.JSONField(default=dict)
    seed = models.CharField(max_length=16, default=new_seed)
    # The next round's seating as the organiser swapped it ({"tables": [[draw numbers]],
    # "byes": [entrant numbers]}), or empty: the engine's proposal.
    seating = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.variant} night ({self.created:%Y-%m-%d})"

    def locked(self) -> ClubNight:
        """The night under its row lock, for the caller's transaction."""
        return ClubNight.objects.select_for_update().get(pk=self.pk)

    def bump(self) -> None:
        self.version += 1
        self.save(update_fields=["version", "seating"])

    @property
    def team_format(self) -> bool:
        return self.event.get("format") in ("pairs", "round_robin")

    # -- the engine's view ------------------------------------------------------------------

    def entrant_rows(self) -> list[Entrant]:
        return list(self.entrants.select_related("player").order_by("number"))

    def entrant_names(self, rows: Sequence[Entrant]) -> dict[int, str]:
        """Each entrant's name by its number: a player's number, or a team's."""
        if not self.team_format:
            return {e.number: e.player.name for e in rows}
        teams: dict[int, list[Entrant]] = {}
        for e in rows:
            teams.setdefault(e.team or 0, []).append(e)
        return {
            number: team_name([e.player.name for e in sorted(members, key=lambda e: e.team_seat)])
            for number, members in teams.items()
        }

    def entrant_members(self, rows: Sequence[Entrant]) -> dict[int, tuple[str, ...]]:
        """Each entrant's players by its number: the player, or the team's two."""
        members: dict[int, list[str]] = {}
        for e in sorted(rows, key=lambda e: (e.team_seat, e.number)):
            members.setdefault(e.team or 0 if self.team_format else e.number, []).append(
                e.player.name
            )
        return {n: tuple(names) for n, names in members.items()}

    def record(
        self, rows: Sequence[Entrant] | None = None, rounds: Sequence[NightRound] | None = None
    ) -> dict[str, Any]:
        """The night as a record (scorer-night/1), from its rows and its tables' games (as
        `round_rows` reads them, unless given); an entrant neither seated nor out in a round
        is absent from it."""
        rows = self.entrant_rows() if rows is None else rows
        names = self.entrant_names(rows)
        record: dict[str, Any] = {"format": FORMAT, "variant": self.variant}
        if self.settings:
            record["settings"] = self.settings
        if self.event:
            record["event"] = self.event
        record["players"] = [e.player.name for e in rows]
        if self.team_format:
            teams: dict[int, list[Entrant]] = {}
            for e in rows:
                teams.setdefault(e.team or 0, []).append(e)
            record["teams"] = [
                [e.player.name for e in sorted(teams[n], key=lambda e: e.team_seat)]
                for n in sorted(teams)
            ]
        members = self.entrant_members(rows)
        rounds = self.round_rows() if rounds is None else rounds
        record["rounds"] = [r.record(names, members) for r in rounds]
        return record

    def round_rows(self) -> list[NightRound]:
        rounds = self.rounds.prefetch_related(
            "tables__game__seats__player", "tables__game__hands"
        ).order_by("number")
        return list(rounds)

    def night(
        self, rows: Sequence[Entrant] | None = None, rounds: Sequence[NightRound] | None = None
    ) -> NightNow:
        """The night read by the engine (NightError if its games no longer make one, e.g. a
        table's seats changed), with the withdrawn entrants; from `rows` and `rounds` when
        the caller has read them already."""
        rows = self.entrant_rows() if rows is None else rows
        read = read_night(self.record(rows, rounds))
        names = self.entrant_names(rows)
        away = frozenset(names[n] for n in self.withdrawn_numbers(rows))
        return NightNow(**{f: getattr(read, f) for f in Night.__dataclass_fields__}, away=away)

    def withdrawn_numbers(self, rows: Sequence[Entrant]) -> set[int]:
        if self.team_format:
            return {e.team or 0 for e in rows if e.withdrawn}
        return {e.number for e in rows if e.withdrawn}

    def proposal(self, night: Night) -> Proposal:
        """The next round: the engine's, or as the organiser swapped it."""
        if not self.seating:
            return night.propose(self.seed)
        rows = self.entrant_rows()
        players = {e.number: e.player.name for e in rows}
        names = self.entrant_names(rows)
        tables = tuple(tuple(players[n] for n in t) for t in self.seating["tables"])
        byes = tuple(names[n] for n in self.seating["byes"])
        return Proposal(len(night.rounds) + 1, tables, byes)


class Entrant(models.Model):
    """A player of the night, in draw order; in the pair formats, one of a team's two."""

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField()
    """The draw number, from 1."""
    team = models.PositiveSmallIntegerField(null=True, blank=True)
    """The team's draw number, in the pair formats."""
    team_seat = models.PositiveSmallIntegerField(default=0)
    """0 or 1: the order of the team's two names."""
    withdrawn = models.BooleanField(default=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="entrant_number_unique"),
            models.UniqueConstraint(fields=["night", "player"], name="entrant_player_unique"),
        ]


class NightRound(models.Model):
    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    # The entrants who sat out, and those absent, by entrant number (a team's in the pair
    # formats), in the order the record lists them.
    byes = models.JSONField(default=list, blank=True)
    absent = models.JSONField(default=list, blank=True)
    ended = models.DateTimeField(null=True, blank=True)
    """When the organiser ended the round early (its unfinished tables count as they stand)."""

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="night_round_unique"),
        ]

    def table_rows(self) -> list[NightTable]:
        return sorted(self.tables.all(), key=lambda t: t.number)

    @property
    def over(self) -> bool:
        return self.ended is not None or all(t.game.is_finished for t in self.table_rows())

    def record(self, names: dict[int, str], members: dict[int, tuple[str, ...]]) -> dict[str, Any]:
        tables: list[dict[str, list[Any]]] = [
            {
                "players": [seat.player.name for seat in t.game.seats.all()],
                "hands": [h.to_dict() for h in t.game.engine_hands()],
            }
            for t in self.table_rows()
        ]
        written: dict[str, Any] = {"tables": tables}
        if self.byes:
            written["byes"] = [names[n] for n in self.byes if n in names]
        listed = set(self.byes)
        seated = {p for t in tables for p in t["players"]}
        absent = list(self.absent) + [
            n
            for n in names
            if n not in listed
            and n not in self.absent
            and not any(p in seated for p in members.get(n, ()))
        ]
        if absent:
            written["absent"] = [names[n] for n in absent if n in names]
        return written


class NightTable(models.Model):
    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="club_table")

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="night_table_unique"),
        ]

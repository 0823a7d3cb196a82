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
from django.db.models import Prefetch
from django.utils import timezone

from games.engine.club.night import FORMAT, Night, Proposal, read_night, team_name
from games.models.circles import MAX_NAME, Circle, Player, new_slug
from games.models.game_state import Seat
from games.models.games import Game
from games.models.hands import Hand


def new_key() -> str:
    """The organiser's key: the phone that set the night up holds it in a cookie."""
    return secrets.token_urlsafe(18)


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
    confirm_results = models.BooleanField(default=False)
    """Whether a table's result stands only once a phone of the other side confirmed it."""
    organiser_key = models.CharField(max_length=32, default=new_key, editable=False)

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
        self,
        rows: Sequence[Entrant] | None = None,
        rounds: Sequence[NightRound] | None = None,
        hands: bool = True,
    ) -> dict[str, Any]:
        """The night as a record (scorer-night/1), from its rows and its tables' games; an
        entrant neither seated nor out in a round is absent from it. Without `hands`, every
        table's hands are left empty (its game's stored result stands for them)."""
        rows = self.entrant_rows() if rows is None else rows
        rounds = self.round_rows(hands) if rounds is None else rounds
        record = self._record_head(rows)
        names, members = self.entrant_names(rows), self.entrant_members(rows)
        record["rounds"] = [r.record(names, members, hands) for r in rounds]
        return record

    def _record_head(self, rows: Sequence[Entrant]) -> dict[str, Any]:
        """The record but its rounds."""
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
        return record

    def round_rows(
        self, hands: bool = False, last: bool = False, number: int | None = None
    ) -> list[NightRound]:
        """The rounds with their tables, games and seats (`hands`: and their live hands;
        `last`: the last round alone; `number`: that round alone): a fixed number of
        queries, however many tables."""
        rounds = self.rounds.prefetch_related(
            Prefetch("tables", queryset=NightTable.objects.select_related("game")),
            Prefetch("tables__game__seats", queryset=Seat.objects.select_related("player")),
        )
        if hands:
            live = Prefetch(
                "tables__game__hands",
                queryset=Hand.objects.filter(removed=None).order_by("number"),
                to_attr="live",
            )
            rounds = rounds.prefetch_related(live)
        if last:
            return list(rounds.order_by("-number")[:1])
        if number is not None:
            return list(rounds.filter(number=number))
        return list(rounds.order_by("number"))

    def night(self) -> NightNow:
        """The night read whole by the engine, every table's hands read and scored again
        (the record's export), with the withdrawn entrants; NightError if its games no longer
        make one (e.g. a table's seats changed)."""
        return self._read(hands=True)

    def results_night(
        self,
        rounds: Sequence[NightRound] | None = None,
        rows: Sequence[Entrant] | None = None,
        before: int | None = None,
    ) -> NightNow:
        """The night read by the engine from each table's stored result (its game's totals
        and winners, the engine's when each hand was saved): the standings and the next
        round as `night()` gives them, without reading every hand again. Without `rounds`
        read already, four queries of plain values, no model rows (and no more for the
        entrants, when their `rows` are given); `before`: the rounds before that one alone."""
        if rounds is not None:
            return self._read(hands=False, rounds=rounds)
        rows = self.entrant_rows() if rows is None else rows
        record = self._record_head(rows)
        names, members = self.entrant_names(rows), self.entrant_members(rows)
        played = self._stored_results(before)
        record["rounds"] = [
            round_record(byes, absent, [players for players, _, _ in tables], names, members)
            for byes, absent, tables in played
        ]
        scored = [[(totals, winners) for _, totals, winners in tables] for _, _, tables in played]
        return self._now(rows, read_night(record, scored))

    def _stored_results(
        self, before: int | None = None
    ) -> list[tuple[list[int], list[int], list[StoredTable]]]:
        """Each round's byes and absences, and its tables' players, totals and winners
        (`before`: of the rounds before that one)."""
        rounds = self.rounds.order_by("number")
        tables = NightTable.objects.filter(round__night=self).order_by("round_id", "number")
        seated = Seat.objects.filter(game__club_table__round__night=self).order_by("index")
        if before is not None:
            rounds = rounds.filter(number__lt=before)
            tables = tables.filter(round__number__lt=before)
            seated = seated.filter(game__club_table__round__number__lt=before)
        games = tables.values_list("round_id", "game_id", "game__totals", "game__winners")
        players: dict[int, list[str]] = {}
        for game_id, name in seated.values_list("game_id", "player__name"):
            players.setdefault(game_id, []).append(name)
        by_round: dict[int, list[StoredTable]] = {}
        for round_id, game_id, totals, winners in games:
            by_round.setdefault(round_id, []).append((players.get(game_id, []), totals, winners))
        played = rounds.values_list("pk", "byes", "absent")
        return [(byes, absent, by_round.get(pk, [])) for pk, byes, absent in played]

    def _read(self, hands: bool, rounds: Sequence[NightRound] | None = None) -> NightNow:
        rows = self.entrant_rows()
        rounds = self.round_rows(hands) if rounds is None else rounds
        record = self.record(rows, rounds, hands)
        return self._now(rows, read_night(record, [] if hands else scored_of(rounds)))

    def _now(self, rows: Sequence[Entrant], read: Night) -> NightNow:
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


# A table as its game stored it: the players in seat order, its totals and winners.
type StoredTable = tuple[list[str], list[int], list[int]]


def round_record(
    byes: Sequence[int],
    absent: Sequence[int],
    tables: Sequence[Sequence[str]],
    names: dict[int, str],
    members: dict[int, tuple[str, ...]],
) -> dict[str, Any]:
    """A round as the record writes it (its tables' hands empty): an entrant neither seated
    nor out is absent from it."""
    written: dict[str, Any] = {"tables": [{"players": list(t), "hands": []} for t in tables]}
    if byes:
        written["byes"] = [names[n] for n in byes if n in names]
    listed = set(byes)
    seated = {p for t in tables for p in t}
    away = list(absent) + [
        n
        for n in names
        if n not in listed and n not in absent and not any(p in seated for p in members.get(n, ()))
    ]
    if away:
        written["absent"] = [names[n] for n in away if n in names]
    return written


def scored_of(rounds: Sequence[NightRound]) -> list[list[tuple[list[int], list[int]]]]:
    """Each table's stored result, round by round: its game's totals and winners."""
    return [[(t.game.totals, t.game.winners) for t in r.table_rows()] for r in rounds]


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

    def record(
        self, names: dict[int, str], members: dict[int, tuple[str, ...]], hands: bool = True
    ) -> dict[str, Any]:
        tables = [[seat.player.name for seat in t.game.seats.all()] for t in self.table_rows()]
        written = round_record(self.byes, self.absent, tables, names, members)
        if hands:
            for table, t in zip(written["tables"], self.table_rows(), strict=True):
                live = getattr(t.game, "live", None)
                table["hands"] = [h.to_dict() for h in t.game.engine_hands(live)]
        return written


class NightTable(models.Model):
    round = models.ForeignKey(NightRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="club_table")
    # The game's version a phone of the other side confirmed its result at: the result is
    # confirmed while the game is still at that version (any change needs confirming again).
    confirmed_version = models.PositiveIntegerField(null=True, blank=True)
    confirmed_by = models.CharField(max_length=MAX_NAME, blank=True, default="")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="night_table_unique"),
        ]

    @property
    def confirmed(self) -> bool:
        return self.confirmed_version is not None and self.confirmed_version == self.game.version

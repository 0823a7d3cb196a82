"""The changes to a club night: creating or importing it, swapping two entrants of the next
round, starting a round (one game per table), ending one early, and entrants arriving late or
withdrawing. Each runs under the night's row lock, on the version the phone was shown; what
the engine refuses is a NightError naming the problem, and nothing is changed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.club.night import FORMAT, Night, Proposal, read_night
from games.engine.record import GameRecord
from games.models.circles import Circle
from games.models.club_nights import ClubNight, Entrant, NightRound, NightTable, scored_of
from games.models.conflicts import Conflict
from games.models.games import Game


def night_record(
    variant: str,
    settings: Mapping[str, Any],
    event: Mapping[str, Any],
    players: Sequence[str],
    teams: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A night record with no rounds yet, for the engine to read (and refuse)."""
    record: dict[str, Any] = {"format": FORMAT, "variant": variant, "settings": dict(settings)}
    record["event"] = dict(event)
    record["players"] = list(players)
    if teams is not None:
        record["teams"] = [list(team) for team in teams]
    return record


@transaction.atomic
def create_night(circle: Circle, night: Night, confirm: bool | None = None) -> ClubNight:
    """A new club night from the engine's reading of its record (rounds not read); its
    players join the circle's roster. Its results are confirmed by the other side when
    `confirm` says so (None: in the formats of fixed teams)."""
    circle.lock()
    created = ClubNight.objects.create(
        circle=circle,
        variant=night.variant.key,
        settings=night.settings.to_dict(),
        event=night.event.to_dict(),
        confirm_results=night.event.teams if confirm is None else confirm,
    )
    team_of = {p: (t, s) for t, team in enumerate(night.teams, start=1) for s, p in enumerate(team)}
    gone = night.withdrawn()
    entrant_of = night.entrant_of
    Entrant.objects.bulk_create(
        Entrant(
            night=created,
            player=circle.player(name),
            number=number,
            team=team_of[name][0] if name in team_of else None,
            team_seat=team_of[name][1] if name in team_of else 0,
            withdrawn=entrant_of[name] in gone,
        )
        for number, name in enumerate(night.players, start=1)
    )
    return created


@transaction.atomic
def import_night(circle: Circle, data: object) -> ClubNight:
    """A night from its record (scorer-night/1), each table an ordinary game; NightError
    (nothing created) for a record the engine refuses."""
    night = read_night(data)
    created = create_night(circle, night)
    numbers = entrant_numbers(created)
    for number, played in enumerate(night.rounds, start=1):
        round = NightRound.objects.create(
            night=created,
            number=number,
            byes=[numbers[e] for e in played.byes],
            absent=[numbers[e] for e in played.absent],
        )
        unfinished = False
        for at, table in enumerate(played.tables, start=1):
            record = GameRecord(night.variant, night.table_settings, table.players, table.hands)
            game = Game.import_record(circle, record, as_copy=True)
            unfinished = unfinished or not game.is_finished
            NightTable.objects.create(round=round, number=at, game=game)
        if unfinished and number < len(night.rounds):
            round.ended = timezone.now()
            round.save(update_fields=["ended"])
    return created


def entrant_numbers(night: ClubNight) -> dict[str, int]:
    """Each entrant's number by its name (a team's by "Ann & Ben")."""
    rows = night.entrant_rows()
    return {name: number for number, name in night.entrant_names(rows).items()}


def _checked(found: ClubNight, version: int) -> ClubNight:
    night = found.locked()
    if night.version != version:
        raise Conflict(
            _(
                "Another phone changed this night since it was shown, so nothing was done. "
                "Check it again."
            )
        )
    return night


def _between_rounds(night: ClubNight) -> None:
    rounds = night.round_rows()
    if rounds and not rounds[-1].over:
        raise Conflict(
            _("Round %(number)s is still being played: end it first.")
            % {"number": rounds[-1].number}
        )


def _with_round(night: ClubNight, proposal: Proposal) -> Night:
    """The night with the proposed round added (no hands yet), as the engine reads it: a
    seating the format does not allow is a NightError naming it."""
    rows, rounds = night.entrant_rows(), night.round_rows()
    record = night.record(rows, rounds, hands=False)
    members = night.entrant_members(rows)
    names = night.entrant_names(rows)
    seated = {p for t in proposal.tables for p in t}
    absent = [
        names[n]
        for n in sorted(names)
        if names[n] not in proposal.byes and not any(p in seated for p in members[n])
    ]
    round: dict[str, Any] = {"tables": [{"players": list(t), "hands": []} for t in proposal.tables]}
    round["byes"] = list(proposal.byes)
    round["absent"] = absent
    record["rounds"].append(round)
    return read_night(record, scored_of(rounds))


@transaction.atomic
def swap(found: ClubNight, version: int, first: int, second: int) -> None:
    """Swap two players (by draw number) of the next round; in the pair formats, their
    teams. Refused (NightError) when the engine does not take the seating."""
    night = _checked(found, version)
    read = night.results_night()
    _between_rounds(night)
    rows = {e.number: e for e in night.entrant_rows()}
    if first not in rows or second not in rows:
        raise Conflict(_("That player is not at this night."))
    proposal = night.proposal(read)
    by_name = {e.player.name: n for n, e in rows.items()}
    tables = [[by_name[p] for p in t] for t in proposal.tables]
    names = night.entrant_names(list(rows.values()))
    numbers = {name: n for n, name in names.items()}
    byes = [numbers[b] for b in proposal.byes]
    if night.team_format:
        a, b = rows[first].team or 0, rows[second].team or 0
        pair_a = sorted((e for e in rows.values() if e.team == a), key=lambda e: e.team_seat)
        pair_b = sorted((e for e in rows.values() if e.team == b), key=lambda e: e.team_seat)
        change = {x.number: y.number for x, y in zip(pair_a, pair_b, strict=True)}
        change.update({y: x for x, y in change.items()})
        tables = [[change.get(p, p) for p in t] for t in tables]
        byes = [b if n == a else a if n == b else n for n in byes]
    else:
        change = {first: second, second: first}
        tables = [[change.get(p, p) for p in t] for t in tables]
        byes = [change.get(n, n) for n in byes]
    night.seating = {"tables": tables, "byes": byes}
    _with_round(night, night.proposal(read))
    night.bump()


@transaction.atomic
def start_round(found: ClubNight, version: int) -> NightRound:
    """Start the next round as proposed (or swapped): one game per table, its players
    seated from the roster. Two phones starting it at once start it once: the second is
    refused on the version."""
    night = _checked(found, version)
    read = night.results_night()
    _between_rounds(night)
    proposal = night.proposal(read)
    checked = _with_round(night, proposal)
    numbers = entrant_numbers(night)
    played = checked.rounds[-1]
    round = NightRound.objects.create(
        night=night,
        number=proposal.round,
        byes=[numbers[e] for e in played.byes],
        absent=[numbers[e] for e in played.absent],
    )
    settings = checked.table_settings.full_dict()
    for at, players in enumerate(proposal.tables, start=1):
        game = Game.create(night.circle, night.variant, players, settings)
        NightTable.objects.create(round=round, number=at, game=game)
    night.seating = {}
    night.bump()
    return round


@transaction.atomic
def end_round(found: ClubNight, version: int) -> None:
    """End the round being played: its unfinished tables count as they stand, their games
    abandoned (closed to hands)."""
    night = _checked(found, version)
    rounds = night.round_rows()
    if not rounds or rounds[-1].over:
        raise Conflict(_("No round is being played."))
    last = rounds[-1]
    for table in last.table_rows():
        if not table.game.is_finished and table.game.abandoned is None:
            table.game.abandon()
    last.ended = timezone.now()
    last.save(update_fields=["ended"])
    night.bump()


@transaction.atomic
def set_withdrawn(found: ClubNight, version: int, number: int, withdrawn: bool) -> None:
    """Withdraw a player (their team, in the pair formats) from the rounds to come, or bring
    them back; their results stay."""
    night = _checked(found, version)
    entrant = night.entrants.filter(number=number).first()
    if entrant is None:
        raise Conflict(_("That player is not at this night."))
    same = night.entrants.filter(team=entrant.team) if night.team_format else None
    (same if same is not None else night.entrants.filter(pk=entrant.pk)).update(withdrawn=withdrawn)
    night.seating = {}
    night.bump()


@transaction.atomic
def add_late(found: ClubNight, version: int, name: str) -> None:
    """A player who came late: the next draw number, seated from the next round on."""
    night = _checked(found, version)
    if night.team_format:
        raise Conflict(_("In a night of teams, a late arrival comes as a team of two."))
    _add_entrants(night, [name])


@transaction.atomic
def add_late_team(found: ClubNight, version: int, names: Sequence[str]) -> None:
    """A team of two who came late, in the pair formats: the next team number, its players
    the next draw numbers, seated from the next round on. A round robin takes one before
    its first round only: once it has started, who meets whom is fixed (club.md,
    "round_robin")."""
    night = _checked(found, version)
    if not night.team_format:
        raise Conflict(_("In a night of players, a late arrival comes alone."))
    if night.event.get("format") == "round_robin" and night.rounds.exists():
        raise Conflict(
            _(
                "A round robin takes a late team before its first round only: once it has "
                "started, who meets whom is fixed."
            )
        )
    _add_entrants(night, names, team=True)


def _add_entrants(night: ClubNight, names: Sequence[str], team: bool = False) -> None:
    """The players `names` added to the night (as one team when `team`), after the last
    draw number; the engine reads the night again (NightError: nothing added)."""
    night.circle.lock()
    players = [night.circle.player(name) for name in names]
    if len({p.pk for p in players}) < len(players):
        raise Conflict(_("A team is two different players."))
    for player in players:
        if night.entrants.filter(player=player).exists():
            raise Conflict(_("%(name)s is at this night already.") % {"name": player.name})
    last = night.entrants.order_by("-number").values_list("number", flat=True).first() or 0
    number = None
    if team:
        teams = night.entrants.exclude(team=None).values_list("team", flat=True)
        number = max((t or 0 for t in teams), default=0) + 1
    Entrant.objects.bulk_create(
        Entrant(night=night, player=p, number=last + at, team=number, team_seat=at - 1)
        for at, p in enumerate(players, start=1)
    )
    night.seating = {}
    rounds = night.round_rows()
    read_night(night.record(rounds=rounds, hands=False), scored_of(rounds))
    night.bump()

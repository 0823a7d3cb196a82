"""What a club night's pages show, without a request: the setting up (who is here, what
will be played, or what does not fit), the night (standings, each round's tables, the next
round's seating) and the standings as CSV. Every figure and the order are the engine's."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import ngettext, pgettext

from games.engine import get_variant
from games.engine.club.night import Night, NightError, Proposal, layout_of
from games.engine.club.seating import Layout, sides_of
from games.engine.errors import ScorerError
from games.engine.names import name_key
from games.forms.club_night import ClubNightForm
from games.models import Circle, ClubNight, Game
from games.models.club_nights import NightRound
from games.models.club_round_values import round_lines
from games.pages.club_results_page import (
    Confirmation,
    StandingRow,
    change_rows,
    confirmation,
    ranked_rows,
    unconfirmed_entrants,
)
from games.pages.club_results_page import won_text as won_text  # where it was first
from games.pages.score_sheet_csv import BOM, as_text
from games.words import shown_text, shown_variant


@dataclass(frozen=True)
class Pick:
    pk: int
    name: str
    number: int | None
    """Its draw number, if picked."""


def plan_text(night: Night, seed: str) -> str:
    """What the night will do, from the engine's first round: its tables and who sits out."""
    proposal = night.propose(seed)
    tables = len(proposal.tables)
    out = len(proposal.byes)
    said = ngettext("%(count)s table", "%(count)s tables", tables) % {"count": tables}
    if out:
        said += ", " + ngettext(
            "%(count)s sits out each round", "%(count)s sit out each round", out
        ) % {"count": out}
    return said


def setup_page(circle: Circle, form: ClubNightForm, names: Sequence[str]) -> dict[str, Any]:
    """The night's second step: the roster to tap, who is here in draw order (in teams for
    the pair formats), and what the night will do or what does not fit."""
    numbers = {name_key(n): i for i, n in enumerate(names, start=1)}
    members = circle.players.filter(retired=None).order_by("name")
    picks = [Pick(p.pk, p.name, numbers.get(name_key(p.name))) for p in members]
    known = {name_key(p.name) for p in members}
    new = [Pick(0, n, numbers[name_key(n)]) for n in names if name_key(n) not in known]
    teams = form.data.get("format") in ("pairs", "round_robin")
    problem, plan = "", ""
    if not names:
        pass
    elif form.is_bound and not form.errors and form.night is not None:
        try:
            plan = plan_text(form.night, "0")
        except ScorerError as error:
            problem = shown_text(error.message)
    elif form.errors:
        problem = " ".join(str(e) for errors in form.errors.values() for e in errors)
    pairs = [names[i : i + 2] for i in range(0, len(names), 2)] if teams else []
    return {
        "circle": circle,
        "form": form,
        "variant": shown_variant(form.variant),
        "picks": picks,
        "new_picks": new,
        "here": list(names),
        "teams": pairs,
        "team_format": teams,
        "problem": problem,
        "plan": plan,
        "players": [p.name for p in members],
    }


@dataclass(frozen=True)
class TableRow:
    number: int
    players: list[str]
    totals: list[int]
    hands: int
    finished: bool
    game: Game
    confirmation: Confirmation | None = None
    sides: tuple[tuple[str, ...], ...] = ()
    """The players by side ("Ann & Cleo v Ben & Dov") in a game of partners; empty in a game
    of one player a side (its players are listed as they sit)."""


@dataclass(frozen=True)
class RoundRow:
    number: int
    tables: list[TableRow]
    byes: list[str]
    over: bool
    ended: bool


@dataclass(frozen=True)
class Seat:
    number: int
    """The player's draw number, what a tap sends."""
    name: str


@dataclass(frozen=True)
class EntrantRow:
    number: int
    name: str
    withdrawn: bool


def standing_rows(night: Night) -> list[StandingRow]:
    """The standings' lines as the engine ranks them (none marked provisional)."""
    return ranked_rows(night.standings(), set())


def counted(night: Night, rounds: Sequence[NightRound]) -> Night:
    """The night as its standings count it, over the rounds played so far: a round still
    being played is left out (its tables, at 0–0 when it starts, would each share a win,
    and its byes score an average of nothing); a round ended early counts as it stands.
    `rounds` ends with the night's last round (it may be that round alone)."""
    if rounds and not rounds[-1].over:
        return replace(night, rounds=night.rounds[:-1])
    return night


def standings_now(found: ClubNight) -> Night:
    """The night for its standings' CSV: as counted now."""
    rounds = found.round_rows()
    return counted(found.results_night(rounds), rounds)


def round_rows(
    rounds: Sequence[NightRound],
    names: dict[int, str],
    found: ClubNight | None = None,
    me: str | None = None,
    layout: Layout | None = None,
) -> list[RoundRow]:
    """The rounds' tables as they stand, each with its confirmation in `found`'s night (`me`:
    the name of the player this phone chose), its players by side when `layout` has
    partners."""
    shown = []
    for r in rounds:
        tables = []
        for t in r.table_rows():
            players = [seat.player.name for seat in t.game.seats.all()]
            sides: tuple[tuple[str, ...], ...] = ()
            if layout is not None and layout.partners and len(players) == layout.seats:
                sides = tuple(tuple(side) for side in sides_of(players, layout))
            tables.append(
                TableRow(
                    t.number,
                    players,
                    list(t.game.totals),
                    t.game.hand_count,
                    t.game.is_finished,
                    t.game,
                    confirmation(found, r, t, me) if found is not None else None,
                    sides,
                )
            )
        byes = [names[n] for n in r.byes if n in names]
        shown.append(RoundRow(r.number, tables, byes, r.over, r.ended is not None))
    return shown


@dataclass(frozen=True)
class RoundFold:
    """An earlier round, folded on the night's page: what its line says, and its tables
    when this page was asked to show them (`shown`)."""

    number: int
    tables: int
    byes: list[str]
    ended: bool
    unconfirmed: int
    """Its tables whose result is not confirmed yet (in a night that confirms results)."""
    shown: RoundRow | None = None


def one_round(
    found: ClubNight, number: int, names: dict[int, str], me: Any = None
) -> RoundRow | None:
    """Round `number` in full, its tables as they stand (None: no such round); `me`, this
    phone's entrant row (who may confirm a result)."""
    rounds = found.round_rows(number=number)
    me_name = me.player.name if me is not None else None
    layout = layout_of(get_variant(found.variant))
    shown = round_rows(rounds, names, found, me_name, layout)
    return shown[0] if shown else None


def night_page(
    found: ClubNight, held: int | None = None, me: int | None = None, opened: int | None = None
) -> dict[str, Any]:
    """The night's page: its standings, its last round in full and the earlier ones folded
    (each read in full only when asked for: `opened`), so that the page takes as long at
    round 8 as at round 2; its log of changes to confirmed results, and between rounds the
    next round's seating as the engine proposes it (or as swapped), `held` the player a
    first tap picked to swap, `me` the player this phone chose (who may confirm a result)."""
    rows = found.entrant_rows()
    names = found.entrant_names(rows)
    rounds = found.round_rows(last=True)
    mine = next((e for e in rows if e.number == me), None)
    me_name = mine.player.name if mine is not None else None
    layout = layout_of(get_variant(found.variant))
    folds = [
        RoundFold(
            line.number,
            line.tables,
            [names[n] for n in line.byes if n in names],
            line.ended,
            line.tables - line.confirmed if found.confirm_results else 0,
            one_round(found, line.number, names, mine) if line.number == opened else None,
        )
        for line in reversed(round_lines(found)[:-1])
    ]
    context: dict[str, Any] = {
        "night": found,
        "circle": found.circle,
        "variant": shown_variant(found.variant),
        "rounds": round_rows(rounds, names, found, me_name, layout),
        "folds": folds,
        "sitting_out": sitting_out_name(found, rounds, mine),
        "changes": change_rows(found),
        "entrants": [EntrantRow(e.number, e.player.name, e.withdrawn) for e in rows],
        "held": held,
        "team_format": found.team_format,
    }
    try:
        night = found.results_night(rows=rows)
    except NightError as error:
        context["broken"] = shown_text(error.message)
        return context
    provisional = unconfirmed_entrants(found, night)
    # Before a round is over the standings are all zeros, all tied: they wait for it.
    standing = counted(night, rounds)
    context["standings"] = ranked_rows(standing.standings(), provisional) if standing.rounds else []
    context["round_count"] = night.round_count
    context["playing"] = bool(rounds) and not rounds[-1].over
    if context["playing"]:
        return context
    if len(night.rounds) >= night.round_count:
        count = night.round_count
        context["no_next"] = ngettext(
            "%(count)s round is played: the night is over.",
            "All %(count)s rounds are played: the night is over.",
            count,
        ) % {"count": count}
        return context
    try:
        proposal = found.proposal(night)
    except ScorerError as error:
        context["no_next"] = shown_text(error.message)
        return context
    context["proposal"] = proposal_rows(found, proposal, rows)
    return context


def sitting_out_name(found: ClubNight, rounds: Sequence[NightRound], me: Any) -> str:
    """The name of this phone's player (`me`, their entrant row) when they sit out the round
    being played, alone or with their team ("" otherwise): the page tells them so."""
    if me is None or not rounds or rounds[-1].over:
        return ""
    entrant = (me.team or 0) if found.team_format else me.number
    if entrant not in rounds[-1].byes:
        return ""
    return str(me.player.name)


def proposal_rows(found: ClubNight, proposal: Proposal, rows: Sequence[Any]) -> dict[str, Any]:
    number_of = {e.player.name: e.number for e in rows}
    members = found.entrant_members(rows)
    names = found.entrant_names(rows)
    entrant_number = {name: n for n, name in names.items()}
    layout = layout_of(get_variant(found.variant))
    tables = [
        [[Seat(number_of[p], p) for p in side] for side in sides_of(t, layout)]
        for t in proposal.tables
    ]
    byes = []
    for bye in proposal.byes:
        for p in members[entrant_number[bye]]:
            byes.append(Seat(number_of[p], p))
    return {"round": proposal.round, "tables": tables, "byes": byes}


def standings_csv(night: Night) -> str:
    """The standings as CSV (with its BOM): rank, "=" for a tie, name, and the figures."""
    out = io.StringIO()
    writer = csv.writer(out)
    head = [
        pgettext("standings column", "Rank"),
        pgettext("standings column", "Tied"),
        pgettext("standings column", "Name"),
        pgettext("standings column", "Played"),
        pgettext("standings column", "Won"),
        pgettext("standings column", "Byes"),
        pgettext("standings column", "Points for"),
        pgettext("standings column", "Points against"),
        pgettext("standings column", "Difference"),
    ]
    writer.writerow(as_text(h) for h in head)
    for row in night.standings():
        s = row.standing
        won: int | float = int(s.won) if s.won.denominator == 1 else round(float(s.won), 4)
        writer.writerow(
            [
                row.rank,
                "=" if row.tied else "",
                as_text(s.name),
                s.played,
                won,
                s.byes,
                s.points_for,
                s.points_against,
                s.difference,
            ]
        )
    return BOM + out.getvalue()


def table_of(found: ClubNight, number: int) -> Game | None:
    """The game of the table where player `number` sits in the round being played, if any:
    a phone that chose that player is sent there (three queries, however many tables)."""
    entrant = found.entrants.filter(number=number).first()
    last = found.rounds.order_by("-number").first()
    if entrant is None or last is None or last.ended is not None:
        return None
    unfinished = Game.objects.filter(club_table__round=last, seats__player_id=entrant.player_id)
    return unfinished.exclude(status=Game.Status.FINISHED).order_by("club_table__number").first()

"""What a club night's results show, without a request: each table's result confirmed or
provisional (and whether this phone may confirm it), the night's log of changes to
confirmed results, the standings after any round, and the head-to-head of two entrants.
Every figure and the order are the engine's (games/engine/club/)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.club.meetings import head_to_head, standings_after
from games.engine.club.night import Night, NightError
from games.engine.club.standings import Ranked
from games.forms.club_night import HeadToHeadForm
from games.models import ClubNight, NightChange
from games.models.club_nights import NightRound, NightTable
from games.models.club_results import may_confirm, unconfirmed_players
from games.words import shown_text, shown_variant


def won_text(won: Fraction) -> str:
    """A count of wins: whole, or with its half or third (1½, 2⅓)."""
    whole, part = divmod(won, 1)
    marks = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔"}
    if not part:
        return str(int(whole))
    mark = marks.get(part, f"+{float(part):.2f}")
    return f"{int(whole)}{mark}" if whole else mark


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    tied: bool
    played: int
    won: str
    byes: int
    points_for: int
    points_against: int
    difference: int
    withdrawn: bool
    provisional: bool = False
    """Its figures hold a result not confirmed yet."""


@dataclass(frozen=True)
class Confirmation:
    """A table's result as the night's confirmation sees it."""

    table: int
    """The table's row (what a confirmation sends)."""
    version: int
    """The game's version this page shows (what a confirmation carries)."""
    confirmed: bool
    confirmed_by: str
    provisional: bool
    """Its game is over and nobody of the other side confirmed it yet."""
    mine: bool
    """This phone's player may confirm it."""


def confirmation(
    night: ClubNight, r: NightRound, table: NightTable, me_name: str | None
) -> Confirmation | None:
    """The table's confirmation, in a night that confirms results (None otherwise)."""
    if not night.confirm_results:
        return None
    game = table.game
    over = game.is_finished or r.ended is not None
    confirmed = table.confirmed
    mine = over and not confirmed and me_name is not None and me_name in may_confirm(table, game)
    return Confirmation(
        table.pk,
        game.version,
        confirmed,
        table.confirmed_by if confirmed else "",
        over and not confirmed,
        mine,
    )


def unconfirmed_entrants(found: ClubNight, read: Night) -> set[str]:
    """The entrants whose standing holds a result not confirmed yet, over every round `read`
    holds (none in a night that does not confirm results)."""
    entrant_of = read.entrant_of
    players = unconfirmed_players(found, len(read.rounds))
    return {entrant_of[name] for name in players if name in entrant_of}


@dataclass(frozen=True)
class ChangeRow:
    round: int
    table: int
    hand: int | None
    was: str
    now: str
    phone: str
    at: Any


def change_rows(found: ClubNight) -> list[ChangeRow]:
    """The night's log: each change to a confirmed result, the newest first."""
    rows = []
    for change in NightChange.objects.filter(night=found):
        if change.organiser:
            phone = _("the organiser")
        elif change.phone:
            phone = change.phone
        else:
            phone = _("a phone that chose no player")
        rows.append(
            ChangeRow(
                change.round_number,
                change.table_number,
                change.hand,
                " – ".join(str(t) for t in change.was),
                " – ".join(str(t) for t in change.now),
                phone,
                timezone.localtime(change.at),
            )
        )
    return rows


def ranked_rows(ranked: Sequence[Ranked], provisional: set[str]) -> list[StandingRow]:
    return [
        StandingRow(
            row.rank,
            row.standing.name,
            row.tied,
            row.standing.played,
            won_text(row.standing.won),
            row.standing.byes,
            row.standing.points_for,
            row.standing.points_against,
            row.standing.difference,
            row.standing.withdrawn,
            row.standing.name in provisional,
        )
        for row in ranked
    ]


def standings_page(found: ClubNight, after: int | None) -> dict[str, Any]:
    """The standings after round `after` (None or out of range: after every round played),
    with a link to each round's."""
    context: dict[str, Any] = {"night": found, "circle": found.circle}
    context["variant"] = shown_variant(found.variant)
    try:
        read = found.results_night()
    except NightError as error:
        context["broken"] = shown_text(error.message)
        return context
    played = len(read.rounds)
    shown = after if after is not None and 1 <= after <= played else played
    unconfirmed = unconfirmed_players(found, shown)
    provisional = {read.entrant_of[p] for p in unconfirmed if p in read.entrant_of}
    context["standings"] = ranked_rows(standings_after(read, shown), provisional)
    context["after"] = shown
    context["latest"] = shown == played
    context["round_numbers"] = list(range(1, played + 1))
    return context


@dataclass(frozen=True)
class MeetingRow:
    round: int
    table: int
    first_players: tuple[str, ...]
    second_players: tuple[str, ...]
    first_total: int
    second_total: int
    first_won: str
    second_won: str


def head_to_head_page(found: ClubNight, form: HeadToHeadForm) -> dict[str, Any]:
    """Two entrants picked: the games they played against each other this night (rounds,
    tables, sides, totals, wins), and their sums."""
    context: dict[str, Any] = {"night": found, "circle": found.circle, "form": form}
    context["variant"] = shown_variant(found.variant)
    if not form.is_bound or not form.is_valid():
        return context
    try:
        read = found.results_night()
    except NightError as error:
        context["broken"] = shown_text(error.message)
        return context
    first, second = form.entrant_names()
    meetings = head_to_head(read, first, second)
    context["first"], context["second"] = first, second
    context["meetings"] = [
        MeetingRow(
            m.round,
            m.table,
            m.first_players,
            m.second_players,
            m.first_total,
            m.second_total,
            won_text(m.first_won),
            won_text(m.second_won),
        )
        for m in meetings.meetings
    ]
    context["first_won"] = won_text(meetings.first_won)
    context["second_won"] = won_text(meetings.second_won)
    context["first_points"] = meetings.first_points
    context["second_points"] = meetings.second_points
    return context

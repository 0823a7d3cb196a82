"""What a club night's hall display shows, without a request: a screen for the room (a TV or
a projector) with every table's score and hand count while a round is played, the next
round's seating between rounds, and the standings, each in pages the screen turns through
so that twenty tables and eighty players fit without scrolling.

The screen asks every few seconds whether anything changed (`hall_version`): one query
reads the night's version with its tables' games' versions, so an unchanged night costs
that query alone, whatever the number of tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches
from django.db.models import Count, Sum
from django.utils import translation

from games.engine import get_variant
from games.engine.club.night import Night, NightError, Proposal, layout_of
from games.engine.club.seating import Layout, sides_of
from games.engine.errors import ScorerError
from games.models import ClubNight
from games.models.club_round_values import LastRound, last_round
from games.pages.club_night_page import standing_rows
from games.pages.club_results_page import StandingRow
from games.words import shown_text, shown_variant

# What one page of the screen holds: a 3 × 3 grid of tables beside 14 standings, large
# enough to read from the back of a room at 1280 × 720 as at 1920 × 1080.
TABLES_A_PAGE = 9
STANDINGS_A_PAGE = 14
# Seconds each page stays on the screen, and between two asks for a change.
TURN_SECONDS = 12
POLL_SECONDS = 3
# The largest page turn a link may ask for; any other number starts at the first page.
MAX_TURN = 10_000


@dataclass(frozen=True)
class HallSide:
    names: tuple[str, ...]
    total: int | None
    """The side's total; None in a seating (no game yet)."""
    leads: bool
    """The side won (a finished table) or holds the highest total (one being played)."""


@dataclass(frozen=True)
class HallTable:
    number: int
    sides: tuple[HallSide, ...]
    hands: int | None
    finished: bool


@dataclass(frozen=True)
class HallPage[T]:
    """One page of a pager: its items, and whether it is the one on the screen now."""

    number: int
    items: tuple[T, ...]
    shown: bool


def paged[T](items: Sequence[T], size: int, turn: int) -> list[HallPage[T]]:
    """`items` in pages of `size`, page `turn` (modulo their number) shown."""
    count = max(1, -(-len(items) // size))
    return [
        HallPage(n + 1, tuple(items[n * size : (n + 1) * size]), n == turn % count)
        for n in range(count)
    ]


def hall_version(circle: str, night: str) -> str | None:
    """The night's version and its tables' games' versions as one word, in one query; None
    for no such night. Every change to the night or to a hand, a game's settings or its
    players moves one of them on, and none ever goes back, so the sum moves on too."""
    row = (
        ClubNight.objects.filter(slug=night, circle__slug=circle)
        .annotate(games=Sum("rounds__tables__game__version"), tables=Count("rounds__tables"))
        .values_list("version", "tables", "games")
        .first()
    )
    if row is None:
        return None
    version, tables, games = row
    return f"{version}.{tables}.{games or 0}"


def played_tables(last: LastRound, layout: Layout) -> list[HallTable]:
    shown = []
    for t in last.tables:
        totals = list(t.totals) or [0] * layout.side_count
        if t.finished:
            leading = set(t.winners)
        elif t.hands:
            top = max(totals)
            leading = {i for i, total in enumerate(totals) if total == top}
        else:
            leading = set()
        sides = tuple(
            HallSide(tuple(names), totals[i] if i < len(totals) else 0, i in leading)
            for i, names in enumerate(sides_of(t.players, layout))
        )
        shown.append(HallTable(t.number, sides, t.hands, t.finished))
    return shown


def seating_tables(proposal: Proposal, layout: Layout) -> list[HallTable]:
    return [
        HallTable(
            number,
            tuple(HallSide(tuple(side), None, False) for side in sides_of(t, layout)),
            None,
            False,
        )
        for number, t in enumerate(proposal.tables, start=1)
    ]


@dataclass(frozen=True)
class HallContents:
    """What the display shows, before it is paged: `stage` says what the tables are
    ("playing": the round's tables and their scores; "seating": the next round's; "over":
    the last round's, the night being over; "broken": the engine cannot read the night)."""

    stage: str
    round: int = 0
    round_count: int = 0
    tables: tuple[HallTable, ...] = ()
    byes: tuple[str, ...] = ()
    standings: tuple[StandingRow, ...] = ()
    broken: str = ""
    standings_version: str = ""
    """The version the standings are kept at, when it is not the night's (while a round is
    played, that of the rounds before it)."""


@dataclass(frozen=True)
class Settled:
    """What no hand of the round being played changes: the night as the engine reads it up
    to that round, its entrants' names and the standings so far (or why it cannot be read)."""

    version: str
    night: Night | None
    names: dict[int, str]
    members: dict[int, tuple[str, ...]]
    standings: tuple[StandingRow, ...]
    broken: str = ""


def settled(found: ClubNight, before: int, version: str) -> Settled:
    """The night before round `before`, read by the engine from its stored results, kept in
    the "rows" cache under the version of those rounds (`LastRound.settled`, read first, so
    never newer than what it names) and the language: while a round is played every hand
    changes its tables alone, and the screens read the earlier rounds once."""
    key = f"hall-settled:{found.slug}:{version}:{translation.get_language()}"
    cache = caches["rows"]
    kept: Settled | None = cache.get(key)
    if kept is not None:
        return kept
    rows = found.entrant_rows()
    names, members = found.entrant_names(rows), found.entrant_members(rows)
    try:
        night = found.results_night(rows=rows, before=before)
    except NightError as error:
        kept = Settled(version, None, names, members, (), shown_text(error.message))
    else:
        # No standings until a round is over: before, they are all zeros, all tied.
        standings = tuple(standing_rows(night)) if night.rounds else ()
        kept = Settled(version, night, names, members, standings)
    cache.set(key, kept)
    return kept


def hall_contents(found: ClubNight) -> HallContents:
    """The night read by the engine once, as the display shows it: while a round is played,
    the earlier rounds as kept (`settled`) and the round's tables read on top of them."""
    last = last_round(found)
    layout = layout_of(get_variant(found.variant))
    if last is not None and not last.over:
        before = settled(found, last.number, last.settled)
        if before.night is None:
            return HallContents("broken", broken=before.broken)
        try:
            night = before.night.with_round(last.record(before.names, before.members), last.scored)
        except NightError as error:
            return HallContents("broken", broken=shown_text(error.message))
        byes = tuple(before.names[n] for n in last.byes if n in before.names)
        tables = tuple(played_tables(last, layout))
        return HallContents(
            "playing",
            last.number,
            night.round_count,
            tables,
            byes,
            before.standings,
            standings_version=before.version,
        )
    try:
        night = found.results_night()
    except NightError as error:
        return HallContents("broken", broken=shown_text(error.message))
    standings = tuple(standing_rows(night)) if night.rounds else ()
    try:
        proposal = found.proposal(night)
    except ScorerError:
        tables = tuple(played_tables(last, layout)) if last else ()
        number = last.number if last else 0
        return HallContents("over", number, night.round_count, tables, (), standings)
    tables = tuple(seating_tables(proposal, layout))
    return HallContents(
        "seating", proposal.round, night.round_count, tables, proposal.byes, standings
    )


def cached_contents(found: ClubNight, version: str | None) -> HallContents:
    """The contents at `version` (read before the night, so never newer than what it
    names), kept in the "rows" cache: every screen following the night asks after each
    change, and the engine reads the night for the first of them alone."""
    if version is None:
        return hall_contents(found)
    key = f"hall:{found.slug}:{version}:{translation.get_language()}"
    cache = caches["rows"]
    contents: HallContents | None = cache.get(key)
    if contents is None:
        contents = hall_contents(found)
        cache.set(key, contents)
    return contents


def hall_page(found: ClubNight, turn: int = 0, version: str | None = None) -> dict[str, Any]:
    """The hall display at `version`: the contents, each pager at page `turn` (modulo its
    number of pages)."""
    contents = cached_contents(found, version)
    standing_pages = paged(contents.standings, STANDINGS_A_PAGE, turn) if contents.standings else []
    shown = next((page.number for page in standing_pages if page.shown), 0)
    # The standings' drawing is kept (templates/games/club_hall.html) under their version,
    # the page shown and the stage: while a round is played, no hand changes them.
    kept = f"{contents.standings_version or version or ''}.{shown}.{contents.stage}"
    return {
        "night": found,
        "circle": found.circle,
        "variant": shown_variant(found.variant),
        "version": version,
        "turn": turn,
        "next_turn": (turn + 1) % MAX_TURN,
        "turn_seconds": TURN_SECONDS,
        "poll_seconds": POLL_SECONDS,
        "stage": contents.stage,
        "round": contents.round,
        "round_count": contents.round_count,
        "broken": contents.broken,
        "byes": contents.byes,
        "table_pages": paged(contents.tables, TABLES_A_PAGE, turn),
        "standing_pages": standing_pages,
        "standings_kept": kept if version is not None else "",
    }


def turn_of(value: int | None) -> int:
    """The page turn a link asks for, if it is a sensible one; else the first."""
    return value if value is not None and 0 <= value < MAX_TURN else 0

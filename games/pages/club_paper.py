"""What a club night's paper shows, without a request: a card for each table of the round
(its number, its players by side and seat, a QR code to its game or, before the round is
started, to the night's page), the seating list for the wall (every player by name, with
table and seat), and blank score pads, one a table, for when a phone gives out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from games.engine import get_variant
from games.engine.club.night import NightError
from games.engine.club.seating import Layout
from games.engine.errors import ScorerError
from games.engine.names import name_key
from games.models import ClubNight
from games.words import shown_text, shown_variant

# The rows of a score pad when the round plays to the game's target: what fits a page.
PAD_ROWS = 20
MAX_PAD_ROWS = 50
PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class PaperSeat:
    seat: int
    """Seat number from 1, seat 1 dealing first."""
    name: str


@dataclass(frozen=True)
class PaperTable:
    number: int
    sides: tuple[tuple[PaperSeat, ...], ...]
    link: str
    """What its QR code opens: the table's game, or the night's page before the round."""
    to_game: bool

    def side_names(self) -> list[str]:
        return [" & ".join(seat.name for seat in side) for side in self.sides]


@dataclass(frozen=True)
class SeatingLine:
    name: str
    table: int | None
    """None: sits out the round."""
    seat: int | None
    partners: tuple[str, ...]


def by_side(players: Sequence[str], layout: Layout) -> tuple[tuple[PaperSeat, ...], ...]:
    sides: list[list[PaperSeat]] = [[] for _ in range(layout.side_count)]
    for seat, name in enumerate(players):
        sides[layout.sides[seat]].append(PaperSeat(seat + 1, name))
    return tuple(tuple(side) for side in sides)


def paper_round(found: ClubNight, absolute: Callable[[str], str]) -> dict[str, Any]:
    """The round the paper is for: the one being played (each table's QR code opens its
    game), else the next one as proposed (the night's page, where a phone taps its name),
    else the last one played. `absolute` makes a path a whole link. `out` are the players
    sitting out, each by name (both of a team)."""
    layout = Layout(tuple(get_variant(found.variant).side_of(s) for s in range(seats(found))))
    night_link = absolute(reverse("club_night", args=[found.circle.slug, found.slug]))
    context: dict[str, Any] = {
        "night": found,
        "circle": found.circle,
        "variant": shown_variant(found.variant),
        "night_link": night_link,
        "tables": [],
        "out": [],
        "round": 0,
    }
    rows = found.entrant_rows()
    names, members = found.entrant_names(rows), found.entrant_members(rows)
    rounds = found.round_rows()
    last = rounds[-1] if rounds else None
    if last is None or last.over:
        try:
            night = found.results_night(rounds)
        except NightError as error:
            context["broken"] = shown_text(error.message)
            return context
        try:
            proposal = found.proposal(night)
        except ScorerError:
            pass  # every round is played: the paper is the last round's
        else:
            number_of = {name: n for n, name in names.items()}
            context["round"] = proposal.round
            context["tables"] = [
                PaperTable(number, by_side(t, layout), night_link, False)
                for number, t in enumerate(proposal.tables, start=1)
            ]
            context["out"] = [p for bye in proposal.byes for p in members[number_of[bye]]]
            return context
    if last is not None:
        context["round"] = last.number
        context["tables"] = [
            PaperTable(
                t.number,
                by_side([seat.player.name for seat in t.game.seats.all()], layout),
                absolute(reverse("game", args=[found.circle.slug, t.game.slug])),
                True,
            )
            for t in last.table_rows()
        ]
        context["out"] = [p for n in last.byes for p in members.get(n, ())]
    return context


def seats(found: ClubNight) -> int:
    return int(get_variant(found.variant).seats)


def seating_lines(tables: Sequence[PaperTable], out: Sequence[str]) -> list[SeatingLine]:
    """Every player of the round by name (as names compare, case aside), with
    their table, seat and partners, and those sitting out."""
    lines = []
    for table in tables:
        for side in table.sides:
            for seat in side:
                partners = tuple(s.name for s in side if s is not seat)
                lines.append(SeatingLine(seat.name, table.number, seat.seat, partners))
    lines.extend(SeatingLine(name, None, None, ()) for name in out)
    return sorted(lines, key=lambda line: (name_key(line.name), line.name))


def pad_rows(found: ClubNight) -> int:
    """A pad's rows: the round's deals when it has a number of them, else a page's worth."""
    deals = found.event.get("round_length")
    if not isinstance(deals, int):
        deals = found.settings.get("deals")
    if isinstance(deals, int) and deals > 0:
        return min(deals, MAX_PAD_ROWS)
    return PAD_ROWS


def paper_of(value: str | None) -> str:
    """The paper a link asks for (A4 or US Letter), else A4."""
    return value if value in PAPERS else PAPERS[0]


def paper_page(
    found: ClubNight, absolute: Callable[[str], str], kind: str, paper: str | None
) -> dict[str, Any]:
    """A sheet to print (`kind`: "cards", "seating" or "pads") on `paper` (A4 unless it
    names Letter)."""
    context = paper_round(found, absolute)
    context["paper"] = paper_of(paper)
    context["kind"] = kind
    if kind == "seating":
        context["lines"] = seating_lines(context["tables"], context["out"])
    if kind == "pads":
        context["rows"] = range(1, pad_rows(found) + 1)
    return context

"""What a season's page shows, without a request: its nights as columns, each player's value
of each night (the counted ones marked), nights played, total and average, ranked by the
engine (games/engine/club/season.py); the same as CSV; and the circle's seasons listed."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import nights
from games.engine.club.season import SeasonNight, SeasonRow, season_table
from games.models import Circle
from games.models.seasons import Season, season_nights
from games.pages.score_sheet_csv import BOM, as_text
from games.words import minus, shown_variant


@dataclass(frozen=True)
class NightColumn:
    day: str
    """The night's day and month ("June 12")."""
    iso: str
    kind: str
    key: str
    """A club night's slug, or the card night's date: its page's link."""


@dataclass(frozen=True)
class Cell:
    """A player's night as the table shows it: its value as text ("" when absent), its
    place of the night's entrants ("2/5") on a season by place, and whether it counts."""

    text: str
    counted: bool
    place: str = ""

    @property
    def absent(self) -> bool:
        return not self.text

    @property
    def dropped(self) -> bool:
        return bool(self.text) and not self.counted


@dataclass(frozen=True)
class Line:
    rank: int | None
    tied: bool
    name: str
    nights: int
    cells: list[Cell]
    total: int
    average: str
    last: bool


def average_text(value: Fraction) -> str:
    """An average to one decimal, as the reader's language writes it (4.5; 4,5)."""
    return formats.number_format(round(float(value), 1), decimal_pos=1, use_l10n=True)


def lines(found: list[SeasonNight], rows: list[SeasonRow], places: bool) -> list[Line]:
    """The table's lines, each night's cell written once here (a season of many nights
    has hundreds of cells: the template only places them)."""
    shown = []
    for row in rows:
        cells = []
        for night, value, counted in zip(found, row.values, row.counted, strict=True):
            score = night.scores.get(row.name)
            if score is None or value is None:
                cells.append(Cell("", False))
                continue
            place = f"{score.place}/{score.of}" if places else ""
            cells.append(Cell(minus(value), counted, place))
        shown.append(
            Line(
                row.rank,
                row.tied,
                row.name,
                row.nights,
                cells,
                row.total,
                average_text(row.average),
                row.last,
            )
        )
    return shown


def rules_text(season: Season, held: int) -> list[str]:
    """The season's rules in sentences, each figure one the reader can check."""
    said = []
    if season.scoring == Season.Scoring.POSITION:
        said.append(
            _(
                "A night scores one point for each player placed level with or below you, "
                "yourself included: first of 8 scores 8, last scores 1."
            )
        )
    else:
        said.append(_("A night scores your points for, as the night's standings count them."))
    if season.counts == Season.Counts.CARDS:
        said.append(
            _(
                "Ordinary games count too: each card night's finished games (from 06:00 to "
                "06:00 the next morning), ranked by games won, then difference, then points."
            )
        )
    if season.best:
        said.append(
            ngettext(
                "Each player's best night counts.",
                "Each player's best %(count)s nights count.",
                season.best,
            )
            % {"count": season.best}
        )
    else:
        said.append(_("Every night counts."))
    if season.planned:
        said.append(
            _("%(held)s of %(planned)s nights held.") % {"held": held, "planned": season.planned}
        )
    if season.minimum > 1:
        said.append(
            ngettext(
                "A player needs %(count)s night to be ranked.",
                "A player needs %(count)s nights to be ranked.",
                season.minimum,
            )
            % {"count": season.minimum}
        )
    said.append(_("The average is the mean of every night played, counted or not."))
    if season.last_prize:
        said.append(_("Last place wins a prize."))
    return said


def season_page(season: Season) -> dict[str, Any]:
    found = season_nights(season)
    rows = season_table(found, season.rules)
    columns = [
        NightColumn(nights.short_title(n.day), n.day.isoformat(), n.kind, n.key) for n in found
    ]
    position = season.scoring == Season.Scoring.POSITION
    table = lines(found, rows, position)
    return {
        "season": season,
        "circle": season.circle,
        "variant": shown_variant(season.variant) if season.variant else None,
        "columns": columns,
        "ranked": [line for line in table if line.rank is not None],
        "unranked": [line for line in table if line.rank is None],
        "rules": rules_text(season, len(found)),
        "starts": formats.date_format(season.starts, "DATE_FORMAT"),
        "ends": formats.date_format(season.ends, "DATE_FORMAT"),
        "position": position,
    }


def season_csv(season: Season) -> str:
    """The season's table as CSV (with its BOM): rank, "=" for a tie, name, nights played,
    each night's value (a counted one as it is, one not counted in brackets), total,
    average, and the last-place mark."""
    found = season_nights(season)
    rows = season_table(found, season.rules)
    out = io.StringIO()
    writer = csv.writer(out)
    head = [
        pgettext("standings column", "Rank"),
        pgettext("standings column", "Tied"),
        pgettext("standings column", "Name"),
        pgettext("season column", "Nights"),
        *(night_head(n) for n in found),
        pgettext("season column", "Total"),
        pgettext("season column", "Average"),
        pgettext("season column", "Last place"),
    ]
    writer.writerow(as_text(h) for h in head)
    for row in rows:
        values = [
            "" if v is None else (str(v) if c else f"({v})")
            for v, c in zip(row.values, row.counted, strict=True)
        ]
        writer.writerow(
            [
                row.rank if row.rank is not None else "",
                "=" if row.tied else "",
                as_text(row.name),
                row.nights,
                *values,
                row.total,
                f"{float(row.average):.1f}",
                "1" if row.last else "",
            ]
        )
    return BOM + out.getvalue()


def night_head(night: SeasonNight) -> str:
    if night.kind == "club":
        return pgettext("season column", "%(date)s club night") % {"date": night.day.isoformat()}
    return night.day.isoformat()


def circle_seasons(circle: Circle) -> list[Season]:
    """The circle's seasons, the latest first (the circle page lists them)."""
    return list(circle.seasons.all())

"""A circle's history as a spreadsheet: one row per game, in the circle's time zone.

A spreadsheet runs a cell that starts with = + - or @ (or their full-width forms, ＝ ＋ － ＠)
as a formula, so a player named "=HYPERLINK(…)" would become a link on the reader's screen.
Text cells that start so are written with a leading apostrophe, which spreadsheets show as
plain text (games/pages/score_sheet_csv.py, as_text); numbers are written as numbers.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zoneinfo
from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.nights import night_of
from games.pages.file_names import file_word
from games.pages.game_rows import GameRow
from games.pages.score_sheet_csv import as_text

# Four sides at most (304 and Hoşkin Tekli have three or four players); fewer leave blanks.
MAX_SIDES = 4


def header() -> list[str]:
    """The column headings, in the reader's language."""
    sides = []
    for i in range(1, MAX_SIDES + 1):
        sides += [_("side %(number)s") % {"number": i}, _("score %(number)s") % {"number": i}]
    return [
        pgettext("history column", "date"),
        pgettext("history column", "night"),
        pgettext("history column", "game"),
        *sides,
        pgettext("history column", "winner"),
        pgettext("history column", "hands"),
        pgettext("history column", "status"),
    ]


def guarded(cell: str | int) -> str | int:
    """A text cell a spreadsheet will not run as a formula (games/pages/score_sheet_csv.py)."""
    return as_text(cell) if isinstance(cell, str) else cell


def row(game: GameRow, tz: zoneinfo.ZoneInfo) -> list[str | int]:
    sides: list[str | int] = []
    for i in range(MAX_SIDES):
        named = i < len(game.sides)
        sides += [game.side_names[i], game.totals[i]] if named else ["", ""]
    return [
        f"{game.created.astimezone(tz):%Y-%m-%d %H:%M}",
        night_of(game.created, tz).isoformat(),
        game.engine.name,
        *sides,
        " & ".join(game.winner_names),
        game.hand_count,
        status(game),
    ]


def status(game: GameRow) -> str:
    if game.abandoned:
        return pgettext("game status", "abandoned")
    if game.finished:
        return pgettext("game status", "finished")
    return pgettext("game status", "in progress")


def history_csv(games: Iterable[GameRow], tz: zoneinfo.ZoneInfo) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header())
    for game in games:
        writer.writerow([guarded(cell) for cell in row(game, tz)])
    return out.getvalue()


def filename(circle_name: str, day: dt.date) -> str:
    """The download's file name: the circle's name in its own letters, then the date."""
    return f"{file_word(circle_name)[:40].strip('-') or 'circle'}-history-{day.isoformat()}.csv"

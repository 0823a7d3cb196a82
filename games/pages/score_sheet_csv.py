"""A score sheet as CSV, for a spreadsheet: a header row, then one row per hand."""

from __future__ import annotations

import csv
import io
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.pages.score_sheet import Sheet

# Excel reads a CSV file without a byte-order mark in the system's legacy code page, so
# "Şule" and ♠ come out garbled; with the mark it reads UTF-8. LibreOffice takes the mark
# as UTF-8 too, and so do Numbers and Google Sheets. Hence UTF-8 with a BOM.
BOM = "\ufeff"

# A cell starting with one of these is run as a formula by spreadsheets (CSV injection);
# a leading apostrophe makes it text. Numbers are written as numbers and keep their sign.
# Spreadsheets read the full-width and small forms (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫) as these too, as
# NFKC does, and some drop spaces before a cell's first character (games/pages/history_csv.py too).
FORMULA_STARTS = ("=", "+", "-", "@")
CONTROL_STARTS = ("\t", "\r", "\n")


def runs_as_formula(value: str) -> bool:
    """Whether a spreadsheet might run the text cell `value` as a formula."""
    if value.startswith(CONTROL_STARTS):
        return True
    first = value.lstrip()[:1]
    return bool(first) and unicodedata.normalize("NFKC", first).startswith(FORMULA_STARTS)


def as_text(value: str) -> str:
    """A text cell that a spreadsheet shows as written, never runs."""
    return "'" + value if runs_as_formula(value) else value


def sheet_csv(sheet: Sheet) -> str:
    """The sheet's rows as CSV text (with its BOM): hand, dealer, taker, contract, trump and
    result where the game has contracts, then each side's hand score and running total. The
    headings and words are in the reader's language; numbers stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out)
    contracts = bool(sheet.taker)
    head = [pgettext("sheet column", "Hand"), pgettext("sheet column", "Dealer")]
    if contracts:
        head += [
            sheet.taker,
            pgettext("sheet column", "Contract"),
            pgettext("sheet column", "Trump"),
            pgettext("sheet column", "Result"),
        ]
    else:
        head += [pgettext("sheet column", "Trump")]
    for side in sheet.sides:
        head += [_("%(side)s: hand") % {"side": side}, _("%(side)s: total") % {"side": side}]
    writer.writerow(as_text(h) for h in head)
    for row in sheet.rows:
        cells: list[str | int] = [row.number, as_text(row.dealer)]
        if contracts:
            contract = "" if row.contract is None else row.contract
            cells += [as_text(row.taker), contract, row.suit, row.result_text]
        else:
            cells += [row.suit]
        for cell in row.cells:
            cells += [cell.score, cell.total]
        writer.writerow(cells)
    return BOM + out.getvalue()

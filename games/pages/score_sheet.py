"""The score sheet: a game's hands as rows, the way the paper sheet at the table has them.

Each row is read from a stored hand (its dealer, taker, contract, trump, verdict, and the
engine's scores and totals); only a hand with no verdict asks the engine whether its deal was
played at all. The sheet on the page and the CSV download are both made from these rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import pgettext

from games.engine.cards import Suit
from games.engine.names import name_key
from games.words import unplayed_word

if TYPE_CHECKING:
    from games.models import Game, Hand

SYMBOLS = {suit.value: suit.symbol for suit in Suit}

# What the mark column shows for each verdict; an unplayed deal shows its own word.
MARKS = {"made": "✓", "failed": "✗"}
# The longest name the sheet's narrow columns show whole; a longer one is shown short, and
# the sheet's key names it in full (a 40-character name fits no column of a phone's sheet,
# and twenty rows of one line each must fit a TV's).
SHORTEST = 7


def short_names(names: Sequence[str]) -> list[str]:
    """Each player's name as the sheet's columns show it: the whole name while it is short;
    else its first word, while that is short and no other player's; else its initials. Never
    a word cut, and never two players alike (a seat number tells them apart if need be)."""
    firsts = [name.split()[0] if name.split() else name for name in names]

    def short(i: int, name: str) -> str:
        if len(name) <= SHORTEST:
            return name
        first = firsts[i]
        if len(first) <= SHORTEST and [name_key(f) for f in firsts].count(name_key(first)) == 1:
            return first
        return "".join(word[0] for word in re.split(r"[\s\-‐]+", name) if word)[:4]

    shorts = [short(i, name) for i, name in enumerate(names)]
    keys = [name_key(s) for s in shorts]
    return [f"{s} {i + 1}" if keys.count(keys[i]) > 1 else s for i, s in enumerate(shorts)]


def result_word(result: str) -> str:
    """A row's verdict as the reader's language says it: "made", "failed", or the word for a
    deal not played ("redeal", "void", "forfeit"); "" for none."""
    if result == "made":
        return pgettext("contract", "made")
    if result == "failed":
        return pgettext("contract", "failed")
    return unplayed_word(result) if result else ""


@dataclass(frozen=True)
class Cell:
    """One side's part of a row: what the hand scored and the total after it."""

    score: int
    total: int


@dataclass(frozen=True)
class Row:
    pk: int
    number: int
    dealer: str
    taker: str
    """Who called, bid or holds the contract; "" when nobody did."""
    contract: int | None
    """What the contract was worth (the CSV's number)."""
    contract_text: str
    """The contract as the sheet shows it (a Text, or the worth): "100", "capot ×2"."""
    trump: str
    """The trump's letter ("H"), "" when there is none."""
    result: str
    """"made", "failed", the word for a deal not played ("redeal", "void", "forfeit"), or ""
    in a game without contracts."""
    cells: tuple[Cell, ...]
    dealer_short: str = ""
    taker_short: str = ""
    """The dealer and the taker as the sheet's columns show them, where that is not their
    whole name (`short_names`)."""

    @property
    def suit(self) -> str:
        return SYMBOLS.get(self.trump, "")

    @property
    def mark(self) -> str:
        return MARKS.get(self.result, self.result_text)

    @property
    def result_text(self) -> str:
        """The verdict in the reader's language (`result` stays the key, for CSS classes)."""
        return result_word(self.result)


@dataclass(frozen=True)
class Sheet:
    sides: tuple[str, ...]
    taker: str
    """The heading of the taker's column (the variant's word, in the reader's language); ""
    hides it and the marks."""
    rows: tuple[Row, ...]
    heads: tuple[str, ...] = ()
    """The sides as the sheet's heads show them, in short names (`short_names`)."""
    key: tuple[tuple[str, str], ...] = ()
    """(short, whole) for every name the sheet shows short."""

    @property
    def side_heads(self) -> tuple[tuple[str, str], ...]:
        """(the side's names in full, as its head shows them) per side."""
        return tuple(zip(self.sides, self.heads or self.sides, strict=True))

    @property
    def wide(self) -> bool:
        """Three or four sides: each side's hand score goes under its total, in one column,
        so the names keep some room on a 360 px phone."""
        return len(self.sides) > 2

    @property
    def columns(self) -> int:
        """How many columns a row has: number, dealer, the taker and mark or the trump, and
        one or two per side."""
        return 2 + (2 if self.taker else 1) + len(self.sides) * (1 if self.wide else 2)


def score_sheet(game: Game, hands: Iterable[Hand], names: Sequence[str]) -> Sheet:
    """The sheet of `hands` (live hands of `game`, in order), naming players by `names`."""
    engine = game.engine  # its words in the reader's language
    settings = game.engine_settings()
    shorts = short_names(names)
    short = [s if s != name else "" for s, name in zip(shorts, names, strict=True)]

    def result(hand: Hand) -> str:
        if hand.made is not None:
            return "made" if hand.made else "failed"
        return game.rules.hand(hand.facts, settings, names).unplayed

    rows = tuple(
        Row(
            pk=hand.pk,
            number=hand.number or 0,
            dealer=names[hand.dealer],
            taker=names[hand.declarer] if hand.declarer is not None else "",
            contract=hand.contract,
            contract_text=engine.sheet_contract(hand.facts, hand.contract),
            trump=hand.trump,
            result=result(hand),
            cells=tuple(Cell(s, t) for s, t in zip(hand.scores, hand.totals, strict=True)),
            dealer_short=short[hand.dealer],
            taker_short=short[hand.declarer] if hand.declarer is not None else "",
        )
        for hand in hands
    )
    key = tuple((short, name) for short, name in zip(shorts, names, strict=True) if short != name)
    return Sheet(engine.side_names(names), engine.taker, rows, engine.side_names(shorts), key)


# The sheet's rows are a few cells each: a long evening fits, and so does its printout.
SHEET_HANDS = 100


def newest_sheet(game: Game, names: list[str], before: int | None) -> tuple[Sheet, int | None]:
    """The sheet of the newest SHEET_HANDS hands (before hand `before`, when given), and the
    number the link to the hands before them names (None when they all fit)."""
    hands = game.live_hands()
    if before:
        hands = hands.filter(number__lt=before)
    rows = list(hands.reverse()[: SHEET_HANDS + 1])[::-1]
    earlier = rows[1].number if len(rows) > SHEET_HANDS else None
    return score_sheet(game, rows[-SHEET_HANDS:], names), earlier

"""Whole numbers as a table writes them: ASCII digits, an optional minus, and a bound.

Every number a player, a link or a record gives goes through `whole_number`: forms, query
parameters and the engine's reader. `str.isdigit()` is not enough ("²" and "١٢" pass it, and
`int("²")` fails), and `int()` on thousands of digits is slow and then refused by Python, so
the text is checked for shape and length before it is converted.
"""

from __future__ import annotations

import re
import reprlib

from games.engine.texts import Grouped, say

# The largest number Scorer stores or reads. Every integer column in the database holds at
# least 2**31 - 1, so any number read within this bound can be stored; no score, bid or
# target at a card table comes near it.
LIMIT = 1_000_000_000

_WHOLE = re.compile(r"-?[0-9]{1,10}")
_LONGEST = len(str(-LIMIT)) + 2  # room for surrounding spaces; longer text is not read


class NotANumber(ValueError):
    """The value is not a whole number Scorer can read; the message says why, for a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        """Why, as a catalogue sentence (a Text)."""


class OutOfRange(NotANumber):
    """A whole number, but beyond ±LIMIT."""


def whole_number(value: object) -> int:
    """An int, or text of ASCII digits with an optional leading minus, within ±LIMIT."""
    if isinstance(value, bool):
        raise NotANumber(say("numbers.not_whole", value=shown(value)))
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isascii() and text.lstrip("-").isdigit() and len(text) > _LONGEST:
            raise OutOfRange(say("numbers.too_large", most=Grouped(LIMIT)))
        if len(text) > _LONGEST or not _WHOLE.fullmatch(text):
            raise NotANumber(say("numbers.not_whole", value=shown(value)))
        number = int(text)
    else:
        raise NotANumber(say("numbers.not_whole", value=shown(value)))
    if not -LIMIT <= number <= LIMIT:
        raise OutOfRange(say("numbers.out_of_range", least=Grouped(-LIMIT), most=Grouped(LIMIT)))
    return number


def whole_number_or_none(value: object) -> int | None:
    """`whole_number`, or None where it would refuse: for optional query parameters."""
    try:
        return whole_number(value)
    except NotANumber:
        return None


def shown(value: object, longest: int = 24) -> str:
    """A value as an error message quotes it: short, and safe for any size or depth."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = f'"{value}"'
    else:
        try:
            text = _SHORT.repr(value)
        except ValueError:  # str() of an int with thousands of digits is refused by Python
            return say("numbers.too_long_to_show")
    return text if len(text) <= longest else text[: longest - 2] + "…" + text[-1]


_SHORT = reprlib.Repr(maxlevel=2, maxlist=4, maxdict=4, maxstring=24, maxother=24)

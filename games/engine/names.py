"""The one rule for a name a person types: players' names and circles' names, typed in a form,
read from a record (the web import and the command line alike) or given in a rename.

A name is kept in NFC, with the invisible characters at its ends dropped, and refused when
it holds a control character, a lone surrogate or a bidirectional control (which would turn
the sentence around the name), or when nothing of it would show. Two names are the same
name when their `name_key`s are equal: after NFC, without invisible characters, case folded,
so "Ann", "ann" and "Ann" + U+200B are one player. Names stored before this rule still
display: pages isolate every name in a sentence (games/templatetags/scorer_tags.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from games.engine.errors import ParseError
from games.engine.texts import say

# Explicit bidirectional controls: embeddings and overrides, isolates, and the marks.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)

# Letters and signs that draw nothing: the Hangul fillers, the Braille blank, the Khmer
# inherent vowels, the Mongolian vowel separator, the combining grapheme joiner.
_BLANK_LETTERS = frozenset("\u3164\u115f\u1160\uffa0\u2800\u17b4\u17b5\u180e\u034f")


def invisible(char: str) -> bool:
    """A character that shows nothing by itself: format characters (Cf), spaces and
    separators, the blank letters above and variation selectors."""
    if char in _BLANK_LETTERS:
        return True
    if "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
        return True
    return unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp")


def _hidden(char: str) -> bool:
    """A character an error message writes as its code point rather than as itself."""
    return (
        invisible(char)
        or char in BIDI_CONTROLS
        or unicodedata.category(char) in ("Cc", "Cs")
        or char == "\ufffd"
    )


def quoted(name: str, longest: int = 30) -> str:
    """A name as an error message quotes it: its invisible and control characters written
    as <U+202E>, so the message shows what is wrong and cannot itself be turned around."""
    text = "".join(f"<U+{ord(c):04X}>" if _hidden(c) else c for c in name)
    if len(text) > longest:
        text = text[: longest - 1] + "…"
    return f'"{text}"'


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def check_name(name: str, field: str) -> str:
    """The name as Scorer keeps it (NFC, invisible ends dropped), or ParseError(field, …)
    saying, in the reader's language, what is wrong with it."""
    for char in name:
        if unicodedata.category(char) == "Cs":
            raise ParseError(field, say("names.not_text", name=quoted(name), code=_code(char)))
    kept = unicodedata.normalize("NFC", name)
    start, end = 0, len(kept)
    while start < end and invisible(kept[start]):
        start += 1
    while end > start and invisible(kept[end - 1]):
        end -= 1
    for char in name:
        if unicodedata.category(char) == "Cc":
            raise ParseError(field, say("names.control", name=quoted(name), code=_code(char)))
        if char in BIDI_CONTROLS:
            raise ParseError(field, say("names.direction", name=quoted(name), code=_code(char)))
    if start == end:
        problem = say("names.blank", name=quoted(name)) if name else say("names.empty")
        raise ParseError(field, problem)
    return kept[start:end]


def name_key(name: str) -> str:
    """What two names are compared by: NFC, invisible characters removed, case folded."""
    shown = "".join(c for c in unicodedata.normalize("NFC", name) if not invisible(c))
    return unicodedata.normalize("NFC", shown.casefold())


def repeated(names: Sequence[str | None]) -> list[int]:
    """The seats whose name an earlier seat already has (compared by `name_key`)."""
    seen: set[str] = set()
    found = []
    for seat, name in enumerate(names):
        if not name:
            continue
        key = name_key(name)
        if key in seen:
            found.append(seat)
        seen.add(key)
    return found


def check_names(names: Sequence[str], field: str) -> list[str]:
    """Every name checked, and no two the same: the players of a game."""
    kept = [check_name(name, field) for name in names]
    for seat in repeated(kept):
        raise ParseError(field, say("names.twice", name=quoted(kept[seat])))
    return kept


# Bidirectional classes that can turn the text around a value: right-to-left letters and
# digits, and the explicit controls. A value without any reads the same inside a
# left-to-right sentence whether isolated or not.
_DIRECTIONAL = frozenset(
    ("R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")
)
_OPENS_EMBEDDING = frozenset("\u202a\u202b\u202d\u202e")
_OPENS_ISOLATE = frozenset("\u2066\u2067\u2068")
_PDF, _PDI = "\u202c", "\u2069"


def directional(value: str) -> bool:
    """Whether `value` (a name) could change the direction of the text around it."""
    return not value.isascii() and any(unicodedata.bidirectional(c) in _DIRECTIONAL for c in value)


def contained(value: str) -> str:
    """`value` with its explicit bidirectional controls balanced: every embedding, override
    or isolate it opens is closed at its end, and a closing one it never opened is dropped,
    so it cannot close the isolate put around it. Names stored before the name rules
    (games/engine/names.py) may hold them; a name such as "\u202eAnn" then turns only
    itself, never the sentence it is in."""
    if value.isascii():
        return value
    open_: list[str] = []
    out = []
    for char in value:
        if char in _OPENS_EMBEDDING:
            open_.append(_PDF)
        elif char in _OPENS_ISOLATE:
            open_.append(_PDI)
        elif char == _PDF:
            if not open_ or open_[-1] != _PDF:
                continue
            open_.pop()
        elif char == _PDI:
            if _PDI not in open_:
                continue
            while open_.pop() != _PDI:
                pass
        out.append(char)
    return "".join(out) + "".join(reversed(open_))

"""How engine values and sentences reach a reader: the bottom of the web half.

The engine writes English and imports no Django. What it says about a hand (notes, a
declaration's reason) is stored as data, Text.to_json() (`stored_text`), and rendered when a
page is read, in the reader's language (`say_text`, `say_html`). Its few fixed words (a
game's name, the taker's title) are translated here, by the English they have
(`engine_word`, `ShownVariant`). Numbers with a sign are written once (`signed`).

Models, forms, pages, views and template tags import this module; it imports none of them
(ARCHITECTURE.md, "Layers").
"""

from __future__ import annotations

import re
from typing import Any

from django.utils import formats, translation
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext, pgettext_lazy

from games.engine import VARIANTS, get_variant
from games.engine.cards import Suit
from games.engine.names import contained, directional
from games.engine.texts import Text
from games.engine.variant import Variant

MINUS = "\u2212"

SUIT_SYMBOLS = {suit.value: suit.symbol for suit in Suit}


# -- numbers ----------------------------------------------------------------------------------


def signed(points: int) -> str:
    """A score with its sign, and a real minus sign: "+130", "−20", "+0", never "+-20"."""
    return f"+{points}" if points >= 0 else f"{MINUS}{-points}"


def minus(value: int) -> str:
    """A number with a real minus sign when negative: "−380"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def left_to_right(shown: str) -> str:
    """A signed number kept whole on a right-to-left page (U+2066 … U+2069), so "−380"
    never reads "380−"; on other pages as it is."""
    return f"\u2066{shown}\u2069" if translation.get_language_bidi() else shown


# -- the engine's sentences ---------------------------------------------------------------------


def stored_text(value: Any) -> Any:
    """What the database keeps of an engine sentence: a Text as its JSON form ({"id", "params"}),
    which reads in any language; anything else as plain text (a hand stored before sentences
    had ids, or an empty reason)."""
    if isinstance(value, Text):
        return value.to_json()
    return "" if value is None else str(value)


class _ActiveLanguage:
    """The engine's sentences in the language Django has active for this request."""

    def pgettext(self, context: str, message: str) -> str:
        return translation.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return translation.npgettext(context, singular, plural, count)

    def grouped(self, value: int) -> str:
        """A bound written with the locale's thousands separator: "5.000" in Turkish."""
        shown = formats.number_format(abs(value), force_grouping=True)
        return f"{MINUS}{shown}" if value < 0 else shown


ACTIVE = _ActiveLanguage()


def isolate(value: str) -> str:
    """A name or score kept in its own direction inside a right-to-left sentence."""
    return f"\u2068{contained(value)}\u2069"


def isolate_directional(value: str) -> str:
    """On a left-to-right page: a value that carries a direction of its own, isolated."""
    return isolate(value) if directional(value) else value


def _as_text(value: Any) -> Any:
    """A stored sentence ({"id": …, "params": …}) as its Text; None when it cannot be read;
    anything else as it is."""
    if isinstance(value, dict) and "id" in value:
        try:
            return Text.from_json(value)
        except (KeyError, TypeError, ValueError):
            return None
    return value


def say_text(value: Any) -> str:
    """An engine sentence in the reader's language: a Text, its stored JSON form
    ({"id": …, "params": …}), or plain text stored before sentences had ids.

    Every name or number the sentence holds is kept in its own direction (U+2068 … U+2069)
    on a right-to-left page; on a left-to-right page each one that has a direction of its
    own (a Hebrew name, a stored name with a U+202E), so none can turn the sentence."""
    value = _as_text(value)
    if isinstance(value, Text):
        rtl = translation.get_language_bidi()
        return value.render(ACTIVE, isolate if rtl else isolate_directional)
    return "" if value is None else str(value)


shown_text = say_text
"""A Text, its stored JSON form, or plain text, in the reader's language."""


def summary_text(value: Any) -> str:
    """A stored summary (Hand.summary_value) in the reader's language."""
    return say_text(value).rstrip(".")


# A value of a sentence on a right-to-left page, marked while the sentence is rendered, then
# made an element once the sentence is escaped (say_html). Neither mark is a character a
# name can hold: the name rules refuse control characters (games/engine/names.py), and any
# in a name stored before them are dropped here.
_OPEN, _CLOSE = "\x02", "\x03"
_MARKED = re.compile("\x02([^\x02\x03]*)\x03")
# A number as a sentence shows it: "40", "−380", "+20", "1,5", "67%".
_NUMBER = re.compile(r"[+\u2212-]?\d[\d.,\u00a0\u202f]*%?")
# A signed number in a sentence stored as plain text, before sentences had ids.
_SIGNED = re.compile(r"(?<![\w+\u2212-])[+\u2212]\d+(?:[.,]\d+)*")


def _mark(value: str) -> str:
    return _OPEN + contained(value.replace(_OPEN, "").replace(_CLOSE, "")) + _CLOSE


def _bdi(match: re.Match[str]) -> str:
    value = match.group(1)
    if _NUMBER.fullmatch(value):
        return f'<bdi dir="ltr">{value}</bdi>'
    return f"<bdi>{value}</bdi>"


def _mark_directional(value: str) -> str:
    """On a left-to-right page: only a value with a direction of its own is marked."""
    return _mark(value) if directional(value) else value.replace(_OPEN, "").replace(_CLOSE, "")


def say_html(value: Any) -> SafeString:
    """An engine sentence in the reader's language, as the content of an element (never an
    attribute: use `say_text` there).

    On a left-to-right page a name with a direction of its own (a Hebrew name; a stored name
    with a U+202E) is in <bdi>, the rest as `say_text` writes it. On a right-to-left page each
    name or number the sentence holds is an element of its own, a name in <bdi> (its own
    direction) and a number in <bdi dir="ltr">, so "Ali & Cem" and "−700" read as written
    inside a Hebrew sentence; a sentence stored as plain text has its signed numbers kept
    left to right."""
    rtl = translation.get_language_bidi()
    read = _as_text(value)
    if read is None and value is not None:
        return SafeString("")
    if isinstance(read, Text):
        marked = escape(read.render(ACTIVE, _mark if rtl else _mark_directional))
        return mark_safe(_MARKED.sub(_bdi, marked))  # noqa: S308
    if not rtl:
        return conditional_escape(say_text(read))
    if read is None:
        return SafeString("")
    if isinstance(read, SafeString):
        return read
    return mark_safe(_SIGNED.sub(r'<bdi dir="ltr">\g<0></bdi>', escape(str(read))))  # noqa: S308


# -- the engine's fixed words -----------------------------------------------------------------


def engine_word(context: str, value: Any) -> Any:
    """One of the engine's fixed words (a game's name, "Caller", "bids first") in the reader's
    language: a Text through its catalogue, plain English through the web's (`context` as the
    message context, listed in ENGINE_WORDS so that makemessages finds it; a game's name is
    listed by its hand form, HandForm.game_name)."""
    if isinstance(value, Text | dict):
        return say_text(value)
    if isinstance(value, str) and value:
        return pgettext(context, value)
    return value


# The engine's fixed words as the translators see them; engine_word looks them up by their
# English, so a word the engine adds later is shown in English until it is listed here.
ENGINE_WORDS = (
    # The score sheet's heading for who called, bid or holds the contract.
    pgettext_lazy("taker", "Caller"),
    pgettext_lazy("taker", "Bidder"),
    pgettext_lazy("taker", "Holder"),
    pgettext_lazy("taker", "Maker"),
    # What the scoreboard says of the player left of the dealer.
    pgettext_lazy("opener", "bids first"),
    pgettext_lazy("opener", "speaks first"),
    # Seats, as the table drawing and a game's default players name them.
    pgettext_lazy("seat", "You"),
    pgettext_lazy("seat", "You (South)"),
    pgettext_lazy("seat", "North"),
    pgettext_lazy("seat", "East"),
    pgettext_lazy("seat", "South"),
    pgettext_lazy("seat", "West"),
    pgettext_lazy("seat", "Player 1"),
    pgettext_lazy("seat", "Player 2"),
    pgettext_lazy("seat", "Player 3"),
    pgettext_lazy("seat", "Player 4"),
    # A deal that was not played, as a score sheet writes it.
    pgettext_lazy("deal", "redeal"),
    pgettext_lazy("deal", "void"),
    pgettext_lazy("deal", "forfeit"),
)


def unplayed_word(word: str) -> str:
    """The score sheet's word for a deal not played ("redeal", "void", "forfeit")."""
    return str(engine_word("deal", word))


class ShownVariant:
    """An engine variant as a page shows it: the engine's own object for everything it does,
    with its name and fixed words in the reader's language, read when they are shown (so a
    variant kept for the whole process follows each request's language)."""

    def __init__(self, variant: Variant[Any, Any]) -> None:
        self.variant = variant

    def __getattr__(self, name: str) -> Any:
        if name == "variant":  # not set yet (a copy being made)
            raise AttributeError(name)
        return getattr(self.variant, name)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ShownVariant):
            return self.variant is other.variant
        return self.variant is other

    def __hash__(self) -> int:
        return hash(self.variant.key)

    def __repr__(self) -> str:
        return f"ShownVariant({self.variant.key!r})"

    @property
    def name(self) -> str:
        return str(engine_word("game", self.variant.name))

    @property
    def taker(self) -> str:
        return str(engine_word("taker", self.variant.taker))

    @property
    def opener(self) -> str:
        return str(engine_word("opener", self.variant.opener))

    @property
    def seat_labels(self) -> tuple[str, ...]:
        return tuple(str(engine_word("seat", label)) for label in self.variant.seat_labels)

    @property
    def default_players(self) -> tuple[str, ...]:
        return tuple(str(engine_word("seat", name)) for name in self.variant.default_players)


_SHOWN: dict[str, ShownVariant] = {}


def shown_variant(key: str) -> Any:
    """The variant `key` as pages show it (ShownVariant), one per variant."""
    if key not in _SHOWN:
        _SHOWN[key] = ShownVariant(get_variant(key))
    return _SHOWN[key]


def shown_variants() -> list[Any]:
    """Every variant, in the registry's order, as pages show them."""
    return [shown_variant(key) for key in VARIANTS]

"""Everything the engine says to the table, as message ids with parameters.

A `Text` is a sentence the engine wrote: an id into `CATALOGUE` and the values that fill its
placeholders. As a `str` it is the English sentence, so the command line, the JSON output and
the engine's tests read English; `Text.render` writes it in another language, given a
translator (the web layer passes Django's gettext). Stored hands keep `Text.to_json()`, never
the sentence, so a hand saved in English reads in Turkish.

This package is the one place the engine's English lives: one module per game, and
`shared` and `variant` for what the games share. Each entry is written as
`_t(id, english)` or, when the sentence depends on a count, `_tn(id, singular, plural)`;
`manage.py makemessages` reads those calls (the id is the message's context), so every
sentence here reaches the translators. Ids are "module.what"; the English follows the house
style (players by name, real minus signs, verbs that agree with their subject).
Placeholders are `{name}`; a plural entry picks its form by its `count` parameter.

Parameters are:
- `str`: written as it is (player names, suit symbols, signed scores like "+20");
- `int`: a number, with a real minus sign ("−40");
- `Grouped`: a large number written with the reader's thousands separator ("5,000" in
  English, "5.000" in Turkish): the bounds of what may be typed, never a score;
- `Text`: a word or phrase of its own, rendered in the same language (a card's rank, "made").
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine.wording import MINUS, number

type Param = str | int | Text | Grouped
type Translate = Callable[[str, str], str]
"""(id, English) to the sentence in the reader's language: pgettext(id, English)."""
type TranslatePlural = Callable[[str, str, str, int], str]
"""(id, singular, plural, count) to the sentence: npgettext(id, singular, plural, count)."""

CATALOGUE: dict[str, str | tuple[str, str]] = {}
"""Message id to its English text, or (singular, plural) for a sentence that counts."""


def _t(id: str, english: str) -> None:
    """Add one sentence to the catalogue (makemessages reads these calls)."""
    if id in CATALOGUE:
        raise ValueError(f"message id {id!r} is in the catalogue twice")
    CATALOGUE[id] = english


def _tn(id: str, singular: str, plural: str) -> None:
    """Add one counting sentence: English picks `plural` unless `{count}` is 1."""
    if id in CATALOGUE:
        raise ValueError(f"message id {id!r} is in the catalogue twice")
    CATALOGUE[id] = (singular, plural)


class Language(Protocol):
    """What `Text.render` needs from a language: Django's pgettext and npgettext fit."""

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str: ...


@dataclass(frozen=True)
class Grouped:
    """A number written with its thousands grouped the reader's way (bounds and limits)."""

    value: int


class English:
    """The catalogue as written."""

    def grouped(self, value: int) -> str:
        return f"{MINUS}{-value:,}" if value < 0 else f"{value:,}"

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


ENGLISH = English()


class Text(str):
    """A sentence of the catalogue with its parameters; as a str, its English."""

    id: str
    params: Mapping[str, Param]

    def __new__(cls, id: str, /, **params: Param) -> Text:
        if id not in CATALOGUE:
            raise KeyError(f"no message {id!r} in the catalogue")
        self = super().__new__(cls, _english(id, params))
        self.id = id
        self.params = params
        return self

    def render(self, language: Language, isolate: Callable[[str], str] | None = None) -> str:
        """The sentence in `language`. `isolate` wraps each verbatim value (names, scores)
        for right-to-left pages, so "Ann" or "+20" keeps its own direction."""
        return _render(self.id, self.params, language, isolate)

    def to_json(self) -> dict[str, Any]:
        """The form stored with a hand: {"id": …, "params": {…}}, nested texts likewise."""
        return {"id": self.id, "params": {k: _encode(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        params = data.get("params") or {}
        return cls(str(data["id"]), **{str(k): _decode(v) for k, v in params.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_json, (self.to_json(),))


def _from_json(data: Mapping[str, Any]) -> Text:
    return Text.from_json(data)


def _encode(value: Param) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, Grouped):
        return {"grouped": value.value}
    return value


def _decode(value: Any) -> Param:
    if isinstance(value, dict) and isinstance(value.get("grouped"), int):
        return Grouped(value["grouped"])
    if isinstance(value, dict):
        return Text.from_json(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return str(value)
    return value


def _english(id: str, params: Mapping[str, Param]) -> str:
    """The sentence as written, as _render gives it in ENGLISH without isolation, but with
    each nested text's English as it already is (its str): a sentence is made on every
    hand scored, thousands of them when an early hand of a long game changes."""
    entry = CATALOGUE[id]
    if isinstance(entry, tuple):
        count = params.get("count")
        pattern = entry[0] if isinstance(count, int) and count == 1 else entry[1]
    else:
        pattern = entry
    values: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, str):
            values[key] = str.__str__(value)
        elif isinstance(value, Grouped):
            values[key] = ENGLISH.grouped(value.value)
        elif isinstance(value, int):
            values[key] = number(value)
        else:
            values[key] = value
    return pattern.format_map(values)


_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


def _render(
    id: str,
    params: Mapping[str, Param],
    language: Language,
    isolate: Callable[[str], str] | None,
) -> str:
    entry = CATALOGUE[id]
    if isinstance(entry, tuple):
        count = params.get("count")
        n = count if isinstance(count, int) else 0
        pattern = language.npgettext(id, entry[0], entry[1], n)
    else:
        pattern = language.pgettext(id, entry)
    values: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, Text):
            values[key] = value.render(language, isolate)
            if isolate and not _RIGHT_TO_LEFT.search(values[key]):
                # A phrase with no right-to-left letter ("Q♥", "9–Q♥") is kept whole in its
                # own direction, its parts not isolated one by one.
                values[key] = isolate(value.render(language, None))
        else:
            if isinstance(value, Grouped):
                grouped = getattr(language, "grouped", ENGLISH.grouped)
                shown = grouped(value.value)
            else:
                shown = number(value) if isinstance(value, int) else value
            values[key] = isolate(shown) if isolate else shown
    try:
        return pattern.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation that lost or broke a placeholder: English rather than an error.
        english = entry if isinstance(entry, str) else entry[0 if params.get("count") == 1 else 1]
        return english.format_map(values)


def say(id: str, /, **params: Param) -> Text:
    """The sentence `id` with its parameters: say("called", caller="Ann", trump="♠").

    A word or sentence without parameters (a card's rank, "Klaberjass hand") is made once
    and shared: a Text cannot change, and scoring a long game says them thousands of times.
    """
    if params:
        return Text(id, **params)
    found = _CONSTANT.get(id)
    if found is None:
        found = _CONSTANT[id] = Text(id)
    return found


_CONSTANT: dict[str, Text] = {}


def listed(id: str, items: Sequence[Text]) -> Text:
    """Several phrases as one list, each joined to the rest by the sentence `id`, whose
    placeholders are `{first}` and `{rest}` ("{first}, {rest}", "{first} and {rest}"): a
    list of one is that phrase."""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = say(id, first=item, rest=joined)
    return joined


# The catalogue itself: one module of this package per game (and one for what they share),
# each adding its sentences with _t and _tn when it is imported. A new game brings its own.
def _load_catalogue() -> None:
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        importlib.import_module(f"{__name__}.{found.name}")


_load_catalogue()

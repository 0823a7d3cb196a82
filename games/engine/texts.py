"""Everything the engine says to the table, as message ids with parameters.

A `Text` is a sentence the engine wrote: an id into `CATALOGUE` and the values that fill its
placeholders. As a `str` it is the English sentence, so the command line, the JSON output and
the engine's tests read English; `Text.render` writes it in another language, given a
translator (the web layer passes Django's gettext). Stored hands keep `Text.to_json()`, never
the sentence, so a hand saved in English reads in Turkish.

The catalogue below is the one place the engine's English lives. Each entry is written as
`_t(id, english)` or, when the sentence depends on a count, `_tn(id, singular, plural)`;
`manage.py makemessages` reads those calls (the id is the message's context), so every
sentence here reaches the translators. Placeholders are `{name}`; a plural entry counts its
`{count}`.

Parameters are:
- `str`: written as it is (player names, suit symbols, signed scores like "+20");
- `int`: a number, with a real minus sign ("−40");
- `Text`: a word or phrase of its own, rendered in the same language (a card's rank, "made").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from games.engine.wording import number

type Param = str | int | Text
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


class English:
    """The catalogue as written."""

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
        self = super().__new__(cls, _render(id, params, ENGLISH, None))
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
    return value


def _decode(value: Any) -> Param:
    if isinstance(value, dict):
        return Text.from_json(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return str(value)
    return value


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
    """The sentence `id` with its parameters: say("called", caller="Ann", trump="♠")."""
    return Text(id, **params)


# The catalogue. Ids are "module.what"; the English follows the house style in
# ../STYLE.md: players by name, real minus signs, verbs that agree with their subject.
# Each module's sentences stay in their own section.

# --- shared: cards, numbers, errors ------------------------------------------------------

# A rank as a card's label writes it ("K" in "K♠") and as a button or a sentence names it.
_t("card.rank.7", "7")
_t("card.rank.8", "8")
_t("card.rank.9", "9")
_t("card.rank.10", "10")
_t("card.rank.J", "J")
_t("card.rank.Q", "Q")
_t("card.rank.K", "K")
_t("card.rank.A", "A")
_t("card.name.7", "Seven")
_t("card.name.8", "Eight")
_t("card.name.9", "Nine")
_t("card.name.10", "Ten")
_t("card.name.J", "Jack")
_t("card.name.Q", "Queen")
_t("card.name.K", "King")
_t("card.name.A", "Ace")
_t("card.label", "{rank}{suit}")


# --- klaberjass --------------------------------------------------------------------------


# --- declarations ------------------------------------------------------------------------


# --- terz --------------------------------------------------------------------------------


# --- euchre ------------------------------------------------------------------------------


# --- three_o_four ------------------------------------------------------------------------


# --- hoskin ------------------------------------------------------------------------------


# --- variant, game, record ---------------------------------------------------------------

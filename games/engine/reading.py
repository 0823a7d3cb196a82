"""Reading plain dicts into engine values, with errors naming the key.

The dicts are a record's hands and settings (JSON: export, import, the command line), the
facts the site's forms build, and stored hands (written by `to_dict`). All are read as
strictly as the specs say: a number is a JSON number that is whole (not `"0"`, not `true`,
not `1.0`), a flag is `true` or `false`, a suit, rank or card is text. The forms convert what
a phone typed into these types before the engine sees it (games/forms/).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any, Concatenate, TypeVar, overload

from games.engine.cards import Card, Rank, Suit
from games.engine.errors import ParseError
from games.engine.house_rules import house_rules
from games.engine.numbers import NotANumber, shown, whole_number, whole_number_or_none
from games.engine.texts import say

T = TypeVar("T")
D = TypeVar("D")

_MISSING = object()


class Reader:
    """Reads the keys of one mapping; every problem is a ParseError naming the key.

    `what` names the thing read, as a catalogue phrase (say("klaberjass.hand") is
    "Klaberjass hand"), since the messages say it: "is not a Klaberjass hand key".
    """

    def __init__(
        self,
        data: object,
        what: str,
        known: Iterable[str],
        prefix: str = "",
        *,
        partial: bool = False,
    ) -> None:
        if not isinstance(data, Mapping):
            raise ParseError(prefix.rstrip(".") or what, say("reading.not_an_object", what=what))
        self.data: Mapping[str, object] = data
        self.prefix = prefix
        self.partial = partial
        """Whether this is a hand in progress, whose facts may not be given yet (see `fact`)."""
        unknown = sorted(set(map(str, data)) - set(known))
        if unknown:
            raise ParseError(self.key(unknown[0]), say("reading.unknown_key", what=what))

    def key(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def fact[**P, T](
        self, read: Callable[Concatenate[str, P], T], key: str, *args: P.args, **kwargs: P.kwargs
    ) -> T | None:
        """`read(key, …)`, one of this reader's methods; None for a key a hand in progress
        (`partial`) has not given yet. A saved hand gives every fact: `read` requires it."""
        if self.partial and not self.has(key):
            return None
        return read(key, *args, **kwargs)

    def raw(self, key: str) -> object:
        value = self.data.get(key)
        if value is None:
            raise ParseError(self.key(key), say("reading.required"))
        return value

    def number(self, key: str, default: int | None = None) -> int:
        if not self.has(key):
            if default is None:
                return _as_int(self.raw(key), self.key(key))
            return default
        return _as_int(self.raw(key), self.key(key))

    def positive(self, key: str, default: int) -> int:
        """A positive whole number, such as a target score."""
        value = self.number(key, default)
        if value <= 0:
            raise ParseError(self.key(key), say("reading.not_positive", value=value))
        return value

    def opt_positive(self, key: str) -> int | None:
        """A positive whole number, or None when the key is absent (a game's `deals`)."""
        return self.positive(key, 1) if self.has(key) else None

    def opt_number(self, key: str) -> int | None:
        return self.number(key) if self.has(key) else None

    def flag(self, key: str, default: bool = False) -> bool:
        if not self.has(key):
            return default
        value = self.raw(key)
        if isinstance(value, bool):
            return value
        raise ParseError(self.key(key), say("reading.not_a_flag", value=shown(value)))

    def seat(self, key: str, seats: int) -> int:
        seat = self.number(key)
        if not 0 <= seat < seats:
            raise ParseError(self.key(key), say("reading.not_a_seat", last=seats - 1, value=seat))
        return seat

    def opt_seat(self, key: str, seats: int) -> int | None:
        return self.seat(key, seats) if self.has(key) else None

    def text(self, key: str) -> str:
        """A value the spec writes as text (a suit, a rank, a card, a word): never a number."""
        value = self.raw(key)
        if not isinstance(value, str):
            raise ParseError(self.key(key), say("reading.not_text", value=shown(value)))
        return value

    def suit(self, key: str) -> Suit:
        return Suit.parse(self.text(key), self.key(key))

    def opt_suit(self, key: str) -> Suit | None:
        return self.suit(key) if self.has(key) else None

    def rank(self, key: str) -> Rank:
        return Rank.parse(self.text(key), self.key(key))

    def card(self, key: str) -> Card:
        return Card.parse(self.text(key), self.key(key))

    @overload
    def choice(self, key: str, options: Collection[T]) -> T: ...

    @overload
    def choice(self, key: str, options: Collection[T], default: D) -> T | D: ...

    def choice(self, key: str, options: Collection[object], default: object = _MISSING) -> object:
        """One of `options`, of the option's own type (1 is not "1", and true is not 1);
        `default` when the key is absent, else the key is required."""
        if not self.has(key) and default is not _MISSING:
            return default
        value = self.raw(key)
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        listed = ", ".join(shown(o) for o in options)
        raise ParseError(
            self.key(key), say("reading.not_one_of", options=listed, value=shown(value))
        )

    def rules(self, settings_class: type[Any], keys: Iterable[str] | None = None) -> dict[str, Any]:
        """Each house rule of a Settings class that is a choice (games/engine/house_rules.py),
        in its fields' order (only `keys`, when given): one of its options, its default when
        absent. A flag is read as a flag."""
        wanted = None if keys is None else set(keys)
        read: dict[str, Any] = {}
        for key, rule in house_rules(settings_class).items():
            if not rule.options or (wanted is not None and key not in wanted):
                continue
            if rule.is_flag:
                read[key] = self.flag(key, bool(rule.default))
            else:
                read[key] = self.choice(key, rule.options, rule.default)
        return read

    def numbers(self, key: str, count: int) -> tuple[int, ...]:
        value = self.raw(key)
        if not isinstance(value, list | tuple) or len(value) != count:
            raise ParseError(self.key(key), say("reading.not_numbers", count=count))
        return tuple(_as_int(v, self.key(key)) for v in value)

    def opt_numbers(self, key: str, count: int) -> list[int | None]:
        """A list of `count` whole numbers, any of them not filled in yet (None or ""): for a
        hand in progress only."""
        if not self.has(key):
            return [None] * count
        value = self.raw(key)
        if not isinstance(value, list | tuple) or len(value) != count:
            raise ParseError(self.key(key), say("reading.not_numbers", count=count))
        return [None if v in (None, "") else _as_int(v, self.key(key)) for v in value]

    def items(self, key: str) -> list[object]:
        if not self.has(key):
            return []
        value = self.raw(key)
        if not isinstance(value, list | tuple):
            raise ParseError(self.key(key), say("reading.not_a_list"))
        return list(value)


def _as_int(value: object, field: str) -> int:
    """A JSON whole number within the engine's bounds: text ("0"), a flag (Python's True is
    an int) and a float (1.0) are refused, as the specs write every number as a number."""
    if isinstance(value, str) and whole_number_or_none(value) is not None:
        raise ParseError(field, say("reading.quoted_number", value=shown(value)))
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(field, say("numbers.not_whole", value=shown(value)))
    try:
        return whole_number(value)
    except NotANumber as error:
        raise ParseError(field, error.message) from None

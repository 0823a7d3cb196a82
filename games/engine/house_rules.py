"""House rules declared once: a Settings field, its type and its default.

A field typed with a `Literal` is a choice: it offers the Literal's values, in the order the
Literal writes them (the order a new-game form offers them), and its default is the field's
default (`tie_rule: Literal["forfeit", "half"] = "forfeit"`). A flag is `Literal[False, True]`
or `Literal[True, False]`, in the order offered. A field of another type (a target score, a
number of deals) is a whole number. The reader reads the choices from here
(`Reader.rules`), and the web's forms take them from here and add only their words.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

FLAGS = frozenset({(False, True), (True, False)})


@dataclass(frozen=True)
class Rule:
    """One house rule: its settings key, its default and, for a choice, its options in order
    (none for a number)."""

    key: str
    default: object
    options: tuple[object, ...] = ()

    @property
    def is_flag(self) -> bool:
        return self.options in FLAGS


def house_rules(settings_class: type[Any]) -> Mapping[str, Rule]:
    """Every field of a Settings dataclass as a Rule, by key, in the fields' order."""
    found = _FOUND.get(settings_class)
    if found is None:
        found = _FOUND[settings_class] = _rules_of(settings_class)
    return found


_FOUND: dict[type[Any], Mapping[str, Rule]] = {}


def _rules_of(settings_class: type[Any]) -> Mapping[str, Rule]:
    hints = typing.get_type_hints(settings_class)
    rules: dict[str, Rule] = {}
    for field in dataclasses.fields(settings_class):
        kind = hints[field.name]
        options = typing.get_args(kind) if typing.get_origin(kind) is Literal else ()
        if options and not any(_same(option, field.default) for option in options):
            raise TypeError(f"{settings_class.__qualname__}.{field.name}: default not offered")
        rules[field.name] = Rule(field.name, field.default, options)
    return MappingProxyType(rules)


def _same(option: object, value: object) -> bool:
    """Whether a value is this option, of its own type (1 is not True)."""
    return type(option) is type(value) and option == value

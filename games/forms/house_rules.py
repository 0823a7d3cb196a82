"""The words a new-game form asks a house rule with, and its fields: the values, their order
and the default are the engine's (games/engine/house_rules.py); the labels are the site's."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import TYPE_CHECKING, Any

from django import forms

from games.engine.house_rules import Rule
from games.forms.fields import WholeNumberField

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class RuleWords:
    """The words a new-game form asks one of the engine's house rules with (lazy
    translations, read when the form is shown): its label, the words of each of its values,
    by value (a number without words of its own shows as itself: "50", "−4"), whether it is
    among the main rules, and a line of help. Which values there are, in which order, and
    the default, are the engine's (games/engine/house_rules.py)."""

    label: StrOrPromise
    values: Mapping[Any, StrOrPromise] = dataclass_field(default_factory=dict)
    main: bool = False
    help: StrOrPromise = ""


def value_words(value: object) -> str:
    """A value of a house rule without words of its own: a number with a real minus sign."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"\u2212{-value}"
    return str(value)


class SettingSpec:
    """A house rule the new-game form asks for: the engine's rule, with its words. A choice
    offers the engine's values, in the engine's order, as JSON (`"half"`, `50`, `true`);
    a rule with no options (`choices` None) is a whole number."""

    def __init__(self, rule: Rule, words: RuleWords | None = None) -> None:
        words = words or RuleWords(rule.key)
        self.key = rule.key
        self.label = words.label
        self.main = words.main
        self.help = words.help
        said = words.values
        self.choices: list[tuple[str, StrOrPromise]] | None = [
            (json.dumps(value), said[value] if value in said else value_words(value))
            for value in rule.options
        ] or None


def add_settings_fields(
    form: forms.Form, specs: Sequence[SettingSpec], current: dict[str, Any]
) -> None:
    """A field `set_<key>` for each house rule, showing the `current` value (a new game's
    defaults, or a game's own settings when they are changed)."""
    for spec in specs:
        name = f"set_{spec.key}"
        if spec.choices:
            form.fields[name] = forms.ChoiceField(
                choices=spec.choices, label=spec.label, help_text=spec.help, required=False
            )
        else:
            form.fields[name] = WholeNumberField(
                min_value=1,
                label=spec.label,
                help_text=spec.help,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        form.initial.setdefault(name, _choice_value(current[spec.key]))


def settings_dict(specs: Sequence[SettingSpec], data: dict[str, Any]) -> dict[str, Any]:
    """The house rules a form's cleaned `data` chose, as the engine reads them."""
    out: dict[str, Any] = {}
    for spec in specs:
        value = data.get(f"set_{spec.key}")
        if value in (None, ""):
            continue
        out[spec.key] = json.loads(value) if spec.choices else value
    return out


def _choice_value(value: Any) -> str:
    return (
        json.dumps(value) if not isinstance(value, int) or isinstance(value, bool) else str(value)
    )

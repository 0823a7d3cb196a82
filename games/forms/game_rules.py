"""A started game's target and house rules, or its players and seats, changed: the
new-game form's fields (games/forms/game.py), showing the game's own."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.engine import ScorerError
from games.forms.base import error_text
from games.forms.game import player_name_field, repeated_names
from games.forms.house_rules import add_settings_fields, settings_dict
from games.forms.registry import SETTINGS_FIELDS
from games.words import shown_variant


class GameRulesForm(forms.Form):
    """The house rules of a game of `variant`, the game's `current` ones shown."""

    def __init__(self, *args: Any, variant: str, current: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = shown_variant(variant)
        self.settings_fields = SETTINGS_FIELDS[variant]
        # What the form does not offer (a night's round of N deals) stays as the game has it.
        offered = {spec.key for spec in self.settings_fields}
        self.kept = {key: value for key, value in current.items() if key not in offered}
        add_settings_fields(self, self.settings_fields, current)

    def main_settings(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if s.main]

    def house_rules(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if not s.main]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            data["settings"] = self.engine.settings(
                {**self.kept, **settings_dict(self.settings_fields, data)}
            ).full_dict()
        except ScorerError as error:
            name = f"set_{error.field}"
            self.add_error(name if name in self.fields else None, error_text(error, field=False))
        return data

    def changed_rules(self, before: dict[str, Any]) -> list[tuple[str, str, str]]:
        """Each house rule the form changes: its label, its value before and after, in the
        words the form shows them with."""
        after = self.cleaned_data.get("settings", {})
        changes = []
        for spec in self.settings_fields:
            old, new = before.get(spec.key), after.get(spec.key)
            if old != new:
                changes.append(
                    (str(spec.label), _said(spec.choices, old), _said(spec.choices, new))
                )
        return changes


def _said(choices: Any, value: Any) -> str:
    """A house rule's value in the words its field shows it with (a number as itself)."""
    words = dict(choices or ())
    return str(words.get(json.dumps(value), value))


class GamePlayersForm(forms.Form):
    """A started game's players in seat order: a seat's player renamed to another of the
    circle's players or a new name, or two seats swapped by swapping their names."""

    def __init__(self, *args: Any, variant: str, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = shown_variant(variant)
        for seat in range(self.engine.seats):
            self.fields[f"player_{seat}"] = player_name_field()
            self.initial.setdefault(f"player_{seat}", names[seat])

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.engine.seats)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [data.get(f"player_{seat}") for seat in range(self.engine.seats)]
        for seat in repeated_names(names):
            self.add_error(f"player_{seat}", _("Two seats have the same name."))
        data["players"] = names
        return data

"""Circles and games: a circle's name, a new game's seats and house rules, importing."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from games.engine import VARIANTS, ScorerError


class CircleNameForm(forms.Form):
    name = forms.CharField(max_length=60, strip=True)


class NewGameForm(forms.Form):
    """Players in seat order, the first dealer, and the house rules."""

    variant = forms.ChoiceField(choices=[(k, v.name) for k, v in VARIANTS.items()])
    first_dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = VARIANTS[variant]
        self.fields["first_dealer"].choices = [(str(i), str(i)) for i in range(self.engine.seats)]
        self.initial.setdefault("variant", variant)
        self.initial.setdefault("first_dealer", 0)
        for seat, default in enumerate(self.engine.default_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=40,
                strip=True,
                label=default,
                widget=forms.TextInput(attrs={"list": "circle-players", "autocomplete": "off"}),
            )
        from games.forms import SETTINGS_FIELDS  # the registry imports this module

        self.settings_fields = SETTINGS_FIELDS.get(variant, [])
        defaults = self.engine.settings().full_dict()
        for spec in self.settings_fields:
            name = f"set_{spec.key}"
            if spec.choices:
                self.fields[name] = forms.ChoiceField(
                    choices=spec.choices, label=spec.label, help_text=spec.help, required=False
                )
            else:
                self.fields[name] = forms.IntegerField(
                    min_value=1,
                    label=spec.label,
                    help_text=spec.help,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            self.initial.setdefault(name, _choice_value(defaults[spec.key]))

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.engine.seats)]

    def main_settings(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if s.main]

    def house_rules(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if not s.main]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [data.get(f"player_{seat}") for seat in range(self.engine.seats)]
        seen: dict[str, int] = {}
        for seat, name in enumerate(names):
            if name and name.casefold() in seen:
                self.add_error(f"player_{seat}", "Two seats have the same name.")
            elif name:
                seen[name.casefold()] = seat
        try:
            data["settings"] = self.engine.settings(self.settings_dict(data)).full_dict()
        except ScorerError as error:
            self.add_error(
                f"set_{error.field}" if f"set_{error.field}" in self.fields else None, error.message
            )
        data["players"] = names
        return data

    def settings_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in self.settings_fields:
            value = data.get(f"set_{spec.key}")
            if value in (None, ""):
                continue
            out[spec.key] = json.loads(value) if spec.choices else value
        return out


SEAT_PLACES = {
    2: ("You", "Opposite you"),
    3: ("You", "On your left", "On your right"),
    4: ("You", "On your left", "Across (partner)", "On your right"),
}


def _choice_value(value: Any) -> str:
    return (
        json.dumps(value) if not isinstance(value, int) or isinstance(value, bool) else str(value)
    )


class ImportForm(forms.Form):
    record = forms.FileField(label="Game record (.json)")

    def clean_record(self) -> Any:
        upload = self.cleaned_data["record"]
        if upload.size > 2_000_000:
            raise forms.ValidationError("That file is too large for a game record.")
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise forms.ValidationError("That file is not a JSON game record.") from None

"""What every hand form shares: seats and suits as choices, engine facts out, errors in."""

from __future__ import annotations

import json
import uuid
from typing import Any, ClassVar

from django import forms

from games.engine import VARIANTS, ScorerError
from games.engine.cards import Rank, Suit

SUITS = [(s.value, s.symbol) for s in Suit]
RANKS = [(r.value, r.value) for r in Rank]


def seat_choices(names: list[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


class HandForm(forms.Form):
    """A variant's hand form: fields in, engine facts out, engine errors beside the field.

    Subclasses list their fields, write `facts()` and `initial_from()`, and name in
    `error_fields` which form field shows an engine error about a hand key.
    """

    variant: ClassVar[str]
    template: ClassVar[str]
    error_fields: ClassVar[dict[str, str]] = {}

    key = forms.CharField(widget=forms.HiddenInput, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, names: list[str], settings: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.settings = settings
        self.declaration_errors: list[str] = []
        self.teams = VARIANTS[self.variant].teams
        if not self.is_bound and not self.initial.get("key"):
            self.initial["key"] = uuid.uuid4().hex

    def full_clean(self) -> None:
        for field in self.fields.values():
            field.error_messages["required"] = "still to fill in"
        super().full_clean()

    def facts(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def engine_error(self, error: ScorerError) -> None:
        """Show an engine error beside the field it is about (or above the form)."""
        field = self.error_fields.get(error.field, error.field)
        if field == "declarations":
            self.declaration_errors.append(error.message)
        else:
            self.add_error(field if field in self.fields else None, error.message)


def _int(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


class SettingSpec:
    def __init__(
        self,
        key: str,
        label: str,
        choices: list[tuple[Any, str]] | None = None,
        main: bool = False,
        help: str = "",
    ) -> None:
        self.key = key
        self.label = label
        self.main = main
        self.help = help
        self.choices = [(json.dumps(v), text) for v, text in choices] if choices else None

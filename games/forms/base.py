"""What every hand form shares: seats and suits as choices, engine facts out, errors in."""

from __future__ import annotations

import json
import uuid
from typing import Any, ClassVar

from django import forms

from games.engine import VARIANTS, ScorerError
from games.engine.cards import Rank, Suit
from games.engine.numbers import LIMIT, NotANumber, OutOfRange, whole_number

SUITS = [(s.value, s.symbol) for s in Suit]
RANKS = [(r.value, r.value) for r in Rank]


def seat_choices(names: list[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


class WholeNumberField(forms.IntegerField):
    """Every number a form asks for: ASCII digits only, within what the database stores.

    Django's IntegerField reads "١٢" and "1_000" as numbers and has no upper bound; this one
    reads numbers exactly as the engine does (games/engine/numbers.py).
    """

    default_error_messages = {"invalid": "Enter a whole number, in digits 0 to 9."}

    def __init__(self, *, min_value: int = -LIMIT, max_value: int = LIMIT, **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return whole_number(value)
        except OutOfRange:
            raise forms.ValidationError(
                f"Enter a number from {self.min_value:,} to {self.max_value:,}.", code="max_value"
            ) from None
        except NotANumber:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


class HandForm(forms.Form):
    """A variant's hand form: fields in, engine facts out, engine errors beside the field.

    Subclasses list their fields, write `facts()` and `initial_from()`, and name in
    `error_fields` which form field shows an engine error about a hand key.
    """

    variant: ClassVar[str]
    template: ClassVar[str]
    error_fields: ClassVar[dict[str, str]] = {}

    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    version = WholeNumberField(widget=forms.HiddenInput, required=False)

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

"""The fields hand forms are made of: seats by name, whole numbers, card points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.numbers import LIMIT, NotANumber, OutOfRange, whole_number
from games.forms.widgets import SeatPad

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def number_text(value: int) -> str:
    """A number as the reader's language groups it, with a real minus sign: "−1,000"."""
    text = formats.number_format(abs(value), use_l10n=True, force_grouping=True)
    return f"\u2212{text}" if value < 0 else text


def choice_field(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """One of the form's choice fields, whose choices the form sets from what it is given."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


def seat_choices(names: Sequence[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


class SeatField(forms.TypedChoiceField):
    """A seat (or with `sides` a side), chosen by its player's (or side's) name, after a
    `blank` choice when one is given ("None"): the form offers the names (offer_seats)."""

    def __init__(
        self, *, sides: bool = False, blank: StrOrPromise | None = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("coerce", int)
        super().__init__(**kwargs)
        self.sides = sides
        self.blank = blank

    def offer(self, seats: list[tuple[str, str]], sides: list[tuple[str, str]]) -> None:
        offered: list[tuple[str, StrOrPromise]] = [*(sides if self.sides else seats)]
        self.choices = offered if self.blank is None else [("", self.blank), *offered]


def offer_seats(
    fields: Mapping[str, forms.Field],
    names: Sequence[str],
    sides: Sequence[str],
    teams: bool,
    goes: str = "left",
) -> None:
    """Give a form's seat fields the players' names (or the sides'), and its pads of seats
    the teams' colours (`teams`) and the way play goes round (`goes`)."""
    seats, named_sides = seat_choices(names), seat_choices(sides)
    for field in fields.values():
        if isinstance(field, SeatField):
            field.offer(seats, named_sides)
        if isinstance(field.widget, SeatPad):
            field.widget.teams = teams
            field.widget.goes = goes


class WholeNumberField(forms.IntegerField):
    """Every number a form asks for: ASCII digits only, within what the database stores.

    Django's IntegerField reads "١٢" and "1_000" as numbers and has no upper bound; this one
    reads numbers exactly as the engine does (games/engine/numbers.py).
    """

    default_error_messages = {"invalid": gettext_lazy("Enter a whole number, in digits 0 to 9.")}
    # Always numbers here (Django's may be callables or None).
    min_value: int
    max_value: int

    def __init__(self, *, min_value: int = -LIMIT, max_value: int = LIMIT, **kwargs: Any) -> None:
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return whole_number(value)
        except OutOfRange:
            raise forms.ValidationError(
                _("Enter a number from %(least)s to %(most)s.")
                % {"least": number_text(self.min_value), "most": number_text(self.max_value)},
                code="max_value",
            ) from None
        except NotANumber:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


def card_points_field(side: int) -> WholeNumberField:
    """One side's card points (templates/games/_card_points.html): typing them fills in the
    other side's (static/js/scorer.js, `data-other`); the form sets `max` to the deck's total."""
    attrs = {
        "inputmode": "numeric",
        "data-other": f"id_points_{1 - side}",
        "class": f"team-{'ab'[side]}",
    }
    return WholeNumberField(
        min_value=0, label=gettext_lazy("Card points"), widget=forms.NumberInput(attrs=attrs)
    )


GENERIC_LABEL = "generic_label"


def named_field(field: forms.Field, label: str, generic: str) -> forms.Field:
    """A field labelled with a name ("Ann & Cleo's card points"), which the list of what is
    still to come calls by what it is (`generic`: "Card points")."""
    field.label = label
    # A label of Scorer's own on Django's field, read back with getattr.
    setattr(field, GENERIC_LABEL, generic)
    return field

"""A season's settings: its name, the nights it spans, one game or all, what it counts and
how (ARCHITECTURE.md, "Seasons"). Every refusal names the field and what is wrong; the form
keeps what was typed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from django import forms
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.club.season import MOST_NIGHTS
from games.forms.fields import WholeNumberField, choice_field
from games.forms.game import NameField, game_choices
from games.forms.widgets import Radios
from games.models.seasons import Season

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)
FIRST_YEAR, LAST_YEAR = 2000, 2100


class NightDateField(forms.DateField):
    """A night's date as a date box sends it (YYYY-MM-DD, ASCII digits), in a year from 2000
    to 2100."""

    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    default_error_messages = {
        "invalid": gettext_lazy("Enter a date as year-month-day, like 2026-09-01."),
    }

    def to_python(self, value: Any) -> dt.date | None:
        if value in self.empty_values:
            return None
        if isinstance(value, dt.date):
            return value
        text = str(value).strip()[:20]
        if not _DATE.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        try:
            day = dt.date.fromisoformat(text)
        except ValueError:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None
        if not FIRST_YEAR <= day.year <= LAST_YEAR:
            raise forms.ValidationError(
                _("Enter a date from the year %(first)s to %(last)s.")
                % {"first": FIRST_YEAR, "last": LAST_YEAR},
                code="invalid",
            )
        return day


def nights_field(label: Any, help_text: Any, least: int) -> WholeNumberField:
    return WholeNumberField(
        min_value=least,
        max_value=MOST_NIGHTS,
        required=False,
        label=label,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class SeasonForm(forms.Form):
    name = NameField(max_length=60, strip=True, label=gettext_lazy("Season name"))
    starts = NightDateField(label=gettext_lazy("First night"))
    ends = NightDateField(label=gettext_lazy("Last night"))
    variant = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    counts = forms.ChoiceField(
        choices=Season.Counts.choices,
        initial=Season.Counts.CLUB,
        label=gettext_lazy("What counts"),
        widget=Radios,
    )
    scoring = forms.ChoiceField(
        choices=Season.Scoring.choices,
        initial=Season.Scoring.POINTS,
        label=gettext_lazy("A night scores"),
        widget=Radios,
    )
    best = nights_field(
        gettext_lazy("Best nights counted"), gettext_lazy("Empty: every night counts."), 1
    )
    planned = nights_field(
        gettext_lazy("Nights planned"), gettext_lazy("Empty: as many as are played."), 1
    )
    minimum = nights_field(
        gettext_lazy("Nights to be ranked"), gettext_lazy("Empty: one night is enough."), 0
    )
    last_prize = forms.BooleanField(required=False, label=gettext_lazy("A prize for last place"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choice_field(self, "variant").choices = [("", _("Every game")), *game_choices()]

    @classmethod
    def of(cls, season: Season) -> SeasonForm:
        """The form filled with the season as it is."""
        return cls(initial={name: getattr(season, name) for name in cls.base_fields})

    def clean_minimum(self) -> int:
        value = self.cleaned_data.get("minimum")
        return 0 if value is None else int(value)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts, ends = data.get("starts"), data.get("ends")
        if starts and ends and ends < starts:
            self.add_error(
                "ends",
                _("The last night, %(last)s, is before the first, %(first)s.")
                % {"last": shown_date(ends), "first": shown_date(starts)},
            )
        best, planned, minimum = data.get("best"), data.get("planned"), data.get("minimum")
        if best is not None and planned is not None and best > planned:
            self.add_error(
                "best",
                _("Best nights counted (%(best)s) is more than the nights planned (%(planned)s).")
                % {"best": best, "planned": planned},
            )
        if minimum and planned is not None and minimum > planned:
            self.add_error(
                "minimum",
                _(
                    "Nights to be ranked (%(minimum)s) is more than the nights planned "
                    "(%(planned)s): nobody could be ranked."
                )
                % {"minimum": minimum, "planned": planned},
            )
        return data


def shown_date(day: dt.date) -> str:
    return formats.date_format(day, "DATE_FORMAT")

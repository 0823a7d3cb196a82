"""A circle's history as links ask for it (which game, which player, which page), and its
time zone as a phone or a person gives it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.forms.fields import WholeNumberField, choice_field
from games.nights import time_zones, valid_time_zone
from games.words import shown_variants

# The most pages a history link may name; a larger number shows the last page anyway.
MAX_PAGE = 100_000


def game_filter_choices() -> list[tuple[str, str]]:
    return [("", _("All games")), *((v.key, v.name) for v in shown_variants())]


class HistoryFilter(forms.Form):
    """`?variant=…&player=…&page=…`: a value that is not valid is ignored, never an error."""

    variant = forms.ChoiceField(
        required=False, choices=game_filter_choices, label=gettext_lazy("Game")
    )
    player = forms.ChoiceField(required=False, label=gettext_lazy("Player"))
    page = WholeNumberField(required=False, min_value=1, max_value=MAX_PAGE)

    def __init__(self, data: Any, players: Sequence[str], **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        choice_field(self, "player").choices = [("", _("Everyone")), *((n, n) for n in players)]

    def value(self, name: str) -> Any:
        """The field's value when it is valid, else None (all or the first page)."""
        if not hasattr(self, "cleaned_data"):
            self.is_valid()
        return self.cleaned_data.get(name) or None


def zone_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The time zones grouped by region, as a select shows them."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for name in sorted(time_zones()):
        region, _slash, place = name.partition("/")
        groups.setdefault(region if place else _("Other"), []).append((name, name))
    return sorted(groups.items())


class TimeZoneForm(forms.Form):
    """The circle's time zone; `first` marks the phone's own guess on a first visit, which
    never replaces one already set."""

    time_zone = forms.ChoiceField(label=gettext_lazy("Time zone"), choices=zone_choices)
    first = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_time_zone(self) -> str:
        # The choices already hold only known names; this keeps the bound in one place.
        name = valid_time_zone(self.cleaned_data["time_zone"])
        if name is None:
            raise forms.ValidationError(_("Choose a time zone from the list."))
        return name

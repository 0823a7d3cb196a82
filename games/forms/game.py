"""Circles and games: a circle's name, a roster member's, a new game's seats and house rules,
importing."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django import forms
from django.conf import settings as django_settings
from django.forms.boundfield import BoundWidget
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import ScorerError
from games.engine.names import check_name, name_key, quoted, repeated
from games.engine.record import MAX_BYTES, MAX_HANDS, GameRecord, read_json
from games.forms.base import error_text
from games.forms.fields import choice_field, number_text
from games.forms.house_rules import add_settings_fields, settings_dict
from games.forms.registry import SETTINGS_FIELDS
from games.forms.widgets import LanguageSelect, Radios
from games.models.circles import MAX_NAME
from games.words import shown_variant, shown_variants


class NameField(forms.CharField):
    """A name a person types, held to the one rule for names (games/engine/names.py)."""

    def clean(self, value: Any) -> Any:
        name = super().clean(value)
        if not name:
            return name
        try:
            return check_name(name, "name")
        except ScorerError as error:
            raise forms.ValidationError(error_text(error, field=False)) from None


class CircleNameForm(forms.Form):
    name = NameField(max_length=60, strip=True, label=gettext_lazy("Circle name"))


def member_name_field(label: Any, required: Any = None) -> NameField:
    """A box for a member's name, as the roster takes it (`required`: what an empty box
    is told, if not Django's own words)."""
    return NameField(
        max_length=MAX_NAME,
        strip=True,
        label=label,
        error_messages={"required": required} if required is not None else None,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )


class MemberNameForm(forms.Form):
    """A member's name on the roster, held to the same rule; whether another member has it
    is the roster's to say (games/models/roster.py)."""

    name = member_name_field(gettext_lazy("Name"))


def circle_languages() -> list[tuple[str, str]]:
    """The languages by their own names ("Türkçe"), as a reader looks for theirs."""
    return [("", _("None: each phone's browser decides")), *django_settings.LANGUAGES]


def picked_languages() -> list[tuple[str, str]]:
    """Each language in its own words and script."""
    return [
        (code, translation.get_language_info(code)["name_local"])
        for code, _name in django_settings.LANGUAGES
    ]


def game_choices() -> list[tuple[str, str]]:
    """The games a circle may play, by name."""
    return [(v.key, v.name) for v in shown_variants()]


class CircleLanguageForm(forms.Form):
    """The language the circle's pages speak to a phone that has chosen none itself."""

    language = forms.ChoiceField(
        required=False,
        choices=circle_languages,
        widget=LanguageSelect,
        label=gettext_lazy("Language of this circle"),
        help_text=gettext_lazy(
            "Shown to every phone that has not chosen a language in its menu. "
            "A phone's own choice comes first."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its box is id_circle_language: the page's foot has a language picker of its own.
        kwargs.setdefault("auto_id", "id_circle_%s")
        super().__init__(*args, **kwargs)


class LanguagePickerForm(forms.Form):
    """The menu's language picker (templates/base.html), which posts to Django's
    set_language: each language in its own words and script, the page's chosen."""

    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=picked_languages,
        widget=LanguageSelect(attrs={"id": "language-picker", "autocomplete": "off"}, bidi=True),
    )

    def __init__(self) -> None:
        super().__init__(initial={"language": translation.get_language()})


def player_name_field(label: Any = None) -> forms.CharField:
    """A player's name as Scorer reads it: from the new-game form and from an import alike."""
    return NameField(
        max_length=MAX_NAME,
        strip=True,
        label=label if label is not None else _("Player"),
        widget=forms.TextInput(attrs={"list": "circle-players", "autocomplete": "off"}),
    )


def toggled(names: Sequence[str], name: str) -> tuple[list[str], bool]:
    """The seats after a tap on `name`: out of their seat if seated (compared as names
    are), else in the first empty one; and whether there was room."""
    seats = list(names)
    key = name_key(name)
    for seat, held in enumerate(seats):
        if held and name_key(held) == key:
            seats[seat] = ""
            return seats, True
    for seat, held in enumerate(seats):
        if not held:
            seats[seat] = name
            return seats, True
    return seats, False


def repeated_names(names: Sequence[str | None]) -> list[int]:
    """The seats whose name (ignoring case and invisible characters) an earlier seat has."""
    return repeated(names)


class NewGameForm(forms.Form):
    """Players in seat order, the first dealer, and the house rules."""

    variant = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices)
    first_dealer = forms.TypedChoiceField(
        coerce=int, widget=Radios, label=gettext_lazy("First dealer")
    )

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = shown_variant(variant)
        choice_field(self, "first_dealer").choices = [
            (str(i), str(i)) for i in range(self.engine.seats)
        ]
        self.initial.setdefault("variant", variant)
        self.initial.setdefault("first_dealer", 0)
        for seat, default in enumerate(self.engine.default_players):
            self.fields[f"player_{seat}"] = player_name_field(default)
        self.settings_fields = SETTINGS_FIELDS[variant]
        add_settings_fields(self, self.settings_fields, self.engine.settings().full_dict())

    @classmethod
    def picked(cls, data: Any, variant: str, names: Sequence[str]) -> NewGameForm:
        """The form as a tap on the roster leaves it (not yet sent): what was typed, with
        the seats holding `names`; unbound, so it says nothing is wrong yet."""
        form = cls(variant=variant)
        typed = {name: data.get(name) for name in form.fields if data.get(name) is not None}
        seats = {f"player_{seat}": name for seat, name in enumerate(names)}
        form.initial.update({**typed, **seats})
        return form

    def typed_names(self, data: Any) -> list[str]:
        """The names the seats hold in `data` (a posted form), "" for an empty seat."""
        return [str(data.get(f"player_{seat}", "")).strip() for seat in range(self.engine.seats)]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.engine.seats)]

    def seat_boxes(self) -> list[tuple[forms.BoundField, BoundWidget]]:
        """Each seat's name with its "deals first" button."""
        return list(zip(self.seat_fields(), self["first_dealer"], strict=True))

    def main_settings(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if s.main]

    def house_rules(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if not s.main]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [data.get(f"player_{seat}") for seat in range(self.engine.seats)]
        for seat in repeated_names(names):
            self.add_error(f"player_{seat}", _("Two seats have the same name."))
        try:
            data["settings"] = self.engine.settings(self.settings_dict(data)).full_dict()
        except ScorerError as error:
            self.add_error(
                f"set_{error.field}" if f"set_{error.field}" in self.fields else None,
                error_text(error, field=False),
            )
        data["players"] = names
        return data

    def settings_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        return settings_dict(self.settings_fields, data)


_YOU = gettext_lazy("You")
_LEFT = gettext_lazy("On your left")
_RIGHT = gettext_lazy("On your right")
SEAT_PLACES = {
    2: (_YOU, gettext_lazy("Opposite you")),
    3: (_YOU, _LEFT, _RIGHT),
    4: (_YOU, _LEFT, gettext_lazy("Across (partner)"), _RIGHT),
}


class ImportForm(forms.Form):
    """A game record file, read and checked in full before anything is written."""

    record = forms.FileField(
        label=gettext_lazy("Game record (.json)"),
        help_text=lazy(
            lambda: (
                _("A game exported from Scorer, of up to %(hands)s hands.")
                % {"hands": number_text(MAX_HANDS)}
            ),
            str,
        )(),
    )
    # Ticked on purpose, after the import said the circle holds that game already.
    as_copy = forms.BooleanField(
        required=False, label=gettext_lazy("Import it again as a second copy")
    )

    def clean_record(self) -> GameRecord:
        upload = self.cleaned_data["record"]
        # The size first: nothing of a file that is too large is read.
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _(
                    "That file is too large for a game record: a record may be up to "
                    "%(megabytes)s MB and %(hands)s hands."
                )
                % {
                    "megabytes": number_text(MAX_BYTES // 1_000_000),
                    "hands": number_text(MAX_HANDS),
                }
            )
        try:
            data = read_json(upload.read())
            if isinstance(data, dict):
                players = data.get("players")
                if isinstance(players, list) and all(isinstance(p, str) for p in players):
                    data = {**data, "players": self._names(players)}
            record = GameRecord.from_dict(data)
        except ScorerError as error:
            raise forms.ValidationError(error_text(error)) from None
        # A game not played yet would stand at the top of the history for years: a day's
        # grace covers any clock and time zone a phone may be on.
        if record.played is not None and record.played > timezone.now() + dt.timedelta(days=1):
            raise forms.ValidationError(_("played: that moment has not come yet."))
        return record

    @staticmethod
    def _names(names: Sequence[str]) -> list[str]:
        """The players' names, checked as the new-game form checks them."""
        field = player_name_field()
        cleaned = []
        for name in names:
            try:
                cleaned.append(field.clean(name))
            except forms.ValidationError as error:
                who = quoted(name) if name.strip() else _("a blank name")
                message = _("players: %(who)s: %(problem)s") % {
                    "who": who,
                    "problem": error.messages[0],
                }
                raise forms.ValidationError(message) from None
        for seat in repeated_names(cleaned):
            raise forms.ValidationError(
                _("players: two seats have the same name (%(name)s).")
                % {"name": quoted(cleaned[seat])}
            )
        return cleaned

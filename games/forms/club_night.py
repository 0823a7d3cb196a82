"""Setting up a club night: the game and its house rules, the event (format, rounds, round
length, byes, ranking), and who is here, in draw order. The night is read by the engine as
it would read the night's record: what it refuses is said on the field it is about."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import ScorerError, get_variant
from games.engine.club.event import MOST_DEALS, MOST_ROUNDS
from games.engine.club.night import MOST_PLAYERS, Night, is_team_game, read_night
from games.engine.names import check_name, name_key
from games.engine.numbers import LIMIT
from games.forms.fields import WholeNumberField, choice_field
from games.forms.game import MemberNameForm, member_name_field
from games.forms.house_rules import add_settings_fields, settings_dict
from games.forms.registry import SETTINGS_FIELDS
from games.forms.widgets import Radios
from games.models.circles import MAX_NAME
from games.models.club_changes import night_record
from games.words import shown_text, shown_variant

FORMAT_CHOICES = [
    ("rotating", pgettext_lazy("club format", "Rotating: new partners every round")),
    ("progressive", pgettext_lazy("club format", "Progressive: winners move up a table")),
    ("pairs", pgettext_lazy("club format", "Pairs: fixed teams, paired by standing")),
    ("round_robin", pgettext_lazy("club format", "Round robin: every team meets every other")),
]
BYE_WIN_CHOICES = [
    ("0", gettext_lazy("Nothing")),
    ("0.5", gettext_lazy("Half a win")),
    ("1", gettext_lazy("A win")),
]
RANK_CHOICES = [
    ("points", gettext_lazy("Points, then wins")),
    ("wins", gettext_lazy("Wins, then difference")),
]
BYE_WINS = {"0": 0, "0.5": 0.5, "1": 1}
CONFIRM_CHOICES = [
    ("", gettext_lazy("As the format has it: yes for fixed teams")),
    ("yes", gettext_lazy("Yes")),
    ("no", gettext_lazy("No")),
]
# Where the engine's refusals of a night's event go on the form.
FIELD_OF = {
    "event.format": "format",
    "event.rounds": "rounds",
    "event.round_length": "deals",
    "event.bye_points": "bye_points",
    "event.bye_win": "bye_win",
    "event.rank_by": "rank_by",
}


def formats_for(variant: str) -> list[tuple[str, Any]]:
    """The formats a game can play: the team formats only for a team game."""
    team = is_team_game(get_variant(variant))
    return [c for c in FORMAT_CHOICES if team or c[0] not in ("pairs", "round_robin")]


class ClubNightForm(forms.Form):
    """A night's game and event, and (`players`) who is here, in draw order: the `here`
    names carried from tap to tap as hidden fields."""

    format = forms.ChoiceField(label=gettext_lazy("Format"), widget=Radios)
    rounds = WholeNumberField(
        min_value=1, max_value=MOST_ROUNDS, required=False, label=gettext_lazy("Rounds")
    )
    deals = WholeNumberField(
        min_value=1,
        max_value=MOST_DEALS,
        required=False,
        label=gettext_lazy("Deals a round"),
        help_text=gettext_lazy("Empty: each table plays to the game’s target."),
    )
    bye_points = WholeNumberField(
        min_value=0,
        max_value=LIMIT,
        required=False,
        label=gettext_lazy("Points for sitting out"),
        help_text=gettext_lazy("Empty: the average of the round."),
    )
    bye_win = forms.ChoiceField(
        choices=BYE_WIN_CHOICES, widget=Radios, label=gettext_lazy("Sitting out counts as")
    )
    rank_by = forms.ChoiceField(
        choices=RANK_CHOICES, widget=Radios, label=gettext_lazy("Standings by")
    )
    confirm = forms.ChoiceField(
        choices=CONFIRM_CHOICES,
        widget=Radios,
        required=False,
        label=gettext_lazy("Each table’s result confirmed by the other side"),
    )

    def __init__(self, *args: Any, variant: str, players: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        self.engine = shown_variant(variant)
        self.players = players
        choice_field(self, "format").choices = formats_for(variant)
        self.initial.update(
            {
                "format": "rotating",
                "rounds": 4,
                "bye_win": "0.5",
                "rank_by": "points",
                "confirm": "",
            }
        )
        self.settings_fields = SETTINGS_FIELDS[variant]
        add_settings_fields(self, self.settings_fields, self.engine.settings().full_dict())
        for spec in self.settings_fields:
            self.fields[f"set_{spec.key}"].required = False  # empty: the game's default
        self.night: Night | None = None

    def confirm_results(self) -> bool | None:
        """Whether the other side confirms each result (None: as the format has it)."""
        chosen = self.cleaned_data.get("confirm") or ""
        return None if not chosen else chosen == "yes"

    def house_rules(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields]

    def event_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("rounds", "deals", "bye_points")]

    def event_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        event: dict[str, Any] = {"format": data.get("format") or "rotating"}
        if data.get("rounds") is not None:
            event["rounds"] = data["rounds"]
        if data.get("deals") is not None:
            event["round_length"] = data["deals"]
        if data.get("bye_points") is not None:
            event["bye_points"] = data["bye_points"]
        event["bye_win"] = BYE_WINS.get(data.get("bye_win") or "0.5", 0.5)
        event["rank_by"] = data.get("rank_by") or "points"
        return event

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        names = here_names(self.data) if self.players else []
        teams = None
        if data.get("format") in ("pairs", "round_robin"):
            teams = [names[i : i + 2] for i in range(0, len(names) - 1, 2)]
        # Before the players are picked, the event is read with a table's worth of stand-ins.
        listed = names if self.players else self._stand_ins(data)
        if not self.players and teams is not None:
            teams = [listed[i : i + 2] for i in range(0, len(listed), 2)]
        record = night_record(
            self.variant,
            settings_dict(self.settings_fields, data),
            self.event_dict(data),
            listed,
            teams,
        )
        try:
            self.night = read_night(record)
        except ScorerError as error:
            field = FIELD_OF.get(error.field)
            if error.field.startswith("settings."):
                key = "set_" + error.field.removeprefix("settings.")
                field = key if key in self.fields else None
            if not self.players and field is None:
                return data  # a count of players: said once they are picked
            self.add_error(field, shown_text(error.message))
        return data

    def _stand_ins(self, data: dict[str, Any]) -> list[str]:
        return [f"P{n}" for n in range(1, self.engine.seats * 2 + 1)]


def here_names(data: Any) -> list[str]:
    """The names picked so far, in draw order, each held to the name rule (a broken one is
    dropped) and each once."""
    getlist = getattr(data, "getlist", None)
    raw = getlist("here") if getlist else []
    names: list[str] = []
    seen: set[str] = set()
    for value in raw[:MOST_PLAYERS]:
        try:
            name = check_name(str(value)[:40].strip(), "here")
        except ScorerError:
            continue
        if name and name_key(name) not in seen:
            seen.add(name_key(name))
            names.append(name)
    return names


def toggled_here(names: list[str], name: str) -> list[str]:
    """The names after a tap on `name`: out if it is in, else last in."""
    key = name_key(name)
    kept = [n for n in names if name_key(n) != key]
    return kept if len(kept) < len(names) else [*names, name]


class LateArrivalForm(MemberNameForm):
    """A player who comes late: a name, as the roster takes it."""


class LateTeamForm(forms.Form):
    """A team of two who come late (the pair formats): two names, as the roster takes them,
    in the order the team is listed."""

    name = member_name_field(
        gettext_lazy("First player"), gettext_lazy("Type the first player’s name.")
    )
    partner = member_name_field(
        gettext_lazy("Their partner"), gettext_lazy("Type their partner’s name.")
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("name"), data.get("partner")
        if first and second and name_key(first) == name_key(second):
            raise forms.ValidationError(gettext_lazy("A team is two different players."))
        return data

    def names(self) -> list[str]:
        return [self.cleaned_data["name"], self.cleaned_data["partner"]]

    def problem(self) -> str:
        """What is wrong, every field's and the form's, in one line."""
        return " ".join(str(e) for errors in self.errors.values() for e in errors)


class NewNameForm(forms.Form):
    """The box of the set-up's second step for a name not on the roster yet: shown with what
    was typed when it was refused (LateArrivalForm says why)."""

    new_name = forms.CharField(
        required=False,
        max_length=MAX_NAME,
        label=gettext_lazy("A new name"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )


class NightFileForm(forms.Form):
    """A night's record file to import (scorer-night/1)."""

    record = forms.FileField(
        label=gettext_lazy("A night’s file (scorer-night/1)"),
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json"}),
    )


class HeadToHeadForm(forms.Form):
    """Two entrants of a night (players, or teams), by draw number: their games against each
    other."""

    first = forms.ChoiceField(label=gettext_lazy("First"))
    second = forms.ChoiceField(label=gettext_lazy("Second"))

    def __init__(self, *args: Any, entrants: dict[int, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entrants = entrants
        choices = [(str(n), name) for n, name in sorted(entrants.items())]
        choice_field(self, "first").choices = choices
        choice_field(self, "second").choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors and data.get("first") == data.get("second"):
            self.add_error("second", gettext_lazy("Pick two different entrants."))
        return data

    def entrant_names(self) -> tuple[str, str]:
        return (
            self.entrants[int(self.cleaned_data["first"])],
            self.entrants[int(self.cleaned_data["second"])],
        )

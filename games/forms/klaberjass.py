"""Klaberjass: the hand form and the house rules asked at game start."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.forms.base import AFTER, BEFORE, DURING, SUITS, HandForm
from games.forms.declarations import DeclarationRows, DeclarationsForm
from games.forms.fields import (
    SeatField,
    WholeNumberField,
    card_points_field,
    named_field,
    seat_choices,
)
from games.forms.house_rules import RuleWords
from games.forms.widgets import Pad, SeatPad, SuitPad

RULE_WORDS = {
    "target": RuleWords(gettext_lazy("Play to"), main=True),
    "tie_rule": RuleWords(
        gettext_lazy("A tie"),
        {
            "forfeit": gettext_lazy("Caller forfeits everything"),
            "half": gettext_lazy("Caller 0, opponents keep their own"),
        },
    ),
    "bella_on_forfeit": RuleWords(
        gettext_lazy("Bella on a forfeit"),
        {
            "opponents": gettext_lazy("Goes to the opponents"),
            "holder": gettext_lazy("Stays with its team"),
        },
    ),
    "sequence_scope": RuleWords(
        gettext_lazy("Who scores sequences"),
        {
            "team": gettext_lazy("The whole best team"),
            "player": gettext_lazy("Only the best player"),
        },
    ),
    "final_tiebreak": RuleWords(
        gettext_lazy("Sequences tie exactly"),
        {
            "seat": gettext_lazy("Nearest the forehand wins"),
            "none": gettext_lazy("Nobody scores them"),
        },
    ),
    "run5_value": RuleWords(gettext_lazy("Run of 5 or more")),
    "capot": RuleWords(
        gettext_lazy("All 8 tricks (capot)"),
        {
            "none": gettext_lazy("No bonus"),
            "double": gettext_lazy("Doubles"),
            "plus90": "+90",
        },
    ),
    "zero_trick_sequences": RuleWords(
        gettext_lazy("A team with no trick"),
        {
            True: gettext_lazy("Keeps its sequences"),
            False: gettext_lazy("Loses its sequences"),
        },
    ),
    "yas_value": RuleWords(gettext_lazy("Trump jack (Yas)")),
    "both_cross": RuleWords(
        gettext_lazy("Both teams reach the target"),
        {
            "higher": gettext_lazy("Higher total wins"),
            "caller": gettext_lazy("Caller wins if made"),
        },
    ),
}


def _round(value: str) -> int | str:
    """The round trump was made in: 1 or 2, or "bima"."""
    return int(value) if value.isdigit() else value


class KlaberjassHandForm(DeclarationRows, HandForm):
    variant = "klaberjass"
    game_name = pgettext_lazy("game", "Klaberjass")
    rule_words = RULE_WORDS
    helper_form = DeclarationsForm
    error_fields: ClassVar[dict[str, str]] = {"card_points": "points_0", "tricks": "tricks_0"}
    copied = ("dealer", "caller", "trump", "last_trick", "round", "turned_up")
    spread: ClassVar[dict[str, tuple[str, ...]]] = {
        "card_points": ("points_0", "points_1"),
        "tricks": ("tricks_0", "tricks_1"),
    }
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        BEFORE: ("dealer", "caller", "trump", "round", "turned_up"),
        DURING: DeclarationRows.row_field_names(),
        AFTER: ("points_0", "points_1", "last_trick", "tricks_0", "tricks_1"),
    }

    caller = SeatField(widget=SeatPad, label=gettext_lazy("Who called"))
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))
    points_0 = card_points_field(0)
    points_1 = card_points_field(1)
    last_trick = SeatField(sides=True, widget=Pad(teams=True), label=gettext_lazy("Last trick"))
    round = forms.TypedChoiceField(
        coerce=_round,
        empty_value=None,
        required=False,
        widget=Pad,
        label=gettext_lazy("Round"),
        choices=[
            ("", "—"),
            ("1", gettext_lazy("Round 1")),
            ("2", gettext_lazy("Round 2")),
            ("bima", pgettext_lazy("klaberjass", "Bima")),
        ],
    )
    turned_up = forms.ChoiceField(
        required=False, choices=[("", "—"), *SUITS], label=gettext_lazy("Turned up")
    )
    tricks_0 = WholeNumberField(
        min_value=0,
        max_value=8,
        required=False,
        label=gettext_lazy("Tricks"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tricks_1 = WholeNumberField(
        min_value=0,
        max_value=8,
        required=False,
        label=gettext_lazy("Tricks"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = seat_choices(self.engine.side_names(self.names))
        self.add_declaration_fields(seat_choices(self.names))
        self.card_total = self.settings.card_total
        for side in (0, 1):
            self.fields[f"points_{side}"].widget.attrs["max"] = self.card_total
        self.needs_tricks = self.settings.needs_tricks
        for side, (_key, name) in enumerate(teams):
            named_field(
                self.fields[f"points_{side}"],
                _("%(name)s's card points") % {"name": name},
                _("Card points"),
            )
            named_field(
                self.fields[f"tricks_{side}"],
                _("%(name)s's tricks") % {"name": name},
                _("Tricks"),
            )
        self.team_names = [name for _key, name in teams]

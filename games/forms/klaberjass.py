"""Klaberjass: the hand form and the house rules asked at game start."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from games.engine import VARIANTS
from games.forms.base import (
    SUITS,
    HandForm,
    SettingSpec,
    WholeNumberField,
    seat_choices,
    three_phases,
)
from games.forms.declarations import DeclarationRows


class KlaberjassHandForm(DeclarationRows, HandForm):
    variant = "klaberjass"
    template = "games/hands/klaberjass.html"
    error_fields: ClassVar[dict[str, str]] = {
        "card_points": "points_0",
        "last_trick": "last_trick",
        "tricks": "tricks_0",
        "declarations": "declarations",
        "round": "round",
        "turned_up": "turned_up",
    }
    phases = three_phases(
        before=("dealer", "caller", "trump", "round", "turned_up"),
        during=DeclarationRows.row_field_names(),
        after=("points_0", "points_1", "last_trick", "tricks_0", "tricks_1"),
    )

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    caller = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Who called")
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)
    points_0 = WholeNumberField(min_value=0, label="Card points")
    points_1 = WholeNumberField(min_value=0, label="Card points")
    last_trick = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Last trick")
    round = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        choices=[("", "—"), ("1", "Round 1"), ("2", "Round 2"), ("bima", "Bima")],
    )
    turned_up = forms.ChoiceField(required=False, choices=[("", "—"), *SUITS])
    tricks_0 = WholeNumberField(
        min_value=0,
        max_value=8,
        required=False,
        label="Tricks",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tricks_1 = WholeNumberField(
        min_value=0,
        max_value=8,
        required=False,
        label="Tricks",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        teams = seat_choices(list(VARIANTS["klaberjass"].side_names(self.names)))
        self.fields["dealer"].choices = seats  # type: ignore[attr-defined]
        self.fields["caller"].choices = seats  # type: ignore[attr-defined]
        self.fields["last_trick"].choices = teams  # type: ignore[attr-defined]
        self.add_declaration_fields(seats)
        self.card_total = self.settings.card_total
        self.needs_tricks = self.settings.needs_tricks
        for side, (_, name) in enumerate(teams):
            self.fields[f"points_{side}"].label = f"{name}'s card points"
            self.fields[f"tricks_{side}"].label = f"{name}'s tricks"
        self.team_names = [name for _, name in teams]

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "caller": d["caller"],
            "trump": d["trump"],
            "card_points": [d["points_0"], d["points_1"]],
            "last_trick": d["last_trick"],
        }
        if d.get("round"):
            facts["round"] = d["round"] if d["round"] == "bima" else int(d["round"])
        if d.get("turned_up"):
            facts["turned_up"] = d["turned_up"]
        if d.get("tricks_0") is not None or d.get("tricks_1") is not None:
            facts["tricks"] = [d.get("tricks_0"), d.get("tricks_1")]
        declarations = self.declaration_facts()
        if declarations:
            facts["declarations"] = declarations
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "dealer": facts["dealer"],
            "caller": facts["caller"],
            "trump": facts["trump"],
            "points_0": facts["card_points"][0],
            "points_1": facts["card_points"][1],
            "last_trick": facts["last_trick"],
            "round": str(facts.get("round", "")),
            "turned_up": facts.get("turned_up", ""),
        }
        if "tricks" in facts:
            initial["tricks_0"], initial["tricks_1"] = facts["tricks"]
        initial.update(cls.declaration_initial(facts.get("declarations", [])))
        return initial


SETTINGS = [
    SettingSpec("target", "Play to", main=True),
    SettingSpec(
        "tie_rule",
        "A tie",
        [
            ("forfeit", "Caller forfeits everything"),
            ("half", "Caller 0, opponents keep their own"),
        ],
    ),
    SettingSpec(
        "bella_on_forfeit",
        "Bella on a forfeit",
        [("opponents", "Goes to the opponents"), ("holder", "Stays with its team")],
    ),
    SettingSpec(
        "sequence_scope",
        "Who scores sequences",
        [("team", "The whole best team"), ("player", "Only the best player")],
    ),
    SettingSpec(
        "final_tiebreak",
        "Sequences tie exactly",
        [("seat", "Nearest the forehand wins"), ("none", "Nobody scores them")],
    ),
    SettingSpec("run5_value", "Run of 5 or more", [(50, "50"), (100, "100")]),
    SettingSpec(
        "capot",
        "All 8 tricks (capot)",
        [("none", "No bonus"), ("double", "Doubles"), ("plus90", "+90")],
    ),
    SettingSpec(
        "zero_trick_sequences",
        "A team with no trick",
        [(True, "Keeps its sequences"), (False, "Loses its sequences")],
    ),
    SettingSpec("yas_value", "Trump jack (Yas)", [(20, "20"), (22, "22")]),
    SettingSpec(
        "both_cross",
        "Both teams reach the target",
        [("higher", "Higher total wins"), ("caller", "Caller wins if made")],
    ),
]

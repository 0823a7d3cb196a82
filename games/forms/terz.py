"""Terz: the hand form and the house rules asked at game start."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.forms.base import AFTER, BEFORE, DURING, SUITS, HandForm
from games.forms.declarations import TerzDeclarationsForm, TerzRows
from games.forms.fields import SeatField, card_points_field, named_field, seat_choices
from games.forms.house_rules import RuleWords
from games.forms.widgets import Pad, SuitPad

RULE_WORDS = {
    "target": RuleWords(gettext_lazy("Play to"), main=True),
    "card_values": RuleWords(
        gettext_lazy("Card values"),
        {
            "seed": gettext_lazy("A 11, 10 10, K 3, Q 2, J 1 — trump J 20, 9 13 (140)"),
            "standard": gettext_lazy("A 11, 10 10, K 4, Q 3, J 2 — trump J 20, 9 14 (152)"),
        },
    ),
    "marriage_suits": RuleWords(
        gettext_lazy("Marriages"),
        {"any": gettext_lazy("In any suit"), "trump": gettext_lazy("Only in trumps")},
    ),
    "combo_tiebreak": RuleWords(
        gettext_lazy("Equal combinations"),
        {
            "first": gettext_lazy("The one announced first"),
            "trump": gettext_lazy("Trumps first, then the earlier"),
        },
    ),
}


class TerzHandForm(TerzRows, HandForm):
    """Dealer, trump, one player's card points, the last trick, combinations as announced."""

    variant = "terz"
    game_name = pgettext_lazy("game", "Terz")
    rule_words = RULE_WORDS
    helper_form = TerzDeclarationsForm
    error_fields: ClassVar[dict[str, str]] = {"card_points": "points_0"}
    copied = ("dealer", "trump", "last_trick")
    spread: ClassVar[dict[str, tuple[str, ...]]] = {"card_points": ("points_0", "points_1")}
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        BEFORE: ("dealer", "trump"),
        DURING: TerzRows.row_field_names(),
        AFTER: ("points_0", "points_1", "last_trick"),
    }

    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))
    points_0 = card_points_field(0)
    points_1 = card_points_field(1)
    last_trick = SeatField(widget=Pad(teams=True), label=gettext_lazy("Last trick"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_declaration_fields(seat_choices(self.names))
        self.card_total = self.settings.card_total
        for side in (0, 1):
            self.fields[f"points_{side}"].widget.attrs["max"] = self.card_total
        for seat, name in enumerate(self.names):
            named_field(
                self.fields[f"points_{seat}"],
                _("%(name)s's card points") % {"name": name},
                _("Card points"),
            )
        self.team_names = self.names  # the card points' sides are the two players

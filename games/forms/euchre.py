"""Euchre: the quick hand form and the house rules asked at game start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.forms.base import SUITS, HandForm
from games.forms.fields import SeatField
from games.forms.house_rules import RuleWords
from games.forms.widgets import Pad, SeatPad, SuitPad

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


RULE_WORDS = {
    "target": RuleWords(_("Play to"), main=True),
    "all_pass": RuleWords(
        _("When everyone passes twice"),
        {
            "redeal": _("Redeal: nobody scores"),
            "stick_the_dealer": _("Stick the dealer: the dealer must name trump"),
            "dealer_forfeit": _("The dealer may decline: opponents +1"),
        },
        main=True,
    ),
    "stuck_dealer_any_suit": RuleWords(
        _("A stuck dealer"),
        {False: _("Names another suit"), True: _("May name the turned-down suit")},
    ),
    "lone_euchre_points": RuleWords(
        _("Euchring a lone hand"), {2: _("2 points"), 4: _("4 points")}
    ),
    "defend_alone": RuleWords(
        _("A defender may play alone"),
        {False: _("No"), True: _("Yes: euchring a loner alone is 4")},
    ),
    "super_euchre": RuleWords(
        _("Makers take no trick (super-euchre)"), {False: _("2 as usual"), True: _("4 points")}
    ),
}


class EuchreHandForm(HandForm):
    """Made for speed: the maker, "alone", the makers' tricks, Save."""

    variant = "euchre"
    game_name = pgettext_lazy("game", "Euchre")
    rule_words = RULE_WORDS
    copied = (
        "dealer",
        "maker",
        "trump",
        "round",
        "turned_up",
        "alone",
        "defender_alone",
        "maker_tricks",
    )
    outcome_question = _("Nobody made trump?")
    outcome_labels: ClassVar[dict[str, StrOrPromise]] = {
        "passed_out": _("Everyone passed: redeal"),
        "dealer_forfeit": _("Dealer declines: opponents +1"),
    }

    outcome = forms.ChoiceField(
        required=False,
        label=_("Outcome"),
        choices=[
            ("played", pgettext_lazy("euchre deal", "played")),
            ("passed_out", pgettext_lazy("euchre deal", "passed out")),
            ("dealer_forfeit", pgettext_lazy("euchre deal", "declined")),
        ],
    )
    maker = SeatField(required=False, empty_value=None, widget=SeatPad, label=_("Maker"))
    alone = forms.BooleanField(required=False, label=_("Played alone"))
    defender_alone = forms.BooleanField(required=False, label=_("A defender played alone"))
    maker_tricks = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        widget=Pad(pad_class="trick-pad"),
        choices=[(str(n), str(n)) for n in range(6)],
        label=_("Makers' tricks"),
    )
    trump = forms.ChoiceField(required=False, choices=SUITS, widget=SuitPad, label=_("Trump"))
    round = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        widget=Pad,
        label=_("Round"),
        choices=[("", "—"), ("1", _("Ordered up (round 1)")), ("2", _("Named (round 2)"))],
    )
    turned_up = forms.ChoiceField(required=False, choices=[("", "—"), *SUITS], label=_("Turned up"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.defend_alone = self.settings.defend_alone

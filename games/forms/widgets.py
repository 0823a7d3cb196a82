"""The pads of big buttons a hand is tapped in with, as Django widgets.

Each pad is a radio group drawn as buttons: a seat per player, a suit, a choice of a few. They
are rendered through their fields, so Django marks a field with an error on every button
(`aria-invalid`) and points each at the error's text (`aria-describedby`, to the list that
`{{ field.errors }}` renders). A pad is a `role="radiogroup"` named by the element whose id is
its field's id and `_legend` (`<legend id="{{ form.caller.auto_id }}_legend">`), its visible
title on the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils import translation

# The longest word (between spaces and hyphens) a button holds at four, then two in a row
# on a 360 px phone: a pad with a longer name goes to two in a row ("long"), or one
# ("longer"), so that a name wraps between its words, never inside one (issue 23).
WORD_FOUR_IN_A_ROW = 6
WORD_TWO_IN_A_ROW = 12


def name_length(labels: Iterable[Any]) -> str:
    """The pad's class for the length of its longest word: "", "long" or "longer"."""
    longest = max(
        (len(word) for label in labels for word in re.split(r"[\s\-‐]+", str(label))),
        default=0,
    )
    if longest > WORD_TWO_IN_A_ROW:
        return "longer"
    return "long" if longest > WORD_FOUR_IN_A_ROW else ""


class Pad(forms.RadioSelect):
    """A radio group drawn as a pad of buttons (static/css/scorer.css: .toggle-pad)."""

    template_name = "games/widgets/pad.html"
    option_template_name = "games/widgets/pad_option.html"
    pad_class = "toggle-pad"
    button_class = "toggle-btn"
    # The error is said on each button, not on a fieldset Django would draw around them.
    use_fieldset = False

    def __init__(
        self,
        attrs: dict[str, Any] | None = None,
        choices: Any = (),
        *,
        pad_class: str = "",
        teams: bool = False,
    ) -> None:
        super().__init__(attrs, choices)
        if pad_class:
            self.pad_class = pad_class
        self.teams = teams
        """Whether the buttons take their side's colour: seats and sides alternate."""

    def group_class(self) -> str:
        return " ".join(filter(None, [self.pad_class, self.length_class()]))

    def length_class(self) -> str:
        return name_length(label for _, label in self.choices)

    def option_class(self, index: int, value: Any) -> str:
        if self.teams:
            return f"{self.button_class} team-{'ab'[index % 2]}"
        return self.button_class

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["group_class"] = self.group_class()
        return context

    def create_option(
        self,
        name: str,
        value: Any,
        label: Any,
        selected: bool,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["button_class"] = self.option_class(index, value)
        return option


class SeatPad(Pad):
    """One button per seat, round the table: `seat-0`…, in the team colours in a partnership
    game (HandForm sets `teams` from the variant)."""

    pad_class = "seat-pad"
    button_class = "seat-btn"
    goes = "left"
    """Which way the seats go round (Variant.seats_go; HandForm sets it): seat 1 is drawn
    at seat 0's left, or with "right" at its right (the pad is `anticlockwise`)."""

    def group_class(self) -> str:
        drawn = f"{self.pad_class} seats-{len(list(self.choices))}"
        if length := self.length_class():
            drawn = f"{drawn} {length}"
        return f"{drawn} anticlockwise" if self.goes == "right" else drawn

    def option_class(self, index: int, value: Any) -> str:
        seat = f"{self.button_class} seat-{index}"
        return f"{seat} team-{'ab'[index % 2]}" if self.teams else seat


class SuitPad(Pad):
    """One button per suit, in the suit's colour (`suit-S`…)."""

    pad_class = "suit-pad"
    button_class = "suit-btn"

    def option_class(self, index: int, value: Any) -> str:
        return f"{self.button_class} suit-{value}"


class Radios(forms.RadioSelect):
    """Radio buttons a template places one by one, each beside what it chooses
    (`{{ radio.tag }}`); the error is said on each button, as on a pad."""

    use_fieldset = False


class LanguageSelect(forms.Select):
    """Languages named in their own words, each option marked as its language (`lang`), and
    with `bidi` its direction too, so a reader's screen reader and font read it right."""

    def __init__(self, attrs: dict[str, Any] | None = None, choices: Any = (), bidi: bool = False):
        super().__init__(attrs, choices)
        self.bidi = bidi

    def create_option(
        self,
        name: str,
        value: Any,
        label: Any,
        selected: bool,
        index: int,
        subindex: int | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value:
            said = {"lang": value}
            if self.bidi:
                said["dir"] = "rtl" if translation.get_language_info(value)["bidi"] else "ltr"
            option["attrs"] = said | option["attrs"]
        return option

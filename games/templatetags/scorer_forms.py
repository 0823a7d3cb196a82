"""Forms a template draws from data its view hands it as it is: the meld calculator's grid,
the circle's language, the language picker at the foot of every page, and the class of a row
of name buttons drawn by hand."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.forms.game import CircleLanguageForm, LanguagePickerForm
from games.forms.melds import MeldGridForm, meld_field
from games.forms.widgets import name_length
from games.models import Circle

register = template.Library()


@register.filter
def names_class(pairs: Any) -> str:
    """A row of name buttons' class for its longest word, as a pad's (games/forms/widgets.py)."""
    return name_length(label for _, label in pairs)


@register.filter
def board_class(board: Any) -> str:
    """The scoreboard's class for the longest word of its players' names, as a pad's."""
    return name_length(member for side in board for member in side["members"])


@register.filter
def sides_class(sides: Any) -> str:
    """A hand's scores' class for the longest word of its sides' names: (name, score, total)."""
    return name_length(name for name, *_ in sides)


@register.filter
def seats_class(seat_boxes: Any) -> str:
    """The new game's table's class for the longest word of the names in its seats."""
    return name_length(field.value() or "" for field, _ in seat_boxes)


@register.simple_tag
def meld_grid(grid: list[tuple[str, str, list[tuple[str, str]]]], values: Any) -> MeldGridForm:
    """The meld calculator's koz and cards (`meld_cells`), holding what `values` give."""
    return MeldGridForm(grid, values)


@register.simple_tag
def meld_box(seat: int, total: int) -> SafeString:
    """A player's melds box in the hand form, holding the calculator's total: it replaces
    the box out of band (htmx), so it is the hand form's own widget."""
    attrs = {"id": f"id_meld_{seat}", "required": True, "hx-swap-oob": "true"}
    box: SafeString = meld_field().widget.render(f"meld_{seat}", total, attrs=attrs)
    return box


@register.simple_tag
def circle_language(circle: Circle, form: CircleLanguageForm | None) -> CircleLanguageForm:
    """The circle's language form as it was posted (`form`), else holding its language."""
    return form or CircleLanguageForm(initial={"language": circle.language})


@register.simple_tag
def language_picker() -> LanguagePickerForm:
    """The menu's language picker, on the language this page is in."""
    return LanguagePickerForm()

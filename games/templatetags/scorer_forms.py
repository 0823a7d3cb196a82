"""Forms a template draws from data its view hands it as it is: the meld calculator's grid,
the circle's language, and the language picker at the foot of every page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from games.forms.game import CircleLanguageForm, LanguagePickerForm
from games.forms.melds import MeldGridForm, meld_field
from games.models import Circle

register = template.Library()


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

"""The games Scorer knows and their tools, as pages list them."""

from __future__ import annotations

from typing import Any

from django import template

from games.forms import HAND_FORMS
from games.words import shown_variants

register = template.Library()


@register.simple_tag
def game_names() -> str:
    """Every game Scorer knows, named in the reader's language: "Klaberjass · Terz · …"."""
    return " · ".join(str(variant.name) for variant in shown_variants())


@register.simple_tag
def games_with_tool(tool: str) -> list[Any]:
    """The games that have `tool` ("declarations", "melds"), as pages show them."""
    return [variant for variant in shown_variants() if tool in variant.tools]


@register.filter
def names_of(variants: list[Any]) -> str:
    """Games' names joined for a sentence: "Klaberjass, Terz"."""
    return ", ".join(str(variant.name) for variant in variants)


@register.filter
def meld_title(variant: Any) -> str:
    """The title of a game's meld calculator, as its hand form words it."""
    return str(HAND_FORMS[variant.key].meld_words["title"])

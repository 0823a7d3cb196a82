"""Small template helpers for Scorer's pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def get_count(values: Any, name: str) -> str:
    """How many copies of a card the calculator holds (0 when not given)."""
    if not values:
        return "0"
    value = values.get(name) or "0"
    return str(value)


MINUS = "\u2212"


@register.filter
def minus(value: Any) -> str:
    """A number with a real minus sign when negative: "−380"."""
    if not isinstance(value, int):
        return str(value)
    return f"{MINUS}{-value}" if value < 0 else str(value)


@register.filter
def signed(value: Any) -> str:
    """A score with its sign, a real minus sign when negative: "+130", "−20", never "+-20"."""
    if not isinstance(value, int):
        return str(value)
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"

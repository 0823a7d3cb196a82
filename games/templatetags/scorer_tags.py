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

"""The script's words (games/pages/script_words.py) as the page and the service worker take
them."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.pages.script_words import scorer_words

register = template.Library()


@register.simple_tag(name="scorer_words")
def scorer_words_tag() -> dict[str, Any]:
    """{% scorer_words as words %}{{ words|json_script:"scorer-words" }}"""
    return scorer_words()


@register.simple_tag
def js_word(key: str) -> SafeString:
    """One of the script's words as a JavaScript string literal (templates/sw.js)."""
    return mark_safe(json.dumps(scorer_words()[key]))  # noqa: S308 (JSON, ASCII only)

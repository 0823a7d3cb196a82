"""Small template helpers for Scorer's pages."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote

import segno
from django import template
from django.contrib.staticfiles import finders
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.engine.texts import Text

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


@register.simple_tag
def data_uri(path: str, media_type: str) -> str:
    """A small static file written into the page as a data: URI (the CSP allows data:
    images), so that the first load fetches it without a request of its own."""
    return _data_uri(path, media_type)


@functools.cache
def _data_uri(path: str, media_type: str) -> str:
    found = finders.find(path)
    if not isinstance(found, str):
        raise template.TemplateSyntaxError(f"no static file {path}")
    with open(found, encoding="utf-8") as f:
        text = f.read().strip()
    kept = " /=;,'"  # not in the f-string: xgettext cannot read quotes nested in one
    return f"data:{media_type},{quote(text, safe=kept)}"


@register.simple_tag
def qr_code(link: str, label: str) -> SafeString:
    """`link` as a QR code, an inline SVG drawn on the server: it needs no script, and the
    page's Content-Security-Policy allows it as part of the page. Black on white whatever
    the colour scheme, since that is what a phone's camera reads."""
    return _qr_code(link, label)


@functools.lru_cache(maxsize=256)
def _qr_code(link: str, label: str) -> SafeString:
    drawing = segno.make(link, error="m").svg_inline(
        scale=1, border=4, omitsize=True, svgclass="qr-code", dark="#000", light="#fff"
    )
    # segno escapes nothing it does not write itself; the label is the page's own text.
    labelled = drawing.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    return mark_safe(labelled)  # noqa: S308 (segno's markup, with an escaped label)


class _ActiveLanguage:
    """The engine's sentences in the language Django has active for this request."""

    def pgettext(self, context: str, message: str) -> str:
        return translation.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return translation.npgettext(context, singular, plural, count)


ACTIVE = _ActiveLanguage()


def _isolate(value: str) -> str:
    """A name or score kept in its own direction inside a right-to-left sentence."""
    return f"\u2068{value}\u2069"


def say_text(value: Any) -> str:
    """An engine sentence in the reader's language: a Text, its stored JSON form
    ({"id": …, "params": …}), or plain text stored before sentences had ids."""
    if isinstance(value, dict) and "id" in value:
        try:
            value = Text.from_json(value)
        except (KeyError, TypeError, ValueError):
            return ""
    if isinstance(value, Text):
        return value.render(ACTIVE, _isolate if translation.get_language_bidi() else None)
    return "" if value is None else str(value)


@register.filter
def say(value: Any) -> str:
    """{{ note|say }}: an engine sentence in the reader's language."""
    return say_text(value)

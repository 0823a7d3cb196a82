"""Files and drawings written into a page: a static file as a data: URI, a link as a QR
code."""

from __future__ import annotations

import functools
import re
from urllib.parse import quote

import segno
from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


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
def inline_style(path: str) -> SafeString:
    """A static style sheet written into the page, for a <style> with the response's CSP
    nonce: the page paints as soon as it arrives, without waiting for a request of its own.
    Its `url("../x")` are relative to the sheet's folder: they become the file's static URL
    (its hashed name in production); its comments are left out. Read once a process, except
    while developing."""
    return _inline_style.__wrapped__(path) if settings.DEBUG else _inline_style(path)


@functools.cache
def _inline_style(path: str) -> SafeString:
    found = finders.find(path)
    if not isinstance(found, str):
        raise template.TemplateSyntaxError(f"no static file {path}")
    with open(found, encoding="utf-8") as f:
        text = f.read()
    folder = path.rsplit("/", 1)[0]

    def absolute(match: re.Match[str]) -> str:
        return f'url("{static(_resolved(folder, match[1]))}")'

    text = re.sub(r'url\("?((?:\.\./)*[^":)]+)"?\)', absolute, text)
    # Its comments are for its readers: a third of its compressed weight, on every game page.
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = "\n".join(line.strip() for line in text.splitlines() if line.strip())
    if "</" in text:
        raise template.TemplateSyntaxError(f"{path} cannot be written into a <style>")
    return mark_safe(text)  # noqa: S308 (the site's own style sheet, checked above)


def _resolved(folder: str, relative: str) -> str:
    """`../fonts/a.woff2` from `css`: `fonts/a.woff2`."""
    parts = folder.split("/") if folder else []
    for part in relative.split("/")[:-1]:
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join([*parts, relative.split("/")[-1]])


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

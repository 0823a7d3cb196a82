"""How the pages write the engine's sentences, names and numbers (games/words.py): say and
say_html, signed and minus, isolated names and the element tag for a translated sentence's
placeholder. The other libraries: scorer_media (QR codes, data URIs), scorer_script (the
script's words), scorer_games (the games and their tools), scorer_forms (forms' pieces)."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games import nights, words
from games.engine.names import contained, directional
from games.health import VERSION

register = template.Library()


@register.filter
def minus(value: Any) -> str:
    """A number with a real minus sign when negative: "−380"."""
    if not isinstance(value, int):
        return str(value)
    return words.left_to_right(words.minus(value)) if value < 0 else str(value)


@register.filter
def signed(value: Any) -> str:
    """A score with its sign, a real minus sign when negative: "+130", "−20", never "+-20"."""
    if not isinstance(value, int):
        return str(value)
    return words.left_to_right(words.signed(value))


@register.filter
def say(value: Any) -> str:
    """{{ note|say }}: an engine sentence in the reader's language."""
    return words.say_text(value)


@register.filter
def say_html(value: Any) -> SafeString:
    """{{ note|say_html }}: an engine sentence in the reader's language, as the content of an
    element (never an attribute: use `say` there)."""
    return words.say_html(value)


_TAG = re.compile(r"[a-z][a-z0-9]*")


@register.simple_tag
def element(tag: str, content: Any, **attributes: Any) -> SafeString:
    """One element around `content` (escaped unless it is safe already), to stand for a
    placeholder of a translated sentence, so translators see "%(name)s deals", never markup:

        {% element "strong" dealer_name class="dealer-name" as who %}
        {% blocktranslate with name=who %}{{ name }} deals{% endblocktranslate %}

    An attribute's underscores become hyphens (data_open_dealer is data-open-dealer); True
    writes it bare, and False or None leaves it out."""
    if not _TAG.fullmatch(tag):
        raise template.TemplateSyntaxError(f"not an element name: {tag!r}")
    written = []
    for name, value in attributes.items():
        attribute = name.replace("_", "-")
        if value is True:
            written.append(format_html(" {}", attribute))
        elif value is not False and value is not None:
            written.append(format_html(' {}="{}"', attribute, value))
    opening = mark_safe(f"<{tag}{''.join(written)}>")  # noqa: S308 (escaped above)
    return format_html("{}{}</{}>", opening, isolated(content), mark_safe(tag))  # noqa: S308


@register.filter
def isolated(value: Any) -> SafeString:
    """{{ name|isolated }}: a name as the content of an element, escaped, in <bdi> when it has
    a direction of its own (a Hebrew name beside a score on an English page, a stored name
    holding a U+202E), so it can never turn the text around it."""
    if value is None:
        return SafeString("")
    text = str(value)
    # Balancing only adds or drops bidirectional controls: markup stays as safe as it was.
    body = mark_safe(contained(text)) if isinstance(value, SafeString) else escape(contained(text))  # noqa: S308
    return format_html("<bdi>{}</bdi>", body) if directional(text) else body


@register.filter
def isolated_list(names: Any) -> SafeString:
    """{{ names|isolated_list }}: names joined with commas, each one `isolated`, so that a
    right-to-left name in a list never takes the commas and its neighbours with it."""
    return SafeString(", ".join(isolated(name) for name in names))


@register.filter
def isolated_text(value: Any) -> str:
    """{{ name|isolated_text }}: the same for an attribute or a title (U+2068 … U+2069)."""
    return words.isolate_directional("" if value is None else str(value))


@register.filter
def weekday_in_sentence(night: Any) -> str:
    """A night's weekday after another word of a sentence (games/nights.py)."""
    return nights.weekday_in_sentence(night)


@register.simple_tag
def scorer_version() -> str:
    """The version of Scorer serving the page (pyproject.toml), as /healthz says it too."""
    return VERSION

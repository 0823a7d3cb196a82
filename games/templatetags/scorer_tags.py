"""Small template helpers for Scorer's pages."""

from __future__ import annotations

import functools
import json
import re
from typing import Any
from urllib.parse import quote

import segno
from django import template
from django.contrib.staticfiles import finders
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from games import words
from games.engine.names import contained, directional
from games.forms import HAND_FORMS
from games.words import shown_variants

register = template.Library()


@register.filter
def get_count(values: Any, name: str) -> str:
    """How many copies of a card the calculator holds (0 when not given)."""
    if not values:
        return "0"
    value = values.get(name) or "0"
    return str(value)


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
def isolated_text(value: Any) -> str:
    """{{ name|isolated_text }}: the same for an attribute or a title (U+2068 … U+2069)."""
    return words.isolate_directional("" if value is None else str(value))


# ---- Words for the page's script (static/js/scorer.js) and the service worker -------------
# The script writes a few things itself: the hands waiting on the phone without signal, the
# connection line, the declarations as they are tapped in. Its words come from the page, in
# the reader's language: base.html writes them as a JSON block (<script id="scorer-words">),
# and templates/sw.js takes the one it needs. A counting message is written for a few counts
# (PLURAL_SAMPLES), one of each plural form of every language Scorer speaks; the script picks
# the one whose form (Intl.PluralRules) is the form of its own count. Placeholders are
# %(name)s, as in the templates' translations.

PLURAL_SAMPLES = (1, 2, 3, 5)
"""One count of each plural form: one (1), two (2, Hebrew) or few (2, Russian, Ukrainian),
other (3), many (5, Russian, Ukrainian)."""

RUN_LENGTHS = range(3, 9)


def scorer_words() -> dict[str, Any]:
    """The script's words in the active language."""
    return {
        "hand": gettext("Hand %(number)s"),
        "handsWaiting": {
            str(n): ngettext("%(count)s hand not sent yet", "%(count)s hands not sent yet", n)
            for n in PLURAL_SAMPLES
        },
        "notAdded": gettext("Not added"),
        "sentLater": gettext(
            "Sent by themselves when the connection is back; the totals count them then."
        ),
        "handWaiting": gettext("Hand %(number)s · not sent yet"),
        "handRefused": gettext("Hand %(number)s · not added"),
        "dismiss": gettext("Dismiss"),
        "checkedLater": gettext(
            "No connection: Scorer checks and scores this hand when it is sent."
        ),
        "deals": gettext("%(name)s deals"),
        "answer": pgettext(
            "a question of the hand's form and what was entered: Who called trump: Ann",
            "%(question)s: %(answer)s",
        ),
        "notTaken": gettext("Scorer did not take it (%(status)s)."),
        "cameAfter": gettext("Not sent: it came after the hand above."),
        "offline": gettext("No connection"),
        "online": gettext("Back online: updating"),
        "copy": gettext("%(state)s · a copy kept on this phone"),
        "copyAt": gettext("%(state)s · the page as kept at %(time)s"),
        "waitHere": gettext("%(line)s. Hands you save wait on this phone."),
        "end": pgettext("the end of the connection line", "%(line)s."),
        "next": pgettext("the button to the hand's next step", "Next: %(step)s →"),
        "remove": gettext("Remove %(declaration)s"),
        "declared": pgettext("who declared what", "%(who)s: %(what)s"),
        # %(cards)s is the run as cards are written: "9–Q♥".
        "run": {
            str(n): ngettext("%(count)s-card run %(cards)s", "%(count)s-card run %(cards)s", n)
            for n in RUN_LENGTHS
        },
        "four": {
            "7": pgettext("a declaration", "four sevens"),
            "8": pgettext("a declaration", "four eights"),
            "9": pgettext("a declaration", "four nines"),
            "10": pgettext("a declaration", "four tens"),
            "J": pgettext("a declaration", "four jacks"),
            "Q": pgettext("a declaration", "four queens"),
            "K": pgettext("a declaration", "four kings"),
            "A": pgettext("a declaration", "four aces"),
            "": pgettext("a declaration", "four of a kind"),
        },
        # %(cards)s is the king and queen as cards are written: "K+Q♥".
        "marriage": pgettext("a declaration", "marriage %(cards)s"),
    }


@register.simple_tag(name="scorer_words")
def scorer_words_tag() -> dict[str, Any]:
    """{% scorer_words as words %}{{ words|json_script:"scorer-words" }}"""
    return scorer_words()


@register.simple_tag
def js_word(key: str) -> SafeString:
    """One of the script's words as a JavaScript string literal (templates/sw.js)."""
    return mark_safe(json.dumps(scorer_words()[key]))  # noqa: S308 (JSON, ASCII only)


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

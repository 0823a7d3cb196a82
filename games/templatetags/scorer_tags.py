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
from django.utils import formats, translation
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from games.engine.names import contained, directional
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


def left_to_right(shown: str) -> str:
    """A signed number kept whole on a right-to-left page (U+2066 … U+2069), so "−380"
    never reads "380−"; on other pages as it is."""
    return f"\u2066{shown}\u2069" if translation.get_language_bidi() else shown


@register.filter
def minus(value: Any) -> str:
    """A number with a real minus sign when negative: "−380"."""
    if not isinstance(value, int):
        return str(value)
    return left_to_right(f"{MINUS}{-value}") if value < 0 else str(value)


@register.filter
def signed(value: Any) -> str:
    """A score with its sign, a real minus sign when negative: "+130", "−20", never "+-20"."""
    if not isinstance(value, int):
        return str(value)
    return left_to_right(f"+{value}" if value >= 0 else f"{MINUS}{-value}")


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

    def grouped(self, value: int) -> str:
        """A bound written with the locale's thousands separator: "5.000" in Turkish."""
        shown = formats.number_format(abs(value), force_grouping=True)
        return f"{MINUS}{shown}" if value < 0 else shown


ACTIVE = _ActiveLanguage()


def _isolate(value: str) -> str:
    """A name or score kept in its own direction inside a right-to-left sentence."""
    return f"\u2068{contained(value)}\u2069"


def _isolate_directional(value: str) -> str:
    """On a left-to-right page: a value that carries a direction of its own, isolated."""
    return _isolate(value) if directional(value) else value


def say_text(value: Any) -> str:
    """An engine sentence in the reader's language: a Text, its stored JSON form
    ({"id": …, "params": …}), or plain text stored before sentences had ids.

    Every name or number the sentence holds is kept in its own direction (U+2068 … U+2069)
    on a right-to-left page; on a left-to-right page each one that has a direction of its
    own (a Hebrew name, a stored name with a U+202E), so none can turn the sentence."""
    if isinstance(value, dict) and "id" in value:
        try:
            value = Text.from_json(value)
        except (KeyError, TypeError, ValueError):
            return ""
    if isinstance(value, Text):
        rtl = translation.get_language_bidi()
        return value.render(ACTIVE, _isolate if rtl else _isolate_directional)
    return "" if value is None else str(value)


@register.filter
def say(value: Any) -> str:
    """{{ note|say }}: an engine sentence in the reader's language."""
    return say_text(value)


# A value of a sentence on a right-to-left page, marked while the sentence is rendered, then
# made an element once the sentence is escaped (say_html). Neither mark is a character a
# name can hold: the name rules refuse control characters (games/engine/names.py), and any
# in a name stored before them are dropped here.
_OPEN, _CLOSE = "\x02", "\x03"
_MARKED = re.compile("\x02([^\x02\x03]*)\x03")
# A number as a sentence shows it: "40", "−380", "+20", "1,5", "67%".
_NUMBER = re.compile(r"[+\u2212-]?\d[\d.,\u00a0\u202f]*%?")
# A signed number in a sentence stored as plain text, before sentences had ids.
_SIGNED = re.compile(r"(?<![\w+\u2212-])[+\u2212]\d+(?:[.,]\d+)*")


def _mark(value: str) -> str:
    return _OPEN + contained(value.replace(_OPEN, "").replace(_CLOSE, "")) + _CLOSE


def _bdi(match: re.Match[str]) -> str:
    value = match.group(1)
    if _NUMBER.fullmatch(value):
        return f'<bdi dir="ltr">{value}</bdi>'
    return f"<bdi>{value}</bdi>"


def _mark_directional(value: str) -> str:
    """On a left-to-right page: only a value with a direction of its own is marked."""
    return _mark(value) if directional(value) else value.replace(_OPEN, "").replace(_CLOSE, "")


@register.filter
def say_html(value: Any) -> SafeString:
    """{{ note|say_html }}: an engine sentence in the reader's language, as the content of an
    element (never an attribute: use `say` there).

    On a left-to-right page a name with a direction of its own (a Hebrew name; a stored name
    with a U+202E) is in <bdi>, the rest as `say` writes it. On a right-to-left page each name or
    number the sentence holds is an element of its own, a name in <bdi> (its own direction)
    and a number in <bdi dir="ltr">, so "Ali & Cem" and "−700" read as written inside a Hebrew
    sentence; a sentence stored as plain text has its signed numbers kept left to right."""
    rtl = translation.get_language_bidi()
    if isinstance(value, dict) and "id" in value:
        try:
            value = Text.from_json(value)
        except (KeyError, TypeError, ValueError):
            return SafeString("")
    if isinstance(value, Text):
        marked = escape(value.render(ACTIVE, _mark if rtl else _mark_directional))
        return mark_safe(_MARKED.sub(_bdi, marked))  # noqa: S308
    if not rtl:
        return conditional_escape(say_text(value))
    if value is None:
        return SafeString("")
    if isinstance(value, SafeString):
        return value
    return mark_safe(_SIGNED.sub(r'<bdi dir="ltr">\g<0></bdi>', escape(str(value))))  # noqa: S308


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
    return _isolate_directional("" if value is None else str(value))


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
    from games.models import shown_variants  # the models import these tags' module

    return " · ".join(str(variant.name) for variant in shown_variants())


@register.simple_tag
def games_with_tool(tool: str) -> list[Any]:
    """The games that have `tool` ("declarations", "melds"), as pages show them."""
    from games.models import shown_variants

    return [variant for variant in shown_variants() if tool in variant.tools]


@register.filter
def names_of(variants: list[Any]) -> str:
    """Games' names joined for a sentence: "Klaberjass, Terz"."""
    return ", ".join(str(variant.name) for variant in variants)


@register.filter
def meld_title(variant: Any) -> str:
    """The title of a game's meld calculator, as its hand form words it."""
    from games.forms import HAND_FORMS

    return str(HAND_FORMS[variant.key].meld_words["title"])

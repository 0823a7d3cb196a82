"""The pages in the reader's language (issue 14): every word a template shows goes through
Django's translation machinery, the page says its language and direction, the menu's picker
changes the language and the phone keeps it, and the style sheet is all logical properties,
so a right-to-left page mirrors.

The template check reads each template as Django's lexer does: the text outside
{% translate %}, {% blocktranslate %}…{% endblocktranslate %} and comments, with every
variable and tag a hole, is parsed as HTML, and what a reader sees (text outside <script>
and <style>, and the attributes read aloud or shown: title, alt, aria-label, placeholder,
hx-confirm, a submit input's value) must hold no letter. A template's own string literals
must not carry words either: a filter's text (`default:"UTC (not set)"`), a tag's argument
(`include … with label="Restore it"`), English plurals (`pluralize`) and English date formats
(`date:"j M Y"`, where a format name such as DATE_FORMAT belongs).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import caches
from django.template.base import Lexer, TokenType
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engine.texts import CATALOGUE, Text
from games.models import Circle, Game
from games.pages.script_words import PLURAL_SAMPLES, scorer_words
from games.templatetags.scorer_tags import element, say_html
from games.words import say_text
from tests.conftest import klob_hand

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
CSS = ROOT / "static" / "css" / "scorer.css"
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))

# Letters a page may show that no language translates: the brand.
ALLOWED_WORDS = {"Scorer"}

# Template text that is data, never shown: skipped with everything inside.
SKIPPED = {"comment": "endcomment", "verbatim": "endverbatim"}
TRANSLATING = {"blocktranslate": "endblocktranslate", "blocktrans": "endblocktrans"}
SINGLE = {"translate", "trans"}

# Attributes a reader sees or hears. A button's value is never shown; a submit input's is.
VISIBLE = {
    "title",
    "alt",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
    "placeholder",
    "label",
    "hx-confirm",
    "hx-prompt",
}
SHOWN_VALUE = {"submit", "button", "reset"}

HOLE = "\x00"
WORD = re.compile(r"[^\W\d_]+")
LITERAL = re.compile(r'"([^"]*)"|\'([^\']*)\'')
FILTER = re.compile(r'\|\s*(\w+)(?:\s*:\s*("[^"]*"|\'[^\']*\'|[^\s|]+))?')
# A date format is a name Django's formats define, or one letter (a weekday's name, "l").
DATE_FORMAT_NAME = re.compile(r"[A-Z_]+_FORMAT|[A-Za-z]")


def wordy(text: str) -> bool:
    """Whether a literal reads as words rather than as a key, a class, a path or a method:
    letters on both sides of a space, or a capital before a small letter ("sheet", "S",
    "GET", "games/_sheet.html" are keys; "Restore", "UTC (not set)" are words)."""
    text = re.sub(r"&\w+;", "", text)
    if re.search(r"[^\W\d_][^\w]*\s+[^\w]*[^\W\d_]", text):
        return True
    return any(a.isupper() and b.islower() for a, b in zip(text, text[1:], strict=False))


def literal_problems(contents: str, where: str, *, is_tag: bool) -> list[str]:
    """Words in a variable's or tag's own string literals."""
    problems = []
    for match in FILTER.finditer(contents):
        name, argument = match.group(1), match.group(2) or ""
        value = argument[1:-1] if argument[:1] in "\"'" else ""
        if name == "pluralize":
            problems.append(f"{where}: |pluralize builds an English plural: {contents!r}")
        elif name in {"date", "time"}:
            if argument and not DATE_FORMAT_NAME.fullmatch(value):
                problems.append(f"{where}: |{name}:{argument} is no format name: {contents!r}")
        elif value and wordy(value):
            problems.append(f"{where}: words in |{name}:{argument}: {contents!r}")
    if is_tag:
        bare = FILTER.sub("", contents)
        for match in LITERAL.finditer(bare):
            value = match.group(1) if match.group(1) is not None else match.group(2)
            if wordy(value):
                problems.append(f"{where}: words in a tag's argument {value!r}: {contents!r}")
    elif LITERAL.match(contents.strip()) and wordy(contents.strip()[1:-1]):
        problems.append(f"{where}: a literal shown as it is: {contents!r}")
    return problems


class _Page(HTMLParser):
    """What a reader sees of an HTML page (holes standing for variables and tags)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.seen: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self.hidden += 1
        values = dict(attrs)
        for name, value in attrs:
            if not value:
                continue
            if name in VISIBLE or (
                name == "value" and tag == "input" and values.get("type") in SHOWN_VALUE
            ):
                self.seen.append(f"{tag}[{name}]: {value}")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in {"script", "style"}:
            self.hidden -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"} and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        # Attributes written by a block that a tag's template fills in (base.html's
        # <body {% block body_attrs %}>: class="watching", data-wake-lock) are no text.
        data = ATTRIBUTES.sub(" ", data)
        if not self.hidden and data.strip():
            self.seen.append(data)


ATTRIBUTES = re.compile(r'(?<!\S)(?:[\w-]+="[^"]*"|(?:data|aria|hx)-[\w-]+)(?!\S)')


def untranslated(source: str, name: str = "template") -> list[str]:
    """Each word of `source` (a template) that reaches a reader outside the translation
    machinery, and each template literal that carries words, as "where: what"."""
    problems: list[str] = []
    html: list[str] = []
    closing: str | None = None
    for token in Lexer(source).tokenize():
        where = f"{name}:{token.lineno}"
        if closing is not None:
            if token.token_type == TokenType.BLOCK and token.contents.split()[0] == closing:
                closing = None
            continue
        if token.token_type == TokenType.TEXT:
            html.append(token.contents)
            continue
        if token.token_type == TokenType.COMMENT:
            continue
        if token.token_type == TokenType.VAR:
            problems += literal_problems(token.contents, where, is_tag=False)
            html.append(HOLE)
            continue
        tag = token.contents.split()[0]
        if tag in SKIPPED:
            closing = SKIPPED[tag]
            continue
        if tag in TRANSLATING or tag in SINGLE:
            # The message itself is for translators; the values it takes are checked.
            with_clause = re.sub(r'^\S+\s+("[^"]*"|\'[^\']*\')?', "", token.contents)
            with_clause = re.sub(r'\bcontext\s+("[^"]*"|\'[^\']*\')', "", with_clause)
            problems += literal_problems(with_clause, where, is_tag=False)
            if tag in TRANSLATING:
                closing = TRANSLATING[tag]
        else:
            problems += literal_problems(token.contents, where, is_tag=True)
        # A tag may stand inside an element's tag, between its attributes: a space there.
        html.append(" ")
    page = _Page()
    page.feed("".join(html))
    page.close()
    for text in page.seen:
        words = [w for w in WORD.findall(text.split("]: ", 1)[-1]) if w not in ALLOWED_WORDS]
        if words:
            problems.append(f"{name}: {' '.join(text.split())!r}")
    return problems


def script_strings(source: str) -> list[str]:
    """The string literals of a script, its comments left out."""
    strings: list[str] = []
    i = 0
    while i < len(source):
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = len(source) if i == -1 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i) + 2
        elif c in "\"'`":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            strings.append(source[i + 1 : j])
            i = j + 1
        else:
            i += 1
    return strings


# Words a script names but never shows: events, keys, headers, the store's names.
SCRIPT_NAMES = {
    "DOMContentLoaded",
    "Enter",
    "X-CSRFToken",
    "HX-Request",
    "HX-Current-URL",
    "HX-Retarget",
}


def shown_script_strings(source: str) -> list[str]:
    """A script's strings that read as English words: those with a capitalised word, as a
    sentence, a heading or a button's label has ("Not added", "Hand "). Names the script
    uses but never shows are listed in SCRIPT_NAMES."""
    found = []
    for text in script_strings(source):
        if text in SCRIPT_NAMES or "{%" in text:
            continue
        if re.search(r"\b[A-Z][a-z]+\b", text):
            found.append(text)
    return found


def templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file())


# ---- (a) every template string in the translation machinery --------------------------------


def test_the_checker_finds_a_word_outside_the_machinery() -> None:
    assert untranslated("<p>Hello</p>") == ["template: 'Hello'"]
    assert untranslated('{% load i18n %}<p>{% translate "Hello" %}</p>') == []
    assert (
        untranslated("{% load i18n %}<p>{% blocktranslate %}Hi {{ x }}{% endblocktranslate %}</p>")
        == []
    )
    # Words hidden from readers: comments, scripts, styles, classes and ids.
    assert untranslated("{# Hello #}{% comment %}Hello{% endcomment %}<!-- Hello -->") == []
    assert untranslated('<script type="application/json">{"a": "Hello"}</script>') == []
    assert untranslated('<div class="Hello" id="Hello" data-x="Hello">♠ — 12 ×</div>') == []
    # Words a reader hears or sees in an attribute.
    assert untranslated('<summary aria-label="Game menu">⋯</summary>') != []
    assert untranslated('<input type="submit" value="Save">') != []
    assert untranslated('<button type="submit" name="check" value="Save">♠</button>') == []
    assert untranslated('<a hx-confirm="Delete it?">♠</a>') != []
    assert untranslated('<input placeholder="Bid: 150">') != []
    # Words glued on either side of a tag, or in a branch of one.
    assert untranslated("{% if x %}Tonight, {% endif %}{{ y }}") != []
    assert untranslated('<fieldset{% if x %} data-then="id_bid"{% endif %}>♠</fieldset>') == []
    assert untranslated('{% block attrs %}class="watching"{% endblock %}') == []
    assert untranslated("{% block attrs %}Watching{% endblock %}") != []
    assert (
        untranslated(
            '{% load i18n %}<svg><title>{% translate "Chart" %}</title><desc>Win rate</desc></svg>'
        )
        != []
    )
    # Words in a template's own literals.
    assert untranslated('{{ zone|default:"UTC (not set)" }}') != []
    assert untranslated('{{ row|default:"sheet" }}{{ n|add:"-4" }}{{ a|join:" &amp; " }}') == []
    assert untranslated('{% include "games/_restore.html" with label="Restore it" %}') != []
    assert untranslated('{% include "games/_sheet.html" with row_id="watch-sheet" %}') == []
    assert untranslated("{{ n }} hand{{ n|pluralize }}") != []
    assert untranslated('{{ d|date:"j M Y" }}') != []
    assert untranslated('{{ d|date:"DATE_FORMAT" }}{{ d|date:"l" }}') == []
    assert (
        untranslated(
            '{% load i18n %}{% blocktranslate with d=x|date:"j M" %}{{ d }}{% endblocktranslate %}'
        )
        != []
    )
    # The brand is not translated.
    assert untranslated("<title>{{ x }} · Scorer</title>") == []


@pytest.mark.parametrize("path", templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_shows_a_word_outside_the_translation_machinery(path: Path) -> None:
    source = path.read_text()
    name = str(path.relative_to(TEMPLATES))
    if path.suffix == ".js":
        # A script template: no string of its own reads as words, and its tags carry none.
        tokens = Lexer(source).tokenize()
        script = "".join(t.contents for t in tokens if t.token_type == TokenType.TEXT)
        assert shown_script_strings(script) == [], name
        problems = [
            problem
            for t in tokens
            if t.token_type in (TokenType.VAR, TokenType.BLOCK)
            for problem in literal_problems(t.contents, name, is_tag=True)
        ]
        assert problems == []
        return
    assert untranslated(source, name) == []


def test_the_script_writes_no_english_of_its_own() -> None:
    assert shown_script_strings('el.textContent = "Not added";') == ["Not added"]
    assert shown_script_strings('// "Not added"\nsay("notAdded");') == []
    assert len(SCRIPTS) > 1  # the page's script and its modules
    for script in SCRIPTS:
        assert shown_script_strings(script.read_text()) == [], script.name


def test_the_scripts_words_come_with_the_page_in_its_language(client: Client, game: Game) -> None:
    page = client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()
    block = re.search(r'<script id="scorer-words" type="application/json">(.*?)</script>', page)
    assert block is not None
    words = json.loads(block.group(1))
    assert words == json.loads(json.dumps(scorer_words()))
    assert words["handsWaiting"] == {
        str(n): f"%(count)s hand{'s' if n != 1 else ''} not sent yet" for n in PLURAL_SAMPLES
    }
    assert set(words["run"]) == {str(n) for n in range(3, 9)}
    # The service worker's one word, in the language it was fetched in.
    worker = client.get(reverse("service_worker")).content.decode()
    assert 'var NO_CONNECTION = "No connection";' in worker
    assert "{%" not in worker


# ---- engine sentences and numbers on a right-to-left page ---------------------------------


def test_say_html_is_say_on_a_left_to_right_page() -> None:
    note = Text("card.label", rank=Text("card.rank.K"), suit="♠")
    with translation.override("en"):
        assert say_html(note) == say_text(note) == "K♠"
        assert say_html("Ann <b> −700") == "Ann &lt;b&gt; −700"
        assert say_html(note.to_json()) == "K♠"


def test_say_html_keeps_names_and_numbers_in_their_own_direction_right_to_left() -> None:
    CATALOGUE["test.said"] = "{who} made {points}: {score}."
    try:
        said = Text("test.said", who="Ali & <Cem>", points=630, score="−700")
        with translation.override("he"):
            html = say_html(said)
            assert html == (
                '<bdi>Ali &amp; &lt;Cem&gt;</bdi> made <bdi dir="ltr">630</bdi>: '
                '<bdi dir="ltr">−700</bdi>.'
            )
            assert say_html(said.to_json()) == html
            # A sentence stored as plain text before sentences had ids: its signed numbers.
            assert say_html("made only 630: −700, +20") == (
                'made only 630: <bdi dir="ltr">−700</bdi>, <bdi dir="ltr">+20</bdi>'
            )
    finally:
        del CATALOGUE["test.said"]


def test_element_wraps_a_placeholder_in_markup() -> None:
    strong = element("strong", "A&B", **{"class": "x"}, data_open_dealer=True, hidden=False)
    assert strong == '<strong class="x" data-open-dealer>A&amp;B</strong>'
    assert element("a", strong, href="#dealer") == (
        '<a href="#dealer"><strong class="x" data-open-dealer>A&amp;B</strong></a>'
    )


def test_a_hand_row_is_kept_once_per_language(client: Client, game: Game) -> None:
    caches["rows"].clear()
    game.record_hand(klob_hand())
    url = reverse("game", args=[game.circle.slug, game.slug]) + "?hands=list"
    client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    client.get(url, HTTP_ACCEPT_LANGUAGE="he")
    client.get(url, HTTP_ACCEPT_LANGUAGE="he")
    rows = [key for key in caches["rows"]._cache if ".hand-row." in key]  # type: ignore[attr-defined]
    assert len(rows) == 2
    fields = [key for key in caches["rows"]._cache if ".hand-fields." in key]  # type: ignore[attr-defined]
    assert len(fields) == 2


# ---- (b) the page's language and direction ------------------------------------------------


def html_tag(page: str) -> str:
    return re.search(r"<html[^>]*>", page).group(0)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("accept", "lang", "direction"),
    [
        ("he", "he", "rtl"),
        ("he-IL,he;q=0.9", "he", "rtl"),
        ("tr", "tr", "ltr"),
        ("ru", "ru", "ltr"),
        ("ta", "ta", "ltr"),
        ("uk", "uk", "ltr"),
        ("en-GB", "en", "ltr"),
        ("", "en", "ltr"),
    ],
)
def test_the_page_says_its_language_and_direction(
    client: Client, game: Game, accept: str, lang: str, direction: str
) -> None:
    for url in (
        reverse("home"),
        reverse("circle", args=[game.circle.slug]),
        reverse("game", args=[game.circle.slug, game.slug]),
        reverse("offline"),
    ):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=accept).content.decode()
        assert f'lang="{lang}" dir="{direction}"' in html_tag(page), url


@pytest.mark.urls("tests.web.error_urls")
def test_the_error_pages_say_their_language_and_direction(settings: Any, db: Any) -> None:
    settings.DEBUG = False
    client = Client(raise_request_exception=False)
    for url, status in (("/c/AbCdEfGhIjKlMnOpQrStUv/", 404), ("/forbidden", 403), ("/broken", 500)):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="he")
        assert response.status_code == status
        assert 'lang="he" dir="rtl"' in html_tag(response.content.decode()), url


# ---- (c) the menu's language picker -------------------------------------------------------


def test_the_picker_lists_each_language_in_its_own_words_and_comes_back_here(
    client: Client, game: Game
) -> None:
    url = reverse("game", args=[game.circle.slug, game.slug]) + "?hands=list"
    page = client.get(url).content.decode()
    form = page[page.index('<form class="language-form"') :]
    form = form[: form.index("</form>")]
    assert f'action="{reverse("set_language")}"' in form and 'method="post"' in form
    assert 'name="csrfmiddlewaretoken"' in form
    assert f'<input type="hidden" name="next" value="{url.replace("&", "&amp;")}">' in form
    assert '<label for="language-picker">Language</label>' in form
    assert '<select name="language" id="language-picker"' in form
    names = re.findall(
        r'<option value="(\w+)" lang="\1" dir="(\w+)"( selected)?>([^<]+)</option>', form
    )
    assert [(code, name) for code, _, _, name in names] == [
        ("en", "English"),
        ("tr", "Türkçe"),
        ("ru", "Русский"),
        ("uk", "Українська"),
        ("ta", "தமிழ்"),
        ("he", "עברית"),
    ]
    assert [code for code, _, chosen, _ in names if chosen] == ["en"]
    assert [code for code, direction, _, _ in names if direction == "rtl"] == ["he"]
    assert "<button" in form and 'type="submit"' in form, "it works without script"


def test_the_picker_sets_the_cookie_and_the_next_page_is_in_that_language(
    client: Client, game: Game
) -> None:
    back = reverse("game", args=[game.circle.slug, game.slug])
    response = client.post(reverse("set_language"), {"language": "he", "next": back})
    assert response.status_code == 302 and response["Location"] == back
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "he"
    assert int(cookie["max-age"]) == settings.LANGUAGE_COOKIE_AGE
    # The choice is kept on the phone, over the browser's own language.
    page = client.get(back, HTTP_ACCEPT_LANGUAGE="tr").content.decode()
    assert 'lang="he" dir="rtl"' in html_tag(page)
    assert '<option value="he" lang="he" dir="rtl" selected>' in page
    client.post(reverse("set_language"), {"language": "ru", "next": back})
    assert 'lang="ru" dir="ltr"' in html_tag(client.get(back).content.decode())


def test_a_page_shown_after_a_form_sends_the_picker_back_to_its_own_page(
    client: Client, game: Game
) -> None:
    post = client.post(reverse("hand_record", args=[game.circle.slug, game.slug]), {"trump": "H"})
    assert post.status_code == 400
    page = post.content.decode()
    back = reverse("game", args=[game.circle.slug, game.slug])
    assert f'<input type="hidden" name="next" value="{back}">' in page


@pytest.mark.parametrize("name", ["400", "500"])
def test_a_page_rendered_without_a_request_has_no_picker(name: str) -> None:
    from django.template.loader import render_to_string

    page = render_to_string(f"{name}.html")
    assert 'name="language"' not in page and "<html lang=" in page


# ---- (d) a style sheet that mirrors -------------------------------------------------------

# Physical directions the sheet may still name, each with its reason: none.
PHYSICAL_ALLOWED: set[str] = set()


def test_the_style_sheet_names_no_left_or_right() -> None:
    sheet = re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S)
    found = [
        line.strip()
        for line in sheet.splitlines()
        if re.search(r"\b(left|right)\b", line) and line.strip() not in PHYSICAL_ALLOWED
    ]
    assert found == []
    # And the logical ones are what it uses.
    for used in (
        "margin-inline-start",
        "padding-inline-start",
        "border-inline-start",
        "inset-inline-end",
        "text-align: end",
        "float: inline-end",
    ):
        assert used in sheet


def test_numbers_and_arrows_keep_their_direction_right_to_left() -> None:
    sheet = CSS.read_text()
    assert re.search(
        r"\.ltr,[^{]*\.side-total[^{]*\{ direction: ltr; unicode-bidi: isolate; \}", sheet
    )
    assert '[dir="rtl"] .flip { display: inline-block; transform: scaleX(-1); }' in sheet


def test_a_hebrew_game_page_keeps_a_negative_total_beside_its_sign(
    client: Client, circle: Circle
) -> None:
    record = json.loads((ROOT / "tests" / "records" / "hoskin.json").read_text())
    game = Game.create(circle, "hoskin", record["players"], record.get("settings") or {}, 0)
    for facts in record["hands"]:
        game.record_hand(facts)
        game.refresh_from_db()
    assert min(game.totals) < 0
    url = reverse("game", args=[circle.slug, game.slug]) + "?hands=list"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="he").content.decode()
    assert 'dir="rtl"' in html_tag(page)
    # "= −380" after a hand's score: the total is an element of its own, left to right; the
    # sign "=" stays in the line, on the side the line reads from.
    assert re.search(r'<small>= <span class="ltr">\u2066\u2212\d+\u2069</span></small>', page)
    # A note's signed score likewise ("…but made only 630: −700.").
    assert re.search(r'<li>(?:(?!</li>).)*<bdi dir="ltr">\u2212\d+</bdi>', page)

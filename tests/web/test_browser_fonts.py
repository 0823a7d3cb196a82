"""The site's own Tamil and Hebrew fonts (static/fonts/, bench/fonts.py), in Debian's Chromium
on a machine with no system font for Tamil (only DejaVu and Liberation): a Tamil page shows
real letters, and a page in English loads no font file (issue 23, item 7)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from games.models import Circle, Game
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}
TAMIL = "தமிழ்ச் சங்கம்"
HEBREW = "מועדון הקלפים"

Phone = Any


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    with phones(live_server) as open_phone:
        yield open_phone


@pytest.fixture
def refusing_phone(live_server: Any) -> Iterator[Phone]:
    """A phone whose font files are refused, each refusal said on its console."""
    with phones(live_server, (*EXPECTED, "Failed to load resource: net::ERR_FAILED")) as open_phone:
        yield open_phone


def system_fonts(language: str) -> list[str]:
    """The machine's own fonts with the letters of `language` (fontconfig's list)."""
    listed = subprocess.run(
        ["fc-list", f":lang={language}", "family"], capture_output=True, text=True, check=False
    )
    return [line for line in listed.stdout.splitlines() if line.strip()]


def fonts_fetched(page: Any) -> list[str]:
    """The font files the page asked for."""
    return [url for url in page.fetched if url.endswith(".woff2")]


def opened(phone: Phone, path: str, language: str, block_fonts: bool = False) -> Any:
    page = phone("light", PHONE, locale=language)
    page.fetched = []
    page.on("request", lambda request: page.fetched.append(request.url))
    if block_fonts:
        page.route("**/*.woff2", lambda route: route.abort())
    page.goto(path)
    page.evaluate("() => document.fonts.ready")
    return page


def game_of(circle_name: str, players: list[str]) -> str:
    circle = Circle.objects.create(name=circle_name)
    game = Game.create(circle, "klaberjass", players, {}, 0)
    return f"/c/{circle.slug}/g/{game.slug}/"


# The rendered width of a text at the page's own size, beside the circle's name in the top
# bar; in the page's fonts, or in the machine's own (system-ui), which has no Tamil letters
# here and draws boxes for them: what the page showed before the site had a font.
DRAWN = """([text, family]) => {
  const span = document.createElement('span');
  span.id = 'probe';
  span.textContent = text;
  if (family) span.style.fontFamily = family;
  document.querySelector('.top-circle').after(span);
  return span.getBoundingClientRect().width;
}"""


def drawn(page: Any, text: str, family: str = "") -> tuple[float, bytes]:
    """The width of `text` and a picture of it, in `family` or else the page's fonts."""
    width = page.evaluate(DRAWN, [text, family])
    picture_of = page.locator("#probe").screenshot()
    page.evaluate("() => document.getElementById('probe').remove()")
    return width, picture_of


@pytest.mark.parametrize(
    ("language", "family", "text"),
    [("ta", "Noto Sans Tamil", TAMIL), ("he", "Noto Sans Hebrew", HEBREW)],
)
def test_a_page_in_tamil_or_hebrew_draws_its_letters_with_the_sites_font(
    phone: Phone, language: str, family: str, text: str
) -> None:
    path = game_of(text, ["அருண் குமார்", "லக்ஷ்மி", "יעל כהן", "דוד לוי"])
    page = opened(phone, path, language)
    assert page.locator(".top-circle").inner_text() == text
    picture(page.locator(".top"), f"font-{language}")
    file = family.replace(" ", "") + "-Regular"
    assert any(file in url for url in fonts_fetched(page)), fonts_fetched(page)
    assert page.evaluate(f"() => document.fonts.check('17px \"{family}\"', '{text}')")
    faces = page.evaluate(
        """() => [...document.fonts].map(f => [f.family.replace(/"/g, ''), f.weight, f.status])"""
    )
    assert [family, "400", "loaded"] in faces, faces
    # Drawn in the site's font, not as the machine's own font draws it.
    width, letters = drawn(page, text)
    own_width, own = drawn(page, text, "system-ui")
    assert letters != own
    if language == "ta":
        # The machine's own are boxes (the test below): real letters are not as wide.
        assert abs(width - own_width) > 5, (width, own_width)


def test_without_the_sites_font_tamil_is_boxes_on_this_machine(refusing_phone: Phone) -> None:
    # What the test above stands on: no system font has Tamil letters, and the same page
    # with the font files refused draws its Tamil name as the machine's own font does: as
    # boxes (screenshots/font-ta-refused.png).
    if not shutil.which("fc-list"):
        pytest.skip("no fontconfig")
    assert system_fonts("ta") == []
    path = game_of(TAMIL, ["Anna", "Max", "Şule", "Олена"])
    page = opened(refusing_phone, path, "ta", block_fonts=True)
    picture(page.locator(".top"), "font-ta-refused")
    width, refused = drawn(page, TAMIL)
    own_width, own = drawn(page, TAMIL, "system-ui")
    assert (width, refused) == (own_width, own)


@pytest.mark.parametrize("language", ["en", "tr", "ru", "uk"])
def test_a_page_in_another_language_loads_no_font_file(phone: Phone, language: str) -> None:
    path = game_of("Thursday Klob Club", ["Anna", "Şule", "Олена Їжакова", "Max"])
    page = opened(phone, path, language)
    assert page.locator(".language-form select").is_visible()
    page.locator(".hand-form, #hand-form").first.wait_for()
    assert fonts_fetched(page) == []
    assert fonts_fetched(opened(phone, "/", language)) == []

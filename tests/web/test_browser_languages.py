"""Scorer in Turkish and in Hebrew (right to left) on a phone, in Debian's Chromium (issue 14).

The phone's browser asks for the language (Accept-Language, as a phone set to Turkish does);
the games are the specs' records, so the page carries real notes and declarations.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Circle, Game
from tests.web.test_browser import CHROMIUM, phones, picture, step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

RECORDS = Path(__file__).resolve().parents[1] / "records"
SIZES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 780}}
# Words of the English page that a translated page must not show.
ENGLISH = ("Save", "Hand", "Next", "Stats", "History", "Details", "Sheet")

# Elements wider than the screen or pushed past one of its edges, with what they are.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    let clipped = false;
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (['auto', 'scroll', 'hidden', 'clip'].includes(o)) { clipped = true; break; }
    }
    if (clipped) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < -1 || r.right > width + 1) {
      const where = Math.round(r.left) + '..' + Math.round(r.right);
      out.push(el.tagName + '.' + el.className + ' ' + where);
    }
  }
  return out;
}"""


# Each text with a real minus sign (U+2212), and the direction its element lays it out in.
NEGATIVES = r"""() => {
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!/\u2212\d/.test(n.textContent) || !n.parentElement.offsetParent) continue;
    found.push([n.textContent.trim(), getComputedStyle(n.parentElement).direction]);
  }
  return found;
}"""


@pytest.fixture
def phone(live_server: Any) -> Iterator[Any]:
    with phones(live_server) as open_phone:
        yield open_phone


def played(variant: str) -> Game:
    """The spec's record of `variant`, every hand saved as a phone would save it."""
    record = json.loads((RECORDS / f"{variant}.json").read_text())
    circle = Circle.objects.create(name="Salı akşamı")
    game = Game.create(circle, variant, record["players"], record.get("settings") or {}, 0)
    for facts in record["hands"]:
        game.record_hand(facts)
        game.refresh_from_db()
    return game


def fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(OVERFLOW) == []


def looks_translated(page: Any, language: str, direction: str) -> None:
    html = page.locator("html")
    assert html.get_attribute("lang") == language
    assert html.get_attribute("dir") == direction
    words = page.locator("body").inner_text()
    assert not [w for w in ENGLISH if f" {w} " in f" {words} ".replace("\n", " ")], words


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(
    ("language", "direction", "variant"),
    [
        ("tr", "ltr", "hoskin"),
        ("tr", "ltr", "hoskin-tekli"),
        ("he", "rtl", "klaberjass"),
        ("he", "rtl", "hoskin"),
    ],
)
def test_the_game_page_each_step_and_the_stats_fit_the_phone(
    phone: Any, language: str, direction: str, variant: str, size: str
) -> None:
    game = played(variant)
    viewport = SIZES[size]
    page = phone("light", viewport, locale=language)
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    looks_translated(page, language, direction)
    fits(page, viewport["width"])
    picture(page, f"lang-{language}-{variant}-{size}-game")
    form = page.locator("#hand-form")
    for key in ("before", "during", "after"):
        if form.locator(f"#phase-{key}").count() == 0:
            continue
        step(form, key)
        expect(form.locator(f"#phase-{key}")).to_be_visible()
        fits(page, viewport["width"])
        picture(page, f"lang-{language}-{variant}-{size}-{key}")
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/?hands=sheet")
    fits(page, viewport["width"])
    picture(page, f"lang-{language}-{variant}-{size}-sheet", full_page=True)
    page.goto(f"/c/{game.circle.slug}/stats?variant={variant}")
    looks_translated(page, language, direction)
    fits(page, viewport["width"])
    picture(page, f"lang-{language}-{variant}-{size}-stats", full_page=True)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_hebrew_mirrors_the_page_and_keeps_scores_readable(phone: Any, scheme: str) -> None:
    game = played("hoskin")  # its totals are 990 and −380
    page = phone(scheme, SIZES["390"], locale="he")
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/?hands=details")
    fits(page, 390)
    # The first side stands at the right of the screen, as the page reads.
    first, second = page.locator("#scoreboard .board-line li").all()[:2]
    assert first.bounding_box()["x"] > second.bounding_box()["x"]
    # A negative score keeps its minus sign before its digits: each number with a minus sign
    # is laid out left to right inside the right-to-left page.
    signs = page.evaluate(NEGATIVES)
    assert signs, "no negative score on the page"
    assert all(direction == "ltr" for _, direction in signs), signs
    picture(page, f"lang-he-hoskin-{scheme}", full_page=True)


def test_the_menu_picker_changes_the_language_and_the_phone_remembers_it(phone: Any) -> None:
    game = played("terz")
    page = phone("light", SIZES["390"], locale="en-GB")
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    assert page.locator("html").get_attribute("lang") == "en"
    picker = page.locator("select[name=language]")
    picker.select_option("ru")
    page.wait_for_load_state()
    if page.locator("html").get_attribute("lang") != "ru":
        page.locator("form:has(select[name=language]) button").first.click()
        page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "ru"
    page.goto(f"/c/{game.circle.slug}/")
    assert page.locator("html").get_attribute("lang") == "ru"
    picture(page, "lang-ru-circle", full_page=True)


@pytest.mark.parametrize("language", ["ru", "uk", "ta"])
def test_the_meld_calculator_names_its_cards_within_a_narrow_phone(
    phone: Any, language: str
) -> None:
    """Full card names ("Десятка", "பத்து") in five columns still fit 360 px."""
    circle = Circle.objects.create()
    page = phone("light", SIZES["360"], locale=language)
    page.goto(f"/c/{circle.slug}/melds")
    assert page.locator("html").get_attribute("lang") == language
    fits(page, 360)
    picture(page, f"lang-{language}-melds-360", full_page=True)

"""The circle's memory on a phone: tonight, a night's page, the history and the stats, in
Chromium at 390×844 and 360 px, light and dark."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.models import Circle, Game
from tests.web.test_browser import CHROMIUM, PHONE, phones, picture, shot
from tests.web.test_stats import play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

NARROW = {"width": 360, "height": 780}
LONG_NAME = "Maximiliana Wolkenstein-Oberhausenmeiers"  # the longest name a player can have
Phone = Callable[..., Any]


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    """Opens a phone (a browser context of its own): colour scheme, size and time zone."""
    with phones(live_server, ()) as open_any:

        def open_phone(
            scheme: str = "light", viewport: dict[str, int] = PHONE, zone: str = "Europe/Berlin"
        ) -> Any:
            return open_any(scheme, viewport, timezone_id=zone)

        yield open_phone


@pytest.fixture
def circle_played(live_server: Any) -> Circle:
    circle = Circle.objects.create(name="Friday night", time_zone="Europe/Berlin")
    play(circle)
    assert len(LONG_NAME) == 40
    game = Game.create(circle, "terz", [LONG_NAME, "Ann"])
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, winners=[0])
    return circle


# The contrast of an element's text against the background it is drawn on (WCAG 2).
CONTRAST = """el => {
  const rgb = s => s.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let node = el, bg = null;
  while (node) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length < 4 || c[3] > 0) { bg = c; break; }
    node = node.parentElement;
  }
  const fg = lum(rgb(getComputedStyle(el).color)), back = lum(bg || [255, 255, 255]);
  return (Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05);
}"""


def check_phone_page(page: Any, width: int) -> None:
    """Nothing wider than the screen, text readable, every link and button big enough."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in (".hint", ".stats-table th", ".stats-table td", ".chip", ".legend li"):
        for element in page.locator(selector).element_handles()[:6]:
            assert element.evaluate(CONTRAST) >= 4.5, selector
    for target in page.locator("main a.button, main .chip, main button:visible").all():
        box = target.bounding_box()
        assert box is None or box["height"] >= 44, target.inner_text()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_stats_page_on_a_phone(phone: Phone, circle_played: Circle, scheme: str) -> None:
    page = phone(scheme)
    page.goto(f"/c/{circle_played.slug}/")
    page.get_by_role("link", name="Stats").click()
    page.locator("svg.chart-svg").wait_for()
    check_phone_page(page, 390)
    # Each line has a colour of its own, drawn against the chart's card.
    strokes = page.locator("polyline.chart-line").evaluate_all(
        "ls => ls.map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(strokes)) == len(strokes) == 5
    shot(page, f"stats-390-{scheme}")
    picture(page.locator("figure.chart"), f"stats-chart-{scheme}")
    page.get_by_role("link", name="Klaberjass").click()
    page.get_by_role("heading", name="Best hands").wait_for()
    check_phone_page(page, 390)
    shot(page, f"stats-klaberjass-390-{scheme}")


def test_the_stats_page_fits_360_px(phone: Phone, circle_played: Circle) -> None:
    page = phone("dark", NARROW)
    page.goto(f"/c/{circle_played.slug}/stats?variant=304")
    check_phone_page(page, 360)
    shot(page, "stats-304-360-dark")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_nights_page_on_a_phone(phone: Phone, circle_played: Circle, scheme: str) -> None:
    page = phone(scheme)
    page.goto(f"/c/{circle_played.slug}/")
    page.get_by_role("link", name="Tonight’s standings").click()
    page.get_by_role("heading", name="Standings").wait_for()
    check_phone_page(page, 390)
    shot(page, f"night-390-{scheme}")
    narrow = phone(scheme, NARROW)
    narrow.goto(page.url)
    check_phone_page(narrow, 360)
    shot(narrow, f"night-360-{scheme}")


HTMX_IDLE = (
    "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_circle_opens_on_tonight_and_filters_its_history(
    phone: Phone, circle_played: Circle, scheme: str
) -> None:
    page = phone(scheme)
    page.goto(f"/c/{circle_played.slug}/")
    check_phone_page(page, 390)
    shot(page, f"circle-390-{scheme}")
    history = page.locator("#history")
    assert history.locator(".game-row").count() == 5
    history.get_by_label("Game").select_option("304")
    page.wait_for_url("**variant=304**")
    # The filtered list replaces the old one; a person's next tap comes after htmx has
    # finished swapping it in and wiring the new form.
    page.wait_for_function(HTMX_IDLE)
    assert history.locator(".game-row").count() == 1
    history.get_by_label("Player").select_option(LONG_NAME)
    page.get_by_text("No games match.").wait_for()
    assert "player=" in page.url


def test_a_new_circle_takes_the_phones_time_zone(phone: Phone, live_server: Any) -> None:
    page = phone(zone="Asia/Tokyo")
    page.goto("/")
    page.get_by_role("button", name="Start a card circle").click()
    page.get_by_role("heading", name="New game").wait_for()
    assert Circle.objects.get().time_zone == "Asia/Tokyo"


def test_a_circle_without_a_zone_takes_the_first_visitors(phone: Phone, live_server: Any) -> None:
    circle = Circle.objects.create()
    page = phone(zone="America/Chicago")
    with page.expect_response(lambda r: r.url.endswith("/time-zone")):
        page.goto(f"/c/{circle.slug}/")
    circle.refresh_from_db()
    assert circle.time_zone == "America/Chicago"
    later = phone(zone="Europe/Lisbon")
    later.goto(f"/c/{circle.slug}/")
    later.goto(f"/c/{circle.slug}/time-zone")
    later.get_by_text("This phone is in Europe/Lisbon").wait_for()
    circle.refresh_from_db()
    assert circle.time_zone == "America/Chicago"

"""Joining by QR code, and the pages at the sizes of a card night: the watch page on a TV
(1920×1080) and the game page on a phone turned sideways (issue 13), in Debian's Chromium."""

from __future__ import annotations

import io
import os
import shutil
from typing import Any

import pytest

from games.models import HandInProgress
from tests.conftest import klob_hand
from tests.web.test_browser import CHROMIUM
from tests.web.test_browser_offline import Phone, game_url, new_game, phone, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

__all__ = ["phone"]  # the fixture, shared with the offline tests

TV = {"width": 1920, "height": 1080}


def decoded(element: Any) -> list[str]:
    """The texts of the QR codes in a screenshot of `element`, as a phone's camera reads them."""
    import zxingcpp
    from PIL import Image

    picture = Image.open(io.BytesIO(element.screenshot()))
    return [found.text for found in zxingcpp.read_barcodes(picture)]


# -- QR codes ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_circle_link_shows_as_a_qr_code_that_reads_back(phone: Phone, scheme: str) -> None:
    game = new_game()
    page = phone(scheme)
    page.goto(f"/c/{game.circle.slug}/")
    page.get_by_text("Show it as a QR code").click()
    code = page.locator(".qr-fold figure.qr")
    code.scroll_into_view_if_needed()
    link = page.locator("input.share").input_value()
    assert link == page.url
    assert decoded(code) == [link]
    width = code.locator("svg").bounding_box()["width"]
    assert width >= 300  # large enough to scan from across the table
    shot(page, f"qr-circle-{scheme}")


def test_the_watch_link_shows_as_a_qr_code_without_script(phone: Phone) -> None:
    game = new_game()
    page = phone()
    page.context.route("**/*.js", lambda route: route.abort())  # no script at all
    page.goto(game_url(game) + "share", scripts=False)
    code = page.locator("figure.qr")
    assert decoded(code) == [page.url.split("/c/")[0] + f"/w/{game.watch_slug}/"]
    assert page.locator("input.share").input_value() == decoded(code)[0]
    shot(page, "qr-watch")
    # The code opens the watch page, which follows the game read-only.
    page.goto(decoded(code)[0], scripts=False)
    assert page.locator("#scoreboard").is_visible()
    assert page.locator("#hand-form").count() == 0
    page.errors.clear()  # the scripts this test refused


# -- the watch page on a TV ------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_tv_the_watch_page_fills_the_screen_without_scrolling(
    phone: Phone, scheme: str
) -> None:
    game = new_game(["Annemarie Zwanenburg-Oosterhout van Dijk", "Ben", "Cleo", "Dov"])
    game.settings = {**game.settings, "target": 10000}
    game.save(update_fields=["settings"])
    for number in range(20):
        game.record_hand(klob_hand(dealer=(3 + number) % 4, caller=number % 4))
    progress = HandInProgress.of(game)
    progress.change(progress.token, {"caller": "1", "trump": "S"})
    page = phone(scheme, TV)
    page.goto(f"/w/{game.watch_slug}/")
    sizes = page.evaluate(
        """() => ({
            scroll: document.documentElement.scrollHeight,
            wide: document.documentElement.scrollWidth,
            totals: [...document.querySelectorAll('.side-total')].map(
                t => parseFloat(getComputedStyle(t).fontSize)),
        })"""
    )
    assert sizes["scroll"] <= TV["height"] and sizes["wide"] <= TV["width"]
    assert all(size >= 0.12 * TV["height"] for size in sizes["totals"])
    # The totals and the hand in progress are in view, whole.
    for shown in (page.locator(".side-total").first, page.locator(".progress-line")):
        box = shown.bounding_box()
        assert box is not None and box["y"] + box["height"] <= TV["height"]
    assert "Ben called ♠" in page.locator(".progress-line").inner_text()
    assert page.locator("#hands .hand:visible").count() == 6
    # All 20 hands are on the sheet, each row whole, with the hand in progress shown too.
    sheet = page.locator("#watch-sheet").bounding_box()
    rows = page.locator("#watch-sheet tbody tr")
    assert sheet is not None and rows.count() == 20
    last = rows.nth(19).bounding_box()
    assert last is not None and last["y"] + last["height"] <= sheet["y"] + sheet["height"] + 1
    shot(page, f"tv-watch-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_tv_the_sheet_and_chart_take_the_right_hand_column(phone: Phone, scheme: str) -> None:
    game = new_game()
    game.settings = {**game.settings, "target": 10000}
    game.save(update_fields=["settings"])
    for number in range(19):
        game.record_hand(klob_hand(dealer=(3 + number) % 4, caller=number % 4))
    page = phone(scheme, TV)
    page.goto(f"/w/{game.watch_slug}/")
    # The twentieth hand comes with the poll: the sheet and the chart follow it.
    twentieth = game.record_hand(klob_hand(dealer=2, caller=3))
    page.locator(f"#watch-sheet-{twentieth.pk}").wait_for(timeout=5000)
    shot(page, f"tv-sheet-chart-{scheme}")
    sheet, chart, hands = (
        page.locator(f"#{region}").bounding_box()
        for region in ("watch-sheet", "watch-chart", "hands")
    )
    assert sheet is not None and chart is not None and hands is not None
    # The chart over the newest hands on the left, the sheet on the right.
    assert sheet["x"] >= chart["x"] + chart["width"] and sheet["x"] >= hands["x"] + hands["width"]
    assert hands["y"] >= chart["y"] + chart["height"]
    # Every one of the 20 rows is on the screen, whole, and so is the chart.
    rows = page.locator("#watch-sheet tbody tr")
    assert rows.count() == 20
    for i in range(20):
        row = rows.nth(i).bounding_box()
        assert row is not None and row["y"] + row["height"] <= sheet["y"] + sheet["height"] + 1
    svg = page.locator("#watch-chart svg").bounding_box()
    assert svg is not None and svg["y"] + svg["height"] <= TV["height"]
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    assert page.locator("svg.chart").count() == 1, "the chart once, beside the hands"


# -- a phone turned sideways ------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_phone_turned_sideways_shows_the_scoreboard_beside_the_hand(
    phone: Phone, scheme: str
) -> None:
    game = new_game()
    game.record_hand(klob_hand())
    page = phone(scheme, {"width": 844, "height": 390})
    page.goto(game_url(game))
    board = page.locator("#scoreboard").bounding_box()
    entry = page.locator("#hand-form").bounding_box()
    assert board is not None and entry is not None
    assert board["x"] + board["width"] <= entry["x"] and abs(board["y"] - entry["y"]) < 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 844
    shot(page, f"landscape-{scheme}")

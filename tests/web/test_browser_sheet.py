"""The score sheet and chart in Chromium: a phone screen of rows, light and dark, narrow
phones with long names, the switch with and without script, and the printed page."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections

from games.models import Circle, Game
from tests.web.test_browser import (
    CHROMIUM,
    NO_STREAMS,
    SHOTS,
    WANTED,
    Chromium,
    picture,
    scripted,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 780}
LONG = ["Anneliese Wilhelmina Charlotte von Brandt", "Bartholomew Maximilian Fitzgerald-Smythe"]
FORTY = [name[:40] for name in [*LONG, "Cleopatra Konstantina Papadopoulou-Smith", "Dov"]]


@pytest.fixture
def browser(live_server: Any) -> Iterator[Any]:
    chromium = Chromium.launched()
    chromium.base_url = live_server.url
    yield chromium
    connections.close_all()
    for context in chromium.contexts:
        context.close()


def open_page(
    browser: Any, scheme: str = "light", viewport: dict[str, int] = PHONE, script: bool = True
) -> Any:
    context = browser.new_context(
        viewport=viewport,
        base_url=browser.base_url,
        color_scheme=scheme,
        java_script_enabled=script,
    )
    context.add_init_script(NO_STREAMS)
    page = scripted(context.new_page()) if script else context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    return page


def klaberjass_evening(hands: int, names: list[str] | None = None) -> Game:
    """A long Klaberjass game (target 5000, so it goes on): the callers go round, and every
    fourth call fails."""
    game = Game.create(
        Circle.objects.create(),
        "klaberjass",
        names or ["Ann", "Ben", "Cleo", "Şule"],
        {"target": 5000},
    )
    for n in range(hands):
        caller = n % 4
        ours = 100 if n % 4 != 3 else 50
        points = [ours, 152 - ours] if caller % 2 == 0 else [152 - ours, ours]
        game.record_hand(
            {
                "dealer": (n + 3) % 4,
                "caller": caller,
                "trump": "SHDC"[n % 4],
                "card_points": points,
                "last_trick": caller % 2,
            }
        )
    return game


def url(game: Game, query: str = "?hands=sheet") -> str:
    return f"/c/{game.circle.slug}/g/{game.slug}/{query}"


def shot(page: Any, name: str, full: bool = False) -> None:
    picture(page, name, full_page=full, caret="initial")


def rows_on_one_screen(page: Any) -> int:
    """How many sheet rows are wholly on screen with the sheet's head at the top."""
    return int(
        page.evaluate(
            """() => {
              document.querySelector('table.sheet').scrollIntoView();
              return [...document.querySelectorAll('table.sheet tbody tr')]
                .filter(r => r.getBoundingClientRect().bottom <= window.innerHeight).length;
            }"""
        )
    )


def page_width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_fifteen_hands_and_more_fit_one_phone_screen(browser: Any, scheme: str) -> None:
    game = klaberjass_evening(30)
    page = open_page(browser, scheme)
    page.goto(url(game))
    assert rows_on_one_screen(page) >= 15
    assert page_width(page) <= PHONE["width"]
    shot(page, f"sheet-{scheme}")
    page.locator(".chart-box").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -12)")
    shot(page, f"chart-{scheme}")
    assert not page.errors


@pytest.mark.parametrize(
    ("variant", "names", "record"),
    [
        (
            "304",
            FORTY,
            [
                {"dealer": 3, "bidder": 0, "bid": 180, "trump": "S", "called_card": "AH",
                 "partner": 2, "points": 190, "tricks": 5},
                {"dealer": 0, "bidder": 1, "bid": 200, "trump": "C", "called_card": "JD",
                 "partner": 3, "points": 185, "tricks": 4},
            ],
        ),
        (
            "hoskin-tekli",
            FORTY[:3],
            [
                {"dealer": 0, "holder": 2, "contract": 650, "trump": "D",
                 "melds": [60, 80, 350], "trick_points": [71, 90, 290], "gomu_points": 29,
                 "last_trick": 2},
                {"dealer": 0, "holder": 2, "contract": 650, "trump": "H",
                 "melds": [60, 80, 100], "trick_points": [71, 90, 290], "gomu_points": 29,
                 "last_trick": 0},
            ],
        ),
    ],
)  # fmt: skip
def test_three_and_four_sides_with_forty_character_names_fit_a_360_px_phone(
    browser: Any, variant: str, names: list[str], record: list[dict[str, Any]]
) -> None:
    game = Game.create(Circle.objects.create(), variant, names)
    for hand in record * 3:
        game.record_hand(hand)
    for scheme in ("light", "dark"):
        page = open_page(browser, scheme, NARROW)
        page.goto(url(game))
        assert page_width(page) <= NARROW["width"]
        box = page.locator("table.sheet").bounding_box()
        assert box is not None and box["x"] + box["width"] <= NARROW["width"]
        page.locator("table.sheet").scroll_into_view_if_needed()
        shot(page, f"sheet-{variant}-360-{scheme}")
        assert not page.errors


def test_coinche_contracts_with_their_coinche_fit_a_360_px_phone(browser: Any) -> None:
    """A coinched capot ("capot ×4") beside a 40-character taker is shown whole, under the
    name, in light and dark."""
    from tests.engine.test_coinche import EXAMPLE_4, EXAMPLE_5, EXAMPLE_7

    game = Game.create(Circle.objects.create(), "coinche", FORTY, {"target": 9000})
    for hand in (EXAMPLE_4, {**EXAMPLE_5, "coinche": 2}, EXAMPLE_7) * 2:
        game.record_hand(hand)
    for scheme in ("light", "dark"):
        page = open_page(browser, scheme, NARROW)
        page.goto(url(game))
        assert page_width(page) <= NARROW["width"]
        assert page.locator("table.sheet .contract", has_text="capot ×4").count() == 2
        # Every contract and trump lies wholly inside its cell: none is cut.
        cut = page.evaluate(
            """() => [...document.querySelectorAll('table.sheet td.taker')].filter(td => {
                 const cell = td.getBoundingClientRect();
                 return [...td.querySelectorAll('.contract, .suit')].some(part => {
                   const box = part.getBoundingClientRect();
                   return box.left < cell.left - 0.5 || box.right > cell.right + 0.5;
                 });
               }).length"""
        )
        assert cut == 0
        page.locator("table.sheet").scroll_into_view_if_needed()
        shot(page, f"sheet-coinche-360-{scheme}")
        assert not page.errors


def test_long_names_keep_the_sheet_and_chart_in_a_phone_in_landscape(browser: Any) -> None:
    game = klaberjass_evening(12, FORTY)
    page = open_page(browser, "dark", {"width": 844, "height": 390})
    page.goto(url(game))
    assert page_width(page) <= 844
    page.locator(".chart-box").scroll_into_view_if_needed()
    shot(page, "sheet-landscape-dark")


def test_the_switch_works_without_script_and_survives_a_reload(browser: Any) -> None:
    game = klaberjass_evening(3)
    page = open_page(browser, script=False)
    page.goto(url(game, ""))
    assert page.locator(".hand-list").count() == 1
    page.locator(".view-switch").get_by_role("link", name="Sheet").click()
    page.locator("table.sheet").wait_for()
    page.goto(url(game, ""))
    assert page.locator("table.sheet tbody tr").count() == 3
    page.locator(".view-switch").get_by_role("link", name="Details").click()
    page.locator(".hand-list").wait_for()
    page.reload()
    assert page.locator("table.sheet").count() == 0


def test_the_switch_with_script_swaps_the_hands_in_place_and_is_remembered(browser: Any) -> None:
    game = klaberjass_evening(3)
    page = open_page(browser)
    page.goto(url(game, ""))
    page.locator(".view-switch").get_by_role("link", name="Sheet").click()
    page.locator("table.sheet").wait_for()
    assert page.url.endswith(url(game, ""))  # swapped in place, not a new page
    page.reload()
    assert page.locator("table.sheet tbody tr").count() == 3
    assert page.locator('.view-switch a[aria-current="true"]').inner_text() == "Sheet"
    assert not page.errors


def test_a_thirty_hand_sheet_prints_on_one_a4_page(browser: Any) -> None:
    game = klaberjass_evening(30, FORTY)
    page = open_page(browser)
    page.goto(url(game))
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1
    if WANTED not in ("", "0") and shutil.which("pdftoppm"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / "sheet-print.pdf").write_bytes(pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                str(SHOTS / "sheet-print.pdf"),
                str(SHOTS / "sheet-print"),
            ],
            check=True,
        )


# Four 40-character names, each of several words.
PAIRS = [
    "Bartholomew Maximilian Fitzgerald-Smythe",
    "Дмитрий Константинович Ростропович-Иванов"[:40],
    "Cleopatra Konstantina Papadopoulou-Smith",
    "Олена Їжакова-Коваленко Шевченко-Бондарь",
]
# Each table's box, and the words of the winner row that a line break cut in two (a line may
# end after a hyphen, as "Fitzgerald-" does: the words of a double name are whole words).
MEASURED = """() => ({
  tables: [...document.querySelectorAll('table.sheet')].map(table => {
    const box = table.parentElement.getBoundingClientRect();
    const own = table.getBoundingClientRect();
    return [own.left - box.left, box.right - own.right, table.scrollWidth - own.width];
  }),
  cut: [...document.querySelectorAll('table.sheet td.sheet-won')].flatMap(cell => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const split = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (lines.size > 1) split.push(word[0]);
      }
    }
    if (cell.scrollWidth > cell.clientWidth + 1) split.push('(the cell overflows)');
    return split;
  }),
})"""


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["360x780", "390x844"])
def test_a_finished_game_s_sheet_with_forty_character_names_fits_the_phone(
    browser: Any, viewport: dict[str, int]
) -> None:
    """The winner row ("★ … & … win", a long pair of names) wraps at its words inside the
    sheet, finished or not. Measured against the phone's own width: with is_mobile a page
    wider than the phone is zoomed out, and innerWidth grows with it."""
    assert all(len(name) == 40 for name in PAIRS)
    game = Game.create(Circle.objects.create(), "klaberjass", PAIRS, {"target": 500})
    hand = {"dealer": 3, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    context = browser.new_context(
        viewport=viewport, base_url=browser.base_url, is_mobile=True, has_touch=True
    )
    context.add_init_script(NO_STREAMS)
    page = scripted(context.new_page())
    for n in range(5):
        if n == 4:
            page.goto(url(game))
            assert not game.is_finished
            measured = page.evaluate(MEASURED)
            assert page_width(page) <= viewport["width"], "in progress"
            assert all(max(m) <= 0.5 for m in measured["tables"]), measured
        game.record_hand({**hand, "dealer": (3 + n) % 4})
    game.refresh_from_db()
    assert game.is_finished and game.winners == [0]
    page.goto(url(game))
    won = page.locator("table.sheet td.sheet-won")
    assert PAIRS[0] in won.inner_text() and PAIRS[2] in won.inner_text()
    measured = page.evaluate(MEASURED)
    assert page_width(page) <= viewport["width"], measured
    assert all(max(m) <= 0.5 for m in measured["tables"]), measured
    assert measured["cut"] == []
    # The totals, the sheet's last column, are on the screen.
    totals = page.locator("table.sheet tbody tr").last.locator("td.tot").last.bounding_box()
    assert totals is not None and totals["x"] + totals["width"] <= viewport["width"]
    won.scroll_into_view_if_needed()
    shot(page, f"sheet-finished-{viewport['width']}")
    context.close()

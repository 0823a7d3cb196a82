"""The roster on a phone (390×844 and 360×780), in Debian's Chromium: building it while
starting a game, and renaming and merging two members with the stats before and after."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from games.models import Circle, Game
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

RECORDS = Path(__file__).resolve().parents[1] / "records"
SIZES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 780}}
# Forty characters, in words: it wraps at a space, never inside a word.
LONG = "Maximiliana Alexandrovna Konstantinopols"
assert len(LONG) == 40
# A name refused is the page again, answered 400, which the console reports.
REFUSED = (*EXPECTED, "Failed to load resource: the server responded with a status of 400")


def fits(page: Any, width: int) -> None:
    """Nothing is wider than the screen (measured against the viewport the test set, which
    a page that overflows cannot widen: the contexts are not `is_mobile`)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('button, .button, .row-link, h1, p, label')]
            .filter(e => e.offsetParent !== null && !e.closest('.sr'))
            .filter(e => e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim().slice(0, 60))"""
    )
    assert clipped == [], f"text cut or spilling: {clipped}"


def taps_are_big(page: Any, selector: str) -> None:
    for box in page.locator(selector).all():
        if box.is_visible():
            size = box.bounding_box()
            assert size["height"] >= 44 and size["width"] >= 44, (selector, size)


def finished_game(circle: Circle, players: list[str]) -> Game:
    record = json.loads((RECORDS / "klaberjass.json").read_text())
    record["players"], record["settings"] = players, {"target": 400}
    game = Game.import_record(circle, record)
    assert game.is_finished
    return game


def played(page: Any, slug: str) -> dict[str, str]:
    """The stats page's Played column, by player, as the phone shows it."""
    page.goto(f"/c/{slug}/stats")
    rows = page.locator(".stats-table").first.locator("tbody tr")
    return {
        row.locator("th").inner_text(): row.locator("td").first.inner_text() for row in rows.all()
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_building_a_roster_while_starting_a_game(live_server: Any, size: str, scheme: str) -> None:
    viewport = SIZES[size]
    circle = Circle.objects.create(name="Thursday Klob Club", time_zone="Europe/Istanbul")
    with phones(live_server, REFUSED) as open_phone:
        page = open_phone(scheme, viewport)
        page.goto(f"/c/{circle.slug}/")
        page.get_by_role("link", name="Roster").click()
        page.get_by_text("Nobody yet").wait_for()
        for name in ("Şule", LONG, "Ben"):
            page.get_by_label("Add a player").fill(name)
            page.get_by_role("button", name="Add", exact=True).click()
            page.locator(".member-name", has_text=name).wait_for()
        # The same name again, in another case and with a space: refused, kept, nothing added.
        page.get_by_label("Add a player").fill("şule ")
        page.get_by_role("button", name="Add", exact=True).click()
        page.get_by_text("is on the roster already").wait_for()
        assert page.get_by_label("Add a player").input_value() == "şule "
        assert circle.players.count() == 3
        fits(page, viewport["width"])
        taps_are_big(page, ".row-link, button")
        shot(page, f"roster-{size}-{scheme}")

        page.get_by_role("link", name="Thursday Klob Club").click()
        page.get_by_role("link", name="Klaberjass").click()
        pad = page.locator(".pick-pad")
        # Taps seat the players in seat order; a second tap frees the seat.
        pad.get_by_role("button", name=LONG).click()
        page.locator("#id_player_0[value]").wait_for()
        expect_seat(page, 0, LONG)
        pad.get_by_role("button", name="Ben").click()
        expect_seat(page, 1, "Ben")
        pad.get_by_role("button", name="Şule").click()
        expect_seat(page, 2, "Şule")
        pad.get_by_role("button", name="Ben").click()
        expect_seat(page, 1, "")
        assert page.locator("#id_player_2").input_value() == "Şule"
        pad.get_by_role("button", name="Ben").click()
        expect_seat(page, 1, "Ben")
        assert pad.get_by_role("button", name="Ben").get_attribute("aria-pressed") == "true"
        # The long name wraps at a space inside its button.
        long_button = pad.get_by_role("button", name=LONG).bounding_box()
        assert long_button["height"] > 50, "two lines"
        fits(page, viewport["width"])
        taps_are_big(page, ".pick-btn, .big")
        shot(page, f"new-game-picked-{size}-{scheme}")
        # A new name is typed in the last seat, and joins the roster with the game.
        page.fill("#id_player_3", "Dov")
        page.get_by_role("button", name="Start", exact=True).last.click()
        page.locator("#scoreboard").wait_for()
        assert Game.objects.get().player_names() == [LONG, "Ben", "Şule", "Dov"]
        assert sorted(circle.players.values_list("name", flat=True)) == sorted(
            [LONG, "Ben", "Şule", "Dov"]
        )

        # The next game of the same kind offers the same seating first.
        page.goto(f"/c/{circle.slug}/new?variant=klaberjass")
        same = page.get_by_role("button", name=f"Same as last time: {LONG}, Ben, Şule, Dov")
        same_box = same.bounding_box()
        first_pick = page.locator(".pick-btn").first.bounding_box()
        assert same_box["y"] < first_pick["y"], "offered before the roster"
        fits(page, viewport["width"])
        shot(page, f"new-game-same-{size}-{scheme}")
        same.click()
        expect_seat(page, 3, "Dov")
        assert [page.locator(f"#id_player_{i}").input_value() for i in range(4)] == [
            LONG,
            "Ben",
            "Şule",
            "Dov",
        ]


def expect_seat(page: Any, seat: int, name: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator(f"#id_player_{seat}")).to_have_value(name)


@pytest.mark.parametrize("size", SIZES)
def test_renaming_and_merging_two_members(live_server: Any, size: str) -> None:
    viewport = SIZES[size]
    circle = Circle.objects.create(name="Friday")
    finished_game(circle, ["Ann", "Ben", "Cleo", "Dov"])
    finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
    with phones(live_server) as open_phone:
        page = open_phone("light", viewport)
        before = played(page, circle.slug)
        assert before["Ann"] == "1" and before["Anne"] == "1" and before["Ben"] == "2"

        # Anne is Ann: merged, the page saying first what it changes.
        page.goto(f"/c/{circle.slug}/roster")
        page.locator(".member-row", has_text="Anne").click()
        page.get_by_role("link", name="Merge Anne into another player").click()
        page.locator(".member-row", has=page.locator(".member-name", has_text="Ann")).filter(
            has_not_text="Anne"
        ).click()
        page.get_by_text("1 game of Anne becomes a game of Ann.").wait_for()
        fits(page, viewport["width"])
        shot(page, f"merge-plan-{size}")
        page.get_by_role("button", name="Merge", exact=True).click()
        page.get_by_text("Anne is now Ann: 1 game moved.").wait_for()
        undo = page.get_by_role("button", name="Undo the merge")
        assert undo.is_visible()
        fits(page, viewport["width"])
        shot(page, f"merged-{size}")
        after = played(page, circle.slug)
        assert after["Ann"] == "2" and "Anne" not in after and after["Ben"] == "2"

        # Renamed: every game shows the new name, the finished ones too.
        page.goto(f"/c/{circle.slug}/roster")
        page.locator(".member-row", has_text="Ann").click()
        page.get_by_label("Name").fill(LONG)
        page.get_by_role("button", name="Rename").click()
        page.locator("h1", has_text=LONG).wait_for()
        fits(page, viewport["width"])
        shot(page, f"renamed-{size}")
        renamed = played(page, circle.slug)
        assert renamed[LONG] == "2" and "Ann" not in renamed
        for game in Game.objects.all():
            page.goto(f"/c/{circle.slug}/g/{game.slug}/")
            assert LONG in page.locator("main").inner_text()
            assert "Anne" not in page.locator("main").inner_text()

        # Undone: Anne is herself again, with her one game.
        page.goto(f"/c/{circle.slug}/roster")
        page.get_by_role("button", name="Undo").click()
        page.locator("h1", has_text="Anne").wait_for()
        split = played(page, circle.slug)
        assert split["Anne"] == "1" and split[LONG] == "1" and split["Ben"] == "2"


def test_without_script_the_roster_seats_a_game_by_plain_posts(live_server: Any) -> None:
    circle = Circle.objects.create(name="Friday")
    for name in ("Ann", "Ben", "Cleo"):
        circle.players.create(name=name)
    with phones(live_server) as open_phone:
        page = open_phone("light", SIZES["360"], java_script_enabled=False)
        page.goto(f"/c/{circle.slug}/new?variant=klaberjass")
        for seat, name in enumerate(("Cleo", "Ann", "Ben")):
            page.locator(".pick-pad").get_by_role("button", name=name).click()
            page.wait_for_load_state()
            assert page.locator(f"#id_player_{seat}").input_value() == name
        page.fill("#id_player_3", "Dov")
        fits(page, 360)
        shot(page, "new-game-picked-without-script")
        page.get_by_role("button", name="Start", exact=True).last.click()
        page.locator("#scoreboard").wait_for()
        assert Game.objects.get().player_names() == ["Cleo", "Ann", "Ben", "Dov"]

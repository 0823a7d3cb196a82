"""A club night on the organiser's phone (390×844), in Debian's Chromium, light and dark:
setting up a rotating Klaberjass night of five from the roster, then starting round 1 and
opening its table's game."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

from games.models import Circle
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, shot
from tests.web.test_browser_roster import fits, taps_are_big

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

NAMES = ["Ann", "Ben", "Cleo", "Dov"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_organiser_sets_up_a_night_and_starts_round_1(live_server: Any, scheme: str) -> None:
    circle = Circle.objects.create(name="Friday")
    for name in NAMES:
        circle.player(name)
    with phones(live_server, EXPECTED) as open_phone:
        page = open_phone(scheme)
        page.goto(f"/c/{circle.slug}/")
        page.get_by_role("link", name="New club night").click()
        page.get_by_role("link", name="Klaberjass").click()
        page.get_by_label("Deals a round").fill("2")
        fits(page, 390)
        taps_are_big(page, ".radio-choice, button.big")
        shot(page, f"club-1-event-{scheme}")
        page.get_by_role("button", name="Next: who is here").last.click()
        for name in NAMES:
            page.get_by_role("button", name=name, exact=True).click()
        page.get_by_label("A new name").fill("Eve")
        page.get_by_role("button", name="Add", exact=True).last.click()
        status = page.locator("#club-fit")
        status.get_by_text("1 table, 1 sits out each round").wait_for()
        fits(page, 390)
        taps_are_big(page, ".pick-btn, button.big")
        shot(page, f"club-2-players-{scheme}")
        page.get_by_role("button", name="Create the night").click()
        page.get_by_role("heading", name="Round 1: the seating").wait_for()
        fits(page, 390)
        taps_are_big(page, ".pick-btn, button.big")
        shot(page, f"club-3-seating-{scheme}")
        page.get_by_role("button", name="Start round 1").click()
        page.get_by_role("heading", name="Round 1").wait_for()
        shot(page, f"club-4-round-{scheme}")
        page.get_by_role("link", name="Table 1").click()
        page.get_by_text("Round 1 · Table 1").wait_for()
        fits(page, 390)
        shot(page, f"club-5-table-{scheme}")
        night = circle.club_nights.get()
        game = night.rounds.get().tables.get().game
        assert game.settings["deals"] == 2 and len(game.player_names()) == 4

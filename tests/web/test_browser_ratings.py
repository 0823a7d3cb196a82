"""The ratings on a phone (390×844, light and dark), in Debian's Chromium: the players' list
sorted by rating, and a member's page with their rating chart and each game's change."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

from games.models import Circle, Game
from tests.conftest import klob_hand
from tests.web.test_browser import CHROMIUM, phones, shot
from tests.web.test_browser_roster import fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

PHONE = {"width": 390, "height": 844}
SEATINGS = [
    ["Ann", "Ben", "Cleo", "Dov"],
    ["Ann", "Cleo", "Ben", "Eve"],
    ["Dov", "Ann", "Eve", "Cleo"],
    ["Ann", "Dov", "Ben", "Eve"],
]


def play(circle: Circle, games: int) -> None:
    """One-deal Klaberjass games, the first seat's team winning each."""
    for n in range(games):
        game = Game.create(circle, "klaberjass", SEATINGS[n % 4], {"deals": 1}, first_dealer=3)
        game.record_hand(klob_hand(caller=0, card_points=[96, 56]))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_players_list_by_rating_and_a_members_rating_chart(
    live_server: Any, scheme: str
) -> None:
    circle = Circle.objects.create(name="Thursday Klob Club")
    play(circle, 12)
    with phones(live_server) as open_phone:
        page = open_phone(scheme, PHONE)
        page.goto(f"/c/{circle.slug}/roster")
        page.get_by_role("link", name="Ratings").click()
        rows = page.locator(".ratings-table tbody tr")
        rows.first.wait_for()
        ratings = [int(r.locator("td.rating").inner_text()) for r in rows.all()]
        assert ratings == sorted(ratings, reverse=True) and len(ratings) == 5
        assert rows.first.locator("th").inner_text().startswith("Ann")
        fits(page, PHONE["width"])
        shot(page, f"ratings-390-{scheme}")

        page.get_by_role("link", name="By name").click()
        page.locator(".chip.on", has_text="By name").wait_for()
        names = [r.locator("th a").inner_text() for r in rows.all()]
        assert names == sorted(names)

        rows.filter(has_text="Ben").locator("a").click()
        page.locator(".rating-chart polyline").wait_for()
        changes = page.locator(".rating-change").all_inner_texts()
        assert len(changes) == 9 and all(c[0] in "+\u2212" for c in changes)
        assert (
            page.locator(".rating-now")
            .inner_text()
            .startswith(str(int(page.locator(".rating-now .rating").inner_text())))
        )
        fits(page, PHONE["width"])
        shot(page, f"member-rating-390-{scheme}")

        # The chance of two sides, and "Even teams" seating the four chosen players.
        page.goto(f"/c/{circle.slug}/ratings")
        page.get_by_role("button", name="Show the chance").click()
        page.locator(".matchup").wait_for()
        assert " against " in page.locator(".matchup").inner_text()
        page.goto(f"/c/{circle.slug}/new?variant=klaberjass")
        pad = page.locator(".pick-pad")
        for seat, name in enumerate(["Ben", "Ann", "Cleo", "Dov"]):
            pad.get_by_role("button", name=name).click()
            page.locator(f"#id_player_{seat}[value]").wait_for()
        even = page.locator("button.even-teams")
        even.wait_for()
        even.click()
        page.locator("p.even-teams").wait_for()
        assert page.locator("#id_player_0").input_value() == "Ben"
        fits(page, PHONE["width"])
        shot(page, f"even-teams-390-{scheme}")

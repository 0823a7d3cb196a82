"""A season on a phone (390×844, light and dark) and on a TV (1920×1080), in Debian's
Chromium: set up from the circle page with its form (a refusal first), then its table, whose
nights scroll sideways under the names on a phone; on the TV the table in big type, and the
players' list, a member's rating chart, their year in review and "Even teams"."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

from games.models import Circle, ClubNight, Game
from games.models.club_changes import import_night
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, shot
from tests.web.test_browser_roster import fits
from tests.web.test_seasons import NIGHT, A, B, at, ordinary

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
# The refused form comes back as a 400, which the browser reports on its console.
REFUSED = (*EXPECTED, "Failed to load resource: the server responded with a status of 400")
LONG = "Wilhelmina Bartholomew-Featherstonehaugh"  # 40 characters


def played(circle: Circle) -> None:
    """A club night on 2 January 2026 and a card night on 9 January; Eve is 40 characters
    long."""
    record = {**NIGHT, "players": [LONG if n == "Eve" else n for n in NIGHT["players"]]}
    record["rounds"] = [
        {
            **r,
            **{k: [LONG if n == "Eve" else n for n in r[k]] for k in ("byes",) if k in r},
            "tables": [
                {**t, "players": [LONG if n == "Eve" else n for n in t["players"]]}
                for t in r["tables"]
            ],
        }
        for r in NIGHT["rounds"]
    ]
    night = import_night(circle, record)
    ClubNight.objects.filter(pk=night.pk).update(created=at(2))
    Game.objects.filter(club_table__round__night=night).update(created=at(2))
    for day in (9, 16, 23):
        ordinary(circle, A, at(day))
        ordinary(circle, B, at(day))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_season_is_set_up_and_its_table_read_on_a_phone(live_server: Any, scheme: str) -> None:
    circle = Circle.objects.create(name="Thursday Klob Club", time_zone="UTC")
    played(circle)
    with phones(live_server, REFUSED) as open_phone:
        page = open_phone(scheme, PHONE)
        page.goto(f"/c/{circle.slug}/")
        page.get_by_role("link", name="New season").click()
        page.get_by_label("Season name").fill("Winter 2026")
        page.get_by_label("First night").fill("2026-01-31")
        page.get_by_label("Last night").fill("2026-01-01")
        page.get_by_label("Club nights and card nights' games").check()
        page.get_by_label("Nights to be ranked").fill("3")
        page.get_by_text("A prize for last place").click()
        page.get_by_role("button", name="Save the season").click()
        error = page.locator(".errorlist", has_text="is before the first")
        error.wait_for()
        assert page.get_by_label("Season name").input_value() == "Winter 2026"
        fits(page, PHONE["width"])
        shot(page, f"season-form-refused-390-{scheme}")
        page.get_by_label("First night").fill("2026-01-01")
        page.get_by_label("Last night").fill("2026-01-31")
        page.get_by_role("button", name="Save the season").click()

        rows = page.locator(".season-table tbody tr")
        rows.first.wait_for()
        # Ann, Ben, Cleo: 162 a night, 4 nights = 648; Dov 56 + 3 × 162 = 542, last; the long
        # name one night (187): unranked.
        firsts = [r.locator(".name").inner_text() for r in rows.all()[:3]]
        assert firsts == ["Ann", "Ben", "Cleo"]
        assert rows.nth(0).locator(".total").inner_text() == "648"
        assert rows.nth(3).locator(".prize").is_visible()
        assert rows.nth(4).locator(".rank").inner_text() == "–"
        fits(page, PHONE["width"])
        name = rows.nth(4).locator(".name").bounding_box()
        assert name is not None and name["width"] <= PHONE["width"] / 2
        shot(page, f"season-390-{scheme}")
        with page.expect_download() as download:
            page.get_by_role("link", name="Download as CSV").click()
        assert download.value.suggested_filename == "Winter-2026.csv"


def test_a_season_the_players_list_and_a_members_pages_on_a_tv(live_server: Any) -> None:
    circle = Circle.objects.create(name="Thursday Klob Club", time_zone="UTC")
    played(circle)
    season = circle.seasons.create(
        name="Winter 2026",
        starts=at(1).date(),
        ends=at(31).date(),
        counts="cards",
        scoring="position",
        best=3,
        minimum=2,
        last_prize=True,
    )
    ann = circle.players.get(name="Ann")
    with phones(live_server) as open_phone:
        page = open_phone("dark", TV)
        page.goto(f"/c/{circle.slug}/seasons/{season.pk}/")
        table = page.locator(".season-table")
        table.wait_for()
        box = table.bounding_box()
        assert box is not None and box["width"] > TV["width"] / 2
        size = page.evaluate("getComputedStyle(document.querySelector('.season-table')).fontSize")
        assert float(size.removesuffix("px")) >= 24
        # By place, best 3 of 4: Ann's nights 4 (2nd of 5, shared), then 4, 4, 4 (1st of 4):
        # one of them not counted.
        ann_row = page.locator(".season-table tbody tr", has_text="Ann")
        assert ann_row.locator(".total").inner_text() == "12"
        assert ann_row.locator("td.dropped").count() == 1
        fits(page, TV["width"])
        shot(page, "season-tv")
        for url, name in (
            (f"/c/{circle.slug}/ratings", "ratings-tv"),
            (f"/c/{circle.slug}/roster/{ann.pk}/", "member-tv"),
            (f"/c/{circle.slug}/roster/{ann.pk}/year", "year-tv"),
        ):
            page.goto(url)
            page.locator("h1").wait_for()
            fits(page, TV["width"])
            shot(page, name)
        assert page.locator(".year-figures dd").first.inner_text() == "8"
        # "Even teams" on the new-game page, four members seated.
        page.goto(f"/c/{circle.slug}/new?variant=klaberjass")
        pad = page.locator(".pick-pad")
        for seat, name in enumerate(["Ben", "Ann", "Dov", "Cleo"]):
            pad.get_by_role("button", name=name).click()
            page.locator(f"#id_player_{seat}[value]").wait_for()
        # Ann and Cleo have played alike, so two pairings may be as even: the offer, taken,
        # is said to be the even one; a seating already as even is said so at once.
        offer = page.locator("button.even-teams, p.even-teams")
        offer.wait_for()
        if offer.evaluate("e => e.tagName") == "BUTTON":
            offer.click()
        page.locator("p.even-teams").wait_for()
        assert page.locator("#id_player_0").input_value() == "Ben"
        fits(page, TV["width"])
        shot(page, "even-teams-tv")

"""A club night on the organiser's phone (390×844), in Debian's Chromium, light and dark:
setting up a rotating Klaberjass night of five from the roster, then starting round 1 and
opening its table's game; a night at round 4, its earlier rounds folded and one opened
(kept open when the page redraws), and its seating on a phone that is not the
organiser's."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.club.night import read_night
from games.models import Circle, ClubNight
from games.models.club_changes import import_night
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


def three_rounds_played() -> ClubNight:
    """A rotating Klaberjass night of eight (two tables), rounds of one deal: three of four
    played, as imported."""
    hand = {"dealer": 0, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    players = NAMES + ["Eve", "Finn", "Gus", "Hal"]
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": "rotating", "rounds": 4, "round_length": 1},
        "players": players,
        "rounds": [],
    }
    for number in range(3):
        proposal = read_night(record).propose(str(number))
        tables = [{"players": list(t), "hands": [hand]} for t in proposal.tables]
        record["rounds"].append({"tables": tables})
    return import_night(Circle.objects.create(name="Friday"), record)


def test_earlier_rounds_fold_and_open_and_another_phone_sees_the_seating(live_server: Any) -> None:
    night = three_rounds_played()
    path = f"/c/{night.circle.slug}/club/{night.slug}/"
    with phones(live_server, EXPECTED) as open_phone:
        page = open_phone("light")
        page.goto(f"{path}organiser/{night.organiser_key}")
        page.get_by_role("heading", name="Round 4: the seating").wait_for()
        fold = page.locator("#round-1-fold")
        expect(fold.locator("summary")).to_contain_text("Round 1 · 2 tables")
        expect(page.locator(".club-round-fold a.row-link")).to_have_count(0)
        fold.locator("summary").click()
        expect(fold.locator("a.row-link")).to_have_count(2)
        # The page's live part redrawn (as its stream or poll does): the fold stays open.
        page.locator("#night-live").evaluate("e => { e.dataset.old = '1' }")
        page.locator("#night-live").dispatch_event("scorer:changed")
        page.locator("#night-live:not([data-old])").wait_for(state="attached")
        expect(page.locator("#round-1-fold[open] a.row-link")).to_have_count(2)
        page.locator("#club-organiser summary").click()
        fits(page, 390)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            shot(page, f"club-6-rounds-folded-{scheme}")
        other = open_phone("light")
        other.goto(path)
        other.get_by_role("heading", name="Round 4: the seating").wait_for()
        expect(other.locator("#next-round .pick-btn")).to_have_count(0)
        expect(other.locator("#next-round .club-name")).to_have_count(8)
        expect(other.get_by_role("button", name="Start round 4")).to_have_count(0)
        expect(other.locator("#club-organiser")).to_have_count(0)
        fits(other, 390)
        for scheme in ("light", "dark"):
            other.emulate_media(color_scheme=scheme)
            shot(other, f"club-7-seating-other-phone-{scheme}")

"""A club night's result confirmed on a player's phone (390×844, light and dark), in
Debian's Chromium: a pairs night whose round 1 is played, the losing side's phone taps its
name and confirms the result; the organiser corrects a hand; the phone sees the change in
the night's log and is asked to confirm again."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, NightChange
from games.models.club_changes import import_night
from tests.conftest import hand_post
from tests.web.test_browser import CHROMIUM, phones, shot
from tests.web.test_browser_roster import fits, taps_are_big

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

LONG = "Cleopatra Wilhelmina Montgomery-Smythe"
PLAYERS = ["Ann", "Ben", LONG, "Dov"]


def pairs_night(circle: Circle) -> Any:
    """Ann & Ben against Cleopatra & Dov, round 1 played to its end (two deals)."""
    hands = [
        {"dealer": 0, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0},
        {"dealer": 1, "caller": 1, "trump": "S", "card_points": [100, 52], "last_trick": 0},
    ]
    record = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": "pairs", "rounds": 3, "round_length": 2},
        "players": PLAYERS,
        "teams": [["Ann", "Ben"], [LONG, "Dov"]],
        "rounds": [{"tables": [{"players": ["Ann", LONG, "Ben", "Dov"], "hands": hands}]}],
    }
    return import_night(circle, record)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_other_side_confirms_a_result_and_sees_a_correction_in_the_log(
    live_server: Any, scheme: str
) -> None:
    circle = Circle.objects.create(name="Friday")
    night = pairs_night(circle)
    game = night.rounds.get().tables.get().game
    with phones(live_server) as open_phone:
        page = open_phone(scheme)
        page.goto(f"/c/{circle.slug}/club/{night.slug}/")
        page.get_by_text("Provisional: a player of the other side confirms it.").wait_for()
        page.get_by_text("Playing tonight? Tap your name").click()
        page.locator("#club-me").get_by_role("button", name="Dov", exact=True).click()
        confirm = page.get_by_role("button", name="Confirm the result")
        confirm.wait_for()
        fits(page, 390)
        taps_are_big(page, ".club-result button")
        shot(page, f"club-results-1-provisional-{scheme}")
        confirm.click()
        page.get_by_text("Confirmed by Dov").wait_for()
        assert page.locator(".club-standings .club-provisional").count() == 0
        shot(page, f"club-results-2-confirmed-{scheme}")

        # The organiser (the phone that set the night up) corrects hand 2.
        organiser = Client()
        organiser.cookies[f"club-organiser-{night.slug}"] = night.organiser_key
        hand = game.live_hands().get(number=2)
        data = {**hand_post(dealer=1, caller=1, trump="S", points_0="52", points_1="100")}
        data.update(version=str(hand.version), number="2")
        url = reverse("hand_edit", args=[circle.slug, game.slug, hand.pk])
        assert organiser.post(url, data).status_code == 302
        assert NightChange.objects.get().organiser

        page.reload()
        log = page.locator("#night-changes")
        log.get_by_text("Round 1 · Table 1 · hand 2").wait_for()
        assert "the organiser" in log.inner_text()
        page.get_by_role("button", name="Confirm the result").wait_for()
        fits(page, 390)
        log.scroll_into_view_if_needed()
        shot(page, f"club-results-3-log-{scheme}")

        page.get_by_role("link", name="Head to head").click()
        page.get_by_label("First").select_option(label="Ann & Ben")
        page.get_by_label("Second").select_option(label=f"{LONG} & Dov")
        page.get_by_role("button", name="Show their games").click()
        page.get_by_text("Round 1 · Table 1").wait_for()
        fits(page, 390)
        shot(page, f"club-results-4-head-to-head-{scheme}")

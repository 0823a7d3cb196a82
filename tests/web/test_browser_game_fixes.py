"""Fixing a game on a phone, at 390×844 and 360×780: removing a game and restoring it (out
of the night's standings and back), and abandoning one (no longer in progress at the top of
Tonight, marked in the history)."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Circle, Game
from tests.conftest import klob_hand
from tests.web.test_browser import phones, shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 780}]


def standing_rows(page: Any) -> dict[str, list[str]]:
    """The night's standings: each player's Played and Won."""
    rows = page.locator(".stats-table").first.locator("tbody tr")
    return {
        row.locator("th").inner_text(): row.locator("td").all_inner_texts() for row in rows.all()
    }


def fits(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_removing_a_game_takes_it_out_of_the_night_and_restoring_puts_it_back(
    live_server: Any, size: dict[str, int]
) -> None:
    circle = Circle.objects.create(name="Friday")
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"target": 200}, 3)
    for n in range(2):
        game.record_hand(klob_hand(dealer=(3 + n) % 4))
    night = f"/c/{circle.slug}/nights/{circle.tonight().isoformat()}/"
    with phones(live_server) as open_phone:
        page = open_phone(viewport=size)
        page.goto(night)
        assert standing_rows(page)["Ann"] == ["1", "1"]
        page.goto(f"/c/{circle.slug}/g/{game.slug}/")
        page.locator("details.menu summary").click()
        page.get_by_role("link", name="Remove this game").click()
        page.get_by_role("heading", name="Remove this game?").wait_for()
        fits(page, size["width"])
        shot(page, f"game-remove-ask-{size['width']}")
        page.get_by_role("button", name="Remove it").click()
        page.get_by_text("This game was removed").wait_for()
        assert page.locator("#hand-form.card").count() == 0
        fits(page, size["width"])
        shot(page, f"game-removed-{size['width']}")
        page.goto(night)
        assert page.locator("#standings-title").count() == 0
        page.goto(f"/c/{circle.slug}/")
        assert page.locator(".tonight .game-row").count() == 0
        fold = page.locator("#removed-games")
        fold.locator("summary").click()
        fits(page, size["width"])
        shot(page, f"game-removed-fold-{size['width']}")
        fold.get_by_role("button", name="Restore Klaberjass").click()
        page.locator(".tonight .game-row").wait_for()
        assert page.locator("#removed-games").count() == 0
        page.goto(night)
        assert standing_rows(page)["Ann"] == ["1", "1"]
    game.refresh_from_db()
    assert game.removed is None


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_abandoning_a_game_takes_it_off_tonight_and_marks_it_in_the_history(
    live_server: Any, size: dict[str, int]
) -> None:
    circle = Circle.objects.create(name="Friday")
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {}, 3)
    game.record_hand(klob_hand())
    with phones(live_server) as open_phone:
        page = open_phone(viewport=size)
        page.goto(f"/c/{circle.slug}/")
        assert page.locator(".tonight .game-row").count() == 1
        page.goto(f"/c/{circle.slug}/g/{game.slug}/")
        page.locator("details.menu summary").click()
        page.get_by_role("link", name="Abandon this game").click()
        page.get_by_role("button", name="Abandon it").click()
        page.get_by_text("Abandoned after 1 hand.").wait_for()
        assert page.locator("#hand-form.card").count() == 0
        fits(page, size["width"])
        shot(page, f"game-abandoned-{size['width']}")
        page.goto(f"/c/{circle.slug}/")
        assert page.locator(".tonight .game-row").count() == 0
        assert "abandoned at hand 1" in page.locator("#history").inner_text()
    game.refresh_from_db()
    assert game.abandoned is not None


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_changing_the_target_mid_game_shows_the_change_then_scores_it_again(
    live_server: Any, size: dict[str, int]
) -> None:
    circle = Circle.objects.create(name="Friday")
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"target": 500}, 3)
    for n in range(2):
        game.record_hand(klob_hand(dealer=(3 + n) % 4))
    with phones(live_server) as open_phone:
        page = open_phone(viewport=size)
        page.goto(f"/c/{circle.slug}/g/{game.slug}/")
        assert page.locator(".banner-title").count() == 0  # 212 – 112 of 500: playing on
        page.locator("details.menu summary").click()
        page.get_by_role("link", name="Change the target and house rules").click()
        page.get_by_label("Play to", exact=True).fill("200")
        page.get_by_role("button", name="Check the change").click()
        change = page.locator("#rules-change")
        change.wait_for()
        assert change.locator(".total-after").all_inner_texts() == ["212", "112"]
        assert "won by Ann & Cleo" in change.locator(".winner-change").inner_text()
        fits(page, size["width"])
        shot(page, f"game-rules-check-{size['width']}")
        game.refresh_from_db()
        assert game.settings["target"] == 500  # nothing saved by the check
        page.get_by_role("button", name="Save the new rules").click()
        page.locator(".banner-title").filter(has_text="Ann & Cleo win").wait_for()
        fits(page, size["width"])
        shot(page, f"game-rules-saved-{size['width']}")
    game.refresh_from_db()
    assert game.settings["target"] == 200 and game.is_finished and game.winners == [0]


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_swapping_two_seats_shows_who_wins_after_then_moves_the_win(
    live_server: Any, size: dict[str, int]
) -> None:
    circle = Circle.objects.create(name="Friday")
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"target": 200}, 3)
    for n in range(2):
        game.record_hand(klob_hand(dealer=(3 + n) % 4))
    with phones(live_server) as open_phone:
        page = open_phone(viewport=size)
        page.goto(f"/c/{circle.slug}/g/{game.slug}/")
        page.locator("details.menu summary").click()
        page.get_by_role("link", name="Change the players and seats").click()
        page.get_by_label("Seat 1").fill("Ben")
        page.get_by_label("Seat 2").fill("Ann")
        page.get_by_role("button", name="Check the change").click()
        change = page.locator("#players-change")
        change.wait_for()
        assert "won by Ben & Cleo" in change.locator(".winner-change").inner_text()
        fits(page, size["width"])
        shot(page, f"game-players-check-{size['width']}")
        page.get_by_role("button", name="Save the new seating").click()
        page.locator(".banner-title").filter(has_text="Ben & Cleo win").wait_for()
    assert game.player_names() == ["Ben", "Ann", "Cleo", "Dov"]

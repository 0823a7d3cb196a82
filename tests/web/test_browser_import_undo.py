"""Imports that know a copy and an undo that corrects, in Chromium at 390×844 and 360×780.

Re-importing an exported game is told the game is there already and counts nothing twice in
the night's standings; a game played yesterday joins yesterday's night. Undoing a hand puts
it back into every phone's form, where one field is corrected and the hand saved again.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import zoneinfo
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Circle, Game
from tests.conftest import klob_hand
from tests.web.test_browser import CHROMIUM, phones, polled, record, shot, step, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 780}]
IDS = ["390x844", "360x780"]
ISTANBUL = zoneinfo.ZoneInfo("Europe/Istanbul")
Phone = Callable[..., Any]


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    with phones(live_server) as open_phone:
        yield open_phone


def fits(page: Any, size: dict[str, int]) -> None:
    """Nothing is wider than the phone's screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def finished_game(circle: Circle, names: list[str]) -> Game:
    game = Game.create(circle, "klaberjass", names, {"target": 300}, first_dealer=3)
    game.record_hand(klob_hand(card_points=[152, 0]))
    game.record_hand(klob_hand(dealer=0, caller=1, card_points=[152, 0]))
    game.refresh_from_db()
    assert game.is_finished
    return game


def import_file(page: Any, path: Path, as_copy: bool = False) -> None:
    fold = page.locator("details.fold", has_text="Import a game record")
    if not fold.evaluate("el => el.open"):
        fold.locator("summary").click()
    page.set_input_files("#id_record", str(path))
    if as_copy:
        page.locator("label.check-btn", has_text="second copy").click()
    page.locator("#import").get_by_role("button", name="Import", exact=True).click()
    page.wait_for_load_state()


def standings(page: Any) -> dict[str, tuple[str, str]]:
    rows = page.locator("section[aria-labelledby=standings-title] table").first.locator("tbody tr")
    table = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        played, won = row.locator("td").all_inner_texts()[:2]
        table[row.locator("th").inner_text()] = (played, won)
    return table


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_re_imported_game_is_told_apart_and_a_game_of_yesterday_joins_its_night(
    phone: Phone, size: dict[str, int], tmp_path: Path
) -> None:
    circle = Circle.objects.create(name="Kadıköy", time_zone="Europe/Istanbul")
    game = finished_game(circle, ["Şule", "Ben", "Max", "Dov"])
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(game.export(), ensure_ascii=False))
    page = phone(viewport=size)
    night = f"/c/{circle.slug}/nights/{circle.tonight().isoformat()}/"
    page.goto(night)
    before = standings(page)
    assert before["Şule"] == ("1", "1")

    # The exported game again: told it is there, nothing created.
    page.goto(f"/c/{circle.slug}/")
    import_file(page, exported)
    told = page.locator("#import-copy")
    expect(told).to_contain_text("in the circle already, so nothing was imported")
    expect(told.locator(f'a[href="/c/{circle.slug}/g/{game.slug}/"]')).to_be_visible()
    fits(page, size)
    shot(page, f"import-copy-told-{size['width']}")
    assert circle.games.count() == 1
    page.goto(night)
    assert standings(page) == before  # nothing counted twice

    # A game played yesterday evening: it joins yesterday's night, not tonight's.
    yesterday = circle.tonight() - dt.timedelta(days=1)
    evening = dt.datetime.combine(yesterday, dt.time(21, 30), tzinfo=ISTANBUL)
    other = finished_game(Circle.objects.create(), ["Anna", "Олена", "Cleo", "Dov"])
    played = tmp_path / "yesterday.json"
    played.write_text(json.dumps({**other.export(), "played": evening.isoformat()}))
    page.goto(f"/c/{circle.slug}/")
    import_file(page, played)
    expect(page.locator("#scoreboard")).to_be_visible()
    imported = circle.games.exclude(pk=game.pk).get()
    assert imported.created == evening
    page.goto(f"/c/{circle.slug}/nights/{yesterday.isoformat()}/")
    expect(page.locator(f'a[href="/c/{circle.slug}/g/{imported.slug}/"]')).to_be_visible()
    assert standings(page)["Олена"] == ("1", "0")
    fits(page, size)
    shot(page, f"import-yesterday-night-{size['width']}")
    page.goto(night)
    assert standings(page) == before
    assert page.locator(f'a[href="/c/{circle.slug}/g/{imported.slug}/"]').count() == 0

    # On purpose, as a copy: the box is ticked, the file chosen again.
    page.goto(f"/c/{circle.slug}/")
    import_file(page, exported)
    expect(page.locator("#import-copy")).to_be_visible()
    shot(page, f"import-copy-box-{size['width']}")
    import_file(page, exported, as_copy=True)
    expect(page.locator("#scoreboard")).to_be_visible()
    assert circle.games.filter(created=game.created.replace(microsecond=0)).count() == 1
    assert circle.games.count() == 3


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_undo_puts_the_hand_back_on_every_phone_to_correct_one_field(
    phone: Phone, size: dict[str, int]
) -> None:
    circle = Circle.objects.create(name="Friday", time_zone="Europe/Istanbul")
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {}, first_dealer=3)
    game.record_hand(klob_hand())
    url = f"/c/{circle.slug}/g/{game.slug}/"
    mine, theirs = phone(viewport=size), phone(viewport=size)
    mine.goto(url)
    theirs.goto(url)

    # The mis-tap: Ben's team made 69, typed as 96.
    record(mine, caller="Ben", trump="S", points=96, last="Ben & Dov")
    mine.locator('.hand[data-number="2"]').wait_for()
    game.refresh_from_db()
    mistaken = [str(total) for total in game.totals]
    assert totals(mine) == mistaken
    with polled(theirs, changed=True):
        pass
    expect(theirs.locator('.hand[data-number="2"]')).to_be_visible()

    mine.get_by_role("button", name="Undo hand 2").click()
    mine.locator('.hand[data-number="2"]').wait_for(state="detached")
    expect(mine.locator(".notice")).to_contain_text("correct it and save it again")
    form = mine.locator("#hand-form")
    step(form, "after")
    expect(mine.locator("#id_points_0")).to_have_value("96")
    expect(mine.locator("#id_points_1")).to_have_value("56")
    fits(mine, size)
    shot(mine, f"undo-filled-{size['width']}")

    # The other phone gets it with its next poll, filled the same.
    step(theirs.locator("#hand-form"), "after")
    expect(theirs.locator("#id_points_0")).to_have_value("96", timeout=6000)
    expect(theirs.locator('#hand-form input[name="caller"][value="1"]')).to_be_checked()
    # Its notice of hand 2 saved no longer stands; the hand is among the removed ones.
    expect(theirs.locator(".notice", has_text="Hand 2 saved")).to_have_count(0)
    expect(theirs.locator("#hands")).to_contain_text("Removed hands (1)")
    shot(theirs, f"undo-other-phone-{size['width']}")

    # One field corrected, then saved.
    mine.locator("#id_points_0").fill("69")
    expect(mine.locator("#id_points_1")).to_have_value("83")
    mine.locator("#preview .preview-title", has_text="This hand scores").wait_for()
    mine.get_by_role("button", name="Save hand").click()
    mine.locator('.hand[data-number="2"]').wait_for()
    game.refresh_from_db()
    assert game.hand_count == 2
    assert game.live_hands().get(number=2).facts["card_points"] == [69, 83]
    assert totals(mine) == [str(total) for total in game.totals] != mistaken
    fits(mine, size)
    shot(mine, f"undo-corrected-{size['width']}")

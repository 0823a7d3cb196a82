"""A club night's hall display on a TV (1920×1080) and a projector (1280×720), in Debian's
Chromium, light and dark: it follows a hand saved on a phone without a reload, twenty tables
and eighty players fit without scrolling with every name readable, and the table cards
print one a page."""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from games.models import Circle
from games.views import streams as stream_views
from tests.web.test_browser import CHROMIUM, EXPECTED, SHOTS, WANTED, phones, picture, shot
from tests.web.test_club_hall import club_night, save_hand, tables

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

TV = {"width": 1920, "height": 1080}
PROJECTOR = {"width": 1280, "height": 720}


def hall(night: Any, name: str = "club_hall") -> str:
    return reverse(name, args=[night.circle.slug, night.slug])


def fits_the_screen(page: Any, screen: dict[str, int]) -> None:
    """No scrollbar, and every name shown is whole and at least 1/40 of the screen's
    height tall: 27 px on a TV, 18 px on a projector, read from the back of the room."""
    size = page.evaluate(
        "[document.documentElement.scrollHeight, document.documentElement.scrollWidth,"
        " innerHeight, innerWidth]"
    )
    assert size[0] <= size[2] and size[1] <= size[3], size
    names = page.evaluate(
        """() => [...document.querySelectorAll('.hall-name')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.textContent.trim(), parseFloat(getComputedStyle(e).fontSize),
                       e.scrollWidth <= e.clientWidth + 1,
                       e.getBoundingClientRect().bottom <= innerHeight])"""
    )
    assert names, "no name shown"
    floor = screen["height"] / 40
    small = [n for n in names if n[1] < floor]
    assert small == [], small
    cut = [n[0] for n in names if not (n[2] and n[3])]
    assert cut == [], f"names cut or off the screen: {cut}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_tv_follows_a_hand_saved_on_a_phone_without_a_reload(
    live_server: Any, scheme: str
) -> None:
    circle = Circle.objects.create(name="Friday")
    night = club_night(circle, 8)
    first = tables(night)[0]
    save_hand(first)
    with phones(live_server) as open_phone:
        tv = open_phone(scheme, TV)
        loads: list[str] = []
        tv.on("load", lambda _: loads.append(tv.url))
        tv.goto(hall(night))
        table_1 = tv.locator(".hall-table").filter(has_text="Table 1")
        expect(table_1.locator(".hall-hands")).to_have_text("1 hand")
        fits_the_screen(tv, TV)
        shot(tv, f"hall-1-playing-{scheme}")
        # Another phone saves table 1's second hand.
        first.refresh_from_db()
        dealer = str(first.next_hand_dealer)
        data = {
            "dealer": dealer,
            "caller": dealer,
            "trump": "S",
            "points_0": "52",
            "points_1": "100",
            "last_trick": "0",
            "key": f"tv-{scheme}",
        }
        saved = Client().post(reverse("hand_record", args=[circle.slug, first.slug]), data)
        assert saved.status_code in (200, 302)
        first.refresh_from_db()
        expect(table_1.locator(".hall-hands")).to_have_text("2 hands")
        expect(table_1.locator(".hall-total")).to_have_text([str(t) for t in first.totals])
        assert loads == [tv.url], "the screen reloaded"
        shot(tv, f"hall-2-followed-{scheme}")


def test_the_tv_is_told_of_a_hand_by_the_nights_stream_with_no_poll_meanwhile(
    live_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stream_views, "HEARTBEAT", 0.1)
    circle = Circle.objects.create(name="Friday")
    night = club_night(circle, 8)
    first = tables(night)[0]
    save_hand(first)
    with phones(live_server, EXPECTED, streams=True) as open_phone:
        tv = open_phone("dark", TV)
        tv.clock.install()
        asked: list[str] = []
        tv.on("request", lambda r: "/hall/live" in r.url and asked.append(r.url))
        tv.goto(hall(night))
        tv.locator(":root[data-streaming]").wait_for(state="attached")
        table_1 = tv.locator(".hall-table").filter(has_text="Table 1")
        expect(table_1.locator(".hall-hands")).to_have_text("1 hand")
        before = len(asked)
        tv.clock.run_for(15_000)  # five polls' time: none goes while the stream is open
        assert len(asked) == before
        save_hand(first)
        expect(table_1.locator(".hall-hands")).to_have_text("2 hands")
        assert len(asked) == before + 1, "one question, told by the stream"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_twenty_tables_and_eighty_players_fit_a_tv_and_a_projector(
    live_server: Any, scheme: str
) -> None:
    circle = Circle.objects.create(name="Thursday Klaverjas Club De Vrolijke Boer")
    night = club_night(circle, 80, deals=1)
    games = tables(night)
    for game in games[:14]:
        save_hand(game)
    with phones(live_server) as open_phone:
        for name, screen in (("tv", TV), ("projector", PROJECTOR)):
            page = open_phone(scheme, screen)
            # Each page of the tables in turn, as the screen turns them (the link names the
            # turn, as the screen's reload does without script).
            for turn in range(3):
                page.goto(f"{hall(night)}?p={turn}")
                expect(
                    page.locator(".hall-tables .hall-page:not([hidden]) .hall-table").first
                ).to_be_visible()
                if turn == 0:
                    shot(page, f"hall-3-twenty-{name}-{scheme}")
                fits_the_screen(page, screen)
        # Between rounds: the next round's seating, twenty tables of it.
        for game in games[14:]:
            save_hand(game)
        page = open_phone(scheme, TV)
        page.goto(hall(night))
        expect(page.get_by_role("heading", name="Round 2: the seating")).to_be_visible()
        shot(page, f"hall-4-seating-{scheme}")
        fits_the_screen(page, TV)
        # Without script the screen still turns its pages, by reloading.
        bare = open_phone(scheme, PROJECTOR, java_script_enabled=False)
        bare.goto(hall(night))
        refresh = bare.locator("noscript").first.inner_html()
        assert re.search(r'http-equiv="refresh" content="12;url=\?p=1"', refresh)
        fits_the_screen(bare, PROJECTOR)


def test_table_cards_print_one_a_page_with_a_qr_code(live_server: Any) -> None:
    circle = Circle.objects.create(name="Friday")
    night = club_night(circle, 12)
    with phones(live_server) as open_phone:
        page = open_phone("light", {"width": 1000, "height": 1300})
        for paper in ("a4", "letter"):
            page.goto(f"{hall(night, 'club_print_cards')}?paper={paper}")
            expect(page.locator(".card")).to_have_count(3)
            expect(page.locator(".card svg.qr-code")).to_have_count(3)
            pdf = page.pdf(prefer_css_page_size=True)
            if WANTED not in ("", "0"):
                SHOTS.mkdir(parents=True, exist_ok=True)
                (SHOTS / f"print-cards-{paper}.pdf").write_bytes(pdf)
            pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
            assert pages == 3, pages
            size = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
            assert size is not None
            # A4 is 595 × 842 points, Letter 612 × 792.
            wanted = (595, 842) if paper == "a4" else (612, 792)
            assert (round(float(size.group(1))), round(float(size.group(2)))) == wanted
        page.emulate_media(media="print")
        page.goto(f"{hall(night, 'club_print_cards')}?paper=a4")
        picture(page.locator(".card").first, "print-1-card")
        for kind in ("seating", "pads"):
            page.goto(f"{hall(night, f'club_print_{kind}')}?paper=a4")
            picture(page.locator(".sheet").first, f"print-2-{kind}")
        page.emulate_media(media="screen")
        page.goto(f"{hall(night, 'club_print_cards')}?paper=letter")
        shot(page, "print-3-cards-screen")

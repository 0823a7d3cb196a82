"""The pages' streams in Debian's Chromium (static/js/stream.js): another phone's tap reaches a
game page by its stream, carrying what a fetch would show, with no request at all; a club
night's page redraws when a hand is saved at one of its tables, long before its 20-second
poll; a stream that a proxy buffers, or one refused, leaves the page polling as before; a
page that closes ends its stream.

The live server holds each stream in a thread (games/views/streams.py); its heartbeat is made
short here, so a thread whose page closed finds it out at once."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from games import streams
from games.models import Circle, Game
from games.views import streams as stream_views
from tests.conftest import klob_hand
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, polled, shot
from tests.web.test_browser_table import COUNT_POLLS, game_url
from tests.web.test_club_nights import set_up, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

PLAYERS = ["Ann", "Ben", "Cleo", "Dov"]
STREAMING = ":root[data-streaming]"


@pytest.fixture
def phone(live_server: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setattr(stream_views, "HEARTBEAT", 0.1)
    with phones(live_server, EXPECTED, streams=True) as open_phone:
        yield open_phone


def new_game() -> Game:
    return Game.create(Circle.objects.create(), "klaberjass", PLAYERS, {}, first_dealer=0)


def caller(page: Any, name: str) -> Any:
    form = page.locator("#hand-form")
    return form.locator("fieldset", has_text="Who called").get_by_text(name, exact=True)


def subscribed_until(topic: str, count: int) -> int:
    """The live server's subscribers of `topic` once they are `count` (or after 5 s)."""
    deadline = time.monotonic() + 5
    while streams.subscribed(topic) != count and time.monotonic() < deadline:
        time.sleep(0.02)
    return streams.subscribed(topic)


def test_another_phones_tap_arrives_by_the_stream_with_no_poll_meanwhile(phone: Any) -> None:
    game = new_game()
    ann, ben = phone(), phone("dark")
    ben.clock.install()
    ben.add_init_script(COUNT_POLLS)
    for page in (ann, ben):
        page.goto(game_url(game))
        page.locator(STREAMING).wait_for(state="attached")
    polls = ben.evaluate("() => window.__polls")
    ben.clock.run_for(10_000)  # five polls' time: none goes while the stream is open
    assert ben.evaluate("() => window.__polls") == polls
    caller(ann, "Cleo").click()
    expect(ben.locator("#hand-form input[name=caller][value='2']")).to_be_checked()
    expect(ben.locator("#scoreboard .progress-line")).to_contain_text("Cleo called")
    # The stream's event carried what changed: nothing was asked.
    assert ben.evaluate("() => window.__polls") == polls
    shot(ann, "stream-tap-sent")
    shot(ben, "stream-tap-told")
    # And it is what a fetch of it shows.
    told = settled(ben)
    ben.evaluate(ASK_AGAIN)
    assert ben.evaluate("() => window.__polls") == polls + 1
    assert settled(ben) == told


# The poll's request as sync.js makes it, from a page that had not seen the last tap.
ASK_AGAIN = """() => {
  const b = document.getElementById("scoreboard");
  const query = `?v=${b.dataset.v}&d=${Number(b.dataset.d) - 1}&t=${b.dataset.t}`;
  return htmx.ajax("GET", b.dataset.live + query,
    { source: document.body, target: "#scoreboard", swap: "outerHTML" });
}"""


def settled(page: Any) -> str:
    """The scoreboard and the hand in progress's state once htmx has settled them."""
    page.locator("#scoreboard:not(.htmx-settling):not(.htmx-added)").wait_for()
    return str(
        page.evaluate(
            "() => ['scoreboard', 'progress-state'].map(id => "
            "document.getElementById(id).outerHTML).join('')"
        )
    )


def test_a_club_nights_page_redraws_when_a_table_saves_a_hand(phone: Any) -> None:
    circle = Circle.objects.create()
    client = Client()
    night = set_up(client, circle)
    assert start(client, night).status_code == 302
    organiser = phone()
    organiser.goto(f"/c/{circle.slug}/club/{night.slug}/?stay=1")
    organiser.locator(STREAMING).wait_for(state="attached")
    table = night.rounds.get(number=1).tables.get(number=1)
    row = organiser.locator("a.row-link", has_text="Table 1")
    expect(row).to_contain_text("0 hands")
    table.game.record_hand(klob_hand(dealer=0, caller=0, card_points=[96, 56]))
    # Well within the page's 20-second poll.
    expect(row).to_contain_text("1 hand", timeout=5000)


def test_a_buffered_or_refused_stream_leaves_the_page_polling(phone: Any) -> None:
    game = new_game()
    ann, ben, cleo = phone(), phone(), phone()
    held: list[Any] = []
    # Behind a proxy that buffers, nothing of the stream ever arrives; a refusal is a 204.
    ben.route("**/stream", lambda route: held.append(route))
    cleo.route("**/stream", lambda route: route.fulfill(status=204))
    for page in (ann, ben, cleo):
        page.goto(game_url(game))
    ann.locator(STREAMING).wait_for(state="attached")
    assert held
    with polled(ben, changed=True), polled(cleo, changed=True):
        caller(ann, "Dov").click()
    for page in (ben, cleo):
        expect(page.locator("#hand-form input[name=caller][value='3']")).to_be_checked()
        assert page.locator(STREAMING).count() == 0


def test_a_page_that_closes_ends_its_stream(phone: Any) -> None:
    game = new_game()
    topic = streams.game_topic(game.pk)
    page = phone()
    page.goto(game_url(game))
    page.locator(STREAMING).wait_for(state="attached")
    assert subscribed_until(topic, 1) == 1
    page.close()
    assert subscribed_until(topic, 0) == 0

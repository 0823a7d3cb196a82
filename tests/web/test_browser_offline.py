"""At the table without signal, in Debian's Chromium: installing, the service worker, hands
saved offline and sent later, the offline page (issue 13).

Each phone is a browser context of its own; `context.set_offline` cuts its connection, the
service worker's included.
"""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.urls import reverse

from games.models import Circle, Game, HandInProgress
from tests.web.test_browser import CHROMIUM, EXPECTED, phones, picture, step
from tests.web.test_pwa import module_graph

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Without signal a request that is tried fails, and Chromium says so on the console.
OFFLINE = ("Failed to load resource: net::ERR_INTERNET_DISCONNECTED",)
Phone = Callable[..., Any]


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    """Opens another phone (a browser context of its own, with its own service worker)."""
    with phones(live_server, (*EXPECTED, *OFFLINE)) as open_phone:
        yield open_phone


def shot(page: Any, name: str) -> None:
    picture(page, name, caret="initial")


def new_game(names: list[str] | None = None) -> Game:
    names = names or ["Ann", "Ben", "Cleo", "Dov"]
    return Game.create(Circle.objects.create(name="Garden shed"), "klaberjass", names, {}, 0)


def game_url(game: Game) -> str:
    return f"/c/{game.circle.slug}/g/{game.slug}/"


def worker_ready(page: Any) -> None:
    """Waits until the service worker controls the page and keeps a copy of it."""
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")
    # Asked again each time the worker may have written (the page's own polling: a waited-for
    # function's promise is not awaited, so wait_for_function cannot ask the cache).
    kept = page.evaluate(
        """async () => {
          for (let i = 0; i < 200; i++) {
            if (await caches.open("scorer-pages").then(c => c.match(location.href))) return true;
            await new Promise(next => setTimeout(next, 50));
          }
          return false;
        }"""
    )
    assert kept, "the page was not kept on the phone"


def enter_hand(page: Any, caller: str, trump: str, points: int, last: str) -> None:
    """A Klaberjass hand typed in and saved, without waiting for a preview (none offline)."""
    form = page.locator("#hand-form")
    step(form, "before")
    form.locator("fieldset", has_text="Who called").get_by_text(caller, exact=True).click()
    form.locator(f".suit-btn.suit-{trump}").click()
    step(form, "after")
    form.locator("#id_points_0").fill(str(points))
    form.locator("fieldset", has_text="Last trick").get_by_text(last, exact=True).click()
    form.get_by_role("button", name="Save hand").click()


def stored(game: Game) -> list[tuple[int | None, int | None, str]]:
    """Each stored hand: its number, who called, trump."""
    game.refresh_from_db()
    return [(h.number, h.declarer, h.trump) for h in game.live_hands().order_by("number")]


# -- installable ------------------------------------------------------------------------------


def test_the_site_installs_and_its_worker_takes_charge(phone: Phone) -> None:
    from PIL import Image

    game = new_game()
    page = phone()
    page.goto(game_url(game))
    worker_ready(page)
    script = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    assert script.endswith("/sw.js")
    link = page.locator("link[rel=manifest]").get_attribute("href")
    answer = page.request.get(link)
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "/"
    sizes = {}
    for icon in manifest["icons"]:
        drawn = Image.open(io.BytesIO(page.request.get(icon["src"]).body()))
        sizes[(icon["sizes"], icon.get("purpose", "any"))] = drawn.size
    assert sizes == {
        ("192x192", "any"): (192, 192),
        ("512x512", "any"): (512, 512),
        ("512x512", "maskable"): (512, 512),
    }
    # Opened from the home screen, the app goes straight into this phone's circle.
    page.goto(manifest["start_url"])
    assert page.url.endswith(f"/c/{game.circle.slug}/")
    assert page.locator("h1").inner_text() == "Garden shed"


# The files a page fetches (its data, htmx's requests such as the preview, aside), each with
# whether it was asked for before the page had loaded.
FIRST_LOAD = """() => {
    const load = performance.getEntriesByType("navigation")[0].loadEventStart;
    return performance.getEntriesByType("resource")
        .filter((e) => !["xmlhttprequest", "fetch", "beacon"].includes(e.initiatorType))
        .map((e) => [new URL(e.name).pathname, e.startTime < load]);
}"""


def test_the_game_page_loads_in_two_requests_and_its_modules_after_it(phone: Phone) -> None:
    """Before the page has loaded: the page (its style written in it, its preview too) and
    the script's entry; htmx and every module of the script come after, nothing asks for the
    preview until a hand is typed, and the service worker keeps each of them."""
    game = new_game()
    page = phone()
    page.goto(game_url(game))
    resources = page.evaluate(FIRST_LOAD)
    first = [path for path, before in resources if before]
    assert len(first) + 1 <= 4  # the page itself, and what it names
    assert [path.split("/")[-1] for path in first] == ["scorer.js"]
    later = {path for path, before in resources if not before}
    assert "htmx-2.min.js" in {path.split("/")[-1] for path in later}
    modules = {f"/static/js/{name}" for name in module_graph()} - {"/static/js/scorer.js"}
    assert modules <= later
    asked = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert not [name for name in asked if name.endswith("/preview")]
    # The features are there: the phases (phases.js), the other side's points (pads.js).
    form = page.locator("#hand-form")
    step(form, "after")
    form.locator("#id_points_0").fill("90")
    assert form.locator("#id_points_1").input_value() == "62"

    # The worker keeps every module, so a page opens with its script without signal.
    worker_ready(page)
    kept = page.evaluate(
        """() => caches.keys().then((names) => caches.open(
            names.find((name) => name.startsWith("scorer-shell-"))))
          .then((cache) => cache.keys()).then((keys) => keys.map((k) => new URL(k.url).pathname))"""
    )
    assert modules | {"/static/js/scorer.js"} <= set(kept)
    page.context.set_offline(True)
    page.reload()
    first = [path for path, before in page.evaluate(FIRST_LOAD) if before]
    assert len(first) + 1 <= 4
    assert "No connection" in page.locator("#connection").inner_text()  # connection.js ran
    page.context.set_offline(False)


def test_before_its_modules_are_in_the_game_page_shows_one_step_and_answers_its_tabs(
    phone: Phone,
) -> None:
    """The steps are on the first paint, so they come with the entry (scorer.js): a tab
    tapped on a slow phone before the modules are in still opens its step."""
    game = new_game()
    page = phone()
    held: list[Any] = []
    page.route("**/static/js/sync.js", lambda route: held.append(route))
    page.goto(game_url(game), scripts=False)
    form = page.locator("#hand-form")
    form.locator("[aria-current=step]").wait_for()
    assert page.locator("#phase-before").is_visible()
    assert not page.locator("#phase-during").is_visible()
    assert not page.locator("#phase-after").is_visible()
    assert page.locator(":root[data-ready]").count() == 0
    form.locator("[data-goto=after]").click()
    assert page.locator("#phase-after").is_visible()
    assert not page.locator("#phase-before").is_visible()
    assert form.locator("button.save").is_visible()
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    page.locator(":root[data-ready]").wait_for(state="attached")
    # The modules ask for a step through the entry: the dealer's name opens its step.
    page.locator("[data-open-dealer]").click()
    assert page.locator("#phase-before").is_visible()


# -- offline ----------------------------------------------------------------------------------


def test_two_hands_saved_offline_are_sent_once_when_the_signal_returns(phone: Phone) -> None:
    game = new_game()
    page = phone()
    page.goto(game_url(game))
    worker_ready(page)
    page.context.set_offline(True)

    # The game page still opens, from the copy on the phone, and says it is a copy.
    page.reload()
    assert "No connection" in page.locator("#connection").inner_text()
    assert "the page as kept at" in page.locator("#connection").inner_text()

    enter_hand(page, "Ann", "H", 96, "Ann & Cleo")
    page.locator("#outbox .outbox-hand").first.wait_for()
    # Taps answer at once: the next hand is ready while the first one waits.
    assert page.locator("#hand-form h2").inner_text() == "Hand 2"
    assert page.locator(".board-meta").inner_text().startswith("Hand 2 · Ben deals")
    enter_hand(page, "Ben", "S", 50, "Ben & Dov")
    page.locator("#outbox .outbox-hand").nth(1).wait_for()
    assert page.locator("#outbox h2").inner_text() == "2 hands not sent yet"
    waiting = page.locator("#outbox .outbox-hand").all_inner_texts()
    assert "Hand 1 · not sent yet" in waiting[0] and "Who called trump: Ann" in waiting[0]
    assert "Hand 2 · not sent yet" in waiting[1] and "Who called trump: Ben" in waiting[1]
    # The hand after them is entered too, and kept on the phone.
    step(page.locator("#hand-form"), "before")
    page.locator("#hand-form fieldset", has_text="Who called").get_by_text("Cleo").click()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "offline-two-hands-waiting")
    assert stored(game) == []

    # Reopened without signal, the page still shows both waiting and the third hand as typed.
    page.reload()
    page.locator("#outbox .outbox-hand").nth(1).wait_for()
    assert page.locator("#hand-form h2").inner_text() == "Hand 3"
    assert page.locator("#id_caller_2").is_checked()

    page.context.set_offline(False)
    page.locator("#outbox").wait_for(state="hidden", timeout=15000)
    page.locator("#hands .hand").nth(1).wait_for()
    assert stored(game) == [(1, 0, "H"), (2, 1, "S")]
    assert page.locator("#scoreboard .side-total").all_inner_texts() == [
        str(t) for t in game.totals
    ]
    # What was typed for hand 3 went to the hand in progress every phone shares.
    game.in_progress.refresh_from_db()
    page.wait_for_function("() => !document.getElementById('connection')")
    assert page.locator("#id_caller_2").is_checked()
    shot(page, "offline-sent")


def test_a_hand_saved_offline_after_another_phone_saved_is_refused_and_shown(
    phone: Phone,
) -> None:
    game = new_game()
    ann, ben = phone(), phone()
    ann.goto(game_url(game))
    worker_ready(ann)
    ann.context.set_offline(True)
    enter_hand(ann, "Ann", "H", 96, "Ann & Cleo")
    ann.locator("#outbox .outbox-hand").first.wait_for()

    # Meanwhile Ben's phone, online, saves hand 1 itself.
    ben.goto(game_url(game))
    enter_hand(ben, "Cleo", "D", 100, "Ann & Cleo")
    ben.locator("#hands .hand").first.wait_for()
    assert len(stored(game)) == 1

    # Back online, Ann's phone sends its hand and asks what changed, both at once. The
    # question is held until the refusal is shown: its answer, about the hand the page showed
    # before, must not wipe the refusal away.
    held: list[Any] = []
    holding = [True]
    ann.route("**/live?*", lambda route: held.append(route) if holding else route.continue_())
    ann.context.set_offline(False)
    ann.locator(".notice.conflict").wait_for(timeout=15000)
    assert held, "the phone did not ask what changed when its signal came back"
    now = ann.locator("#scoreboard").get_attribute("data-t")
    with ann.expect_response(lambda r: "/live?" in r.url and f"t={now}" in r.url):
        holding.clear()
        for question in held:
            question.continue_()
    assert ann.locator(".notice.conflict").is_visible()
    assert "Another phone just saved hand 1" in ann.locator(".notice.conflict").inner_text()
    refused = ann.locator("#outbox .outbox-hand.refused")
    assert "Hand 1 · not added" in refused.inner_text()
    assert "Who called trump: Ann" in refused.inner_text()
    # Nothing twice, nothing lost: Ben's hand is stored once, Ann's is shown to enter again.
    assert len(stored(game)) == 1
    ann.evaluate("window.scrollTo(0, 0)")
    shot(ann, "offline-conflict")
    ann.locator("#outbox").get_by_role("button", name="Dismiss").click()
    ann.locator("#outbox").wait_for(state="hidden")


def test_a_page_never_opened_here_shows_the_offline_page(phone: Phone) -> None:
    game = new_game()
    page = phone("dark")
    page.goto(game_url(game))
    worker_ready(page)
    page.context.set_offline(True)
    page.goto(f"/c/{game.circle.slug}/melds")
    assert page.locator("h1").inner_text() == "No connection"
    assert page.locator(".top .brand").is_visible()  # the site's own look, not the browser's
    shot(page, "offline-page")


def test_waiting_hands_with_forty_character_names_fit_a_360_px_phone_in_dark_mode(
    phone: Phone,
) -> None:
    names = ["Annemarie Zwanenburg-Oosterhout van Dijk", "Ben", "Cleo", "Dov"]
    assert len(names[0]) == 40
    game = new_game(names)
    page = phone("dark", {"width": 360, "height": 780})
    page.goto(game_url(game))
    worker_ready(page)
    page.context.set_offline(True)
    enter_hand(page, names[0], "H", 96, f"{names[0]} & Cleo")
    page.locator("#outbox .outbox-hand").first.wait_for()
    assert names[0] in page.locator("#outbox .outbox-hand").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "offline-waiting-360-dark")


def test_a_save_whose_answer_was_lost_is_sent_again_and_stored_once(phone: Phone) -> None:
    game = new_game()
    page = phone()
    page.goto(game_url(game))
    worker_ready(page)

    def arrives_but_answer_is_lost(route: Any) -> None:
        route.fetch()  # the server stores the hand...
        route.abort()  # ...and the phone never hears back

    page.route("**/hands", arrives_but_answer_is_lost)
    enter_hand(page, "Ann", "H", 96, "Ann & Cleo")
    page.locator("#outbox .outbox-hand").first.wait_for()
    assert stored(game) == [(1, 0, "H")]
    page.unroute("**/hands")
    # Sent again with the same idempotency key: the hand stored the first time comes back.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.locator("#outbox").wait_for(state="hidden", timeout=15000)
    page.locator(".notice", has_text="Hand 1 saved").wait_for()
    assert stored(game) == [(1, 0, "H")]
    assert page.locator(".notice.conflict").count() == 0
    # The lost answer, as Chromium and htmx report it.
    lost = ("htmx:sendError", "Failed to load resource: net::ERR_FAILED")
    page.errors[:] = [error for error in page.errors if not error.startswith(lost)]


def test_ten_waiting_hands_sent_across_another_phones_saves_are_stored_or_listed(
    phone: Phone,
) -> None:
    """Ten hands wait on Ann's phone. As they go, other saves cross them on the server: the
    third hand's first copy lands just before it (a replay: its answer comes from the hand
    already stored), and Ben's phone saves a hand just before Ann's sixth. Every hand is
    stored or listed as not added; none is lost, and none is refused for a crossing that
    did not take its place."""
    from unittest.mock import patch

    from games.models import HandInProgress

    game = Game.create(
        Circle.objects.create(name="Garden shed"),
        "klaberjass",
        ["Ann", "Ben", "Cleo", "Dov"],
        {"target": 10**9},
        0,
    )
    ann = phone()
    ann.goto(game_url(game))
    worker_ready(ann)
    ann.context.set_offline(True)
    callers = ["Ann", "Ben", "Cleo", "Dov"]
    for i in range(10):
        enter_hand(ann, callers[i % 4], "HSDC"[i % 4], 60 + i, "Ann & Cleo")
        ann.locator("#outbox .outbox-hand").nth(i).wait_for()
    assert stored(game) == []

    real = Game.record_hand
    arrived: list[str] = []

    def crossed(self: Game, facts: Any, key: str = "", token: str = "", **kwargs: Any) -> Any:
        arrived.append(key)
        if len(arrived) == 3:
            real(Game.objects.get(pk=self.pk), facts, key=key, token=token, **kwargs)
        if len(arrived) == 6:
            ben = Game.objects.get(pk=self.pk)
            facts_ben = {"dealer": 1, "caller": 3, "trump": "C", "card_points": [40, 112]}
            real(ben, {**facts_ben, "last_trick": 1}, key="ben", token=HandInProgress.of(ben).token)
        return real(self, facts, key=key, token=token, **kwargs)

    with patch.object(Game, "record_hand", crossed):
        ann.context.set_offline(False)
        ann.locator("#outbox .outbox-hand.refused").nth(4).wait_for(timeout=30000)
    assert len(arrived) == 6, "the hands after a refused one are not sent"
    game.refresh_from_db()
    kept = {h.idempotency_key: h.number for h in game.live_hands()}
    assert len(kept) == 6 and kept["ben"] == 6
    assert sorted(kept[key] for key in arrived[:5]) == [1, 2, 3, 4, 5]
    assert [h[1:] for h in stored(game)[:5]] == [(0, "H"), (1, "S"), (2, "D"), (3, "C"), (0, "H")]
    listed = ann.locator("#outbox .outbox-hand").all_inner_texts()
    assert len(listed) == 5 and all("not added" in item for item in listed)
    for item, caller in zip(listed, ["Ben", "Cleo", "Dov", "Ann", "Ben"], strict=True):
        assert f"Who called trump: {caller}" in item
    assert "Another phone just saved hand 6" in listed[0]


def test_a_save_answered_503_waits_on_the_phone_and_goes_when_the_server_is_back(
    phone: Phone,
) -> None:
    """The server's "try again" (its database out of reach, issue 21) loses no hand: the
    save goes to the outbox, a send answered 503 leaves it waiting, and it goes again."""
    game = new_game()
    page = phone()
    page.goto(game_url(game))
    worker_ready(page)
    answered: list[int] = []

    def database_down(route: Any) -> None:
        answered.append(503)
        route.fulfill(
            status=503,
            headers={"Retry-After": "5", "Content-Type": "text/html; charset=utf-8"},
            body="<h1>Try again in a moment</h1>",
        )

    page.route("**/hands", database_down)
    enter_hand(page, "Ann", "H", 96, "Ann & Cleo")
    page.locator("#outbox .outbox-hand").first.wait_for()
    assert "not sent yet" in page.locator("#outbox .outbox-hand").first.inner_text()
    # Sent from the outbox while the server still answers 503: it keeps waiting.
    with page.expect_response(lambda r: r.url.endswith("/hands") and r.status == 503):
        page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => document.querySelector('#outbox .outbox-hand')")
    assert len(answered) >= 2
    assert "not sent yet" in page.locator("#outbox .outbox-hand").first.inner_text()
    assert page.locator("#outbox .outbox-hand.refused").count() == 0
    assert stored(game) == []
    # The server is back: the next try stores it, once.
    page.unroute("**/hands")
    page.locator("#outbox").wait_for(state="hidden", timeout=15000)
    assert stored(game) == [(1, 0, "H")]
    # The 503 answers, as Chromium and htmx report them.
    said = (
        "htmx:responseError",
        "Response Status Error Code 503",
        "Failed to load resource: the server responded with a status of 503",
    )
    page.errors[:] = [error for error in page.errors if not error.startswith(said)]


# The store of waiting hands opens, and holds its answer until the test lets it go: a busy
# phone reads it late, after its owner has started typing.
HELD_STORE = """
const open = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (...args) {
  const request = open.apply(this, args);
  let handler = null;
  Object.defineProperty(request, "onsuccess", {
    configurable: true,
    get() { return handler; },
    set(given) { handler = given; },
  });
  request.addEventListener("success", () => {
    window.releaseStore = () => handler && handler.call(request, new Event("success"));
  });
  return request;
};
"""


def test_a_box_typed_in_while_the_page_opens_keeps_its_value_over_the_draft(
    phone: Phone,
) -> None:
    """What was typed on this phone and not yet sent (its draft) comes back when the page
    opens, once the phone has read its waiting hands; a box typed in before that keeps what
    was typed in it, and the draft fills in only the others."""
    game = new_game()
    progress = HandInProgress.of(game)
    key = "scorer-draft:" + reverse("hand_progress", args=[game.circle.slug, game.slug])
    draft = {"base": progress.token, "fields": {"caller": "2", "points_0": "60"}}
    page = phone()
    page.add_init_script(
        f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(draft))});" + HELD_STORE
    )
    page.goto(game_url(game))
    page.wait_for_function("() => typeof window.releaseStore === 'function'")
    form = page.locator("#hand-form")
    step(form, "after")
    form.locator("#id_points_0").fill("100")
    assert form.locator("#id_points_1").input_value() == "52"
    page.evaluate("window.releaseStore()")
    form.locator("input[name=caller][value='2']:checked").wait_for(state="attached")
    assert form.locator("#id_points_0").input_value() == "100"
    assert form.locator("#id_points_1").input_value() == "52"

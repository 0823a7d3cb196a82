"""A whole Klaberjass game at a phone's size, in Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from games.models import Game

CHROMIUM = "/usr/bin/chromium"
# Chromium 156 builds each window's omnibox popup as a page of its own (a WebUI renderer),
# made with every context, that is every phone: about 0.45 s of a core each, a quarter of
# the browser tests' work, for an address bar a headless phone never shows.
NO_OMNIBOX = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"]
# Chromium takes the last `--disable-features` it is given, and Playwright gives its own
# first: a flag of ours alone would switch its list back on (the media router, paint holding,
# optimisation hints, ...). So ours repeats Playwright's, checked against the installed
# Playwright by test_browser_flags.py.
PLAYWRIGHT_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + NO_OMNIBOX),
]
# Screenshots are for a person to look at, and nothing compares them: they are written only
# when asked for, with SCORER_SHOTS set (to 1 for screenshots/, or to a folder of one's own).
# The pictures a test reads back (the QR codes) are taken in memory whatever it says.
WANTED = os.environ.get("SCORER_SHOTS", "")
SHOTS = (
    Path(WANTED)
    if WANTED not in ("", "0", "1")
    else Path(__file__).resolve().parents[2] / "screenshots"
)
CONFLICT = "Failed to load resource: the server responded with a status of 409"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

# Playwright's sync API runs an event loop in this thread; the ORM calls the test makes
# between page actions are plain synchronous ones.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}
# A preview replaced by a newer one is aborted on purpose (hx-sync), and htmx reports the
# abort on the console; a 409 is a late change refused with a message the page shows.
EXPECTED = ("htmx:sendAbort", "htmx:afterRequest", CONFLICT)
# The page's script loads its features once the page has loaded (static/js/scorer.js) and
# then marks the page ready; a test, quicker than any hand, waits for them as for the page.
# (A selector, not an expression: the page's policy lets nothing be evaluated from a string.)
SCRIPTED = ":root[data-ready], :root:not(:has(script[type=module]))"


def scripted(page: Any) -> Any:
    """The page, whose goto, reload and history steps return once its script is in (unless
    called with `scripts=False`)."""
    for name in ("goto", "reload", "go_back", "go_forward"):
        original = getattr(page, name)

        def then_ready(
            *args: Any, _original: Any = original, scripts: bool = True, **kwargs: Any
        ) -> Any:
            response = _original(*args, **kwargs)
            if scripts:
                page.locator(SCRIPTED).wait_for(state="attached")
            return response

        setattr(page, name, then_ready)
    return page


class Chromium:
    """One Playwright and one Chromium for a whole browser test module.

    Starting Playwright and launching Chromium took two to three seconds of both cores for
    every test; a test needs only a context of its own (its own cookies, storage, cache and
    service worker), which is what each phone is. `tests/web/conftest.py` opens one for each
    browser module and closes it after the module's last test.
    """

    playwright: Any = None
    browser: Any = None

    @classmethod
    @contextmanager
    def for_module(cls) -> Iterator[None]:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            cls.playwright = p
            try:
                yield
            finally:
                connections.close_all()
                if cls.browser is not None:
                    cls.browser.close()
                cls.playwright = cls.browser = None
        connections.close_all()

    @classmethod
    def launched(cls) -> Any:
        """The module's Chromium, launched again if it has gone away."""
        if cls.playwright is None:
            raise RuntimeError("a browser test runs outside a browser module")
        if cls.browser is None or not cls.browser.is_connected():
            cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        return cls.browser


# A page without EventSource polls, as a browser without it does (static/js/stream.js): the
# tests written for the polls (their clock, their count, "two polls later") keep them, and
# test_browser_streams.py opens its phones with streams.
NO_STREAMS = "window.EventSource = undefined;"


@contextmanager
def phones(
    live_server: Any, expected: tuple[str, ...] = EXPECTED, streams: bool = False
) -> Iterator[Any]:
    """Opens phones, each a browser context of its own (its own cookies, storage and service
    worker): `open_phone(scheme, viewport, **context_options)`. Any console error but the
    `expected` ones, or any script error, fails the test at the end. Their pages poll, unless
    `streams`."""
    browser = Chromium.launched()
    pages: list[Any] = []
    contexts: list[Any] = []

    def open_phone(scheme: str = "light", viewport: dict[str, int] = PHONE, **options: Any) -> Any:
        context = browser.new_context(
            viewport=viewport, base_url=live_server.url, color_scheme=scheme, **options
        )
        contexts.append(context)
        if not streams:
            context.add_init_script(NO_STREAMS)
        page = context.new_page()
        if options.get("java_script_enabled", True):
            page = scripted(page)
        page.errors = []
        page.on(
            "console",
            lambda m: (
                m.type == "error" and not m.text.startswith(expected) and page.errors.append(m.text)
            ),
        )
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        pages.append(page)
        return page

    try:
        yield open_phone
    finally:
        # The test's own queries ran while Playwright's loop was current, so their connection
        # lives in that context: close it here, or the test database cannot be dropped.
        connections.close_all()
        for context in contexts:
            context.close()
    for page in pages:
        assert not page.errors, page.errors


@pytest.fixture
def page(live_server: Any, request: Any) -> Iterator[Any]:
    context = Chromium.launched().new_context(
        viewport={"width": 390, "height": 844}, base_url=live_server.url
    )
    context.add_init_script(NO_STREAMS)
    page = scripted(context.new_page())
    page.errors = []
    # A preview replaced by a newer one is aborted on purpose (hx-sync), and htmx reports
    # the abort on the console; anything else is a real error.
    aborted = ("htmx:sendAbort", "htmx:afterRequest", CONFLICT)
    page.on(
        "console",
        lambda m: (
            m.type == "error" and not m.text.startswith(aborted) and page.errors.append(m.text)
        ),
    )
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    # The test's own queries ran while Playwright's loop was current, so their connection
    # lives in that context: close it here, or the test database cannot be dropped.
    connections.close_all()
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        # A failed test keeps its page for a look, asked for or not.
        name = f"failed-{request.node.name}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        (SHOTS / f"{name}.html").write_text(f"<!-- {page.url} -->\n" + page.content())
    context.close()


def picture(target: Any, name: str, **options: Any) -> None:
    """A screenshot of a page or an element in SHOTS, only when SCORER_SHOTS asks for it."""
    if WANTED in ("", "0"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / f"{name}.png"), **options)


def shot(page: Any, name: str) -> None:
    picture(page, name, full_page=True, caret="initial")


def progress_sent(page: Any, **fields: str) -> Any:
    """A context that ends once the hand in progress has stored `fields` from this phone (the
    answer to the post that carried them): what a typed number waits for (0.6 s after the
    last key), without waiting a time."""

    def carries(response: Any) -> bool:
        asked = response.request
        if asked.method != "POST" or not asked.url.endswith("/progress"):
            return False
        body = asked.post_data or ""
        return all(f'name="{k}"\r\n\r\n{v}\r\n' in body for k, v in fields.items())

    return page.expect_response(carries)


def polled(page: Any, changed: bool = False) -> Any:
    """A context that ends with this phone's next poll answered (with a change, if asked):
    what "nothing changes for a while" waits for, instead of a time."""

    def poll(response: Any) -> bool:
        return "/live?" in response.url and (not changed or response.status == 200)

    return page.expect_response(poll)


def record(
    page: Any,
    *,
    dealer: str | None = None,
    caller: str,
    trump: str,
    points: int,
    last: str,
    extra: Any = None,
) -> None:
    form = page.locator("#hand-form")
    step(form, "before")
    if dealer:
        form.locator(".dealer-fold summary").click()
        form.locator(".dealer-fold").get_by_text(dealer, exact=True).click()
    form.locator("fieldset", has_text="Who called").get_by_text(caller, exact=True).click()
    form.locator(f".suit-btn.suit-{trump}").click()
    if extra:
        step(form, "during")
        extra(form)
    step(form, "after")
    form.locator("#id_points_0").fill(str(points))
    form.locator("fieldset", has_text="Last trick").get_by_text(last, exact=True).click()
    form.locator("#preview .preview-title", has_text="This hand scores").wait_for()
    form.get_by_role("button", name="Save hand").click()


def step(form: Any, key: str) -> None:
    """Open one phase of the hand: before, during or after play."""
    form.page.locator(SCRIPTED).wait_for(state="attached")
    form.locator(f"[data-goto={key}]").click()
    form.locator(f"#phase-{key}").wait_for()


def declare(form: Any, who: str, cards: int, top: str, suit: str) -> None:
    """A run in four taps on the declaration builder."""
    builder = form.locator("[data-builder]")
    builder.locator('[data-step="seat"]').get_by_text(who, exact=True).click()
    builder.locator('[data-step="length"]').get_by_text(f"{cards} cards", exact=True).click()
    builder.locator('[data-step="top"]').get_by_text(top, exact=True).click()
    builder.locator(f'[data-step="suit"] .suit-{suit}').click()


def totals(page: Any) -> list[str]:
    return page.locator("#scoreboard .side-total").all_inner_texts()


def test_a_klaberjass_game_from_the_first_deal_to_the_winner(page: Any) -> None:
    page.goto("/")
    shot(page, "home")
    page.get_by_role("button", name="Start a card circle").click()
    page.get_by_role("link", name="Klaberjass").click()
    for seat, name in enumerate(["Ann", "Ben", "Cleo", "Dov"]):
        page.fill(f"#id_player_{seat}", name)
    page.locator(".seat-box.seat-3 .dealer-pick").click()
    shot(page, "new-game")
    page.get_by_role("button", name="Start").click()
    page.wait_for_load_state()
    assert "Dov" in page.locator(".board-meta").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "game-empty")

    # 1: Ann calls ♥ and makes it; the other team's points fill in by themselves.
    step(page.locator("#hand-form"), "after")
    page.locator("#id_points_0").fill("96")
    assert page.locator("#id_points_1").input_value() == "56"
    record(page, caller="Ann", trump="H", points=96, last="Ann & Cleo")
    page.locator("#hands .hand").first.wait_for()
    assert totals(page) == ["106", "56"]

    # 2: Ben calls ♠ with Bella for Dov but loses: a forfeit, everything to Ann & Cleo.
    def bella(form: Any) -> None:
        form.locator("fieldset", has_text="Bella").get_by_text("Dov", exact=True).click()

    record(page, caller="Ben", trump="S", points=88, last="Ann & Cleo", extra=bella)
    page.locator('.hand[data-number="2"]').wait_for()
    assert totals(page) == ["288", "56"]
    assert "they forfeit" in page.locator('.hand[data-number="2"]').inner_text()

    # 3: Cleo on the Bima with a run of four; Dov's run of four is lower.
    def runs(form: Any) -> None:
        declare(form, "Dov", 4, "10", "S")
        declare(form, "Cleo", 4, "Q", "H")
        form.locator(".verdict-list li.counted", has_text="Cleo").wait_for()

    record(page, caller="Cleo", trump="C", points=80, last="Ben & Dov", extra=runs)
    page.locator('.hand[data-number="3"]').wait_for()
    assert totals(page) == ["418", "138"]
    shot(page, "game-three-hands")

    # A bad hand: the engine's message, nothing saved, values kept.
    form = page.locator("#hand-form")
    step(form, "before")
    form.locator("fieldset", has_text="Who called").get_by_text("Dov", exact=True).click()
    form.locator(".suit-btn.suit-D").click()
    step(form, "after")
    form.locator("#id_points_0").fill("151")
    form.locator("#id_points_1").fill("1")
    form.locator("fieldset", has_text="Last trick").get_by_text("Ben & Dov", exact=True).click()
    form.get_by_role("button", name="Save hand").click()
    page.locator("#hand-form .errorlist", has_text="no card is worth 1 point").wait_for()
    assert page.locator("#id_points_0").input_value() == "151"
    assert Game.objects.get().hand_count == 3
    shot(page, "game-error")

    # Undo the third hand, then record it again.
    page.get_by_role("button", name="Undo hand 3").click()
    page.locator('.hand[data-number="3"]').wait_for(state="detached")
    assert totals(page) == ["288", "56"]
    # The bad points are still in the hand being entered, and a hand in progress is held to
    # every rule whose facts are in: they are put right first, then the runs are judged.
    step(page.locator("#hand-form"), "after")
    page.locator("#id_points_0").fill("80")
    record(page, caller="Cleo", trump="C", points=80, last="Ben & Dov", extra=runs)
    page.locator('.hand[data-number="3"]').wait_for()

    # Edit hand 1: Ann made only 60 — a forfeit now; everything after recomputes.
    page.locator('.hand[data-number="1"]').get_by_role("link", name="Edit").click()
    page.locator("#hand-form.editing").wait_for()
    assert page.locator("#id_points_0").input_value() == "96"
    shot(page, "game-edit")
    page.locator("#id_points_0").fill("60")
    assert page.locator("#id_points_1").input_value() == "92"
    page.get_by_role("button", name="Save changes").click()
    page.locator("#hand-form.editing").wait_for(state="detached")
    assert totals(page) == ["312", "244"]
    assert "they forfeit" in page.locator('.hand[data-number="1"]').inner_text()

    # Play on to 500: Ann & Cleo make two more.
    record(page, caller="Ann", trump="D", points=100, last="Ann & Cleo")
    page.locator('.hand[data-number="4"]').wait_for()
    record(page, caller="Cleo", trump="D", points=100, last="Ann & Cleo")
    page.locator(".banner").wait_for()
    assert "Ann & Cleo win" in page.locator(".banner").inner_text()
    assert totals(page) == ["532", "348"]
    shot(page, "game-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The watch page shows the same board, read-only.
    watch = Game.objects.get().watch_slug
    page.goto(f"/w/{watch}/")
    assert totals(page) == ["532", "348"]
    assert page.locator("#hand-form").count() == 0
    shot(page, "watch")

    page.go_back()
    page.get_by_role("button", name="Rematch").click()
    assert "Hand 1" in page.locator(".board-meta").inner_text()
    assert not page.errors, page.errors


def test_other_phones_see_a_new_hand_within_three_seconds(page: Any, live_server: Any) -> None:
    from games.models import Circle

    game = Game.create(Circle.objects.create(), "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page.goto(f"/w/{game.watch_slug}/")
    other = scripted(page.context.new_page())
    other.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    assert totals(page) == ["0", "0"] and totals(other) == ["0", "0"]
    game.record_hand(
        {"dealer": 0, "caller": 1, "trump": "S", "card_points": [40, 112], "last_trick": 1}
    )
    page.locator("#scoreboard .side-total", has_text="122").wait_for(timeout=3500)
    other.locator("#scoreboard .board-line strong", has_text="122").wait_for(timeout=3500)
    assert (
        page.locator('.hand[data-number="1"]').count() == 1
        and other.locator('.hand[data-number="1"]').count() == 1
    )
    assert not page.errors, page.errors


def test_the_game_page_keeps_the_screen_awake(page: Any, live_server: Any) -> None:
    from games.models import Circle

    # Headless Chromium has no screen to keep awake: count the requests instead.
    page.add_init_script(
        "window.__wake = 0; Object.defineProperty(navigator, 'wakeLock', {value: {request:"
        " () => { window.__wake++; return Promise.resolve({addEventListener() {}}); }}});"
    )
    game = Game.create(Circle.objects.create(), "euchre", ["Nia", "Eli", "Sam", "Wes"])
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    page.wait_for_function("() => window.__wake === 1")
    page.goto(f"/w/{game.watch_slug}/")
    # The game page asks on DOMContentLoaded, which is over once goto has seen the load.
    page.wait_for_load_state("load")
    assert page.evaluate("window.__wake") == 0  # the watch page does not take it


def test_pages_fit_a_360_px_phone_in_dark_mode(page: Any, live_server: Any) -> None:
    from games.models import Circle

    page.set_viewport_size({"width": 360, "height": 780})
    page.emulate_media(color_scheme="dark")
    circle = Circle.objects.create()
    games = [
        ("klaberjass", ["Ann", "Ben", "Cleo", "Dov"]),
        ("terz", ["Ann", "Ben"]),
        ("304", ["A", "B", "C", "D"]),
        ("304-widow", ["A", "B", "C"]),
        ("hoskin", ["A", "B", "C", "D"]),
        ("hoskin-tekli", ["Ece", "Fatih", "Gül"]),
        ("euchre", ["Nia", "Eli", "Sam", "Wes"]),
    ]
    for variant, names in games:
        game = Game.create(circle, variant, names)
        page.goto(f"/c/{circle.slug}/g/{game.slug}/")
        page.locator("#hand-form details").evaluate_all("els => els.forEach(e => e.open = true)")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (variant, width)
        shot(page, f"dark-360-{variant}")
    for path in [
        "/",
        f"/c/{circle.slug}/",
        f"/c/{circle.slug}/new?variant=klaberjass",
        f"/c/{circle.slug}/declarations?variant=terz",
        f"/c/{circle.slug}/melds",
    ]:
        page.goto(path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 20, 19)"
    assert not page.errors, page.errors


def test_deleting_a_hand_asks_first_and_renumbers(page: Any, live_server: Any) -> None:
    from games.models import Circle

    game = Game.create(Circle.objects.create(), "euchre", ["Nia", "Eli", "Sam", "Wes"])
    for dealer, maker in [(0, 2), (1, 3), (2, 0)]:
        game.record_hand({"dealer": dealer, "maker": maker, "maker_tricks": 3})
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    # The question is asked, and answered, before the click returns; "cancel" sends nothing.
    with page.expect_event("dialog"):
        page.locator('.hand[data-number="2"]').get_by_role("link", name="Delete").click()
    assert len(asked) == 1
    assert page.locator('.hand[data-number="3"]').count() == 1  # the first answer was "cancel"
    page.locator('.hand[data-number="2"]').get_by_role("link", name="Delete").click()
    page.locator('.hand[data-number="3"]').wait_for(state="detached")
    assert "Delete hand 2?" in asked[0]
    assert totals(page) == ["2", "0"]
    assert not page.errors, page.errors


def start_game(page: Any, game: str, names: list[str], **choices: str) -> None:
    page.goto("/")
    page.get_by_role("button", name="Start a card circle").click()
    page.get_by_role("link", name=game, exact=True).click()
    for seat, name in enumerate(names):
        page.fill(f"#id_player_{seat}", name)
    for field, value in choices.items():
        setting = page.locator(f"#id_set_{field}")
        if setting.evaluate("e => e.tagName") == "SELECT":
            setting.select_option(value)
        else:
            setting.fill(value)
    page.get_by_role("button", name="Start").click()
    page.wait_for_load_state()
    page.locator("#hand-form").wait_for()


def save(page: Any, number: int) -> None:
    form = page.locator("#hand-form")
    if form.locator("[data-goto=after]").count():
        step(form, "after")
    page.locator("#preview .preview-title", has_text="This hand scores").wait_for()
    page.locator("#hand-form").get_by_role("button", name="Save hand").click()
    page.locator(f'.hand[data-number="{number}"]').wait_for()


def test_a_euchre_game_to_10_in_a_few_taps_a_hand(page: Any) -> None:
    start_game(page, "Euchre", ["Nia", "Eli", "Sam", "Wes"])
    shot(page, "euchre-empty")
    number = 0

    def hand(maker: str, tricks: int, alone: bool = False) -> None:
        nonlocal number
        number += 1
        form = page.locator("#hand-form")
        form.locator("fieldset", has_text="Who made trump").get_by_text(maker, exact=True).click()
        if alone:
            form.locator(".check-btn", has_text="Alone").click()
        form.locator(".trick-pad").get_by_text(str(tricks), exact=True).click()
        save(page, number)

    hand("Sam", 4)  # Nia & Sam +1
    hand("Wes", 5)  # Eli & Wes march +2
    hand("Wes", 5, alone=True)  # +4: 1–6
    number += 1
    page.get_by_role("button", name="Everyone passed: redeal").click()
    page.locator(f'.hand[data-number="{number}"]').wait_for()
    assert totals(page) == ["1", "6"]
    hand("Nia", 3, alone=True)  # 2–6
    hand("Eli", 2)  # euchred: 4–6
    shot(page, "euchre-six-hands")
    hand("Sam", 5)  # 6–6
    hand("Nia", 5, alone=True)  # 10–6
    page.locator(".banner").wait_for()
    assert totals(page) == ["10", "6"]
    assert "Nia & Sam win" in page.locator(".banner").inner_text()
    shot(page, "euchre-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.errors, page.errors


def test_a_terz_game_with_combinations(page: Any) -> None:
    start_game(page, "Terz", ["Ann", "Ben"], target="301")
    form = page.locator("#hand-form")

    def cards(points: int, last: str, trump: str) -> None:
        step(form, "before")
        form.locator(f".suit-btn.suit-{trump}").click()
        step(form, "after")
        form.locator("#id_points_0").fill(str(points))
        form.locator("fieldset", has_text="Last trick").get_by_text(last, exact=True).click()

    def announce(who: str, kind: str, length: str = "", top: str = "", suit: str = "") -> None:
        builder = form.locator("[data-builder]")
        builder.locator('[data-step="seat"]').get_by_text(who, exact=True).click()
        builder.locator('[data-step="kind"]').get_by_text(kind, exact=True).click()
        if length:
            builder.locator('[data-step="length"]').get_by_text(f"{length} cards").click()
        if top:
            builder.locator('[data-step="top"]').get_by_text(top, exact=True).click()
        if suit:
            builder.locator(f'[data-step="suit"] .suit-{suit}').click()

    cards(80, "Ben", "C")
    assert form.locator("#id_points_1").input_value() == "60"
    save(page, 1)
    assert totals(page) == ["80", "70"]
    assert "Ben" in page.locator(".board-meta").inner_text()  # the last trick deals next

    cards(74, "Ann", "D")
    step(form, "during")
    announce("Ann", "Run", "3", "J", "S")
    announce("Ben", "Run", "4", "K", "H")
    announce("Ben", "Run", "3", "9", "C")
    form.locator(".verdict-list li.counted", has_text="4-card run").wait_for()
    shot(page, "terz-combinations")
    save(page, 2)
    assert totals(page) == ["164", "206"]
    assert (
        "Ann's combinations count for nothing"
        in page.locator('.hand[data-number="2"]').inner_text()
    )

    cards(90, "Ann", "S")
    step(form, "during")
    announce("Ann", "Four of a kind", top="J")
    announce("Ann", "Marriage", suit="H")
    assert form.locator("#id_seq1_kind").input_value() == "marriage"
    announce("Ben", "Run", "4", "10", "S")
    save(page, 3)
    page.locator(".banner").wait_for()
    assert totals(page) == ["484", "256"]
    assert "Ann wins" in page.locator(".banner").inner_text()
    shot(page, "terz-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.errors, page.errors


def test_a_304_game_of_eleven_deals_to_its_winner(page: Any) -> None:
    names = ["Asha", "Bala", "Chitra", "Dev"]
    start_game(page, "304", names)
    form = page.locator("#hand-form")
    # (bidder, bid, partner, points, tricks): Asha and Chitra make most of theirs.
    deals = [
        (0, 180, 2, 190, 5),
        (1, 200, 3, 185, 4),
        (2, 160, 0, 170, 5),
        (3, 150, 1, 100, 3),
        (0, 170, 2, 200, 6),
        (1, 160, 2, 180, 5),
        (2, 190, 0, 150, 4),
        (3, 175, 0, 200, 5),
        (0, 160, 1, 120, 3),
        (1, 150, 3, 160, 5),
        (2, 200, 0, 210, 6),
    ]
    for number, (bidder, bid, partner, points, tricks) in enumerate(deals, start=1):
        step(form, "before")
        seat = form.locator("fieldset", has_text="Who won the auction")
        seat.get_by_text(names[bidder], exact=True).click()
        form.locator("#id_bid").fill(str(bid - 5))
        form.get_by_role("button", name="5 more").click()
        assert form.locator("#id_bid").input_value() == str(bid)
        form.locator(".suit-pad").first.locator(".suit-btn.suit-H").click()
        form.locator(".rank-pad").get_by_text("A", exact=True).click()
        called = form.locator("fieldset", has_text="Called card")
        called.locator(".suit-btn.suit-S" if partner != 0 else ".suit-btn.suit-D").click()
        step(form, "after")
        holder = form.locator("fieldset", has_text="Who held the called card")
        holder.get_by_text(names[partner], exact=True).click()
        form.locator("#id_points").fill(str(points))
        form.locator(".trick-pad").get_by_text(str(tricks), exact=True).click()
        if number == 1:
            shot(page, "304-deal")
        save(page, number)
    page.locator(".banner").wait_for()
    # Asha +1 −? ...: the engine's totals decide; the banner names the highest.
    game = Game.objects.get()
    best = max(game.totals)
    winners = [names[i] for i, t in enumerate(game.totals) if t == best]
    assert game.hand_count == 11 and game.is_finished
    assert " & ".join(winners) in page.locator(".banner").inner_text()
    assert totals(page) == [str(t).replace("-", "−") for t in game.totals]
    shot(page, "304-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.errors, page.errors


def test_a_hoskin_tekli_game_with_a_failed_contract(page: Any) -> None:
    start_game(page, "Hoşkin Tekli", ["Ece", "Fatih", "Gül"], target="1000")
    form = page.locator("#hand-form")

    def deal(
        holder: str,
        contract: str,
        trump: str,
        melds: list[int | None],
        tricks: tuple[int, int],
        gomu: int,
        last: str,
    ) -> None:
        step(form, "before")
        form.locator("fieldset", has_text="who holds").get_by_text(holder, exact=True).click()
        form.locator("fieldset", has_text="Kontrat").get_by_text(contract, exact=True).click()
        form.locator(f".suit-btn.suit-{trump}").first.click()
        step(form, "during")
        for seat, meld in enumerate(melds):
            if meld is not None:
                form.locator(f"#id_meld_{seat}").fill(str(meld))
        form.locator("#id_gomu_points").fill(str(gomu))
        step(form, "after")
        form.locator("#id_tricks_0").fill(str(tricks[0]))
        form.locator("#id_tricks_1").fill(str(tricks[1]))
        form.locator("fieldset", has_text="Last trick").get_by_text(last, exact=True).click()

    # 1: the spec's example — Gül takes it at 650 and makes 689.
    deal("Gül", "650", "D", [60, 80, 350], (71, 90), 29, "Gül")
    assert form.locator("#id_tricks_2").input_value() == "290"
    save(page, 1)
    assert totals(page) == ["131", "170", "689"]

    # 2: Fatih deals, so Ece speaks second: she takes it at 650. Fatih's melds come from the
    # calculator: kings around 80 + pinik 40 + ♠ evli 20 = 140.
    step(form, "before")
    form.locator("fieldset", has_text="who holds").get_by_text("Ece", exact=True).click()
    form.locator("fieldset", has_text="Kontrat").get_by_text("650", exact=True).click()
    form.locator(".suit-btn.suit-H").first.click()
    step(form, "during")
    calc = form.locator(".meld-player").nth(1).locator(".meld-calc")
    calc.locator("summary").click()
    for suit, rank in [("S", "K"), ("H", "K"), ("D", "K"), ("C", "K"), ("S", "Q"), ("D", "J")]:
        # A cell is named in the page's language ("King"): found by the card it counts.
        calc.locator(f".card-cell:has(input[name$='_{rank}{suit}'])").click()
    page.locator("#id_meld_1[value='140']").wait_for()
    shot(page, "hoskin-calculator")
    deal("Ece", "650", "H", [200, None, 60], (120, 150), 30, "Fatih")
    save(page, 2)
    # Ece: 200 + 120 = 320 < 650 → −650; Fatih 140 + 150 + 20 + 30; Gül 60 + 180.
    assert totals(page) == [f"−{650 - 131}", str(170 + 340), str(689 + 240)]
    assert "made only 320: −650" in page.locator('.hand[data-number="2"]').inner_text()
    shot(page, "hoskin-failed")

    # 3: Fatih at 650 fails on an unannounced burial although his points would do.
    deal("Fatih", "650", "C", [100, 500, 100], (100, 200), 20, "Fatih")
    form.locator("summary", has_text="False declarations").click()
    form.locator(".check-btn", has_text="buried").click()
    save(page, 3)
    assert "buried without announcing it" in page.locator('.hand[data-number="3"]').inner_text()
    # Gül: 929 + 100 + 160 = 1189 crosses the baraj of 1000.
    page.locator(".banner").wait_for()
    assert "Gül wins" in page.locator(".banner").inner_text()
    assert totals(page)[0].startswith("−")
    shot(page, "hoskin-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not page.errors, page.errors


def test_the_meld_calculator_page_counts_as_cards_are_tapped(page: Any, live_server: Any) -> None:
    from games.models import Circle

    circle = Circle.objects.create()
    page.goto(f"/c/{circle.slug}/melds")
    page.locator(".suit-btn.suit-D").click()
    for rank in ["A", "10", "K", "Q", "J"]:
        page.locator(f".card-cell:has(input[name='c_{rank}D'])").click()
    page.locator("#meld-page-result", has_text="150").wait_for()
    for rank in ["A", "10", "K", "Q", "J"]:
        page.locator(f".card-cell:has(input[name='c_{rank}D'])").click()
    page.locator("#meld-page-result", has_text="1500").wait_for()
    assert "Double seri" in page.locator("#meld-page-result").inner_text()
    shot(page, "melds-page")
    assert not page.errors, page.errors


def test_card_points_past_the_deck_empty_the_other_box_and_are_refused_at_once(
    page: Any, live_server: Any
) -> None:
    """Typing 200 key by key fills in 132 at "20"; the "0" after it empties that box, and the
    preview says 200 is wrong before a last trick is chosen."""
    from games.models import Circle

    game = Game.create(Circle.objects.create(), "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    form = page.locator("#hand-form")
    step(form, "after")
    points, other = form.locator("#id_points_0"), form.locator("#id_points_1")
    points.press_sequentially("20")
    assert other.input_value() == "132"
    points.press_sequentially("0")
    assert other.input_value() == ""
    problems = page.locator("#preview .problems")
    problems.get_by_text("200 is more than the 152 card points of the deck").wait_for()
    assert "Card points: " in problems.inner_text()
    shot(page, "card-points-past-the-deck")
    # A number in range fills the other box in again; 151 leaves the other team 1, which no
    # card is worth, and that is said at once too.
    points.fill("")
    points.press_sequentially("151")
    assert other.input_value() == "1"
    problems.get_by_text("no card is worth 1 point").wait_for()
    points.fill("96")
    assert other.input_value() == "56"
    page.locator("#preview .problems").wait_for(state="detached")


def test_a_tapped_step_tab_shows_no_square_box_and_the_keyboard_s_ring_follows_its_corners(
    live_server: Any,
) -> None:
    """On a touch phone a tap draws the browser's tap highlight, a rectangle behind the
    rounded tab, unless the page turns it off; the focus ring is the keyboard's only."""
    from games.models import Circle

    game = Game.create(Circle.objects.create(), "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    look = (
        "el => { const s = getComputedStyle(el); return [s.webkitTapHighlightColor,"
        " el.matches(':focus-visible'), s.outlineStyle, s.borderRadius]; }"
    )
    with phones(live_server) as open_phone:
        phone = open_phone(is_mobile=True, has_touch=True)
        phone.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
        tab = phone.locator("[data-goto=during]")
        tab.tap()
        phone.locator("#phase-during").wait_for()
        highlight, visible, outline, _radius = tab.evaluate(look)
        assert highlight == "rgba(0, 0, 0, 0)", highlight
        assert (visible, outline) == (False, "none")
        picture(phone.locator(".phase-bar"), "step-tab-tapped")
        # The keyboard's focus is shown, on the tab's own rounded corners.
        phone.keyboard.press("Shift+Tab")
        phone.keyboard.press("Tab")
        _highlight, visible, outline, radius = tab.evaluate(look)
        assert (visible, outline, radius) == (True, "solid", "10px")
        picture(phone.locator(".phase-bar"), "step-tab-keyboard")


def test_a_phone_opens_no_page_but_its_own(live_server: Any) -> None:
    """A phone is its page (and the site's service worker): Chromium's own pages (its
    omnibox popup) are not made, or every phone would cost the browser tests twice its work
    (NO_OMNIBOX)."""
    with phones(live_server) as open_phone:
        phone = open_phone()
        phone.goto("/")
        session = Chromium.launched().new_browser_cdp_session()
        targets = session.send("Target.getTargets")["targetInfos"]
        session.detach()
    kinds = [t["type"] for t in targets]
    assert "page" in kinds and "browser_ui" not in kinds, kinds

"""A whole game of Belote contrée (coinche) to 1000 on a phone at 390×844, in light and dark:
the spec's worked game tapped in step by step (an auction typed, a passed deal, a belote, a
coinche and a capot), each step on one screen, and the totals the engine's own. The game is
played once; each step is looked at in both colour schemes, switched on the page as it is."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine import VARIANTS
from games.engine.game import score_game
from games.models import Game
from tests.web.test_browser import CHROMIUM, PHONE, phones, picture, progress_sent, step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]
AC, BD = "Anne & Chloé", "Bruno & Denis"
# What the table did, hand by hand (the spec's worked game): the engine scores these.
FACTS: list[dict[str, Any]] = [
    {
        "dealer": 3,
        "taker": 2,
        "contract": 100,
        "trump": "H",
        "card_points": [103, 49],
        "last_trick": 0,
        "bids": [
            {"seat": 0, "bid": 80, "suit": "H"},
            {"seat": 1, "pass": True},
            {"seat": 2, "bid": 100, "suit": "H"},
            {"seat": 3, "pass": True},
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
        ],
    },
    {"dealer": 0, "outcome": "passed"},
    {
        "dealer": 1,
        "taker": 3,
        "contract": 110,
        "trump": "S",
        "card_points": [80, 72],
        "last_trick": 0,
        "belote": 3,
    },
    {
        "dealer": 2,
        "taker": 3,
        "contract": 90,
        "trump": "C",
        "coinche": 1,
        "card_points": [64, 88],
        "last_trick": 1,
        "bids": [{"seat": 3, "bid": 90, "suit": "C"}, {"seat": 0, "coinche": True}],
    },
    {
        "dealer": 3,
        "taker": 2,
        "contract": "capot",
        "trump": "D",
        "card_points": [152, 0],
        "last_trick": 0,
        "all_tricks": 0,
    },
    {
        "dealer": 0,
        "taker": 1,
        "contract": 130,
        "trump": "S",
        "coinche": 1,
        "card_points": [27, 125],
        "last_trick": 1,
        "belote": 2,
    },
]
# Whatever a player taps or reads: never smaller than this (px).
TAP = 44


@pytest.fixture
def phone(live_server: Any) -> Iterator[Callable[..., Any]]:
    with phones(live_server) as open_phone:
        yield open_phone


def top(page: Any) -> None:
    """The page at its top: a smooth scroll still under way (the scoreboard brought into view
    after a save) stops there."""
    # Scrolled again at each look, until no scroll still under way takes the page elsewhere.
    page.wait_for_function("() => { window.scrollTo(0, 0); return window.scrollY === 0; }")


class Table:
    """One phone at the table, entering the hands and looking at every step."""

    def __init__(self, page: Any, schemes: tuple[str, ...]) -> None:
        self.page = page
        self.schemes = schemes
        self.scheme = schemes[0]
        self.form = page.locator("#hand-form")
        self.shots: list[str] = []

    def show(self, scheme: str) -> None:
        self.page.emulate_media(color_scheme=scheme)
        self.scheme = scheme
        dark = self.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark")

    def shot(self, name: str) -> None:
        path = f"coinche-{self.scheme}-{name}"
        picture(self.page, path, caret="initial")
        self.shots.append(path)

    def look(self, name: str) -> None:
        """The step on screen: photographed, on one screen, no wider than the phone, and
        every target big enough to tap. (The notice of the hand just saved, with its Undo,
        goes after five seconds.)"""
        self.page.locator(".notice[data-fade]").wait_for(state="detached", timeout=7000)
        top(self.page)
        for scheme in self.schemes:
            self.show(scheme)
            seen = f"{name} ({scheme})"
            self.shot(name)
            assert fits_the_screen(self.page), seen
            width = self.page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], seen
            assert wider_than_the_phone(self.page) == [], seen
            assert small_targets(self.page) == [], seen
        self.show(self.schemes[0])

    def go(self, key: str) -> None:
        step(self.form, key)

    def seat(self, legend: str, name: str) -> None:
        self.form.locator("fieldset", has_text=legend).get_by_text(name, exact=True).click()

    def contract(self, value: str) -> None:
        self.seat("Contract", value)

    def trump(self, suit: str) -> None:
        self.form.locator(f"#phase-before .suit-btn.suit-{suit}").click()

    def points(self, ours: int) -> None:
        """Type the first team's card points (the other's fill in). A typed number reaches
        the hand in progress after a pause of 0.6 s: a table is never quicker than that."""
        with progress_sent(self.page, points_0=str(ours)):
            self.form.locator("#id_points_0").fill(str(ours))

    def save(self, number: int) -> None:
        self.page.locator("#preview .preview-title", has_text="This hand scores").wait_for()
        self.form.get_by_role("button", name="Save hand").click()
        self.page.locator(".notice", has_text=f"Hand {number} saved").wait_for()


def fits_the_screen(page: Any) -> bool:
    """The step on screen, with its button, is seen without scrolling: below the scoreboard
    at the top of the page, or, while a notice stands above it, from the step's own top."""
    if page.locator(".notice").count():
        page.locator("#hand-form").evaluate("form => form.scrollIntoView()")
    else:
        page.evaluate("window.scrollTo(0, 0)")
    button = page.locator("#hand-form .entry-foot button:visible").first
    box = button.bounding_box()
    return box is not None and box["y"] + box["height"] <= page.viewport_size["height"]


def wider_than_the_phone(page: Any) -> list[str]:
    """Elements of the page that reach past the phone's edge."""
    return list(
        page.evaluate(
            """(width) => Array.from(document.querySelectorAll('body *'))
              .filter(el => el.offsetParent !== null)
              .filter(el => { const r = el.getBoundingClientRect();
                              return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5); })
              .map(el => el.tagName + '.' + el.className)""",
            PHONE["width"],
        )
    )


def small_targets(page: Any) -> list[str]:
    """What the hand form offers to tap that is less than 44 px high (the radio buttons'
    drawn buttons, buttons, folds and boxes)."""
    return list(
        page.evaluate(
            """(least) => Array.from(document.querySelectorAll(
                '#hand-form label.seat-btn > span, #hand-form label.toggle-btn > span, ' +
                '#hand-form label.suit-btn > span, #hand-form label.check-btn > span, ' +
                '#hand-form button, #hand-form summary, #hand-form input[type=number], ' +
                '#hand-form input[type=text], #hand-form select'))
              .filter(el => el.offsetParent !== null && !el.classList.contains('sr')
                            && !el.closest('.sr'))
              .filter(el => el.getBoundingClientRect().height < least - 0.5)
              .map(el => (el.id || el.tagName) + ' ' + (el.textContent || '').trim().slice(0, 20)
                         + ' ' + Math.round(el.getBoundingClientRect().height))""",
            TAP,
        )
    )


def totals(page: Any) -> list[str]:
    return page.locator("#scoreboard .side-total").all_inner_texts()


def line_totals(page: Any) -> list[str]:
    return page.locator("#scoreboard .board-line strong").all_inner_texts()


def test_a_coinche_game_to_1000_on_a_phone_in_light_and_dark(phone: Callable[..., Any]) -> None:
    page = phone("light")
    table = Table(page, ("light", "dark"))

    # A new game: the four players, Denis deals first.
    page.goto("/")
    page.get_by_role("button", name="Start a card circle").click()
    page.get_by_role("link", name="Coinche").click()
    for seat, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{seat}", name)
    page.locator(".seat-box.seat-3 .dealer-pick").click()
    page.locator("details.fold summary", has_text="House rules").click()
    table.shot("0-new-game")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Start").click()
    page.wait_for_load_state()
    assert "Denis" in page.locator(".board-meta").inner_text()
    assert "Anne" in page.locator(".board-meta").inner_text()  # Anne speaks first
    form = table.form
    table.look("0-empty")

    # 1: the auction typed in the fold fills in the taker, the contract and the trump.
    form.locator("summary", has_text="Type the whole auction").click()
    form.locator("#id_auction").fill("80h p 100h p p p")
    form.locator("#id_taker_2:checked").wait_for(state="attached", timeout=4000)
    assert form.locator("#id_trump_1").is_checked()
    assert form.locator("input[name=contract][value='100']").is_checked()
    table.shot("1-before-auction-typed")
    form.locator("summary", has_text="Type the whole auction").click()  # folded away again
    table.look("1-before")
    table.go("during")
    table.look("1-during")
    table.go("after")
    table.points(103)
    assert form.locator("#id_points_1").input_value() == "49"
    table.seat("Last trick", AC)
    page.locator("#preview .preview-title", has_text="This hand scores").wait_for()
    assert "Chloé took 100♥ for Anne & Chloé." in page.locator("#preview").inner_text()
    table.look("1-after")
    table.save(1)
    assert line_totals(page) == ["210", "50"]

    # 2: everybody passed: redeal, apart from Save.
    table.go("before")
    page.get_by_role("button", name="Everyone passed: redeal").click()
    page.locator(".notice", has_text="Hand 2 saved").wait_for()
    assert line_totals(page) == ["210", "50"]

    # 3: Denis takes 110♠ with his belote, and falls short: dedans.
    table.seat("Who took", "Denis")
    table.contract("110")
    table.trump("S")
    table.look("3-before")
    table.go("during")
    table.seat("Belote", "Denis")
    table.look("3-during")
    table.go("after")
    table.points(80)
    table.seat("Last trick", AC)
    page.locator("#preview", has_text="short of 110").wait_for()
    table.look("3-after")
    table.save(3)
    assert line_totals(page) == ["480", "70"]

    # 4: Denis bids 90♣ and Anne coinches: made, (160 + 90) × 2.
    table.seat("Who took", "Denis")
    table.contract("90")
    table.trump("C")
    form.locator(".check-btn", has_text="Coinche ×2").click()
    table.look("4-before")
    form.locator("summary", has_text="Type the whole auction").click()
    with progress_sent(page, auction="90c"):
        form.locator("#id_auction").fill("90c")
    table.seat("Who coinched?", "Anne")
    table.shot("4-before-who-coinched")
    table.go("after")
    table.points(64)
    table.seat("Last trick", BD)
    page.locator("#preview", has_text="(160 + 90) × 2 = 500").wait_for()
    table.look("4-after")
    table.save(4)
    assert line_totals(page) == ["480", "570"]

    # 5: Chloé bids capot♦ and takes every trick: tapping the capot fills in the points.
    table.seat("Who took", "Chloé")
    table.contract("Capot")
    table.trump("D")
    table.look("5-before")
    table.go("after")
    form.locator("summary", has_text="Capot").click()
    table.seat("Capot", AC)
    page.wait_for_function(
        "() => document.querySelector('#id_points_0').value === '152'"
        " && document.querySelector('#id_points_1').value === '0'"
    )
    form.locator("#id_last_trick_0:checked").wait_for(state="attached")
    page.locator("#preview", has_text="Anne & Chloé made capot ♦.").wait_for()
    table.look("5-after")
    table.save(5)
    assert line_totals(page) == ["980", "570"]

    # 6: Bruno bids 130♠, Chloé coinches and holds the belote; made: Bruno & Denis win.
    table.seat("Who took", "Bruno")
    table.contract("130")
    table.trump("S")
    form.locator(".check-btn", has_text="Coinche ×2").click()
    table.go("during")
    table.seat("Belote", "Chloé")
    table.go("after")
    table.points(27)
    table.seat("Last trick", BD)
    page.locator("#preview .preview-win").wait_for()
    assert "Bruno & Denis" in page.locator("#preview .preview-win").inner_text()
    table.look("6-after")
    form.get_by_role("button", name="Save hand").click()
    page.locator(".banner").wait_for()
    assert "Bruno & Denis win" in page.locator(".banner").inner_text()
    top(page)  # the scoreboard was being scrolled into view smoothly
    table.shot("7-won")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert wider_than_the_phone(page) == []

    # What the page says is what the engine says of the same facts.
    game = Game.objects.get()
    stored = [h.facts for h in game.live_hands()]
    coinche = VARIANTS["coinche"]
    settings = coinche.settings(game.settings)
    hands = [coinche.hand_class.from_dict(f, settings, PLAYERS) for f in FACTS]
    scored = score_game(coinche, settings, hands, PLAYERS)
    expected = [str(t) for t in scored.hands[-1].totals]
    assert expected == ["1000", "1150"] and list(scored.winners) == [1]
    assert [h.to_dict() for h in hands] == stored
    assert ["".join(c for c in t if c.isdigit()) for t in totals(page)] == expected
    assert game.totals == list(scored.hands[-1].totals) and game.winners == [1]
    # The sheet: one row per hand, the coinched contract and the capot among them.
    page.goto(page.url.split("?")[0] + "?hands=sheet")
    page.locator("table.sheet").wait_for()
    assert page.locator("table.sheet tbody tr").count() == 6
    page.locator("table.sheet").scroll_into_view_if_needed()
    table.shot("8-sheet")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Every step looked at was looked at in both schemes.
    dark = [shot for shot in table.shots if shot.startswith("coinche-dark-")]
    assert len(dark) >= 12
    assert all(shot.replace("-dark-", "-light-", 1) in table.shots for shot in dark)


def test_announcements_are_built_in_a_few_taps_and_judged_at_once(
    phone: Callable[..., Any],
) -> None:
    """A table that plays announcements: a carré of kings in three taps beats two quartes,
    and its team scores both its players' announcements (rules/coinche.md, Scoring 4)."""
    from games.models import Circle

    game = Game.create(Circle.objects.create(), "coinche", PLAYERS, {"announcements": True}, 2)
    page = phone("dark")
    table = Table(page, ("dark",))
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    form = table.form
    table.seat("Who took", "Denis")
    table.contract("100")
    table.trump("H")
    table.go("during")
    builder = form.locator("[data-builder]")

    def run(who: str, cards: int, top: str, suit: str) -> None:
        builder.locator('[data-step="seat"]').get_by_text(who, exact=True).click()
        builder.locator('[data-step="kind"]').get_by_text("Run", exact=True).click()
        builder.locator('[data-step="length"]').get_by_text(f"{cards} cards", exact=True).click()
        builder.locator('[data-step="top"]').get_by_text(top, exact=True).click()
        builder.locator(f'[data-step="suit"] .suit-{suit}').click()

    builder.locator('[data-step="seat"]').get_by_text("Bruno", exact=True).click()
    builder.locator('[data-step="kind"]').get_by_text("Carré", exact=True).click()
    builder.locator('[data-step="top"]').get_by_text("K", exact=True).click()
    form.locator(".decl-list", has_text="Bruno: four kings").wait_for()
    page.locator("#preview .verdict-list li.counted", has_text="+100").wait_for(timeout=5000)
    table.look("announcements-during")
    run("Anne", 4, "J", "S")
    run("Denis", 4, "10", "H")
    page.locator("#preview .verdict-list li.counted", has_text="Denis").wait_for(timeout=5000)
    assert "the higher value wins: 100 beats 50" in page.locator("#preview").inner_text()
    assert form.locator(".verdict-list li.counted").count() == 2
    # Three announcements and their verdicts take more than a screen: it scrolls, no wider.
    table.shot("announcements-during-three")
    assert wider_than_the_phone(page) == [] and small_targets(page) == []
    table.go("after")
    with progress_sent(page, points_1="100", points_0="52"):
        form.locator("#id_points_1").fill("100")
    assert form.locator("#id_points_0").input_value() == "52"
    table.seat("Last trick", BD)
    page.locator("#preview .preview-scores", has_text="+360").wait_for()
    assert "+50" in page.locator("#preview .preview-scores").inner_text()
    table.look("announcements-after")
    # Saving it is tests/web/test_coinche_views.py's (a carré in the hand list).


LONG = ["A" * 39 + "n", "B" * 39 + "n", "C" * 39 + "o", "D" * 39 + "v"]


def test_forty_character_names_never_widen_a_step(phone: Callable[..., Any]) -> None:
    from games.models import Circle

    settings = {"announcements": True, "generale": True}
    game = Game.create(Circle.objects.create(), "coinche", LONG, settings, 0)
    page = phone("light")
    table = Table(page, ("light",))
    page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
    # Coinche's own folds open (the dealer's is the shared partial's).
    folds = page.locator("#hand-form details:not(.dealer-fold)")
    folds.evaluate_all("els => els.forEach(e => e.open = true)")
    for key in ("before", "during", "after"):
        table.go(key)
        expect(page.locator(f"#phase-{key}")).to_be_visible()
        table.shot(f"long-names-{key}")
        assert wider_than_the_phone(page) == [], key
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], key
        assert small_targets(page) == [], key

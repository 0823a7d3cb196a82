"""The hand in progress at a real table: several phones on one game, in Chromium at 390×844.

Each phone is its own browser context (its own cookies and storage), as at a table.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from games.models import Circle, Game, HandInProgress
from tests.web.test_browser import (
    CHROMIUM,
    PHONE,
    declare,
    phones,
    picture,
    polled,
    progress_sent,
    step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

Phone = Callable[..., Any]


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    """Opens another phone (a browser context of its own) at 390×844."""
    LIVE["url"] = live_server.url
    with phones(live_server) as open_phone:
        yield open_phone


def new_game(variant: str, names: list[str], **settings: Any) -> Game:
    return Game.create(Circle.objects.create(), variant, names, settings, first_dealer=0)


def game_url(game: Game) -> str:
    return f"/c/{game.circle.slug}/g/{game.slug}/"


def phone_base(game: Game) -> str:
    return LIVE["url"] + game_url(game)


LIVE: dict[str, str] = {}


def shot(page: Any, name: str) -> None:
    picture(page, name, caret="initial")


# Counts the polls a page sends, as its script opens them (before any network sees them).
COUNT_POLLS = """
window.__polls = 0;
const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method, url) {
  if (String(url).includes("/live?")) window.__polls++;
  return open.apply(this, arguments);
};
"""


class Taps:
    """Counts what a player does: taps (a click or focusing a box) and typed digits."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.digits = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.taps += 1

    def type(self, locator: Any, digits: str, then_next: bool = False) -> None:
        """Tap a box and type; Enter (the keyboard's "next") moves on without a tap."""
        locator.click()
        self.taps += 1
        self.keys(digits, then_next)

    def keys(self, digits: str, then_next: bool = False) -> None:
        self.page.keyboard.type(digits)
        self.digits += len(digits)
        if then_next:
            self.page.keyboard.press("Enter")


def frames(page: Any, until: Callable[[], bool], most: int = 600) -> None:
    """Lets the page draw frames until `until()` holds: a route handler (the test's own code)
    runs only while Playwright waits on the page, so this is how the test waits on it."""
    for _ in range(most):
        if until():
            return
        page.evaluate("() => new Promise(requestAnimationFrame)")
    raise AssertionError(f"still not so after {most} frames")


def scores_ready(page: Any) -> None:
    page.locator("#preview .preview-title", has_text="This hand scores").wait_for()


def fits_the_screen(page: Any) -> bool:
    """The step on screen, with its button, is seen without scrolling."""
    page.evaluate("window.scrollTo(0, 0)")
    button = page.locator("#hand-form .entry-foot button:visible").first
    box = button.bounding_box()
    return box is not None and box["y"] + box["height"] <= page.viewport_size["height"]


# -- several phones on one hand ------------------------------------------------------------


def test_two_phones_entering_the_same_hand_store_it_once(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann, ben = phone(), phone()
    ann.goto(game_url(game))
    ben.goto(game_url(game))
    form_a, form_b = ann.locator("#hand-form"), ben.locator("#hand-form")
    # Ann's phone taps who called and trump; Ben's phone sees them within 3 s.
    form_a.locator("fieldset", has_text="Who called").get_by_text("Cleo", exact=True).click()
    form_a.locator(".suit-btn.suit-S").click()
    ben.locator("#id_caller_2:checked").wait_for(state="attached", timeout=3000)
    ben.locator("#id_trump_0:checked").wait_for(state="attached", timeout=3000)
    # Both phones type the card points and save the same hand.
    for page, form in ((ann, form_a), (ben, form_b)):
        step(form, "after")
        form.locator("#id_points_0").fill("100")
        form.locator("fieldset", has_text="Last trick").get_by_text("Ann & Cleo").click()
        scores_ready(page)
    form_a.get_by_role("button", name="Save hand").click()
    form_b.get_by_role("button", name="Save hand").click()
    ann.locator(".notice", has_text="Hand 1 saved").wait_for()
    ben.locator(".notice", has_text="Another phone just saved hand 1: Cleo ♠ +110").wait_for()
    assert game.live_hands().count() == 1
    # Ben's phone is on hand 2 now, with nothing of hand 1 left in it.
    ben.locator(".board-meta", has_text="Hand 2").wait_for()
    assert ben.locator("#id_points_0").input_value() == ""
    shot(ben, "table-two-phones-told")


def test_no_poll_goes_while_this_phone_saves(phone: Phone) -> None:
    """A poll answered after this phone's save went in, but before its answer came back,
    would tell the save as if another phone had made it, without the Undo."""
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann = phone()
    # The page's clock is the test's: the time between polls passes at once, when told to.
    ann.clock.install()
    ann.add_init_script(COUNT_POLLS)
    ann.goto(game_url(game))
    form = ann.locator("#hand-form")
    form.locator("fieldset", has_text="Who called").get_by_text("Cleo", exact=True).click()
    form.locator(".suit-btn.suit-S").click()
    step(form, "after")
    form.locator("#id_points_0").fill("100")
    form.locator("fieldset", has_text="Last trick").get_by_text("Ann & Cleo").click()
    scores_ready(ann)
    # The save reaches the server and is stored; its answer is held back a while.
    held: list[Any] = []
    ann.route("**/hands", lambda route: held.append((route, route.fetch())))
    with ann.expect_request("**/hands"):
        form.get_by_role("button", name="Save hand").click()
    polls = ann.evaluate("() => window.__polls")
    ann.clock.run_for(5000)  # two polls' time and more
    assert ann.evaluate("() => window.__polls") == polls
    frames(ann, until=lambda: bool(held))
    assert game.live_hands().count() == 1
    route, answer = held[0]
    route.fulfill(response=answer)
    notice = ann.locator(".notice", has_text="Hand 1 saved: Cleo ♠")
    notice.get_by_role("button", name="Undo").wait_for()
    assert "Another phone" not in notice.inner_text()
    ann.locator(".board-meta", has_text="Hand 2").wait_for()


def test_a_box_typed_in_just_before_save_still_shows_the_next_hands_value(
    phone: Phone,
) -> None:
    """Ann types the points and saves at once, before her typing is sent; the points box of
    the next hand must still follow what Ben's phone types there."""
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann, ben = phone(), phone()
    ann.goto(game_url(game))
    form = ann.locator("#hand-form")
    form.locator("fieldset", has_text="Who called").get_by_text("Cleo", exact=True).click()
    form.locator(".suit-btn.suit-S").click()
    step(form, "after")
    form.locator("fieldset", has_text="Last trick").get_by_text("Ann & Cleo").click()
    form.locator("#id_points_0").fill("100")
    form.get_by_role("button", name="Save hand").click()
    ann.locator(".notice", has_text="Hand 1 saved").wait_for()
    assert game.live_hands().count() == 1
    ben.goto(game_url(game))
    form_b = ben.locator("#hand-form")
    step(form_b, "after")
    form_b.locator("#id_points_0").fill("80")
    form_b.locator("#id_points_0").press("Tab")
    others = form_b.locator("#id_points_1").input_value()
    assert others == "72", "Ben's phone fills in the other team's points"
    # Ben's two boxes reach the server as one change: whenever Ann's phone shows his 80, it
    # shows the 72 filled in beside it (her own box was typed in, but never sent).
    expect(ann.locator("#id_points_0")).to_have_value("80", timeout=10000)
    assert ann.locator("#id_points_1").input_value() == others


def test_a_bid_typed_then_stepped_while_a_tap_is_on_its_way_reaches_the_table_stepped(
    phone: Phone,
) -> None:
    """Asha taps the bidder and, while that tap is still on its way, types 145 and steps it up
    to 150. The 145 goes after the tap; its answer must not put 145 back over the 150, and
    the 150 must reach the server and Bala's phone."""
    game = new_game("304", ["Asha", "Bala", "Chitra", "Dev"])
    asha, bala = phone(), phone()
    bala.goto(game_url(game))
    asha.goto(game_url(game))
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    asha.route("**/progress", hold_the_first)
    form = asha.locator("#hand-form")
    step(form, "before")
    form.locator("fieldset", has_text="Who won the auction").get_by_text("Bala", exact=True).click()
    frames(asha, lambda: bool(held))
    form.locator("#id_bid").fill("145")
    form.get_by_role("button", name="5 more").click()
    assert form.locator("#id_bid").input_value() == "150"
    held[0].continue_()
    frames(asha, lambda: HandInProgress.of(game).fields.get("bid") == "150")
    expect(bala.locator("#id_bid")).to_have_value("150", timeout=10000)
    # Every answer is in (the server holds 150, which only the last change carried).
    assert form.locator("#id_bid").input_value() == "150"
    assert HandInProgress.of(game).fields.get("bidder") == "1"


def test_three_phones_each_enter_a_different_phase_of_one_hand(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann, ben, cleo = phone(), phone(), phone()
    for page in (ann, ben, cleo):
        page.goto(game_url(game))
    a, b, c = (p.locator("#hand-form") for p in (ann, ben, cleo))
    a.locator("fieldset", has_text="Who called").get_by_text("Ben", exact=True).click()
    a.locator(".suit-btn.suit-D").click()
    step(b, "during")
    declare(b, "Dov", 3, "K", "D")
    step(c, "after")
    c.locator("#id_points_0").fill("50")
    c.locator("fieldset", has_text="Last trick").get_by_text("Ben & Dov").click()
    # Every phone ends up with the whole hand; Cleo's phone judges and saves it.
    c.locator("#preview .preview-title", has_text="This hand scores").wait_for(timeout=5000)
    ann.locator("#id_last_trick_1:checked").wait_for(state="attached", timeout=3000)
    ben.locator("#id_points_1[value='102'], #id_points_1").first.wait_for(state="attached")
    c.get_by_role("button", name="Save hand").click()
    cleo.locator(".notice", has_text="Hand 1 saved").wait_for()
    hand = game.live_hands().get()
    assert hand.facts["caller"] == 1 and hand.facts["trump"] == "D"
    assert hand.facts["card_points"] == [50, 102] and hand.facts["last_trick"] == 1
    assert hand.facts["declarations"][0]["seat"] == 3
    for page in (ann, ben):
        page.locator(".notice", has_text="Hand 1 saved").wait_for(timeout=4000)


def test_a_reload_mid_hand_loses_nothing(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    game.record_hand(
        {"dealer": 0, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    )
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    form.locator("fieldset", has_text="Who called").get_by_text("Dov", exact=True).click()
    form.locator(".suit-btn.suit-C").click()
    step(form, "during")
    declare(form, "Ann", 4, "A", "H")
    step(form, "after")
    with progress_sent(page, points_0="70", points_1="82"):  # after a short pause
        form.locator("#id_points_0").fill("70")
    expect(form.locator("#id_points_1")).to_have_value("82")
    page.reload()
    form = page.locator("#hand-form")
    assert form.locator("#phase-after").is_visible()  # back where this phone was
    assert form.locator("#id_points_0").input_value() == "70"
    assert form.locator("#id_points_1").input_value() == "82"
    step(form, "during")
    form.locator(".decl-list", has_text="Ann: 4-card run J–A♥").wait_for()
    step(form, "before")
    assert form.locator("#id_caller_3").is_checked() and form.locator("#id_trump_3").is_checked()
    # Opening Edit on an older hand, and saving it, loses nothing of this one either.
    page.locator('.hand[data-number="1"]').get_by_role("link", name="Edit").click()
    edit = page.locator("#hand-form.editing")
    edit.locator("#id_points_0").fill("60")
    edit.get_by_role("button", name="Save changes").click()
    edit.wait_for(state="detached")
    form = page.locator("#hand-form")
    step(form, "after")
    assert form.locator("#id_points_0").input_value() == "70"
    assert HandInProgress.of(game).fields["points_0"] == "70"
    assert game.live_hands().get().facts["card_points"] == [60, 92]


# -- declarations judged as they are entered -----------------------------------------------

KLOB_TIES = [
    # (trump, declarations, the deciding rule named)
    ("H", [("Ben", 3, "K", "S"), ("Ann", 4, "Q", "D")], "the higher value wins"),
    ("H", [("Ben", 4, "K", "S"), ("Ann", 4, "Q", "D")], "the higher top card wins"),
    ("H", [("Ben", 4, "Q", "S"), ("Ann", 4, "Q", "H")], "the run in trumps wins"),
    ("C", [("Cleo", 4, "Q", "H"), ("Ben", 4, "Q", "S")], "Ben sits nearer the forehand"),
]


@pytest.mark.parametrize(("trump", "runs", "rule"), KLOB_TIES)
def test_klaberjass_declarations_are_judged_before_any_card_points(
    phone: Phone, trump: str, runs: list[tuple[str, int, str, str]], rule: str
) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    form.locator(f".suit-btn.suit-{trump}").click()
    step(form, "during")
    for who, cards, top, suit in runs:
        declare(form, who, cards, top, suit)
    form.locator("#preview", has_text=rule).wait_for(timeout=5000)
    assert form.locator("#id_points_0").input_value() == ""
    assert form.locator(".verdict-list li.counted").count() == 1


def test_a_klaberjass_exact_tie_with_no_final_tiebreak_scores_nothing(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"], final_tiebreak="none")
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    form.locator(".suit-btn.suit-C").click()
    step(form, "during")
    declare(form, "Ben", 4, "Q", "S")
    declare(form, "Ann", 4, "Q", "H")
    preview = form.locator("#preview")
    expect(preview).to_contain_text("no sequences score", timeout=5000)
    # Both runs are shown, neither counts, and no card points are asked for yet.
    expect(preview.locator(".verdict-list li")).to_have_count(2)
    expect(preview.locator(".verdict-list li.counted")).to_have_count(0)
    assert form.locator("#id_points_0").input_value() == ""
    shot(page, "table-klaberjass-tie-none")


TERZ_TIES = [
    # (declarations as (who, kind, cards, top, suit), the deciding rule named)
    ([("Ann", "Run", "4", "Q", "S"), ("Ben", "Run", "4", "Q", "H")], "Ann announced first"),
    ([("Ann", "Run", "5", "Q", "S"), ("Ben", "Run", "4", "A", "H")], "the higher value wins"),
    ([("Ann", "Run", "4", "Q", "S"), ("Ben", "Run", "4", "K", "H")], "the higher top card"),
]


@pytest.mark.parametrize(("announced", "rule"), TERZ_TIES)
def test_terz_combinations_are_judged_before_any_card_points(
    phone: Phone, announced: list[tuple[str, str, str, str, str]], rule: str
) -> None:
    game = new_game("terz", ["Ann", "Ben"])
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    form.locator(".suit-btn.suit-D").click()
    step(form, "during")
    builder = form.locator("[data-builder]")
    for who, kind, cards, top, suit in announced:
        builder.locator('[data-step="seat"]').get_by_text(who, exact=True).click()
        builder.locator('[data-step="kind"]').get_by_text(kind, exact=True).click()
        builder.locator('[data-step="length"]').get_by_text(f"{cards} cards").click()
        builder.locator('[data-step="top"]').get_by_text(top, exact=True).click()
        builder.locator(f'[data-step="suit"] .suit-{suit}').click()
    preview = form.locator("#preview")
    expect(preview).to_contain_text(rule, timeout=5000)
    # One combination counts, the winner's; no card points are asked for yet.
    winner = "Ann" if rule in ("Ann announced first", "the higher value wins") else "Ben"
    counted = preview.locator(".verdict-list li.counted")
    expect(counted).to_have_count(1)
    expect(counted).to_contain_text(winner)
    assert form.locator("#id_points_0").input_value() == ""
    shot(page, f"table-terz-{rule.split()[-1]}")


def test_the_helper_judges_the_hand_and_use_in_this_hand_carries_it_back(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    with progress_sent(page, trump="H"):  # the helper reads the hand in progress
        form.locator(".suit-btn.suit-H").click()
    page.locator(".menu summary").click()
    page.get_by_role("link", name="Declarations helper").click()
    assert page.locator("#id_trump_1").is_checked()  # the hand's trump came along
    declare(page.locator("form[method=get]"), "Ben", 4, "Q", "S")
    declare(page.locator("form[method=get]"), "Ann", 4, "Q", "H")
    page.get_by_role("button", name="Compare").click()
    page.locator("#verdict", has_text="the run in trumps wins").wait_for()
    shot(page, "table-helper-verdict")
    page.get_by_role("button", name="Use in this hand").click()
    page.locator("#phase-during").wait_for()
    page.locator(".decl-list", has_text="Ben: 4-card run 9–Q♠").wait_for()
    page.locator("#preview", has_text="the run in trumps wins").wait_for(timeout=5000)
    fields = HandInProgress.of(game).fields
    assert fields["seq0_seat"] == "1" and fields["seq1_suit"] == "H"


# -- taps: what a typical hand costs ---------------------------------------------------------


class Hand:
    """Plays one typical hand of a game on a phone, counting taps, number boxes and digits.

    Typing a number is a tap into its box plus its digits; Enter (the keyboard's "next")
    moves to the next box without a tap.
    """

    def __init__(self, page: Any) -> None:
        self.page = page
        self.form = page.locator("#hand-form")
        self.taps = 0
        self.boxes = 0
        self.digits = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.taps += 1

    def seat(self, legend: str, name: str) -> None:
        self.tap(self.form.locator("fieldset", has_text=legend).get_by_text(name, exact=True))

    def step(self, key: str) -> None:
        self.tap(self.form.locator(f"[data-goto={key}]"))

    def number(self, box: str, *values: str) -> None:
        """Type into a box, then into the next ones of the step (Enter between them); a box
        the page already opened the keyboard on takes no tap."""
        locator = self.form.locator(box)
        if not locator.evaluate("box => box === document.activeElement"):
            locator.click()
            self.boxes += 1
        for i, value in enumerate(values):
            if i:
                self.page.keyboard.press("Enter")
            self.page.keyboard.type(value)
            self.digits += len(value)

    def save(self) -> None:
        scores_ready(self.page)
        self.tap(self.form.get_by_role("button", name="Save hand"))
        self.page.locator(".notice", has_text="Hand 1 saved").wait_for()


def klaberjass_hand(hand: Hand) -> None:
    hand.seat("Who called", "Cleo")
    hand.tap(hand.form.locator(".suit-btn.suit-S"))
    hand.step("after")
    hand.number("#id_points_0", "100")
    hand.seat("Last trick", "Ann & Cleo")


def euchre_hand(hand: Hand) -> None:
    hand.seat("Who made trump", "Sam")
    hand.tap(hand.form.locator(".trick-pad").get_by_text("4", exact=True))


def three_o_four_hand(hand: Hand) -> None:
    hand.seat("Who won the auction", "Bala")
    hand.number("#id_bid", "180")
    hand.tap(hand.form.locator(".suit-pad").first.locator(".suit-btn.suit-H"))
    hand.tap(hand.form.locator(".rank-pad").get_by_text("A", exact=True))
    hand.tap(hand.form.locator("fieldset", has_text="Called card").locator(".suit-btn.suit-S"))
    hand.step("after")
    hand.seat("Who held the called card", "Dev")
    hand.number("#id_points", "190")
    hand.tap(hand.form.locator(".trick-pad").get_by_text("5", exact=True))


def hoskin_hand(hand: Hand) -> None:
    hand.seat("who holds", "Berk")
    hand.number("#id_contract", "600")
    hand.tap(hand.form.locator(".suit-btn.suit-D").first)
    hand.step("during")
    hand.number("#id_meld_0", "60", "200", "40", "0")
    hand.step("after")
    hand.number("#id_tricks_0", "200")
    hand.seat("Last trick", "Berk & Deniz")


def tekli_hand(hand: Hand) -> None:
    hand.seat("who holds", "Gül")  # the ladder fills in the kontrat: 650
    hand.tap(hand.form.locator(".suit-btn.suit-D").first)
    hand.step("during")
    hand.number("#id_meld_0", "60", "80", "350", "29")  # the last box is the gömü
    hand.step("after")
    hand.number("#id_tricks_0", "71", "90")
    hand.seat("Last trick", "Gül")


TYPICAL = [
    # (variant, players, typical hand, at most taps)
    ("klaberjass", ["Ann", "Ben", "Cleo", "Dov"], klaberjass_hand, 6),
    ("euchre", ["Nia", "Eli", "Sam", "Wes"], euchre_hand, 3),
    ("304", ["Asha", "Bala", "Chitra", "Dev"], three_o_four_hand, 8),
    ("hoskin", ["Ali", "Berk", "Cem", "Deniz"], hoskin_hand, 10),
    ("hoskin-tekli", ["Ece", "Fatih", "Gül"], tekli_hand, 10),
]


@pytest.mark.parametrize(("variant", "players", "play", "budget"), TYPICAL)
def test_a_typical_hand_stays_within_its_tap_budget(
    phone: Phone, variant: str, players: list[str], play: Any, budget: int
) -> None:
    game = new_game(variant, players)
    page = phone()
    page.goto(game_url(game))
    hand = Hand(page)
    play(hand)
    hand.save()
    # Counting a tap into each number box too keeps every game within its budget.
    assert hand.taps + hand.boxes <= budget, (hand.taps, hand.boxes, hand.digits)
    print(f"{variant}: {hand.taps} taps + {hand.boxes} number boxes, {hand.digits} digits")
    assert game.live_hands().count() == 1


def test_a_klaberjass_declaration_takes_four_taps(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = phone()
    page.goto(game_url(game))
    hand = Hand(page)
    hand.step("during")
    before = hand.taps
    builder = hand.form.locator("[data-builder]")
    hand.tap(builder.locator('[data-step="seat"]').get_by_text("Dov", exact=True))
    hand.tap(builder.locator('[data-step="length"]').get_by_text("4 cards", exact=True))
    hand.tap(builder.locator('[data-step="top"]').get_by_text("K", exact=True))
    hand.tap(builder.locator('[data-step="suit"] .suit-C'))
    assert hand.taps - before == 4
    hand.form.locator(".decl-list", has_text="Dov: 4-card run 10–K♣").wait_for()


# -- every step of every game on one screen, light and dark ----------------------------------

STEPS = {
    "klaberjass": (["Ann", "Ben", "Cleo", "Dov"], klaberjass_hand),
    "terz": (["Ann", "Ben"], None),
    "euchre": (["Nia", "Eli", "Sam", "Wes"], euchre_hand),
    "304": (["Asha", "Bala", "Chitra", "Dev"], three_o_four_hand),
    "304-widow": (["Asha", "Bala", "Chitra"], None),
    "hoskin": (["Ali", "Berk", "Cem", "Deniz"], hoskin_hand),
    "hoskin-tekli": (["Ece", "Fatih", "Gül"], tekli_hand),
}


@pytest.mark.parametrize("variant", list(STEPS))
def test_every_step_fits_one_phone_screen_in_light_and_dark(phone: Phone, variant: str) -> None:
    """Each step of a hand on one screen, its button with it; the hand is typed once and each
    step looked at in both colour schemes, switched on the page as it is."""
    players, play = STEPS[variant]
    game = new_game(variant, players)
    page = phone("light")
    page.goto(game_url(game))
    if play is not None:
        play(Hand(page))
        scores_ready(page)  # the preview of the whole hand is in: nothing redraws the steps
    form = page.locator("#hand-form")
    steps = [key for key in ("before", "during", "after") if form.locator(f"#phase-{key}").count()]
    for key in steps or ["all"]:
        if key != "all":
            step(form, key)
            expect(form.locator(f"#phase-{key}")).to_be_visible()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (
                scheme == "dark"
            )
            # The step settles (the scoreboard redrawn by a poll, the preview answered) and
            # then fits, its button with it, with the page at its top. CI runs this beside
            # the database tests, so the answers may take a while on a busy machine.
            page.evaluate("window.scrollTo(0, 0)")
            button = form.locator(".entry-foot button:visible").first
            expect(button).to_be_in_viewport(ratio=1, timeout=15000)
            shot(page, f"step-{variant}-{key}-{scheme}")
            assert fits_the_screen(page), (variant, key, scheme)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.emulate_media(color_scheme="light")


LONG = ["A" * 39 + "n", "B" * 39 + "n", "C" * 39 + "o", "D" * 39 + "v"]


@pytest.mark.parametrize("variant", ["klaberjass", "304", "hoskin-tekli", "terz"])
def test_forty_character_names_fit_a_360_px_phone(phone: Phone, variant: str) -> None:
    seats = {"klaberjass": 4, "304": 4, "hoskin-tekli": 3, "terz": 2}[variant]
    game = new_game(variant, LONG[:seats])
    page = phone("dark", {"width": 360, "height": 780})
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    for key in ("before", "during", "after"):
        step(form, key)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, (variant, key)
    # Every player shows in the scoreboard: a long name never hides a partner.
    board = page.locator("#scoreboard .board-line")
    for name in LONG[:seats]:
        assert board.locator(".m", has_text=name[:3]).count() >= 1
        member = board.locator(".m", has_text=name[:3]).first
        assert member.bounding_box()["width"] > 20
    shot(page, f"long-names-{variant}")
    page.goto(f"/w/{game.watch_slug}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_in_landscape_the_scoreboard_sits_beside_the_hand(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = phone("light", {"width": 844, "height": 390})
    page.goto(game_url(game))
    board = page.locator("#scoreboard").bounding_box()
    entry = page.locator("#hand-form").bounding_box()
    assert board is not None and entry is not None
    assert entry["x"] >= board["x"] + board["width"] - 1  # side by side, not stacked
    assert page.evaluate("document.documentElement.scrollWidth") <= 844
    shot(page, "landscape")


def test_a_void_deal_sits_apart_from_save_and_can_be_undone_for_five_seconds(
    phone: Phone,
) -> None:
    game = new_game("euchre", ["Nia", "Eli", "Sam", "Wes"])
    page = phone()
    page.goto(game_url(game))
    save = page.locator("#hand-form button.save").bounding_box()
    redeal = page.get_by_role("button", name="Everyone passed: redeal").bounding_box()
    assert save is not None and redeal is not None
    assert redeal["y"] - (save["y"] + save["height"]) >= 20  # not next to Save
    page.get_by_role("button", name="Everyone passed: redeal").click()
    notice = page.locator(".notice", has_text="Hand 1 saved")
    notice.wait_for()
    notice.get_by_role("button", name="Undo").click()
    page.locator("#hands", has_text="No hands yet").wait_for()
    assert game.live_hands().count() == 0
    page.get_by_role("button", name="Everyone passed: redeal").click()
    notice.wait_for()
    notice.wait_for(state="detached", timeout=7000)  # gone after five seconds
    assert game.live_hands().count() == 1


def test_the_gomu_pickers_fill_in_its_points_and_the_trick_total(phone: Phone) -> None:
    game = new_game("hoskin-tekli", ["Ece", "Fatih", "Gül"])
    page = phone()
    page.goto(game_url(game))
    form = page.locator("#hand-form")
    step(form, "during")
    for i, rank in enumerate(["10", "10", "K", "Q", "J"]):
        form.locator(f"#id_gomu_card_{i}").select_option(rank)
    assert form.locator("#id_gomu_points").input_value() == "29"
    step(form, "after")
    with progress_sent(page, tricks_1="90"):
        form.locator("#id_tricks_0").fill("71")
        form.locator("#id_tricks_1").fill("90")
    # 480 − 71 − 90 − the gömü's 29 = 290, as in the spec's example.
    assert form.locator("#id_tricks_2").input_value() == "290"
    assert HandInProgress.of(game).fields["gomu_points"] == "29"


def test_without_script_the_whole_hand_is_one_form_that_saves(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = phone()
    context = page.context.browser.new_context(viewport=PHONE, java_script_enabled=False)
    plain = context.new_page()
    plain.goto(phone_base(game))
    for key in ("before", "during", "after"):
        assert plain.locator(f"#phase-{key}").is_visible()
    plain.locator("#id_caller_0").check(force=True)
    plain.locator("#id_trump_1").check(force=True)
    plain.locator("#id_points_0").fill("96")
    plain.locator("#id_points_1").fill("56")
    plain.locator("#id_last_trick_0").check(force=True)
    shot(plain, "no-script-form")
    plain.get_by_role("button", name="Save hand").click()
    plain.wait_for_load_state()
    assert game.live_hands().count() == 1
    assert "Hand 2" in plain.locator(".board-meta").inner_text()
    context.close()


def test_the_watch_page_follows_the_hand_in_progress(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    table, tv = phone(), phone()
    table.goto(game_url(game))
    tv.goto(f"/w/{game.watch_slug}/")
    form = table.locator("#hand-form")
    form.locator("fieldset", has_text="Who called").get_by_text("Ann", exact=True).click()
    form.locator(".suit-btn.suit-H").click()
    step(form, "during")
    declare(form, "Ben", 4, "Q", "S")
    line = tv.locator(".progress-line")
    expect(line).to_have_text("Hand 1 · Ann called ♥ · Ben: 4-card run 9–Q♠", timeout=3500)
    assert line.count() == 1
    shot(tv, "watch-hand-in-progress")


def test_on_one_box_the_later_phone_wins_and_both_show_it(phone: Phone) -> None:
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann, ben = phone(), phone()
    ann.goto(game_url(game))
    ben.goto(game_url(game))
    for page in (ann, ben):
        step(page.locator("#hand-form"), "after")
    # Ann types 90 and keeps her cursor in the box; Ben then types 100 in the same box.
    ann.locator("#id_points_0").click()
    with progress_sent(ann, points_0="90"):
        ann.keyboard.type("90")
    with progress_sent(ben, points_0="100"):
        ben.locator("#id_points_0").fill("100")
        ben.locator("#id_points_0").blur()
    # Ann's phone polls while her cursor is still in the box: Ben's 52 reaches the other box.
    expect(ann.locator("#id_points_1")).to_have_value("52", timeout=5000)
    ann.locator("#id_points_0").blur()  # Ann leaves the box without typing anything new
    expect(ann.locator("#id_points_0")).to_have_value("100")
    assert ann.locator("#id_points_1").input_value() == "52"
    # Two of Ben's polls later (the second asked after Ann left the box), his 100 stands.
    for _ in range(2):
        with polled(ben):
            pass
    assert ben.locator("#id_points_0").input_value() == "100"
    fields = HandInProgress.of(game).fields
    assert (fields["points_0"], fields["points_1"]) == ("100", "52")


def test_the_score_shows_at_the_tap_and_another_phone_s_hand_first_puts_it_right(
    phone: Phone,
) -> None:
    """Save shows the totals the preview scored at once, marked as saving; when another phone
    saved the hand first, the answer puts the scoreboard right: that phone's hand counted,
    with the usual message, and nothing of this phone's left showing."""
    game = new_game("klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    ann = phone()
    ann.goto(game_url(game))
    form = ann.locator("#hand-form")
    form.locator("fieldset", has_text="Who called").get_by_text("Cleo", exact=True).click()
    form.locator(".suit-btn.suit-S").click()
    step(form, "after")
    form.locator("#id_points_0").fill("100")
    form.locator("fieldset", has_text="Last trick").get_by_text("Ann & Cleo").click()
    scores_ready(ann)
    previewed = form.locator(".preview-scores li").evaluate_all(
        "(rows) => rows.map((row) => row.dataset.total)"
    )
    board = ann.locator("#scoreboard .board-line strong")
    assert board.all_inner_texts() == ["0", "0"]
    # The save is held on its way; meanwhile another phone saves hand 1.
    held: list[Any] = []
    ann.route("**/hands", lambda route: held.append(route))
    form.get_by_role("button", name="Save hand").click()
    assert board.all_inner_texts() == previewed
    assert ann.locator("#scoreboard.saving .saving-note").inner_text() == "saving…"
    shot(ann, "table-saving-at-the-tap")
    frames(ann, until=lambda: bool(held))
    game.record_hand(
        {"dealer": 0, "caller": 1, "trump": "H", "card_points": [40, 112], "last_trick": 1}
    )
    held[0].continue_()
    ann.locator(".notice", has_text="Another phone just saved hand 1").wait_for()
    game.refresh_from_db()
    assert board.all_inner_texts() == [str(total) for total in game.totals]
    assert board.all_inner_texts() != previewed
    # The mark goes once the answer has settled (it may do so a moment after the notice).
    expect(ann.locator("#scoreboard.saving, .saving-note")).to_have_count(0)
    assert game.live_hands().count() == 1

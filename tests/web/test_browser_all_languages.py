"""Eight names of 40 characters, in every language and at every size of a card night, in
Debian's Chromium (issue 23, "Done when"): every pad of every game, the scoreboard and its
line, the score sheet of a game going on and of a finished one, the new game's seats, the
watch page (the TV's) and the stats chart. Nothing may be cut (by its box, an ellipsis or a
word broken over two lines) and nothing may be wider than the screen, measured against the
width set, not the page's own: with is_mobile a page wider than the phone is zoomed out and
innerWidth grows with it.

The games are made once for the module, through the models, and served by a server of the
module's own (a test asking for pytest-django's live_server empties the database after
it); one browser, one context per size, the language by its cookie.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connections

from games.engine.registry import VARIANTS
from games.models import Circle, Game
from games.models.in_progress import HandInProgress
from tests.web.test_browser import CHROMIUM, NO_STREAMS, Chromium, picture, scripted
from tests.web.test_browser_names import CUT

# The marker sets the test database up; each test only reads, through the server.
pytestmark = [pytest.mark.browser, pytest.mark.django_db]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

RECORDS = Path(__file__).resolve().parents[1] / "records"
LANGUAGES = ["en", "tr", "ru", "uk", "ta", "he"]
# name: (width, height, a phone?)
SIZES = {
    "360x780": (360, 780, True),
    "390x844": (390, 844, True),
    "844x390": (844, 390, True),
    "1920x1080": (1920, 1080, False),
}
# Eight names of 40 characters, of words as long as real ones, in five scripts.
NAMES = [
    "Maximiliana Alexandrova-Rostovskaya Bell",
    "Олена Володимирівна Їжакова-Шевченко Бук",
    "Ayşe Gökçe Şahinoğlu Karaosmanoğlu-Ilgaz",
    "கீதா அருணாசலம் கிருஷ்ணமூர்த்தி ராஜகோபால்",
    "אברהם יהושע בן-דוד רוזנבלום-אייזנברג כהן",
    "Дмитрий Константинович Ростропович-Орлов",
    "Bartholomew Maximilian Fitzgerald-Smythe",
    "Şule Çağlayan Öztürk-Büyükkaraağaçlıoğlu",
]
CIRCLE = "Клуб любителей клабера по четвергам Kadıköy"

# Whatever else is cut, named by where it is: a box that hides what it holds (overflow
# hidden or clip, or an ellipsis) narrower than its content or hiding a line of text below
# its foot, a text box whose value scrolls
# and is not shown whole beside it, an element past either edge of the screen, or a page
# wider than it.
CLIPPED = """(width) => {
  const out = [];
  const where = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className ? '.' + el.className.trim() : '')
    + ' "' + (el.value || el.textContent || '').trim().slice(0, 40) + '"';
  const page = document.documentElement.scrollWidth;
  if (page > width) out.push('the page is ' + page + ' px wide');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('.sr, svg, select, option, script, template') || !el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    if (style.clipPath !== 'none' || el.clientWidth <= 2) continue;
    const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1 && el.textContent.trim())
      out.push(where(el) + ' cut: ' + el.scrollWidth + ' in ' + el.clientWidth);
    // A box that hides what does not fit under it: every line of text in it must show. (But
    // the TV's newest hands, which end where the screen does: the sheet beside holds them all.)
    const foot = el.matches('body.watching #hands');
    if (!foot && style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) {
      const bottom = el.getBoundingClientRect().top + el.clientTop + el.clientHeight;
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const at = n.parentElement;
        if (!n.data.trim() || at.closest('.sr') || !at.checkVisibility()) continue;
        if (at.getBoundingClientRect().bottom > bottom + 1) {
          out.push(where(el) + ' hides ' + where(at) + ' below it');
          break;
        }
      }
    }
    const whole = el.id && document.querySelector(`[data-whole-of="${el.id}"]`);
    const shown = whole && whole.checkVisibility() && whole.textContent === el.value;
    const text = el.matches('input[type=text], input:not([type])');
    if (text && el.scrollWidth > el.clientWidth + 1 && !shown)
      out.push(where(el) + ' scrolls its text, and nothing shows it whole');
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 1 || box.left < -1))
      out.push(where(el) + ' past the screen: ' + [box.left, box.right].map(Math.round));
  }
  return out;
}"""

# Every step of the hand at once, and the dealer's fold open: each pad laid out as a tap
# shows it, measured in one go.
ALL_STEPS = """() => {
  document.querySelectorAll('#hand-form [data-phase]').forEach(p => { p.hidden = false; });
  document.querySelectorAll('#hand-form details').forEach(d => { d.open = true; });
}"""


def seated(variant: str, first: int) -> list[str]:
    seats = VARIANTS[variant].seats
    return [NAMES[(first + i) % len(NAMES)] for i in range(seats)]


def play(game: Game, hands: list[dict[str, Any]]) -> Game:
    for hand in hands:
        game.record_hand(hand)
    game.refresh_from_db()
    return game


def evening() -> dict[str, str]:
    """The circle's games, made through the models: the URL of each page to read."""
    circle = Circle.objects.create(name=CIRCLE)
    base = f"/c/{circle.slug}"
    pages: dict[str, str] = {}
    for first, variant in enumerate(VARIANTS):
        record = json.loads((RECORDS / f"{variant}.json").read_text())
        game = play(Game.create(circle, variant, seated(variant, first)), record["hands"][:3])
        assert not game.is_finished, variant
        progress = HandInProgress.of(game)
        progress.change(progress.token, {"dealer": str(game.next_hand_dealer)})
        pages[variant] = f"{base}/g/{game.slug}/?hands=sheet"
    klaberjass = json.loads((RECORDS / "klaberjass.json").read_text())["hands"][0]
    # Three finished games between the eight (the stats chart's lines), the last one's sheet.
    for seats in ((0, 1, 2, 3), (4, 5, 6, 7), (0, 5, 2, 7)):
        game = Game.create(circle, "klaberjass", [NAMES[s] for s in seats], {"target": 500})
        for n in range(8):
            if not game.is_finished:
                play(game, [{**klaberjass, "dealer": (3 + n) % 4}])
        assert game.is_finished
    pages["finished"] = f"{base}/g/{game.slug}/?hands=sheet"
    pages["new game"] = f"{base}/new?variant=klaberjass&from={game.slug}"
    # The TV's: twenty hands on the sheet beside the hand in progress.
    game = Game.create(circle, "klaberjass", seated("klaberjass", 4), {"target": 10000})
    play(game, [{**klaberjass, "dealer": (3 + n) % 4, "caller": n % 4} for n in range(20)])
    progress = HandInProgress.of(game)
    progress.change(progress.token, {"caller": "1", "trump": "S"})
    # The list of hands (the sheet, asked for on the game pages, is remembered otherwise).
    pages["watch"] = f"/w/{game.watch_slug}/?hands=list"
    pages["stats"] = f"{base}/stats"
    return pages


@pytest.fixture(scope="module")
def site(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[str, dict[str, str]]]:
    from pytest_django.live_server_helper import LiveServer

    with django_db_blocker.unblock():
        pages = evening()
        server = LiveServer("localhost")
        server._live_server_modified_settings.enable()
        try:
            yield server.url, pages
        finally:
            server._live_server_modified_settings.disable()
            server.stop()
            connections.close_all()
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(scope="module")
def contexts(site: tuple[str, dict[str, str]]) -> Iterator[Callable[[str], Any]]:
    """A context per size, opened when first asked for, in the module's Chromium."""
    url, _ = site
    browser = Chromium.launched()
    opened: dict[str, Any] = {}

    def context(size: str) -> Any:
        if size not in opened:
            width, height, phone = SIZES[size]
            opened[size] = browser.new_context(
                viewport={"width": width, "height": height},
                base_url=url,
                is_mobile=phone,
                has_touch=phone,
                # Nothing here is offline: no worker fetching the pages again to keep.
                service_workers="block",
            )
            opened[size].add_init_script(NO_STREAMS)
        return opened[size]

    yield context
    for each in opened.values():
        each.close()
    # The test's transaction began while Playwright's loop was current, so its connection
    # lives in that context: close it here, or the database cannot be dropped.
    connections.close_all()


def read(page: Any, width: int, scope: str = "body") -> list[str]:
    cut = page.evaluate(CUT, [[*NAMES, CIRCLE], scope, width])
    return [*cut, *page.evaluate(CLIPPED, width)]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_name_and_line_is_read_whole(
    site: tuple[str, dict[str, str]], contexts: Callable[[str], Any], language: str, size: str
) -> None:
    url, pages = site
    context = contexts(size)
    context.add_cookies([{"name": "django_language", "value": language, "url": url}])
    page = scripted(context.new_page())
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    width = SIZES[size][0]
    found: dict[str, list[str]] = {}
    try:
        for name, path in pages.items():
            assert page.goto(path).ok, name
            assert page.locator("html").get_attribute("lang") == language
            if name in VARIANTS:
                page.evaluate(ALL_STEPS)
            cut = read(page, width)
            if cut:
                found[name] = cut
            shot = f"all-{language}-{size}-{name.replace(' ', '-')}"
            picture(page, shot, full_page=True)
            if page.locator(".sheet-box:visible").count():
                picture(page.locator(".sheet-box:visible").first, f"{shot}-sheet")
    finally:
        page.close()
    assert not errors, errors
    assert not found, "\n".join(f"{name}: {line}" for name, cut in found.items() for line in cut)

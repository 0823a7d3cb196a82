"""Long names on a 360 px phone and on a TV, in Debian's Chromium (issue 23, item 4): every
name of up to 40 characters is read whole on every pad and line of a Klaberjass hand, its
edit form, the scoreboard's line of the hand in progress and the watch page. A name may
wrap at a space or a hyphen; it is never cut, pushed off the screen or broken inside a word.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from games.models import Circle, Game
from games.models.in_progress import HandInProgress
from tests.web.test_browser import CHROMIUM, phones, picture, step

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SMALL = {"width": 360, "height": 780}
TV = {"width": 1920, "height": 1080}
# Names of 35 to 39 characters, of words as long as real ones, in four scripts.
NAMES = [
    "Maximiliana Alexandrova-Rostovskaya",
    "Олена Володимирівна Їжакова-Шевченко",
    "Gökhan Şahinoğlu Karaosmanoğlu-Yıldırım",
    "அருணாசலம் கிருஷ்ணமூர்த்தி சுப்பிரமணியன்",
]

# Each element showing a piece of a name that is not read whole: cut by its own box or by a
# box round it (scrollWidth past clientWidth, or an ellipsis on a box that overflows), past
# an edge of the screen (the width given, else the page's), or with one of its words
# broken over two lines.
CUT = """([names, scope, screen]) => {
  const width = screen || document.documentElement.clientWidth;
  const words = new Set(names.flatMap(n => n.split(/[\\s-]+/)).filter(w => w.length > 2));
  const out = [];
  const root = document.querySelector(scope);
  if (!root) return ['no ' + scope];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent;
    const el = n.parentElement;
    if (!el.checkVisibility() || el.closest('.sr, option, select')) continue;
    const found = [...words].filter(w => text.includes(w));
    if (!found.length) continue;
    const what = (el.parentElement.closest('[class]') || el).className + ' > ' + el.tagName
      + '.' + el.className + ' "' + text.trim().slice(0, 30) + '"';
    for (let box = el; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        out.push(what + ' cut by ' + box.className);
        break;
      }
    }
    for (const word of found) {
      const at = text.indexOf(word);
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + word.length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const tops = new Set(rects.map(r => Math.round(r.top)));
      if (tops.size > 1) out.push(what + ' breaks "' + word + '"');
      for (const r of rects) {
        if (r.left < -1 || r.right > width + 1) { out.push(what + ' off the screen'); break; }
      }
    }
  }
  return out;
}"""

# How many columns the pad of who called trump has.
COLUMNS = """() => getComputedStyle(document.querySelector('.seat-pad:has(input[name=caller])'))
  .gridTemplateColumns.split(' ').length"""

Phone = Any


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    with phones(live_server) as open_phone:
        yield open_phone


def game_of_long_names() -> Game:
    circle = Circle.objects.create(name="Thursday Klob Club")
    game = Game.create(circle, "klaberjass", NAMES, {}, 0)
    game.record_hand(
        {"dealer": 3, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    )
    game.refresh_from_db()
    return game


def read_whole(page: Any, scope: str) -> None:
    cut = page.evaluate(CUT, [NAMES, scope])
    assert cut == [], "\n".join(cut)


@pytest.mark.parametrize("language", ["en", "ru", "ta"])
def test_every_long_name_is_read_whole_on_the_pads_and_lines_of_a_hand(
    phone: Phone, language: str
) -> None:
    game = game_of_long_names()
    base = f"/c/{game.circle.slug}/g/{game.slug}/"
    page = phone("light", SMALL, locale=language)
    page.goto(base)
    form = page.locator("#hand-form")
    in_progress = page.evaluate(COLUMNS)
    for key in ("before", "during", "after"):
        step(form, key)
        read_whole(page, f"#phase-{key}")
        picture(page, f"names-{language}-{key}", full_page=True)
    read_whole(page, "#scoreboard")
    # The hands below, and the button that undoes the last one, which names its taker.
    read_whole(page, "#hands .undo-form")
    read_whole(page, "#hands .hand-list")

    # The edit form of hand 1, every phase at once.
    page.goto(f"{base}hands/{game.hands.get().pk}/edit")
    read_whole(page, "#hand-form")
    # The same pads, laid out as in the hand in progress: the caller's seats in a column.
    assert page.evaluate(COLUMNS) == in_progress == 1
    picture(page, f"names-{language}-edit", full_page=True)

    # The line of the hand in progress another phone shows: the caller and the trump.
    progress = HandInProgress.of(game)
    progress.fields = {"caller": "2", "trump": "S"}
    progress.version += 1
    progress.save()
    page.goto(base)
    line = page.locator(".progress-line")
    assert NAMES[2] in line.inner_text() and "♠" in line.inner_text()
    read_whole(page, "#scoreboard")
    picture(page.locator("#scoreboard"), f"names-{language}-board")


@pytest.mark.parametrize("language", ["en", "uk"])
def test_on_a_tv_every_long_name_is_read_whole(phone: Phone, language: str) -> None:
    game = game_of_long_names()
    progress = HandInProgress.of(game)
    progress.fields = {"caller": "1", "trump": "D"}
    progress.version += 1
    progress.save()
    page = phone("dark", TV, locale=language)
    page.goto(f"/w/{game.watch_slug}/")
    # The scoreboard, the line of the hand in progress and the hands; the sheet beside them
    # keeps twenty rows of one line each, where a long name is cut.
    read_whole(page, "#scoreboard")
    read_whole(page, "#hands")
    picture(page, f"names-{language}-tv")

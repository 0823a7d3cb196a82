"""A phone turned sideways (844×390), in Debian's Chromium (issue 23, item 8): the scoreboard
sits beside the hand, and every step of every game shows its button (Next, and Save on the last)
without a scroll."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from games.engine.registry import VARIANTS
from games.models import Circle, Game
from tests.web.test_browser import CHROMIUM, phones, picture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

SIDEWAYS = {"width": 844, "height": 390}
NAMES = ["Anna", "Şule", "Олена", "Max"]

Phone = Any


@pytest.fixture
def phone(live_server: Any) -> Iterator[Phone]:
    with phones(live_server) as open_phone:
        yield open_phone


# Where the step's button is (Next, or Save on the last step), with the page scrolled to its
# top, and whether it is the element drawn at its centre (nothing covers it).
BUTTON = """() => {
  window.scrollTo(0, 0);
  const shown = [...document.querySelectorAll('#hand-form button.next, #hand-form button.save')]
    .filter(b => b.checkVisibility());
  return shown.map(b => {
    const r = b.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {save: b.classList.contains('save'), top: r.top, bottom: r.bottom,
            height: innerHeight, drawn: b.contains(top)};
  });
}"""


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_sideways_every_step_shows_save_without_a_scroll(phone: Phone, variant: str) -> None:
    seats = VARIANTS[variant].seats
    game = Game.create(Circle.objects.create(), variant, NAMES[:seats], {}, first_dealer=0)
    for scheme in ("light", "dark"):
        page = phone(scheme, SIDEWAYS)
        page.goto(f"/c/{game.circle.slug}/g/{game.slug}/")
        tabs = page.locator("#hand-form [data-goto]")
        keys = [tabs.nth(i).get_attribute("data-goto") for i in range(tabs.count())] or [""]
        for key in keys:
            if key:
                tabs.locator(f"xpath=self::*[@data-goto='{key}']").click()
                page.locator(f"#phase-{key}").wait_for()
            buttons = page.evaluate(BUTTON)
            assert buttons, (variant, key)
            for where in buttons:
                assert where["top"] >= 0 and where["bottom"] <= where["height"], (
                    variant,
                    key,
                    where,
                )
                assert where["drawn"], (variant, key, where)
            picture(page, f"sideways-{variant}-{key or 'hand'}-{scheme}")
        # The last step's button is Save.
        assert any(b["save"] for b in page.evaluate(BUTTON)), variant

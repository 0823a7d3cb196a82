"""axe-core on every page at a phone's size, light and dark: no serious or critical violation.

Each page is loaded once and checked in both: the phone's colour scheme is switched on the
page as it stands (Chromium re-applies the site's `prefers-color-scheme` styles at once).

axe-core is a test-only asset from the npm registry (tests/web/axe, installed by `make test`),
never served: each page gets it as an init script, which the site's Content-Security-Policy
does not see, so the page is checked exactly as a phone receives it.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from games.engine.registry import VARIANTS as REGISTRY
from games.models import Circle, Game, roster
from tests.web.test_browser import CHROMIUM, EXPECTED, phones

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
if not AXE.exists() and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("axe-core is not installed (make test installs it)", allow_module_level=True)

RECORDS = Path(__file__).resolve().parents[1] / "records"
# Every game the engine offers, so a game added later is checked without a word here; each
# has its record in tests/records (test_every_game_the_registry_offers_has_a_record).
VARIANTS = list(REGISTRY)
SERIOUS = ("serious", "critical")
# The 400 and 404 pages, and a refused import, are answered with their status on purpose.
REFUSED = "Failed to load resource: the server responded with a status of 40"

# The violations of one page: each rule with the elements it found, as axe names them. In
# light every rule runs; switched to dark, the page is the same document with other colours
# (no script of the site reads the colour scheme), so the rules that judge colours run again:
# text contrast, and links told apart from the text around them (axe refuses an unknown
# rule, so a rule renamed in a later axe fails here rather than going unchecked).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
RUN_AXE = """async (colours) => {
  const options = {resultTypes: ["violations"]};
  if (colours) options.runOnly = {type: "rule", values: colours};
  const result = await axe.run(document, options);
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + " " + (n.failureSummary || ""))
  }));
}"""


def game_with_hands(circle: Circle, variant: str, **settings: Any) -> Game:
    """A game of `variant` from its record in tests/records, with its first three hands."""
    record = json.loads((RECORDS / f"{variant}.json").read_text())
    record["hands"] = record["hands"][:3] if not settings else record["hands"]
    record["settings"] |= settings
    return Game.import_record(circle, record)


SCHEMES = ("light", "dark")


class Checker:
    """Runs axe on a phone's pages, each in light and in dark, and keeps what it finds."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.found: list[str] = []
        self.checked = {scheme: 0 for scheme in SCHEMES}

    def check(self, name: str) -> None:
        # The page settled: no htmx request under way (a poll, a step's preview). Waiting for
        # the network to be idle cost half a second a check at least, a minute in all.
        self.page.wait_for_function("() => !document.querySelector('.htmx-request')")
        for scheme in SCHEMES:
            self.page.emulate_media(color_scheme=scheme)
            dark = self.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            assert dark == (scheme == "dark"), name
            self.checked[scheme] += 1
            for violation in self.page.evaluate(
                RUN_AXE, COLOUR_RULES if scheme != SCHEMES[0] else None
            ):
                if violation["impact"] in SERIOUS:
                    nodes = "\n      ".join(violation["nodes"])
                    self.found.append(
                        f"{name} ({scheme}): {violation['id']} [{violation['impact']}] "
                        f"{violation['help']}\n      {nodes}"
                    )
        self.page.emulate_media(color_scheme=SCHEMES[0])

    def visit(self, name: str, path: str) -> None:
        self.page.goto(path)
        self.open_folds()
        self.check(name)

    def open_folds(self) -> None:
        """Every fold open, so what is inside is checked too; the game's menu, which covers
        the page, stays shut (it is checked on its own)."""
        self.page.evaluate(
            "() => document.querySelectorAll('details:not(.menu)').forEach(d => d.open = true)"
        )

    def steps(self, name: str) -> None:
        """The hand form's steps, each opened by its tab (one check for a form without)."""
        tabs = self.page.locator("#hand-form [data-goto]")
        if not tabs.count():
            self.check(name)
        for key in tabs.evaluate_all("tabs => tabs.map(t => t.dataset.goto)"):
            self.page.locator(f"#hand-form [data-goto={key}]").click()
            self.page.locator(f"#phase-{key}").wait_for()
            self.open_folds()
            self.check(f"{name}, step {key}")


def response_with_host(url: str, host: str) -> tuple[int, dict[str, str], bytes]:
    """The server's answer to a request naming another host (Django's 400 page)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port)
    connection.request("GET", "/", headers={"Host": host})
    answer = connection.getresponse()
    return answer.status, dict(answer.getheaders()), answer.read()


@pytest.fixture
def setting(live_server: Any) -> Iterator[tuple[Any, Circle, dict[str, Game]]]:
    circle = Circle.objects.create(name="Friday", time_zone="Europe/Istanbul")
    games = {variant: game_with_hands(circle, variant) for variant in VARIANTS}
    # The record's four hands reach 418: a game to 400 is won.
    finished = game_with_hands(circle, "klaberjass", target=400)
    assert finished.is_finished
    games["finished"] = finished
    # A hand undone: the game page shows it under "Removed hands".
    games["klaberjass"].undo_hand(games["klaberjass"].live_hands().last().pk)
    yield live_server, circle, games


def test_every_game_the_registry_offers_has_a_record() -> None:
    assert "coinche" in VARIANTS
    assert sorted(path.stem for path in RECORDS.glob("*.json")) == sorted(VARIANTS)


def test_no_page_has_a_serious_accessibility_violation_in_light_or_dark(
    setting: tuple[Any, Circle, dict[str, Game]],
) -> None:
    live_server, circle, games = setting
    assert AXE.exists(), "axe-core is missing: `make test` installs it (npm ci in tests/web/axe)"
    c = circle.slug
    with phones(live_server, expected=(*EXPECTED, REFUSED)) as open_phone:
        page = open_phone(SCHEMES[0])
        page.context.add_init_script(path=str(AXE))
        axe = Checker(page)

        axe.visit("home", "/")
        axe.visit("circle", f"/c/{c}/")
        axe.visit("history", f"/c/{c}/?variant=klaberjass&player=Ann")
        axe.visit("stats", f"/c/{c}/stats")
        axe.visit("night", f"/c/{c}/nights/{circle.tonight().isoformat()}/")
        axe.visit("time zone", f"/c/{c}/time-zone")
        first, second = circle.players.order_by("pk")[:2]
        new = roster.add_member(circle, "Zoë")
        axe.visit("roster", f"/c/{c}/roster")
        axe.visit("a member", f"/c/{c}/roster/{first.pk}/")
        axe.visit("merge, whom into", f"/c/{c}/roster/{first.pk}/merge")
        axe.visit("merge, both sat", f"/c/{c}/roster/{first.pk}/merge?into={second.pk}")
        axe.visit("merge, what changes", f"/c/{c}/roster/{new.pk}/merge?into={first.pk}")
        page.get_by_role("button", name="Merge", exact=True).click()
        page.get_by_role("button", name="Undo the merge").wait_for()
        axe.check("merged, with its undo")
        axe.visit("which game", f"/c/{c}/new")
        for variant in VARIANTS:
            axe.visit(f"new {variant} game", f"/c/{c}/new?variant={variant}")
        # A new game refused: two seats with one name.
        page.fill("#id_player_1", page.input_value("#id_player_0"))
        page.get_by_role("button", name="Start").click()
        page.locator(".errorlist").first.wait_for()
        axe.check("new game refused")

        axe.visit("declarations helper", f"/c/{c}/declarations?variant=klaberjass")
        axe.visit("declarations helper, terz", f"/c/{c}/declarations?variant=terz")
        klaberjass = games["klaberjass"]
        verdict = (
            f"/c/{c}/declarations?game={klaberjass.slug}&dealer=3&trump=H&seq0_seat=0"
            "&seq0_length=3&seq0_top=K&seq0_suit=S&seq1_seat=1&seq1_length=4&seq1_top=10&seq1_suit=D"
        )
        axe.visit("declarations helper, a verdict", verdict)
        axe.visit("meld calculator", f"/c/{c}/melds")
        axe.visit("meld calculator, counted", f"/c/{c}/melds?trump=D&c_AD=1&c_KD=2&c_QD=2")
        axe.visit("meld calculator, a problem", f"/c/{c}/melds?trump=D&c_AD=9")

        for variant, game in games.items():
            base = f"/c/{c}/g/{game.slug}/"
            page.goto(base)
            if variant == "finished":
                axe.check("finished game")
                page.locator("details.menu summary").click()
                axe.check("the game's menu")
            else:
                axe.open_folds()
                axe.steps(f"{variant} game")
                # Saved empty: every field still to fill in says so.
                last = page.locator("#hand-form [data-goto]").last
                if last.count():
                    last.click()
                page.locator("#hand-form button.save").click()
                page.locator("#hand-form .errorlist").first.wait_for()
                axe.steps(f"{variant} game, saved empty")
            hand = game.live_hands().first()
            assert hand is not None
            axe.visit(f"{variant} edit", f"{base}hands/{hand.pk}/edit")
            axe.visit(f"{variant} delete", f"{base}hands/{hand.pk}/delete")
            axe.visit(f"{variant} sheet", f"{base}?hands=sheet")
            axe.visit(f"{variant} share", f"{base}share")
            axe.visit(f"{variant} watch", f"/w/{game.watch_slug}/")

        # The circle's page after a file that is no game record.
        page.goto(f"/c/{c}/")
        axe.open_folds()
        page.set_input_files(
            "#id_record", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{"}]
        )
        page.get_by_role("button", name="Import", exact=True).click()
        page.locator(".errors[role=alert]").wait_for()
        axe.open_folds()
        axe.check("import refused")

        axe.visit("offline", "/offline")
        axe.visit("404", f"/c/{'x' * 22}/")
        status, headers, body = response_with_host(live_server.url, "elsewhere.example")
        assert status == 400
        page.route(
            "**/bad-host", lambda route: route.fulfill(status=400, headers=headers, body=body)
        )
        axe.visit("400", "/bad-host")

    assert axe.checked["light"] == axe.checked["dark"] > 60
    assert not axe.found, "\n".join(axe.found)


def test_the_dark_pass_finds_a_contrast_fault_only_dark_has(live_server: Any) -> None:
    """The page switched to dark is judged on its own colours: text that reads in light and
    not in dark is found, in dark alone."""
    assert AXE.exists(), "axe-core is missing: `make test` installs it (npm ci in tests/web/axe)"
    with phones(live_server) as open_phone:
        page = open_phone(SCHEMES[0])
        page.context.add_init_script(path=str(AXE))
        page.goto("/")
        # Through the style sheet's own rules (the site's policy allows no inline style).
        page.evaluate(
            """() => { const sheet = document.styleSheets[0];
              sheet.insertRule("@media (prefers-color-scheme: dark) "
                + "{ h1 { color: #202020 !important; } }", sheet.cssRules.length); }"""
        )
        axe = Checker(page)
        axe.check("home")
        assert axe.checked == {"light": 1, "dark": 1}
        assert [fault.split("]")[0] for fault in axe.found] == [
            "home (dark): color-contrast [serious"
        ]

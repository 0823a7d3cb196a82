"""The browser tests' Chromium flags keep what Playwright's own flags switch off.

Chromium takes the last `--disable-features` it is given and Playwright gives its own list
first, so tests/web/test_browser.py's flag repeats that list: this reads the list from the
installed Playwright and fails when a release changes it, rather than letting the features
Playwright turns off (the media router, paint holding, ...) quietly come back.
"""

from __future__ import annotations

import re
from pathlib import Path

import playwright

from tests.web.test_browser import FLAGS, NO_OMNIBOX, PLAYWRIGHT_DISABLED

BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
LIST = re.compile(r"disabledFeatures = \[(?P<names>.*?)\]", re.DOTALL)


def playwrights_disabled_features() -> list[str]:
    found = LIST.search(BUNDLE.read_text())
    assert found, f"no disabledFeatures list in {BUNDLE}: Playwright's layout changed"
    return re.findall(r'"(\w+)"', found["names"])


def test_our_flag_keeps_every_feature_playwright_switches_off() -> None:
    theirs = playwrights_disabled_features()
    assert "MediaRouter" in theirs  # the list was read, not an empty match
    assert theirs == PLAYWRIGHT_DISABLED


def test_only_one_list_of_features_is_given_and_it_holds_both() -> None:
    given = [flag for flag in FLAGS if flag.startswith("--disable-features=")]
    assert len(given) == 1
    names = given[0].split("=", 1)[1].split(",")
    assert set(PLAYWRIGHT_DISABLED + NO_OMNIBOX) <= set(names)

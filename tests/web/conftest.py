from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management.base import CommandError
from django.core.management.commands import flush
from django.db import OperationalError, connection
from django.utils import translation


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[Any]:
    # Lets the browser fixture know whether the test failed, to keep the page for a look.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def _rate_limits_start_from_zero(request: Any) -> None:
    # Rate-limit counts live in the database cache. A test in a transaction rolls its counts
    # back, but live-server tests commit theirs: clear them so the suite never trips a limit.
    # Only a test with a database of its own is touched, the way pytest-django's own marker
    # fixture does it, so a run without one never reaches a real database.
    if request.node.get_closest_marker("django_db") or "_django_db_helper" in request.fixturenames:
        from django.core.cache import cache

        request.getfixturevalue("_django_db_helper")
        cache.clear()


def tried_again_after_a_deadlock(handle: Any) -> Any:
    """`flush`'s handle, tried again (up to five times in all) when PostgreSQL ended it as
    one side of a deadlock, and only then."""

    def again(self: Any, *args: Any, **options: Any) -> Any:
        for pause in (0.2, 0.4, 0.6, 0.8):
            try:
                return handle(self, *args, **options)
            except CommandError as error:
                cause = error.__cause__
                if not isinstance(cause, OperationalError) or "deadlock detected" not in str(cause):
                    raise
                time.sleep(pause)
        return handle(self, *args, **options)

    return again


@pytest.fixture(scope="session", autouse=True)
def _flush_tries_again_after_a_deadlock() -> Iterator[None]:
    # A transactional test (a live server's) ends with the tables emptied (`flush`). A request
    # its pages sent just before they closed can still be answered by the server's thread at
    # that moment; on PostgreSQL its locks and the TRUNCATE's can then deadlock, and the
    # server ends the TRUNCATE (seen once in CI, on a busy machine). Once the request is
    # answered the flush goes through: it is tried again, for that cause alone.
    original = flush.Command.handle
    flush.Command.handle = tried_again_after_a_deadlock(original)  # type: ignore[method-assign]
    yield
    flush.Command.handle = original  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _language_as_it_was() -> Iterator[None]:
    # A request's LocaleMiddleware leaves its language active in the thread (a page answered
    # 500 never deactivates it), so a test after one asking for Hebrew would read Hebrew.
    yield
    translation.deactivate()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[Any]) -> None:
    # Every test of a browser module is a browser test, marked or not: CI runs the browser
    # part (`-m browser`) and the database part (`-m "not browser"`) apart, and a test of
    # such a module left unmarked would then run in the wrong one.
    for item in items:
        if item.path.name.startswith("test_browser"):
            item.add_marker(pytest.mark.browser)
    # The longest modules go first: CI spreads modules whole over two processes in the order
    # they are collected (`--dist loadfile`), so one begun last would run on alone at the end.
    items.sort(key=lambda item: item.path.name not in LONGEST)


# Each over a minute of one core on this machine (the hostile-input walk about two).
LONGEST = ("test_hostile_input.py", "test_i18n_web_pages.py")


@pytest.fixture(scope="module", autouse=True)
def _one_chromium_per_browser_module(request: Any) -> Iterator[None]:
    # A browser module's tests share one Chromium (each test its own contexts): see
    # `Chromium` in test_browser.py. Other modules start no browser.
    if not request.path.name.startswith("test_browser"):
        yield
        return
    from tests.web.test_browser import Chromium

    with Chromium.for_module():
        yield


@pytest.fixture
def fresh_database_url(tmp_path: Path) -> Iterator[str]:
    """A database of its own, never used, of the kind the tests run on (for commands run in
    another process: a restore, two app servers starting). Needs a transactional test on
    PostgreSQL, where a database is not made inside a transaction."""
    if connection.vendor == "sqlite":
        yield f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        return
    name = f"scorer_fresh_{os.getpid()}"
    settings = connection.settings_dict
    base = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield f"{base}/{name}"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

"""Creating circles and importing are limited per client address (games/ratelimits.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import django_ratelimit.core
import pytest
from django.core.cache import cache, caches
from django.db import connections
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from games.models import Circle
from games.ratelimits import AtomicDatabaseCache, client_address
from tests.web.helpers import assert_security_headers


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    # The limits count in fixed windows: a stopped clock keeps a test's requests inside one.
    now = SimpleNamespace(seconds=1_800_000_000.0)
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now.seconds))
    return now


def create_circle(client: Client, address: str, **headers: Any) -> Any:
    return client.post(reverse("circle_create"), REMOTE_ADDR=address, **headers)


@pytest.mark.django_db
def test_the_eleventh_circle_in_a_minute_from_one_address_is_refused(
    client: Client, clock: SimpleNamespace
) -> None:
    for _ in range(10):
        assert create_circle(client, "203.0.113.7").status_code == 302
    refused = create_circle(client, "203.0.113.7")
    assert refused.status_code == 429
    assert b"Too many at once" in refused.content
    assert b'class="top"' in refused.content and b"css/scorer.css" in refused.content
    assert Circle.objects.count() == 10
    assert create_circle(client, "198.51.100.1").status_code == 302


@pytest.mark.django_db
def test_the_sixty_first_circle_in_an_hour_is_refused(
    client: Client, clock: SimpleNamespace
) -> None:
    # Ten a minute, each minute, is allowed until the hour's sixty are used.
    for _ in range(6):
        for _ in range(10):
            assert create_circle(client, "203.0.113.7").status_code == 302
        clock.seconds += 61
    assert create_circle(client, "203.0.113.7").status_code == 429
    assert Circle.objects.count() == 60


@pytest.mark.django_db
def test_the_twenty_first_import_in_ten_minutes_is_refused(
    client: Client, circle: Circle, clock: SimpleNamespace
) -> None:
    url = reverse("game_import", args=[circle.slug])
    for _ in range(20):
        # A refused record still counts: the limit is on the work of reading uploads.
        assert client.post(url, REMOTE_ADDR="203.0.113.7").status_code == 400
    assert client.post(url, REMOTE_ADDR="203.0.113.7").status_code == 429
    assert client.post(url, REMOTE_ADDR="198.51.100.1").status_code == 400


@pytest.mark.django_db
def test_a_forwarded_address_is_ignored_unless_behind_our_proxy(
    client: Client, clock: SimpleNamespace
) -> None:
    for n in range(10):
        forged = {"HTTP_X_FORWARDED_FOR": f"192.0.2.{n}"}
        assert create_circle(client, "203.0.113.7", **forged).status_code == 302
    forged = {"HTTP_X_FORWARDED_FOR": "192.0.2.99"}
    assert create_circle(client, "203.0.113.7", **forged).status_code == 429


def test_behind_our_proxy_the_address_it_added_is_the_client(settings: Any) -> None:
    settings.BEHIND_TLS_PROXY = True
    request = RequestFactory().post(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="192.0.2.1, 198.51.100.4"
    )
    # The first entry came from the client and could say anything; the last is the proxy's.
    assert client_address(request) == "198.51.100.4"


def test_behind_our_proxy_a_request_without_a_forwarded_address_counts_its_own(
    settings: Any,
) -> None:
    settings.BEHIND_TLS_PROXY = True
    request = RequestFactory().post("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="junk")
    assert client_address(request) == "10.0.0.2"


def test_without_a_proxy_the_connecting_address_is_the_client(settings: Any) -> None:
    settings.BEHIND_TLS_PROXY = False
    request = RequestFactory().post(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.4"
    )
    assert client_address(request) == "10.0.0.2"


# --- A refusal says when to try again; the counts hold under load ---------------------


@pytest.fixture
def stopped_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    import django_ratelimit.core

    # 1_800_000_000 is a whole number of minutes: its minute window ends in 60 s at most.
    clock = type("Clock", (), {"time": staticmethod(lambda: 1_800_000_000.0)})
    monkeypatch.setattr(django_ratelimit.core, "time", clock)


def test_a_refused_import_says_when_to_try_again(
    client: Client, circle: Circle, stopped_clock: None
) -> None:
    url = reverse("game_import", args=[circle.slug])
    for _ in range(20):
        assert client.post(url, REMOTE_ADDR="203.0.113.9").status_code == 400
    refused = client.post(url, REMOTE_ADDR="203.0.113.9")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    assert_security_headers(refused)


def test_a_refused_circle_says_when_its_minute_is_over(
    client: Client, stopped_clock: None, db: Any
) -> None:
    for _ in range(10):
        assert client.post(reverse("circle_create"), REMOTE_ADDR="203.0.113.9").status_code == 302
    refused = client.post(reverse("circle_create"), REMOTE_ADDR="203.0.113.9")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60


def test_the_429_knows_every_limit_the_views_set() -> None:
    import re
    from pathlib import Path

    import games.views
    from games.ratelimits import LIMITS

    views = sorted(Path(games.views.__file__).parent.glob("*.py"))
    source = "".join(path.read_text() for path in views)
    found: dict[str, tuple[str, ...]] = {}
    for group, rate in re.findall(r'@ratelimit\(group="(\w+)", key="ip", rate="([^"]+)"\)', source):
        found[group] = (*found.get(group, ()), rate)
    assert found == LIMITS
    assert source.count("@ratelimit(") == sum(len(rates) for rates in LIMITS.values())


def at_once(count: int, call: Callable[[], Any]) -> list[Any]:
    """`call` in `count` threads released together, each on its own database connection."""
    start = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.mark.django_db(transaction=True)
def test_increments_at_once_each_count() -> None:
    cache.add("counted", 0, 600)

    def count_five() -> list[int]:
        return [cache.incr("counted") for _ in range(5)]

    counts = [n for each in at_once(30, count_five) for n in each]
    assert sorted(counts) == list(range(1, 151))
    assert cache.get("counted") == 150


@pytest.mark.django_db(transaction=True)
def test_thirty_imports_at_once_pass_a_limit_of_twenty_twenty_times(stopped_clock: None) -> None:
    circle = Circle.objects.create()
    url = reverse("game_import", args=[circle.slug])
    statuses = at_once(30, lambda: Client().post(url, REMOTE_ADDR="203.0.113.9").status_code)
    assert sorted(statuses) == [400] * 20 + [429] * 10


@pytest.mark.django_db(transaction=True)
def test_an_increment_keeps_the_entrys_expiry() -> None:
    cache.add("kept", 1, 3600)
    assert cache.incr("kept") == 2
    assert isinstance(caches["default"], AtomicDatabaseCache)
    with connections["default"].cursor() as cursor:
        cursor.execute("SELECT expires FROM scorer_cache WHERE cache_key LIKE %s", ["%kept"])
        (expires,) = cursor.fetchone()
    if timezone.is_naive(expires):
        expires = timezone.make_aware(expires, timezone.UTC)
    # Django's own increment set it to the cache's default, five minutes.
    assert (expires - timezone.now()).total_seconds() > 3000


def test_a_missing_entry_cannot_be_incremented(db: Any) -> None:
    with pytest.raises(ValueError):
        cache.incr("never-added")

"""Creating circles and importing are limited per client address (games/ratelimits.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import django_ratelimit.core
import pytest
from django.test import Client, RequestFactory
from django.urls import reverse

from games.models import Circle
from games.ratelimits import client_address


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

"""The hardening of issue 21, 9: each gap a hostile walk found, closed."""

from __future__ import annotations

import csv
import io
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Circle, Game
from games.pages.history_csv import guarded
from games.pages.score_sheet_csv import as_text
from games.ratelimits import AtomicDatabaseCache

SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def assert_security_headers(response: Any) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response[name] == value, name
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy


# -- links spelled only one way ----------------------------------------------------------------


def gunicorn_get(client: Client, sent: str) -> Any:
    """A GET as gunicorn hands it to Django: the path decoded, the path as sent in RAW_URI."""
    return client.get(sent, RAW_URI=sent)


def test_a_circle_link_with_a_percent_encoded_letter_is_not_found(
    client: Client, circle: Circle
) -> None:
    slug = circle.slug
    assert gunicorn_get(client, f"/c/{slug}/").status_code == 200
    encoded = f"/c/%{ord(slug[0]):02X}{slug[1:]}/"
    assert gunicorn_get(client, encoded).status_code == 404
    assert gunicorn_get(client, f"/%63/{slug}/").status_code == 404
    assert gunicorn_get(client, f"/c/{slug}/?x=%41").status_code == 200


def test_game_and_watch_links_are_served_only_as_spelled(client: Client, game: Game) -> None:
    page = f"/c/{game.circle.slug}/g/{game.slug}/"
    watch = f"/w/{game.watch_slug}/"
    assert gunicorn_get(client, page).status_code == 200
    assert gunicorn_get(client, watch).status_code == 200
    last = game.slug[-1]
    assert gunicorn_get(client, f"{page[: -len(last) - 1]}%{ord(last):02x}/").status_code == 404
    assert gunicorn_get(client, watch.replace("/w/", "/%77/")).status_code == 404


# -- cookies -----------------------------------------------------------------------------------


def test_the_language_and_hands_cookies_are_secure_in_production(
    client: Client, game: Game
) -> None:
    response = client.post(reverse("set_language"), {"language": "tr", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["secure"] is True
    page = reverse("game", args=[game.circle.slug, game.slug])
    response = client.get(page, {"hands": "sheet"})
    assert response.cookies["hands"]["secure"] is True
    assert response.cookies["hands"]["httponly"] is True


# -- security headers on every answer -----------------------------------------------------------


@pytest.mark.django_db
def test_a_host_not_allowed_is_answered_with_the_security_headers(client: Client) -> None:
    response = client.get("/", HTTP_HOST="elsewhere.example")
    assert response.status_code == 400
    assert_security_headers(response)


def test_a_static_file_has_the_content_security_policy(client: Client) -> None:
    response = client.get("/static/css/scorer.css")
    assert response.status_code == 200
    assert_security_headers(response)


@pytest.mark.django_db
def test_a_page_keeps_its_own_headers(client: Client) -> None:
    response = client.get("/")
    assert_security_headers(response)
    assert response["Content-Security-Policy"].count("default-src") == 1


# -- rate limits --------------------------------------------------------------------------------


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


# -- watching -----------------------------------------------------------------------------------


def test_head_on_a_watch_link_is_answered_as_get(client: Client, game: Game) -> None:
    for name in ("watch", "watch_live"):
        url = reverse(name, args=[game.watch_slug])
        head = client.head(url)
        assert head.status_code == client.get(url).status_code == 200, name
        assert head.content == b""
        assert client.post(url).status_code == 403


# -- spreadsheets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "＝HYPERLINK(1)",  # full-width equals
        "＋1",
        "－1",
        "＠SUM(A1)",
        "﹦1",  # small forms
        "﹢1",
        "﹣1",
        "﹫A1",
        " =1",  # after a space, which some spreadsheets drop
        "\u3000＝1",  # after an ideographic space
        "\tDov",
        "\rDov",
        "\nDov",
    ],
)
def test_every_formula_start_is_written_as_text(name: str) -> None:
    assert as_text(name) == "'" + name
    assert guarded(name) == "'" + name


@pytest.mark.parametrize("name", ["Ann", "Ann=1", "Şule ♠", "＄1", "", " "])
def test_other_text_is_written_as_it_is(name: str) -> None:
    assert as_text(name) == name
    assert guarded(name) == name


def test_the_history_download_escapes_a_full_width_equals(client: Client, circle: Circle) -> None:
    Game.create(circle, "klaberjass", ["＝HYPERLINK(1)", "Ben", "Cleo", "Dov"], {"target": 500})
    response = client.get(reverse("history_export", args=[circle.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    cells = [cell for row in rows[1:] for cell in row]
    assert any(cell.startswith("'＝HYPERLINK(1)") for cell in cells), cells
    assert not any(cell.startswith("＝") for cell in cells)

"""Two app servers on one database, as behind a load balancer (ARCHITECTURE.md, "Scaling out").

Two gunicorn instances, on two ports, share the test database. Phones on either record into
the same games at once; nothing is stored twice or lost, every hand scores as it would from
scratch, and a watcher on one server sees a hand saved on the other within 3 seconds.

Each server keeps its own rows cache in its memory; the database is all they share.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections

from games.models import Circle, Game, Hand, HandInProgress

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Ann", "Ben", "Cleo", "Dov"]


def database_url() -> str:
    """The test database (already migrated by the test run) as the servers' DATABASE_URL."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{Path(db['NAME']).resolve()}"
    password = f":{urllib.parse.quote(db['PASSWORD'])}" if db["PASSWORD"] else ""
    user = f"{urllib.parse.quote(db['USER'])}{password}@" if db["USER"] else ""
    return f"postgres://{user}{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scorer.wsgi",
            "--workers=2",
            f"--bind=127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_until_serving(url: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server stopped: {server.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer within 30 seconds")


@pytest.fixture(scope="module")
def servers(django_db_setup: Any, django_db_blocker: Any) -> Iterator[tuple[str, str]]:
    """Two servers' base URLs. Both read and write the test database.

    Started once for the module (a start is about ten seconds of both cores): each test
    plays its own new games, and the servers hold no connection between requests
    (CONN_MAX_AGE=0), so the database is emptied after each test under them.
    """
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "scorer.settings",
        "SECRET_KEY": "two-servers-share-one-secret-as-behind-a-load-balancer",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_FROM_FINDERS": "true",
        "CONN_MAX_AGE": "0",  # the test database is emptied and dropped after the test
        "LOG_LEVEL": "ERROR",
    }
    with django_db_blocker.unblock():
        connections.close_all()
    ports = free_port(), free_port()
    started = [start_server(port, env) for port in ports]
    try:
        urls = tuple(f"http://127.0.0.1:{port}" for port in ports)
        for url, server in zip(urls, started, strict=True):
            wait_until_serving(url + "/", server)
        yield urls[0], urls[1]
    finally:
        for server in started:
            server.terminate()
        for server in started:
            server.wait(timeout=30)
        with django_db_blocker.unblock():
            connections.close_all()


@dataclass
class Phone:
    """A phone with its own cookies, talking to one of the servers."""

    server: str
    game: Game

    def __post_init__(self) -> None:
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    @property
    def base(self) -> str:
        return f"{self.server}/c/{self.game.circle.slug}/g/{self.game.slug}/"

    def open(self) -> str:
        """The game page; returns the hand in progress's token it shows."""
        with self.opener.open(self.base, timeout=20) as response:
            page = response.read().decode()
        found = re.search(r'id="progress-state" hidden data-token="([0-9a-f]+)"', page)
        assert found, "the game page shows the hand in progress"
        return found.group(1)

    @property
    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.cookies)

    def save(self, key: str, token: str = "", points: int = 90) -> int:
        """Posts a Klaberjass hand as the page's form does; returns the status."""
        return self.post_hand(key, token, points)[0]

    def post_hand(self, key: str, token: str = "", points: int = 90) -> tuple[int, str]:
        """Posts a Klaberjass hand as the page's form does; returns the status and page."""
        csrf = next(c.value for c in self.cookies if c.name == "csrftoken")
        body = urllib.parse.urlencode(
            {
                "dealer": 0,
                "caller": 0,
                "trump": "S",
                "points_0": points,
                "points_1": 152 - points,
                "last_trick": 0,
                "key": key,
                "token": token,
            }
        ).encode()
        request = urllib.request.Request(
            self.base + "hands",
            data=body,
            # The cookies are marked Secure (production settings), which a client keeps off
            # plain HTTP; here the servers stand for the app servers behind TLS.
            headers={"X-CSRFToken": csrf, "HX-Request": "true", "Cookie": self.cookie_header},
        )
        try:
            with self.opener.open(request, timeout=20) as response:
                return int(response.status), response.read().decode()
        except urllib.error.HTTPError as refused:
            return int(refused.code), refused.read().decode()


def new_game() -> Game:
    return Game.create(Circle.objects.create(), "klaberjass", PLAYERS, {"target": 10**9})


def all_at_once(*calls: Any) -> list[Any]:
    """Runs the calls in threads released together; returns their results in order."""
    results: list[Any] = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i: int, call: Any) -> None:
        start.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def assert_whole(game: Game, hands: int) -> None:
    """Numbered 1..hands with no gap or repeat, no key twice, and every total as a scoring
    of the whole game from scratch gives it."""
    game.refresh_from_db()
    stored = list(game.live_hands())
    assert [hand.number for hand in stored] == list(range(1, hands + 1))
    keys = [hand.idempotency_key for hand in stored]
    assert len(set(keys)) == len(keys)
    scratch = game.score([hand.facts for hand in stored])
    assert [list(h.totals) for h in scratch.hands] == [hand.totals for hand in stored]
    assert list(scratch.totals) == game.totals and game.hand_count == hands


def test_four_phones_on_two_servers_saving_one_hand_store_it_once(
    servers: tuple[str, str],
) -> None:
    """Each round, two phones on each server save the same hand in progress at the same
    moment: one save is stored, the three others are told another phone saved it (409)."""
    game = new_game()
    phones = [Phone(servers[i % 2], game) for i in range(4)]
    for round_ in range(6):
        tokens = [phone.open() for phone in phones]
        assert len(set(tokens)) == 1, "every phone sees the same hand in progress"
        statuses = all_at_once(
            *(
                lambda p=phone, key=f"r{round_}-p{i}", token=tokens[i], points=80 + round_: p.save(
                    key, token, points
                )
                for i, phone in enumerate(phones)
            )
        )
        assert sorted(statuses) == [200, 409, 409, 409], statuses
    assert_whole(game, 6)


def test_phones_on_two_servers_recording_into_many_games_lose_and_double_nothing(
    servers: tuple[str, str],
) -> None:
    """Six phones, three on each server, each save into five games in turn; every save that
    is retried (a bad signal: sent again, to the other server) is stored once."""
    games = [new_game() for _ in range(5)]
    phones = [[Phone(servers[(p + g) % 2], game) for g, game in enumerate(games)] for p in range(6)]
    for row in phones:
        for phone in row:
            phone.open()

    def play(p: int) -> list[int]:
        statuses = []
        for turn in range(3):
            for g, phone in enumerate(phones[p]):
                key = f"p{p}-g{g}-t{turn}"
                statuses.append(phone.save(key, points=70 + (p * 3 + turn) % 20))
                # The same save again through the other server: the key makes it a no-op.
                other = phones[(p + 1) % 6][g]
                statuses.append(other.save(key, points=70 + (p * 3 + turn) % 20))
        return statuses

    results = all_at_once(*(lambda p=p: play(p) for p in range(6)))
    assert all(status == 200 for statuses in results for status in statuses), results
    for game in games:
        assert_whole(game, 6 * 3)
    assert Hand.objects.filter(game__in=games).count() == 5 * 6 * 3


def next_hand(page: str) -> tuple[str, str]:
    """The hand an answer's next-hand form opens ("Hand 3") and the token it carries."""
    form = re.search(
        r'<section id="hand-form"[^>]*data-token="([0-9a-f]+)"[^>]*>\s*<h2>([^<]+)<', page
    )
    assert form, "the answer opens the next hand's form"
    return form.group(2).strip(), form.group(1)


def test_a_save_and_its_replay_at_once_on_two_servers_both_open_the_next_hand(
    servers: tuple[str, str],
) -> None:
    """Each round one phone's save and its replay (the same key and token: a retry after a
    lost answer) reach the two servers at the same moment. Both answers say the hand was
    saved, and both open the next hand on the token it really has, so the outbox can send
    the next waiting hand on either answer."""
    game = new_game()
    phones = [Phone(servers[0], game), Phone(servers[1], game)]
    for round_ in range(1, 21):
        token = phones[0].open()
        phones[1].open()
        answers = all_at_once(
            *(lambda p=p, k=f"replayed-{round_}", t=token: p.post_hand(k, t) for p in phones)
        )
        now = (f"Hand {round_ + 1}", HandInProgress.of(game).token)
        for status, page in answers:
            assert status == 200, (round_, status)
            assert f"Hand {round_} saved" in page
            assert next_hand(page) == now, f"round {round_}: the answer opened another hand"
    assert_whole(game, 20)


def test_a_late_save_on_the_other_server_opens_the_hand_after_the_one_saved(
    servers: tuple[str, str],
) -> None:
    """Each round two phones, one on each server, save the same hand in progress at once:
    one is stored, the other told so (409), and both answers open the next hand on its
    current token."""
    game = new_game()
    phones = [Phone(servers[0], game), Phone(servers[1], game)]
    for round_ in range(1, 21):
        token = phones[0].open()
        phones[1].open()
        answers = all_at_once(
            *(
                lambda p=p, k=f"r{round_}-p{i}", t=token: p.post_hand(k, t)
                for i, p in enumerate(phones)
            )
        )
        assert sorted(status for status, _ in answers) == [200, 409], (round_, answers[0][0])
        now = (f"Hand {round_ + 1}", HandInProgress.of(game).token)
        for status, page in answers:
            assert next_hand(page) == now, f"round {round_}: the {status} opened another hand"
        refused = next(page for status, page in answers if status == 409)
        assert f"Another phone just saved hand {round_}" in refused
    assert_whole(game, 20)


@pytest.mark.browser
def test_a_watcher_on_one_server_sees_a_hand_saved_on_the_other_within_3_seconds(
    servers: tuple[str, str],
) -> None:
    from tests.web.test_browser import CHROMIUM, FLAGS

    if not shutil.which(CHROMIUM):
        if os.environ.get("REQUIRE_BROWSER"):
            raise AssertionError("REQUIRE_BROWSER is set and Debian's chromium is missing")
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    game = new_game()
    phone = Phone(servers[0], game)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        watcher = browser.new_page(viewport={"width": 390, "height": 844})
        watcher.goto(f"{servers[1]}/w/{game.watch_slug}/")
        for number in (1, 2, 3):
            # Let the watcher's poll settle into its 2-second rhythm at a random phase.
            time.sleep(0.7 * number)
            token = phone.open()
            assert phone.save(f"watched-{number}", token) == 200
            saved = time.monotonic()
            hand = Hand.objects.get(game=game, number=number)
            watcher.locator(f"#hand-{hand.pk}").wait_for(timeout=3000)
            seen = time.monotonic() - saved
            assert seen <= 3, f"hand {number} was seen after {seen:.1f} s"
        progress = HandInProgress.of(game)
        assert progress.change(progress.token, {"trump": "H"})
        watcher.locator(".progress-line", has_text="Hand 4 · trump ♥").wait_for(timeout=3000)
        # Connections opened while Playwright runs belong to its context: close them here.
        connections.close_all()
        browser.close()

"""Streams held by Scorer's gunicorn worker (scorer/stream_worker.py), as `make lan` and the
container serve them: a tap answered by the server reaches every stream it holds, whichever
worker holds it; a save on one app server reaches a stream held by another; a page that
closes its stream frees its socket at once; the answer is neither chunked nor kept alive,
so nothing but the socket's closing ends it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from games.models import HandInProgress
from tests.web.test_two_servers import (
    Phone,
    database_url,
    free_port,
    new_game,
    servers,  # noqa: F401 (a fixture)
    start_server,
    wait_until_serving,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def server(
    django_db_setup: Any, django_db_blocker: Any
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """One gunicorn server (two workers) on the test database, as `make lan` runs it: once
    for the module, as the two servers are (test_two_servers.py)."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "scorer.settings",
        "SECRET_KEY": "streams-test",
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_FROM_FINDERS": "true",
        "CONN_MAX_AGE": "0",
        "LOG_LEVEL": "ERROR",
    }
    with django_db_blocker.unblock():
        connections.close_all()
    port = free_port()
    started = start_server(port, env)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_serving(url + "/", started)
        yield url, started
    finally:
        started.terminate()
        started.wait(timeout=30)
        with django_db_blocker.unblock():
            connections.close_all()


class RawStream:
    """A stream read from a socket, as a browser's EventSource reads it."""

    def __init__(self, base: str, path: str) -> None:
        parts = urllib.parse.urlsplit(base)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            "Accept-Encoding: gzip\r\n\r\n".encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.fill()
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        self.head = head.decode().lower()

    def fill(self) -> None:
        chunk = self.sock.recv(4096)
        if not chunk:
            raise EOFError("the server closed the stream")
        self.buffer += chunk

    def whole(self) -> str:
        """The next event's text, its lines joined (heartbeats and the retry skipped)."""
        while True:
            while b"\n\n" not in self.buffer:
                self.fill()
            block, _, self.buffer = self.buffer.partition(b"\n\n")
            lines = block.decode().split("\n")
            data = [line.removeprefix("data: ") for line in lines if line.startswith("data: ")]
            if data:
                return "\n".join(data)

    def next(self) -> str:
        """What the next event says changed (its first line)."""
        return self.whole().split("\n")[0]

    def close(self) -> None:
        self.sock.close()


def stream_path(game: Any) -> str:
    return f"/c/{game.circle.slug}/g/{game.slug}/stream"


def tap(phone: Phone, **fields: str) -> None:
    """One tap on the hand in progress, as the page's script sends it."""
    token = HandInProgress.of(phone.game).token
    csrf = next(c.value for c in phone.cookies if c.name == "csrftoken")
    request = urllib.request.Request(
        phone.base + "progress",
        data=urllib.parse.urlencode({"token": token, **fields}).encode(),
        headers={"X-CSRFToken": csrf, "Cookie": phone.cookie_header},
    )
    with phone.opener.open(request, timeout=20) as response:
        assert response.status == 200


def worker_sockets(master: subprocess.Popen[bytes]) -> int:
    """How many sockets the server's workers hold open."""
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    assert children
    count = 0
    for child in children:
        for fd in Path(f"/proc/{child}/fd").iterdir():
            try:
                count += os.readlink(fd).startswith("socket:")
            except OSError:
                continue
    return count


def test_a_tap_reaches_every_stream_the_worker_holds(server: tuple[str, Any]) -> None:
    url, _ = server
    game = new_game()
    phone = Phone(url, game)
    phone.open()
    held = [RawStream(url, stream_path(game)) for _ in range(3)]
    try:
        for stream in held:
            assert stream.head.startswith("http/1.1 200")
            # Ended by the socket's closing alone, never compressed.
            assert "transfer-encoding" not in stream.head
            assert "content-encoding" not in stream.head
            assert "connection: close" in stream.head
            assert "x-accel-buffering: no" in stream.head
            assert stream.next() == f"v{game.version} d{HandInProgress.of(game).version}"
        tap(phone, trump="S")
        done = HandInProgress.of(game).version
        told = [stream.whole() for stream in held]
        assert [text.split("\n")[0] for text in told] == [f"d{done}"] * 3
        # With what the phones would fetch, whole, to each.
        assert len(set(told)) == 1
        assert told[0].count("\n") > 2 and told[0].rstrip().endswith("</div>")
    finally:
        for stream in held:
            stream.close()


def test_a_page_closing_its_stream_frees_its_socket_at_once(server: tuple[str, Any]) -> None:
    url, master = server
    game = new_game()
    held = [RawStream(url, stream_path(game)) for _ in range(5)]
    for stream in held:
        stream.next()
    # Each worker's listening socket, opened with its first stream, stays (a kept-alive
    # connection of the server's start may close meanwhile).
    during = worker_sockets(master)
    for stream in held:
        stream.close()
    deadline = time.monotonic() + 3
    while worker_sockets(master) > during - 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert worker_sockets(master) <= during - 5


def test_no_stream_is_held_for_a_game_of_another_circle(server: tuple[str, Any]) -> None:
    url, master = server
    game = new_game()
    other = new_game()
    before = worker_sockets(master)
    with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1])), timeout=10) as s:
        s.sendall(
            f"GET /c/{other.circle.slug}/g/{game.slug}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Connection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 404")
    deadline = time.monotonic() + 5
    while worker_sockets(master) > before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert worker_sockets(master) <= before


def test_a_save_on_one_server_reaches_a_stream_held_by_another(
    servers: tuple[str, str],  # noqa: F811
) -> None:
    """Through PostgreSQL's NOTIFY; on SQLite, through the machine's sockets."""
    first, second = servers
    game = new_game()
    held = [RawStream(first, stream_path(game)) for _ in range(2)]
    try:
        for stream in held:
            stream.next()
        phone = Phone(second, game)
        token = phone.open()
        began = time.monotonic()
        assert phone.save("k1", token) == 200
        game.refresh_from_db()
        for stream in held:
            told = {stream.next(), stream.next()}  # the game, and its hand in progress
            assert f"v{game.version}" in told
        assert time.monotonic() - began < 3
        # A tap's event carries its scoreboard across too (a notification's payload, or a
        # datagram on SQLite).
        phone.open()
        tap(phone, trump="H")
        done = HandInProgress.of(game)
        for stream in held:
            said, fits, html = stream.whole().split("\n", 2)
            assert (said, fits.split()[:2]) == (
                f"d{done.version}",
                [f"v{game.version}", f"t{done.token}"],
            )
            assert f'data-d="{done.version}"' in html
    finally:
        for stream in held:
            stream.close()

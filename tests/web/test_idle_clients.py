"""No idle or slow client stalls the server (scorer/gunicorn_worker.py, issue 21).

The server is started as `make lan` starts it (scorer/lan.py's command and environment, so
gunicorn.conf.py's worker and limits), on loopback only. Connections that send nothing, half a
head or half a body, more of them than the server has threads, are held open while other
phones open pages: each is answered within a second.
"""

from __future__ import annotations

import contextlib
import os
import runpy
import selectors
import socket
import statistics
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections

from games.models import Circle
from scorer import lan
from scorer.gunicorn_worker import MAX_BODY, Limits, Request, Scanner, request_state
from tests.web.test_two_servers import database_url, free_port, wait_until_serving

WORKERS, THREADS = 2, 4  # scorer/lan.py and gunicorn.conf.py
LIMITS = Limits(line=100, field=200, fields=5, head=8192, body=MAX_BODY)


@pytest.fixture
def lan_server(transactional_db: Any) -> Iterator[tuple[int, Circle]]:
    circle = Circle.objects.create()
    port = free_port()
    env = {
        **os.environ,
        **lan.environment([], port, "idle-clients-test-secret-" * 3),
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "scorer.settings",
        "STATIC_FROM_FINDERS": "true",
        "CONN_MAX_AGE": "0",  # the test database is dropped after the test
    }
    command = lan.server_command(f"127.0.0.1:{port}")
    assert "--config" in command and command[command.index("--workers") + 1] == str(WORKERS)
    connections.close_all()
    server = subprocess.Popen(
        command, cwd=lan.BASE_DIR, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        wait_until_serving(f"http://127.0.0.1:{port}/", server)
        yield port, circle
    finally:
        server.terminate()
        server.wait(timeout=30)
        connections.close_all()


def connect(port: int) -> socket.socket:
    client = socket.create_connection(("127.0.0.1", port), timeout=10)
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return client


def get(port: int, path: str) -> tuple[float, bytes]:
    """A whole GET on a new connection; the seconds until its answer was in, and its head."""
    started = time.monotonic()
    with connect(port) as client:
        client.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()
        )
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    return time.monotonic() - started, answer.split(b"\r\n\r\n", 1)[0]


def test_idle_and_half_sent_connections_do_not_keep_others_waiting(
    lan_server: tuple[int, Circle],
) -> None:
    port, circle = lan_server
    held: list[socket.socket] = []
    each = 3 * WORKERS * THREADS  # of each kind: three times the server's threads
    try:
        for _ in range(each):
            held.append(connect(port))  # sends nothing
            half_head = connect(port)
            half_head.sendall(b"GET /c/" + circle.slug.encode() + b"/ HTTP/1.1\r\nHost: 127")
            held.append(half_head)
            half_body = connect(port)
            half_body.sendall(
                b"POST /circles/new HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 1000\r\n\r\nname=Half"
            )
            held.append(half_body)
        times = []
        for n in range(20):
            took, head = get(port, f"/c/{circle.slug}/" if n % 2 else "/")
            assert head.startswith(b"HTTP/1.1 200"), head
            times.append(took)
        assert max(times) <= 1.0, times
        # The half-sent request, finished, is answered as any other.
        held[1].sendall(b".0.0.1\r\nConnection: close\r\n\r\n")
        held[1].settimeout(10)
        assert held[1].recv(65536).startswith(b"HTTP/1.1 200")
        # The idle ones are still open: nothing answered or closed them meanwhile.
        held[0].setblocking(False)
        with pytest.raises(BlockingIOError):
            held[0].recv(1)
        print(
            f"\n{len(held)} held; of {len(times)} requests the median took "
            f"{statistics.median(times) * 1000:.0f} ms, the slowest {max(times) * 1000:.0f} ms"
        )
    finally:
        for client in held:
            client.close()


def test_a_head_or_body_too_large_is_refused_without_waiting(
    lan_server: tuple[int, Circle],
) -> None:
    port, _ = lan_server
    with connect(port) as client:
        # The refusal reaches a client still sending its body, as a browser uploading would.
        client.sendall(
            b"POST /circles/new HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Length: " + str(MAX_BODY + 1).encode() + b"\r\n\r\n" + b"x" * 200_000
        )
        with contextlib.suppress(OSError):
            client.sendall(b"x" * 200_000)
        assert client.recv(65536).startswith(b"HTTP/1.1 413")
    with connect(port) as client:
        client.sendall(b"GET / HTTP/1.1\r\n" + b"X-Long: " + b"a" * 70_000)
        assert client.recv(65536).startswith(b"HTTP/1.1 4")


@pytest.mark.parametrize(
    ("data", "state"),
    [
        (b"", Request.WAITING),
        (b"GET / HTTP/1.1\r\nHost: a\r\n", Request.WAITING),
        (b"GET / HTTP/1.1\r\nHost: a\r\n\r\n", Request.WHOLE),
        (b"\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", Request.WHOLE),
        (b"GET / HTTP/1.1\nHost: a\n\n", Request.MALFORMED),
        (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nabc", Request.WAITING),
        (b"POST / HTTP/1.1\r\ncontent-length: 5\r\n\r\nabcde", Request.WHOLE),
        (b"POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nabcdeGET", Request.WHOLE),
        (b"POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n", Request.MALFORMED),
        (b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", Request.MALFORMED),
        (b"POST / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n", Request.BODY_TOO_LARGE),
        (b"POST / HTTP/1.1\r\nContent-Length: 1\r\n\r\n", Request.WAITING),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", Request.MALFORMED),
        (
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
            Request.MALFORMED,
        ),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab", Request.WAITING),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n", Request.WAITING),
        (
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n0\r\n\r\n",
            Request.WHOLE,
        ),
        (
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nTrailer: 1\r\n",
            Request.WAITING,
        ),
        (
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nTrailer: 1\r\n\r\n",
            Request.WHOLE,
        ),
        (b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", Request.MALFORMED),
        (b"GET / HTTP/1.1\r\nX: " + b"a" * 300, Request.HEAD_TOO_LARGE),
        (b"GET / HTTP/1.1\r\n" + b"X: a\r\n" * 6 + b"\r\n", Request.HEAD_TOO_LARGE),
        (b"GET /" + b"a" * 200, Request.LINE_TOO_LONG),
        (b"\r\n\r\nGET / HTTP/1.1\r\n\r\n", Request.MALFORMED),
    ],
)
def test_the_loop_knows_when_a_request_is_whole(data: bytes, state: Request) -> None:
    assert request_state(data, LIMITS) is state


def test_a_request_sent_a_byte_at_a_time_is_followed_to_its_end() -> None:
    data = (
        b"POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        b"3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
    )
    scanner = Scanner(LIMITS)
    states = [scanner.state(data[:n]) for n in range(1, len(data) + 1)]
    assert states == [Request.WAITING] * (len(data) - 1) + [Request.WHOLE]
    data = b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"
    scanner = Scanner(LIMITS)
    states = [scanner.state(data[:n]) for n in range(1, len(data) + 1)]
    assert states == [Request.WAITING] * (len(data) - 1) + [Request.WHOLE]


def read_answers(client: socket.socket, count: int) -> list[bytes]:
    """The status lines of `count` answers on a kept-alive connection."""
    client.settimeout(10)
    data, statuses = b"", []
    while len(statuses) < count:
        while b"\r\n\r\n" not in data:
            chunk = client.recv(65536)
            assert chunk, f"closed after {statuses}"
            data += chunk
        head, data = data.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        statuses.append(status)
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            ),
            0,
        )
        while len(data) < length:
            data += client.recv(65536)
        data = data[length:]
    return statuses


def test_a_kept_alive_connection_is_answered_request_after_request(
    lan_server: tuple[int, Circle],
) -> None:
    port, circle = lan_server
    request = f"GET /c/{circle.slug}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    with connect(port) as client:
        for _ in range(3):  # one after another, as a phone's polls
            client.sendall(request)
            assert read_answers(client, 1) == [b"HTTP/1.1 200 OK"]
        # Two at once, the second's head split: both answered, in order.
        client.sendall(request + request[:20])
        client.sendall(request[20:])
        assert read_answers(client, 2) == [b"HTTP/1.1 200 OK"] * 2


def test_a_body_waiting_to_be_asked_for_is_asked_for_once(
    lan_server: tuple[int, Circle],
) -> None:
    port, _ = lan_server
    with connect(port) as client:
        client.sendall(
            b"POST /circles/new HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\n"
        )
        assert read_answers(client, 1) == [b"HTTP/1.1 100 Continue"]
        client.sendall(b"name=Asks")
        # The form had no CSRF token: refused in the site's words, with no second 100.
        assert read_answers(client, 1) == [b"HTTP/1.1 403 Forbidden"]


def test_a_chunked_body_sent_in_pieces_is_answered_when_whole(
    lan_server: tuple[int, Circle],
) -> None:
    port, _ = lan_server
    with connect(port) as client:
        client.sendall(
            b"POST /circles/new HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n\r\n5\r\nname="
        )
        client.sendall(b"\r\n3\r\nAnn\r\n0\r\n")
        started = time.monotonic()
        client.sendall(b"\r\n")
        assert read_answers(client, 1) == [b"HTTP/1.1 403 Forbidden"]
        assert time.monotonic() - started <= 1.0


@pytest.fixture
def worker() -> Iterator[Any]:
    """The worker, in this process, with its poller and queue but no threads or listeners."""
    from gunicorn.config import Config

    from scorer import gunicorn_worker

    cfg = Config()
    for name, value in runpy.run_path(str(lan.BASE_DIR / "gunicorn.conf.py")).items():
        if name in cfg.settings:
            cfg.set(name, value)
    made = gunicorn_worker.WholeRequestWorker(1, os.getpid(), [], None, 30, cfg, None)
    made.poller = selectors.DefaultSelector()
    made.method_queue.init()
    yield made
    made.poller.close()
    made.method_queue.close()
    made.tmp.close()


def test_a_connection_that_has_not_sent_its_request_in_time_is_closed(
    worker: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorer import gunicorn_worker

    now = [1000.0]
    monkeypatch.setattr(gunicorn_worker.time, "monotonic", lambda: now[0])
    quiet, half = socket.socketpair(), socket.socketpair()
    half[1].sendall(b"GET / HTTP/1.1\r\nHost: 127")  # the client end sends half a head
    for server_side, _ in (quiet, half):
        worker.nr_conns += 1
        worker.read_request(gunicorn_worker.WholeRequestConn(worker.cfg, server_side, "x", "y"))
    for key, _ in worker.poller.select(0):
        key.data(key.fileobj)  # the loop reads what was sent
    assert len(worker.reading) == 2 and bytes(worker.reading[1].received).endswith(b"127")
    now[0] += gunicorn_worker.READ_SECONDS - 1
    worker.murder_pending()
    assert len(worker.reading) == 2
    now[0] += 1
    worker.murder_pending()
    assert not worker.reading and worker.nr_conns == 0
    for _, client in (quiet, half):
        client.settimeout(5)
        assert client.recv(1) == b""  # closed
        client.close()


def test_a_circle_link_spelled_with_an_escape_is_not_found_through_gunicorn(
    lan_server: tuple[int, Circle],
) -> None:
    # gunicorn decodes the path before Django sees it; the middleware reads it as sent.
    port, circle = lan_server
    slug = circle.slug
    assert get(port, f"/c/{slug}/")[1].startswith(b"HTTP/1.1 200")
    assert get(port, f"/c/%{ord(slug[0]):02X}{slug[1:]}/")[1].startswith(b"HTTP/1.1 404")

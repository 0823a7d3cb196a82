"""Telling the pages that hold a stream that their game or night changed (ARCHITECTURE.md,
"Push: the pages' streams").

A change is announced in the transaction that saves it, by topic ("g12": game 12, "n3": club
night 3) with a short text (the version it reached). On PostgreSQL it is a `pg_notify`
inside that transaction: the database delivers it at commit, to every app server, and never
for a change rolled back. Each process that holds streams listens on one connection of its
own (a thread), however many streams it holds, and calls the subscribers of the topic.

On SQLite (one machine) it is handed on after commit (`transaction.on_commit`): to this
process's subscribers directly, and to the other processes on the same database file (the
server's other workers) as a datagram to each one's Unix socket, in a folder of the system's
temporary directory named after the database file; each such process listens on its socket
with a thread, as on PostgreSQL.

A subscriber is a callable of (topic, text); it is called on the listening thread (or the
thread that committed, on SQLite) and must not block: a server's loop defers it, a thread
holding a stream puts it in its queue.

A text's first line says what changed; a change may also carry, on the lines after it, what
every phone would fetch because of it (a tap: the scoreboard and the hand in progress,
rendered once by the request that made it), so the phones need not ask. A request that
wants to add it holds its announcements back (`held_back`) and makes them itself, with what
it rendered, before its transaction ends.
"""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.db import connection, transaction

log = logging.getLogger(__name__)

CHANNEL = "scorer_changes"
# Every change also reaches the subscribers of this topic (a server counting what it tells).
EVERY = "*"
# A topic is a letter and a row's id; a text's first line is a version or two, and what it
# carries after it fits in one PostgreSQL notification (8,000 bytes with its channel).
MAX_TEXT = 100
MAX_CARRIED = 7500

# Seconds between two heartbeat comments on an idle stream (proxies commonly cut at 60).
HEARTBEAT = 20.0
BEAT = b": beat\n\n"
# How long a page waits before connecting again after its stream dropped (it backs off).
RETRY_MS = 3000
# The key under which Scorer's gunicorn worker offers to hold a stream (a callable of topic).
HOLD = "scorer.hold"

Subscriber = Callable[[str, str], None]

_lock = threading.Lock()
_subscribers: dict[str, set[Subscriber]] = {}
_listener: _Listener | _LocalListener | None = None
_held = threading.local()


def game_topic(game_id: int) -> str:
    return f"g{game_id}"


def night_topic(night_id: int) -> str:
    return f"n{night_id}"


def announce(topic: str, text: str, carried: str = "") -> None:
    """Tell every stream of `topic` that it changed, when the current transaction commits;
    `carried`: what the change looks like (a rendered fragment), on the lines after, unless
    it is too long to be told (the pages then ask for it)."""
    text = text.splitlines()[0][:MAX_TEXT] if text else ""
    held: list[tuple[str, str]] | None = getattr(_held, "said", None)
    if held is not None:
        held.append((topic, text))
        return
    if carried and len(f"{topic} {text}\n{carried}".encode()) <= MAX_CARRIED:
        text = f"{text}\n{carried}"
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{topic} {text}"])
    else:
        transaction.on_commit(lambda: _broadcast(topic, text))


@contextmanager
def held_back() -> Iterator[list[tuple[str, str]]]:
    """The announcements made inside (on this thread) are kept in the list, not made: the
    caller makes them itself, with what it rendered, in the same transaction."""
    outer = getattr(_held, "said", None)
    said: list[tuple[str, str]] = []
    _held.said = said
    try:
        yield said
    finally:
        _held.said = outer


def event(text: str) -> bytes:
    """A change as a stream says it: each line of its text a `data:` line (the page reads
    them back joined by line feeds)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "".join(f"data: {line}\n" for line in lines).encode() + b"\n"


def deliver(topic: str, text: str) -> None:
    """Hand a change to this process's subscribers of `topic` (and of EVERY)."""
    with _lock:
        called = [*_subscribers.get(topic, ()), *_subscribers.get(EVERY, ())]
    for subscriber in called:
        try:
            subscriber(topic, text)
        except Exception:  # one broken subscriber must not keep the change from the others
            log.exception("a stream's subscriber failed")


def subscribe(topic: str, subscriber: Subscriber) -> None:
    with _lock:
        _subscribers.setdefault(topic, set()).add(subscriber)
    _listening()


def unsubscribe(topic: str, subscriber: Subscriber) -> None:
    with _lock:
        found = _subscribers.get(topic)
        if found is not None:
            found.discard(subscriber)
            if not found:
                del _subscribers[topic]


def subscribed(topic: str | None = None) -> int:
    """How many subscribers this process holds (of `topic`, or in all)."""
    with _lock:
        if topic is not None:
            return len(_subscribers.get(topic, ()))
        return sum(len(found) for found in _subscribers.values())


def topics() -> Iterable[str]:
    with _lock:
        return list(_subscribers)


def _listening() -> None:
    """The process's one listening connection, started with its first subscriber."""
    global _listener
    with _lock:
        if _listener is not None and _listener.is_alive():
            return
        try:
            if connection.vendor == "postgresql":
                _listener = _Listener()
            else:
                _listener = _LocalListener(_bus(), f"{os.getpid()}")
        except OSError:  # no socket of its own: this process hears its own changes only
            log.warning("this process cannot listen to the others' changes")
            return
        _listener.start()
        started = _listener
    started.ready.wait(10)


def stop_listening() -> None:
    """Close this process's listening connection (a test run's end, before its database is
    dropped); the next subscriber opens it again."""
    global _listener
    with _lock:
        listener, _listener = _listener, None
    if listener is not None:
        listener.stopping.set()
        listener.join(10)


class _Listener(threading.Thread):
    """LISTEN on its own connection (never one of Django's, which are per thread), and hand
    each notification on. A lost connection is made again, waiting longer each time; once
    back, every topic is told it may have missed something (text "?"), so each page asks."""

    def __init__(self) -> None:
        super().__init__(name="scorer-listener", daemon=True)
        self.ready = threading.Event()
        self.stopping = threading.Event()

    def run(self) -> None:
        wait = 0.5
        lost = False
        while not self.stopping.is_set():
            try:
                with self.connect() as listening:
                    listening.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    wait = 0.5
                    if lost:
                        for topic in topics():
                            deliver(topic, "?")
                    lost = True
                    self.listen(listening)
            except Exception:
                log.warning("the change listener lost its connection; connecting again")
            self.ready.set()
            self.stopping.wait(wait)
            wait = min(wait * 2, 30.0)

    def connect(self) -> Any:
        # The driver Django's backend uses for this database, with its own settings.
        params = connection.get_connection_params()
        for key in ("cursor_factory", "context", "prepare_threshold", "server_side_binding"):
            params.pop(key, None)
        database: Any = getattr(connection, "Database")  # noqa: B009 (not in the stubs)
        return database.connect(**params, autocommit=True)

    def listen(self, listening: Any) -> None:
        checked = time.monotonic()
        while not self.stopping.is_set():
            for notice in listening.notifies(timeout=1.0):
                topic, _, text = notice.payload.partition(" ")
                deliver(topic, text)
            if time.monotonic() - checked > 30:
                listening.execute("SELECT 1")  # a dead connection says so
                checked = time.monotonic()


# -- SQLite: the other processes on the same database file ------------------------------------


def _bus() -> Path:
    """The folder of this database's listening sockets."""
    name = str(Path(str(connection.settings_dict["NAME"])).resolve())
    digest = hashlib.blake2b(name.encode(), digest_size=8).hexdigest()
    folder = Path(tempfile.gettempdir()) / f"scorer-changes-{digest}"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


def _broadcast(topic: str, text: str) -> None:
    """A change committed on SQLite: to this process's subscribers, then to every other
    process listening on this database file. A socket nobody reads any more is removed."""
    deliver(topic, text)
    try:
        folder = _bus()
    except OSError:  # no temporary directory to share: this process's streams only
        log.warning("the other processes cannot be told of changes (no temporary directory)")
        return
    own = _listener.path if isinstance(_listener, _LocalListener) else None
    data = f"{topic} {text}".encode()
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sender:
        sender.setblocking(False)
        for path in folder.glob("*.sock"):
            if path == own:
                continue
            try:
                sender.sendto(data, str(path))
            except (ConnectionRefusedError, FileNotFoundError):
                path.unlink(missing_ok=True)  # its process is gone
            except OSError:
                log.warning("a change could not be told to %s", path.name)


class _LocalListener(threading.Thread):
    """This process's Unix socket on SQLite's bus: each datagram is a change another process
    committed."""

    def __init__(self, folder: Path, name: str) -> None:
        super().__init__(name="scorer-listener", daemon=True)
        self.ready = threading.Event()
        self.stopping = threading.Event()
        self.path = folder / f"{name}.sock"
        self.path.unlink(missing_ok=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))
        self.sock.settimeout(1.0)

    def run(self) -> None:
        self.ready.set()
        try:
            while not self.stopping.is_set():
                try:
                    data = self.sock.recv(65536)
                except TimeoutError:
                    continue
                topic, _, text = data.decode(errors="replace").partition(" ")
                deliver(topic, text)
        finally:
            self.sock.close()
            self.path.unlink(missing_ok=True)

"""Scorer's gunicorn worker (scorer/gunicorn_worker.py), which also holds the pages' event
streams in its event loop (games/views/streams.py).

A stream's request is answered by a thread like any other: the view checks the game (or the
night), reads where it stands and calls `scorer.hold` with its topic. The worker then
subscribes to the topic (games/streams.py: one subscription per topic per worker, however
many pages hold it), lets the thread write the headers and the first event, and takes the
socket back into its loop instead of closing it or keeping it for a next request. From then
on the stream costs the socket and a few hundred bytes: no thread, no database connection.
The loop writes each change ("data: v12") and a heartbeat comment every HEARTBEAT seconds;
it drops a stream when the page closes it (the socket reads as closed), when its socket will
not take a few bytes more (a page that stopped reading), and when the worker stops (the
pages connect again to another worker and ask what they missed).

The body of a held answer is not chunked: the answer says `Connection: close` and its end is
the socket's closing, which every browser's EventSource reads.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from functools import partial
from typing import Any

from games.streams import BEAT, HEARTBEAT, HOLD, event, subscribe, unsubscribe
from scorer.gunicorn_worker import WholeRequestConn, WholeRequestWorker


class StreamWorker(WholeRequestWorker):
    """WholeRequestWorker that holds event streams in its loop (the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answering = threading.local()
        self.topics_lock = threading.Lock()
        # topic → the sockets streaming it; and the connections whose thread has not yet
        # finished answering, with what they were told meanwhile.
        self.held: dict[str, set[WholeRequestConn]] = {}
        self.coming: dict[WholeRequestConn, list[str]] = {}
        self.next_beat = time.monotonic() + HEARTBEAT

    # -- in a thread ------------------------------------------------------------------------

    def load_wsgi(self) -> None:
        super().load_wsgi()
        app = self.wsgi

        def wsgi(environ: dict[str, Any], start_response: Any) -> Any:
            conn = getattr(self.answering, "conn", None)
            if conn is None:
                return app(environ, start_response)
            environ[HOLD] = partial(self.hold, conn)

            def starting(status: str, headers: Any, exc_info: Any = None) -> Any:
                written = start_response(status, headers, exc_info)
                if getattr(conn, "topic", None) is not None:
                    # The stream's end is its socket's closing: no chunks, no keep-alive.
                    answer = start_response.__self__
                    answer.chunked = False
                    answer.force_close()
                return written

            return app(environ, starting)

        self.wsgi = wsgi

    def handle_request(self, req: Any, conn: Any) -> Any:
        conn.topic = None
        self.answering.conn = conn if isinstance(conn, WholeRequestConn) else None
        try:
            return super().handle_request(req, conn)
        finally:
            self.answering.conn = None

    def hold(self, conn: WholeRequestConn, topic: str) -> None:
        """The view's call: this answer is a stream of `topic`. It listens from now on, so
        nothing said between the view's reading and the loop's taking the socket is lost."""
        conn.topic = topic  # type: ignore[attr-defined]
        with self.topics_lock:
            self.coming[conn] = []
            first = topic not in self.held
            self.held.setdefault(topic, set())
        if first:
            subscribe(topic, self.told)

    def told(self, topic: str, text: str) -> None:
        """A change of `topic` (on the listening thread): the loop writes it."""
        self.method_queue.defer(self.tell, topic, text)

    # -- in the loop ----------------------------------------------------------------------------

    def finish_request(self, conn: Any, fs: Any) -> None:
        topic = getattr(conn, "topic", None)
        if topic is None:
            super().finish_request(conn, fs)
            return
        with self.topics_lock:
            missed = self.coming.pop(conn, [])
        answered = not fs.cancelled() and fs.exception() is None and fs.result() is not None
        if not answered or not self.alive:
            self.nr_conns -= 1
            conn.close()
            self.forget(topic, conn)
            return
        conn.sock.setblocking(False)
        with self.topics_lock:
            self.held[topic].add(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_held, conn))
        for text in missed:
            self.write(conn, event(text))

    def tell(self, topic: str, text: str) -> None:
        with self.topics_lock:
            streams = list(self.held.get(topic, ()))
            for conn, missed in self.coming.items():
                if getattr(conn, "topic", None) == topic:
                    missed.append(text)
        data = event(text)
        for conn in streams:
            self.write(conn, data)

    def write(self, conn: WholeRequestConn, data: bytes) -> None:
        try:
            sent = conn.sock.send(data)
        except OSError:
            sent = -1
        if sent != len(data):  # a page that stopped reading, or gone
            self.drop_stream(conn)

    def on_held(self, conn: WholeRequestConn, _sock: socket.socket) -> None:
        """A held socket is readable: the page closed it (a page sends nothing more)."""
        try:
            data = conn.sock.recv(1024)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.drop_stream(conn)

    def drop_stream(self, conn: WholeRequestConn) -> None:
        topic = getattr(conn, "topic", None)
        with self.topics_lock:
            streams = self.held.get(topic or "", set())
            if conn not in streams:
                return
            streams.discard(conn)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()
        if topic is not None:
            self.forget(topic, None)

    def forget(self, topic: str, coming: Any) -> None:
        """Stop listening to `topic` once no stream of this worker holds or awaits it."""
        with self.topics_lock:
            if self.held.get(topic) or any(
                getattr(c, "topic", None) == topic for c in self.coming if c is not coming
            ):
                return
            self.held.pop(topic, None)
        unsubscribe(topic, self.told)

    def streams(self) -> list[WholeRequestConn]:
        with self.topics_lock:
            return [conn for found in self.held.values() for conn in found]

    def murder_pending(self) -> None:
        """Also beats the heart of every held stream, and closes them all when stopping."""
        super().murder_pending()
        now = time.monotonic()
        if not self.alive:
            for conn in self.streams():
                self.drop_stream(conn)
        elif now >= self.next_beat:
            self.next_beat = now + HEARTBEAT
            for conn in self.streams():
                self.write(conn, BEAT)

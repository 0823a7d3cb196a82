"""gunicorn's threaded worker, made so that no idle or slow client can hold a thread.

gunicorn's gthread worker hands a connection to a thread as soon as it is accepted. The thread
waits up to five seconds for a first byte, then reads the request with a blocking socket and
no timeout: a phone that sent half a request and went quiet keeps the thread until it hangs up,
and as many such phones as there are threads stop the worker (issue 21, 3).

Here the worker's event loop reads each request whole first, head and body, without a thread:
an idle or half-sent connection costs a socket and its bytes so far, nothing more. Only a
request whose last byte has arrived is given to a thread, which then parses it from memory.
A connection must bring its whole request within `READ_SECONDS`, or it is closed; a head or a
body larger than any Scorer takes is refused at once. A thread's socket has a timeout too
(`WRITE_SECONDS`), so a phone that stops reading its answer cannot hold the thread either.

Over TLS (gunicorn's own `certfile`) the bytes are not readable before the handshake, and the
worker falls back to gthread's behaviour; Scorer's TLS ends at the proxy (README, Production).
"""

from __future__ import annotations

import contextlib
import errno
import selectors
import socket
import time
from collections import deque
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any

from gunicorn.http.message import Request as GunicornRequest
from gunicorn.http.parser import RequestParser
from gunicorn.workers.gthread import TConn, ThreadWorker

from games.engine.record import MAX_BYTES

# How long a connection has to send a whole request, counted from when it was opened or,
# kept alive, from its next request's first byte. A phone on a poor signal sends a game
# page's request in well under a second, and an import of MAX_BYTES in a few.
READ_SECONDS = 20.0
# How long a thread waits on a socket (writing the answer; reading, where the loop could not).
WRITE_SECONDS = 10.0
# The largest body read: an import of MAX_BYTES with its form around it, and headroom so a
# record somewhat too large is still told so in the site's words (games/forms/game.py).
MAX_BODY = 3 * MAX_BYTES
# The longest request head read, all its lines together: a few cookies fill a few KB.
MAX_HEAD = 32 * 1024
RECV_BYTES = 64 * 1024


class Request(Enum):
    WAITING = "waiting"  # more bytes are needed
    WHOLE = "whole"  # a whole request is buffered: a thread can parse it without waiting
    # Refused by the loop, as gunicorn's parser would refuse them.
    MALFORMED = "400 Bad Request"
    LINE_TOO_LONG = "414 URI Too Long"
    HEAD_TOO_LARGE = "431 Request Header Fields Too Large"
    BODY_TOO_LARGE = "413 Content Too Large"


@dataclass(frozen=True)
class Limits:
    line: int = 4094
    field: int = 8190
    fields: int = 100
    head: int = MAX_HEAD
    body: int = MAX_BODY

    @classmethod
    def of(cls, cfg: Any) -> Limits:
        """gunicorn's own limits (gunicorn.conf.py), and the loop's on a whole head and body."""
        # gunicorn reads 0 as "no limit" (and caps the fields at 32,768): the loop keeps its own.
        return cls(
            cfg.limit_request_line or MAX_HEAD,
            cfg.limit_request_field_size or MAX_HEAD,
            cfg.limit_request_fields or MAX_HEAD,
        )


class Scanner:
    """Follows one request's bytes as they arrive until it is whole, looking at each byte
    about once, so that a client sending a byte at a time costs no more than one sending
    all at once."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.start = -1  # where the request line starts (one empty line before it is allowed)
        self.line_start = 0
        self.lines = 0
        self.head_done = False
        self.body_end = -1  # with a Content-Length
        self.chunk_at = -1  # with chunks: where the next chunk's size line starts
        self.trailers_at = -1  # after the last chunk
        self.chunked_bytes = 0

    def state(self, data: bytes | bytearray) -> Request:
        if self.start < 0:
            if len(data) < 2:
                return Request.WAITING
            self.start = self.line_start = 2 if data.startswith(b"\r\n") else 0
        if not self.head_done:
            found = self.head(data)
            if found is not None:
                return found
        if self.body_end >= 0:
            return Request.WHOLE if len(data) >= self.body_end else Request.WAITING
        if self.chunk_at >= 0:
            return self.chunks(data)
        return Request.WHOLE

    def head(self, data: bytes | bytearray) -> Request | None:
        limits = self.limits
        while True:
            feed = data.find(b"\n", self.line_start)
            if feed == -1:
                longest = limits.line if self.lines == 0 else limits.field
                if len(data) - self.line_start > longest + 1:
                    return Request.LINE_TOO_LONG if self.lines == 0 else Request.HEAD_TOO_LARGE
                if len(data) - self.start > limits.head:
                    return Request.HEAD_TOO_LARGE
                return Request.WAITING
            if feed == self.line_start or data[feed - 1] != 13:  # a line feed without CR
                return Request.MALFORMED
            length = feed - 1 - self.line_start
            if self.lines == 0 and length == 0:
                return Request.MALFORMED
            if self.lines == 0 and length > limits.line:
                return Request.LINE_TOO_LONG
            if length == 0:
                self.head_done = True
                return self.framing(bytes(data[self.start : feed - 1]), feed + 1)
            self.lines += 1
            if length > limits.field or self.lines > limits.fields + 1:
                return Request.HEAD_TOO_LARGE
            self.line_start = feed + 1

    def framing(self, head: bytes, body: int) -> Request | None:
        """How the body's end is known, from the head's Content-Length and Transfer-Encoding."""
        lengths: list[bytes] = []
        codings: list[bytes] = []
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                lengths.append(value.strip(b" \t"))
            elif name.lower() == b"transfer-encoding":
                codings += [c.strip(b" \t").lower() for c in value.split(b",")]
        if codings:
            if lengths or codings[-1] != b"chunked":
                return Request.MALFORMED
            self.chunk_at = body
            return None
        if not lengths:
            return None
        if len(lengths) > 1 or not lengths[0].isdigit():
            return Request.MALFORMED
        if int(lengths[0]) > self.limits.body:
            return Request.BODY_TOO_LARGE
        self.body_end = body + int(lengths[0])
        return None

    def chunks(self, data: bytes | bytearray) -> Request:
        while self.trailers_at < 0:
            line_end = data.find(b"\r\n", self.chunk_at)
            if line_end == -1:
                return Request.MALFORMED if len(data) - self.chunk_at > 1024 else Request.WAITING
            size_text = bytes(data[self.chunk_at : line_end]).split(b";", 1)[0].strip(b" \t")
            if not size_text or size_text.strip(b"0123456789abcdefABCDEF"):
                return Request.MALFORMED
            size = int(size_text, 16)
            if size == 0:
                self.trailers_at = line_end + 2
                break
            self.chunked_bytes += size
            if self.chunked_bytes > self.limits.body:
                return Request.BODY_TOO_LARGE
            end = line_end + 2 + size + 2
            if end > len(data):
                return Request.WAITING
            self.chunk_at = end
        # Trailer lines, then an empty line.
        if data.startswith(b"\r\n", self.trailers_at):
            return Request.WHOLE
        if data.find(b"\r\n\r\n", self.trailers_at) != -1:
            return Request.WHOLE
        if len(data) - self.trailers_at > self.limits.head:
            return Request.HEAD_TOO_LARGE
        return Request.WAITING


def request_state(data: bytes, limits: Limits) -> Request:
    """How far `data`, the bytes of a connection's next request so far, has come."""
    return Scanner(limits).state(data)


def expects_continue(head: bytes | bytearray) -> bool:
    """Whether a request's head asks to be told to send its body (Expect: 100-continue)."""
    for line in bytes(head).split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.lower() == b"expect" and value.strip(b" \t").lower() == b"100-continue":
            return True
    return False


class AskedRequest(GunicornRequest):  # type: ignore[misc]
    """A request whose Expect: 100-continue the worker's loop has answered."""

    _policy_expect_continue = False


class WholeRequestConn(TConn):  # type: ignore[misc]
    """A connection whose next request is read by the event loop before a thread takes it."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.received = bytearray()
        self.deadline = 0.0
        self.continued = False
        self.scanner = Scanner(Limits())
        # The bytes are read already: a thread never waits for a first one.
        self.data_ready = True

    def init(self) -> None:
        """Called by the thread before it parses: give the parser the buffered request."""
        super().init()
        if isinstance(self.parser, RequestParser):
            # The loop has asked for the body already where it was awaited (Expect).
            self.parser.mesg_class = AskedRequest
        if self.received:
            self.parser.unreader.unread(bytes(self.received))
            self.received = bytearray()
        self.sock.settimeout(WRITE_SECONDS)


class WholeRequestWorker(ThreadWorker):  # type: ignore[misc]
    """gthread, with each request read whole by the event loop (the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reading: deque[WholeRequestConn] = deque()
        self.limits = Limits.of(self.cfg)

    def accept(self, listener: socket.socket) -> None:
        if self.cfg.is_ssl:
            super().accept(listener)
            return
        try:
            client, address = listener.accept()
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        self.read_request(WholeRequestConn(self.cfg, client, address, listener.getsockname()))

    def enqueue_req(self, conn: TConn) -> None:
        """Every way a connection comes back for its next request (kept alive, or bytes read
        ahead behind the last one) goes through reading it whole first."""
        if isinstance(conn, WholeRequestConn):
            self.read_request(conn)
        else:
            super().enqueue_req(conn)

    def read_request(self, conn: WholeRequestConn) -> None:
        conn.sock.setblocking(False)
        conn.continued = False
        conn.scanner = Scanner(self.limits)
        if conn.parser is not None:
            # Read ahead behind the last request: the start of this one.
            conn.received[:0] = conn.parser.unreader.take_buffered()
        conn.deadline = time.monotonic() + READ_SECONDS
        if conn.received and self.advance(conn):
            return
        self.reading.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_bytes, conn))

    def on_bytes(self, conn: WholeRequestConn, _sock: socket.socket) -> None:
        try:
            chunk = conn.sock.recv(RECV_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:  # hung up
            self.stop_reading(conn)
            self.drop(conn)
            return
        conn.received += chunk
        self.advance(conn)

    def advance(self, conn: WholeRequestConn) -> bool:
        """Acts on the bytes so far; whether the connection has left the loop's reading."""
        state = conn.scanner.state(conn.received)
        if state is Request.WAITING:
            scanner = conn.scanner
            if scanner.head_done and not conn.continued:
                conn.continued = True
                if expects_continue(conn.received[scanner.start : scanner.line_start]):
                    # The head is in and the client waits to be asked for the body.
                    self.send_quietly(conn, b"HTTP/1.1 100 Continue\r\n\r\n")
            return False
        self.stop_reading(conn)
        if state is Request.WHOLE:
            super().enqueue_req(conn)  # a thread's turn
            return True
        status = state.value.encode()
        self.send_quietly(
            conn,
            b"HTTP/1.1 " + status + b"\r\nConnection: close\r\nContent-Type: text/plain"
            b"\r\nContent-Length: " + str(len(status)).encode() + b"\r\n\r\n" + status,
        )
        self.drop(conn)
        return True

    def send_quietly(self, conn: WholeRequestConn, data: bytes) -> None:
        with contextlib.suppress(OSError):
            conn.sock.send(data)

    def stop_reading(self, conn: WholeRequestConn) -> None:
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)
        with contextlib.suppress(ValueError):
            self.reading.remove(conn)

    def drop(self, conn: WholeRequestConn) -> None:
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self) -> None:
        """Also closes the connections that did not bring a whole request in time."""
        super().murder_pending()
        now = time.monotonic()
        while self.reading and (self.reading[0].deadline <= now or not self.alive):
            conn = self.reading[0]
            self.stop_reading(conn)
            self.drop(conn)

"""The streams' figures for `make bench-load` (bench/load.py calls `measure`): push against
polling, side by side on one server, one database and one run.

- **Tables at play.** TABLES tables of four phones each, for SECONDS, first with streams
  (each phone holds its game's stream and, when told, takes what the event carries or
  fetches what changed, as static/js/stream.js and sync.js do), then polling every 2 s as
  before. At each table the
  capacity model's mix happens at random moments (ARCHITECTURE.md, "Capacity"): 0.1 taps a
  second on the hand in progress by one of its phones, 0.006 saves, 0.02 page loads. Printed:
  how long after a tap the three other phones had it (p50, p95), and the app's CPU per table
  per second, hence the tables one core serves at 60 %.
- **Idle streams.** IDLE streams opened on loopback and held, each having had its first
  event: errors, the workers' memory per stream, and a save's latency while they are held
  against before.
- **Two app servers.** A second gunicorn on the same database; a stream held by it, taps
  sent to the first: how long the change took to reach the stream (p50, p95).
"""

from __future__ import annotations

import asyncio
import gzip
import os
import random
import re
import statistics
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Smaller with STREAM_TABLES, STREAM_SECONDS and STREAM_IDLE, for a quick look.
TABLES = int(os.environ.get("STREAM_TABLES", "40"))
SECONDS = int(os.environ.get("STREAM_SECONDS", "45"))
IDLE = int(os.environ.get("STREAM_IDLE", "2000"))
RATES = {"tap": 0.1, "save": 0.006, "page": 0.02}
POLL_SECONDS = 2.0
SUITS = "SHDC"
VERSIONS = re.compile(rb'data-v="(\d+)" data-d="(\d+)" data-t="([0-9a-f]+)"')


class Http:
    """One kept-alive connection speaking HTTP/1.1, as a phone's browser keeps one."""

    def __init__(self, port: int, csrf: str) -> None:
        self.port = port
        self.csrf = csrf
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self.lock = asyncio.Lock()

    async def ask(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        async with self.lock:
            for attempt in range(2):
                if self.streams is None:
                    self.streams = await asyncio.open_connection("127.0.0.1", self.port)
                reader, writer = self.streams
                head = (
                    f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Cookie: csrftoken={self.csrf}\r\nX-CSRFToken: {self.csrf}\r\n"
                    "HX-Request: true\r\nAccept-Encoding: gzip\r\n"
                )
                if body:
                    head += "Content-Type: application/x-www-form-urlencoded\r\n"
                head += f"Content-Length: {len(body)}\r\n\r\n"
                try:
                    writer.write(head.encode() + body)
                    await writer.drain()
                    return await self.answer(reader)
                except (ConnectionError, asyncio.IncompleteReadError):
                    self.streams = None
                    if attempt:
                        raise
            raise AssertionError("unreachable")

    async def answer(self, reader: asyncio.StreamReader) -> tuple[int, bytes]:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        body = await reader.readexactly(length) if length else b""
        if headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        if headers.get("connection", "").lower() == "close":
            self.streams = None
        return status, body


async def open_stream(port: int, path: str) -> tuple[asyncio.StreamReader, Any, str]:
    """A stream's socket once its first event came; and that event's text."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise ConnectionError(head[:40])
    return reader, writer, await next_event(reader)


async def next_event(reader: asyncio.StreamReader) -> str:
    """The next event's text, its lines joined as EventSource joins them."""
    while True:
        block = await reader.readuntil(b"\n\n")
        data = [line[6:] for line in block.decode().split("\n") if line.startswith("data: ")]
        if data:
            return "\n".join(data)


@dataclass
class Table:
    base: str  # /c/<circle>/g/<game>/
    told: dict[int, float] = field(default_factory=dict)  # hand in progress version → tap time
    # Each hand in progress version → when each phone had it (an event may come before the
    # tap's own answer, which says the version it made).
    heard: dict[int, list[tuple[float, Phone, bool]]] = field(default_factory=dict)
    saves: int = 0
    answered: list[float] = field(default_factory=list)  # each tap's answer, to its phone

    def seen(self) -> list[tuple[float, bool]]:
        """How long each other phone took to have each tap, and whether its event carried
        it (or it was fetched)."""
        return [
            (when - self.told[version], carried)
            for version, heard in self.heard.items()
            if version in self.told
            for when, phone, carried in heard
            if version not in phone.tapped
        ]


@dataclass
class Phone:
    table: Table
    http: Http
    v: int = 0
    d: int = 0
    t: str = ""
    tapped: set[int] = field(default_factory=set)
    wanted: bool = False
    fetching: bool = False

    def learn(self, body: bytes, carried: bool = False) -> None:
        found = VERSIONS.search(body)
        if found is None:
            return
        v, d, t = int(found.group(1)), int(found.group(2)), found.group(3).decode()
        self.learn_version(d, carried)
        self.v, self.t = max(self.v, v), t

    def put_in(self, carried: str) -> bool:
        """What the event carried, taken as sync.js takes it: on a page at the version and
        token it fits, with no fetch of this phone's on its way."""
        fits, _, html = carried.partition("\n")
        if not html or self.fetching:
            return False
        named = {part[0]: part[1:] for part in fits.split()}
        if named.get("v") != str(self.v) or named.get("t") != self.t:
            return False
        self.learn(html.encode(), carried=True)
        return True

    def learn_version(self, d: int, carried: bool = False) -> None:
        now = time.monotonic()
        for version in range(self.d + 1, d + 1):
            self.table.heard.setdefault(version, []).append((now, self, carried))
        self.d = max(self.d, d)

    async def open_page(self) -> None:
        status, body = await self.http.ask("GET", self.table.base)
        assert status == 200, status
        self.learn(body)

    async def fetch(self) -> None:
        if self.fetching:
            self.wanted = True
            return
        self.fetching = True
        try:
            while True:
                self.wanted = False
                query = f"live?v={self.v}&d={self.d}&t={self.t}"
                status, body = await self.http.ask("GET", self.table.base + query)
                if status == 200:
                    self.learn(body)
                if not self.wanted:
                    return
        finally:
            self.fetching = False

    async def tap(self) -> None:
        body = f"token={self.t}&trump={random.choice(SUITS)}".encode()
        began = time.monotonic()
        status, answer = await self.http.ask("POST", self.table.base + "progress", body)
        if status != 200:
            return
        version = int(re.search(rb'"version": (\d+)', answer).group(1))  # type: ignore[union-attr]
        self.table.answered.append(time.monotonic() - began)
        self.tapped.add(version)
        self.table.told[version] = began
        self.learn_version(version)

    async def save(self) -> None:
        self.table.saves += 1
        body = (
            "dealer=0&caller=0&trump=S&points_0=90&points_1=62&last_trick=0"
            f"&token={self.t}&key=bench-{id(self)}-{self.table.saves}-{random.random()}"
        ).encode()
        status, answer = await self.http.ask("POST", self.table.base + "hands", body)
        if status == 200:
            self.learn(answer)


async def listen(phone: Phone, opened: Any, stop: float) -> None:
    reader, writer, hello = opened
    try:
        text = hello
        while True:
            said, _, carried = text.partition("\n")
            if behind(phone, said) and not phone.put_in(carried):
                asyncio.ensure_future(phone.fetch())
            remaining = stop - time.monotonic()
            if remaining <= 0:
                return
            try:
                text = await asyncio.wait_for(next_event(reader), remaining)
            except TimeoutError:
                return
    finally:
        writer.close()


def behind(phone: Phone, text: str) -> bool:
    for part in text.split():
        number = int(part[1:]) if part[1:].isdigit() else -1
        if part[0] == "v" and number > phone.v:
            return True
        if part[0] == "d" and number > phone.d:
            return True
        if part[0] not in "vd":
            return True
    return False


async def poll(phone: Phone, stop: float) -> None:
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))
    while time.monotonic() < stop:
        await phone.fetch()
        await asyncio.sleep(POLL_SECONDS)


async def play(table: Table, phones: list[Phone], stop: float) -> None:
    total = sum(RATES.values())
    kinds, weights = list(RATES), list(RATES.values())
    while True:
        await asyncio.sleep(random.expovariate(total))
        if time.monotonic() >= stop:
            return
        phone = random.choice(phones)
        kind = random.choices(kinds, weights)[0]
        if kind == "tap":
            await phone.tap()
        elif kind == "save":
            await phone.save()
        else:
            await phone.open_page()


async def tables_at_play(
    port: int, csrf: str, bases: list[str], streamed: bool, used: Any
) -> tuple[list[tuple[float, bool]], float, list[float]]:
    """The tables' phones open their pages (and streams) first; then `used()` (the app's CPU
    seconds so far) is read before and after SECONDS of play."""
    tables = [Table(base) for base in bases]
    phones = {id(t): [Phone(t, Http(port, csrf)) for _ in range(4)] for t in tables}
    opened: dict[int, Any] = {}
    for table in tables:
        for phone in phones[id(table)]:
            await phone.open_page()
            if streamed:
                opened[id(phone)] = await open_stream(port, table.base + "stream")
    before = used()
    stop = time.monotonic() + SECONDS
    work = []
    for table in tables:
        for phone in phones[id(table)]:
            work.append(listen(phone, opened[id(phone)], stop) if streamed else poll(phone, stop))
        work.append(play(table, phones[id(table)], stop))
    await asyncio.gather(*work)
    seen = [s for table in tables for s in table.seen()]
    return seen, used() - before, [a for table in tables for a in table.answered]


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def rss_kb(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


async def save_latencies(port: int, csrf: str, base: str, count: int) -> list[float]:
    http = Http(port, csrf)
    times = []
    for n in range(count):
        body = (
            "dealer=0&caller=0&trump=S&points_0=90&points_1=62&last_trick=0&token="
            f"&key=idle-{n}-{random.random()}"
        ).encode()
        began = time.monotonic()
        status, _ = await http.ask("POST", base + "hands", body)
        times.append(time.monotonic() - began)
        assert status == 200, status
    return times


async def idle_streams(
    port: int, csrf: str, bases: list[str], save_base: str, pids: list[int]
) -> None:
    before = await save_latencies(port, csrf, save_base, 20)
    memory = rss_kb(pids)
    held: list[Any] = []
    errors = 0

    async def one(n: int) -> None:
        nonlocal errors
        try:
            reader, writer, _ = await open_stream(port, bases[n % len(bases)] + "stream")
            held.append(writer)
        except (OSError, ConnectionError, asyncio.IncompleteReadError):
            errors += 1

    began = time.monotonic()
    for start in range(0, IDLE, 100):
        await asyncio.gather(*(one(n) for n in range(start, min(IDLE, start + 100))))
    opened = time.monotonic() - began
    await asyncio.sleep(2)
    grown = rss_kb(pids) - memory
    during = await save_latencies(port, csrf, save_base, 20)
    print(
        f"{'idle streams':<34} {len(held)} held, {errors} errors, opened in {opened:.1f} s; "
        f"workers' memory +{grown / 1024:.1f} MB, {grown / max(1, len(held)):.1f} kB a stream"
    )
    print(
        f"{'':<34} a save: p50 {statistics.median(before) * 1000:.0f} ms, "
        f"p95 {percentile(before, 95) * 1000:.0f} ms without them; "
        f"p50 {statistics.median(during) * 1000:.0f} ms, "
        f"p95 {percentile(during, 95) * 1000:.0f} ms while they are held"
    )
    for writer in held:
        writer.close()


async def across_servers(first: int, second: int, csrf: str, base: str) -> None:
    """Taps sent to the first server; the stream held by the second."""
    reader, writer, _ = await open_stream(second, base + "stream")
    phone = Phone(Table(base), Http(first, csrf))
    await phone.open_page()
    times = []
    for _ in range(60):
        began = time.monotonic()
        await phone.tap()
        while True:
            text = await asyncio.wait_for(next_event(reader), 10)
            if text.split("\n")[0] == f"d{phone.d}":
                break
        times.append(time.monotonic() - began)
        await asyncio.sleep(random.uniform(0.05, 0.2))
    writer.close()
    print(
        f"{'two servers: a tap on one':<34} reached a stream on the other: p50 "
        f"{statistics.median(times) * 1000:.0f} ms, p95 {percentile(times, 95) * 1000:.0f} ms "
        f"({len(times)} taps, from the tap sent to the event read)"
    )


def measure(
    port: int,
    csrf: str,
    bases: list[str],
    server_pids: Any,
    cpu: Any,
    second_server: Any,
) -> None:
    """Runs the streams' figures (the module's docstring). `bases` are games' page paths
    (TABLES for each mode, one more for the saves); `server_pids()` the gunicorn processes;
    `cpu(pids)` their CPU seconds; `second_server()` a context starting another server."""
    cores_note = "one core at 60 %"
    results = {}
    for streamed, games in ((True, bases[:TABLES]), (False, bases[TABLES : 2 * TABLES])):

        def used() -> float:
            return float(sum(cpu(server_pids()).values()))

        told, spent, answered = asyncio.run(tables_at_play(port, csrf, games, streamed, used))
        seen = [took for took, _ in told]
        per_table = spent / (len(games) * SECONDS) * 1000
        results[streamed] = per_table
        label = "tables, streams" if streamed else "tables, polling every 2 s"
        print(
            f"{label:<34} another phone's tap shown: p50 {statistics.median(seen):.2f} s, "
            f"p95 {percentile(seen, 95):.2f} s ({len(seen)} times); app CPU "
            f"{per_table:.2f} ms a second a table: {600 / per_table:.0f} tables on {cores_note}"
        )
        if streamed:
            carried = [took for took, by in told if by]
            fetched = [took for took, by in told if not by]
            print(
                f"{'':<34} carried by the event {len(carried)} times (p95 "
                f"{percentile(carried, 95):.2f} s), fetched {len(fetched)} (p95 "
                f"{percentile(fetched, 95):.2f} s); the tap's own answer p50 "
                f"{statistics.median(answered) * 1000:.0f} ms, "
                f"p95 {percentile(answered, 95) * 1000:.0f} ms"
            )
    print(
        f"{'':<34} streams: {results[False] / results[True]:.1f}× the tables of polling "
        f"({TABLES} tables of 4 phones, {SECONDS} s each)"
    )
    asyncio.run(idle_streams(port, csrf, bases[: 2 * TABLES], bases[-1], server_pids()))
    with second_server() as other:
        asyncio.run(across_servers(port, other, csrf, bases[-2]))


def start_second(command: list[str], env: dict[str, str], port: int, cwd: Path) -> Any:
    return subprocess.Popen([*command, f"--bind=127.0.0.1:{port}"], cwd=cwd, env=env)

"""Load figures, measured (`make bench-load`): gunicorn against PostgreSQL on loopback, under
bounded loads from wrk at a fixed concurrency.

A measurement, not a test. It makes a throwaway PostgreSQL database (DATABASE_URL's server,
default the local one), fills it, starts gunicorn with production settings (debug off,
collected and compressed static files, gunicorn.conf.py's worker, 3 of them) and runs:

- the game page of a 200-hand game;
- the 2-second poll of a phone that is up to date (the answer is 204);
- a tap on the hand in progress (the trump changed; the answer is its state, as JSON);
- recording: hands saved into 50 games at once, each save with its own idempotency key.

For each it prints requests per second, p50, p95, p99 and errors, and the CPU seconds spent
by gunicorn, by wrk and by everything else (PostgreSQL, and whatever else the machine runs):
what bounds the figure on this machine. After the
recording load it counts the stored hands against the saves that succeeded.

Then the streams' figures, side by side with polling (bench/streams.py): tables of four
phones at the capacity model's pace with streams and with polls, 2,000 idle streams held,
and a change pushed from one app server to a stream held by another. `--streams-only`
skips the wrk loads.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project, not bench/, so that `bench` is this folder
PYTHON = sys.executable
CLOCK = os.sysconf("SC_CLK_TCK")

from bench import streams  # noqa: E402 (after the project is on the path)


def database_urls(name: str) -> tuple[str, str]:
    """The throwaway database's URL, and the URL of the server's maintenance database."""
    base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    if not base.startswith("postgres"):
        sys.exit("bench-load measures PostgreSQL: DATABASE_URL must be a postgres:// URL.")
    parts = urlsplit(base)
    return (
        urlunsplit(parts._replace(path=f"/{name}")),
        urlunsplit(parts._replace(path="/postgres")),
    )


def recreate(maintenance: str, name: str) -> None:
    import psycopg

    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def drop(maintenance: str, name: str) -> None:
    import psycopg

    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def server_env(database: str, port: int) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database,
        "DJANGO_SETTINGS_MODULE": "scorer.settings",
        "SECRET_KEY": "bench-load-" + secrets.token_hex(24),
        "DEBUG": "false",
        "SECURE_SSL_REDIRECT": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "ERROR",
        # Collected into a folder of its own: the project's staticfiles/ may be in use.
        "STATIC_ROOT": tempfile.mkdtemp(prefix="scorer-bench-load-static-"),
    }


@dataclass
class Seeded:
    page: str
    poll: str
    tap: list[str]
    record: list[str]
    game_ids: list[int]
    streamed: list[str]


def seed(env: dict[str, str]) -> Seeded:
    """The games the loads use, made through the models as an import or a phone makes them."""
    os.environ.update(env)
    import django

    django.setup()
    from django.db import connections

    from bench.hands import PLAYERS, hand
    from games.models import Circle, Game, HandInProgress

    circle = Circle.objects.create()
    record = {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 10**9},
        "players": PLAYERS,
        "hands": [hand(i) for i in range(200)],
    }
    long_game = Game.import_record(circle, record)
    progress = HandInProgress.of(long_game)
    games = [Game.create(circle, "klaberjass", PLAYERS, {"target": 10**9}) for _ in range(50)]
    tables = [
        Game.create(circle, "klaberjass", PLAYERS, {"target": 10**9})
        for _ in range(2 * streams.TABLES + 2)
    ]
    base = f"/c/{circle.slug}/g/"
    seeded = Seeded(
        page=f"{base}{long_game.slug}/",
        poll=f"{base}{long_game.slug}/live?v={long_game.version}&d={progress.version}",
        tap=[f"{base}{long_game.slug}/progress", progress.token],
        record=[f"{base}{game.slug}/hands" for game in games],
        game_ids=[game.pk for game in games],
        streamed=[f"{base}{game.slug}/" for game in tables],
    )
    connections.close_all()
    return seeded


def stored_hands(game_ids: list[int]) -> tuple[int, int]:
    """Live hands stored in the recording games, and how many keys were stored twice."""
    from django.db import connections
    from django.db.models import Count

    from games.models import Hand

    hands = Hand.objects.filter(game_id__in=game_ids, removed__isnull=True)
    twice = hands.values("idempotency_key").annotate(n=Count("id")).filter(n__gt=1).count()
    count = hands.count()
    connections.close_all()
    return count, twice


def cpu_times(pids: list[int]) -> dict[int, float]:
    """CPU seconds (user and system) each process has used so far."""
    times = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        times[pid] = (int(fields[11]) + int(fields[12])) / CLOCK  # utime, stime
    return times


def used_since(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds used between two readings by the processes alive at the second (one
    that ended in between is not counted: the figure errs low, never negative)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def machine_busy() -> float:
    """CPU seconds all cores have spent busy (not idle, not waiting on the disk) so far."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / CLOCK


def children(parent: int) -> list[int]:
    found = [parent]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == parent:
                found.append(int(entry.name))
    return found


def wait_until_serving(port: int, server: subprocess.Popen[bytes]) -> None:
    import urllib.error
    import urllib.request

    for _ in range(100):
        if server.poll() is not None:
            sys.exit("gunicorn stopped while starting; its output is above.")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    sys.exit("gunicorn did not answer within 20 seconds.")


def run_load(
    label: str, mode: str, paths: list[str], args: argparse.Namespace, gunicorn: int
) -> dict[str, float]:
    csrf = secrets.token_hex(16)
    command = [
        "wrk",
        f"-t{min(2, args.concurrency)}",
        f"-c{args.concurrency}",
        f"-d{args.seconds}s",
        "--timeout",
        "10s",
        "-s",
        str(ROOT / "bench" / "load.lua"),
        f"http://127.0.0.1:{args.port}{paths[0]}",
        "--",
        mode,
        csrf,
        *paths,
    ]
    workers = children(gunicorn)
    before = (cpu_times(workers), machine_busy())
    wrk_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    finished = subprocess.run(command, capture_output=True, text=True)
    if finished.returncode:
        sys.exit(f"wrk failed: {finished.stderr or finished.stdout}")
    output = finished.stdout
    wrk_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    after = (cpu_times(workers), machine_busy())
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    result = json.loads(line.removeprefix("RESULT "))
    errors = sum(result[k] for k in ("unexpected_status", "connect", "read", "write", "timeout"))
    rps = result["requests"] / result["seconds"]
    wrk_cpu = sum(getattr(wrk_after, f) - getattr(wrk_before, f) for f in ("ru_utime", "ru_stime"))
    print(
        f"{label:<34} {rps:8.1f} req/s   p50 {result['p50'] / 1000:6.1f} ms   "
        f"p95 {result['p95'] / 1000:6.1f} ms   p99 {result['p99'] / 1000:6.1f} ms   "
        f"errors {errors}"
    )
    app, busy = used_since(before[0], after[0]), after[1] - before[1]
    rest = max(0.0, busy - app - wrk_cpu)
    cores = os.cpu_count() or 1
    print(
        f"{'':<34} CPU s busy {busy:.1f} of {cores * result['seconds']:.0f} ({cores} cores): "
        f"gunicorn {app:.1f}, wrk {wrk_cpu:.1f}, PostgreSQL and the rest {rest:.1f}; "
        f"a request: {app / result['requests'] * 1000:.1f} ms of app CPU"
    )
    return {"requests": result["requests"], "errors": errors}


def loads(seeded: Seeded, args: argparse.Namespace, server: int) -> None:
    """The wrk loads: the game page, the poll, the tap, recording."""
    run_load("game page (200 hands)", "get", [seeded.page], args, server)
    run_load("poll, nothing new (204)", "get", [seeded.poll], args, server)
    run_load("tap: the hand in progress", "tap", seeded.tap, args, server)
    recorded = run_load("record a hand (50 games)", "record", seeded.record, args, server)
    count, twice = stored_hands(seeded.game_ids)
    answered = int(recorded["requests"] - recorded["errors"])
    # wrk stops counting at the deadline: saves still in flight then (at most one per
    # connection) are stored but never counted as answered.
    cut_off = count - answered
    fits = 0 <= cut_off <= args.concurrency
    print(
        f"{'':<34} stored hands: {count} for {answered} answered 200 and {cut_off} in "
        f"flight at the deadline ({'consistent' if fits else 'INCONSISTENT'}); "
        f"keys stored twice: {twice}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=60, help="length of each load")
    parser.add_argument("--concurrency", type=int, default=10, help="connections at once")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn's workers, 4 threads each")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--streams-only", action="store_true", help="only the streams' figures")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("bench-load needs wrk (Debian: apt-get install wrk).")

    name = f"scorer_bench_load_{os.getpid()}"
    database, maintenance = database_urls(name)
    recreate(maintenance, name)
    env = server_env(database, args.port)
    server = None
    try:
        subprocess.run([PYTHON, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        subprocess.run(
            [PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
        seeded = seed(env)
        gunicorn = str(Path(PYTHON).parent / "gunicorn")
        command = [gunicorn, "scorer.wsgi", f"--workers={args.workers}"]
        server = subprocess.Popen([*command, f"--bind=127.0.0.1:{args.port}"], cwd=ROOT, env=env)
        wait_until_serving(args.port, server)
        print(
            f"gunicorn ({args.workers} workers × 4 threads) and PostgreSQL on loopback; wrk, "
            f"{args.concurrency} connections, {args.seconds} s each"
        )
        if not args.streams_only:
            loads(seeded, args, server.pid)
        running = server

        @contextmanager
        def second_server() -> Iterator[int]:
            port = args.port + 1
            other = subprocess.Popen([*command, f"--bind=127.0.0.1:{port}"], cwd=ROOT, env=env)
            try:
                wait_until_serving(port, other)
                yield port
            finally:
                other.terminate()
                other.wait(timeout=30)

        streams.measure(
            args.port,
            secrets.token_hex(16),
            seeded.streamed,
            lambda: children(running.pid),
            cpu_times,
            second_server,
        )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        drop(maintenance, name)
        shutil.rmtree(env["STATIC_ROOT"], ignore_errors=True)


if __name__ == "__main__":
    main()

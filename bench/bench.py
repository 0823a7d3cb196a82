"""Measurements, not tests: server time per hand (at hand 10, 500 and 5,000), per game page
and per import, the stats page of a circle with 1,000 games, queries, page weight.

Run with `make bench` (`bench/bench.py stats` measures the stats page alone, `bench/bench.py
ratings` the ratings of its 1,000 games alone, `bench/bench.py season` a season's page and a
member's year in review over them alone, `bench/bench.py changes` editing, deleting
and restoring hand 1 alone, `bench/bench.py answers` the game page and a save's answer
alone, `bench/bench.py phone` the game page on an emulated phone beside a static peer
(bench/phone.py) alone, `bench/bench.py night` a club night of 20 tables alone: proposing a
round, its page and its standings; `bench/bench.py hall` its hall display alone). It uses a
throwaway SQLite database (or DATABASE_URL, also given as `--database=URL`) and production
settings with collected, compressed static files served by WhiteNoise, as in production.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[0] = str(ROOT)  # the project, not bench/, so that `bench` is this folder
work = Path(tempfile.mkdtemp(prefix="scorer-bench-"))
for option in [a for a in sys.argv[1:] if a.startswith("--database=")]:
    os.environ["DATABASE_URL"] = option.removeprefix("--database=")
    sys.argv.remove(option)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{work / 'bench.sqlite3'}")
os.environ["SECRET_KEY"] = "bench-only"
os.environ["DEBUG"] = "false"
os.environ["SECURE_SSL_REDIRECT"] = "false"
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ["DJANGO_SETTINGS_MODULE"] = "scorer.settings"
os.environ["STATIC_ROOT"] = str(work / "static")

import datetime as dt  # noqa: E402

import django  # noqa: E402

django.setup()

from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.hands import PLAYERS, hand  # noqa: E402
from bench.night import DEALS, ROUNDS, night_bench  # noqa: E402
from bench.night import night_record as night_record_played  # noqa: E402
from games.engine.club.night import read_night  # noqa: E402
from games.models import (  # noqa: E402
    Circle,
    ClubNight,
    Declaration,
    Game,
    Hand,
    HandInProgress,
    NightTable,
    Rating,
    Season,
    Seat,
)
from games.models.club_changes import (  # noqa: E402
    create_night,
    import_night,
    night_record,
    start_round,
)
from games.models.ratings import rerate, rerate_game  # noqa: E402


class FirstWrite:
    """Notes when the first INSERT is sent: where an import's write transaction begins."""

    at = 0.0

    def __call__(self, execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        # Scorer's tables only: the rate limiter writes its counter first, in its own moment.
        if not self.at and sql.lstrip().upper().startswith("INSERT") and '"games_' in sql:
            self.at = time.perf_counter()
        return execute(sql, params, many, context)


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms"


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    client = Client()
    print(f"database: {connection.vendor}")
    if sys.argv[1:] == ["changes"]:
        changes(Circle.objects.create())
        return
    if sys.argv[1:] == ["answers"]:
        answers(client, Circle.objects.create())
        return
    if sys.argv[1:] == ["ratings"]:
        ratings(client, stats_circle())
        return
    if sys.argv[1:] == ["night"]:
        night_bench(client)
        return
    if sys.argv[1:] == ["hall"]:
        hall(client)
        return
    if sys.argv[1:] == ["phone"]:
        phone_speed(Circle.objects.create())
        return
    if sys.argv[1:] == ["season"]:
        season(client, stats_circle())
        return
    rated = stats_page(client)
    if sys.argv[1:] == ["stats"]:
        return
    ratings(client, rated)
    season(client, rated)
    circle = Circle.objects.create()

    game = Game.create(circle, "klaberjass", PLAYERS, {"target": 10**9})
    url = f"/c/{circle.slug}/g/{game.slug}/hands"
    samples = []
    for i in range(60):
        data = {
            "dealer": i % 4,
            "caller": i % 4,
            "trump": "S",
            "points_0": 90,
            "points_1": 62,
            "last_trick": 0,
            "seq0_seat": 1,
            "seq0_length": 3,
            "seq0_top": "K",
            "seq0_suit": "D",
            "key": f"bench-{i}",
        }
        start = time.perf_counter()
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        samples.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
    print(f"record a hand (POST, htmx, game of up to 60 hands): {ms(samples)}")

    answers(client, circle)
    changes(circle)
    night_bench(client)
    hall(client)

    for count in (500, 2000, 4000):
        record = {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {"target": 10**9},
            "players": PLAYERS,
            "hands": [hand(i) for i in range(count)],
        }
        upload = SimpleUploadedFile("game.json", json.dumps(record, indent=1).encode())
        first_write = FirstWrite()
        start = time.perf_counter()
        with connection.execute_wrapper(first_write):
            response = client.post(f"/c/{circle.slug}/import", {"record": upload})
        end = time.perf_counter()
        assert response.status_code == 302, response.status_code
        print(
            f"import {count} hands ({upload.size // 1024} KB): {end - start:.2f} s, "
            f"of which writing (other phones' saves wait) {end - first_write.at:.2f} s"
        )

    game = Game.create(circle, "klaberjass", PLAYERS)
    game.record_hand(hand(0))
    print()
    print("first load of the game page (compressed as served):")
    print_weight(client, f"/c/{circle.slug}/g/{game.slug}/")
    print("first load of the home page:")
    print_weight(client, "/")

    print()
    phone_speed(circle)


def phone_speed(circle: Circle) -> None:
    """The game page's first load and the tap on Save to the new score, as a phone sees them
    (bench/phone.py), served by gunicorn with these settings on this database, beside the
    static peer's."""
    print("on a mid-range phone (Chromium, CPU 4× slower, Fast 3G), against gunicorn:")
    from bench import phone
    from bench.load import wait_until_serving

    page_game = Game.import_record(
        circle,
        {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {"target": 10**9},
            "players": PLAYERS,
            "hands": [hand(i) for i in range(20)],
        },
    )
    entered = {"caller": "1", "trump": "H", "points_0": "62", "points_1": "90", "last_trick": "1"}
    save_games = []
    for _ in range(5):
        game = Game.import_record(circle, page_game.export(), as_copy=True)
        progress = HandInProgress.of(game)
        progress.change(progress.token, entered)
        save_games.append(game)
    connection.close()
    # A port nobody holds: on a shared machine a fixed one may answer with another's server.
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    env = {**os.environ, "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "ERROR"}
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "scorer.wsgi",
            "--workers=3",
            f"--bind=127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}/c/{circle.slug}/g/"
        wait_until_serving(port, server)
        lines = phone.measure(
            base + page_game.slug + "/", [base + g.slug + "/" for g in save_games]
        )
        for line in lines:
            print(f"  {line}")
    finally:
        server.terminate()
        server.wait(timeout=30)


STATS_GAMES = 1000
STATS_HANDS = 12
STATS_PLAYERS = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gul", "Hana"]
# The games were played an hour apart, from this moment on.
STARTED = dt.datetime(2026, 1, 1, 18, tzinfo=dt.UTC)


def stats_circle() -> Circle:
    """A circle of 1,000 finished Klaberjass games of 12 hands, each with a declaration, and
    rotating tables of eight players: written in bulk, as stored rows (the stats read only
    those), in a few seconds."""
    circle = Circle.objects.create(name="Bench", time_zone="Europe/Berlin")
    players = {name: circle.player(name) for name in STATS_PLAYERS}
    games = Game.objects.bulk_create(
        Game(
            circle=circle,
            variant="klaberjass",
            status=Game.Status.FINISHED,
            totals=[1100 + g % 300, 900],
            winners=[g % 2],
            hand_count=STATS_HANDS,
            created=STARTED + dt.timedelta(hours=g),
            finished=STARTED + dt.timedelta(hours=g, minutes=40),
        )
        for g in range(STATS_GAMES)
    )
    seats, hands = [], []
    for g, game in enumerate(games):
        for index in range(4):
            name = STATS_PLAYERS[(g + index * (1 + g % 3)) % len(STATS_PLAYERS)]
            seats.append(Seat(game=game, index=index, player=players[name]))
        for n in range(1, STATS_HANDS + 1):
            ns = 70 + (g * 7 + n) % 80
            hands.append(
                Hand(
                    game=game,
                    number=n,
                    dealer=n % 4,
                    facts={},
                    trump="S",
                    declarer=n % 4,
                    scores=[ns, 162 - ns],
                    totals=[0, 0],
                    made=ns > 81,
                )
            )
    Seat.objects.bulk_create(seats, batch_size=1000)
    Hand.objects.bulk_create(hands, batch_size=1000)
    Declaration.objects.bulk_create(
        (
            Declaration(hand=hand, order=0, seat=1, kind="sequence", points=20, counted=True)
            for hand in hands
        ),
        batch_size=1000,
    )
    return circle


def stats_page(client: Client) -> Circle:
    start = time.perf_counter()
    circle = stats_circle()
    print(f"stats fixture: {STATS_GAMES:,} games, {STATS_GAMES * STATS_HANDS:,} hands written "
          f"in {time.perf_counter() - start:.1f} s")  # fmt: skip
    for query in ("", "?variant=klaberjass"):
        page = f"/c/{circle.slug}/stats{query}"
        client.get(page)
        samples = []
        for _ in range(15):
            start = time.perf_counter()
            response = client.get(page)
            samples.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
        with CaptureQueriesContext(connection) as queries:
            client.get(page)
        # The fastest sample too: on a machine busy with other work it is the steadier number.
        print(
            f"stats page, {STATS_GAMES:,} games{' (one game)' if query else ''}: {ms(samples)}, "
            f"min {min(samples) * 1000:.1f} ms, "
            f"{len(queries)} queries, {len(response.content) // 1024} KB HTML"
        )
    print()
    return circle


def ratings(client: Client, circle: Circle) -> None:
    """The ratings of the stats circle's 1,000 games: a replay of them all from scratch (as
    a change to the first game, or a merge, makes), and the newest game alone (as its
    finishing makes), each in its transaction."""
    counted = Game.objects.counted().filter(circle=circle)
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        with transaction.atomic():
            rerate(circle.pk, counted, None)
        samples.append(time.perf_counter() - start)
    stored = Rating.objects.filter(circle=circle).count()
    print(f"ratings, replay of {STATS_GAMES:,} games from scratch ({stored:,} rows): {ms(samples)}")
    newest = counted.order_by("-finished").first()
    assert newest is not None
    samples = []
    for _ in range(15):
        start = time.perf_counter()
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            rerate_game(newest)
        samples.append(time.perf_counter() - start)
    print(f"ratings, the newest game rated alone: {ms(samples)}, {len(queries)} queries")
    member = circle.players.order_by("pk").first()
    assert member is not None
    for name, page in (
        ("ratings page (the players by rating, partnerships)", f"/c/{circle.slug}/ratings"),
        ("a member's page (rating, chart, rivals)", f"/c/{circle.slug}/roster/{member.pk}/"),
    ):
        client.get(page)
        samples = []
        for _ in range(15):
            start = time.perf_counter()
            response = client.get(page)
            samples.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
        with CaptureQueriesContext(connection) as queries:
            client.get(page)
        print(
            f"{name}, {STATS_GAMES:,} games: {ms(samples)}, min {min(samples) * 1000:.1f} ms, "
            f"{len(queries)} queries"
        )
    print()


def season(client: Client, circle: Circle) -> None:
    """A season over the stats circle's 1,000 games (its card nights) and four club nights
    of eight players (three rounds of two tables), by points and by place; and a member's
    year in review over the same games."""
    deal = {"dealer": 3, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
    names = STATS_PLAYERS
    for n in range(4):
        # Each round a permutation of the eight (5 is prime to 8), two tables of four.
        seated = [[names[(r * 3 + i * 5 + n) % 8] for i in range(8)] for r in range(3)]
        rounds = [
            {"tables": [{"players": p[t : t + 4], "hands": [deal]} for t in (0, 4)]} for p in seated
        ]
        record = {
            "format": "scorer-night/1",
            "variant": "klaberjass",
            "event": {"format": "rotating", "rounds": 3, "round_length": 1},
            "players": names,
            "rounds": rounds,
        }
        night = import_night(circle, record)
        when = STARTED + dt.timedelta(days=7 * n, hours=1)
        ClubNight.objects.filter(pk=night.pk).update(created=when)
        Game.objects.filter(club_table__round__night=night).update(created=when)
    first = STARTED.date()
    last = (STARTED + dt.timedelta(hours=STATS_GAMES)).date()
    member = circle.players.order_by("pk").first()
    assert member is not None
    for scoring in ("points", "position"):
        chosen = Season.objects.create(
            circle=circle,
            name=f"Bench {scoring}",
            starts=first,
            ends=last,
            variant="klaberjass",
            counts="cards",
            scoring=scoring,
            best=20,
            minimum=5,
            last_prize=True,
        )
        timed(client, f"season page by {scoring}, {STATS_GAMES:,} games and 4 club nights",
              f"/c/{circle.slug}/seasons/{chosen.pk}/")  # fmt: skip
    timed(client, "the season's CSV", f"/c/{circle.slug}/seasons/{chosen.pk}/season.csv")
    timed(client, "a member's year in review", f"/c/{circle.slug}/roster/{member.pk}/year")
    print()


def timed(client: Client, name: str, page: str) -> None:
    """A page's server time (15 samples after a first load), the CPU time this process
    spent on it (the steadier number on a machine busy with other work; the database's own
    is not in it) and its queries."""
    client.get(page)
    samples, cpu = [], []
    for _ in range(15):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(page)
        samples.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        assert response.status_code == 200, response.status_code
    with CaptureQueriesContext(connection) as queries:
        client.get(page)
    print(
        f"{name}: {ms(samples)}, min {min(samples) * 1000:.1f} ms, "
        f"CPU median {statistics.median(cpu) * 1000:.1f} ms, {len(queries)} queries, "
        f"{len(response.content) // 1024} KB"
    )


def record_at(client: Client, circle: Circle, number: int) -> float:
    """Time saving hand `number` as a phone does (POST, htmx, the play region back), over a
    game of `number` - 1 hands; each sample is undone before the next. Returns the median."""
    record = {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 10**9},
        "players": PLAYERS,
        "hands": [hand(i) for i in range(number - 1)],
    }
    game = Game.import_record(circle, record)
    url = f"/c/{circle.slug}/g/{game.slug}/hands"
    posts, calls = [], []
    for i in range(15):
        data = {
            "dealer": 0,
            "caller": 0,
            "trump": "S",
            "points_0": 90,
            "points_1": 62,
            "last_trick": 0,
            "key": f"at-{number}-{i}",
        }
        start = time.perf_counter()
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        posts.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
        newest = game.live_hands().last()
        assert newest is not None and newest.number == number
        game.undo_hand(newest.pk)
        # The model's call alone: scoring and storing the hand, without the page.
        start = time.perf_counter()
        saved = game.record_hand(hand(number - 1), key=f"model-{number}-{i}")
        calls.append(time.perf_counter() - start)
        game.undo_hand(saved.pk)
    print(f"record hand {number:,} (POST, htmx): {ms(posts)}; record_hand alone {ms(calls)}")
    return statistics.median(posts)


def answers(client: Client, circle: Circle) -> None:
    """The game page at 10, 100 and 500 hands, and a save's whole answer at hand 10, 500 and
    5,000 (`bench/bench.py answers` measures these alone)."""
    for count in (10, 100, 500):
        game = Game.create(circle, "klaberjass", PLAYERS, {"target": 10**9})
        for i in range(count):
            game.record_hand(hand(i))
        page = f"/c/{circle.slug}/g/{game.slug}/"
        client.get(page)
        samples = []
        for _ in range(15):
            start = time.perf_counter()
            response = client.get(page)
            samples.append(time.perf_counter() - start)
        with CaptureQueriesContext(connection) as queries:
            client.get(page)
        size = len(response.content)
        print(
            f"game page with {count} hands: {ms(samples)}, {len(queries)} queries, "
            f"{size // 1024} KB HTML"
        )

    medians = {}
    for number in (10, 500, 5000):
        medians[number] = record_at(client, circle, number)
    print(f"record hand 5,000 : record hand 10 = {medians[5000] / medians[10]:.2f}")


def changes(circle: Circle) -> None:
    """Time editing hand 1, deleting it and restoring it (the model's calls, each its own
    transaction) in games of 10, 500 and 5,000 hands: each re-scores every later hand."""
    for count in (10, 500, 5000):
        record = {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {"target": 10**9},
            "players": PLAYERS,
            "hands": [hand(i) for i in range(count)],
        }
        game = Game.import_record(circle, record)
        first = game.live_hands().get(number=1)
        edits, deletes, restores = [], [], []
        for i in range(5):
            # Another score each time, so that every later hand's totals move.
            facts = hand(i + 1)
            facts["dealer"] = 0
            start = time.perf_counter()
            first = game.edit_hand(first.pk, facts, first.version, 1)
            edits.append(time.perf_counter() - start)
            start = time.perf_counter()
            game.remove_hand(first.pk)
            deletes.append(time.perf_counter() - start)
            start = time.perf_counter()
            first = game.restore_hand(first.pk)
            restores.append(time.perf_counter() - start)
        print(
            f"hand 1 of {count:,} hands: edit {ms(edits)}; delete {ms(deletes)}; "
            f"restore {ms(restores)}"
        )


HALL_PLAYERS = 80
HALL_DEALS = 4
HALL_SAMPLES = 51


def play_round(night: ClubNight, number: int, deals: int) -> None:
    """Round `number` started and `deals` hands recorded at each of its tables."""
    night.refresh_from_db()
    start_round(night, night.version)
    for table in night.rounds.get(number=number).tables.select_related("game"):
        game = table.game
        for i in range(deals):
            game.refresh_from_db()
            dealer = game.next_hand_dealer
            game.record_hand(
                {
                    "dealer": dealer,
                    "caller": dealer,
                    "trump": "SHDC"[i % 4],
                    "card_points": [96 - 3 * i, 56 + 3 * i],
                    "last_trick": 0,
                }
            )


def hall_night() -> ClubNight:
    """A rotating Klaberjass night of 80 players at 20 tables, rounds of 4 deals: round 1
    played, round 2 half played (2 deals a table), so the standings read 120 hands."""
    circle = Circle.objects.create(name="Hall")
    names = [f"Player {n:02d}" for n in range(1, HALL_PLAYERS + 1)]
    event = {"format": "rotating", "rounds": 5, "round_length": HALL_DEALS}
    night = create_night(circle, read_night(night_record("klaberjass", {}, event, names)))
    play_round(night, 1, HALL_DEALS)
    play_round(night, 2, HALL_DEALS // 2)
    night.refresh_from_db()
    return night


def last_round_night() -> ClubNight:
    """The night bench's night (80 players at 20 tables, 8 rounds of 8 deals, 7 played:
    1,120 hands), its last round started and half played (4 deals a table)."""
    night = import_night(Circle.objects.create(name="Hall 8"), night_record_played(ROUNDS - 1))
    play_round(night, ROUNDS, DEALS // 2)
    night.refresh_from_db()
    return night


def hall(client: Client) -> None:
    """A club night's hall display, 20 tables and 80 players: its poll when nothing changed
    (what every screen asks every 3 s), its poll after a change (the live part redrawn: for
    the first screen to ask, the engine reads the night; the others find it kept), and the
    whole page; on a night at round 2 of 5 and on one at round 8 of 8."""
    start = time.perf_counter()
    night = hall_night()
    print(f"hall fixture: 80 players, 20 tables, 120 hands in {time.perf_counter() - start:.1f} s")
    hall_display(client, night, "round 2 of 5")
    start = time.perf_counter()
    night = last_round_night()
    print(
        f"hall fixture: 80 players, 20 tables, round 8 of 8, 1,200 hands in "
        f"{time.perf_counter() - start:.1f} s"
    )
    hall_display(client, night, "round 8 of 8")


def hall_display(client: Client, night: ClubNight, stage: str) -> None:
    """The hall's answers; "after a hand" moves a game of the round being played on (as a
    hand saved does), "after a correction" one of round 1, which the standings count."""
    base = f"/c/{night.circle.slug}/club/{night.slug}/hall"
    page = client.get(base)
    version = re.search(rb'data-v="([^"]+)"', page.content)
    assert page.status_code == 200 and version is not None
    unchanged = {"v": version.group(1).decode()}
    tables = NightTable.objects.filter(round__night=night)
    last = tables.filter(round__number=night.rounds.count()).values_list("game_id", flat=True)
    first = tables.filter(round__number=1).values_list("game_id", flat=True)

    def moved(games: list[int]) -> Callable[[], None]:
        return lambda: Game.objects.filter(pk__in=games[:1]).update(version=F("version") + 1)

    def nothing() -> None:
        pass

    live = f"{base}/live"
    measured = [
        ("poll, unchanged (204)", live, unchanged, 204, nothing),
        ("poll after a hand, the first screen to ask", live, {"v": "0"}, 200, moved(list(last))),
        ("poll after a correction, the first screen", live, {"v": "0"}, 200, moved(list(first))),
        ("poll, changed, every other screen", live, {"v": "0"}, 200, nothing),
        ("page", base, {}, 200, nothing),
    ]
    for name, path, query, status, change in measured:
        client.get(path, query)
        samples, cpus = [], []
        for _ in range(HALL_SAMPLES):
            change()
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(path, query)
            samples.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
            assert response.status_code == status, response.status_code
        change()
        with CaptureQueriesContext(connection) as queries:
            client.get(path, query)
        print(
            f"hall display {name}, 20 tables, {stage}: {ms(samples)}, "
            f"min {min(samples) * 1000:.1f} ms (CPU: {ms(cpus)}), {len(queries)} queries, "
            f"{len(response.content) // 1024} KB"
        )
    print()


def print_weight(client: Client, path: str) -> None:
    response = client.get(path, HTTP_ACCEPT_ENCODING="gzip, br")
    assert response["Content-Encoding"] == "gzip", "pages are sent compressed"
    total = len(response.content)
    html = gzip.decompress(response.content)
    rows = [(path, len(html), total)]
    assets = re.findall(rb'(?:src|href)="(/static/[^"]+)"', html)
    for asset in assets:
        r = client.get(asset.decode(), HTTP_ACCEPT_ENCODING="gzip, br")
        body = b"".join(r.streaming_content) if r.streaming else r.content
        rows.append((asset.decode(), None, len(body)))
        total += len(body)
    for name, raw, sent in rows:
        extra = f" ({raw // 1024} KB raw)" if raw else ""
        print(f"  {name}: {sent / 1024:.1f} KB{extra}")
    print(f"  total: {total / 1024:.1f} KB in {len(rows)} requests")


if __name__ == "__main__":
    main()

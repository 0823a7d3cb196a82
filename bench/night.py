"""A club night to measure (bench/bench.py night): 20 tables of Klaberjass (80 players,
`rotating`, 8 rounds of 8 deals), 7 rounds played with realistic hands, imported as its
record; then the server time to propose round 8 (the night read from its games, the
engine's seating with its repeat counting), the night page that shows it, and the standings
page, with their query counts."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.hands import hand
from games.engine.club.night import read_night
from games.models import Circle, ClubNight
from games.models.club_changes import import_night

TABLES = 20
ROUNDS = 8
DEALS = 8


def night_record(played: int) -> dict[str, Any]:
    """The night's record after `played` rounds, each seated as the engine proposes."""
    players = [f"Player {n:02}" for n in range(1, TABLES * 4 + 1)]
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": "rotating", "rounds": ROUNDS, "round_length": DEALS},
        "players": players,
        "rounds": [],
    }
    for number in range(played):
        proposal = read_night(record).propose(f"bench-{number}")
        tables = [
            {"players": list(t), "hands": [hand(number * 3 + at + i) for i in range(DEALS)]}
            for at, t in enumerate(proposal.tables)
        ]
        record["rounds"].append({"tables": tables})
    return record


def timed(samples: int, run: Callable[[int], object]) -> tuple[str, int]:
    """Each run's time (wall clock, and this process's CPU: on a shared machine the wall
    clock also counts the other processes' turns), and the queries of the last."""
    walls, cpus = [], []
    count = 0
    for i in range(samples):
        with CaptureQueriesContext(connection) as captured:
            start, cpu = time.perf_counter(), time.process_time()
            run(i)
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - cpu)
        count = len(captured.captured_queries)
    return f"{ms(walls)} (CPU: {ms(cpus)})", count


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms"


def night_bench(client: Client) -> None:
    circle = Circle.objects.create(name="Club")
    night = import_night(circle, night_record(ROUNDS - 1))
    base = f"/c/{circle.slug}/club/{night.slug}/"
    # The organiser's phone, which the page shows the most (the seating to swap).
    client.cookies[f"club-organiser-{night.slug}"] = night.organiser_key
    print(
        f"club night: {TABLES} tables, {TABLES * 4} players, rotating Klaberjass, "
        f"{ROUNDS - 1} of {ROUNDS} rounds played, {DEALS} deals a table"
    )

    def propose(i: int) -> None:
        found = ClubNight.objects.select_related("circle").get(pk=night.pk)
        found.seed = f"seed-{i}"
        found.proposal(found.results_night())

    times, count = timed(7, propose)
    print(f"  propose round {ROUNDS} (the night read, seated): {times}, {count} queries")

    def page(i: int) -> None:
        ClubNight.objects.filter(pk=night.pk).update(seed=f"page-{i}")
        response = client.get(base + "?stay=1")
        assert response.status_code == 200, response.status_code

    times, count = timed(15, page)
    print(f"  night page with round {ROUNDS}'s seating: {times}, {count} queries")

    def earlier(i: int) -> None:
        response = client.get(base + "?stay=1&round=3", HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.status_code

    times, count = timed(15, earlier)
    print(f"  an earlier round's tables, opened on the night page: {times}, {count} queries")

    def standings(i: int) -> None:
        response = client.get(base + "standings/")
        assert response.status_code == 200, response.status_code

    times, count = timed(9, standings)
    print(f"  standings page: {times}, {count} queries")

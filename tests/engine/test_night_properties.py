"""Generated nights (rules/club.md): for every format and every game it is for, rounds seated as
Scorer proposes them and played with hands of the game's spec record, then read back as a
record. Each proposal is a round the strict reader accepts, byes go round, the standings are
in the spec's order, and the record round-trips."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import VARIANTS
from games.engine.club.night import Night, is_team_game, night_output
from games.engine.club.standings import order_key
from games.engine.errors import ScorerError

RECORDS = Path(__file__).parent.parent / "records"
HANDS = {key: json.loads((RECORDS / f"{key}.json").read_text())["hands"] for key in VARIANTS}


def formats_of(key: str) -> list[str]:
    variant = VARIANTS[key]
    found = ["rotating"]
    if variant.side_count == 2:
        found.append("progressive")
    if is_team_game(variant):
        found += ["pairs", "round_robin"]
    return found


CASES = [(key, format) for key in VARIANTS for format in formats_of(key)]


@st.composite
def nights(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    key, format = draw(st.sampled_from(CASES))
    variant = VARIANTS[key]
    seats = variant.seats
    if format == "progressive":
        count = seats * draw(st.integers(2, 4))
    elif format in ("pairs", "round_robin"):
        count = 2 * draw(st.integers(2, 7))
    else:
        count = draw(st.integers(seats, 3 * seats + seats - 1))
    players = [f"P{i}" for i in range(1, count + 1)]
    event: dict[str, Any] = {"format": format}
    if draw(st.booleans()):
        event["rank_by"] = draw(st.sampled_from(["points", "wins"]))
    if draw(st.booleans()):
        event["bye_win"] = draw(st.sampled_from([0, 0.5, 1]))
    if draw(st.booleans()):
        event["bye_points"] = draw(st.sampled_from(["average", 0, 100]))
    length = draw(st.sampled_from([1, 2, 3, "game"]))
    event["round_length"] = length
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": key,
        "event": event,
        "players": players,
        "rounds": [],
    }
    if format in ("pairs", "round_robin"):
        record["teams"] = [players[i : i + 2] for i in range(0, count, 2)]
    seeds = [str(draw(st.integers(0, 1000))) for _ in range(4)]
    return record, seeds


def hands_for(key: str, length: int | str) -> list[dict[str, Any]]:
    """A table's hands: the round's deals of the spec record's (repeated as needed); a round
    to the target plays the first hand, which ends no game."""
    spec = HANDS[key]
    count = length if isinstance(length, int) else 1
    return [spec[i % len(spec)] for i in range(count)]


@settings(max_examples=150, deadline=None)
@given(nights())
def test_generated_nights_are_seated_scored_ordered_and_round_trip(
    night: tuple[dict[str, Any], list[str]],
) -> None:
    record, seeds = night
    read = Night.from_dict(record)
    length = record["event"]["round_length"]
    for seed in seeds[: min(len(seeds), read.round_count)]:
        proposal = read.propose(seed)
        assert proposal.round == len(record["rounds"]) + 1
        per_table = 2 if read.event.teams else read.variant.seats
        seated = [p for table in proposal.tables for p in table]
        entrants = [read.entrant_of[p] for p in seated]
        # Every entrant once, at a table or sitting out; as few out as the tables need.
        assert sorted({*entrants, *proposal.byes}) == sorted(read.entrants)
        assert len(seated) == len(set(seated))
        if record["event"]["format"] != "round_robin":
            assert len(proposal.byes) == len(read.entrants) % per_table
        record["rounds"].append(
            {
                "tables": [
                    {"players": list(table), "hands": hands_for(record["variant"], length)}
                    for table in proposal.tables
                ],
                **({"byes": list(proposal.byes)} if proposal.byes else {}),
            }
        )
        read = Night.from_dict(record)  # the proposal is a round the reader accepts
    assert read.to_dict() == record
    check_byes_go_round(read)
    check_standings(read)


def check_byes_go_round(read: Night) -> None:
    if read.event.format == "round_robin":
        return
    counts = {name: 0 for name in read.entrants}
    for r in read.rounds:
        # Those who sit out have had no more byes than anyone who plays: nobody sits out
        # twice while another has not sat out yet (in one round both may happen at once).
        playing = [counts[name] for name in read.entrants if name not in r.byes]
        assert all(counts[name] <= min(playing, default=0) for name in r.byes)
        for name in r.byes:
            counts[name] += 1


def check_standings(read: Night) -> None:
    ranked = read.standings()
    key = order_key(read.event.rank_by)
    rows = [r.standing for r in ranked]
    assert [r.rank for r in ranked] == list(range(1, len(rows) + 1))
    assert rows == sorted(rows, key=key)
    for above, row in zip(ranked, ranked[1:], strict=False):
        assert row.tied == (key(above.standing)[:-1] == key(row.standing)[:-1])
    for row in rows:
        assert row.played + row.byes == len(read.rounds)
        assert row.won <= row.played + row.byes
    # Each round hands out one win a table, shared or not, and each bye its bye_win.
    played = sum(len(r.tables) for r in read.rounds)
    byes = sum(len(r.byes) for r in read.rounds)
    per_side = read.variant.seats // read.variant.side_count
    per_entrant = 1 if read.event.teams else per_side
    assert sum(row.won for row in rows) == played * per_entrant + byes * read.event.bye_win
    out = night_output(read)
    assert [line["name"] for line in out["standings"]] == [row.name for row in rows]
    assert all(
        line["won"] == (int(r.won) if r.won.denominator == 1 else float(r.won))
        for line, r in zip(out["standings"], rows, strict=True)
    )


@settings(max_examples=60, deadline=None)
@given(nights(), st.integers(0, 10_000))
def test_a_broken_hand_or_a_seat_taken_twice_is_refused_naming_its_place(
    night: tuple[dict[str, Any], list[str]], pick: int
) -> None:
    record, seeds = night
    read = Night.from_dict(record)
    length = record["event"]["round_length"]
    for seed in seeds[: min(2, read.round_count)]:
        proposal = read.propose(seed)
        tables = [
            {"players": list(t), "hands": hands_for(record["variant"], length)}
            for t in proposal.tables
        ]
        record["rounds"].append({"tables": tables, "byes": list(proposal.byes)})
        read = Night.from_dict(record)
    rng = random.Random(pick)
    number = rng.randrange(len(record["rounds"])) + 1
    tables = record["rounds"][number - 1]["tables"]
    at = rng.randrange(len(tables)) + 1
    hands = tables[at - 1]["hands"]
    which = rng.randrange(len(hands)) + 1
    broken = json.loads(json.dumps(record))
    variant = VARIANTS[record["variant"]]
    broken["rounds"][number - 1]["tables"][at - 1]["hands"][which - 1].update(
        variant.broken_example()
    )
    try:
        Night.from_dict(broken)
    except ScorerError as error:
        said = str(error)
    else:
        raise AssertionError("a broken hand was read")
    assert said.startswith(f"round {number}, table {at}: hand {which}: "), said
    # A player seated twice in one round: at another table, or twice at one.
    twice = json.loads(json.dumps(record))
    seats = twice["rounds"][number - 1]["tables"]
    first, second = seats[0]["players"], seats[-1]["players"]
    second[-1] = first[0]
    try:
        Night.from_dict(twice)
    except ScorerError as error:
        said = str(error)
    else:
        raise AssertionError("a player seated twice was read")
    where = "two seats at one table" if len(seats) == 1 else "sits at two tables"
    assert said == f"round {number}: {first[0]} {'has ' if len(seats) == 1 else ''}{where}"

"""Generated nights played as a club plays them (rules/club.md): every format with every game
it is for, rounds of N deals or to the target, byes, players arriving late and withdrawing.
The command line's standings are held against the spec's order worked out here from its
words; every seat follows "Seats at a table"; and a record broken in one place by a mutation
of a good one is refused with one line naming that place.

(test_night_properties.py generates nights without arrivals and withdrawals, checks the
standings against the engine's own order and breaks a hand or a seat; this module does not
repeat that.)"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import VARIANTS
from games.engine.club.night import Night, Proposal, team_name
from tests.engine.night_play import (
    command,
    expected_lines,
    hands_for,
    night_read,
    partners,
    places,
    seated,
    sheet_of,
)
from tests.engine.test_night_properties import CASES


@dataclass(frozen=True)
class Leaving(Night):
    """The night with the entrants withdrawn since its last round (as the site reads it)."""

    leaving: frozenset[str] = frozenset()

    def withdrawn(self) -> frozenset[str]:
        return super().withdrawn() | self.leaving


@dataclass
class Plan:
    record: dict[str, Any]
    rounds: int
    late: dict[int, list[list[str]]]
    """Before round r, these entrants arrive (each its players)."""
    leave: dict[int, list[str]]
    """Before round r, these entrants (by name) withdraw."""
    seed: int


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    key, format = draw(st.sampled_from(CASES))
    variant = VARIANTS[key]
    seats = variant.seats
    teams = format in ("pairs", "round_robin")
    per_table = 2 if teams else seats
    if format == "progressive":
        count = seats * draw(st.integers(2, 3))
    elif teams:
        count = draw(st.integers(2, 6))
    else:
        count = draw(st.integers(seats, 3 * seats - 1))
    rounds = draw(st.integers(1, 3))
    names = iter(f"P{i}" for i in range(1, 100))
    size = 2 if teams else 1
    entrants = [[next(names) for _ in range(size)] for _ in range(count)]
    late: dict[int, list[list[str]]] = {}
    leave: dict[int, list[str]] = {}
    if rounds > 1:
        # Progressive needs its players to fill the tables: late players come a table's worth.
        arriving = draw(st.integers(0, 1 if format == "progressive" else 2))
        for _ in range(arriving):
            group = seats if format == "progressive" else 1
            late.setdefault(draw(st.integers(2, rounds)), []).extend(
                [next(names) for _ in range(size)] for _ in range(group)
            )
        leaving = draw(st.integers(0, min(2, count - per_table)))
        for who in draw(st.permutations(range(count)))[:leaving]:
            name = team_name(entrants[who]) if teams else entrants[who][0]
            leave.setdefault(draw(st.integers(2, rounds)), []).append(name)
    event: dict[str, Any] = {"format": format}
    if format != "round_robin":
        event["rounds"] = rounds + draw(st.integers(0, 1))
    for option, values in (
        ("rank_by", ["points", "wins"]),
        ("bye_win", [0, 0.5, 1]),
        ("bye_points", ["average", 0, 75]),
    ):
        if draw(st.booleans()):
            event[option] = draw(st.sampled_from(values))
    event["round_length"] = draw(st.sampled_from([1, 2, "game"]))
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": key,
        "event": event,
        "players": [p for e in entrants for p in e],
        "rounds": [],
    }
    if teams:
        record["teams"] = entrants
    return Plan(record, rounds, late, leave, draw(st.integers(0, 10_000)))


def play(plan: Plan) -> tuple[dict[str, Any], list[Proposal]]:
    """The night played round after round as proposed: late entrants added before their
    round (absent from the rounds before), the withdrawn absent from theirs on."""
    record = copy.deepcopy(plan.record)
    rng = random.Random(plan.seed)
    teams = "teams" in record
    gone: set[str] = set()
    proposals = []
    for number in range(1, plan.rounds + 1):
        read = Night.from_dict(record)
        if number > read.round_count:
            break
        for players in plan.late.get(number, []):
            record["players"] += players
            if teams:
                record["teams"].append(players)
            for earlier in record["rounds"]:
                earlier.setdefault("absent", []).append(team_name(players))
        gone |= set(plan.leave.get(number, []))
        read = Night.from_dict(record)
        fields = {f.name: getattr(read, f.name) for f in dataclasses.fields(Night)}
        now = Leaving(**fields, leaving=frozenset(gone))
        proposal = now.propose(str(plan.seed))
        check_seats(record, proposal, number)
        proposals.append(proposal)
        at_tables = {read.entrant_of[p] for p in seated(proposal.tables)}
        assert not at_tables & gone and not set(proposal.byes) & gone
        length = record["event"]["round_length"]
        played: dict[str, Any] = {
            "tables": [
                {"players": list(t), "hands": hands_for(record["variant"], length, rng)}
                for t in proposal.tables
            ]
        }
        if proposal.byes:
            played["byes"] = list(proposal.byes)
        absent = [e for e in read.entrants if e not in at_tables and e not in proposal.byes]
        assert set(absent) == gone, "every entrant here is seated or sits out"
        if absent:
            played["absent"] = absent
        record["rounds"].append(played)
    return record, proposals


def check_seats(record: dict[str, Any], proposal: Proposal, number: int) -> None:
    """club.md, "Seats at a table": higher is higher in the standings before the round (round
    1: the lower draw number)."""
    key = record["variant"]
    variant = VARIANTS[key]
    place = places(sheet_of(record)) if record["rounds"] else None
    teams = "teams" in record
    draw = {name: i for i, name in enumerate(record["players"])}
    if teams:
        draw = {team_name(t): i for i, t in enumerate(record["teams"])}

    def rank(name: str) -> int:
        return place[name] if place is not None else draw[name]

    for table in proposal.tables:
        assert len(table) == variant.seats
        if teams:
            first, second = table[0::2], table[1::2]
            listed = [list(t) for t in record["teams"]]
            assert list(first) in listed and list(second) in listed, table
            assert rank(team_name(first)) < rank(team_name(second)), (number, table)
        elif partners(key, table):
            highest = min(table, key=rank)
            assert table[0] == highest, (number, table)
            assert rank(table[1]) < rank(table[3]), (number, table)
        else:
            assert [rank(p) for p in table] == sorted(rank(p) for p in table), (number, table)


@settings(max_examples=120, deadline=None)
@given(plans())
def test_played_nights_are_scored_and_ordered_as_the_spec_words_it(plan: Plan) -> None:
    record, proposals = play(plan)
    sheet = sheet_of(record)
    code, out, err = command(record)
    assert code == 0 and err == ""
    assert json.loads(out)["standings"] == expected_lines(sheet)
    # Each table played its round: N deals, or to the game's end.
    length = record["event"]["round_length"]
    for tables, played in zip(sheet.tables, record["rounds"], strict=True):
        for table, read in zip(tables, played["tables"], strict=True):
            assert table["players"] == read["players"]
            if length == "game":
                assert table["winners"]
            else:
                assert len(read["hands"]) == length
    # Byes go round among the entrants present: none sits out with more byes than one seated.
    byes = {name: 0 for name in sheet.entrants}
    if record["event"]["format"] != "round_robin":
        for proposal in proposals:
            at_tables = [sheet.entrant(p) for p in seated(proposal.tables)]
            least = min((byes[e] for e in at_tables), default=0)
            assert all(byes[e] <= least for e in proposal.byes)
            for name in proposal.byes:
                byes[name] += 1
    # The record is written back as it was, and the next round is proposed or refused.
    assert night_read(record).to_dict() == record
    code, out, err = command(record, "--next", "--seed", str(plan.seed))
    total = night_read(record).round_count
    if len(record["rounds"]) >= total:
        assert (code, out, err) == (2, "", f"event: all {total} rounds are played\n")
    else:
        assert code == 0, err
        assert json.loads(out)["round"] == len(record["rounds"]) + 1


# --- Broken records ---------------------------------------------------------------------------


def mutations(record: dict[str, Any], rng: random.Random) -> list[tuple[str, dict[str, Any], str]]:
    """Ways to break a good record in one place: (what, the broken record, the start of the
    line that must name the place)."""
    found: list[tuple[str, dict[str, Any], str]] = []
    # A round robin whose teams have withdrawn can hold a round at no table: not that one.
    number = rng.choice([n for n, r in enumerate(record["rounds"], start=1) if r["tables"]])
    played = record["rounds"][number - 1]
    at = rng.randrange(len(played["tables"])) + 1
    here = f"round {number}, table {at}"
    round = f"round {number}"
    seats = len(played["tables"][at - 1]["players"])
    teams = "teams" in record

    def broken(change: Any) -> dict[str, Any]:
        data = copy.deepcopy(record)
        change(data, data["rounds"][number - 1], data["rounds"][number - 1]["tables"][at - 1])
        return data

    seat = rng.randrange(seats)
    found.append(
        (
            "a stranger at a table",
            broken(lambda d, r, t: t["players"].__setitem__(seat, "Zed")),
            f'{here}: "Zed" is not one of the night\'s players',
        )
    )
    found.append(
        (
            "a table a seat short",
            broken(lambda d, r, t: t["players"].pop(seat)),
            f"{here}: players: must list {seats} names in seat order",
        )
    )
    hands = len(played["tables"][at - 1]["hands"])
    found.append(
        (
            "a hand after the round's end",
            broken(lambda d, r, t: t["hands"].append(t["hands"][0])),
            f"{here}: hand {hands + 1}: game: the game already ended after hand {hands}",
        )
    )
    which = rng.randrange(hands) + 1
    bad = VARIANTS[record["variant"]].broken_example()
    found.append(
        (
            "a hand the game refuses",
            broken(lambda d, r, t: t["hands"][which - 1].update(bad)),
            f"{here}: hand {which}: ",
        )
    )
    found.append(("a table's unknown key", broken(lambda d, r, t: t.update(colour=1)), f"{here}: "))
    found.append(
        ("a round's unknown key", broken(lambda d, r, t: r.update(colour=1)), f"{round}: ")
    )
    player = played["tables"][at - 1]["players"][seat]
    entrant = next((team_name(t) for t in record.get("teams", []) if player in t), player)
    found.append(
        (
            "a seated entrant sitting out",
            broken(lambda d, r, t: r.setdefault("byes", []).append(entrant)),
            f"{round}: {entrant} sits at a table and sits out",
        )
    )
    found.append(
        (
            "a seated entrant absent",
            broken(lambda d, r, t: r.setdefault("absent", []).append(entrant)),
            f"{round}: {entrant} is absent and at a table or sitting out",
        )
    )
    for key in ("byes", "absent"):
        if played.get(key):
            gone = played[key][-1]
            found.append(
                (
                    f"an entrant left out of {key}",
                    broken(lambda d, r, t, key=key: r[key].pop()),
                    f"{round}: {gone} is neither at a table, sitting out nor absent",
                )
            )
    if teams:
        # Partners who are not a team: the table's seats 0 and 1 change places.
        first, second = played["tables"][at - 1]["players"][:2]
        found.append(
            (
                "a team split across the sides",
                broken(lambda d, r, t: t["players"].__setitem__(slice(0, 2), [second, first])),
                f"{here}: ",
            )
        )
    if len(record["rounds"]) > 1:
        count = len(record["rounds"])
        found.append(
            (
                "more rounds than the event's",
                broken(lambda d, r, t: d["event"].update(rounds=count - 1)),
                f"rounds: the event has {count - 1} rounds; the record holds {count} rounds",
            )
        )
    again = record["players"][rng.randrange(len(record["players"]))].lower()
    found.append(
        (
            "a player listed twice",
            broken(lambda d, r, t: d["players"].append(again)),
            f'players: two players have the same name ("{again}"); case and invisible',
        )
    )
    found.append(
        (
            "a game's setting",
            broken(lambda d, r, t: d.setdefault("settings", {}).update(colour=1)),
            "settings.colour: ",
        )
    )
    if teams:
        found.append(
            (
                "a team with a stranger",
                broken(lambda d, r, t: d["teams"][-1].__setitem__(1, "Zed")),
                'teams: "Zed" is not one of the night\'s players',
            )
        )
    found.append(
        (
            "an event value",
            broken(lambda d, r, t: d["event"].update(rank_by="luck")),
            "event.rank_by: ",
        )
    )
    return found


@settings(max_examples=60, deadline=None)
@given(plans(), st.integers(0, 10_000))
def test_a_record_broken_in_one_place_is_refused_with_one_line_naming_it(
    plan: Plan, pick: int
) -> None:
    record, _ = play(plan)
    if not any(r["tables"] for r in record["rounds"]):
        return
    for what, broken, start in mutations(record, random.Random(pick)):
        code, out, err = command(broken)
        assert code == 2 and out == "", what
        assert err.startswith(start) and err.count("\n") == 1, (what, err)

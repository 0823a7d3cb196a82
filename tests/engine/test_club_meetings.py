"""The standings after each round, the head-to-head of two entrants, and a night read from
its tables' stored results (their games' totals and winners, hands not read again): the
same standings and the same proposals as the night read whole."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.engine.club.meetings import head_to_head, standings_after
from games.engine.club.night import NightError, read_night

NAMES = [f"P{n}" for n in range(1, 11)]


def hand(i: int) -> dict[str, Any]:
    ns = 40 + (i * 37) % 80
    return {
        "dealer": i % 4,
        "caller": (i * 3) % 4,
        "trump": "SHDC"[i % 4],
        "card_points": [ns, 152 - ns],
        "last_trick": i % 2,
    }


def played(rounds: int, format: str = "rotating") -> dict[str, Any]:
    """A night of ten players (two tables, two sit out), `rounds` rounds seated as the
    engine proposes, three deals a table."""
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": format, "rounds": 5, "round_length": 3},
        "players": NAMES,
        "rounds": [],
    }
    if format == "pairs":
        record["teams"] = [NAMES[i : i + 2] for i in range(0, len(NAMES), 2)]
    for number in range(rounds):
        proposal = read_night(record).propose(f"seed-{number}")
        tables = [
            {"players": list(t), "hands": [hand(number * 5 + at * 2 + i) for i in range(3)]}
            for at, t in enumerate(proposal.tables)
        ]
        record["rounds"].append({"tables": tables, "byes": list(proposal.byes)})
    return record


def from_results(record: dict[str, Any]) -> Any:
    """The night read from its tables' results, as the site stores them."""
    whole = read_night(record)
    scored = [[(t.game.totals, t.game.winners) for t in r.tables] for r in whole.rounds]
    bare = copy.deepcopy(record)
    for r in bare["rounds"]:
        for t in r["tables"]:
            t["hands"] = []
    return read_night(bare, scored)


@pytest.mark.parametrize("format", ["rotating", "pairs"])
def test_a_night_read_from_its_results_stands_and_seats_as_the_whole_night(format: str) -> None:
    record = played(3, format)
    whole, light = read_night(record), from_results(record)
    assert light.standings() == whole.standings()
    for seed in ("a", "b", "c"):
        assert light.propose(seed) == whole.propose(seed)


def test_a_stored_result_of_the_wrong_number_of_sides_is_refused_naming_the_table() -> None:
    record = played(1)
    bare = copy.deepcopy(record)
    for t in bare["rounds"][0]["tables"]:
        t["hands"] = []
    with pytest.raises(NightError) as refused:
        read_night(bare, [[([10, 20, 30], []), ([1, 2], [0])]])
    assert refused.value.field == "round 1, table 1"


def test_the_standings_after_each_round_are_those_of_the_night_cut_there() -> None:
    record = played(3)
    night = read_night(record)
    for k in range(4):
        cut = {**record, "rounds": record["rounds"][:k]}
        assert standings_after(night, k) == read_night(cut).standings()
    assert standings_after(night, 3) == night.standings()


def test_the_head_to_head_counts_each_table_where_two_sat_on_different_sides() -> None:
    night = read_night(played(4))
    for a in NAMES:
        for b in NAMES:
            if a == b:
                continue
            met = [
                (number, at, t.game.totals[t.players.index(a) % 2])
                for number, r in enumerate(night.rounds, start=1)
                for at, t in enumerate(r.tables, start=1)
                if a in t.players
                and b in t.players
                and t.players.index(a) % 2 != t.players.index(b) % 2
            ]
            found = head_to_head(night, a, b)
            assert [(m.round, m.table, m.first_total) for m in found.meetings] == met
            other = head_to_head(night, b, a)
            assert other.second_points == found.first_points
            assert other.first_won == found.second_won
            for m in found.meetings:
                assert a in m.first_players and b in m.second_players
                assert m.first_won + m.second_won <= 1


def test_teams_meet_as_teams_in_the_head_to_head() -> None:
    record = played(3, "pairs")
    night = read_night(record)
    teams = night.entrants
    total = sum(len(head_to_head(night, teams[0], t).meetings) for t in teams[1:])
    assert total == sum(
        1
        for r in night.rounds
        for t in r.tables
        if night.entrant_of[t.players[0]] == teams[0] or night.entrant_of[t.players[1]] == teams[0]
    )

"""The seating guarantees of rules/club.md ("Seating the next round"), each a property over many
seeds and results, through the night as the command line reads it (Night.propose): the rotating
guarantees for every game they name, byes going round, progressive's moves, Swiss pairing top
down with as few rematches as can be, and the round robin's meetings.

(test_club_seating.py holds a test per rule and the rotating guarantees of the seating search
alone, over a layout; here the whole night seats each round.)"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import VARIANTS
from games.engine.club.night import Night, Proposal, team_name
from tests.engine.night_play import hands_for, partners, places, seated, sheet_of

FOUR_SEAT_TEAM_GAMES = [k for k, v in VARIANTS.items() if v.teams and v.seats == 4]
THREE_SEAT_GAMES = [k for k, v in VARIANTS.items() if v.seats == 3]


def night(key: str, count: int, format: str = "rotating", **event: Any) -> dict[str, Any]:
    players = [f"P{i:02}" for i in range(1, count + 1)]
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": key,
        "event": {"format": format, "round_length": 1, **event},
        "players": players,
        "rounds": [],
    }
    if format in ("pairs", "round_robin"):
        record["teams"] = [players[i : i + 2] for i in range(0, count, 2)]
    return record


def play_round(record: dict[str, Any], seed: int, rng: random.Random) -> Proposal:
    """Seat the next round as proposed and play it (random deals of the spec record)."""
    proposal = Night.from_dict(record).propose(str(seed))
    length = record["event"].get("round_length", "game")
    played: dict[str, Any] = {
        "tables": [
            {"players": list(t), "hands": hands_for(record["variant"], length, rng)}
            for t in proposal.tables
        ]
    }
    if proposal.byes:
        played["byes"] = list(proposal.byes)
    record["rounds"].append(played)
    return proposal


def pairs_count(tables: Sequence[Sequence[str]], key: str) -> tuple[Counter[Any], Counter[Any]]:
    """How often two players were partners, and shared a table on opposite sides."""
    partnered: Counter[Any] = Counter()
    opposed: Counter[Any] = Counter()
    for table in tables:
        sides = partners(key, table)
        for a, b in itertools.combinations(table, 2):
            pair = frozenset((a, b))
            if any(pair <= side for side in sides):
                partnered[pair] += 1
            else:
                opposed[pair] += 1
    return partnered, opposed


# --- Rotating -----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    key=st.sampled_from(FOUR_SEAT_TEAM_GAMES),
    count=st.sampled_from([8, 12, 16, 20]),
    seed=st.integers(0, 2**32),
)
def test_a_four_seat_team_game_goes_five_rounds_without_a_partner_again(
    key: str, count: int, seed: int
) -> None:
    record = night(key, count, rounds=5)
    rng = random.Random(seed)
    tables = [t for _ in range(5) for t in play_round(record, seed, rng).tables]
    partnered, opposed = pairs_count(tables, key)
    assert max(partnered.values()) == 1
    assert max(opposed.values()) <= 2
    for r in record["rounds"]:
        assert sorted(seated(t["players"] for t in r["tables"])) == sorted(record["players"])


@settings(max_examples=40, deadline=None)
@given(
    key=st.sampled_from(THREE_SEAT_GAMES), count=st.sampled_from([6, 9]), seed=st.integers(0, 2**32)
)
def test_a_three_seat_game_goes_four_rounds_sharing_a_table_at_most_twice(
    key: str, count: int, seed: int
) -> None:
    record = night(key, count, rounds=4)
    rng = random.Random(seed)
    tables = [t for _ in range(4) for t in play_round(record, seed, rng).tables]
    partnered, opposed = pairs_count(tables, key)
    assert not partnered
    assert max(opposed.values()) <= 2


# --- Byes ---------------------------------------------------------------------------------------


@settings(max_examples=20, deadline=None)
@given(
    case=st.sampled_from(
        [("klaberjass", "rotating", n) for n in (5, 6, 7, 9, 10)]
        + [("terz", "rotating", n) for n in (3, 5, 7)]
        + [("hoskin-tekli", "rotating", n) for n in (4, 5, 7)]
        + [("coinche", "pairs", n) for n in (6, 10, 14)]
    ),
    seed=st.integers(0, 2**32),
)
def test_byes_go_to_the_fewest_byes_then_the_lowest_and_nobody_twice_before_all_once(
    case: tuple[str, str, int], seed: int
) -> None:
    key, format, count = case
    record = night(key, count, format, rounds=12)
    rng = random.Random(seed)
    sheet = sheet_of(record)
    byes = Counter[str]({name: 0 for name in sheet.entrants})
    for number in range(1, 13):
        place = places(sheet_of(record)) if record["rounds"] else None
        proposal = play_round(record, seed, rng)
        out = set(proposal.byes)
        assert out, "the entrants never fill the tables: someone sits out every round"
        playing = [n for n in sheet.entrants if n not in out]
        # Fewest byes first, then the lowest in the standings (round 1: the highest draw).
        for bye, seat in itertools.product(out, playing):
            assert byes[bye] <= byes[seat]
            if byes[bye] == byes[seat]:
                if place is None:
                    assert sheet.entrants.index(bye) > sheet.entrants.index(seat)
                else:
                    assert place[bye] > place[seat], (number, bye, seat)
        byes.update(out)
        assert max(byes.values()) - min(byes.values()) <= 1


# --- Progressive --------------------------------------------------------------------------------


def moved(
    key: str, table: Sequence[str], totals: Sequence[int], winners: Sequence[int], draw: list[str]
) -> tuple[list[str], list[str]]:
    """A table's winning side and losing side (a shared win: the side whose first seat holds
    the lower draw number)."""
    sides = [list(table[0::2]), list(table[1::2])] if len(table) == 4 else [[p] for p in table]
    won = min(winners, key=lambda s: draw.index(sides[s][0]))
    return sides[won], sides[1 - won]


@settings(max_examples=40, deadline=None)
@given(
    key=st.sampled_from(["euchre", "klaberjass", "coinche", "hoskin", "terz"]),
    tables=st.integers(2, 4),
    deals=st.sampled_from([1, 2, "game"]),
    seed=st.integers(0, 2**32),
)
def test_progressive_winners_move_up_losers_stay_and_the_head_tables_losers_go_to_the_foot(
    key: str, tables: int, deals: int | str, seed: int
) -> None:
    seats = VARIANTS[key].seats
    record = night(key, seats * tables, "progressive", rounds=4, round_length=deals)
    rng = random.Random(seed)
    play_round(record, seed, rng)
    for _ in range(3):
        sheet = sheet_of(record)
        last = sheet.tables[-1]
        split = [
            moved(key, t["players"], t["totals"], t["winners"], record["players"]) for t in last
        ]
        won = [w for w, _ in split]
        lost = [lo for _, lo in split]
        foot = tables - 1
        arriving = [(won[0], won[1])]
        arriving += [(lost[t], won[t + 1]) for t in range(1, foot)]
        arriving += [(lost[foot], lost[0])]
        place = places(sheet)
        partnered, _ = pairs_count([t["players"] for r in sheet.tables for t in r], key)
        proposal = play_round(record, seed, rng)
        assert proposal.byes == ()
        for table, (first, second) in zip(proposal.tables, arriving, strict=True):
            assert sorted(table) == sorted(first + second)
            if seats == 4:
                # Two pairs split: each player partners one of the other pair, the way with
                # fewer partner repeats (equal: the lower seats of last round together).
                sides = partners(key, table)
                assert all(len(side & set(first)) == 1 for side in sides)
                ways = [
                    [frozenset((first[0], second[0])), frozenset((first[1], second[1]))],
                    [frozenset((first[0], second[1])), frozenset((first[1], second[0]))],
                ]
                repeats = [sum(partnered[s] for s in way) for way in ways]
                chosen = ways[0] if set(ways[0]) == set(sides) else ways[1]
                if repeats[0] != repeats[1]:
                    assert chosen == ways[repeats.index(min(repeats))]
                else:
                    assert chosen == ways[0]
                # Seats: the side of the highest player in 0 and 2, that player in seat 0.
                assert table[0] == min(table, key=place.__getitem__)
                assert place[table[1]] < place[table[3]]
            else:
                assert place[table[0]] < place[table[1]]


# --- Swiss pairs --------------------------------------------------------------------------------


def matchings(teams: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Every way to pair the teams, each pair (higher, lower) in the order given."""
    if not teams:
        return [[]]
    first, rest = teams[0], teams[1:]
    found = []
    for i, other in enumerate(rest):
        for more in matchings(rest[:i] + rest[i + 1 :]):
            found.append([(first, other), *more])
    return found


def top_down(teams: Sequence[str], met: set[frozenset[str]]) -> list[tuple[str, str]]:
    """club.md's Swiss pairing, by brute force: of the pairings with the fewest rematches,
    the one in which the highest team takes the highest it can, then the next, and so on."""
    every = matchings(teams)

    def rematches(pairing: list[tuple[str, str]]) -> int:
        return sum(frozenset(pair) in met for pair in pairing)

    fewest = min(rematches(p) for p in every)
    best = [p for p in every if rematches(p) == fewest]
    return min(best, key=lambda p: [teams.index(b) for _, b in p])


@settings(max_examples=60, deadline=None)
@given(teams=st.integers(4, 9), rounds=st.integers(1, 5), seed=st.integers(0, 2**32))
def test_swiss_pairs_top_down_without_a_rematch_unless_none_can_be_avoided(
    teams: int, rounds: int, seed: int
) -> None:
    record = night("klaberjass", 2 * teams, "pairs", rounds=rounds + 1)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_round(record, seed, rng)
    sheet = sheet_of(record)
    place = places(sheet)
    met = {
        frozenset(sheet.entrant(p) for p in t["players"])
        for r in record["rounds"]
        for t in r["tables"]
    }
    proposal = Night.from_dict(record).propose(str(seed))
    playing = sorted((e for e in sheet.entrants if e not in proposal.byes), key=place.__getitem__)
    pairs = [(sheet.entrant(t[0]), sheet.entrant(t[1])) for t in proposal.tables]
    assert pairs == top_down(playing, met)
    # Table 1 holds the pair whose higher team stands highest; the higher team sits in 0 and 2.
    assert [place[a] for a, _ in pairs] == sorted(place[a] for a, _ in pairs)
    assert all(place[a] < place[b] for a, b in pairs)


# --- Round robin --------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(teams=st.integers(2, 9), seed=st.integers(0, 2**32))
def test_a_round_robin_meets_every_team_once_in_its_rounds_by_the_circle_method(
    teams: int, seed: int
) -> None:
    record = night("euchre", 2 * teams, "round_robin")
    rng = random.Random(seed)
    names = sheet_of(record).entrants
    rounds = teams if teams % 2 else teams - 1
    met: Counter[frozenset[str]] = Counter()
    out: Counter[str] = Counter()
    places_list: list[str | None] = [*names, *([None] if teams % 2 else [])]
    for number in range(1, rounds + 1):
        proposal = play_round(record, seed, rng)
        pairs = [(team_name(t[0::2]), team_name(t[1::2])) for t in proposal.tables]
        met.update(frozenset(p) for p in pairs)
        out.update(proposal.byes)
        # Round 1: first with last, second with second-to-last…; then team 1 stays and the
        # others rotate one place (the last to the second).
        circle = [
            frozenset(x for x in (a, b) if x)
            for a, b in zip(places_list, places_list[::-1], strict=True)
        ]
        expected = {c for c in circle if len(c) == 2}
        assert {frozenset(p) for p in pairs} == expected, number
        places_list = [places_list[0], places_list[-1], *places_list[1:-1]]
        # Table 1 holds the pair with the lowest draw number, and so on.
        lowest = [min(names.index(a), names.index(b)) for a, b in pairs]
        assert lowest == sorted(lowest)
    assert set(met.values()) == {1} and len(met) == teams * (teams - 1) // 2
    assert out == Counter(names if teams % 2 else [])
    assert Night.from_dict(record).round_count == rounds

"""Seating the next round (rules/club.md, "Seating the next round", "Seats at a table"): a test
per rule, and the rotating guarantees as properties over many seeds."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.club.night import Night
from games.engine.club.seating import (
    History,
    Layout,
    circle,
    progressive,
    random_draw,
    rotating,
    seat_table,
    sitting_out,
    swiss,
    winning_side,
)

TEAM = Layout((0, 1, 0, 1))
THREE = Layout((0, 1, 2))
TWO = Layout((0, 1))
NO_HISTORY = History({}, {}, {})


def names(count: int) -> list[str]:
    return [f"P{i:02}" for i in range(1, count + 1)]


# --- Byes --------------------------------------------------------------------------------------


def test_the_fewest_byes_sit_out_first_then_the_lowest_in_the_standings() -> None:
    present = ["A", "B", "C", "D", "E", "F"]
    place = {name: i for i, name in enumerate(present)}
    assert sitting_out(present, 2, {}, place) == ("E", "F")
    assert sitting_out(present, 2, {"F": 1, "E": 1}, place) == ("C", "D")
    assert sitting_out(present, 1, {n: 1 for n in present if n != "A"}, place) == ("A",)
    assert sitting_out(present, 0, {}, place) == ()


def test_nobody_sits_out_twice_before_everyone_present_has() -> None:
    present = names(7)
    byes: dict[str, int] = {}
    for round in range(7):
        place = {name: (i * 5 + round) % 7 for i, name in enumerate(present)}
        (out,) = sitting_out(present, 1, byes, place)
        assert byes.get(out, 0) == 0
        byes[out] = 1
    assert set(byes) == set(present)


# --- Seats at a table -----------------------------------------------------------------------------


def test_in_a_team_game_the_side_of_the_highest_player_takes_seats_0_and_2() -> None:
    place = {"A": 0, "B": 1, "C": 2, "D": 3}
    # Sides as drawn: C with B, A with D: A's side takes seats 0 and 2, A in seat 0; the other
    # side's higher player, B, in seat 1.
    assert seat_table([["C", "B"], ["D", "A"]], TEAM, place, listed=False) == ("A", "B", "D", "C")


def test_a_team_keeps_the_order_it_is_listed_in() -> None:
    place = {"B1": 0, "B2": 0, "A1": 1, "A2": 1}
    assert seat_table([["A1", "A2"], ["B1", "B2"]], TEAM, place, listed=True) == (
        "B1",
        "A1",
        "B2",
        "A2",
    )


def test_with_one_player_a_side_the_highest_sits_in_seat_0_and_so_on() -> None:
    place = {"A": 2, "B": 0, "C": 1}
    assert seat_table([["A"], ["B"], ["C"]], THREE, place, listed=False) == ("B", "C", "A")


# --- Rotating ------------------------------------------------------------------------------


def five_rounds(count: int, layout: Layout, rounds: int, seed: int) -> History:
    rng = random.Random(seed)
    players = names(count)
    played = [random_draw(players, layout, rng)]
    for _ in range(rounds - 1):
        history = History.of(played, layout, {p: p for p in players})
        played.append(rotating(players, layout, history, rng))
    for tables in played:
        seated = [p for table in tables for p in table]
        assert sorted(seated) == players
    return History.of(played, layout, {p: p for p in players})


@settings(max_examples=60, deadline=None)
@given(count=st.sampled_from([8, 12, 16, 20]), seed=st.integers(0, 2**32))
def test_four_seat_team_games_go_five_rounds_without_a_partner_again(count: int, seed: int) -> None:
    history = five_rounds(count, TEAM, 5, seed)
    assert max(history.partners.values()) == 1
    assert max(history.opponents.values()) <= 2


@settings(max_examples=100, deadline=None)
@given(count=st.sampled_from([6, 9]), seed=st.integers(0, 2**32))
def test_three_seat_games_go_four_rounds_sharing_a_table_at_most_twice(
    count: int, seed: int
) -> None:
    history = five_rounds(count, THREE, 4, seed)
    assert history.partners == {}
    assert max(history.opponents.values()) <= 2


def test_rotating_parts_partners_of_the_round_before() -> None:
    players = names(4)
    history = History.of([[players]], TEAM, {p: p for p in players})
    (table,) = rotating(players, TEAM, history, random.Random(1))
    assert {frozenset(table[0::2]), frozenset(table[1::2])} != {
        frozenset(players[0::2]),
        frozenset(players[1::2]),
    }


def klob_night(count: int, rounds: int) -> dict[str, Any]:
    hand = {"dealer": 3, "caller": 0, "trump": "H", "card_points": [100, 52], "last_trick": 0}
    return {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"rounds": 8, "round_length": 1},
        "players": names(count),
        "rounds": [
            {"tables": [{"players": list(t), "hands": [hand]} for t in tables]}
            for tables in rounds_of(count, rounds)
        ],
    }


def rounds_of(count: int, rounds: int) -> list[list[list[str]]]:
    rng = random.Random(5)
    players = names(count)
    played = [random_draw(players, TEAM, rng)]
    for _ in range(rounds - 1):
        played.append(
            rotating(players, TEAM, History.of(played, TEAM, {p: p for p in players}), rng)
        )
    return played


def test_proposing_a_rotating_round_for_80_players_takes_at_most_200_ms() -> None:
    worst = 0.0
    for played in (1, 4, 7):
        night = Night.from_dict(klob_night(80, played))
        start = time.process_time()
        proposal = night.propose("9")
        worst = max(worst, time.process_time() - start)
        assert len(proposal.tables) == 20
    assert worst <= 0.2, f"{worst * 1000:.0f} ms"


def test_a_round_for_80_players_with_no_seating_free_of_repeats_is_found_in_200_ms() -> None:
    # Every two players were opponents once: no seating is free of repeats, so the search
    # spends its whole budget.
    players = names(80)
    everyone = {frozenset(pair): 1 for pair in itertools.combinations(players, 2)}
    start = time.process_time()
    tables = rotating(players, TEAM, History({}, everyone, {}), random.Random(3))
    assert time.process_time() - start <= 0.2
    assert sorted(p for table in tables for p in table) == players


# --- Progressive ---------------------------------------------------------------------------


def test_progressive_splits_pairs_the_way_with_fewer_partner_repeats() -> None:
    last = [["A", "B", "C", "D"], ["E", "F", "G", "H"]]
    # A and F partnered before: the straight split (A with F) would repeat, so A takes H.
    history = History({frozenset(("A", "F")): 1}, {}, {})
    moved = progressive(last, [0, 1], TEAM, history)
    assert moved[0] == [["A", "H"], ["C", "F"]]
    assert moved[1] == [["E", "B"], ["G", "D"]]


def test_in_terz_the_winner_moves_up_and_table_1s_loser_goes_to_the_foot() -> None:
    last = [["A", "B"], ["C", "D"], ["E", "F"]]
    moved = progressive(last, [0, 1, 0], TWO, NO_HISTORY)
    # Table 1: A stays, D (table 2's winner) comes up; table 2: C stays, E comes up; table 3:
    # F stays, B (table 1's loser) goes to the foot.
    assert moved == [[["A"], ["D"]], [["C"], ["E"]], [["F"], ["B"]]]


def test_progressive_down_to_one_table_keeps_its_pairs_and_splits_them() -> None:
    # Withdrawals left one table: its winners stay, and its losers go to the foot, itself.
    moved = progressive([["A", "B", "C", "D"]], [1], TEAM, NO_HISTORY)
    assert moved == [[["B", "A"], ["D", "C"]]]
    assert progressive([["A", "B"]], [0], TWO, NO_HISTORY) == [[["A"], ["B"]]]


def test_a_progressive_night_withdrawn_down_to_one_table_is_proposed_its_next_round() -> None:
    hand = {"dealer": 3, "maker": 0, "trump": "H", "maker_tricks": 5}
    first = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal"]
    table = {"players": first[:4], "hands": [hand]}
    record = {
        "format": "scorer-night/1",
        "variant": "euchre",
        "event": {"format": "progressive", "round_length": 1},
        "players": first,
        "rounds": [
            {"tables": [table, {"players": first[4:], "hands": [hand]}]},
            {"tables": [table], "absent": first[4:]},
        ],
    }
    proposal = Night.from_dict(record).propose()
    assert len(proposal.tables) == 1 and proposal.byes == ()
    (seated,) = proposal.tables
    assert sorted(seated) == sorted(first[:4])
    # The pairs split: Ann & Cleo won, and now each partners one of Ben & Dov.
    assert {frozenset(seated[0::2]), frozenset(seated[1::2])}.isdisjoint(
        {frozenset(("Ann", "Cleo")), frozenset(("Ben", "Dov"))}
    )


def test_a_shared_win_goes_to_the_side_whose_first_seat_drew_lower() -> None:
    draw = {"A": 3, "B": 1, "C": 0, "D": 2}
    assert winning_side(["A", "B", "C", "D"], [0, 1], TEAM, draw) == 1
    assert winning_side(["C", "B", "A", "D"], [0, 1], TEAM, draw) == 0
    assert winning_side(["A", "B", "C", "D"], [1], TEAM, draw) == 1


# --- Swiss and round robin -----------------------------------------------------------------------


def test_swiss_backtracks_when_the_top_down_choice_leaves_a_rematch() -> None:
    met = {frozenset(("C", "D"))}

    def count(a: str, b: str) -> int:
        return 1 if frozenset((a, b)) in met else 0

    # A's first choice, B, would leave C and D, who have met: A takes C instead.
    assert swiss(["A", "B", "C", "D"], count) == [("A", "C"), ("B", "D")]


def test_swiss_allows_as_few_rematches_as_can_be_and_only_when_it_must() -> None:
    met = {frozenset(p) for p in [("A", "B"), ("A", "C"), ("B", "C"), ("C", "D")]}

    def count(a: str, b: str) -> int:
        return 1 if frozenset((a, b)) in met else 0

    # Every pairing of the four has a rematch; the fewest is one, found top down: A–C, B–D.
    assert swiss(["A", "B", "C", "D"], count) == [("A", "C"), ("B", "D")]


def test_swiss_avoids_a_rematch_by_taking_the_next_one_down() -> None:
    met = {frozenset(("A", "B")), frozenset(("C", "D"))}

    def count(a: str, b: str) -> int:
        return 1 if frozenset((a, b)) in met else 0

    # A takes C (not B, met): then B–D. Were A–C to strand a rematch, A would take D.
    assert swiss(["A", "B", "C", "D"], count) == [("A", "C"), ("B", "D")]
    met |= {frozenset(("B", "D"))}
    assert swiss(["A", "B", "C", "D"], count) == [("A", "D"), ("B", "C")]


def test_swiss_stays_quick_when_rematches_cannot_be_avoided() -> None:
    rng = random.Random(20)
    teams = [f"T{i:02}" for i in range(20)]
    met: dict[frozenset[str], int] = {}
    for _ in range(30):  # more rounds than teams: rematches from round 20 on
        order = teams[:]
        rng.shuffle(order)
        start = time.process_time()
        pairs = swiss(order, lambda a, b: met.get(frozenset((a, b)), 0))
        assert time.process_time() - start <= 0.2
        assert sorted(t for pair in pairs for t in pair) == teams
        for pair in pairs:
            met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    assert len(met) == 190  # by then every two of the 20 teams have met


def test_a_round_robin_of_an_odd_number_meets_everyone_once_with_one_bye_a_round() -> None:
    teams = ["1", "2", "3", "4", "5"]
    met: list[frozenset[str]] = []
    out = []
    for round in range(1, 6):
        pairs, idle = circle(teams, round)
        met += [frozenset(pair) for pair in pairs]
        out.append(idle)
    assert sorted(out) == teams
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(teams, 2)), key=sorted
    )


def test_a_late_arrival_is_seated_in_the_next_round() -> None:
    record = klob_night(8, 1)
    record["players"].append("Late")
    record["rounds"][0]["absent"] = ["Late"]
    proposal = Night.from_dict(record).propose()
    seated = {p for table in proposal.tables for p in table} | set(proposal.byes)
    assert "Late" in seated and len(proposal.byes) == 1


def test_progressive_seats_a_round_whose_players_changed_as_a_rotating_one() -> None:
    hand = {"dealer": 3, "maker": 0, "trump": "H", "maker_tricks": 5}
    first = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal"]
    late = ["Ivy", "Jo", "Kai", "Lu"]
    record = {
        "format": "scorer-night/1",
        "variant": "euchre",
        "event": {"format": "progressive", "round_length": 1},
        "players": first + late,
        "rounds": [
            {
                "tables": [
                    {"players": first[:4], "hands": [hand]},
                    {"players": first[4:], "hands": [hand]},
                ],
                "absent": late,
            }
        ],
    }
    proposal = Night.from_dict(record).propose()
    assert sorted(p for table in proposal.tables for p in table) == sorted(first + late)
    assert proposal.byes == ()
    # The head table holds the highest in the standings; nobody partners last round's partner.
    assert proposal.tables[0][0] == "Ann"
    for table in proposal.tables:
        assert {frozenset(table[0::2]), frozenset(table[1::2])}.isdisjoint(
            {frozenset(("Ann", "Cleo")), frozenset(("Ben", "Dov")), frozenset(("Eve", "Gus"))}
        )

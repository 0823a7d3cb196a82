"""A round's results and the standings (rules/club.md, "Results of a round", "Standings"), a
test per rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.engine.club.event import Event
from games.engine.club.standings import (
    Played,
    Result,
    Table,
    average,
    half_away,
    round_results,
    standings,
)

FOUR_TEAMS = (0, 1, 0, 1).__getitem__
EACH_A_SIDE = int  # a seat is its own side


def by_name(played: Played, side_of: object = FOUR_TEAMS, **event: object) -> dict[str, Result]:
    settings = Event(**event)  # type: ignore[arg-type]
    return round_results(
        played,
        {p: p for t in played.tables for p in t.players} | {b: b for b in played.byes},
        side_of,  # type: ignore[arg-type]
        settings.bye_points,
        settings.bye_win,
    )


def test_a_player_of_a_team_scores_the_teams_total_against_the_other() -> None:
    got = by_name(Played((Table(("A", "B", "C", "D"), (268, 56), (0,)),)))
    assert got["A"] == got["C"] == Result(268, 56, Fraction(1))
    assert got["B"] == got["D"] == Result(56, 268, Fraction(0))


def test_with_more_than_two_sides_against_is_the_highest_of_the_others() -> None:
    got = by_name(Played((Table(("A", "B", "C", "D"), (3, -1, 5, 2), (2,)),)), EACH_A_SIDE)
    assert got["C"] == Result(5, 3, Fraction(1))
    assert got["A"] == Result(3, 5, Fraction(0))
    assert got["B"] == Result(-1, 5, Fraction(0))


def test_a_win_shared_by_k_sides_is_one_kth_each() -> None:
    got = by_name(Played((Table(("A", "B", "C"), (4, 4, 4), (0, 1, 2)),)), EACH_A_SIDE)
    assert {r.won for r in got.values()} == {Fraction(1, 3)}
    halves = by_name(Played((Table(("A", "B", "C", "D"), (10, 10), (0, 1)),)))
    assert {r.won for r in halves.values()} == {Fraction(1, 2)}


def test_a_game_ended_early_wins_as_its_highest_total_stands() -> None:
    got = by_name(Played((Table(("A", "B", "C", "D"), (120, 80)),)))
    assert got["A"].won == 1 and got["B"].won == 0
    level = by_name(Played((Table(("A", "B", "C", "D"), (80, 80)),)))
    assert level["A"].won == level["B"].won == Fraction(1, 2)


def test_a_bye_scores_the_average_for_and_against_and_the_bye_win() -> None:
    played = Played((Table(("A", "B", "C", "D"), (268, 56), (0,)),), ("E",))
    assert by_name(played)["E"] == Result(162, 162, Fraction(1, 2), bye=True)
    assert by_name(played, bye_points=100)["E"] == Result(100, 100, Fraction(1, 2), bye=True)
    assert by_name(played, bye_win=Fraction(1))["E"].won == 1
    assert by_name(played, bye_win=Fraction(0))["E"].won == 0


@pytest.mark.parametrize(
    ("value", "rounded"),
    [
        (Fraction(5, 2), 3),
        (Fraction(-5, 2), -3),
        (Fraction(7, 3), 2),
        (Fraction(-7, 3), -2),
        (Fraction(1, 2), 1),
        (Fraction(0), 0),
    ],
)
def test_the_average_rounds_halves_away_from_zero(value: Fraction, rounded: int) -> None:
    assert half_away(value) == rounded


def test_the_average_is_of_every_entrant_who_played() -> None:
    results = [Result(1, 0, Fraction(0)), Result(2, 0, Fraction(0))]
    assert average(results) == 2  # 1.5, away from zero
    assert average([Result(-1, 0, Fraction(0)), Result(-2, 0, Fraction(0))]) == -2
    assert average([]) == 0


def results(*rows: tuple[str, int, int, Fraction]) -> dict[str, Result]:
    return {name: Result(pf, pa, won) for name, pf, pa, won in rows}


def test_by_points_the_order_is_points_then_won_then_difference_then_draw() -> None:

    got = standings(
        ["A", "B", "C", "D", "E"],
        [
            results(
                ("A", 100, 90, Fraction(0)),
                ("B", 100, 80, Fraction(0)),  # the same points, a better difference
                ("C", 100, 120, Fraction(1)),  # the same points, more won
                ("D", 150, 200, Fraction(0)),  # the most points
                ("E", 100, 90, Fraction(0)),  # A's equal on every key but the draw
            )
        ],
        "points",
    )
    assert [r.standing.name for r in got] == ["D", "C", "B", "A", "E"]
    assert [r.rank for r in got] == [1, 2, 3, 4, 5]
    assert [r.tied for r in got] == [False, False, False, False, True]


def test_by_wins_the_order_is_won_then_difference_then_points_then_draw() -> None:
    got = standings(
        ["A", "B", "C", "D"],
        [
            results(
                ("A", 300, 100, Fraction(1, 2)),
                ("B", 100, 90, Fraction(1)),
                ("C", 120, 110, Fraction(1)),  # B's difference, more points
                ("D", 120, 110, Fraction(1)),  # C's equal on every key but the draw
            )
        ],
        "wins",
    )
    assert [r.standing.name for r in got] == ["C", "D", "B", "A"]
    assert [r.tied for r in got] == [False, True, False, False]


def test_a_rank_is_never_shared_and_a_tie_is_only_with_the_one_above() -> None:
    nobody = standings(["A", "B", "C"], [], "points")
    assert [(r.rank, r.standing.name, r.tied) for r in nobody] == [
        (1, "A", False),
        (2, "B", True),
        (3, "C", True),
    ]


def test_standings_add_up_the_rounds_and_count_byes_apart_from_games() -> None:
    first = results(("A", 10, 5, Fraction(1)), ("B", 5, 10, Fraction(0)))
    second = {"A": Result(7, 7, Fraction(1, 2), bye=True), "B": Result(3, 1, Fraction(1))}
    got = {r.standing.name: r.standing for r in standings(["A", "B"], [first, second], "points")}
    assert (got["A"].played, got["A"].byes, got["A"].won) == (1, 1, Fraction(3, 2))
    assert (got["A"].points_for, got["A"].points_against, got["A"].difference) == (17, 12, 5)
    assert (got["B"].played, got["B"].byes, got["B"].difference) == (2, 0, -3)


def test_a_withdrawn_entrant_is_still_listed_and_marked() -> None:
    got = standings(["A", "B"], [], "points", withdrawn=frozenset({"B"}))
    assert [(r.standing.name, r.standing.withdrawn) for r in got] == [("A", False), ("B", True)]

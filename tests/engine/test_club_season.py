"""A season's arithmetic (games/engine/club/season.py), against small seasons worked out by
hand: best N of M, the average, the minimum of nights, ties shared, the last-place prize,
place points with a tie, a shared win and a withdrawn entrant."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

from games.engine.club.season import (
    CardGame,
    NightScore,
    Rules,
    SeasonNight,
    best_of,
    card_night_scores,
    night_scores,
    season_table,
)
from games.engine.club.standings import Result


def night(day: int, points: dict[str, int]) -> SeasonNight:
    """A night whose places follow the points (ties shared), as a club night ranks them."""
    ordered = sorted(points.values(), reverse=True)
    scores = {
        name: NightScore(value, 1 + ordered.index(value), len(points))
        for name, value in points.items()
    }
    return SeasonNight(dt.date(2026, 1, day), "club", f"n{day}", scores)


# Four nights. Ann plays all four, Ben three, Cleo three, Dov one.
NIGHTS = [
    night(2, {"Ann": 100, "Ben": 80, "Cleo": 60}),
    night(9, {"Ann": 50, "Ben": 90, "Dov": 120}),
    night(16, {"Ann": 70, "Cleo": 110}),
    night(23, {"Ann": 40, "Ben": 60, "Cleo": 60}),
]


def by_name(rows: list) -> dict:
    return {r.name: r for r in rows}


def test_every_night_counts_and_the_average_is_the_mean_of_the_nights_played() -> None:
    rows = by_name(season_table(NIGHTS, Rules()))
    # Ann 100 + 50 + 70 + 40 = 260 over 4 nights; Ben 80 + 90 + 60 = 230 over 3;
    # Cleo 60 + 110 + 60 = 230 over 3; Dov 120 over 1.
    assert (rows["Ann"].total, rows["Ann"].nights, rows["Ann"].average) == (260, 4, 65)
    assert (rows["Ben"].total, rows["Ben"].average) == (230, Fraction(230, 3))
    assert (rows["Cleo"].total, rows["Dov"].total) == (230, 120)
    assert rows["Ann"].values == (100, 50, 70, 40)
    assert rows["Dov"].values == (None, 120, None, None)


def test_equal_totals_and_averages_share_a_rank() -> None:
    rows = season_table(NIGHTS, Rules())
    # Ben and Cleo: 230 each, both averaging 76.67: they share 2nd, Dov is 4th.
    assert [(r.name, r.rank, r.tied) for r in rows] == [
        ("Ann", 1, False),
        ("Ben", 2, True),
        ("Cleo", 2, True),
        ("Dov", 4, False),
    ]


def test_best_two_nights_count_and_the_others_are_marked_not_counted() -> None:
    rows = by_name(season_table(NIGHTS, Rules(best=2)))
    # Ann's best two: 100 and 70 = 170; Ben's: 90 + 80 = 170; Cleo's: 110 + 60 (the earlier
    # of her two 60s) = 170; Dov: 120.
    assert rows["Ann"].counted == (True, False, True, False)
    assert rows["Cleo"].counted == (True, False, True, False)
    assert [rows[n].total for n in ("Ann", "Ben", "Cleo", "Dov")] == [170, 170, 170, 120]
    order = season_table(NIGHTS, Rules(best=2))
    # Equal totals: the higher average first. Cleo 230/3 = 76.67 and Ben 76.67 share the
    # 1st place above Ann (65).
    assert [(r.name, r.rank) for r in order] == [("Ben", 1), ("Cleo", 1), ("Ann", 3), ("Dov", 4)]


def test_a_player_below_the_minimum_of_nights_is_listed_unranked_after_the_others() -> None:
    rows = season_table(NIGHTS, Rules(minimum=3))
    assert [(r.name, r.rank) for r in rows] == [
        ("Ann", 1),
        ("Ben", 2),
        ("Cleo", 2),
        ("Dov", None),
    ]


def test_the_last_place_prize_goes_to_the_last_ranked_players() -> None:
    rows = by_name(season_table(NIGHTS, Rules(minimum=3, last_prize=True)))
    # Dov is unranked: the last ranked are Ben and Cleo, sharing 2nd.
    assert {n for n, r in rows.items() if r.last} == {"Ben", "Cleo"}
    assert not any(r.last for r in season_table(NIGHTS, Rules(last_prize=False)))
    one = [night(2, {"Ann": 10, "Ben": 10})]
    assert not any(r.last for r in season_table(one, Rules(last_prize=True)))


def test_place_points_share_a_tied_place() -> None:
    rows = by_name(season_table(NIGHTS, Rules(scoring="position")))
    # Night 4: Ben and Cleo tie on 60 for 1st of 3 (3 points each), Ann 3rd (1 point).
    # Ann: 3 + 1 + 1 + 1 = 6; Ben: 2 + 2 + 3 = 7; Cleo: 1 + 2 + 3 = 6; Dov: 3.
    assert [rows[n].total for n in ("Ann", "Ben", "Cleo", "Dov")] == [6, 7, 6, 3]
    assert rows["Ann"].values == (3, 1, 1, 1)


def test_best_of_takes_the_earlier_of_equal_values() -> None:
    assert best_of((5, None, 7, 5), 2) == (True, False, True, False)
    assert best_of((5, None, 7), None) == (True, False, True)


def test_a_night_ranks_its_entrants_and_a_team_gives_both_players_its_figures() -> None:
    rounds = [
        {"Ann & Ben": Result(100, 60, Fraction(1)), "Cleo & Dov": Result(60, 100, Fraction(0))},
        {"Ann & Ben": Result(50, 70, Fraction(0)), "Cleo & Dov": Result(70, 50, Fraction(1))},
    ]
    teams = {"Ann & Ben": ("Ann", "Ben"), "Cleo & Dov": ("Cleo", "Dov")}
    scores = night_scores(rounds, "points", teams)
    # Ann & Ben 150 points, Cleo & Dov 130.
    assert scores["Ben"] == NightScore(150, 1, 2)
    assert scores["Dov"] == NightScore(130, 2, 2)


def test_a_withdrawn_entrant_keeps_the_rounds_it_played() -> None:
    rounds = [
        {"Ann": Result(30, 20, Fraction(1)), "Eve": Result(20, 30, Fraction(0))},
        {"Ann": Result(10, 5, Fraction(1)), "Ben": Result(5, 10, Fraction(0))},
    ]
    # Eve left after round 1: 20 points, ranked among the three who came (Ann 40, Eve 20,
    # Ben 5).
    scores = night_scores(rounds, "points")
    assert scores["Eve"] == NightScore(20, 2, 3)
    assert scores["Ben"] == NightScore(5, 3, 3)


def test_a_card_night_splits_a_shared_win_and_ranks_by_games_won() -> None:
    games = [
        # Ann & Cleo beat Ben & Dov 120 to 80.
        CardGame(("Ann", "Ben", "Cleo", "Dov"), (0, 1, 0, 1), (120, 80), (0,)),
        # Ann & Ben and Cleo & Dov share a win at 100 each.
        CardGame(("Ann", "Cleo", "Ben", "Dov"), (0, 1, 0, 1), (100, 100), (0, 1)),
    ]
    scores = card_night_scores(games)
    # Won: Ann 1 + ½, Cleo 1 + ½, Ben 0 + ½, Dov 0 + ½. Ann and Cleo are equal on won,
    # difference (+40) and points (220): they share 1st; Ben and Dov (½, −40, 180) 3rd.
    assert scores["Ann"] == NightScore(220, 1, 4)
    assert scores["Cleo"] == NightScore(220, 1, 4)
    assert scores["Ben"] == NightScore(180, 3, 4)
    assert scores["Dov"] == NightScore(180, 3, 4)
    assert scores["Dov"].place_points == 2

"""Seasons on the site: a small circle whose season table is worked out by hand (a club night
with a three-way tie, a bye and a withdrawn player; a card night of ordinary games; a player
below the minimum of nights; the last-place prize), the page, its CSV, the form's refusals,
and the page's queries, as many for one night as for many."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Circle, ClubNight, Game, Season
from games.models.club_changes import import_night
from games.models.seasons import NameTaken, season_nights, store_season
from games.pages.season_page import season_csv, season_page
from tests.conftest import klob_hand

UTC = dt.UTC
# One deal of Klaberjass: the side of seats 0 and 2 makes it 106 to 56 (96 card points and
# the last trick's 10, against 56); B the same for the side of seats 1 and 3.
A = {"dealer": 3, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
B = {"dealer": 3, "caller": 1, "trump": "H", "card_points": [56, 96], "last_trick": 1}

NIGHT = {
    "format": "scorer-night/1",
    "variant": "klaberjass",
    "event": {"format": "rotating", "rounds": 2, "round_length": 1, "rank_by": "points"},
    "players": ["Ann", "Ben", "Cleo", "Dov", "Eve"],
    "rounds": [
        # Ann & Cleo 106, Ben & Dov 56; Eve sits out: the round's average, (106 × 2 + 56 × 2)
        # / 4 = 81.
        {"tables": [{"players": ["Ann", "Ben", "Cleo", "Dov"], "hands": [A]}], "byes": ["Eve"]},
        # Dov has left (withdrawn). Eve & Ben 106, Ann & Cleo 56.
        {"tables": [{"players": ["Eve", "Ann", "Ben", "Cleo"], "hands": [A]}], "absent": ["Dov"]},
    ],
}
# The club night of 2 January: Eve 81 + 106 = 187 (1st of 5); Ann 106 + 56, Ben 56 + 106,
# Cleo 106 + 56 = 162 each, equal in won (1) and difference (0): 2nd, shared; Dov 56 (5th).
# The card night of 9 January: Ann & Cleo win 106–56, then Ben & Dov 106–56: 162 each, all
# four equal, 1st of 4. A game on 5 February is outside the season.


def at(day: int, month: int = 1) -> dt.datetime:
    return dt.datetime(2026, month, day, 20, 0, tzinfo=UTC)


def ordinary(circle: Circle, hand: dict[str, Any], when: dt.datetime) -> Game:
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"deals": 1}, 3)
    game.record_hand(klob_hand(**hand))
    Game.objects.filter(pk=game.pk).update(created=when)
    return game


@pytest.fixture
def winter(circle: Circle) -> Season:
    night = import_night(circle, NIGHT)
    ClubNight.objects.filter(pk=night.pk).update(created=at(2))
    Game.objects.filter(club_table__round__night=night).update(created=at(2))
    ordinary(circle, A, at(9))
    ordinary(circle, B, at(9))
    ordinary(circle, A, at(5, 2))
    return Season.objects.create(
        circle=circle,
        name="Winter",
        starts=dt.date(2026, 1, 1),
        ends=dt.date(2026, 1, 31),
        variant="klaberjass",
        counts="cards",
        minimum=2,
        last_prize=True,
    )


def table(season: Season) -> list[tuple[Any, ...]]:
    page = season_page(season)
    return [
        (line.rank, line.tied, line.name, line.nights, line.total, line.last)
        for line in page["ranked"] + page["unranked"]
    ]


def test_the_season_adds_up_a_club_night_and_a_card_night_by_points(winter: Season) -> None:
    assert [(n.day.day, n.kind) for n in season_nights(winter)] == [(2, "club"), (9, "cards")]
    # Ann, Ben, Cleo 162 + 162 = 324; Dov 56 + 162 = 218, last; Eve one night: unranked.
    assert table(winter) == [
        (1, True, "Ann", 2, 324, False),
        (1, True, "Ben", 2, 324, False),
        (1, True, "Cleo", 2, 324, False),
        (4, False, "Dov", 2, 218, True),
        (None, False, "Eve", 1, 187, False),
    ]


def test_the_season_by_place_scores_a_point_for_each_player_level_or_below(
    winter: Season,
) -> None:
    winter.scoring = "position"
    # 2 January: Eve 5 (1st of 5), Ann, Ben, Cleo 4 (2nd), Dov 1 (5th); 9 January: all four
    # 1st of 4, 4 each.
    assert table(winter) == [
        (1, True, "Ann", 2, 8, False),
        (1, True, "Ben", 2, 8, False),
        (1, True, "Cleo", 2, 8, False),
        (4, False, "Dov", 2, 5, True),
        (None, False, "Eve", 1, 5, False),
    ]


def test_club_nights_only_leaves_out_the_ordinary_games(winter: Season) -> None:
    winter.counts = "club"
    winter.minimum = 0
    winter.last_prize = False
    assert table(winter) == [
        (1, False, "Eve", 1, 187, False),
        (2, True, "Ann", 1, 162, False),
        (2, True, "Ben", 1, 162, False),
        (2, True, "Cleo", 1, 162, False),
        (5, False, "Dov", 1, 56, False),
    ]


def test_the_best_night_of_two_counts_and_the_other_is_shown_not_counted(
    winter: Season,
) -> None:
    winter.best = 1
    page = season_page(winter)
    dov = next(line for line in page["ranked"] if line.name == "Dov")
    assert (dov.total, [c.counted for c in dov.cells]) == (162, [False, True])
    assert dov.average == "109.0"  # (56 + 162) / 2


def test_the_season_page_and_its_csv(client: Client, winter: Season) -> None:
    url = reverse("season", args=[winter.circle.slug, winter.pk])
    page = client.get(url).content.decode()
    assert "Winter" in page and "324" in page and "last place" in page
    assert (
        reverse("season", args=[winter.circle.slug, winter.pk])
        in client.get(reverse("circle", args=[winter.circle.slug])).content.decode()
    )
    response = client.get(reverse("season_csv", args=[winter.circle.slug, winter.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="Winter.csv"'
    lines = response.content.decode("utf-8-sig").splitlines()
    assert (
        lines[0]
        == "Rank,Tied,Name,Nights,2026-01-02 club night,2026-01-09,Total,Average,Last place"
    )
    assert lines[1] == "1,=,Ann,2,162,162,324,162.0,"
    assert lines[4] == "4,,Dov,2,56,162,218,109.0,1"
    assert lines[5] == ",,Eve,1,187,,187,187.0,"
    assert season_csv(winter).startswith("\ufeff")


def test_the_page_reads_as_many_queries_for_many_nights_as_for_one(
    circle: Circle, winter: Season
) -> None:
    with CaptureQueriesContext(connection) as one:
        season_page(winter)
    second = import_night(circle, NIGHT)
    ClubNight.objects.filter(pk=second.pk).update(created=at(16))
    Game.objects.filter(club_table__round__night=second).update(created=at(16))
    for day in (10, 11, 12):
        ordinary(circle, B, at(day))
    with CaptureQueriesContext(connection) as many:
        page = season_page(winter)
    assert len(page["columns"]) == 6
    assert len(many.captured_queries) == len(one.captured_queries) <= 10


def test_a_shared_win_on_a_card_night_is_split_between_the_sides(circle: Circle) -> None:
    ordinary(circle, A, at(9))
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"deals": 2}, 3)
    for hand in (A, B):
        game.record_hand(klob_hand(**{**hand, "dealer": game.next_dealer}))
        game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(created=at(9, 1).replace(hour=22))
    assert game.winners == [0, 1]  # 106 + 56 = 162 each: a shared win
    season = Season.objects.create(
        circle=circle,
        name="One night",
        starts=dt.date(2026, 1, 9),
        ends=dt.date(2026, 1, 9),
        counts="cards",
        scoring="position",
    )
    # Won: Ann and Cleo 1 + ½, Ben and Dov 0 + ½: Ann and Cleo share 1st of 4 (4 points
    # each), Ben and Dov 3rd (2 points each).
    assert table(season) == [
        (1, True, "Ann", 1, 4, False),
        (1, True, "Cleo", 1, 4, False),
        (3, True, "Ben", 1, 2, False),
        (3, True, "Dov", 1, 2, False),
    ]
    season.scoring = "points"
    # Points for: Ann and Cleo 106 + 162 = 268, Ben and Dov 56 + 162 = 218.
    assert [(row[2], row[4]) for row in table(season)] == [
        ("Ann", 268),
        ("Cleo", 268),
        ("Ben", 218),
        ("Dov", 218),
    ]


def test_a_club_night_whose_table_no_longer_seats_its_entrants_is_left_out(
    circle: Circle, winter: Season
) -> None:
    seat = Game.objects.filter(club_table__round__night__circle=circle).first().seats.first()
    seat.player = circle.player("Zed")
    seat.save()
    assert [n.kind for n in season_nights(winter)] == ["cards"]
    # Ann, Ben, Cleo and Dov: 162 each on 9 January, Eve no night at all.
    assert [row[2:5] for row in table(winter)] == [
        ("Ann", 1, 162),
        ("Ben", 1, 162),
        ("Cleo", 1, 162),
        ("Dov", 1, 162),
    ]


def post(client: Client, circle: Circle, **changes: str) -> Any:
    data = {
        "name": "Spring",
        "starts": "2026-03-01",
        "ends": "2026-05-31",
        "variant": "",
        "counts": "club",
        "scoring": "points",
        "best": "",
        "planned": "",
        "minimum": "",
        **changes,
    }
    return client.post(reverse("season_new", args=[circle.slug]), data)


def test_a_season_is_created_changed_and_removed(client: Client, circle: Circle) -> None:
    response = post(client, circle, best="8", planned="10", minimum="3", last_prize="on")
    season = circle.seasons.get()
    assert response.url == reverse("season", args=[circle.slug, season.pk])
    assert (season.best, season.planned, season.minimum, season.last_prize) == (8, 10, 3, True)
    edit = reverse("season_edit", args=[circle.slug, season.pk])
    data = {"name": "Spring '26", "starts": "2026-03-01", "ends": "2026-06-30"}
    data |= {"counts": "cards", "scoring": "position", "minimum": "0"}
    assert client.post(edit, data).status_code == 302
    season.refresh_from_db()
    assert (season.name, season.ends, season.scoring) == (
        "Spring '26",
        dt.date(2026, 6, 30),
        "position",
    )
    remove = reverse("season_remove", args=[circle.slug, season.pk])
    assert client.post(remove).status_code == 302
    assert client.post(remove).status_code == 302
    assert not circle.seasons.exists()


@pytest.mark.parametrize(
    ("changes", "field", "said"),
    [
        (
            {"ends": "2026-02-01"},
            "ends",
            "The last night, Feb. 1, 2026, is before the first, March 1, 2026.",
        ),
        (
            {"best": "5", "planned": "4"},
            "best",
            "Best nights counted (5) is more than the nights planned (4).",
        ),
        (
            {"minimum": "6", "planned": "4"},
            "minimum",
            "Nights to be ranked (6) is more than the nights planned (4)",
        ),
        ({"starts": "2026-02-30"}, "starts", "Enter a date as year-month-day"),
        ({"starts": "٢٠٢٦-03-01"}, "starts", "Enter a date as year-month-day"),
        ({"starts": "9999-12-31"}, "starts", "Enter a date from the year 2000 to 2100."),
        ({"best": "١"}, "best", "Enter a whole number, in digits 0 to 9."),
        ({"best": "0"}, "best", "Ensure this value is greater than or equal to 1."),
        ({"name": ""}, "name", "This field is required."),
        ({"variant": "poker"}, "variant", "Select a valid choice."),
        ({"counts": "x\x00"}, "counts", "Select a valid choice."),
    ],
)
def test_a_bad_season_is_refused_naming_what_is_wrong_and_keeps_what_was_typed(
    client: Client, circle: Circle, changes: dict[str, str], field: str, said: str
) -> None:
    response = post(client, circle, **changes)
    assert response.status_code == 400
    errors = " ".join(str(e) for e in response.context["form"].errors[field])
    assert said in errors
    page = response.content.decode()
    for name, value in changes.items():
        if value and name not in ("variant", "counts"):  # a choice offers only its choices
            assert f'value="{value}"' in page
    assert not circle.seasons.exists()


def test_two_phones_creating_one_season_at_once_create_it_once(
    client: Client, circle: Circle
) -> None:
    # The second phone's request is answered after the first's transaction: under the
    # circle's lock it finds the name taken, and says so.
    assert post(client, circle).status_code == 302
    again = post(client, circle, name="spring")
    assert again.status_code == 400
    assert "Another season is called spring" in again.content.decode()
    assert circle.seasons.count() == 1
    values = {"name": "SPRING", "starts": dt.date(2026, 1, 1), "ends": dt.date(2026, 1, 2)}
    values |= {"variant": "", "counts": "club", "scoring": "points", "best": None}
    values |= {"planned": None, "minimum": 0, "last_prize": False}
    with pytest.raises(NameTaken):
        store_season(circle, values)

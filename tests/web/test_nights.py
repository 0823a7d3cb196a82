"""Card nights: 06:00 to 06:00 on the circle's own clock, and the time zone that clock is in."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from typing import Any
from unittest.mock import patch

import pytest
from django.test import Client

from games import nights
from games.models import Circle, Game
from tests.conftest import PLAYERS, klob_hand

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def at(text: str, tz: zoneinfo.ZoneInfo = BERLIN) -> dt.datetime:
    """A moment given on the local wall clock, "2026-05-08 11:59"."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=tz)


@pytest.mark.parametrize(
    ("started", "night"),
    [
        ("2026-05-08 05:59", "2026-05-07"),  # the night before is still on
        ("2026-05-08 06:00", "2026-05-08"),  # it ended at six: the morning is the day's night
        ("2026-05-08 11:59", "2026-05-08"),
        ("2026-05-08 12:00", "2026-05-08"),
        ("2026-05-08 23:59", "2026-05-08"),
        ("2026-05-09 00:00", "2026-05-08"),
        ("2026-05-09 05:59", "2026-05-08"),
    ],
)
def test_a_game_belongs_to_the_night_on_the_circles_wall_clock(started: str, night: str) -> None:
    assert nights.night_of(at(started), BERLIN).isoformat() == night


def test_the_same_moment_is_another_night_in_another_time_zone() -> None:
    moment = at("2026-05-08 05:30", zoneinfo.ZoneInfo("UTC"))  # 07:30 in Berlin
    assert nights.night_of(moment, zoneinfo.ZoneInfo("UTC")).isoformat() == "2026-05-07"
    assert nights.night_of(moment, BERLIN).isoformat() == "2026-05-08"


@pytest.mark.parametrize(
    ("started", "night"),
    [
        # 29 March 2026: Berlin's clocks go from 02:00 to 03:00. 04:59 UTC is 06:59 local.
        ("2026-03-29 03:59", "2026-03-28"),
        ("2026-03-29 04:00", "2026-03-29"),
        # 25 October 2026: from 03:00 back to 02:00. 04:59 UTC is 05:59 local.
        ("2026-10-25 04:59", "2026-10-24"),
        ("2026-10-25 05:00", "2026-10-25"),
    ],
)
def test_a_day_the_clocks_change_still_ends_its_night_at_six_local_time(
    started: str, night: str
) -> None:
    utc = at(started, zoneinfo.ZoneInfo("UTC"))
    assert nights.night_of(utc, BERLIN).isoformat() == night


def test_a_night_when_the_clocks_change_is_an_hour_shorter_or_longer() -> None:
    utc = dt.UTC
    spring = [moment.astimezone(utc) for moment in nights.bounds(dt.date(2026, 3, 28), BERLIN)]
    autumn = [moment.astimezone(utc) for moment in nights.bounds(dt.date(2026, 10, 24), BERLIN)]
    assert spring[1] - spring[0] == dt.timedelta(hours=23)
    assert autumn[1] - autumn[0] == dt.timedelta(hours=25)
    assert spring[0] == at("2026-03-28 06:00")


@pytest.mark.parametrize("name", ["Europe/Berlin", "UTC", "America/Argentina/Buenos_Aires"])
def test_it_knows_the_iana_time_zones(name: str) -> None:
    assert nights.valid_time_zone(name) == name


@pytest.mark.parametrize(
    "name",
    ["", "Mars/Olympus", "europe/berlin", "../../etc/passwd", "Europe/Berlin\x00", "\x00",
     "x" * 5000, "Europe/" + "B" * 70, "🂡", None, 7, ["UTC"]],
)  # fmt: skip
def test_it_refuses_anything_else_as_a_time_zone(name: Any) -> None:
    assert nights.valid_time_zone(name) is None


@pytest.mark.parametrize("text", ["2026-02-30", "2026-13-01", "20260501", "٢٠٢٦-٠٥-٠١", "9" * 40])
def test_a_night_in_a_link_is_a_real_date_or_nothing(text: str) -> None:
    assert nights.read_night(text) is None


# -- the time zone, from the phone and from the settings ------------------------------------


def test_a_new_circle_takes_the_time_zone_its_phone_sends(client: Client, db: Any) -> None:
    client.post("/circles/new", {"time_zone": "Europe/Istanbul"})
    assert Circle.objects.get().time_zone == "Europe/Istanbul"


@pytest.mark.parametrize("sent", ["", "Nowhere/Special", "x" * 5000])
def test_a_new_circle_without_a_known_zone_is_left_unset(
    client: Client, db: Any, sent: str
) -> None:
    client.post("/circles/new", {"time_zone": sent})
    assert Circle.objects.get().time_zone == ""


def test_the_home_page_form_carries_the_phones_zone_for_the_script_to_fill(
    client: Client, db: Any
) -> None:
    page = client.get("/").content.decode()
    assert 'name="time_zone" value="" data-time-zone' in page


def test_a_circle_without_a_zone_asks_the_phone_once(client: Client, circle: Circle) -> None:
    page = client.get(f"/c/{circle.slug}/").content.decode()
    assert "data-first-time-zone" in page
    response = client.post(
        f"/c/{circle.slug}/time-zone",
        {"time_zone": "America/New_York", "first": "on"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 204
    circle.refresh_from_db()
    assert circle.time_zone == "America/New_York"
    assert "data-first-time-zone" not in client.get(f"/c/{circle.slug}/").content.decode()


def test_a_phones_first_guess_never_replaces_a_zone_already_set(
    client: Client, circle: Circle
) -> None:
    circle.time_zone = "Europe/Berlin"
    circle.save()
    client.post(f"/c/{circle.slug}/time-zone", {"time_zone": "Asia/Tokyo", "first": "on"})
    circle.refresh_from_db()
    assert circle.time_zone == "Europe/Berlin"


def test_the_circles_settings_change_its_zone(client: Client, circle: Circle) -> None:
    circle.time_zone = "Europe/Berlin"
    circle.save()
    page = client.get(f"/c/{circle.slug}/time-zone")
    assert '<option value="Asia/Tokyo">' in page.content.decode()
    response = client.post(f"/c/{circle.slug}/time-zone", {"time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    circle.refresh_from_db()
    assert circle.time_zone == "Asia/Tokyo"


@pytest.mark.parametrize("sent", ["Nowhere/Special", "", "x" * 5000, "Europe/Berlin\x00"])
def test_an_unknown_zone_is_refused_and_changes_nothing(
    client: Client, circle: Circle, sent: str
) -> None:
    response = client.post(f"/c/{circle.slug}/time-zone", {"time_zone": sent})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode() or sent == ""
    circle.refresh_from_db()
    assert circle.time_zone == ""


# -- the night page ---------------------------------------------------------------------------


def started_at(game: Game, moment: dt.datetime) -> Game:
    Game.objects.filter(pk=game.pk).update(created=moment)
    game.refresh_from_db()
    return game


def finished_game(circle: Circle, players: list[str], winner_calls: int) -> Game:
    """A Klaberjass game to 200 won in two hands by the team of seat `winner_calls`."""
    game = Game.create(circle, "klaberjass", players, {"target": 200}, first_dealer=3)
    points = [96, 56] if winner_calls == 0 else [56, 96]
    last = winner_calls
    game.record_hand(klob_hand(caller=winner_calls, card_points=points, last_trick=last))
    game.record_hand(klob_hand(dealer=0, caller=winner_calls, card_points=points, last_trick=last))
    game.refresh_from_db()
    assert game.winners == [winner_calls]
    return game


@pytest.fixture
def berlin(circle: Circle) -> Circle:
    circle.time_zone = "Europe/Berlin"
    circle.save()
    return circle


def test_a_nights_page_lists_the_games_started_between_its_six_oclocks(
    client: Client, berlin: Circle
) -> None:
    early = started_at(Game.create(berlin, "terz", ["Ann", "Ben"]), at("2026-05-08 05:59"))
    morning = started_at(Game.create(berlin, "terz", ["Ann", "Cleo"]), at("2026-05-08 06:00"))
    late = started_at(Game.create(berlin, "terz", ["Ann", "Dov"]), at("2026-05-09 05:59"))
    after = started_at(Game.create(berlin, "terz", ["Ann", "Eve"]), at("2026-05-09 06:00"))
    response = client.get(f"/c/{berlin.slug}/nights/2026-05-08/")
    listed = [g.pk for g in response.context["games"]]
    assert sorted(listed) == sorted([morning.pk, late.pk])
    assert response.context["earlier"] == dt.date(2026, 5, 7)
    assert response.context["later"] == dt.date(2026, 5, 9)
    assert {early.pk, after.pk}.isdisjoint(listed)


def test_a_nights_standings_count_wins_and_add_points_within_each_game(
    client: Client, berlin: Circle
) -> None:
    first = finished_game(berlin, PLAYERS, 0)  # Ann & Cleo win 212 to 112
    second = finished_game(berlin, ["Ann", "Ben", "Eve", "Dov"], 1)  # Ben & Dov win 212 to 112
    unfinished = Game.create(berlin, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    for game, time in ((first, "20:00"), (second, "22:30"), (unfinished, "23:50")):
        started_at(game, at(f"2026-05-08 {time}"))
    response = client.get(f"/c/{berlin.slug}/nights/2026-05-08/")
    table = {s.name: (s.played, s.won) for s in response.context["standings"]}
    assert table == {
        "Ann": (2, 1),
        "Cleo": (1, 1),
        "Ben": (2, 1),
        "Dov": (2, 1),
        "Eve": (1, 0),
    }
    [(variant, points)] = response.context["points"]
    assert variant.key == "klaberjass"
    # Ann's 324 is 212 with Cleo and 112 with Eve: each game's points are her side's.
    assert points == [("Ann", 324), ("Ben", 324), ("Dov", 324), ("Cleo", 212), ("Eve", 112)]


@pytest.mark.parametrize("night", ["2026-02-30", "tonight", "9" * 300, "2026-5-8"])
def test_a_night_that_is_no_date_is_not_found(client: Client, circle: Circle, night: str) -> None:
    assert client.get(f"/c/{circle.slug}/nights/{night}/").status_code == 404


# -- the circle page opens on tonight -------------------------------------------------------


def test_the_circle_page_opens_on_tonight_with_games_in_progress_before_new_games(
    client: Client, berlin: Circle
) -> None:
    old = started_at(finished_game(berlin, PLAYERS, 0), at("2026-01-02 20:00"))
    tonight = finished_game(berlin, ["Ann", "Ben", "Eve", "Dov"], 1)
    playing = Game.create(berlin, "terz", ["Ann", "Ben"])
    page = client.get(f"/c/{berlin.slug}/")
    assert page.context["in_progress"] == [playing]
    assert page.context["finished_tonight"] == [tonight]
    html = page.content.decode()
    tonight_section = html[html.index('id="tonight-title"') : html.index("<h2>New game</h2>")]
    assert f"/g/{playing.slug}/" in tonight_section
    assert f"/g/{tonight.slug}/" in tonight_section
    assert f"/g/{old.slug}/" not in tonight_section
    assert html.index(f"/g/{playing.slug}/") < html.index(f"/g/{tonight.slug}/")
    night = berlin.tonight().isoformat()
    assert f'href="/c/{berlin.slug}/nights/{night}/"' in tonight_section


@pytest.mark.parametrize(
    ("language", "tonight", "night_title"),
    [
        ("ru", 'Сегодня <span class="night-date">вторник, ', "Сегодня, вторник, "),
        ("uk", 'Сьогодні <span class="night-date">вівторок, ', "Сьогодні: вівторок, "),
        ("en", 'Tonight <span class="night-date">Tuesday, ', "Tonight, Tuesday, "),
        ("tr", 'Bu gece <span class="night-date">Salı, ', "Bu gece, Salı, "),
    ],
)
def test_a_weekday_inside_a_sentence_is_written_as_the_language_writes_it(
    client: Client, db: Any, language: str, tonight: str, night_title: str
) -> None:
    """Russian and Ukrainian write a weekday in lower case after "tonight"; a night's own
    title, at the head of a line, keeps the capital."""
    circle = Circle.objects.create(language=language)
    tuesday = dt.date(2026, 12, 1)
    with patch.object(Circle, "tonight", lambda circle: tuesday):
        home = client.get(f"/c/{circle.slug}/").content.decode()
        night = client.get(f"/c/{circle.slug}/nights/{tuesday.isoformat()}/").content.decode()
    heading = home.split('id="tonight-title">', 1)[1].split("</h2>", 1)[0]
    assert " ".join(heading.split()).startswith(tonight), heading
    title = night.split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert title.startswith(night_title), title

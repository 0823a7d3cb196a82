"""Imports that know a copy (issue 23, item 3).

A record says when its game was played: the export writes the game's start, on the circle's
clock, and the import keeps it, so the game joins the night it was played. A record of a game
the circle holds already (the same variant, settings, players and hands) creates nothing and
says where that game is; ticking "Import it again as a second copy" imports it on purpose.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import zoneinfo
from typing import Any
from unittest.mock import patch

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import nights
from games.engine.record import GameRecord
from games.models import AlreadyImported, Circle, Game
from games.models.games import MAX_COPY_CHECKS
from games.pages.circle_page import circle_page, history_filter, night_page
from tests.conftest import PLAYERS, klob_hand

ISTANBUL = zoneinfo.ZoneInfo("Europe/Istanbul")


def upload(client: Client, circle: Circle, data: object, **fields: str) -> Any:
    file = SimpleUploadedFile("game.json", json.dumps(data).encode(), "application/json")
    return client.post(reverse("game_import", args=[circle.slug]), {"record": file, **fields})


def played_game(circle: Circle, hands: int = 3) -> Game:
    game = Game.create(circle, "klaberjass", PLAYERS, {"target": 300}, first_dealer=3)
    for i in range(hands):
        game.record_hand(klob_hand(dealer=(3 + i) % 4, card_points=[96 - i, 56 + i]))
    game.refresh_from_db()
    return game


def alert(response: Any) -> str:
    found = re.search(r'id="import-copy">(.*?)</div>', response.content.decode(), re.S)
    assert found, "the page says the game is there already"
    return found.group(1)


@pytest.fixture
def istanbul(db: Any) -> Circle:
    return Circle.objects.create(name="Kadıköy", time_zone="Europe/Istanbul")


class TestPlayed:
    def test_the_export_writes_when_the_game_began_on_the_circles_clock(
        self, istanbul: Circle
    ) -> None:
        game = played_game(istanbul)
        game.created = dt.datetime(2026, 11, 30, 18, 45, 12, 345678, tzinfo=dt.UTC)
        game.save()
        assert game.export()["played"] == "2026-11-30T21:45:12+03:00"

    def test_an_imported_game_begins_when_its_record_says(
        self, client: Client, istanbul: Circle
    ) -> None:
        record = {
            **played_game(Circle.objects.create()).export(),
            "played": "2026-11-30T22:10:00+03:00",
        }
        assert upload(client, istanbul, record).status_code == 302
        imported = istanbul.games.get()
        assert imported.created == dt.datetime(2026, 11, 30, 19, 10, tzinfo=dt.UTC)

    def test_a_finished_game_played_yesterday_joins_yesterdays_night_not_tonights(
        self, client: Client, istanbul: Circle
    ) -> None:
        # Yesterday's night, at nine in the evening on the circle's clock.
        yesterday = istanbul.tonight() - dt.timedelta(days=1)
        evening = dt.datetime.combine(yesterday, dt.time(21), tzinfo=ISTANBUL)
        source = played_game(Circle.objects.create(), hands=0)
        for i in range(2):
            source.record_hand(klob_hand(dealer=(3 + i) % 4, card_points=[152, 0]))
        source.refresh_from_db()
        assert source.is_finished
        record = {**source.export(), "played": evening.isoformat()}
        assert upload(client, istanbul, record).status_code == 302
        imported = istanbul.games.get()
        night = nights.night_of(evening, ISTANBUL)
        assert istanbul.night_of(imported.created) == night == yesterday
        assert imported.finished == evening  # the nearest the record tells of its end
        assert [g.pk for g in night_page(istanbul, night)["games"]] == [imported.pk]
        assert night_page(istanbul, night)["standings"], "it counts in that night's standings"
        tonight = circle_page(istanbul, history_filter(istanbul, {}))
        assert imported not in tonight["finished_tonight"]

    def test_a_record_without_it_begins_now(self, client: Client, istanbul: Circle) -> None:
        record = played_game(Circle.objects.create()).export()
        del record["played"]
        before = timezone.now()
        assert upload(client, istanbul, record).status_code == 302
        assert before <= istanbul.games.get().created <= timezone.now()

    def test_export_and_import_keep_the_moment_to_the_second(
        self, client: Client, istanbul: Circle
    ) -> None:
        source = played_game(Circle.objects.create(time_zone="America/New_York"))
        assert upload(client, istanbul, source.export()).status_code == 302
        imported = istanbul.games.get()
        assert imported.created == source.created.replace(microsecond=0)
        # On this circle's clock now, the same moment.
        assert imported.export()["played"].endswith("+03:00")
        assert GameRecord.from_dict(imported.export()).played == imported.created

    @pytest.mark.parametrize(
        ("played", "says"),
        [
            ("2026-02-30T21:00+03:00", "is not a date and time that exists"),
            ("2026-11-30T21:00", "with its offset from UTC"),
            (1764529200, "written as text"),
            ("0001-11-30T21:00+03:00", "from 1900 to 2200"),
            ("2026-11-30T21:00:00.000000+03:00" + "0" * 20, "longer than 40 characters"),
            ("\u202e2026-11-30T21:00+03:00", "with its offset from UTC"),
        ],
    )
    def test_a_bad_moment_is_refused_naming_the_field_and_nothing_is_created(
        self, client: Client, istanbul: Circle, played: object, says: str
    ) -> None:
        record = {**played_game(Circle.objects.create()).export(), "played": played}
        response = upload(client, istanbul, record)
        assert response.status_code == 400
        page = html.unescape(response.content.decode())
        assert f"played: {says}" in page or ("played" in page and says in page)
        assert not istanbul.games.exists()

    def test_a_moment_still_to_come_is_refused(self, client: Client, istanbul: Circle) -> None:
        later = (timezone.now() + dt.timedelta(days=2)).astimezone(ISTANBUL)
        record = {**played_game(Circle.objects.create()).export(), "played": later.isoformat()}
        response = upload(client, istanbul, record)
        assert response.status_code == 400
        assert "played: that moment has not come yet." in html.unescape(response.content.decode())
        assert not istanbul.games.exists()

    def test_a_moment_later_today_on_another_clock_is_taken(
        self, client: Client, istanbul: Circle
    ) -> None:
        later = (timezone.now() + dt.timedelta(hours=20)).astimezone(ISTANBUL)
        record = {**played_game(Circle.objects.create()).export(), "played": later.isoformat()}
        assert upload(client, istanbul, record).status_code == 302


class TestCopies:
    def test_re_importing_an_exported_game_says_it_is_there_and_links_it(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul)
        response = upload(client, istanbul, game.export())
        assert response.status_code == 409
        said = alert(response)
        assert "in the circle already, so nothing was imported" in said
        assert reverse("game", args=[istanbul.slug, game.slug]) in said
        assert istanbul.games.count() == 1
        # The file can be sent again, now with the box to import a copy on purpose.
        assert 'name="as_copy"' in response.content.decode()

    def test_nothing_is_counted_twice_in_the_nights_standings(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul, hands=0)
        for i in range(2):
            game.record_hand(klob_hand(dealer=(3 + i) % 4, card_points=[152, 0]))
        before = night_page(istanbul, istanbul.tonight())["standings"]
        assert upload(client, istanbul, game.export()).status_code == 409
        assert night_page(istanbul, istanbul.tonight())["standings"] == before

    def test_ticking_the_copy_box_imports_a_second_copy_on_purpose(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul)
        response = upload(client, istanbul, game.export(), as_copy="on")
        assert response.status_code == 302
        copy = istanbul.games.exclude(pk=game.pk).get()
        assert copy.totals == game.totals and copy.created == game.created.replace(microsecond=0)

    def test_the_same_game_played_another_day_is_still_the_same_game(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul)
        record = {**game.export(), "played": "2020-01-01T20:00:00+03:00"}
        assert upload(client, istanbul, record).status_code == 409
        del record["played"]
        assert upload(client, istanbul, record).status_code == 409
        assert istanbul.games.count() == 1

    def test_names_typed_another_way_and_settings_left_out_are_the_same_game(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = Game.create(istanbul, "klaberjass", PLAYERS, {}, first_dealer=3)
        game.record_hand(klob_hand())
        record = game.export()
        record["players"] = [" ann", "BEN", "cleo ", "Dov"]
        record["settings"] = {"target": 500}  # the default, written out
        assert upload(client, istanbul, record).status_code == 409

    @pytest.mark.parametrize(
        "change",
        [
            {"players": ["Ann", "Ben", "Cleo", "Dora"]},
            {"players": ["Ben", "Ann", "Cleo", "Dov"]},
            {"settings": {"target": 301}},
        ],
    )
    def test_other_players_seats_or_settings_are_another_game(
        self, client: Client, istanbul: Circle, change: dict[str, Any]
    ) -> None:
        game = played_game(istanbul)
        assert upload(client, istanbul, {**game.export(), **change}).status_code == 302
        assert istanbul.games.count() == 2

    def test_another_hand_with_the_same_totals_is_another_game(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul, hands=2)
        record = game.export()
        first, second = record["hands"]
        # The two hands' points swapped between them: same dealers, same totals.
        record["hands"] = [
            {**first, "card_points": second["card_points"]},
            {**second, "card_points": first["card_points"]},
        ]
        assert upload(client, istanbul, record).status_code == 302
        copy = istanbul.games.exclude(pk=game.pk).get()
        assert copy.totals == game.totals

    def test_a_game_with_one_hand_more_or_less_is_another_game(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul, hands=3)
        record = game.export()
        assert upload(client, istanbul, {**record, "hands": record["hands"][:2]}).status_code == 302
        assert istanbul.games.count() == 2

    def test_the_game_in_another_circle_does_not_count(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(Circle.objects.create(name="Elsewhere"))
        assert upload(client, istanbul, game.export()).status_code == 302

    def test_a_game_in_progress_with_its_hands_so_far_is_found_too(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = played_game(istanbul, hands=1)
        assert not game.is_finished
        assert upload(client, istanbul, game.export()).status_code == 409

    def test_an_empty_game_is_the_same_as_an_empty_game_of_the_same_table(
        self, client: Client, istanbul: Circle
    ) -> None:
        game = Game.create(istanbul, "klaberjass", PLAYERS, {}, first_dealer=3)
        response = upload(client, istanbul, game.export())
        assert response.status_code == 409
        assert reverse("game", args=[istanbul.slug, game.slug]) in alert(response)

    def test_without_the_box_the_model_refuses_and_names_the_game(self, istanbul: Circle) -> None:
        game = played_game(istanbul)
        with pytest.raises(AlreadyImported) as refused:
            Game.import_record(istanbul, game.export())
        assert refused.value.game == game
        assert Game.import_record(istanbul, game.export(), as_copy=True).pk != game.pk

    def test_the_newest_copy_is_the_one_linked(self, client: Client, istanbul: Circle) -> None:
        game = played_game(istanbul)
        copy = Game.import_record(istanbul, {**game.export(), "played": None}, as_copy=True)
        assert copy.created > game.created
        assert reverse("game", args=[istanbul.slug, copy.slug]) in alert(
            upload(client, istanbul, game.export())
        )


class TestCost:
    def test_games_that_only_look_alike_are_read_at_most_a_few_times(
        self, istanbul: Circle
    ) -> None:
        # Look-alikes: the same players, number of hands and totals, in another order.
        games = []
        for shift in range(MAX_COPY_CHECKS + 3):
            game = Game.create(istanbul, "klaberjass", PLAYERS, {"target": 10_000}, 3)
            points = [90 + (i + shift) % (MAX_COPY_CHECKS + 3) for i in range(MAX_COPY_CHECKS + 3)]
            for i, p in enumerate(points):
                game.record_hand(klob_hand(dealer=(3 + i) % 4, card_points=[p, 152 - p]))
            games.append(game)
        record = games[0].export()
        record["hands"] = list(reversed(record["hands"]))
        for hand, dealer in zip(record["hands"], [(3 + i) % 4 for i in range(99)], strict=False):
            hand["dealer"] = dealer
        real = Game.record
        read: list[int] = []

        def counted(self: Game) -> GameRecord:
            read.append(self.pk)
            return real(self)

        with patch.object(Game, "record", counted):
            Game.import_record(istanbul, record)
        assert len(read) == MAX_COPY_CHECKS


class TestCrossing:
    def test_two_imports_of_one_record_crossing_make_one_game(
        self, client: Client, istanbul: Circle
    ) -> None:
        """The other phone's import commits after this one read and scored the record and
        before it takes the circle's lock: this one then finds that game."""
        record = played_game(Circle.objects.create()).export()
        real = GameRecord.score
        crossed: list[Game] = []
        started: list[bool] = []

        def score(self: GameRecord) -> Any:
            if not started:
                started.append(True)
                crossed.append(Game.import_record(istanbul, record))
            return real(self)

        with patch.object(GameRecord, "score", score):
            response = upload(client, istanbul, record)
        assert crossed
        assert response.status_code == 409
        assert reverse("game", args=[istanbul.slug, crossed[0].slug]) in alert(response)
        assert istanbul.games.count() == 1

    def test_an_import_crossing_between_the_search_and_the_lock_is_found_under_it(
        self, client: Client, istanbul: Circle
    ) -> None:
        """The other phone's import commits after this one searched the circle's games and
        before it took the circle's lock: under the lock, the games created since are
        searched again."""
        record = played_game(Circle.objects.create()).export()
        real = Game._search_copy.__func__  # type: ignore[attr-defined]
        crossed: list[Game] = []
        calls: list[int] = []

        def search(cls: type[Game], *args: Any) -> int:
            calls.append(args[-1])
            seen = real(cls, *args)
            if len(calls) == 1:
                crossed.append(Game.import_record(istanbul, record))
            return int(seen)

        with patch.object(Game, "_search_copy", classmethod(search)):
            response = upload(client, istanbul, record)
        assert crossed and response.status_code == 409
        assert reverse("game", args=[istanbul.slug, crossed[0].slug]) in alert(response)
        assert istanbul.games.count() == 1

"""Importing a game record: bounded, linear, quick to write, and checked like a new game."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.hands import hand
from games.engine.record import MAX_BYTES, MAX_HANDS
from games.models import Circle, Declaration, Game, Hand
from tests.conftest import PLAYERS
from tests.engine.test_strict_records import GAMES, RECORDS, WRITTEN, record_of, spoiled
from tests.web.helpers import upload


def record(hands: int, players: list[str] | None = None) -> dict[str, Any]:
    return {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 1_000_000_000},
        "players": players or PLAYERS,
        "hands": [hand(i) for i in range(hands)],
    }


def as_file(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()


def problem(response: Any) -> str:
    """The import problem as the page states it at the top."""
    found = re.search(r'role="alert"[^>]*>\s*<p>(.*?)</p>', response.content.decode(), re.S)
    assert found, "no import problem at the top of the page"
    return found.group(1)


class TestNames:
    """Players' names are checked as the new-game form checks them."""

    @pytest.mark.parametrize(
        ("players", "says"),
        [
            (["Ann", "Ben", "ann", "Dov"], "two seats have the same name"),
            (["Ann", "Ben", "   ", "Dov"], "a blank name: This field is required"),
            (["Ann", "B" * 41, "Cleo", "Dov"], "at most 40 characters"),
            (["Ann", "B\x00n", "Cleo", "Dov"], "Null characters are not allowed"),
        ],
    )
    def test_a_name_the_new_game_form_refuses_is_refused(
        self, client: Client, circle: Circle, players: list[str], says: str
    ) -> None:
        response = upload(client, circle, as_file(record(2, players)))
        assert response.status_code == 400
        assert says in problem(response) and "players" in problem(response)
        assert not Game.objects.exists()

    def test_names_are_stored_as_the_new_game_form_stores_them(
        self, client: Client, circle: Circle
    ) -> None:
        response = upload(client, circle, as_file(record(2, [" Ann ", "Ben", "Cleo", "Dov"])))
        assert response.status_code == 302
        assert Game.objects.get().player_names() == PLAYERS


class TestCaps:
    def test_a_record_over_the_hand_cap_is_refused_saying_the_cap(
        self, client: Client, circle: Circle
    ) -> None:
        data = record(1)
        data["hands"] = data["hands"] * (MAX_HANDS + 1)
        response = upload(client, circle, as_file(data))
        assert response.status_code == 400
        assert f"at most {MAX_HANDS:,} hands" in problem(response)
        assert not Game.objects.exists()

    def test_the_form_states_the_hand_cap(self, client: Client, circle: Circle) -> None:
        page = client.get(reverse("circle", args=[circle.slug])).content.decode()
        assert f"up to {MAX_HANDS:,} hands" in page

    def test_a_file_over_the_size_cap_is_refused_before_it_is_read(
        self, client: Client, circle: Circle, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        def never(*args: Any) -> None:
            raise AssertionError("the file was parsed")

        monkeypatch.setattr("games.forms.game.read_json", never)
        response = upload(client, circle, b" " * (MAX_BYTES + 1))
        assert response.status_code == 400 and "too large" in problem(response)

    @pytest.mark.parametrize(
        ("content", "says"),
        [
            (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
            (b'{"hands": [' + b"9" * 5000 + b"]}", "more than 20 digits"),
            (b'{"hands": [NaN]}', "NaN"),
        ],
    )
    def test_hostile_json_is_refused_with_a_message(
        self, client: Client, circle: Circle, content: bytes, says: str
    ) -> None:
        response = upload(client, circle, content)
        assert response.status_code == 400 and says in problem(response)

    def test_a_number_beyond_the_database_column_is_refused_naming_the_hand_and_key(
        self, client: Client, circle: Circle
    ) -> None:
        data = record(3)
        data["hands"][2]["card_points"] = [2**31, 152 - 2**31]
        response = upload(client, circle, as_file(data))
        assert response.status_code == 400
        assert "hand 3: card_points: must be a whole number from" in problem(response)


class TestNumbersAsTheSpecsWriteThem:
    """A record's numbers are JSON numbers (issue 21, item 10): text, a flag or a fraction
    where a seat, a count or a contract belongs is refused, naming the hand and the key; the
    spec's own records import and score as the command line scores them."""

    @pytest.mark.parametrize("game", GAMES)
    def test_the_specs_own_record_imports_with_its_scores(
        self, client: Client, circle: Circle, game: str
    ) -> None:
        response = upload(client, circle, as_file(record_of(game)))
        assert response.status_code == 302
        stored = Game.objects.get(circle=circle)
        expected = json.loads((RECORDS / "output" / f"{game}.json").read_text())
        scored = stored.score([hand.facts for hand in stored.live_hands()])
        assert list(scored.totals) == expected["totals"]

    @pytest.mark.parametrize("kind", list(WRITTEN))
    @pytest.mark.parametrize("game", GAMES)
    def test_a_number_written_otherwise_is_refused_naming_the_hand_and_key(
        self, client: Client, circle: Circle, game: str, kind: str
    ) -> None:
        data, line = spoiled(game, kind)
        response = upload(client, circle, as_file(data))
        assert response.status_code == 400
        assert html.unescape(problem(response)) == f"The game was not imported: {line}"
        assert not Game.objects.filter(circle=circle).exists()

    def test_a_setting_written_as_text_is_refused_naming_it(
        self, client: Client, circle: Circle
    ) -> None:
        data = {**record(1), "settings": {"target": "500"}}
        response = upload(client, circle, as_file(data))
        assert response.status_code == 400
        said = 'target: must be a whole number, written without quotes, not "500"'
        assert html.unescape(problem(response)) == f"The game was not imported: {said}"


class TestWhereTheErrorShows:
    def test_the_fold_holding_the_import_form_opens_and_the_problem_is_focused(
        self, client: Client, circle: Circle
    ) -> None:
        response = upload(client, circle, b"not json")
        page = response.content.decode()
        assert re.search(r'<details class="fold" open>', page)
        alert = page.index('role="alert"')
        assert "autofocus" in page[alert - 80 : alert + 80]
        # Above everything else on the page, where the user is looking after submitting.
        assert alert < page.index("<h2>New game</h2>")


class TestSpeed:
    def test_the_number_of_queries_does_not_grow_with_the_hands(self, circle: Circle) -> None:
        counts = []
        for hands in (10, 1000):
            with CaptureQueriesContext(connection) as queries:
                Game.import_record(circle, record(hands))
            counts.append(len(queries))
        # Inserts go 500 rows at a time: 1,000 hands add two statements each for hands,
        # and for declarations, over 10 hands.
        assert counts[1] <= counts[0] + 4, counts

    @pytest.mark.django_db(transaction=True)
    def test_4000_hands_hold_the_write_lock_for_a_few_statements(self) -> None:
        """SQLite lets one writer in at a time (IMMEDIATE transactions): other phones' saves
        wait while the import writes. Everything is scored and built before the first write,
        and rows go in 500 at a time, so the write is a few dozen statements whatever the
        length. (How long it takes is measured by `make bench`, not asserted here.)"""
        circle = Circle.objects.create()
        data = record(4000)
        statements: list[str] = []

        def note_writes(execute: Callable[..., Any], sql: str, *args: Any) -> Any:
            if statements or sql.lstrip().upper().startswith(("INSERT", "UPDATE")):
                statements.append(sql.lstrip().split(" ", 1)[0].upper())
            return execute(sql, *args)

        with connection.execute_wrapper(note_writes):
            game = Game.import_record(circle, data)
        assert game.hand_count == 4000 and Hand.objects.filter(game=game).count() == 4000
        assert Declaration.objects.filter(hand__game=game).count() == 4000
        # From the first write to the end: the game and its seats, 8 batches of hands and 8
        # of declarations, with their savepoints and a few reads (44 today): one statement
        # per hand would be thousands.
        assert len(statements) <= 50, statements

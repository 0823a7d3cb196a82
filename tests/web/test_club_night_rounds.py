"""A club night's page draws its last round in full and folds the earlier ones, each in a
line (its tables, ended early, results to confirm) whose tables are read only when it is
opened (htmx fetches them; without script a link asks for the page with them): the page
draws as many tables and takes as many queries at round 4 as at round 2."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Circle, ClubNight, Game
from tests.web.test_club_nights import night_url, play_round, set_up, start
from tests.web.test_club_results import FOUR, PAIRS

EIGHT = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal"]


def played(client: Client, circle: Circle, rounds: int, names: list[str] = EIGHT) -> ClubNight:
    """A night of two tables with `rounds` rounds played."""
    night = set_up(client, circle, names, rounds="5")
    for number in range(1, rounds + 1):
        start(client, night)
        play_round(night, number)
    night.refresh_from_db()
    return night


def table_links(page: str) -> set[str]:
    return set(re.findall(r'class="row-link" href="/c/[^/]+/g/([^/"]+)/"', page))


def games_of(night: ClubNight, number: int) -> set[str]:
    return set(
        Game.objects.filter(
            club_table__round__night=night, club_table__round__number=number
        ).values_list("slug", flat=True)
    )


@pytest.mark.django_db
class TestFoldedRounds:
    def test_the_last_round_is_drawn_and_the_earlier_ones_folded_in_a_line(
        self, client: Client, circle: Circle
    ) -> None:
        night = played(client, circle, 3)
        page = client.get(night_url(night) + "?stay=1").content.decode()
        assert table_links(page) == games_of(night, 3)
        for number in (1, 2):
            fold = page.split(f'id="round-{number}-fold"')[1].split("</details>")[0]
            assert f"Round {number}</strong> · 2 tables" in fold
            assert f"?stay=1&amp;round={number}" in fold and "Show its tables" in fold
            assert 'hx-trigger="toggle once"' in fold and " open" not in fold.split(">")[0]
        assert page.index('id="round-2-fold"') < page.index('id="round-1-fold"')

    def test_an_earlier_round_opened_with_script_is_its_tables_alone(
        self, client: Client, circle: Circle
    ) -> None:
        night = played(client, circle, 3)
        answer = client.get(night_url(night), {"stay": "1", "round": "1"}, HTTP_HX_REQUEST="true")
        drawn = answer.content.decode()
        assert answer.status_code == 200 and drawn.lstrip().startswith('<ul class="list">')
        assert table_links(drawn) == games_of(night, 1)
        assert "Standings" not in drawn and "<html" not in drawn

    def test_an_earlier_round_opened_without_script_is_the_page_with_it_open(
        self, client: Client, circle: Circle
    ) -> None:
        night = played(client, circle, 3)
        page = client.get(night_url(night), {"stay": "1", "round": "2"}).content.decode()
        assert table_links(page) == games_of(night, 3) | games_of(night, 2)
        fold = page.split('id="round-2-fold"')[1].split("</details>")[0]
        assert " open " in fold.split(">")[0] + " " and "Show its tables" not in fold

    def test_a_round_that_is_none_is_404_with_script_and_the_page_without(
        self, client: Client, circle: Circle
    ) -> None:
        night = played(client, circle, 2)
        for asked in ("9", "30", "31", "99999999999999999999999", "-1", "x", "٣", "1.5"):
            script = client.get(
                night_url(night), {"stay": "1", "round": asked}, HTTP_HX_REQUEST="true"
            )
            assert script.status_code in (200, 404), asked
            plain = client.get(night_url(night), {"stay": "1", "round": asked})
            assert plain.status_code == 200, asked

    def test_the_page_draws_and_reads_as_much_at_round_4_as_at_round_2(
        self, client: Client
    ) -> None:
        early = played(client, Circle.objects.create(name="Early"), 2)
        late = played(client, Circle.objects.create(name="Late"), 4)
        counts, sizes = [], []
        for night in (early, late):
            with CaptureQueriesContext(connection) as queries:
                page = client.get(night_url(night) + "?stay=1").content.decode()
            counts.append(len(queries))
            sizes.append(len(table_links(page)))
        assert counts[0] == counts[1] and sizes == [2, 2]

    def test_a_fold_counts_the_results_still_to_confirm(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        play_round(night, 1)
        start(client, night)
        page = client.get(night_url(night) + "?stay=1").content.decode()
        fold = page.split('id="round-1-fold"')[1].split("</details>")[0]
        assert "1 table · 1 result to confirm" in fold

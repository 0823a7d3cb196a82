"""A club night's standings while a round is being played (rules/club.md, "Standings": over
every round played so far): the round counts once its tables have finished or the organiser
has ended it, on the night's page and in its CSV alike."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.club.night import read_night
from games.models import Circle, ClubNight
from games.models.club_changes import create_night, end_round, night_record, start_round
from tests.conftest import klob_hand

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dov", "Eve"]


def night_of(circle: Circle) -> ClubNight:
    event = {"format": "rotating", "rounds": 3, "round_length": 1}
    return create_night(circle, read_night(night_record("klaberjass", {}, event, NAMES)))


def start(night: ClubNight) -> None:
    night.refresh_from_db()
    start_round(night, night.version)


def play(night: ClubNight, number: int) -> None:
    """Round `number`'s one deal: seat 0's team calls and makes it, 106–56."""
    for table in night.rounds.get(number=number).tables.all():
        table.game.record_hand(klob_hand(caller=0, card_points=[96, 56]))


def shown(client: Client, night: ClubNight) -> tuple[str, str]:
    """The night page's standings table and the standings' CSV."""
    args = [night.circle.slug, night.slug]
    page = client.get(reverse("club_night", args=args)).content.decode()
    table = page[page.index('<table class="stats-table club-standings">') :]
    table = table[: table.index("</table>")]
    csv = client.get(reverse("club_standings_csv", args=args)).content.decode("utf-8-sig")
    return table, csv


def rows(csv: str) -> list[list[str]]:
    """The CSV's lines after its head: rank, tied, name, played, won, byes, for, against…"""
    return [line.split(",") for line in csv.splitlines()[1:] if line]


def test_a_round_being_played_does_not_count_until_it_is_over(
    client: Client, circle: Circle
) -> None:
    night = night_of(circle)
    start(night)
    play(night, 1)
    after_round_1 = shown(client, night)
    # 106–56 at the table; the bye scores their average, (106 + 106 + 56 + 56) / 4 = 81.
    assert sorted(int(row[6]) for row in rows(after_round_1[1])) == [56, 56, 81, 106, 106]
    start(night)
    # Round 2 has started, no hand yet: the standings are round 1's, on the page and in the CSV.
    assert shown(client, night) == after_round_1
    play(night, 2)
    assert shown(client, night) != after_round_1


def test_a_round_ended_early_counts_as_it_stands(client: Client, circle: Circle) -> None:
    night = night_of(circle)
    start(night)
    play(night, 1)
    after_round_1 = shown(client, night)
    start(night)
    night.refresh_from_db()
    end_round(night, night.version)
    table, csv = shown(client, night)
    # Round 2 ended at 0–0: its four players share their table's win (½ each), and the one
    # sitting out has half a win for the bye.
    assert (table, csv) != after_round_1
    assert all(int(row[3]) + int(row[5]) == 2 for row in rows(csv))
    assert sorted(row[4] for row in rows(csv)) == ["0.5", "0.5", "1", "1.5", "1.5"]

"""What the ratings pages show (games/pages/ratings_page.py): the players' list of one game,
sorted by rating, and a member's rating, its chart and each game's change."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Circle, Game, Rating
from games.pages.rating_chart import rating_chart
from games.pages.ratings_page import member_ratings, ratings_page
from games.ratings import Skill
from tests.conftest import klob_hand

TEAM_0_WINS = klob_hand(caller=0, card_points=[96, 56])


def one_deal(circle: Circle, players: list[str]) -> Game:
    game = Game.create(circle, "klaberjass", players, {"deals": 1}, first_dealer=3)
    game.record_hand(TEAM_0_WINS)
    return game


def played(circle: Circle, games: int) -> None:
    """Ann and Cleo beat Ben and Dov `games` times."""
    for _ in range(games):
        one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"])


def test_the_players_list_is_sorted_by_rating_with_their_uncertainty(circle: Circle) -> None:
    played(circle, 3)
    page = ratings_page(circle, None, None)
    assert page["variant"].key == "klaberjass" and page["sort"] == "rating"
    names = [p.name for p in page["players"]]
    assert names[:2] == ["Ann", "Cleo"] and set(names[2:]) == {"Ben", "Dov"}
    ann = page["players"][0]
    last = Rating.objects.filter(player__name="Ann").order_by("finished").last()
    assert last is not None
    assert (ann.shown, ann.spread) == (Skill(last.mu, last.sigma).shown, round(40 * last.sigma))
    assert ann.games == 3 and ann.provisional
    by_name = ratings_page(circle, "klaberjass", "name")["players"]
    assert [p.name for p in by_name] == ["Ann", "Ben", "Cleo", "Dov"]


def test_a_rating_is_provisional_until_ten_games(circle: Circle) -> None:
    played(circle, 10)
    assert not any(p.provisional for p in ratings_page(circle, None, None)["players"])


def test_a_member_sees_each_games_change_and_the_chart_of_their_rating(circle: Circle) -> None:
    played(circle, 2)
    ann = circle.players.get(name="Ann")
    shown = member_ratings(ann)
    [rating] = shown["ratings"]
    rows = Rating.objects.filter(player=ann).order_by("finished")
    expected = [r.change.shown for r in rows][::-1]
    assert [g.change for g in shown["rated_games"]] == expected
    assert all(change > 0 for change in expected)
    assert shown["rated_games"][0].change_text == f"+{expected[0]}"
    assert rating.chart is not None and rating.chart.games == 2
    assert rating.chart.first == 1000 and rating.chart.last == rating.player.shown


def test_the_chart_spans_two_rules_and_needs_one_game() -> None:
    assert rating_chart([1000], "Klaberjass") is None
    chart = rating_chart([1000, 1090, 1040], "Klaberjass")
    assert chart is not None
    assert [value for value, _ in chart.grid] == [1000, 1100, 1200]
    assert chart.points.startswith("42.0,")
    assert "from 1000 to 1040" in chart.description


def test_the_pages_show_the_ratings_and_the_help(client: Client, circle: Circle) -> None:
    played(circle, 1)
    page = client.get(reverse("ratings", args=[circle.slug]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "provisional" in html and "1000 + 40" in html
    ben = circle.players.get(name="Ben")
    member = client.get(reverse("member", args=[circle.slug, ben.pk])).content.decode()
    assert re.search(r'class="rating-change">\u2212\d+<', member)
    assert 'class="chart-svg rating-chart"' in member


@pytest.mark.parametrize("asked", ["?variant=nothing&sort=%F0%9F%82%A1", "?sort=" + "9" * 500])
def test_an_unknown_game_or_sort_shows_the_first_game_by_rating(
    client: Client, circle: Circle, asked: str
) -> None:
    played(circle, 1)
    response = client.get(reverse("ratings", args=[circle.slug]) + asked)
    assert response.status_code == 200 and response.context["sort"] == "rating"


def test_a_circle_without_finished_games_has_no_ratings_yet(client: Client, circle: Circle) -> None:
    response = client.get(reverse("ratings", args=[circle.slug]))
    assert response.status_code == 200 and response.context["players"] == []


def queries(client: Client, url: str) -> int:
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_players_list_takes_as_many_queries_for_thirty_games_as_for_one(
    client: Client, circle: Circle
) -> None:
    url = reverse("ratings", args=[circle.slug])
    played(circle, 1)
    one = queries(client, url)
    for i in range(29):
        one_deal(circle, ["Ann", f"Player {i % 6}", "Cleo", "Dov"])
    assert queries(client, url) == one

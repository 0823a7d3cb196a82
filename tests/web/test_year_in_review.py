"""A member's year in review (games/pages/year_review.py), against a small circle worked out
by hand: games, nights, wins (a shared win split), the best night, the best hand and the
rating over the year; the page, its choice of year, and its fixed number of queries."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Circle, Game, Player, Rating
from games.pages.year_review import year_review
from games.ratings import Skill
from tests.conftest import klob_hand

UTC = dt.UTC
# One deal of Klaberjass: the side of seats 0 and 2 makes it 106 to 56; B: seats 1 and 3,
# 106 to 56; C: seats 0 and 2 call and fail, 0 to 162.
A = {"caller": 0, "card_points": [96, 56], "last_trick": 0}
B = {"caller": 1, "card_points": [56, 96], "last_trick": 1}
C = {"caller": 0, "card_points": [52, 100], "last_trick": 1}
SEATS = ["Ann", "Ben", "Cleo", "Dov"]


def play(circle: Circle, hands: list[dict[str, Any]], when: dt.datetime, deals: int = 1) -> Game:
    game = Game.create(circle, "klaberjass", SEATS, {"deals": deals}, first_dealer=3)
    for hand in hands:
        game.record_hand(klob_hand(dealer=game.next_dealer, **hand))
        game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(created=when)
    return game


@pytest.fixture
def ann(circle: Circle) -> Player:
    # 2025: one game, lost. 2026, night of 9 January: won, lost; night of 16 January (a game
    # begun at 01:00 on the 17th belongs to it): won, then a 2-deal game shared at 162 each
    # (A then B); 5 February: lost. An abandoned game counts nowhere.
    play(circle, [C], dt.datetime(2025, 12, 30, 20, tzinfo=UTC))
    play(circle, [A], dt.datetime(2026, 1, 9, 20, tzinfo=UTC))
    play(circle, [B], dt.datetime(2026, 1, 9, 21, tzinfo=UTC))
    play(circle, [A], dt.datetime(2026, 1, 16, 22, tzinfo=UTC))
    play(circle, [A, B], dt.datetime(2026, 1, 17, 1, tzinfo=UTC), deals=2)
    play(circle, [C], dt.datetime(2026, 2, 5, 20, tzinfo=UTC))
    Game.create(circle, "klaberjass", SEATS, {}, first_dealer=3).abandon()
    return circle.players.get(name="Ann")


def test_a_year_counts_its_games_nights_and_wins_with_a_shared_win_split(
    circle: Circle, ann: Player
) -> None:
    year = year_review(circle, ann, 2026)
    # Five finished games of 2026 on three nights; wins 1 + 1 + ½ = 2½.
    assert (year["year"], year["games"], year["nights"], year["wins"]) == (2026, 5, 3, "2½")
    assert year["years"] == [2026, 2025]
    last = year_review(circle, ann, 2025)
    assert (last["games"], last["nights"], last["wins"]) == (1, 1, "0")


def test_the_best_night_has_the_most_wins(circle: Circle, ann: Player) -> None:
    best = year_review(circle, ann, 2026)["best_night"]
    # 9 January: 1 win of 2; 16 January: 1½ of 2.
    assert (best.day, best.wins, best.games) == (dt.date(2026, 1, 16), "1½", 2)


def test_the_best_hand_scored_most_for_the_players_side(circle: Circle, ann: Player) -> None:
    hand = year_review(circle, ann, 2026)["best_hand"]
    # 106 for Ann & Cleo, first on 9 January's first game, hand 1.
    assert (hand.points, hand.number, hand.day) == (106, 1, "January 9")
    assert hand.game_slug == Game.objects.get(created__day=9, created__hour=20).slug


def test_the_rating_over_the_year_runs_from_before_its_first_game_to_after_its_last(
    circle: Circle, ann: Player
) -> None:
    (rating,) = year_review(circle, ann, 2026)["ratings"]
    rows = Rating.objects.filter(player=ann, game__created__year=2026).order_by("finished")
    first, last = rows.first(), rows.last()
    assert first is not None and last is not None
    assert rating.games == 5
    assert rating.before == Skill(first.mu_before, first.sigma_before).shown
    assert rating.after == Skill(last.mu, last.sigma).shown
    assert rating.change == rating.after - rating.before


def test_the_year_page_names_the_figures_and_offers_each_year(
    client: Client, circle: Circle, ann: Player
) -> None:
    url = reverse("member_year", args=[circle.slug, ann.pk])
    page = client.get(url + "?year=2026").content.decode()
    assert "Year in review 2026" in page and "2½" in page and "106" in page
    assert f'{url}?year=2025"' in page
    assert "Year in review 2026" in client.get(url + "?year=abc").content.decode()
    assert "Year in review 2026" in client.get(url + "?year=1999").content.decode()
    member = client.get(reverse("member", args=[circle.slug, ann.pk])).content.decode()
    assert url in member


def test_the_year_reads_a_fixed_number_of_queries(circle: Circle, ann: Player) -> None:
    with CaptureQueriesContext(connection) as few:
        year_review(circle, ann, 2026)
    for day in (20, 21, 22):
        play(circle, [A, B], dt.datetime(2026, 3, day, 20, tzinfo=UTC), deals=2)
    with CaptureQueriesContext(connection) as more:
        assert year_review(circle, ann, 2026)["games"] == 8
    assert len(more.captured_queries) == len(few.captured_queries) <= 8

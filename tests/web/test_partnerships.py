"""Partnerships by their ratings (games/pages/partnerships.py): each pair's record, openskill's
chance of one side against another, and "Even teams" on the new-game page."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openskill.models import PlackettLuce

from games.models import Circle, Game, Rating
from games.pages.partnerships import even_teams, partnerships
from games.pages.ratings_page import ratings_page
from games.pages.rivals import Rivals, rivals
from tests.conftest import klob_hand
from tests.web.test_new_game_roster import new_url, posted, seats

TEAM_0_WINS = klob_hand(caller=0, card_points=[96, 56])
TEAM_1_WINS = klob_hand(caller=1, card_points=[56, 96])


def one_deal(circle: Circle, players: list[str], hand: dict[str, Any] = TEAM_0_WINS) -> None:
    game = Game.create(circle, "klaberjass", players, {"deals": 1}, first_dealer=3)
    game.record_hand(hand)


@pytest.fixture
def rated(circle: Circle) -> Circle:
    """Ann and Cleo win three times; Ann and Ben lose to Cleo and Dov once."""
    for _ in range(3):
        one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"])
    one_deal(circle, ["Ann", "Cleo", "Ben", "Dov"], TEAM_1_WINS)
    return circle


def rating(circle: Circle, name: str) -> Any:
    """The player's openskill rating now, as openskill holds it."""
    last = Rating.objects.filter(player__name=name).order_by("finished").last()
    assert last is not None
    return PlackettLuce().rating(mu=last.mu, sigma=last.sigma)


def test_each_pair_of_partners_has_its_record(rated: Circle) -> None:
    pairs = {(p.first, p.second): (p.played, p.won) for p in partnerships(rated, "klaberjass")}
    assert pairs == {
        ("Ann", "Cleo"): (3, 3),
        ("Ben", "Dov"): (3, 0),
        ("Ann", "Ben"): (1, 0),
        ("Cleo", "Dov"): (1, 1),
    }
    assert partnerships(rated, "terz") == []


def test_the_chance_of_two_sides_is_openskills_prediction(rated: Circle) -> None:
    ids = {p.name: p.pk for p in rated.players.all()}
    sides = [ids["Ann"], ids["Cleo"], ids["Ben"], ids["Dov"]]
    found = ratings_page(rated, "klaberjass", None, sides)["matchup"]
    ann, ben, cleo, dov = (rating(rated, n) for n in ("Ann", "Ben", "Cleo", "Dov"))
    expected = PlackettLuce().predict_win([[ann, cleo], [ben, dov]])[0]
    assert found.chance == pytest.approx(expected)
    assert found.text == f"Ann & Cleo against Ben & Dov: {round(100 * expected)}%"


def test_a_player_twice_or_unknown_gives_no_chance(rated: Circle) -> None:
    ann = rated.players.get(name="Ann").pk
    assert ratings_page(rated, "klaberjass", None, [ann, ann, ann, ann])["matchup"] is None
    assert ratings_page(rated, "klaberjass", None, [ann, 10**30, None, 1])["matchup"] is None


def test_even_teams_seat_the_pairing_closest_to_even(rated: Circle) -> None:
    names = ["Ann", "Cleo", "Ben", "Dov"]
    proposal = even_teams(rated, "klaberjass", names)
    assert proposal is not None
    skill = {n: rating(rated, n) for n in names}
    model = PlackettLuce()
    chances = {}
    for partner in ("Cleo", "Ben", "Dov"):
        a, b = [n for n in ("Cleo", "Ben", "Dov") if n != partner]
        chance = model.predict_win([[skill["Ann"], skill[partner]], [skill[a], skill[b]]])[0]
        chances[("Ann", a, partner, b)] = abs(chance - 0.5)
    assert proposal.names == min(chances, key=lambda seating: chances[seating])
    assert proposal.names[0] == "Ann"
    again = even_teams(rated, "klaberjass", list(proposal.names))
    assert again is not None and again.seated


def test_even_teams_need_four_members_of_a_team_game(rated: Circle) -> None:
    assert even_teams(rated, "klaberjass", ["Ann", "Cleo", "Ben", ""]) is None
    assert even_teams(rated, "klaberjass", ["Ann", "Cleo", "Ben", "Nobody"]) is None
    assert even_teams(rated, "klaberjass", ["Ann", "ann", "Ben", "Dov"]) is None
    assert even_teams(rated, "terz", ["Ann", "Cleo"]) is None


def test_the_new_game_page_offers_even_teams_and_seats_them(client: Client, rated: Circle) -> None:
    fields = {f"player_{i}": n for i, n in enumerate(["Ann", "Cleo", "Ben", "Dov"])}
    page = client.post(new_url(rated), posted(pick="", **fields)).content.decode()
    proposal = even_teams(rated, "klaberjass", ["Ann", "Cleo", "Ben", "Dov"])
    assert proposal is not None and not proposal.seated
    assert "Even teams: " + escape(proposal.matchup.text) in page
    answer = client.post(new_url(rated), posted(even="1", **fields))
    assert answer.status_code == 200
    assert seats(answer.content.decode()) == list(proposal.names)
    assert "The most even teams" in answer.content.decode()
    assert Game.objects.filter(circle=rated).count() == 4  # nothing started


def test_the_ratings_page_shows_the_chance_and_the_partnerships(
    client: Client, rated: Circle
) -> None:
    ids = {p.name: p.pk for p in rated.players.all()}
    query = f"?a={ids['Ann']}&b={ids['Cleo']}&c={ids['Ben']}&d={ids['Dov']}"
    html = client.get(reverse("ratings", args=[rated.slug]) + query).content.decode()
    assert "Ann &amp; Cleo against Ben &amp; Dov: " in html
    assert "Partnerships" in html
    hostile = client.get(reverse("ratings", args=[rated.slug]) + "?a=" + "9" * 400 + "&b=%00")
    assert hostile.status_code == 200


# -- rivals --------------------------------------------------------------------------------


def test_a_members_nemesis_victim_and_best_partner_are_worked_out_by_hand(
    circle: Circle,
) -> None:
    # Ann & Cleo beat Ben & Dov three times; Ben & Eve beat Ann & Dov twice and lose to them
    # once; Ben & Eve beat Ann & Cleo twice. So Ann played with Cleo 5 times (3 won) and Dov
    # 3 times, against Ben 8 times (4 won each), Eve 5 (Eve won 4), Dov 3 (Ann won 3).
    for _ in range(3):
        one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"])
    for _ in range(2):
        one_deal(circle, ["Ann", "Ben", "Dov", "Eve"], TEAM_1_WINS)
    one_deal(circle, ["Ann", "Ben", "Dov", "Eve"])
    for _ in range(2):
        one_deal(circle, ["Ann", "Ben", "Cleo", "Eve"], TEAM_1_WINS)
    found = rivals(circle, circle.players.get(name="Ann"))
    assert found.nemesis is not None and found.victim is not None and found.partner is not None
    # Ben and Eve each beat Ann 4 times; Ann beat Ben 4 times too, Eve once: Eve.
    assert (found.nemesis.name, found.nemesis.wins, found.nemesis.games) == ("Eve", 4, 5)
    # Ann beat Ben 4 times in 8 and Dov 3 times in 3: Ben most.
    assert (found.victim.name, found.victim.losses, found.victim.games) == ("Ben", 4, 8)
    # Cleo: 5 games together, 3 won; Dov: 3 games, too few.
    assert (found.partner.name, found.partner.wins, found.partner.games) == ("Cleo", 3, 5)


def test_rivals_need_enough_games_and_show_on_the_members_page(
    client: Client, circle: Circle
) -> None:
    one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"])
    ann = circle.players.get(name="Ann")
    assert rivals(circle, ann) == Rivals(None, None, None)
    for _ in range(4):
        one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"])
    page = client.get(reverse("member", args=[circle.slug, ann.pk])).content.decode()
    assert "Favourite victim: Ben, beaten in 5 of 5 games." in page
    assert "Best partner: Cleo, 5 of 5 games won together." in page
    assert "Nemesis" not in page


def test_on_a_right_to_left_page_each_side_and_the_chance_keep_their_direction(
    rated: Circle,
) -> None:
    ids = {p.name: p.pk for p in rated.players.all()}
    sides = [ids["Ann"], ids["Cleo"], ids["Ben"], ids["Dov"]]
    with translation.override("he"):
        text = ratings_page(rated, "klaberjass", None, sides)["matchup"].text
    assert text.startswith("\u2068Ann & Cleo\u2069 נגד \u2068Ben & Dov\u2069: \u2068")


def test_even_teams_keep_the_seating_at_the_table_when_another_is_as_even(
    circle: Circle,
) -> None:
    # Nobody has played: every player rates alike, so each of the three pairings is exactly
    # 50 %. Whichever seating is at the table is the one said to be even, never another.
    for name in ("Ann", "Ben", "Cleo", "Dov"):
        circle.player(name)
    for seating in (["Ann", "Ben", "Cleo", "Dov"], ["Ann", "Cleo", "Dov", "Ben"]):
        proposal = even_teams(circle, "klaberjass", seating)
        assert proposal is not None and proposal.seated
        assert list(proposal.names) == seating

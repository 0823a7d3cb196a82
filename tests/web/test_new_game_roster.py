"""The new-game page seats players from the roster: big buttons in seat order, the last
seating of that game offered first, a new name typed still joins the roster; all of it plain
POSTs without script, and htmx redraws only the seats."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from tests.conftest import PLAYERS

HTMX = {"HTTP_HX_REQUEST": "true"}


def new_url(circle: Circle) -> str:
    return reverse("game_new", args=[circle.slug])


def seats(page: str) -> list[str]:
    """The names the four seat boxes hold."""
    found = []
    for seat in range(4):
        box = re.search(rf'<input[^>]*name="player_{seat}"[^>]*>', page)
        assert box, f"seat {seat}"
        value = re.search(r'value="([^"]*)"', box.group(0))
        found.append(value.group(1) if value else "")
    return found


def posted(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"variant": "klaberjass", "first_dealer": "0", "set_target": "500"}
    data |= {f"player_{i}": "" for i in range(4)}
    data.update(fields)
    return data


def pick(client: Client, circle: Circle, name: str, **fields: Any) -> Any:
    member = circle.players.get(name=name)
    return client.post(new_url(circle), posted(pick=str(member.pk), **fields))


class TestPicking:
    def test_taps_seat_the_players_in_seat_order_and_start_nothing(
        self, client: Client, circle: Circle
    ) -> None:
        for name in ("Dov", "Ann", "Cleo", "Ben"):
            circle.players.create(name=name)
        answer = pick(client, circle, "Ben")
        assert answer.status_code == 200
        page = answer.content.decode()
        assert seats(page) == ["Ben", "", "", ""]
        assert 'Ben <small class="pick-seat">You</small>' in page, "the button names the seat"
        answer = pick(client, circle, "Cleo", player_0="Ben")
        assert seats(answer.content.decode()) == ["Ben", "Cleo", "", ""]
        assert not Game.objects.exists()
        assert 'class="errorlist' not in answer.content.decode(), "nothing is wrong yet"

    def test_a_tap_on_a_seated_player_frees_their_seat(
        self, client: Client, circle: Circle
    ) -> None:
        for name in PLAYERS:
            circle.players.create(name=name)
        answer = pick(client, circle, "Ben", player_0="Ann", player_1="ben", player_2="Cleo")
        page = answer.content.decode()
        assert seats(page) == ["Ann", "", "Cleo", ""]
        ben = circle.players.get(name="Ben")
        assert f'value="{ben.pk}" aria-pressed="false"' in page
        ann = circle.players.get(name="Ann")
        assert f'value="{ann.pk}" aria-pressed="true"' in page

    def test_a_full_table_says_so(self, client: Client, circle: Circle) -> None:
        for name in [*PLAYERS, "Eve"]:
            circle.players.create(name=name)
        full = {f"player_{i}": n for i, n in enumerate(PLAYERS)}
        page = pick(client, circle, "Eve", **full).content.decode()
        assert "Every seat is taken: tap a seated player to free their seat." in page
        assert seats(page) == PLAYERS

    def test_what_was_typed_and_chosen_is_kept(self, client: Client, circle: Circle) -> None:
        circle.players.create(name="Ann")
        answer = pick(client, circle, "Ann", player_1="Zoë", first_dealer="2", set_target="300")
        page = answer.content.decode()
        assert seats(page) == ["Ann", "Zoë", "", ""]
        assert re.search(r'name="set_target"[^>]*value="300"', page)
        assert re.search(r'value="2"[^>]*checked', page) or re.search(
            r'checked[^>]*value="2"', page
        )

    def test_htmx_redraws_the_seats_alone(self, client: Client, circle: Circle) -> None:
        ann = circle.players.create(name="Ann")
        answer = client.post(new_url(circle), posted(pick=str(ann.pk)), **HTMX)
        page = answer.content.decode()
        assert page.lstrip().startswith('<fieldset id="seating">')
        assert "<html" not in page and seats(page)[0] == "Ann"

    def test_a_pick_that_names_nobody_changes_nothing(self, client: Client, circle: Circle) -> None:
        other = Circle.objects.create(name="Other")
        stranger = other.players.create(name="Stranger")
        for value in (str(stranger.pk), "", "x", "9" * 30, "\x00"):
            answer = client.post(new_url(circle), posted(pick=value, player_0="Ann"))
            assert answer.status_code == 200
            assert seats(answer.content.decode()) == ["Ann", "", "", ""]


class TestLastSeating:
    def test_the_last_seating_of_this_game_is_offered_first(
        self, client: Client, circle: Circle
    ) -> None:
        Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
        Game.create(circle, "euchre", ["Eve", "Fay", "Gus", "Hal"])
        page = client.get(new_url(circle) + "?variant=klaberjass").content.decode()
        same = page.index("Same as last time: Ann, Ben, Cleo, Dov")
        assert same < page.index('name="pick"'), "offered before the roster"
        assert "Eve, Fay" not in page

    def test_tapping_it_seats_them_in_their_seats(self, client: Client, circle: Circle) -> None:
        last = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
        answer = client.post(new_url(circle), posted(seating=last.slug))
        page = answer.content.decode()
        assert seats(page) == ["Ann", "Ben", "Cleo", "Dov"]
        assert "Same as last time" not in page, "seated already"

    def test_another_circles_game_is_not_a_seating(self, client: Client, circle: Circle) -> None:
        other = Circle.objects.create(name="Other")
        theirs = Game.create(other, "klaberjass", ["Xi", "Yu", "Zo", "Wu"])
        answer = client.post(new_url(circle), posted(seating=theirs.slug, player_0="Ann"))
        assert seats(answer.content.decode()) == ["Ann", "", "", ""]


class TestStarting:
    def test_a_new_name_typed_joins_the_roster(self, client: Client, circle: Circle) -> None:
        circle.players.create(name="Ann")
        data = posted(player_0="Ann", player_1="Ben", player_2="Cleo", player_3="Dov")
        answer = client.post(new_url(circle), data)
        assert answer.status_code == 302
        assert sorted(circle.players.values_list("name", flat=True)) == sorted(PLAYERS)
        roster = client.get(reverse("roster", args=[circle.slug])).content.decode()
        assert all(name in roster for name in PLAYERS)

    def test_enter_in_a_name_box_starts_rather_than_seating_someone(
        self, client: Client, circle: Circle
    ) -> None:
        circle.players.create(name="Ann")
        page = client.get(new_url(circle) + "?variant=klaberjass").content.decode()
        form = page[page.index('<form method="post"') :]
        first_submit = re.search(r"<button[^>]*type=\"submit\"[^>]*>", form)
        assert first_submit and "name=" not in first_submit.group(0)

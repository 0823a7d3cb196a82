"""The preview of the hand being entered says what Save will say: a fact given and wrong is
refused at once, naming its field, and never listed as still to come."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from games.models import Circle, Game, HandInProgress

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, game: Game) -> str:
    return reverse(name, args=[game.circle.slug, game.slug])


def preview(client: Client, game: Game, data: dict[str, str]) -> tuple[list[str], str]:
    """The preview's problems, and its line of what is still to come."""
    page = client.post(url("hand_preview", game), data, **HTMX).content.decode()
    listed = re.search(r'<ul class="problems">(.*?)</ul>', page)
    problems = re.findall(r"<li>(.*?)</li>", listed.group(1)) if listed else []
    todo = re.search(r'<p class="hint todo">(.*?)</p>', page)
    return problems, todo.group(1) if todo else ""


class TestTheWidowGame:
    """304 three-hand: the widow's points counted from its two cards are given."""

    HAND = {
        "dealer": "2",
        "bidder": "0",
        "bid": "170",
        "trump": "S",
        "points": "284",
        "widow_card_1": "J",
        "widow_card_2": "9",
    }

    def test_the_preview_refuses_what_save_refuses_and_nothing_is_still_to_come(
        self, client: Client, circle: Circle
    ) -> None:
        game = Game.create(circle, "304-widow", ["Asha", "Bala", "Chitra"], {}, first_dealer=2)
        hand = {**self.HAND, "tricks": "6"}
        saved = client.post(url("hand_record", game), hand).content.decode()
        assert "trick points and widow points exceed 304" in saved
        problems, todo = preview(client, game, hand)
        assert "Widow points" not in todo
        assert problems == ["Widow points: trick points and widow points exceed 304"]

    def test_before_the_tricks_are_chosen_it_is_refused_as_well(
        self, client: Client, circle: Circle
    ) -> None:
        game = Game.create(circle, "304-widow", ["Asha", "Bala", "Chitra"], {}, first_dealer=2)
        problems, todo = preview(client, game, self.HAND)
        assert problems == ["Widow points: trick points and widow points exceed 304"]
        assert todo == "Still to come: Tricks."


class TestKlaberjassCardPoints:
    """A card points number that can never be right is refused as it is typed."""

    HAND = {"dealer": "3", "caller": "0", "trump": "S", "round": "1"}

    def test_more_than_the_deck_is_refused_with_the_other_box_empty(
        self, client: Client, game: Game
    ) -> None:
        problems, todo = preview(client, game, {**self.HAND, "points_0": "200"})
        assert problems == ["Card points: 200 is more than the 152 card points of the deck"]
        assert "Last trick" in todo

    def test_more_than_the_deck_is_refused_with_the_other_box_stale(
        self, client: Client, game: Game
    ) -> None:
        # 20 typed on the way to 200 filled in 132, which 200 left behind.
        data = {**self.HAND, "points_0": "200", "points_1": "132"}
        problems, _todo = preview(client, game, data)
        assert problems == ["Card points: 200 is more than the 152 card points of the deck"]

    def test_151_is_refused_before_the_other_box_is_filled_in(
        self, client: Client, game: Game
    ) -> None:
        problems, _todo = preview(client, game, {**self.HAND, "points_1": "151"})
        assert problems == ["Card points: no card is worth 1 point"]

    def test_a_right_number_waits_for_the_other_team_s(self, client: Client, game: Game) -> None:
        problems, todo = preview(client, game, {**self.HAND, "points_0": "100"})
        assert problems == [] and "Card points" in todo


class TestCoincheCardPoints:
    """Coinche judges one team's card points as they are typed, as Klaberjass does."""

    HAND = {"dealer": "3", "taker": "2", "contract": "100", "trump": "H"}

    def game(self, circle: Circle) -> Game:
        return Game.create(circle, "coinche", ["Ann", "Ben", "Cleo", "Dov"], {}, first_dealer=3)

    def test_more_than_the_deck_is_refused_with_the_other_box_empty_as_save_says(
        self, client: Client, circle: Circle
    ) -> None:
        game = self.game(circle)
        problems, todo = preview(client, game, {**self.HAND, "points_0": "200"})
        assert problems == ["Card points: 200 is more than the 152 card points of the deck"]
        assert "Last trick" in todo
        data = {**self.HAND, "points_0": "200", "points_1": "0", "last_trick": "0"}
        saved = client.post(url("hand_record", game), data).content.decode()
        assert "200 is more than the 152 card points of the deck" in saved
        assert game.hands.count() == 0

    def test_151_is_refused_before_the_other_box_is_filled_in(
        self, client: Client, circle: Circle
    ) -> None:
        problems, _todo = preview(client, self.game(circle), {**self.HAND, "points_1": "151"})
        assert problems == ["Card points: no card is worth 1 point"]

    def test_a_right_number_waits_for_the_other_team_s(
        self, client: Client, circle: Circle
    ) -> None:
        problems, todo = preview(client, self.game(circle), {**self.HAND, "points_0": "100"})
        assert problems == [] and "Card points" in todo


class TestTerzCardPoints:
    """Terz judges one player's card points as they are typed: 140 in the deck by default,
    152 with the standard card values."""

    HAND = {"dealer": "1", "trump": "C"}

    def game(self, circle: Circle, **settings: str) -> Game:
        return Game.create(circle, "terz", ["Ann", "Ben"], settings, first_dealer=1)

    def test_more_than_the_deck_is_refused_with_the_other_box_empty_as_save_says(
        self, client: Client, circle: Circle
    ) -> None:
        game = self.game(circle)
        problems, todo = preview(client, game, {**self.HAND, "points_1": "141"})
        assert problems == ["Card points: 141 is more than the 140 card points of the deck"]
        assert "Last trick" in todo
        data = {**self.HAND, "points_0": "0", "points_1": "141", "last_trick": "1"}
        saved = client.post(url("hand_record", game), data).content.decode()
        assert "141 is more than the 140 card points of the deck" in saved
        assert game.hands.count() == 0

    def test_the_standard_deck_is_152(self, client: Client, circle: Circle) -> None:
        game = self.game(circle, card_values="standard")
        problems, _todo = preview(client, game, {**self.HAND, "points_0": "153"})
        assert problems == ["Card points: 153 is more than the 152 card points of the deck"]
        problems, todo = preview(client, game, {**self.HAND, "points_0": "150"})
        assert problems == [] and "Card points" in todo

    def test_139_is_refused_before_the_other_box_is_filled_in(
        self, client: Client, circle: Circle
    ) -> None:
        problems, _todo = preview(client, self.game(circle), {**self.HAND, "points_0": "139"})
        assert problems == ["Card points: no card is worth 1 point"]


class TestThePreviewComesWithThePage:
    """The game page carries the preview of the hand in progress: the phone never asks for it
    at load, and what the page shows is what the preview's own answer says."""

    @staticmethod
    def shown(page: str) -> str:
        held = re.search(
            r'<div id="preview"[^>]*>(.*?)\s*</div>\s*<button type="button"', page, re.S
        )
        assert held, "no preview on the page"
        return " ".join(held.group(1).split())

    @staticmethod
    def answered(client: Client, game: Game, data: dict[str, str]) -> str:
        answer = client.post(url("hand_preview", game), data, **HTMX).content.decode()
        return " ".join(answer.split())

    def test_nothing_entered_shows_what_is_to_come_and_asks_nothing_at_load(
        self, client: Client, game: Game
    ) -> None:
        page = client.get(url("game", game)).content.decode()
        trigger = re.search(r'<div id="preview"[^>]*hx-trigger="([^"]*)"', page)
        assert trigger and "load" not in trigger.group(1).split(", ")
        dealer = str(game.next_hand_dealer)
        assert self.shown(page) == self.answered(client, game, {"dealer": dealer})
        assert "Still to come" in self.shown(page)

    def test_a_hand_entered_on_another_phone_is_scored_on_the_page(
        self, client: Client, game: Game
    ) -> None:
        entered = {"caller": "1", "trump": "H", "points_0": "62", "points_1": "90"}
        progress = HandInProgress.of(game)
        progress.change(progress.token, {**entered, "last_trick": "1"})
        page = client.get(url("game", game)).content.decode()
        data = {"dealer": str(game.next_hand_dealer), **entered, "last_trick": "1"}
        assert "This hand scores" in self.shown(page)
        assert self.shown(page) == self.answered(client, game, data)

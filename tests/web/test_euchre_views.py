"""Euchre at the table: the fast hand form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from tests.web.helpers import HTMX, url

PLAYERS = ["Nia", "Eli", "Sam", "Wes"]


@pytest.fixture
def euchre(circle: Circle) -> Game:
    return Game.create(circle, "euchre", PLAYERS, {}, first_dealer=0)


def test_maker_and_tricks_are_a_whole_hand(client: Client, euchre: Game) -> None:
    response = client.post(
        url("hand_record", euchre), {"dealer": "0", "maker": "2", "maker_tricks": "4"}
    )
    assert response.status_code == 302
    euchre.refresh_from_db()
    assert euchre.totals == [1, 0] and euchre.next_dealer == 1


def test_alone_and_a_march(client: Client, euchre: Game) -> None:
    client.post(
        url("hand_record", euchre),
        {"dealer": "0", "maker": "3", "alone": "on", "maker_tricks": "5"},
    )
    euchre.refresh_from_db()
    assert euchre.totals == [0, 4]


def test_the_passed_out_button_saves_a_redeal(client: Client, euchre: Game) -> None:
    page = client.get(url("game", euchre)).content.decode()
    assert 'value="passed_out"' in page and "Dealer declines" not in page
    client.post(url("hand_record", euchre), {"dealer": "0", "outcome": "passed_out"})
    hand = euchre.hands.get()
    assert hand.facts == {"dealer": 0, "outcome": "passed_out"} and hand.scores == [0, 0]


def test_with_stick_the_dealer_there_is_no_pass_button(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "euchre", PLAYERS, {"all_pass": "stick_the_dealer"})
    page = client.get(url("game", game)).content.decode()
    assert 'value="passed_out"' not in page and 'value="dealer_forfeit"' not in page
    response = client.post(url("hand_record", game), {"dealer": "0", "outcome": "passed_out"})
    assert b"with stick the dealer, the dealer must name trump" in response.content
    assert game.hands.count() == 0


def test_with_dealer_forfeit_the_dealer_can_decline(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "euchre", PLAYERS, {"all_pass": "dealer_forfeit"})
    assert b'value="dealer_forfeit"' in client.get(url("game", game)).content
    client.post(url("hand_record", game), {"dealer": "0", "outcome": "dealer_forfeit"})
    game.refresh_from_db()
    assert game.totals == [0, 1]


def test_a_missing_maker_is_named_beside_the_field(client: Client, euchre: Game) -> None:
    response = client.post(url("hand_record", euchre), {"dealer": "0", "maker_tricks": "3"})
    page = response.content.decode()
    assert response.status_code == 400 and "who ordered up or named trump?" in page
    assert 'value="3" id="id_maker_tricks_3" checked' in page.replace("\n", " ") or (
        'id="id_maker_tricks_3"' in page and "checked" in page
    )


def test_the_preview_says_who_scores(client: Client, euchre: Game) -> None:
    page = client.post(
        url("hand_preview", euchre), {"dealer": "0", "maker": "1", "maker_tricks": "2"}, **HTMX
    ).content.decode()
    assert "Nia &amp; Sam euchred, +2" in page


def test_the_all_pass_rule_is_asked_up_front(client: Client, circle: Circle) -> None:
    page = client.get(reverse("game_new", args=[circle.slug]) + "?variant=euchre")
    text = page.content.decode()
    before_fold = text.split("House rules")[0]
    assert "When everyone passes twice" in before_fold
    assert '<option value="&quot;redeal&quot;" selected>' in text

"""304 and the three-hand widow game at the table."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Bid, Circle, Game
from games.words import shown_text
from tests.web.helpers import url

FOUR = ["Asha", "Bala", "Chitra", "Dev"]


@pytest.fixture
def game304(circle: Circle) -> Game:
    return Game.create(circle, "304", FOUR, {}, first_dealer=3)


def post(**extra: str) -> dict[str, str]:
    return {
        "dealer": "3",
        "bidder": "0",
        "bid": "180",
        "trump": "S",
        "called_rank": "A",
        "called_suit": "H",
        "partner": "2",
        "points": "190",
        "tricks": "5",
        **extra,
    }


def test_it_records_a_deal_for_bidder_and_partner(client: Client, game304: Game) -> None:
    assert client.post(url("hand_record", game304), post()).status_code == 302
    game304.refresh_from_db()
    assert game304.totals == [1, 0, 1, 0]
    hand = game304.hands.get()
    assert hand.facts["called_card"] == "AH" and hand.contract == 180 and hand.declarer == 0


def test_marriages_per_suit(client: Client, game304: Game) -> None:
    data = post(
        dealer="1",
        bidder="2",
        bid="220",
        trump="D",
        called_rank="9",
        called_suit="S",
        partner="0",
        marriage_D="2",
        marriage_C="1",
        points="205",
        tricks="6",
    )
    client.post(url("hand_record", game304), data)
    hand = game304.hands.get()
    assert hand.scores == [1, 0, 1, 0]
    assert "target 200" in shown_text(hand.notes[0])


def test_the_auction_typed_bid_by_bid_is_checked_and_stored(client: Client, game304: Game) -> None:
    data = post(bidder="3", partner="1", bid="190", auction="160 170 p 190 p p")
    assert client.post(url("hand_record", game304), data).status_code == 302
    calls = list(Bid.objects.filter(hand__game=game304).values_list("seat", "call", "value"))
    assert calls == [
        (0, "bid", 160),
        (1, "bid", 170),
        (2, "pass", None),
        (3, "bid", 190),
        (0, "pass", None),
        (1, "pass", None),
    ]


def test_a_raise_over_30_is_refused(client: Client, game304: Game) -> None:
    response = client.post(url("hand_record", game304), post(auction="160 195"))
    assert response.status_code == 400 and b"a raise is 5 to 30" in response.content
    assert game304.hands.count() == 0


def test_an_unreadable_auction_word(client: Client, game304: Game) -> None:
    response = client.post(url("hand_record", game304), post(auction="160 lots"))
    assert b"neither a bid nor a pass" in response.content


def test_bids_not_in_fives_and_303_points(client: Client, game304: Game) -> None:
    assert b"multiple of 5" in client.post(url("hand_record", game304), post(bid="182")).content
    response = client.post(url("hand_record", game304), post(points="303", tricks="7"))
    assert b"never 1 or 303" in response.content


def test_the_partner_cannot_be_the_bidder(client: Client, game304: Game) -> None:
    response = client.post(url("hand_record", game304), post(partner="0"))
    assert b"the partner is another player" in response.content


def test_the_scoreboard_shows_the_deal_and_who_bids_first(client: Client, game304: Game) -> None:
    client.post(url("hand_record", game304), post())
    page = client.get(url("game", game304)).content.decode()
    assert "deal 2 of 11" in page and "<strong>Bala</strong> bids first" in page
    assert "<progress" not in page


def test_the_widow_game_sums_the_two_cards(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "304-widow", FOUR[:3], {}, first_dealer=2)
    data = {
        "dealer": "2",
        "bidder": "0",
        "bid": "170",
        "trump": "S",
        "points": "160",
        "widow_card_1": "10",
        "widow_card_2": "K",
        "tricks": "6",
    }
    assert client.post(url("hand_record", game), data).status_code == 302
    hand = game.hands.get()
    assert hand.facts["widow_points"] == 13 and hand.scores == [1, 0, 0]
    page = client.get(url("game", game)).content.decode()
    assert "Called card" not in page and "widow" in page

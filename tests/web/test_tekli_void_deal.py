"""The Tekli hand form records a void deal as the table tells it: P1 forced at 550, no
marriage, redealt (rules/hoskin.md, `hoskin-tekli`)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game


@pytest.fixture
def tekli(circle: Circle) -> Game:
    return Game.create(circle, "hoskin-tekli", ["Ece", "Fatih", "Gül"], {}, first_dealer=0)


def record(client: Client, game: Game, **fields: str):
    url = reverse("hand_record", args=[game.circle.slug, game.slug])
    return client.post(url, {"dealer": "0", "outcome": "void", **fields})


def test_it_keeps_the_forced_holder_of_a_void_deal(client: Client, tekli: Game) -> None:
    response = record(client, tekli, holder="1", contract="550", forced="on")
    assert response.status_code == 302
    hand = tekli.hands.get()
    assert hand.facts == {
        "dealer": 0,
        "outcome": "void",
        "holder": 1,
        "contract": 550,
        "forced": True,
    }
    assert hand.scores == [0, 0, 0] and hand.declarer == 1
    assert [(b.seat, b.call) for b in hand.bids.order_by("order")] == [
        (1, "pass"),
        (2, "pass"),
        (0, "pass"),
        (1, "forced"),
    ]


def test_it_names_the_first_speaker_when_only_forced_is_ticked(client: Client, tekli: Game) -> None:
    assert record(client, tekli, forced="on").status_code == 302
    assert tekli.hands.get().facts["holder"] == 1


def test_it_refuses_a_forced_holder_who_did_not_speak_first(client: Client, tekli: Game) -> None:
    response = record(client, tekli, holder="2", contract="550", forced="on")
    assert response.status_code == 400
    assert b"void only after three passes" in response.content
    assert not tekli.hands.exists()


def test_it_leaves_a_holder_out_when_forced_is_not_ticked(client: Client, tekli: Game) -> None:
    # A plain void deal, as before: whatever was tapped above the button is not the story.
    assert record(client, tekli, holder="2", contract="650").status_code == 302
    assert tekli.hands.get().facts == {"dealer": 0, "outcome": "void"}

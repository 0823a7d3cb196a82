"""Hoşkin and Tekli at the table, and the meld calculator."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from tests.web.helpers import HTMX, url


@pytest.fixture
def partners(circle: Circle) -> Game:
    return Game.create(circle, "hoskin", ["Ali", "Berk", "Cem", "Deniz"], {}, first_dealer=3)


@pytest.fixture
def tekli(circle: Circle) -> Game:
    return Game.create(circle, "hoskin-tekli", ["Ece", "Fatih", "Gül"], {}, first_dealer=0)


def partners_post(**extra: str) -> dict[str, str]:
    return {
        "dealer": "3",
        "holder": "0",
        "contract": "650",
        "trump": "H",
        "meld_0": "270",
        "meld_1": "80",
        "meld_2": "140",
        "meld_3": "60",
        "tricks_0": "300",
        "tricks_1": "180",
        "last_trick": "0",
        **extra,
    }


def tekli_post(**extra: str) -> dict[str, str]:
    return {
        "dealer": "0",
        "holder": "2",
        "contract": "650",
        "trump": "D",
        "meld_0": "60",
        "meld_1": "80",
        "meld_2": "350",
        "tricks_0": "71",
        "tricks_1": "90",
        "tricks_2": "290",
        "gomu_points": "29",
        "last_trick": "2",
        **extra,
    }


def test_partners_worked_examples(client: Client, partners: Game) -> None:
    client.post(url("hand_record", partners), partners_post())
    client.post(
        url("hand_record", partners),
        partners_post(
            dealer="0",
            holder="1",
            contract="700",
            trump="S",
            meld_0="120",
            meld_1="190",
            meld_2="40",
            meld_3="40",
            tricks_0="100",
            tricks_1="380",
            last_trick="1",
        ),
    )
    partners.refresh_from_db()
    assert partners.totals == [990, -380]
    page = client.get(url("game", partners)).content.decode()
    assert "−700" in page or "-700" in page


def test_a_struck_meld_and_a_violation(client: Client, partners: Game) -> None:
    client.post(url("hand_record", partners), partners_post(violation="meld_short", struck="40"))
    hand = partners.hands.get()
    assert hand.facts["struck"] == [0, 40] and hand.scores == [-650, 280]


def test_a_void_deal_needs_only_the_dealer(client: Client, partners: Game) -> None:
    response = client.post(url("hand_record", partners), {"dealer": "3", "outcome": "void"})
    assert response.status_code == 302
    assert partners.hands.get().scores == [0, 0]


def test_tricks_must_add_up_to_480(client: Client, partners: Game) -> None:
    response = client.post(url("hand_record", partners), partners_post(tricks_1="170"))
    assert response.status_code == 400 and b"must add up to 480" in response.content


def test_tekli_worked_example(client: Client, tekli: Game) -> None:
    assert client.post(url("hand_record", tekli), tekli_post()).status_code == 302
    tekli.refresh_from_db()
    assert tekli.totals == [131, 170, 689]


def test_tekli_gomu_from_its_five_cards(client: Client, tekli: Game) -> None:
    data = tekli_post(
        gomu_points="",
        gomu_card_0="10",
        gomu_card_1="10",
        gomu_card_2="K",
        gomu_card_3="Q",
        gomu_card_4="J",
    )
    client.post(url("hand_record", tekli), data)
    assert tekli.hands.get().facts["gomu_points"] == 29


def test_tekli_ladder_is_checked(client: Client, tekli: Game) -> None:
    response = client.post(url("hand_record", tekli), tekli_post(contract="550"))
    assert b"takes the ihale at 650, not 550" in response.content


def test_tekli_failed_by_burial(client: Client, tekli: Game) -> None:
    client.post(url("hand_record", tekli), tekli_post(unannounced_burial="on"))
    assert tekli.hands.get().scores == [131, 170, -650]


def test_turkish_words_stand_beside_the_english(client: Client, tekli: Game) -> None:
    page = client.get(url("game", tekli)).content.decode()
    for word in ("Ihale", "Koz", "evli", "seri", "pinik", "Gömü", "baraj"):
        assert word.lower() in page.lower(), word


def test_the_calculator_fills_a_players_meld(client: Client, tekli: Game) -> None:
    query = {
        "trump": "H",
        "seat": "1",
        "prefix": "cards1_",
        "cards1_KS": "1",
        "cards1_QS": "1",
        "cards1_QH": "1",
        "cards1_QD": "1",
        "cards1_QC": "1",
        "cards1_JD": "1",
    }
    response = client.get(reverse("melds", args=[tekli.circle.slug]), query, **HTMX)
    page = response.content.decode()
    assert "<strong>120</strong>" in page
    # The player's melds box comes out of band, holding the total.
    box = re.search(r'<input [^>]*id="id_meld_1"[^>]*>', page)
    assert box and 'value="120"' in box[0] and 'hx-swap-oob="true"' in box[0]
    assert "<html" not in page


def test_the_calculator_page(client: Client, circle: Circle) -> None:
    query = {"trump": "D"} | {f"c_{r}D": "2" for r in ("A", "10", "K", "Q", "J")}
    page = client.get(reverse("melds", args=[circle.slug]), query).content.decode()
    assert "<strong>1500</strong>" in page and "Double seri (run) in ♦" in page
    bad = client.get(reverse("melds", args=[circle.slug]), {"trump": "D", "c_AD": "5"})
    assert "0 to 4 copies" in bad.content.decode()
    assert (
        "Choose the koz"
        in client.get(
            reverse("melds", args=[circle.slug]), {"c_AD": "1", "trump": ""}
        ).content.decode()
    )


def test_the_calculator_obeys_circle_access(client: Client, db: object) -> None:
    response = client.get(reverse("melds", args=["nope"]), {"trump": "H"}, **HTMX)
    assert response.status_code == 404

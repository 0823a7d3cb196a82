"""Terz at the table: card points, the last trick, combinations in the order announced."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Declaration, Game
from tests.web.helpers import HTMX, url


@pytest.fixture
def terz(circle: Circle) -> Game:
    return Game.create(circle, "terz", ["Ann", "Ben"], {}, first_dealer=1)


def post(**extra: str) -> dict[str, str]:
    return {
        "dealer": "1",
        "trump": "D",
        "points_0": "74",
        "points_1": "66",
        "last_trick": "0",
        **extra,
    }


def test_it_records_the_second_worked_example(client: Client, terz: Game) -> None:
    data = post(
        seq0_seat="0",
        seq0_kind="sequence",
        seq0_length="3",
        seq0_top="J",
        seq0_suit="S",
        seq1_seat="1",
        seq1_kind="sequence",
        seq1_length="4",
        seq1_top="K",
        seq1_suit="H",
        seq2_seat="1",
        seq2_kind="sequence",
        seq2_length="3",
        seq2_top="9",
        seq2_suit="C",
    )
    assert client.post(url("hand_record", terz), data).status_code == 302
    terz.refresh_from_db()
    assert terz.totals == [84, 136] and terz.next_dealer == 0
    rows = Declaration.objects.filter(hand__game=terz)
    assert [(r.seat, r.counted) for r in rows] == [(0, False), (1, True), (1, True)]


def test_fours_and_marriages_from_rows(client: Client, terz: Game) -> None:
    data = post(
        trump="S",
        points_0="90",
        points_1="50",
        seq0_seat="0",
        seq0_kind="four",
        seq0_top="J",
        seq1_seat="0",
        seq1_kind="marriage",
        seq1_suit="H",
        seq2_seat="1",
        seq2_kind="sequence",
        seq2_length="4",
        seq2_top="10",
        seq2_suit="S",
    )
    client.post(url("hand_record", terz), data)
    terz.refresh_from_db()
    assert terz.totals == [320, 50]


def test_a_junior_run_after_a_senior_one_is_refused_beside_the_rows(
    client: Client, terz: Game
) -> None:
    data = post(
        seq0_seat="0",
        seq0_kind="sequence",
        seq0_length="3",
        seq0_top="A",
        seq0_suit="S",
        seq1_seat="0",
        seq1_kind="sequence",
        seq1_length="3",
        seq1_top="K",
        seq1_suit="S",
    )
    response = client.post(url("hand_record", terz), data)
    assert response.status_code == 400 and b"announce runs from low to high" in response.content
    assert terz.hands.count() == 0


def test_the_preview_says_whose_combinations_count(client: Client, terz: Game) -> None:
    data = post(
        seq0_seat="1",
        seq0_kind="four",
        seq0_top="A",
        seq1_seat="0",
        seq1_kind="sequence",
        seq1_length="5",
        seq1_top="K",
        seq1_suit="H",
    )
    page = client.post(url("hand_preview", terz), data, **HTMX).content.decode()
    assert "Ann&#x27;s 5-card run 9–K♥ (100) is senior" in page


def test_the_helper_handles_terz(client: Client, circle: Circle) -> None:
    query = {
        "variant": "terz",
        "trump": "S",
        "seq0_seat": "0",
        "seq0_kind": "four",
        "seq0_top": "J",
        "seq1_seat": "1",
        "seq1_kind": "sequence",
        "seq1_length": "4",
        "seq1_top": "10",
        "seq1_suit": "S",
        "seq2_seat": "0",
        "seq2_kind": "marriage",
        "seq2_suit": "H",
    }
    page = client.get(reverse("declarations", args=[circle.slug]), query).content.decode()
    assert "four jacks (200) is senior" in page and "a marriage always scores 20" in page


def test_the_helper_refuses_a_junior_piece(client: Client, circle: Circle) -> None:
    query = {
        "variant": "terz",
        "trump": "S",
        "seq0_seat": "0",
        "seq0_kind": "sequence",
        "seq0_length": "3",
        "seq0_top": "A",
        "seq0_suit": "H",
        "seq1_seat": "0",
        "seq1_kind": "sequence",
        "seq1_length": "3",
        "seq1_top": "9",
        "seq1_suit": "H",
    }
    page = client.get(reverse("declarations", args=[circle.slug]), query).content.decode()
    assert "announce runs from low to high" in page

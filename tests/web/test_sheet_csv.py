"""A game's score sheet as CSV: one row per live hand, as the sheet shows it (issue 12, 5a)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from games.pages.history_csv import guarded
from games.pages.score_sheet_csv import as_text
from tests.conftest import PLAYERS
from tests.web.test_sheet import evening, shared_win


def download(client: Client, game: Game) -> tuple[str, list[list[str]]]:
    response = client.get(reverse("game_csv", args=[game.circle.slug, game.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = response.content.decode("utf-8")
    return text, list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def test_a_row_per_live_hand_worked_out_by_hand(client: Client, game: Game) -> None:
    # evening(): hand 3 removed, hand 4 (now 3) edited; see tests/web/test_sheet.py.
    text, rows = download(client, evening(game))
    assert text.startswith("\ufeffHand,")
    assert rows == [
        [
            "Hand",
            "Dealer",
            "Caller",
            "Contract",
            "Trump",
            "Result",
            "Ann & Cleo: hand",
            "Ann & Cleo: total",
            "Ben & Dov: hand",
            "Ben & Dov: total",
        ],
        ["1", "Dov", "Ann", "", "♥", "made", "106", "106", "56", "56"],
        ["2", "Ann", "Ben", "", "♠", "failed", "162", "268", "0", "56"],
        ["3", "Cleo", "Dov", "", "♣", "made", "60", "328", "102", "158"],
    ]


def test_forfeits_void_deals_and_negative_scores_are_written_as_the_sheet_has_them(
    client: Client, circle: Circle
) -> None:
    game = Game.create(circle, "hoskin", ["Şule", "Ben", "=Cleo", "Dov"])
    game.record_hand(
        {
            "dealer": 3,
            "holder": 0,
            "contract": 600,
            "trump": "S",
            "melds": [100, 80, 0, 0],
            "trick_points": [120, 360],
            "last_trick": 0,
        }
    )
    game.record_hand({"dealer": 0, "outcome": "void"})
    _, rows = download(client, game)
    assert rows[0][:6] == ["Hand", "Dealer", "Holder", "Contract", "Trump", "Result"]
    # "=Cleo" is inside the side's name, not at its start: nothing to guard.
    assert rows[0][6:8] == ["Şule & =Cleo: hand", "Şule & =Cleo: total"]
    # A negative number stays a number: only text is guarded.
    assert rows[1] == ["1", "Dov", "Şule", "600", "♠", "failed", "-600", "-600", "440", "440"]
    assert rows[2] == ["2", "Şule", "", "", "", "void", "0", "-600", "0", "440"]


def test_a_euchre_forfeit_is_written_as_one(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "euchre", PLAYERS, {"all_pass": "dealer_forfeit"})
    game.record_hand({"dealer": 0, "outcome": "dealer_forfeit"})
    _, rows = download(client, game)
    assert rows[1] == ["1", "Ann", "", "", "", "forfeit", "0", "0", "1", "1"]


def test_a_game_without_contracts_has_no_taker_columns(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "terz", ["Şule", "@Ben"])
    game.record_hand({"dealer": 1, "trump": "D", "card_points": [80, 60], "last_trick": 0})
    _, rows = download(client, game)
    assert rows[0] == [
        "Hand",
        "Dealer",
        "Trump",
        "Şule: hand",
        "Şule: total",
        "'@Ben: hand",
        "'@Ben: total",
    ]
    assert rows[1][:3] == ["1", "'@Ben", "♦"]


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("=SUM(A1:A9)", "'=SUM(A1:A9)"),
        ("+Ann", "'+Ann"),
        ("-Ben", "'-Ben"),
        ("@Cleo", "'@Cleo"),
        ("\tDov", "'\tDov"),
        ("Ann=1", "Ann=1"),
        ("Şule ♠", "Şule ♠"),
    ],
)
def test_text_a_spreadsheet_would_run_starts_with_an_apostrophe(name: str, written: str) -> None:
    assert as_text(name) == written


def test_the_file_is_named_after_the_game_on_the_circle_s_clock(client: Client, game: Game) -> None:
    # 22:30 UTC on 1 May is 01:30 on 2 May in Istanbul (UTC+3), where the circle plays.
    Circle.objects.filter(pk=game.circle.pk).update(time_zone="Europe/Istanbul")
    started = dt.datetime(2026, 5, 1, 22, 30, tzinfo=dt.UTC)
    Game.objects.filter(pk=game.pk).update(created=started)
    response = client.get(reverse("game_csv", args=[game.circle.slug, game.slug]))
    assert response["Content-Disposition"] == (
        'attachment; filename="klaberjass-2026-05-02-0130-score-sheet.csv"'
    )


def test_the_game_page_links_to_the_download(client: Client, game: Game) -> None:
    html = client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()
    assert reverse("game_csv", args=[game.circle.slug, game.slug]) in html


def test_another_circle_cannot_download_it(client: Client, game: Game) -> None:
    other = Circle.objects.create()
    url = reverse("game_csv", args=[other.slug, game.slug])
    assert client.get(url).status_code == 404
    watch = reverse("game_csv", args=[game.watch_slug, game.slug])
    assert client.get(watch).status_code == 404


def test_it_answers_get_only(client: Client, game: Game) -> None:
    assert client.post(reverse("game_csv", args=[game.circle.slug, game.slug])).status_code == 405


def test_the_json_record_is_unchanged_beside_it(client: Client, game: Game) -> None:
    evening(game)
    response = client.get(reverse("game_export", args=[game.circle.slug, game.slug]))
    assert json.loads(response.content) == game.export()
    assert response["Content-Type"] == "application/json"


def test_a_shared_win_s_hands_are_written_one_row_each(client: Client, circle: Circle) -> None:
    _, rows = download(client, shared_win(circle))
    assert rows[0][:6] == ["Hand", "Dealer", "Bidder", "Contract", "Trump", "Result"]
    assert rows[1:] == [
        ["1", "Dev", "Asha", "180", "♠", "made", "1", "1", "0", "0", "1", "1", "0", "0"],
        ["2", "Asha", "Bala", "200", "♣", "failed", "0", "1", "-1", "-1", "0", "1", "-1", "-1"],
    ]


# --- A formula start is written as text -----------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "＝HYPERLINK(1)",  # full-width equals
        "＋1",
        "－1",
        "＠SUM(A1)",
        "﹦1",  # small forms
        "﹢1",
        "﹣1",
        "﹫A1",
        " =1",  # after a space, which some spreadsheets drop
        "\u3000＝1",  # after an ideographic space
        "\tDov",
        "\rDov",
        "\nDov",
    ],
)
def test_every_formula_start_is_written_as_text(name: str) -> None:
    assert as_text(name) == "'" + name
    assert guarded(name) == "'" + name


@pytest.mark.parametrize("name", ["Ann", "Ann=1", "Şule ♠", "＄1", "", " "])
def test_other_text_is_written_as_it_is(name: str) -> None:
    assert as_text(name) == name
    assert guarded(name) == name

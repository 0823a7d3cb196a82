"""The circle's history: paged, filtered by game and player, and downloaded as CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io
from typing import Any
from unittest.mock import patch
from urllib.parse import unquote

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from games.pages.history_csv import guarded
from tests.conftest import PLAYERS, klob_hand


@pytest.fixture
def busy(circle: Circle) -> Circle:
    """25 games: 15 of Terz between Ann and Ben, 10 of Klaberjass with Cleo and Dov too,
    the newest first as they were started."""
    start = dt.datetime(2026, 5, 1, 18, tzinfo=dt.UTC)
    for i in range(25):
        game = (
            Game.create(circle, "terz", ["Ann", "Ben"])
            if i % 5 < 3
            else Game.create(circle, "klaberjass", ["Cleo", "Ben", "Ann", "Dov"])
        )
        Game.objects.filter(pk=game.pk).update(created=start + dt.timedelta(hours=i))
    return circle


def listed(response: Any) -> list[Game]:
    return list(response.context["history"])


def test_history_shows_twenty_games_a_page_newest_first(client: Client, busy: Circle) -> None:
    first = client.get(f"/c/{busy.slug}/")
    second = client.get(f"/c/{busy.slug}/", {"page": "2"})
    newest_first = list(busy.games.order_by("-created"))
    assert listed(first) == newest_first[:20]
    assert listed(second) == newest_first[20:]
    assert 'rel="next" href="?page=2#history"' in first.content.decode()


@pytest.mark.parametrize(
    ("page", "shown"), [("999", 2), ("0", 1), ("-1", 1), ("abc", 1), ("١٢", 1), ("9" * 5000, 1)]
)
def test_a_page_out_of_range_or_unreadable_shows_a_page_that_exists(
    client: Client, busy: Circle, page: str, shown: int
) -> None:
    response = client.get(f"/c/{busy.slug}/", {"page": page})
    assert response.status_code == 200
    assert response.context["history"].number == shown


def test_history_filters_by_game_and_by_player(client: Client, busy: Circle) -> None:
    terz = listed(client.get(f"/c/{busy.slug}/", {"variant": "terz"}))
    assert len(terz) == 15 and {g.variant for g in terz} == {"terz"}
    cleo = client.get(f"/c/{busy.slug}/", {"player": "Cleo"})
    assert len(listed(cleo)) == 10
    assert all("Cleo" in g.player_names() for g in listed(cleo))
    both = listed(client.get(f"/c/{busy.slug}/", {"variant": "terz", "player": "Cleo"}))
    assert both == []
    # The pages keep the filter.
    page = client.get(f"/c/{busy.slug}/", {"player": "Ann"}).content.decode()
    assert 'href="?player=Ann&amp;page=2#history"' in page


@pytest.mark.parametrize(
    "params",
    [{"variant": "nope"}, {"player": "Nobody"}, {"player": "x" * 5000}, {"variant": "\x00"}],
)
def test_an_unknown_filter_is_ignored(client: Client, busy: Circle, params: Any) -> None:
    response = client.get(f"/c/{busy.slug}/", params)
    assert response.status_code == 200
    assert response.context["history"].paginator.count == 25


def test_htmx_redraws_the_history_alone(client: Client, busy: Circle) -> None:
    response = client.get(f"/c/{busy.slug}/", {"variant": "terz"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="history"')
    assert "New game" not in html


def test_each_game_in_the_history_is_under_its_night(client: Client, busy: Circle) -> None:
    html = client.get(f"/c/{busy.slug}/").content.decode()
    # 18:00 UTC on 1 May plus 24 hours: games up to 05:59 on 2 May are the night of 1 May.
    # Each night is named as the reader's language writes a date (English: DATE_FORMAT).
    assert f'href="/c/{busy.slug}/nights/2026-05-02/">Saturday, May 2, 2026' in html
    assert f'href="/c/{busy.slug}/nights/2026-05-01/">Friday, May 1, 2026' in html


# -- the CSV --------------------------------------------------------------------------------


def rows(response: Any) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_the_history_downloads_as_one_row_per_game(client: Client, circle: Circle) -> None:
    circle.time_zone = "Asia/Kolkata"
    circle.name = "Friday club"
    circle.save()
    klob = Game.create(circle, "klaberjass", PLAYERS, {"target": 200}, first_dealer=3)
    klob.record_hand(klob_hand())
    klob.record_hand(klob_hand(dealer=0))
    Game.objects.filter(pk=klob.pk).update(created=dt.datetime(2026, 5, 1, 20, tzinfo=dt.UTC))
    three = Game.create(circle, "304", ["Asha", "Bala", "Chitra"] + ["Dev"], {"deals": 1})
    three.record_hand(
        {"dealer": 3, "bidder": 0, "bid": 200, "trump": "C", "called_card": "JD", "partner": 2,
         "points": 185, "tricks": 4}
    )  # fmt: skip
    Game.objects.filter(pk=three.pk).update(created=dt.datetime(2026, 5, 2, 1, tzinfo=dt.UTC))
    Game.create(circle, "terz", ["Ann", "Ben"])
    response = client.get(f"/c/{circle.slug}/history.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="Friday-club-history-' in response["Content-Disposition"]
    header, *games = rows(response)
    assert header[:5] == ["date", "night", "game", "side 1", "score 1"]
    assert header[-3:] == ["winner", "hands", "status"]
    terz, three_row, klob_row = games
    assert terz[2] == "Terz" and terz[-1] == "in progress"
    # 01:00 UTC is 06:30 in Kolkata: a new night. The 304's losers lost a point each.
    assert three_row[:3] == ["2026-05-02 06:30", "2026-05-02", "304"]
    assert three_row[3:11] == ["Asha", "-1", "Bala", "0", "Chitra", "-1", "Dev", "0"]
    assert three_row[-3:] == ["Bala & Dev", "1", "finished"]
    # 20:00 UTC is 01:30 the next day in Kolkata, still the night of 1 May.
    assert klob_row[:3] == ["2026-05-02 01:30", "2026-05-01", "Klaberjass"]
    assert klob_row[3:11] == ["Ann & Cleo", "212", "Ben & Dov", "112", "", "", "", ""]
    assert klob_row[-3:] == ["Ann & Cleo", "2", "finished"]


def test_the_csv_keeps_the_pages_filter(client: Client, circle: Circle) -> None:
    Game.create(circle, "terz", ["Ann", "Ben"])
    Game.create(circle, "terz", ["Cleo", "Ben"])
    _, *games = rows(client.get(f"/c/{circle.slug}/history.csv", {"player": "Cleo"}))
    assert [g[3] for g in games] == ["Cleo"]
    link = client.get(f"/c/{circle.slug}/", {"player": "Cleo"}).content.decode()
    assert f'href="/c/{circle.slug}/history.csv?player=Cleo"' in link


@pytest.mark.parametrize("name", ["=HYPERLINK(1)", "+1", "-1+2", "@SUM(A1)"])
def test_a_name_a_spreadsheet_would_run_is_written_as_text(
    client: Client, circle: Circle, name: str
) -> None:
    Game.create(circle, "terz", [name, "Ben"])
    _, game = rows(client.get(f"/c/{circle.slug}/history.csv"))
    assert game[3] == "'" + name
    assert game[5] == "Ben"


def test_numbers_are_left_as_numbers() -> None:
    assert guarded(-20) == -20
    assert guarded("-20") == "'-20"
    assert guarded("Ann") == "Ann"


def test_the_history_download_escapes_a_full_width_equals(client: Client, circle: Circle) -> None:
    Game.create(circle, "klaberjass", ["＝HYPERLINK(1)", "Ben", "Cleo", "Dov"], {"target": 500})
    response = client.get(reverse("history_export", args=[circle.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    cells = [cell for row in rows[1:] for cell in row]
    assert any(cell.startswith("'＝HYPERLINK(1)") for cell in cells), cells
    assert not any(cell.startswith("＝") for cell in cells)


@pytest.mark.parametrize(
    ("name", "saved", "fallback"),
    [
        (
            "Thursday Klob Club — Kadıköy",
            "Thursday-Klob-Club-Kadıköy-history-2026-05-01.csv",
            "Thursday-Klob-Club-Kadikoy-history-2026-05-01.csv",
        ),
        (
            "Şule'nin masası",
            "Şule-nin-masası-history-2026-05-01.csv",
            "Sule-nin-masasi-history-2026-05-01.csv",
        ),
        ("Клуб «Пятница»", "Клуб-Пятница-history-2026-05-01.csv", "history-2026-05-01.csv"),
        # An ASCII name needs nothing beside it.
        ("Friday club", "Friday-club-history-2026-05-01.csv", None),
    ],
)
def test_the_history_file_keeps_the_circle_s_letters_with_an_ascii_name_beside_them(
    client: Client, db: Any, name: str, saved: str, fallback: str | None
) -> None:
    circle = Circle.objects.create(name=name)
    with patch.object(Circle, "tonight", return_value=dt.date(2026, 5, 1)):
        disposition = client.get(f"/c/{circle.slug}/history.csv")["Content-Disposition"]
    if fallback is None:
        assert disposition == f'attachment; filename="{saved}"'
    else:
        plain, _, encoded = disposition.partition("; filename*=UTF-8''")
        assert plain == f'attachment; filename="{fallback}"'
        assert encoded.isascii() and unquote(encoded) == saved

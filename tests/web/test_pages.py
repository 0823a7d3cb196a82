"""What a page shows is built without a request (games/pages/): called here directly, with no
test client, and never leaving page-only attributes on the models it reads."""

from __future__ import annotations

import dataclasses
import datetime as dt

from django.http import QueryDict
from django.utils import timezone, translation

from games.models import Circle, Game, Hand
from games.pages.circle_page import HistoryRow, circle_page, history_filter, night_page, stats_page
from games.pages.game_page import HandRow, RemovedRow, game_page, row_key
from tests.conftest import klob_hand

PAGE_ONLY = ("rows", "dealer_name", "declared", "declarer_name", "row_key", "summary_text")


def test_the_game_page_shows_each_hand_as_a_row_of_its_own(game: Game) -> None:
    game.record_hand(klob_hand())
    game.record_hand(klob_hand(dealer=0, caller=1))
    with translation.override("en"):
        page = game_page(game)
    rows = page["hands"]
    assert [type(row) for row in rows] == [HandRow, HandRow]
    newest, first = rows
    assert (newest.hand.number, first.hand.number) == (2, 1)
    assert (first.dealer_name, first.declarer_name) == ("Dov", "Ann")
    assert (newest.dealer_name, newest.declarer_name) == ("Ann", "Ben")
    assert [name for name, _, _ in first.sides] == ["Ann & Cleo", "Ben & Dov"]
    assert page["newest"] == newest.hand
    assert page["form"] is not None and page["circle"] == game.circle


def test_the_game_page_sets_nothing_on_the_hands_it_reads(game: Game) -> None:
    game.record_hand(klob_hand())
    removed = game.record_hand(klob_hand())
    game.undo_hand(removed.pk)
    page = game_page(game)
    hands = [row.hand for row in page["hands"]] + [row.hand for row in page["removed"]]
    assert len(hands) == 2
    for hand in hands:
        assert [name for name in PAGE_ONLY if hasattr(hand, name)] == []
    assert not any(name in Hand.__annotations__ for name in PAGE_ONLY)


def test_a_removed_hand_is_a_row_with_its_summary_and_whether_it_went_just_now(
    game: Game,
) -> None:
    hand = game.record_hand(klob_hand())
    game.undo_hand(hand.pk)
    (row,) = game_page(game)["removed"]
    assert isinstance(row, RemovedRow)
    assert row.recent is True and row.hand.pk == hand.pk
    assert row.summary.startswith("Ann")


def test_a_watcher_gets_no_form_no_circle_and_no_removed_hands(game: Game) -> None:
    hand = game.record_hand(klob_hand())
    game.undo_hand(hand.pk)
    page = game_page(game, watching=True)
    assert page["form"] is None and page["circle"] is None and page["removed"] == []
    assert page["watching"] is True


def test_a_row_key_changes_with_what_the_row_shows(game: Game) -> None:
    game.record_hand(klob_hand())
    (row,) = game_page(game)["hands"]
    assert row.key == row_key(game, row, watching=False)
    assert row_key(game, row, watching=True) != row.key
    renamed = dataclasses.replace(row, dealer_name="Zoe")
    assert row_key(game, renamed, watching=False) != row.key


def test_the_sheet_view_reads_one_hand_for_the_list_and_the_sheet_for_the_rest(
    game: Game,
) -> None:
    for _ in range(3):
        game.record_hand(klob_hand())
    page = game_page(game, view="sheet")
    assert [row.hand.number for row in page["hands"]] == [3]
    assert page["sheet"] is not None and len(page["sheet"].rows) == 3


def test_the_next_dealer_else_the_first_is_the_games_own(circle: Circle) -> None:
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], first_dealer=2)
    assert game.next_hand_dealer == 2
    game.next_dealer = None
    assert game.next_hand_dealer == 2
    game.next_dealer = 3
    assert game.next_hand_dealer == 3


def test_the_circle_page_gives_each_game_of_the_history_its_night(circle: Circle) -> None:
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"])
    page = circle_page(circle, history_filter(circle, QueryDict()))
    assert page["history_rows"] == [HistoryRow(game, circle.night_of(game.created))]
    assert not hasattr(game, "night") and not hasattr(game, "night_title")
    assert page["in_progress"] == [game]


def test_a_night_page_and_the_stats_need_no_request(circle: Circle, game: Game) -> None:
    game.record_hand(klob_hand())
    night = night_page(circle, circle.night_of(game.created))
    assert night["games"] == [game] and night["is_tonight"] == (
        circle.night_of(game.created) == circle.tonight()
    )
    empty = night_page(circle, timezone.localdate() - dt.timedelta(days=400))
    assert empty["games"] == [] and empty["later"] == circle.night_of(game.created)
    stats = stats_page(circle, "no-such-game")
    assert stats["variant"] is None and [v.key for v in stats["played_variants"]] == ["klaberjass"]
    assert stats_page(circle, "klaberjass")["variant"].key == "klaberjass"

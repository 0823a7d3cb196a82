"""Long games (issue 21): a change to hand k re-scores the hands after it in a number of
statements that does not grow with them (beyond one per UPDATE_BATCH rows), writes only what
moved, and stores exactly what scoring the game from scratch says; a game holds at most
MAX_HANDS hands."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine.game import HandError
from games.models import Circle, Declaration, Game, Hand, HandInProgress
from games.models import rows as row_writes
from games.words import stored_text
from tests.conftest import PLAYERS, hand_post


def long_hand(i: int) -> dict[str, Any]:
    """A Klaberjass hand that varies a little, with a sequence declared (a verdict to keep)."""
    ns = 70 + (i * 7) % 20
    return {
        "dealer": i % 4,
        "caller": i % 4,
        "trump": "SHDC"[i % 4],
        "card_points": [ns, 152 - ns],
        "last_trick": i % 2,
        "declarations": [{"seat": 1, "kind": "sequence", "length": 3, "top": "K", "suit": "D"}],
    }


def long_game(circle: Circle, count: int) -> Game:
    record = {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 10**9},
        "players": PLAYERS,
        "hands": [long_hand(i) for i in range(count)],
    }
    return Game.import_record(circle, record)


def other_facts(i: int = 1) -> dict[str, Any]:
    """Facts for hand 1 that score differently from long_hand(0): every later total moves."""
    return {**long_hand(i), "dealer": 0}


def first(game: Game) -> Hand:
    return game.live_hands().get(number=1)


def statements(change: Any) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        change()
    return [q["sql"] for q in queries]


def changes_of_hand_1(game: Game) -> dict[str, list[str]]:
    """The statements of an edit, a delete and a restore of hand 1."""
    hand = first(game)
    said = {"edit": statements(lambda: game.edit_hand(hand.pk, other_facts(), hand.version, 1))}
    said["delete"] = statements(lambda: game.remove_hand(hand.pk))
    said["restore"] = statements(lambda: game.restore_hand(hand.pk))
    return said


def assert_as_scored_from_scratch(game: Game) -> None:
    """Every live hand's result and declaration verdicts, and the game's, as the engine says
    scoring the whole game from its first hand."""
    game.refresh_from_db()
    stored = list(game.live_hands().prefetch_related("declarations"))
    assert [h.number for h in stored] == list(range(1, len(stored) + 1))
    whole = game.score([h.facts for h in stored])
    for hand, result in zip(stored, whole.hands, strict=True):
        assert (hand.scores, hand.totals, hand.winners, hand.notes, hand.made) == (
            list(result.score.scores),
            list(result.totals),
            list(result.winners),
            [stored_text(note) for note in result.score.notes],
            result.score.made,
        ), hand.number
        verdicts = game.rules.declared(result.hand, result.score)
        rows = sorted(hand.declarations.all(), key=lambda row: row.order)
        assert [(r.points, r.counted, r.reason) for r in rows] == [
            (v.points, v.counted, stored_text(v.reason)) for _, v in verdicts
        ], hand.number
    assert (game.totals, game.winners, game.hand_count) == (
        list(whole.totals),
        list(whole.winners),
        len(stored),
    )


def test_a_change_to_hand_1_takes_as_many_statements_in_300_hands_as_in_30(
    circle: Circle,
) -> None:
    short, long = long_game(circle, 30), long_game(circle, 300)
    assert row_writes.UPDATE_BATCH >= 300  # one statement per batch: one batch here
    said_short, said_long = changes_of_hand_1(short), changes_of_hand_1(long)
    for change in ("edit", "delete", "restore"):
        assert len(said_long[change]) == len(said_short[change]), change


def test_the_statements_grow_only_by_one_per_batch_of_rows(
    circle: Circle, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(row_writes, "UPDATE_BATCH", 50)
    short, long = long_game(circle, 30), long_game(circle, 300)
    said_short, said_long = changes_of_hand_1(short), changes_of_hand_1(long)
    # The later hands' new totals (and numbers), in batches of 50: 299 rows or 29 of them.
    extra = math.ceil(299 / 50) - math.ceil(29 / 50)
    for change in ("edit", "delete", "restore"):
        assert len(said_long[change]) - len(said_short[change]) == extra, change
        writes = [sql for sql in said_long[change] if sql.startswith("WITH v")]
        assert len(writes) >= 6, change


def test_changes_to_hand_1_and_a_middle_hand_store_what_scoring_from_scratch_says(
    circle: Circle,
) -> None:
    game = long_game(circle, 120)
    for number in (1, 60):
        hand = game.live_hands().get(number=number)
        game.edit_hand(hand.pk, other_facts(number), hand.version, number)
        assert_as_scored_from_scratch(game)
        game.remove_hand(hand.pk)
        assert_as_scored_from_scratch(game)
        assert game.hand_count == 119
        game.restore_hand(hand.pk)
        assert_as_scored_from_scratch(game)
        assert game.live_hands().get(number=number).pk == hand.pk
    game.undo_hand(game.live_hands().get(number=120).pk)
    assert_as_scored_from_scratch(game)


def rows_written(said: list[str]) -> int:
    """How many rows the statements of update_rows wrote (one VALUES tuple each)."""
    writes = [sql.split(" UPDATE ")[0] for sql in said if sql.startswith("WITH v")]
    return sum(values.count("), (") + 1 for values in writes)


def test_hands_whose_results_do_not_move_are_not_written(circle: Circle) -> None:
    game = long_game(circle, 40)
    hand = first(game)
    # Another dealer, the same result: no result is written (the hand's own facts are).
    moved = {**long_hand(0), "dealer": 2}
    said = statements(lambda: game.edit_hand(hand.pk, moved, hand.version, 1))
    assert rows_written(said) == 0
    assert first(game).dealer == 2
    # Another suit for the run: hand 1's notes say so, and no later hand moves.
    hand = first(game)
    run = {"seat": 1, "kind": "sequence", "length": 3, "top": "K", "suit": "H"}
    moved = {**moved, "declarations": [run]}
    said = statements(lambda: game.edit_hand(hand.pk, moved, hand.version, 1))
    assert rows_written(said) == 1
    assert "♥" in json.dumps(first(game).notes, ensure_ascii=False)
    assert_as_scored_from_scratch(game)
    # A changed score: every hand after it carries other totals, and only those are written.
    hand = first(game)
    said = statements(lambda: game.edit_hand(hand.pk, other_facts(), hand.version, 1))
    assert rows_written(said) == 40
    # Hand 1's own result in one statement, the 39 later totals in another.
    names = [sql.split(") AS (VALUES")[0] for sql in said if sql.startswith("WITH v")]
    assert len(names) == 2 and 'WITH v ("pk", "totals"' in names, names
    assert_as_scored_from_scratch(game)


def test_a_later_verdict_that_is_wrong_is_written_when_its_hand_moves(circle: Circle) -> None:
    game = long_game(circle, 50)
    row = Declaration.objects.get(hand__game=game, hand__number=40)
    right = (row.points, row.counted, row.reason)
    Declaration.objects.filter(pk=row.pk).update(points=99, counted=not row.counted, reason="")
    hand = first(game)
    game.edit_hand(hand.pk, other_facts(), hand.version, 1)
    row.refresh_from_db()
    assert (row.points, row.counted, row.reason) == right
    assert_as_scored_from_scratch(game)


def test_a_game_holds_at_most_max_hands(
    circle: Circle, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("games.engine.game.MAX_HANDS", 5)
    game = long_game(circle, 5)
    with pytest.raises(HandError) as refused:
        game.record_hand(long_hand(5))
    assert refused.value.number == 6
    assert str(refused.value.message) == "a game holds at most 5 hands: start a new game to play on"
    # A phone's save says so, and stores nothing.
    token = HandInProgress.of(game).token
    url = f"/c/{circle.slug}/g/{game.slug}/hands"
    response = client.post(url, {**hand_post(), "token": token}, HTTP_HX_REQUEST="true")
    assert response.status_code < 500
    assert "a game holds at most 5 hands" in response.content.decode()
    game.refresh_from_db()
    assert game.hand_count == 5 and game.live_hands().count() == 5
    # A removed hand cannot come back into a full game either; below the cap it can.
    removed = first(game)
    game.remove_hand(removed.pk)
    game.record_hand(long_hand(6))
    with pytest.raises(HandError):
        game.restore_hand(removed.pk)
    game.undo_hand(game.live_hands().get(number=5).pk)
    game.restore_hand(removed.pk)
    assert_as_scored_from_scratch(game)
    assert game.hand_count == 5

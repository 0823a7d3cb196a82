"""What the models store, scored hand by hand from each hand's stored state, is what scoring
the whole game from its first hand says, after every kind of change (issue 15)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from tests.conftest import hand_id, klob_hand


def assert_stored_as_scored_from_scratch(game: Game) -> None:
    game.refresh_from_db()
    stored = list(game.live_hands())
    whole = game.score([h.facts for h in stored])
    for hand, result in zip(stored, whole.hands, strict=True):
        assert (hand.scores, hand.totals, hand.winners) == (
            list(result.score.scores),
            list(result.totals),
            list(result.winners),
        )
        assert hand.carried() == result.carried
    assert game.totals == list(whole.totals) and game.winners == list(whole.winners)
    assert game.hand_count == len(stored)
    expected = whole.next_dealer if stored else game.first_dealer
    assert game.next_dealer == expected


def test_records_edits_removals_and_restores_keep_what_a_whole_rescore_says(game: Game) -> None:
    for points in (96, 60, 120, 80, 100):
        game.record_hand(klob_hand(card_points=[points, 152 - points]))
        assert_stored_as_scored_from_scratch(game)
    third = game.live_hands().get(number=3)
    game.edit_hand(third.pk, klob_hand(card_points=[40, 112], dealer=1), third.version)
    assert_stored_as_scored_from_scratch(game)
    game.remove_hand(hand_id(game, 2))
    assert_stored_as_scored_from_scratch(game)
    removed = game.removed_hands().get()
    game.undo_hand(hand_id(game, 4))
    assert_stored_as_scored_from_scratch(game)
    game.restore_hand(removed.pk)
    assert_stored_as_scored_from_scratch(game)
    game.undo_hand(hand_id(game, 4))
    game.undo_hand(hand_id(game, 3))
    assert_stored_as_scored_from_scratch(game)


def test_the_hand_that_ends_the_game_stores_the_winners_and_nothing_follows_it(
    game: Game,
) -> None:
    game.settings = {**game.settings, "target": 150}
    game.save()
    game.record_hand(klob_hand())
    game.record_hand(klob_hand())
    assert_stored_as_scored_from_scratch(game)
    assert game.live_hands().get(number=2).winners == [0] and game.is_finished
    game.undo_hand(hand_id(game, 2))
    assert_stored_as_scored_from_scratch(game)
    assert not game.is_finished


def test_recording_reads_the_newest_hand_and_not_the_earlier_ones(game: Game) -> None:
    for _ in range(4):
        game.record_hand(klob_hand())
    with CaptureQueriesContext(connection) as queries:
        game.record_hand(klob_hand())
    hand_reads = [
        q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"games_hand"' in q["sql"]
    ]
    # The idempotency check looks for a key only when one is given; the newest hand is one row.
    assert all("LIMIT 1" in sql for sql in hand_reads), hand_reads
    assert_stored_as_scored_from_scratch(game)

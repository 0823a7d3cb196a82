"""Game's persistence methods (games/models): each one atomic, each one calling the engine;
what they store, scored hand by hand from each hand's stored state, is what scoring the whole
game from its first hand says, after every kind of change; and the preview, the save of a
new hand and the save of an edit score a hand through one method, Game.scored_with, so what
the preview shows is what the save stores."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.engine import GameScore
from games.engine.game import HandError
from games.models import Bid, Conflict, Declaration, Game, Hand
from games.words import shown_text
from tests.conftest import hand_id, hand_post, klob_hand
from tests.web.helpers import url


def seq(seat: int, length: int, top: str, suit: str) -> dict[str, object]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def test_it_records_a_hand_and_keeps_the_totals(game: Game) -> None:
    game.record_hand(klob_hand())
    assert game.totals == [106, 56] and game.hand_count == 1 and game.next_dealer == 0
    hand = game.hands.get()
    assert hand.scores == [106, 56] and hand.trump == "H" and hand.declarer == 0
    assert [shown_text(n) for n in hand.notes] == ["Ann & Cleo called ♥ and made 106 against 56."]
    assert hand.notes[0]["id"] == "klaberjass.called_and_made"  # kept as data, not English


def test_it_stores_the_winning_call_and_the_declarations_with_verdicts(game: Game) -> None:
    game.record_hand(
        klob_hand(
            dealer=2,
            caller=2,
            trump="C",
            round="bima",
            card_points=[80, 72],
            last_trick=1,
            declarations=[seq(3, 4, "10", "S"), seq(2, 4, "Q", "H"), seq(1, 3, "K", "D")],
        )
    )
    hand = game.hands.get()
    bids = list(Bid.objects.filter(hand=hand))
    assert bids[-1].call == "bima" and bids[-1].seat == 2 and bids[-1].suit == "C"
    assert len(bids) == 8  # four passes, three more, then the dealer on the Bima
    rows = list(Declaration.objects.filter(hand=hand))
    assert [(r.seat, r.counted, r.points) for r in rows] == [
        (3, False, 0),
        (2, True, 50),
        (1, False, 0),
    ]
    assert rows[0].details == {"length": 4, "top": "10", "suit": "S"}
    assert "outranked" in rows[0].reason_text


def test_a_repeated_idempotency_key_records_one_hand(game: Game) -> None:
    first = game.record_hand(klob_hand(), key="abc")
    again = game.record_hand(klob_hand(), key="abc")
    assert first.pk == again.pk and game.hands.count() == 1


def test_a_bad_hand_saves_nothing(game: Game) -> None:
    with pytest.raises(HandError):
        game.record_hand(klob_hand(card_points=[151, 1]))
    game.refresh_from_db()
    assert game.hands.count() == 0 and game.totals == [0, 0] and game.version == 1


def test_editing_a_hand_recomputes_everything_after_it(game: Game) -> None:
    game.record_hand(klob_hand())
    game.record_hand(klob_hand(dealer=0, caller=1, card_points=[88, 64]))
    assert game.totals == [106 + 162, 56]
    game.edit_hand(hand_id(game, 1), klob_hand(card_points=[60, 92]), version=1)
    assert game.hands.get(number=1).scores == [0, 162]
    assert game.hands.get(number=2).totals == [162, 162]
    assert game.totals == [162, 162]


def test_editing_a_stale_version_is_a_conflict(game: Game) -> None:
    game.record_hand(klob_hand())
    game.edit_hand(hand_id(game, 1), klob_hand(card_points=[100, 52]), version=1)
    with pytest.raises(Conflict):
        game.edit_hand(hand_id(game, 1), klob_hand(card_points=[60, 92]), version=1)
    assert game.hands.get().facts["card_points"] == [100, 52]


def test_an_edit_updates_stored_declaration_verdicts(game: Game) -> None:
    game.record_hand(klob_hand(declarations=[seq(0, 3, "9", "S")]))
    both = [seq(0, 3, "9", "S"), seq(1, 4, "A", "D")]
    game.edit_hand(hand_id(game, 1), klob_hand(declarations=both), 1)
    rows = list(Declaration.objects.filter(hand__game=game))
    assert [(r.seat, r.counted) for r in rows] == [(0, False), (1, True)]


def test_undo_removes_the_last_hand(game: Game) -> None:
    game.record_hand(klob_hand())
    last = game.record_hand(klob_hand(dealer=0))
    game.undo_hand(last.pk)
    assert game.hand_count == 1 and game.totals == [106, 56] and game.next_dealer == 0


def test_delete_renumbers_and_recomputes(game: Game) -> None:
    for dealer in (3, 0, 1):
        game.record_hand(klob_hand(dealer=dealer))
    game.remove_hand(hand_id(game, 1))
    assert list(game.live_hands().values_list("number", "dealer")) == [(1, 0), (2, 1)]
    assert game.totals == [212, 112]


def test_the_game_finishes_and_unfinishes(game: Game) -> None:
    for _ in range(5):
        last = game.record_hand(klob_hand())
    assert game.is_finished and game.winners == [0] and game.finished is not None
    with pytest.raises(HandError):
        game.record_hand(klob_hand())
    game.undo_hand(last.pk)
    assert not game.is_finished and game.finished is None


def test_export_and_import_give_the_same_scores(game: Game) -> None:
    game.record_hand(klob_hand())
    game.record_hand(
        klob_hand(
            dealer=0, caller=1, card_points=[88, 64], declarations=[{"seat": 3, "kind": "bella"}]
        )
    )
    copy = Game.import_record(game.circle, game.export(), as_copy=True)
    assert copy.totals == game.totals and copy.hand_count == 2
    assert copy.player_names() == game.player_names()
    assert copy.export() == game.export()


def test_a_broken_import_leaves_nothing(game: Game) -> None:
    record = game.export()
    record["hands"] = [klob_hand(card_points=[1, 151])]
    before = Game.objects.count()
    with pytest.raises(HandError):
        Game.import_record(game.circle, record)
    assert Game.objects.count() == before and Hand.objects.count() == 0


def test_slugs_carry_128_random_bits(game: Game) -> None:
    assert len(game.slug) >= 22 and len(game.watch_slug) >= 22 and len(game.circle.slug) >= 22
    assert game.slug != game.watch_slug


def test_recompute_applies_a_changed_house_rule_to_every_hand(game: Game) -> None:
    game.record_hand(klob_hand(card_points=[71, 81], dealer=1, caller=2))  # a tie
    assert game.totals == [0, 162]
    game.settings = {**game.settings, "tie_rule": "half"}
    game.save()
    game.recompute()
    assert game.totals == [0, 81] and game.hands.get().scores == [0, 81]


# --- Stored as scoring from scratch says ----------------------------------------------


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


# --- One way to score -----------------------------------------------------------------


@pytest.fixture
def scorings(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Each call of Game.scored_with: the hand's number and how many later hands followed."""
    calls: list[tuple[int, int]] = []
    original = Game.scored_with

    def spy(game: Game, facts: Any, number: int, later: Any = ()) -> GameScore:
        calls.append((number, len(later)))
        return original(game, facts, number, later)

    monkeypatch.setattr(Game, "scored_with", spy)
    return calls


def test_the_preview_and_the_save_score_alike(
    client: Client, game: Game, scorings: list[tuple[int, int]]
) -> None:
    game.record_hand(klob_hand())
    posted = hand_post(points_0=60, points_1=92)
    preview = client.post(url("hand_preview", game), posted).content.decode()
    assert scorings == [(1, 0), (2, 0)]
    client.post(url("hand_record", game), {**posted, "token": ""})
    assert scorings[-1] == (2, 0)
    saved = game.live_hands().get(number=2)
    for score in saved.scores:
        assert f"+{score}" in preview
    assert game.hands.count() == 2


def test_an_edit_scores_the_hand_and_the_later_ones(
    client: Client, game: Game, scorings: list[tuple[int, int]]
) -> None:
    for _ in range(3):
        game.record_hand(klob_hand())
    del scorings[:]
    edited = hand_post(points_0=60, points_1=92, version=1, number=2)
    client.post(url("hand_preview", game), edited)
    client.post(url("hand_edit", game, hand_id(game, 2)), edited)
    assert scorings == [(2, 0), (2, 1)]
    game.refresh_from_db()
    assert game.live_hands().get(number=2).scores == [0, 162]


def test_a_hand_keeps_nothing_between_scoring_and_storing() -> None:
    # The scored hand's declarations are passed to the rows that store them.
    assert not hasattr(Hand, "_declared")

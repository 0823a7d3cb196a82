"""Game's persistence methods: each one atomic, each one calling the engine."""

from __future__ import annotations

import pytest

from games.engine.game import HandError
from games.models import Bid, Conflict, Declaration, Game, Hand
from games.words import shown_text
from tests.conftest import hand_id, klob_hand


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

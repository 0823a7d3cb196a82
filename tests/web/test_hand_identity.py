"""Hands are named by identity: changes based on a stale view are refused, removals are kept.

Each test has a second phone act in between, as at a real table.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.engine.game import HandError
from games.models import Conflict, Game
from tests.conftest import hand_post, klob_hand
from tests.web.helpers import HTMX, url


def five_hands(game: Game) -> list[int]:
    """Five hands with different card points, so each is recognisable; their identities."""
    return [
        game.record_hand(klob_hand(dealer=(3 + i) % 4, card_points=[90 + i, 62 - i])).pk
        for i in range(5)
    ]


def points(game: Game) -> list[list[int]]:
    return [h.facts["card_points"] for h in game.live_hands()]


class TestTheModel:
    def test_an_edit_after_an_earlier_hand_was_deleted_is_refused(self, game: Game) -> None:
        ids = five_hands(game)
        # Phone X opened hand 5 (version 1); phone Y deletes hand 2; X saves.
        game.remove_hand(ids[1])
        with pytest.raises(Conflict) as refused:
            game.edit_hand(ids[4], klob_hand(dealer=3, card_points=[0, 152]), 1, number=5)
        assert refused.value.hand is not None and refused.value.hand.number == 4
        assert "hand 5 is now hand 4" in refused.value.message
        assert points(game) == [[90, 62], [92, 60], [93, 59], [94, 58]]

    def test_an_edit_by_identity_never_lands_on_another_hand(self, game: Game) -> None:
        ids = five_hands(game)
        game.remove_hand(ids[1])
        moved = game.hands.get(pk=ids[4])
        game.edit_hand(ids[4], klob_hand(dealer=3, card_points=[0, 152]), moved.version)
        assert points(game) == [[90, 62], [92, 60], [93, 59], [0, 152]]

    def test_a_stale_delete_removes_nothing(self, game: Game) -> None:
        ids = five_hands(game)
        game.remove_hand(ids[1])
        with pytest.raises(Conflict):
            game.remove_hand(ids[4], version=1, number=5)
        assert game.hand_count == 4

    def test_the_same_delete_twice_removes_one_hand(self, game: Game) -> None:
        ids = five_hands(game)
        assert game.remove_hand(ids[1], version=1, number=2) is not None
        assert game.remove_hand(ids[1], version=1, number=2) is None
        assert game.hand_count == 4 and points(game)[1] == [92, 60]

    def test_an_undo_after_another_phones_save_is_refused(self, game: Game) -> None:
        mine = game.record_hand(klob_hand())
        theirs = game.record_hand(klob_hand(dealer=0, card_points=[80, 72]))
        with pytest.raises(Conflict) as refused:
            game.undo_hand(mine.pk)
        assert refused.value.hand == theirs
        assert "no longer the newest" in refused.value.message
        assert game.hand_count == 2

    def test_an_undo_sent_twice_removes_one_hand(self, game: Game) -> None:
        game.record_hand(klob_hand())
        last = game.record_hand(klob_hand(dealer=0))
        assert game.undo_hand(last.pk) is not None
        assert game.undo_hand(last.pk) is None
        assert game.hand_count == 1

    def test_a_removed_hand_is_kept_and_restored_in_its_place(self, game: Game) -> None:
        ids = five_hands(game)
        totals = list(game.totals)
        game.remove_hand(ids[1])
        assert [h.pk for h in game.removed_hands()] == [ids[1]]
        restored = game.restore_hand(ids[1])
        assert restored.number == 2
        assert [h.pk for h in game.live_hands()] == ids
        assert game.totals == totals and not game.removed_hands().exists()

    def test_a_restored_undo_goes_back_at_the_end(self, game: Game) -> None:
        ids = five_hands(game)
        game.undo_hand(ids[4])
        game.restore_hand(ids[4])
        assert [h.pk for h in game.live_hands()] == ids

    def test_a_restore_that_no_longer_fits_changes_nothing(self, game: Game) -> None:
        first = game.record_hand(klob_hand())
        game.undo_hand(first.pk)
        for _ in range(5):
            game.record_hand(klob_hand())
        assert game.is_finished
        with pytest.raises(HandError):
            game.restore_hand(first.pk)
        assert game.hand_count == 5 and game.removed_hands().count() == 1

    def test_moving_a_hand_makes_it_a_new_version(self, game: Game) -> None:
        ids = five_hands(game)
        game.remove_hand(ids[0])
        assert game.hands.get(pk=ids[4]).version == 2
        assert game.hands.get(pk=ids[0]).version == 1


class TestThePhones:
    def test_a_stale_edit_from_the_page_shows_the_hand_as_it_is_now(
        self, client: Client, game: Game
    ) -> None:
        ids = five_hands(game)
        form = client.get(url("hand_edit", game, ids[4])).content.decode()
        assert 'name="number" value="5"' in form
        client.post(url("hand_delete", game, ids[1]), {"version": "1", "number": "2"})
        data = hand_post(dealer=3, points_0=0, points_1=152, version=1, number=5)
        response = client.post(url("hand_edit", game, ids[4]), data)
        page = response.content.decode()
        assert response.status_code == 409
        assert "hand 5 is now hand 4" in page and "save again" in page
        assert 'value="0"' in page  # what this phone typed is kept
        assert points(game)[3] == [94, 58]
        # Saving again, now based on the hand as it is, applies the change to the same hand.
        again = hand_post(dealer=3, points_0=0, points_1=152, version=2, number=4)
        assert client.post(url("hand_edit", game, ids[4]), again).status_code == 302
        assert points(game)[3] == [0, 152]

    def test_a_stale_delete_from_the_page_is_refused(self, client: Client, game: Game) -> None:
        ids = five_hands(game)
        client.post(url("hand_delete", game, ids[1]), {"version": "1", "number": "2"})
        response = client.post(url("hand_delete", game, ids[4]), {"version": "1", "number": "5"})
        assert response.status_code == 409 and b"is now hand 4" in response.content
        assert game.live_hands().count() == 4

    def test_a_delete_sent_twice_removes_one_hand(self, client: Client, game: Game) -> None:
        ids = five_hands(game)
        data = {"version": "1", "number": "2"}
        assert client.post(url("hand_delete", game, ids[1]), data, **HTMX).status_code == 200
        again = client.post(url("hand_delete", game, ids[1]), data, **HTMX)
        assert again.status_code == 200 and b"already removed" in again.content
        assert game.live_hands().count() == 4

    def test_undo_names_the_hand_it_removes(self, client: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        page = client.get(url("game", game)).content.decode()
        assert "Undo hand 1: Ann ♥ +106" in page

    def test_an_undo_that_lands_after_another_save_is_refused(
        self, client: Client, game: Game
    ) -> None:
        mine = game.record_hand(klob_hand())
        game.record_hand(klob_hand(dealer=0, caller=1, card_points=[60, 92]))
        response = client.post(url("hand_undo", game, mine.pk), **HTMX)
        page = response.content.decode()
        assert response.status_code == 409
        assert "no longer the newest" in page and "Ben ♥" in page
        assert game.live_hands().count() == 2

    def test_a_removed_hand_offers_restore_and_comes_back(self, client: Client, game: Game) -> None:
        ids = five_hands(game)
        page = client.post(
            url("hand_delete", game, ids[2]), {"version": "1", "number": "3"}, **HTMX
        ).content.decode()
        assert "Hand 3 removed" in page and "Restore it" in page
        assert url("hand_restore", game, ids[2]) in page
        later = client.get(url("game", game)).content.decode()
        assert "Removed hands (1)" in later
        back = client.post(url("hand_restore", game, ids[2]), **HTMX)
        assert back.status_code == 200 and b"Hand 3 is back" in back.content
        assert [h.pk for h in game.live_hands()] == ids

    def test_editing_a_removed_hand_says_so(self, client: Client, game: Game) -> None:
        ids = five_hands(game)
        game.remove_hand(ids[0])
        response = client.get(url("hand_edit", game, ids[0]))
        assert response.status_code == 409 and b"Hand 1 was removed" in response.content

    def test_another_games_hand_is_404(self, client: Client, game: Game) -> None:
        other = Game.create(game.circle, "klaberjass", ["A", "B", "C", "D"])
        theirs = other.record_hand(klob_hand())
        assert client.get(url("hand_edit", game, theirs.pk)).status_code == 404
        assert client.post(url("hand_delete", game, theirs.pk)).status_code == 404
        assert client.post(url("hand_restore", game, theirs.pk)).status_code == 404
        assert other.live_hands().count() == 1

    def test_a_hand_id_longer_than_the_column_is_404(self, client: Client, game: Game) -> None:
        path = url("game", game) + "hands/" + "9" * 40 + "/edit"
        assert client.get(path).status_code == 404

"""Every answer to a change of hands is the game as it is after that change's transaction.

A request reads the game, then waits for the game's row lock while another phone's change
commits. Each test puts that other phone's change exactly there (between the read and the
lock), and checks that the answer opens the hand that is really next, on the hand in
progress's current token, so a phone (or its offline outbox) sending the next hand on that
answer's token is never refused for a hand it did not cross.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from django.test import Client

from games.models import Game, Hand, HandInProgress
from tests.conftest import hand_post
from tests.web.helpers import HTMX, url


@contextmanager
def another_phone_first(change: str, act: Callable[[], object]) -> Iterator[None]:
    """Runs `act` (another phone's change, committed) after this request read the game and
    before its own change (`change`, a Game method) begins its transaction and takes the
    game's row lock: the moment two crossing requests meet."""
    real = getattr(Game, change)
    done: list[bool] = []

    def crossed(self: Game, *args: Any, **kwargs: Any) -> Any:
        if not done:
            done.append(True)
            act()
        return real(self, *args, **kwargs)

    with patch.object(Game, change, crossed):
        yield
    assert done, f"the request called Game.{change}"


def other_phone_saves(game: Game, key: str, points: int = 90) -> Callable[[], object]:
    def act() -> object:
        fresh = Game.objects.get(pk=game.pk)
        token = HandInProgress.of(fresh).token
        facts = {"dealer": 3, "caller": 1, "trump": "S", "card_points": [points, 152 - points]}
        return fresh.record_hand({**facts, "last_trick": 1}, key=key, token=token)

    return act


def save(game: Game, key: str) -> Hand:
    return other_phone_saves(game, key)()  # type: ignore[return-value]


def opens(answer: Any) -> tuple[str, str]:
    """The hand the answer's next-hand form opens ("Hand 3") and the token it carries."""
    page = answer.content.decode()
    form = re.search(r'<section id="hand-form"[^>]*data-token="([0-9a-f]+)"', page)
    heading = re.search(r'<section id="hand-form".*?<h2>([^<]+)</h2>', page, re.S)
    assert form and heading, "the answer opens a next-hand form"
    return heading.group(1).strip(), form.group(1)


def current(game: Game) -> tuple[str, str]:
    game.refresh_from_db()
    return f"Hand {game.hand_count + 1}", HandInProgress.of(game).token


class TestSaves:
    def test_a_save_and_its_replay_crossing_both_open_the_next_hand(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        data = {**hand_post(), "token": token, "key": "same"}

        def first_copy_lands() -> None:
            client_answer = Client().post(url("hand_record", game), data, **HTMX)
            assert client_answer.status_code == 200

        with another_phone_first("record_hand", first_copy_lands):
            replay = client.post(url("hand_record", game), data, **HTMX)
        assert replay.status_code == 200
        assert "Hand 1 saved: Ann ♥ +106." in replay.content.decode()
        assert opens(replay) == current(game) == ("Hand 2", opens(replay)[1])
        assert game.live_hands().count() == 1

    def test_a_late_save_is_refused_and_opens_the_hand_after_the_one_saved(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        with another_phone_first("record_hand", other_phone_saves(game, "theirs")):
            late = client.post(url("hand_record", game), {**hand_post(), "token": token}, **HTMX)
        assert late.status_code == 409
        assert "Another phone just saved hand 1" in late.content.decode()
        assert opens(late) == current(game)
        assert opens(late)[0] == "Hand 2" and opens(late)[1] != token

    def test_a_save_that_follows_another_phones_opens_the_hand_after_both(
        self, client: Client, game: Game
    ) -> None:
        save(game, "first")
        token = HandInProgress.of(game).token
        data = {**hand_post(), "token": token, "key": "mine"}
        with another_phone_first("record_hand", lambda: None):
            saved = client.post(url("hand_record", game), data, **HTMX)
        assert saved.status_code == 200 and opens(saved) == current(game)
        assert opens(saved)[0] == "Hand 3"

    def test_a_save_sent_again_after_it_was_undone_says_so_and_adds_nothing(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        data = {**hand_post(), "token": token, "key": "k"}
        client.post(url("hand_record", game), data, **HTMX)
        hand = game.live_hands().get()
        client.post(url("hand_undo", game, hand.pk), **HTMX)
        again = client.post(url("hand_record", game), data, **HTMX)
        page = again.content.decode()
        assert again.status_code == 409
        assert "Hand None" not in page
        assert "This hand was saved as hand 1 and has since been removed: Ann ♥ +106." in page
        assert url("hand_restore", game, hand.pk) in page
        assert game.live_hands().count() == 0 and opens(again) == current(game)

    def test_without_script_a_replay_after_an_undo_is_refused_on_the_page(
        self, client: Client, game: Game
    ) -> None:
        data = {**hand_post(), "token": HandInProgress.of(game).token, "key": "k"}
        client.post(url("hand_record", game), data)
        client.post(url("hand_undo", game, game.hands.get().pk))
        again = client.post(url("hand_record", game), data)
        assert again.status_code == 409 and "has since been removed" in again.content.decode()
        assert game.live_hands().count() == 0


class TestChangesToSavedHands:
    def test_an_undo_refused_by_a_crossing_save_opens_the_hand_after_it(
        self, client: Client, game: Game
    ) -> None:
        mine = save(game, "mine")
        with another_phone_first("undo_hand", other_phone_saves(game, "theirs")):
            refused = client.post(url("hand_undo", game, mine.pk), **HTMX)
        assert refused.status_code == 409 and "no longer the newest" in refused.content.decode()
        assert opens(refused) == current(game) and opens(refused)[0] == "Hand 3"

    def test_an_undo_that_crossed_a_save_of_the_next_hand_shows_the_game_after_both(
        self, client: Client, game: Game
    ) -> None:
        save(game, "one")
        newest = save(game, "two")

        def other_phone_undoes() -> None:
            Game.objects.get(pk=game.pk).undo_hand(newest.pk)

        with another_phone_first("undo_hand", other_phone_undoes):
            again = client.post(url("hand_undo", game, newest.pk), **HTMX)
        assert again.status_code == 200
        assert "already removed" in again.content.decode()
        assert opens(again) == current(game) and opens(again)[0] == "Hand 2"

    def test_an_edit_that_crossed_a_save_opens_the_hand_after_it(
        self, client: Client, game: Game
    ) -> None:
        first = save(game, "one")
        data = {**hand_post(points_0="100", points_1="52"), "version": str(first.version)}
        data["number"] = "1"
        with another_phone_first("edit_hand", other_phone_saves(game, "two")):
            edited = client.post(url("hand_edit", game, first.pk), data, **HTMX)
        assert edited.status_code == 200
        assert opens(edited) == current(game) and opens(edited)[0] == "Hand 3"

    def test_an_edit_refused_by_a_crossing_edit_shows_the_hand_as_it_now_is(
        self, client: Client, game: Game
    ) -> None:
        first = save(game, "one")
        data = {**hand_post(points_0="100", points_1="52"), "version": str(first.version)}

        def other_phone_edits() -> None:
            fresh = Game.objects.get(pk=game.pk)
            facts = {**first.facts, "card_points": [80, 72]}
            fresh.edit_hand(first.pk, facts, first.version)

        with another_phone_first("edit_hand", other_phone_edits):
            refused = client.post(url("hand_edit", game, first.pk), data, **HTMX)
        assert refused.status_code == 409
        first.refresh_from_db()
        assert f'name="version" value="{first.version}"' in refused.content.decode()

    def test_a_delete_that_crossed_a_save_opens_the_hand_after_it(
        self, client: Client, game: Game
    ) -> None:
        first = save(game, "one")
        data = {"version": str(first.version), "number": "1"}
        with another_phone_first("remove_hand", other_phone_saves(game, "two")):
            removed = client.post(url("hand_delete", game, first.pk), data, **HTMX)
        assert removed.status_code == 200 and "Hand 1 removed" in removed.content.decode()
        assert opens(removed) == current(game) and opens(removed)[0] == "Hand 2"

    def test_a_restore_that_crossed_a_save_opens_the_hand_after_both(
        self, client: Client, game: Game
    ) -> None:
        first = save(game, "one")
        Game.objects.get(pk=game.pk).undo_hand(first.pk)
        with another_phone_first("restore_hand", other_phone_saves(game, "two")):
            back = client.post(url("hand_restore", game, first.pk), **HTMX)
        assert back.status_code == 200 and "Hand 1 is back" in back.content.decode()
        assert opens(back) == current(game) and opens(back)[0] == "Hand 3"


class TestChangesToTheHandInProgress:
    @pytest.mark.parametrize(
        ("value", "message"),
        [
            ("1\x00", "holds a character that cannot be typed"),
            ("1\x1b", "holds a character that cannot be typed"),
            ("9" * 500, "is too long"),
        ],
    )
    def test_a_bad_value_is_refused_naming_the_field_as_the_table_calls_it(
        self, client: Client, game: Game, value: str, message: str
    ) -> None:
        token = HandInProgress.of(game).token
        answer = client.post(url("hand_progress", game), {"token": token, "points_0": value})
        error = answer.json()["error"]
        assert answer.status_code == 400 and message in error
        assert "points_0" not in error
        assert HandInProgress.of(game).fields == {}

    def test_a_value_that_is_no_choice_names_the_field_not_its_id(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        answer = client.post(url("hand_progress", game), {"token": token, "trump": "X"})
        assert answer.status_code == 400 and "trump" not in answer.json()["error"].split(" for ")[1]

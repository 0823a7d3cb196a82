"""Undo that corrects (issue 23, item 4).

Undo puts the hand it takes back into the hand in progress, in its own transaction, as the
hand form shows a stored hand (`initial_from`): every phone's form shows it filled, and a
mis-tap is fixed by changing one field and saving again. A hand in progress another phone
has started is never overwritten: the undo says it was kept and offers the Restore.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.forms import HAND_FORMS
from games.models import Circle, Game, HandInProgress
from games.pages.game_page import hand_form
from tests.conftest import hand_post, klob_hand
from tests.web.test_answers_after_the_lock import another_phone_first, other_phone_saves

HTMX = {"HTTP_HX_REQUEST": "true"}
RECORDS = sorted((Path(__file__).resolve().parents[1] / "records").glob("*.json"))


def url(name: str, game: Game, *args: Any) -> str:
    return reverse(name, args=[game.circle.slug, game.slug, *args])


def two_hands(game: Game) -> Any:
    game.record_hand(klob_hand())
    # The mis-tap: North–South's 69 typed as 96.
    return game.record_hand(klob_hand(dealer=0, caller=1, trump="S", card_points=[96, 56]))


def progress(game: Game) -> HandInProgress:
    return HandInProgress.objects.get(game=game)


def undo(client: Client, game: Game, hand_pk: int) -> Any:
    return client.post(url("hand_undo", game, hand_pk), **HTMX)


def shown_fields(answer: Any) -> dict[str, str]:
    """The hand in progress as the answer tells every phone's script."""
    found = re.search(r'id="progress-state"[^>]*data-fields="([^"]*)"', answer.content.decode())
    assert found, "the answer carries the hand in progress"
    return dict(json.loads(html.unescape(found.group(1))))


class TestTheFormIsFilled:
    def test_undo_puts_the_hand_back_into_the_hand_in_progress(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        answer = undo(client, game, mistaken.pk)
        assert answer.status_code == 200
        expected = {
            "dealer": "0",
            "caller": "1",
            "trump": "S",
            "points_0": "96",
            "points_1": "56",
            "last_trick": "0",
        }
        assert progress(game).fields == expected
        # This phone's answer, rendered after the undo's transaction, shows it filled.
        assert shown_fields(answer) == expected
        form = answer.context["form"]
        assert {name: form[name].value() for name in expected} == expected
        assert 'value="96"' in answer.content.decode()
        game.refresh_from_db()
        assert game.hand_count == 1

    def test_the_answer_says_it_is_in_the_form_and_offers_the_restore(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        page = html.unescape(undo(client, game, mistaken.pk).content.decode())
        assert "Hand 2 taken back" in page
        assert "correct it and save it again" in page
        assert url("hand_restore", game, mistaken.pk) in page

    def test_another_phone_gets_the_filled_form_with_its_next_poll(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        game.refresh_from_db()
        token, version, seen = progress(game).token, progress(game).version, game.version
        undo(Client(), game, mistaken.pk)
        poll = client.get(url("game_live", game), {"v": seen, "d": version, "t": token}, **HTMX)
        assert poll.status_code == 200
        assert shown_fields(poll)["points_0"] == "96"
        # The same hand in progress (its token): the other phone's form is filled in place,
        # not replaced as if a hand had been saved.
        assert f'data-token="{token}"' in poll.content.decode()
        assert progress(game).token == token

    def test_changing_one_field_and_saving_again_corrects_the_hand(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        undo(client, game, mistaken.pk)
        filled = progress(game)
        corrected = {**filled.fields, "points_0": "69", "points_1": "83"}
        saved = client.post(url("hand_record", game), {**corrected, "token": filled.token}, **HTMX)
        assert saved.status_code == 200
        game.refresh_from_db()
        assert game.hand_count == 2
        assert game.live_hands().get(number=2).facts["card_points"] == [69, 83]
        assert progress(game).fields == {}  # the next hand starts empty again

    def test_undoing_without_script_fills_the_page_form_too(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        answer = client.post(url("hand_undo", game, mistaken.pk))
        assert answer.status_code == 200
        assert answer.context["form"]["points_0"].value() == "96"


class TestAnotherPhoneHadStarted:
    def test_a_started_hand_in_progress_is_kept_and_the_undo_says_so(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        started = progress(game)
        assert started.change(started.token, {"dealer": "1", "caller": "2"})
        answer = undo(client, game, mistaken.pk)
        assert answer.status_code == 200
        assert progress(game).fields == {"dealer": "1", "caller": "2"}
        page = html.unescape(answer.content.decode())
        assert "Another phone had started entering the next hand, so that was kept" in page
        assert url("hand_restore", game, mistaken.pk) in page
        game.refresh_from_db()
        assert game.hand_count == 1  # the hand was taken back all the same

    def test_a_tap_landing_between_this_phones_read_and_its_lock_is_kept(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)

        def other_phone_taps() -> None:
            current = progress(game)
            assert current.change(current.token, {"trump": "C"})

        with another_phone_first("undo_hand", other_phone_taps):
            answer = undo(client, game, mistaken.pk)
        assert progress(game).fields == {"trump": "C"}
        assert shown_fields(answer) == {"trump": "C"}
        assert "so that was kept" in html.unescape(answer.content.decode())

    def test_a_save_landing_between_this_phones_read_and_its_lock_refuses_the_undo(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        with another_phone_first("undo_hand", other_phone_saves(game, "theirs", points=80)):
            answer = undo(client, game, mistaken.pk)
        assert answer.status_code == 409
        game.refresh_from_db()
        assert game.hand_count == 3
        assert progress(game).fields == {}  # nothing taken back, nothing put in the form

    def test_a_tap_sent_just_after_the_undo_joins_the_filled_hand(
        self, client: Client, game: Game
    ) -> None:
        """A phone whose tap was on its way when the undo landed: its tap is merged into the
        filled hand (the same hand in progress), never lost."""
        mistaken = two_hands(game)
        token = progress(game).token
        undo(client, game, mistaken.pk)
        tapped = Client().post(url("hand_progress", game), {"token": token, "last_trick": "1"})
        assert json.loads(tapped.content)["accepted"] is True
        assert progress(game).fields["last_trick"] == "1"
        assert progress(game).fields["points_0"] == "96"


class TestRestoreAfterUndo:
    def test_restoring_the_untouched_hand_empties_the_form_again(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        undo(client, game, mistaken.pk)
        client.post(url("hand_restore", game, mistaken.pk), **HTMX)
        game.refresh_from_db()
        assert game.hand_count == 2
        # Otherwise one more Save would store the same hand twice.
        assert progress(game).fields == {}

    def test_restoring_keeps_a_form_that_was_changed_since(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        undo(client, game, mistaken.pk)
        filled = progress(game)
        assert filled.change(filled.token, {"points_0": "69", "points_1": "83"})
        client.post(url("hand_restore", game, mistaken.pk), **HTMX)
        assert progress(game).fields["points_0"] == "69"

    def test_an_undo_of_a_hand_already_taken_back_changes_nothing(
        self, client: Client, game: Game
    ) -> None:
        mistaken = two_hands(game)
        undo(client, game, mistaken.pk)
        filled = progress(game)
        assert filled.change(filled.token, {"points_0": "69"})
        version = progress(game).version
        again = undo(Client(), game, mistaken.pk)
        assert "already removed" in html.unescape(again.content.decode())
        assert progress(game).version == version and progress(game).fields["points_0"] == "69"

    def test_a_replayed_save_of_the_undone_hand_still_adds_nothing(
        self, client: Client, game: Game
    ) -> None:
        game.record_hand(klob_hand())
        token = HandInProgress.of(game).token
        sent = {**hand_post(dealer=0, caller=1), "key": "k-1", "token": token}
        client.post(url("hand_record", game), sent, **HTMX)
        undo(client, game, game.live_hands().get(number=2).pk)
        replay = client.post(url("hand_record", game), sent, **HTMX)
        assert replay.status_code == 409
        game.refresh_from_db()
        assert game.hand_count == 1


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_games_hands_come_back_into_the_form_as_they_were_saved(
    circle: Circle, path: Path
) -> None:
    """For every game, each stored hand put back into the hand in progress is the form a
    phone would have filled in: posted as it is, it gives the same facts."""
    game = Game.import_record(circle, json.loads(path.read_text()))
    names = game.player_names()
    for stored in game.live_hands():
        typed = hand_form(game, names).typed_from(stored.facts)
        data = dict(typed)
        outcome = HAND_FORMS[game.variant].initial_from(stored.facts).get("outcome")
        if outcome:
            data["outcome"] = outcome  # the button the hand was saved with
        form = hand_form(game, names, data)
        assert form.is_valid(), (path.stem, stored.number, form.errors)
        read = game.rules.hand(form.facts(), game.engine_settings(), names).to_dict()
        if stored.facts.get("outcome", "played") == "played":
            assert read == stored.facts, (path.stem, stored.number)
        # A deal not played may be written another way (a passed coinche deal's four passes
        # typed as its auction): it scores the same.
        again = game.scored_with(form.facts(), stored.number).hands[0].score
        assert list(again.scores) == stored.scores, (path.stem, stored.number)
        assert all(isinstance(value, str) and value for value in typed.values())

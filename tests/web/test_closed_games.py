"""A removed or abandoned game is closed to changes: its stored hands cannot be edited,
deleted, undone or restored, its hand in progress takes no change, and its page is read-only,
saying why and offering what reopens it (Restore, or Resume). A removed game offers no
rematch. Abandoning is taken back by Resume. Each refusal is decided under the game's row
lock and answered from the game read after it; two phones crossing (the other phone's change
put between a request's read and its lock) are refused naming what happened."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game, Hand, HandInProgress
from tests.conftest import PLAYERS, hand_post, klob_hand
from tests.web.helpers import HTMX, url
from tests.web.test_answers_after_the_lock import another_phone_first, opens
from tests.web.test_game_fixes import finished, rules_post, seats_post

REMOVED = "This game was removed: restore it to change its hands. Nothing was changed."
ABANDONED = "This game was abandoned: resume it to change its hands. Nothing was changed."
SAID = {"removed": REMOVED, "abandoned": ABANDONED}


def close(game: Game, how: str) -> None:
    """Another phone removes or abandons the game (committed)."""
    other = Game.objects.get(pk=game.pk)
    if how == "removed":
        other.remove()
    else:
        other.abandon()


def closing(game: Game, how: str) -> Callable[[], None]:
    return lambda: close(game, how)


def two_hands(game: Game) -> tuple[Hand, Hand]:
    first = game.record_hand(klob_hand())
    second = game.record_hand(klob_hand(dealer=0, card_points=[60, 92]))
    return first, second


def state(game: Game) -> tuple[Any, ...]:
    """Everything a change to the hands would move."""
    game.refresh_from_db()
    hands = list(game.hands.order_by("pk").values_list("pk", "number", "version", "facts"))
    return game.version, game.totals, game.hand_count, hands, HandInProgress.of(game).fields


def edit_data(hand: Hand) -> dict[str, str]:
    return {
        **hand_post(points_0="100", points_1="52"),
        "version": str(hand.version),
        "number": str(hand.number),
    }


CLOSED = pytest.mark.parametrize("how", ["removed", "abandoned"])


# -- each change to a closed game's hands is refused, saying why --------------------------


@CLOSED
class TestEveryChangeIsRefused:
    def test_an_edit_is_refused_and_changes_nothing(
        self, client: Client, game: Game, how: str
    ) -> None:
        first, _second = two_hands(game)
        close(game, how)
        before = state(game)
        answer = client.post(url("hand_edit", game, first.pk), edit_data(first), **HTMX)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_a_delete_is_refused_and_changes_nothing(
        self, client: Client, game: Game, how: str
    ) -> None:
        first, _second = two_hands(game)
        close(game, how)
        before = state(game)
        data = {"version": str(first.version), "number": "1"}
        answer = client.post(url("hand_delete", game, first.pk), data, **HTMX)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_an_undo_is_refused_and_changes_nothing(
        self, client: Client, game: Game, how: str
    ) -> None:
        _first, second = two_hands(game)
        close(game, how)
        before = state(game)
        answer = client.post(url("hand_undo", game, second.pk), **HTMX)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_a_restore_of_a_removed_hand_is_refused_and_changes_nothing(
        self, client: Client, game: Game, how: str
    ) -> None:
        _first, second = two_hands(game)
        game.undo_hand(second.pk)
        close(game, how)
        before = state(game)
        answer = client.post(url("hand_restore", game, second.pk), **HTMX)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_a_change_to_the_hand_in_progress_is_refused_and_changes_nothing(
        self, client: Client, game: Game, how: str
    ) -> None:
        token = HandInProgress.of(game).token
        client.post(url("hand_progress", game), {"token": token, "caller": "1"})
        close(game, how)
        before = state(game)
        answer = client.post(url("hand_progress", game), {"token": token, "points_0": "80"})
        assert answer.status_code == 409
        assert answer.json()["error"] == SAID[how] and answer.json()["accepted"] is False
        assert answer.json()["fields"] == {"caller": "1"}
        assert state(game) == before

    def test_the_declarations_helper_puts_nothing_into_its_hand(
        self, client: Client, game: Game, how: str
    ) -> None:
        close(game, how)
        helper = client.get(reverse("declarations", args=[game.circle.slug]), {"game": game.slug})
        assert helper.status_code == 200 and "Use in this hand" not in helper.content.decode()
        before = state(game)
        answer = client.post(url("declarations_use", game), {"dealer": "2", "trump": "S"})
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_its_rules_and_seats_cannot_be_changed(
        self, client: Client, game: Game, how: str
    ) -> None:
        game.record_hand(klob_hand())
        close(game, how)
        before = state(game)
        data = {**rules_post(game, "save", target="300"), "version": str(game.version)}
        data["checked"] = client.post(
            url("game_rules", game), rules_post(game, target="300")
        ).context["checked"]
        answer = client.post(url("game_rules", game), data)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        swapped = [PLAYERS[1], PLAYERS[0], *PLAYERS[2:]]
        data = {**seats_post(swapped, "save"), "version": str(game.version)}
        data["checked"] = client.post(url("game_players", game), seats_post(swapped)).context[
            "checked"
        ]
        answer = client.post(url("game_players", game), data)
        assert answer.status_code == 409 and SAID[how] in answer.content.decode()
        assert state(game) == before

    def test_its_edit_and_delete_pages_say_why_and_offer_no_form(
        self, client: Client, game: Game, how: str
    ) -> None:
        first, _second = two_hands(game)
        close(game, how)
        for name in ("hand_edit", "hand_delete"):
            answer = client.get(url(name, game, first.pk))
            page = answer.content.decode()
            assert answer.status_code == 409 and SAID[how] in page
            assert 'name="points_0"' not in page
            # With script, in place of the play region, whatever the link aimed at.
            answer = client.get(url(name, game, first.pk), **HTMX)
            assert answer.status_code == 409 and answer["HX-Retarget"] == "#play"
            assert SAID[how] in answer.content.decode()


# -- the page of a closed game is read-only, and says why ---------------------------------


def controls(page: str, game: Game, hands: list[Hand]) -> list[str]:
    """The controls of the page that would change its hands."""
    found = []
    for hand in hands:
        for name in ("hand_edit", "hand_delete", "hand_undo", "hand_restore"):
            if url(name, game, hand.pk) in page:
                found.append(f"{name} {hand.pk}")
    if 'id="hand-form" class' in page:
        found.append("hand form")
    return found


def test_an_open_game_offers_every_control(client: Client, game: Game) -> None:
    first, second = two_hands(game)
    third = game.record_hand(klob_hand(dealer=1, card_points=[70, 82]))
    game.undo_hand(third.pk)
    page = client.get(url("game", game)).content.decode()
    assert set(controls(page, game, [first, second, third])) >= {
        f"hand_edit {first.pk}",
        f"hand_delete {second.pk}",
        f"hand_undo {second.pk}",
        f"hand_restore {third.pk}",
        "hand form",
    }


@CLOSED
def test_a_closed_games_page_offers_no_control_that_changes_its_hands(
    client: Client, game: Game, how: str
) -> None:
    first, second = two_hands(game)
    third = game.record_hand(klob_hand(dealer=1, card_points=[70, 82]))
    game.undo_hand(third.pk)
    close(game, how)
    for view in ("list", "sheet"):
        page = client.get(url("game", game) + f"?hands={view}").content.decode()
        assert controls(page, game, [first, second, third]) == []
        assert "Record the first one above." not in page


def test_a_removed_games_page_says_why_and_offers_restore(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    game.remove()
    page = client.get(url("game", game)).content.decode()
    assert "Its hands cannot be changed until it is restored." in page
    assert url("game_restore", game) in page and url("game_resume", game) not in page


def test_an_abandoned_games_page_says_why_and_offers_resume(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    game.abandon()
    page = client.get(url("game", game)).content.decode()
    assert "Its hands cannot be changed until it is resumed." in page
    assert url("game_resume", game) in page and url("game_restore", game) not in page


def test_a_removed_and_abandoned_game_offers_restore_first(client: Client, game: Game) -> None:
    game.abandon()
    game.remove()
    page = client.get(url("game", game)).content.decode()
    assert url("game_restore", game) in page and url("game_resume", game) not in page
    game.restore()
    page = client.get(url("game", game)).content.decode()
    assert url("game_resume", game) in page


class TestAnotherPhonesPage:
    """A phone whose page shows the game open is redrawn whole by its next poll once the
    game is closed, and again once it is open: its form and controls go, and come back."""

    def poll(self, client: Client, game: Game, progress: HandInProgress, **more: str) -> Any:
        query = {"v": str(game.version), "d": str(progress.version), "t": progress.token}
        return client.get(url("game_live", game), {**query, **more}, **HTMX)

    @CLOSED
    def test_closing_takes_the_form_and_the_controls_away(
        self, client: Client, game: Game, how: str
    ) -> None:
        first = game.record_hand(klob_hand())
        game.refresh_from_db()
        progress = HandInProgress.of(game)
        close(game, how)
        answer = self.poll(client, game, progress)
        page = answer.content.decode()
        assert answer.status_code == 200 and 'hx-swap-oob="true"' in page
        assert 'id="play"' in page and controls(page, game, [first]) == []

    def test_resuming_brings_them_back(self, client: Client, game: Game) -> None:
        first = game.record_hand(klob_hand())
        game.abandon()
        progress = HandInProgress.of(game)
        Game.objects.get(pk=game.pk).resume()
        page = self.poll(client, game, progress, c="1").content.decode()
        assert 'id="play"' in page and f"hand_edit {first.pk}" in controls(page, game, [first])
        assert "hand form" in controls(page, game, [first])

    def test_an_open_games_poll_redraws_only_what_changed(self, client: Client, game: Game) -> None:
        first = game.record_hand(klob_hand())
        progress = HandInProgress.of(game)
        Game.objects.get(pk=game.pk).edit_hand(first.pk, klob_hand(card_points=[80, 72]), 1)
        page = self.poll(client, game, progress).content.decode()
        assert 'id="play"' not in page and 'id="scoreboard"' in page


# -- no rematch of a removed game -----------------------------------------------------------


def test_a_removed_finished_game_offers_no_rematch_and_a_restored_one_does(
    client: Client, circle: Circle
) -> None:
    game = finished(circle)
    game.remove()
    page = client.get(url("game", game)).content.decode()
    assert url("game_rematch", game) not in page
    answer = client.post(url("game_rematch", game))
    assert answer.status_code == 409
    assert "This game was removed: restore it to play a rematch." in answer.content.decode()
    assert circle.games.count() == 1
    game.restore()
    assert url("game_rematch", game) in client.get(url("game", game)).content.decode()
    assert client.post(url("game_rematch", game)).status_code == 302
    assert circle.games.count() == 2


# -- Resume takes an abandonment back --------------------------------------------------------


def test_resume_brings_an_abandoned_game_back_in_progress(client: Client, game: Game) -> None:
    first = game.record_hand(klob_hand())
    token = HandInProgress.of(game).token
    client.post(url("hand_progress", game), {"token": token, "caller": "2"})
    game.abandon()
    game.refresh_from_db()
    version = game.version
    assert client.get(url("game_resume", game)).status_code == 405
    answer = client.post(url("game_resume", game))
    assert answer.status_code == 302 and answer["Location"] == url("game", game)
    game.refresh_from_db()
    assert game.abandoned is None and game.is_open and game.version == version + 1
    progress = HandInProgress.of(game)
    assert progress.token == token and progress.fields == {"caller": "2"}  # as it was left
    page = client.get(url("game", game)).content.decode()
    assert "hand form" in controls(page, game, [first]) and "Abandoned" not in page
    edited = client.post(url("hand_edit", game, first.pk), edit_data(first), **HTMX)
    assert edited.status_code == 200
    assert Game.objects.counted().filter(pk=game.pk).exists()


def test_resume_with_htmx_answers_a_redirect_and_twice_changes_nothing_more(
    client: Client, game: Game
) -> None:
    game.abandon()
    game.refresh_from_db()
    version = game.version
    answer = client.post(url("game_resume", game), **HTMX)
    assert answer.status_code == 200 and answer["HX-Redirect"] == url("game", game)
    client.post(url("game_resume", game), **HTMX)
    game.refresh_from_db()
    assert game.abandoned is None and game.version == version + 1


def test_a_removed_game_is_not_resumed_and_says_to_restore_it_first(
    client: Client, game: Game
) -> None:
    game.abandon()
    game.remove()
    before = state(game)
    answer = client.post(url("game_resume", game), **HTMX)
    assert answer.status_code == 409
    assert "This game was removed, so it was not resumed: restore it first." in (
        answer.content.decode()
    )
    assert state(game) == before
    game.refresh_from_db()
    assert game.abandoned is not None


def test_a_removed_game_cannot_be_abandoned(client: Client, game: Game) -> None:
    game.remove()
    before = state(game)
    answer = client.post(url("game_abandon", game))
    assert answer.status_code == 409
    assert "This game was removed, so it was not abandoned: restore it first." in (
        answer.content.decode()
    )
    assert state(game) == before


# -- two phones crossing ------------------------------------------------------------------


@CLOSED
@pytest.mark.parametrize("change", ["edit_hand", "remove_hand", "undo_hand", "restore_hand"])
def test_a_change_crossing_a_close_is_refused_and_answered_from_after_the_lock(
    client: Client, game: Game, how: str, change: str
) -> None:
    first, second = two_hands(game)
    posts: dict[str, tuple[str, int, dict[str, str]]] = {
        "edit_hand": ("hand_edit", first.pk, edit_data(first)),
        "remove_hand": ("hand_delete", first.pk, {"version": str(first.version), "number": "1"}),
        "undo_hand": ("hand_undo", second.pk, {}),
        "restore_hand": ("hand_restore", second.pk, {}),
    }
    if change == "restore_hand":
        game.undo_hand(second.pk)
    name, pk, data = posts[change]
    assert url(name, game, pk) in client.get(url("game", game)).content.decode()
    before = state(game)
    with another_phone_first(change, closing(game, how)):
        answer = client.post(url(name, game, pk), data, **HTMX)
    page = answer.content.decode()
    assert answer.status_code == 409 and SAID[how] in page
    # Rendered from the game after the lock: closed, read-only, offering what reopens it.
    assert controls(page, game, [first, second]) == []
    reopen = "game_restore" if how == "removed" else "game_resume"
    assert url(reopen, game) in page
    version, *rest = state(game)
    assert version == before[0] + 1 and rest == list(before[1:])  # only the close


@CLOSED
def test_a_tap_crossing_a_close_is_refused_and_the_hand_in_progress_kept(
    client: Client, game: Game, how: str
) -> None:
    token = HandInProgress.of(game).token
    client.post(url("hand_progress", game), {"token": token, "caller": "1"})
    with another_phone_first("change_in_progress", closing(game, how)):
        answer = client.post(url("hand_progress", game), {"token": token, "points_0": "80"})
    assert answer.status_code == 409 and answer.json()["error"] == SAID[how]
    assert HandInProgress.of(game).fields == {"caller": "1"}


class TestASaveAndAnAbandonCrossing:
    """One phone abandons while another saves a hand: whichever commits first wins, the
    other is refused naming what happened, and nothing is lost."""

    def test_the_abandon_first_refuses_the_save_and_keeps_what_was_typed(
        self, client: Client, game: Game
    ) -> None:
        progress = HandInProgress.of(game)
        data = {**hand_post(), "token": progress.token}
        for name in ("caller", "points_0", "points_1"):
            client.post(url("hand_progress", game), {"token": progress.token, name: data[name]})
        with another_phone_first("record_hand", closing(game, "abandoned")):
            late = client.post(url("hand_record", game), data, **HTMX)
        page = late.content.decode()
        assert late.status_code == 409 and game.hands.count() == 0
        assert (
            "This game was abandoned, so this hand was not added: resume the game, then save "
            "the hand again." in page
        )
        assert url("game_resume", game) in page and 'id="hand-form" class' not in page
        kept = HandInProgress.of(game)
        assert kept.token == progress.token
        assert kept.fields == {"caller": "0", "points_0": "96", "points_1": "56"}
        # Resumed, the same save goes in.
        Game.objects.get(pk=game.pk).resume()
        again = client.post(url("hand_record", game), data, **HTMX)
        assert again.status_code == 200 and game.live_hands().count() == 1

    def test_the_abandon_first_refuses_a_save_without_script_too(
        self, client: Client, game: Game
    ) -> None:
        game.refresh_from_db()
        data = {**hand_post(), "expect_number": "1", "expect_version": str(game.version)}
        data["token"] = ""
        with another_phone_first("record_hand", closing(game, "abandoned")):
            late = client.post(url("hand_record", game), data)
        assert late.status_code == 409 and "This game was abandoned" in late.content.decode()
        assert game.hands.count() == 0

    def test_the_save_first_refuses_the_abandon_naming_the_hand(
        self, client: Client, game: Game
    ) -> None:
        asked = client.get(url("game_abandon", game))
        assert asked.status_code == 200
        game.refresh_from_db()
        data = {"version": str(game.version), "hands": "0"}

        def other_phone_saves() -> None:
            Game.objects.get(pk=game.pk).record_hand(klob_hand())

        with another_phone_first("abandon", other_phone_saves):
            refused = client.post(url("game_abandon", game), data)
        page = refused.content.decode()
        assert refused.status_code == 409
        assert (
            "Another phone saved hand 1 (Ann ♥ +106) since you asked, so the game was not "
            "abandoned. Abandon it again if you still mean to." in page
        )
        game.refresh_from_db()
        assert game.abandoned is None and game.is_open and game.live_hands().count() == 1
        # Asked again on the game as it now is: confirming that abandons it.
        assert f'name="version" value="{game.version}"' in page
        again = client.post(url("game_abandon", game), {"version": str(game.version), "hands": "1"})
        assert again.status_code == 302
        game.refresh_from_db()
        assert game.abandoned is not None and game.live_hands().count() == 1

    def test_another_change_first_refuses_the_abandon(self, client: Client, game: Game) -> None:
        first = game.record_hand(klob_hand())
        game.refresh_from_db()
        data = {"version": str(game.version), "hands": "1"}

        def other_phone_edits() -> None:
            Game.objects.get(pk=game.pk).edit_hand(first.pk, klob_hand(card_points=[80, 72]), 1)

        with another_phone_first("abandon", other_phone_edits):
            refused = client.post(url("game_abandon", game), data)
        assert refused.status_code == 409
        assert "Another phone changed this game since you asked" in refused.content.decode()
        game.refresh_from_db()
        assert game.abandoned is None

    def test_a_resume_crossing_a_remove_is_refused(self, client: Client, game: Game) -> None:
        game.abandon()
        with another_phone_first("resume", closing(game, "removed")):
            refused = client.post(url("game_resume", game), **HTMX)
        page = refused.content.decode()
        assert refused.status_code == 409 and "so it was not resumed" in page
        assert url("game_restore", game) in page
        game.refresh_from_db()
        assert game.abandoned is not None and game.removed is not None

    def test_an_abandon_crossing_a_remove_is_refused(self, client: Client, game: Game) -> None:
        game.refresh_from_db()
        data = {"version": str(game.version), "hands": "0"}
        with another_phone_first("abandon", closing(game, "removed")):
            refused = client.post(url("game_abandon", game), data)
        assert refused.status_code == 409 and "so it was not abandoned" in refused.content.decode()
        game.refresh_from_db()
        assert game.abandoned is None and game.removed is not None


def test_a_save_crossing_a_resume_goes_in(client: Client, game: Game) -> None:
    """Resumed by another phone between this save's read and its lock: the save is on the
    game as it is after the lock, open again, and goes in."""
    game.abandon()
    progress = HandInProgress.of(game)
    data = {**hand_post(), "token": progress.token}

    def other_phone_resumes() -> None:
        Game.objects.get(pk=game.pk).resume()

    with another_phone_first("record_hand", other_phone_resumes):
        saved = client.post(url("hand_record", game), data, **HTMX)
    assert saved.status_code == 200 and game.live_hands().count() == 1
    assert opens(saved)[0] == "Hand 2"


def test_a_removed_game_is_not_asked_about_abandoning(client: Client, game: Game) -> None:
    game.remove()
    answer = client.get(url("game_abandon", game))
    assert answer.status_code == 302 and answer["Location"] == url("game", game)


@CLOSED
@pytest.mark.parametrize("sent", [{"check": "1"}, {"points_0": "x"}])
def test_a_check_or_a_wrong_hand_sent_to_a_closed_game_gets_no_form_back(
    client: Client, game: Game, how: str, sent: dict[str, str]
) -> None:
    """Without script, Enter in a box checks the hand; a hand not right comes back to be
    corrected. Sent after the game closed, neither brings back a form to save."""
    game.refresh_from_db()
    close(game, how)
    data = {**hand_post(), "expect_number": "1", "expect_version": str(game.version), **sent}
    answer = client.post(url("hand_record", game), data)
    page = answer.content.decode()
    assert answer.status_code == 409 and "so this hand was not added" in page
    assert 'id="hand-form" class' not in page and game.hands.count() == 0


def test_the_abandon_page_says_the_game_can_be_resumed(client: Client, game: Game) -> None:
    asked = client.get(url("game_abandon", game)).content.decode()
    assert "No hand can be added or changed until it is resumed." in asked

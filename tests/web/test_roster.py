"""A circle's roster: adding a member, renaming one in every game, merging two (and undoing
it), retiring and bringing back; each refusal says what is wrong and saves nothing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest
from django.test import Client
from django.urls import reverse

from games.models import (
    Circle,
    Declaration,
    Game,
    Hand,
    HandInProgress,
    Merge,
    Player,
    RosterError,
    Seat,
    roster,
)
from games.pages.circle_page import stats_page
from games.pages.game_rows import game_rows, standings
from games.words import say_text
from tests.conftest import PLAYERS, klob_hand

RECORDS = Path(__file__).resolve().parents[1] / "records"


def member(circle: Circle, name: str) -> Player:
    return circle.players.get(name=name)


def notes_of(game: Game) -> list[str]:
    return [say_text(note) for hand in game.live_hands() for note in hand.notes]


def played(circle: Circle) -> dict[str, int]:
    """Games played by each player, as the stats page counts them."""
    return {line.name: line.played for line in stats_page(circle, None)["stats"].players}


def finished_game(circle: Circle, players: list[str]) -> Game:
    record = json.loads((RECORDS / "klaberjass.json").read_text())
    record["players"] = players
    record["settings"] = {"target": 400}
    game = Game.import_record(circle, record)
    assert game.is_finished
    return game


def url(name: str, circle: Circle, *args: Any) -> str:
    return reverse(name, args=[circle.slug, *args])


class TestAdding:
    def test_a_member_is_added_and_listed(self, client: Client, circle: Circle) -> None:
        answer = client.post(url("member_add", circle), {"name": "  Şule "}, follow=True)
        assert answer.status_code == 200
        assert list(circle.players.values_list("name", flat=True)) == ["Şule"]
        assert "Şule" in answer.content.decode()

    @pytest.mark.parametrize("other", ["şule ", "ŞULE", "S\u0327ule", "Şule\u200b"])
    def test_a_name_another_member_has_is_refused_naming_them(
        self, client: Client, circle: Circle, other: str
    ) -> None:
        circle.players.create(name="Şule")
        answer = client.post(url("member_add", circle), {"name": other})
        page = answer.content.decode()
        assert answer.status_code == 400
        assert "is on the roster already: the same name as &quot;Şule&quot;." in page
        assert circle.players.count() == 1

    @pytest.mark.parametrize(
        ("typed", "said"),
        [
            ("x" * 41, "at most 40 characters (it has 41)"),
            ("A\x1bn", "U+001B"),
            ("A\x00n", "Null characters are not allowed"),
            ("\u202eAnn", "U+202E"),
            ("\u200b", "shows nothing"),
            ("", "This field is required"),
        ],
    )
    def test_a_bad_name_is_refused_saying_what_is_wrong_and_keeping_it(
        self, client: Client, circle: Circle, typed: str, said: str
    ) -> None:
        answer = client.post(url("member_add", circle), {"name": typed})
        page = answer.content.decode()
        assert answer.status_code == 400
        assert said in page
        assert not circle.players.exists()
        if typed and "\x00" not in typed:
            assert f'value="{typed}"' in page or "value=" in page

    def test_a_lone_surrogate_is_refused_by_the_roster_itself(self, circle: Circle) -> None:
        with pytest.raises(RosterError, match="U\\+D800"):
            roster.add_member(circle, "A\ud800n")
        assert not circle.players.exists()

    def test_a_long_name_is_refused_by_the_roster_itself(self, circle: Circle) -> None:
        with pytest.raises(RosterError, match="41 characters long; a name may have up to 40"):
            roster.add_member(circle, "y" * 41)


class TestRenaming:
    def test_a_rename_shows_in_every_game_history_included(
        self, client: Client, circle: Circle, game: Game
    ) -> None:
        game.record_hand(klob_hand(caller=0))
        finished = finished_game(circle, PLAYERS)
        version = game.version
        assert "Ann & Cleo called ♥ and made 106 against 56." in notes_of(game)
        ann = member(circle, "Ann")
        answer = client.post(url("member_rename", circle, ann.pk), {"name": "Anneliese"})
        assert answer.status_code == 302
        game.refresh_from_db()
        assert game.player_names() == ["Anneliese", "Ben", "Cleo", "Dov"]
        assert finished.player_names()[0] == "Anneliese"
        assert "Anneliese & Cleo called ♥ and made 106 against 56." in notes_of(game)
        assert not any(n.startswith("Ann ") for n in notes_of(game))
        assert game.version > version, "every phone showing it redraws"
        page = client.get(reverse("game", args=[circle.slug, game.slug])).content.decode()
        assert "Anneliese" in page
        assert "Ann &amp; Cleo called" not in page

    def test_a_rename_rewrites_the_declarations_reasons(self, circle: Circle) -> None:
        game = finished_game(circle, ["Ann", "Ben", "Cleo", "Dov"])

        def reasons() -> list[str]:
            rows = Declaration.objects.filter(hand__game=game).order_by("hand__number", "order")
            return [say_text(d.reason) for d in rows]

        assert "outranked by Cleo's 4-card run 9–Q♥ (the higher value wins: 50 beats 20)" in (
            reasons()
        )
        roster.rename(circle, member(circle, "Cleo").pk, "Cleopatra")
        after = reasons()
        assert "outranked by Cleopatra's 4-card run 9–Q♥ (the higher value wins: 50 beats 20)" in (
            after
        )
        assert not any("Cleo's" in reason for reason in after)

    def test_the_last_saved_hand_line_says_the_new_name(self, circle: Circle, game: Game) -> None:
        game.record_hand(klob_hand(caller=0), token=HandInProgress.of(game).token)
        assert HandInProgress.of(game).saved_text.startswith("Ann ♥")
        roster.rename(circle, member(circle, "Ann").pk, "Anneliese")
        assert HandInProgress.of(game).saved_text.startswith("Anneliese ♥")

    def test_a_game_the_engine_no_longer_scores_keeps_its_sentences(
        self, circle: Circle, game: Game
    ) -> None:
        game.record_hand(klob_hand(caller=0))
        game.record_hand(klob_hand(caller=0, dealer=0))
        first = game.live_hands().first()
        assert first is not None
        Hand.objects.filter(pk=first.pk).update(facts={"dealer": 0, "nothing": "else"})
        before = [hand.notes for hand in game.live_hands()]
        version = Game.objects.get(pk=game.pk).version
        roster.rename(circle, member(circle, "Ann").pk, "Anneliese")
        assert game.player_names()[0] == "Anneliese"
        assert [hand.notes for hand in game.live_hands()] == before
        assert Game.objects.get(pk=game.pk).version == version + 1

    def test_a_rename_to_another_members_name_is_refused_and_saves_nothing(
        self, client: Client, circle: Circle, game: Game
    ) -> None:
        ann = member(circle, "Ann")
        answer = client.post(url("member_rename", circle, ann.pk), {"name": " bEN\u200b "})
        page = answer.content.decode()
        assert answer.status_code == 400
        assert "the same name as &quot;Ben&quot;" in page
        assert 'value=" bEN' in page, "what was typed is kept"
        assert game.player_names() == PLAYERS

    def test_a_rename_in_case_only_is_the_same_member_renamed(self, circle: Circle) -> None:
        ann = circle.players.create(name="ann")
        roster.rename(circle, ann.pk, "Ann")
        assert member(circle, "Ann").pk == ann.pk

    @pytest.mark.parametrize("typed", ["x" * 41, "A\x00n", "\u202eAnn", "  "])
    def test_a_bad_new_name_is_refused_and_saves_nothing(
        self, client: Client, circle: Circle, game: Game, typed: str
    ) -> None:
        ann = member(circle, "Ann")
        answer = client.post(url("member_rename", circle, ann.pk), {"name": typed})
        assert answer.status_code == 400
        assert 'class="errorlist' in answer.content.decode()
        assert game.player_names() == PLAYERS

    def test_another_circles_member_is_not_found(self, client: Client, game: Game) -> None:
        other = Circle.objects.create(name="Other")
        ann = member(game.circle, "Ann")
        assert client.get(url("member", other, ann.pk)).status_code == 404
        answer = client.post(url("member_rename", other, ann.pk), {"name": "Zed"})
        assert answer.status_code == 404
        assert game.player_names() == PLAYERS


class TestMerging:
    def test_the_merge_page_says_first_what_it_will_change(
        self, client: Client, circle: Circle
    ) -> None:
        finished_game(circle, ["Ann", "Ben", "Cleo", "Dov"])
        finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        finished_game(circle, ["Anne", "Ben", "Cleo", "Eve"])
        anne, ann = member(circle, "Anne"), member(circle, "Ann")
        page = client.get(url("member_merge", circle, anne.pk) + f"?into={ann.pk}").content
        text = page.decode()
        assert "2 games of Anne become games of Ann." in text
        assert circle.tonight().strftime("%Y") in text, "the night it changes"
        assert circle.players.filter(name="Anne").exists(), "nothing changed yet"

    def test_a_merge_moves_every_seat_and_the_stats_count_each_game_once(
        self, client: Client, circle: Circle
    ) -> None:
        finished_game(circle, ["Ann", "Ben", "Cleo", "Dov"])
        second = finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        before = played(circle)
        assert before["Ann"] == 1 and before["Anne"] == 1 and before["Ben"] == 2
        anne, ann = member(circle, "Anne"), member(circle, "Ann")
        answer = client.post(url("member_merge_do", circle, anne.pk), {"into": ann.pk}, follow=True)
        page = answer.content.decode()
        assert answer.status_code == 200
        assert "Anne is now Ann: 1 game moved." in page
        assert "Undo the merge" in page
        after = played(circle)
        assert after["Ann"] == 2 and "Anne" not in after and after["Ben"] == 2
        assert second.player_names()[0] == "Ann"
        table = {s.name: s.played for s in standings(game_rows(circle.games.all()))}
        assert table["Ann"] == 2 and "Anne" not in table
        assert not circle.players.filter(name="Anne").exists()

    def test_a_game_where_both_sat_stops_the_merge_naming_it(
        self, client: Client, circle: Circle
    ) -> None:
        both = Game.create(circle, "klaberjass", ["Ann", "Anne", "Ben", "Cleo"])
        anne, ann = member(circle, "Anne"), member(circle, "Ann")
        page = client.get(url("member_merge", circle, anne.pk) + f"?into={ann.pk}")
        text = page.content.decode()
        assert "a game where both sat cannot be merged" in text
        assert reverse("game", args=[circle.slug, both.slug]) in text
        assert "Klaberjass" in text
        answer = client.post(url("member_merge_do", circle, anne.pk), {"into": ann.pk})
        assert answer.status_code == 409
        assert "both sat at Klaberjass on" in answer.content.decode()
        assert both.player_names() == ["Ann", "Anne", "Ben", "Cleo"]
        assert not Merge.objects.exists()

    def test_undo_splits_them_back(self, client: Client, circle: Circle) -> None:
        first = finished_game(circle, ["Ann", "Ben", "Cleo", "Dov"])
        second = finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        anne, ann = member(circle, "Anne"), member(circle, "Ann")
        record, _plan = roster.merge(circle, anne.pk, ann.pk)
        answer = client.post(url("merge_undo", circle, record.pk), follow=True)
        assert answer.status_code == 200
        assert first.player_names()[0] == "Ann" and second.player_names()[0] == "Anne"
        assert played(circle)["Anne"] == 1 and played(circle)["Ann"] == 1
        again = client.post(url("merge_undo", circle, record.pk))
        assert again.status_code == 409
        assert "That merge was undone already." in again.content.decode()

    def test_undo_is_refused_when_the_name_is_taken_meanwhile(self, circle: Circle) -> None:
        finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        anne, ben = member(circle, "Anne"), member(circle, "Ben")
        with pytest.raises(RosterError):
            roster.merge(circle, anne.pk, ben.pk)  # they sat together
        circle.players.create(name="Zed")
        zed = member(circle, "Zed")
        record, _plan = roster.merge(circle, anne.pk, zed.pk)
        circle.players.create(name="ANNE")
        with pytest.raises(RosterError, match="the same name as"):
            roster.undo_merge(circle, record.pk)
        assert Seat.objects.filter(player=zed).count() == 1

    def test_a_merge_into_a_member_later_merged_again_can_still_be_undone(
        self, circle: Circle
    ) -> None:
        game = finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        for name in ("Ann", "Annie"):
            circle.players.create(name=name)
        first, _ = roster.merge(circle, member(circle, "Anne").pk, member(circle, "Ann").pk)
        roster.merge(circle, member(circle, "Ann").pk, member(circle, "Annie").pk)
        assert game.player_names()[0] == "Annie"
        roster.undo_merge(circle, first.pk)
        assert game.player_names()[0] == "Anne"

    def test_a_member_cannot_be_merged_into_themselves(
        self, client: Client, circle: Circle, game: Game
    ) -> None:
        ann = member(circle, "Ann")
        answer = client.post(url("member_merge_do", circle, ann.pk), {"into": ann.pk})
        assert answer.status_code == 400
        assert "Choose the player to merge into" in answer.content.decode()
        assert game.player_names() == PLAYERS


class TestRetiring:
    def test_a_retired_member_is_hidden_from_the_pickers_and_kept_in_history(
        self, client: Client, circle: Circle, game: Game
    ) -> None:
        dov = member(circle, "Dov")
        assert client.post(url("member_retire", circle, dov.pk)).status_code == 302
        page = client.get(url("game_new", circle) + "?variant=klaberjass").content.decode()
        assert f'name="pick" value="{dov.pk}"' not in page
        assert '<option value="Dov">' not in page
        assert f'name="pick" value="{member(circle, "Ann").pk}"' in page
        assert game.player_names()[3] == "Dov"
        assert "Dov" in client.get(url("roster", circle)).content.decode()
        client.post(url("member_retire", circle, dov.pk), {"back": "1"})
        page = client.get(url("game_new", circle) + "?variant=klaberjass").content.decode()
        assert f'name="pick" value="{dov.pk}"' in page

    def test_a_retired_member_seated_again_is_back(self, circle: Circle, game: Game) -> None:
        roster.retire(circle, member(circle, "Dov").pk)
        Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "dov"])
        assert member(circle, "Dov").retired is None


class TestTwoPhones:
    @contextmanager
    def another_phone_first(self, change: str, act: Callable[[], object]) -> Iterator[None]:
        """Runs `act` (another phone's change, committed) after the request read the roster
        and before the roster's `change` begins its transaction and takes the circle's
        lock: the moment two crossing requests meet."""
        real = getattr(roster, change)
        done: list[bool] = []

        def crossed(*args: Any, **kwargs: Any) -> Any:
            if not done:
                done.append(True)
                act()
            return real(*args, **kwargs)

        with patch.object(roster, change, crossed):
            yield
        assert done, f"the request called roster.{change}"

    def test_a_rename_crossing_a_saved_hand_renames_that_hand_too(
        self, client: Client, circle: Circle, game: Game
    ) -> None:
        ann = member(circle, "Ann")

        def other_phone_saves() -> None:
            Game.objects.get(pk=game.pk).record_hand(klob_hand(caller=0))

        with self.another_phone_first("rename", other_phone_saves):
            answer = client.post(
                url("member_rename", circle, ann.pk), {"name": "Anneliese"}, follow=True
            )
        assert answer.status_code == 200
        assert game.live_hands().count() == 1
        assert notes_of(game) == ["Anneliese & Cleo called ♥ and made 106 against 56."]
        assert "1 game" in answer.content.decode()

    def test_a_merge_crossing_a_new_game_moves_it_too_and_says_so(
        self, client: Client, circle: Circle
    ) -> None:
        finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        circle.players.create(name="Ann")
        anne, ann = member(circle, "Anne"), member(circle, "Ann")

        def other_phone_starts() -> None:
            Game.create(circle, "klaberjass", ["Anne", "Ben", "Cleo", "Dov"])

        with self.another_phone_first("merge", other_phone_starts):
            answer = client.post(
                url("member_merge_do", circle, anne.pk), {"into": ann.pk}, follow=True
            )
        assert "Anne is now Ann: 2 games moved." in answer.content.decode()
        assert Seat.objects.filter(player=ann).count() == 2

    def test_a_merge_crossing_a_game_where_both_sit_is_refused_naming_it(
        self, client: Client, circle: Circle
    ) -> None:
        finished_game(circle, ["Anne", "Ben", "Cleo", "Dov"])
        circle.players.create(name="Ann")
        anne, ann = member(circle, "Anne"), member(circle, "Ann")

        def other_phone_starts() -> None:
            Game.create(circle, "klaberjass", ["Anne", "Ann", "Cleo", "Dov"])

        with self.another_phone_first("merge", other_phone_starts):
            answer = client.post(url("member_merge_do", circle, anne.pk), {"into": ann.pk})
        assert answer.status_code == 409
        assert "both sat at Klaberjass" in answer.content.decode()
        assert Seat.objects.filter(player=anne).count() == 2
        assert not Merge.objects.exists()

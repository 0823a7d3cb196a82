"""Games you can fix: a game removed (kept, restorable, in no list, night, stat, standing or
CSV) and an unfinished game abandoned (kept in the history, marked, counted nowhere); each
place that lists or counts games, the pages that ask first, and two phones crossing."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import AlreadySaved, Circle, Conflict, Game, HandInProgress
from games.pages.circle_page import circle_page, history_filter, night_page, stats_page
from tests.conftest import PLAYERS, hand_post, klob_hand
from tests.web.helpers import HTMX, url

OTHERS = ["Eli", "Fay", "Gus", "Hal"]


def finished(circle: Circle, players: list[str] = PLAYERS) -> Game:
    """A Klaberjass game to 200 that Ann and Cleo won in two hands."""
    game = Game.create(circle, "klaberjass", players, {"target": 200}, first_dealer=3)
    for n in range(2):
        game.record_hand(klob_hand(dealer=(3 + n) % 4))
    assert game.is_finished and game.winners == [0]
    return game


def started(circle: Circle, players: list[str] = PLAYERS) -> Game:
    game = Game.create(circle, "klaberjass", players, {"target": 200}, first_dealer=3)
    game.record_hand(klob_hand())
    return game


@pytest.fixture
def three(circle: Circle) -> dict[str, Game]:
    """A finished game that counts, a finished one removed, one in progress abandoned."""
    kept = finished(circle)
    removed = finished(circle, OTHERS)
    removed.remove()
    abandoned = started(circle, ["Ann", "Ben", "Cleo", "Ivo"])
    abandoned.abandon()
    return {"kept": kept, "removed": removed, "abandoned": abandoned}


def page(circle: Circle) -> dict[str, Any]:
    return circle_page(circle, history_filter(circle, {}))


# -- the model ---------------------------------------------------------------------------


def test_removing_keeps_the_game_and_restoring_puts_it_back(game: Game) -> None:
    game.record_hand(klob_hand())
    version = game.version
    game.remove()
    assert game.removed is not None and game.version == version + 1
    assert Game.objects.filter(pk=game.pk).exists() and game.hands.count() == 1
    assert not Game.objects.listed().filter(pk=game.pk).exists()
    game.remove()  # removing a removed game changes nothing
    assert game.version == version + 1
    game.restore()
    assert game.removed is None and game.version == version + 2
    assert Game.objects.counted().filter(pk=game.pk).exists()


def test_an_abandoned_game_is_listed_but_not_counted_and_takes_no_more_hands(game: Game) -> None:
    game.abandon()
    assert game.abandoned is not None and not game.is_open
    assert Game.objects.listed().filter(pk=game.pk).exists()
    assert not Game.objects.counted().filter(pk=game.pk).exists()
    with pytest.raises(AlreadySaved, match="This game was abandoned, so this hand was not added"):
        game.record_hand(klob_hand())
    assert game.hands.count() == 0


def test_a_finished_game_cannot_be_abandoned(circle: Circle) -> None:
    game = finished(circle)
    with pytest.raises(Conflict):
        game.abandon()
    game.refresh_from_db()
    assert game.abandoned is None and game.is_finished


def test_a_removed_game_takes_no_more_hands(game: Game) -> None:
    game.remove()
    with pytest.raises(AlreadySaved, match="This game was removed, so this hand was not added"):
        game.record_hand(klob_hand())
    assert game.hands.count() == 0


# -- every place that lists or counts games ------------------------------------------------


def test_tonight_in_progress_leaves_out_removed_and_abandoned_games(circle: Circle) -> None:
    playing = started(circle)
    gone = started(circle, OTHERS)
    given_up = started(circle, ["Ann", "Ben", "Cleo", "Ivo"])
    gone.remove()
    given_up.abandon()
    assert page(circle)["in_progress"] == [playing]


def test_finished_tonight_leaves_out_a_removed_game(three: dict[str, Game], circle: Circle) -> None:
    assert page(circle)["finished_tonight"] == [three["kept"]]


def test_the_history_lists_the_abandoned_game_but_not_the_removed(
    three: dict[str, Game], circle: Circle
) -> None:
    listed = [row.game for row in page(circle)["history_rows"]]
    assert set(listed) == {three["kept"], three["abandoned"]}


def test_the_removed_games_fold_lists_only_the_removed(
    three: dict[str, Game], circle: Circle
) -> None:
    assert page(circle)["removed_games"] == [three["removed"]]


def test_the_night_lists_no_removed_game_and_its_standings_count_neither(
    three: dict[str, Game], circle: Circle
) -> None:
    night = night_page(circle, circle.tonight())
    assert set(night["games"]) == {three["kept"], three["abandoned"]}
    names = {s.name: (s.played, s.won) for s in night["standings"]}
    assert names == {"Ann": (1, 1), "Cleo": (1, 1), "Ben": (1, 0), "Dov": (1, 0)}


def test_the_nights_either_side_skip_a_night_of_only_removed_games(circle: Circle) -> None:
    import datetime as dt

    game = finished(circle)
    Game.objects.filter(pk=game.pk).update(created=game.created - dt.timedelta(days=3))
    assert night_page(circle, circle.tonight())["earlier"] is not None
    game.remove()
    assert night_page(circle, circle.tonight())["earlier"] is None


def test_the_stats_count_neither_removed_nor_abandoned_games(
    three: dict[str, Game], circle: Circle
) -> None:
    stats = stats_page(circle, None)["stats"]
    assert {p.name for p in stats.players} == set(PLAYERS)
    assert stats.finished == 1
    # Hands (contracts) count from every game that counts: the kept game's two only.
    assert stats.hands == 2
    assert {p.name: p.played for p in stats.players}["Ann"] == 1


def test_the_win_rate_chart_leaves_out_a_removed_game(circle: Circle) -> None:
    first, second = finished(circle), finished(circle)
    assert stats_page(circle, None)["chart"] is not None  # two finished games: a chart
    second.remove()
    assert stats_page(circle, None)["chart"] is None
    assert first.removed is None


def test_the_stats_offer_no_game_that_only_removed_games_played(circle: Circle) -> None:
    terz = Game.create(circle, "terz", ["Ann", "Ben"], {})
    terz.remove()
    assert stats_page(circle, None)["played_variants"] == []


def test_the_history_csv_has_no_removed_game_and_marks_the_abandoned(
    three: dict[str, Game], circle: Circle, client: Client
) -> None:
    response = client.get(reverse("history_export", args=[circle.slug]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))[1:]
    assert len(rows) == 2
    statuses = sorted(row[-1] for row in rows)
    assert statuses == ["abandoned", "finished"]
    assert not any("Eli" in cell for row in rows for cell in row)


# -- the pages ------------------------------------------------------------------------------


def test_remove_asks_first_then_removes_on_post_only(game: Game, client: Client) -> None:
    asked = client.get(url("game_remove", game))
    assert asked.status_code == 200 and b"Remove this game?" in asked.content
    game.refresh_from_db()
    assert game.removed is None
    done = client.post(url("game_remove", game))
    assert done.status_code == 302 and done["Location"] == url("game", game)
    game.refresh_from_db()
    assert game.removed is not None


def test_remove_with_htmx_answers_a_redirect_the_page_follows(game: Game, client: Client) -> None:
    done = client.post(url("game_remove", game), **HTMX)  # type: ignore[arg-type]
    assert done.status_code == 200 and done["HX-Redirect"] == url("game", game)
    game.refresh_from_db()
    assert game.removed is not None


def test_a_removed_games_page_says_so_and_offers_restore(game: Game, client: Client) -> None:
    game.remove()
    shown = client.get(url("game", game)).content.decode()
    assert "This game was removed" in shown
    assert url("game_restore", game) in shown
    assert 'id="hand-form" class' not in shown  # no hand can be added
    assert url("game_remove", game) not in shown


def test_restore_is_post_only_and_puts_the_game_back(game: Game, client: Client) -> None:
    game.remove()
    assert client.get(url("game_restore", game)).status_code == 405
    done = client.post(url("game_restore", game))
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.removed is None


def test_restoring_from_the_circle_page_goes_back_there(
    game: Game, circle: Circle, client: Client
) -> None:
    game.remove()
    shown = client.get(reverse("circle", args=[circle.slug])).content.decode()
    assert "Removed games (1)" in shown and url("game_restore", game) in shown
    done = client.post(url("game_restore", game), {"to": "circle"})
    assert done["Location"] == reverse("circle", args=[circle.slug])
    shown = client.get(reverse("circle", args=[circle.slug])).content.decode()
    assert "Removed games" not in shown


def test_abandon_asks_first_and_the_game_then_shows_abandoned(
    game: Game, circle: Circle, client: Client
) -> None:
    game.record_hand(klob_hand())
    assert b"Abandon this game?" in client.get(url("game_abandon", game)).content
    client.post(url("game_abandon", game))
    shown = client.get(url("game", game)).content.decode()
    assert "Abandoned after 1 hand." in shown
    assert "Hand 2" not in shown  # no next hand is announced
    assert url("game_abandon", game) not in shown
    assert 'id="hand-form" class' not in shown
    row = client.get(reverse("circle", args=[circle.slug])).content.decode()
    assert "abandoned at hand 1" in row


def test_the_menu_offers_abandon_only_while_the_game_is_unfinished(
    circle: Circle, client: Client
) -> None:
    playing, done = started(circle), finished(circle, OTHERS)
    assert url("game_abandon", playing) in client.get(url("game", playing)).content.decode()
    shown = client.get(url("game", done)).content.decode()
    assert url("game_abandon", done) not in shown and url("game_remove", done) in shown
    assert client.get(url("game_abandon", done)).status_code == 302


# -- two phones crossing ------------------------------------------------------------------


def test_a_hand_saved_after_another_phone_abandoned_the_game_is_not_added(
    game: Game, client: Client
) -> None:
    token = HandInProgress.of(game).token
    Client().post(url("game_abandon", game))
    response = client.post(url("hand_record", game), {**hand_post(), "token": token})
    assert response.status_code == 409
    assert game.hands.count() == 0


def test_abandoning_a_game_another_phone_finished_meanwhile_is_refused(
    circle: Circle, client: Client
) -> None:
    game = started(circle)
    assert client.get(url("game_abandon", game)).status_code == 200  # this phone asks
    game.record_hand(klob_hand(dealer=0))  # another phone saves the winning hand
    response = client.post(url("game_abandon", game))
    assert response.status_code == 409
    assert b"has finished since" in response.content
    game.refresh_from_db()
    assert game.is_finished and game.abandoned is None


# -- the target and house rules, changed after the start -----------------------------------


def rules_post(game: Game, action: str = "check", **changes: Any) -> dict[str, Any]:
    """The rules form as the game's page fills it, with `changes`, and the button pressed."""
    data: dict[str, Any] = {}
    for key, value in game.engine_settings().full_dict().items():
        data[f"set_{key}"] = (
            str(value)
            if isinstance(value, int) and not isinstance(value, bool)
            else json.dumps(value)
        )
    data.update({f"set_{k}": v for k, v in changes.items()}, action=action)
    return data


def checked(client: Client, game: Game, **changes: Any) -> dict[str, Any]:
    """Check a change, then return the form as its Save button would post it."""
    shown = client.post(url("game_rules", game), rules_post(game, **changes))
    assert shown.status_code == 200
    return {
        **rules_post(game, "save", **changes),
        "checked": shown.context["checked"],
        "version": str(game.version),
    }


def test_the_check_shows_the_totals_and_who_wins_before_and_after(
    circle: Circle, client: Client
) -> None:
    game = finished(circle)
    shown = client.post(url("game_rules", game), rules_post(game, target="300"))
    change = shown.context["change"]
    assert change.totals_before == (212, 112) and change.totals_after == (212, 112)
    assert change.winners_before == ("Ann & Cleo",) and change.winners_after == ()
    assert "200 → 300" in shown.content.decode()
    game.refresh_from_db()
    assert game.settings["target"] == 200  # a check saves nothing


def test_saving_the_checked_target_scores_every_hand_again(circle: Circle, client: Client) -> None:
    game = finished(circle)
    version = game.version
    done = client.post(url("game_rules", game), checked(client, game, target="300"))
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.settings["target"] == 300 and not game.is_finished and game.winners == []
    assert game.version > version
    # The game goes on: the next hand can be saved.
    game.record_hand(klob_hand(dealer=1))
    assert game.hand_count == 3


def test_a_rule_the_form_does_not_offer_is_kept_when_the_target_changes(
    circle: Circle, client: Client
) -> None:
    # A club night's table plays a round of N deals, which no game's form offers.
    game = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"deals": 4}, 3)
    game.record_hand(klob_hand())
    posted = {k: v for k, v in checked(client, game, target="300").items() if k != "set_deals"}
    assert client.post(url("game_rules", game), posted).status_code == 302
    game.refresh_from_db()
    assert game.settings["target"] == 300 and game.settings["deals"] == 4


def test_a_target_that_refuses_a_hand_says_which_and_why_and_cannot_be_saved(
    circle: Circle, client: Client
) -> None:
    game = finished(circle)
    shown = client.post(url("game_rules", game), rules_post(game, target="100"))
    assert "hand 2" in shown.context["change"].refused
    assert "It cannot be saved" in shown.content.decode()
    assert 'value="save"' not in shown.content.decode()
    forced = {
        **rules_post(game, "save", target="100"),
        "checked": json.dumps({**game.settings, "target": 100}, sort_keys=True),
        "version": str(game.version),
    }
    response = client.post(url("game_rules", game), forced)
    assert response.status_code == 400
    game.refresh_from_db()
    assert game.settings["target"] == 200 and game.winners == [0] and game.hand_count == 2


def test_a_save_of_other_rules_than_were_checked_is_shown_again_not_saved(
    circle: Circle, client: Client
) -> None:
    game = finished(circle)
    data = checked(client, game, target="300")
    data["set_target"] = "400"
    response = client.post(url("game_rules", game), data)
    assert response.status_code == 200 and response.context["change"].totals_after
    game.refresh_from_db()
    assert game.settings["target"] == 200


def test_a_house_rule_change_is_saved_and_shown_in_the_check(
    circle: Circle, client: Client
) -> None:
    game = started(circle)
    shown = client.post(url("game_rules", game), rules_post(game, run5_value="100"))
    assert [(old, new) for _label, old, new in shown.context["rules_changed"]] == [("50", "100")]
    client.post(url("game_rules", game), checked(client, game, run5_value="100"))
    game.refresh_from_db()
    assert game.settings["run5_value"] == 100


def test_a_house_rule_that_refuses_a_stored_hand_says_why(circle: Circle, client: Client) -> None:
    game = started(circle)
    shown = client.post(url("game_rules", game), rules_post(game, capot='"double"'))
    refused = shown.context["change"].refused
    assert refused.startswith("hand 1: tricks:") and "house rules" in refused
    assert 'value="save"' not in shown.content.decode()
    game.refresh_from_db()
    assert game.settings["capot"] == "none"


def test_a_rules_change_crossing_another_phones_save_is_refused(
    circle: Circle, client: Client
) -> None:
    game = started(circle)
    data = checked(client, game, target="150")  # 106 after hand 1: still in progress
    game.record_hand(klob_hand(dealer=0))  # another phone: 212 – 112
    response = client.post(url("game_rules", game), data)
    assert response.status_code == 409
    assert b"Another phone changed this game" in response.content
    game.refresh_from_db()
    assert game.settings["target"] == 200 and game.hand_count == 2
    # The page is shown again from the game as it is now: the new check is of two hands.
    assert response.context["change"].totals_before == (212, 112)


def test_the_rules_page_is_offered_in_the_menu_and_refuses_nonsense(
    game: Game, client: Client
) -> None:
    before = dict(game.settings)
    assert url("game_rules", game) in client.get(url("game", game)).content.decode()
    assert client.get(url("game_rules", game)).status_code == 200
    bad = client.post(url("game_rules", game), rules_post(game, "save", target="0"))
    assert bad.status_code == 400
    odd = client.post(url("game_rules", game), rules_post(game, "save", capot='"nope"'))
    assert odd.status_code == 400
    game.refresh_from_db()
    assert game.settings == before


# -- the players and seats, changed after the start ----------------------------------------


def seats_post(names: list[str], action: str = "check") -> dict[str, str]:
    return {**{f"player_{i}": n for i, n in enumerate(names)}, "action": action}


def seated(client: Client, game: Game, names: list[str]) -> dict[str, str]:
    """Check a seating, then return the form as its Save button would post it."""
    shown = client.post(url("game_players", game), seats_post(names))
    assert shown.status_code == 200
    return {
        **seats_post(names, "save"),
        "checked": shown.context["checked"],
        "version": str(game.version),
    }


def test_swapping_two_seats_shows_who_wins_after_then_moves_the_win(
    circle: Circle, client: Client
) -> None:
    game = finished(circle)
    swapped = ["Ben", "Ann", "Cleo", "Dov"]
    shown = client.post(url("game_players", game), seats_post(swapped))
    change = shown.context["change"]
    assert change.winners_before == ("Ann & Cleo",) and change.winners_after == ("Ben & Cleo",)
    assert shown.context["seats_changed"] == [(1, "Ann", "Ben"), (2, "Ben", "Ann")]
    assert game.player_names() == PLAYERS  # a check saves nothing
    done = client.post(url("game_players", game), seated(client, game, swapped))
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.player_names() == swapped and game.winner_names == ["Ben & Cleo"]
    won = {p.name: p.won for p in stats_page(circle, None)["stats"].players}
    assert won == {"Ben": 1, "Cleo": 1, "Ann": 0, "Dov": 0}


def test_a_seat_renamed_to_a_new_name_joins_the_circle(circle: Circle, client: Client) -> None:
    game = started(circle)
    assert url("game_players", game) in client.get(url("game", game)).content.decode()
    asked = client.get(url("game_players", game))
    assert asked.status_code == 200 and b'value="Dov"' in asked.content
    names = ["Ann", "Ben", "Cleo", "Zed"]
    client.post(url("game_players", game), seated(client, game, names))
    game.refresh_from_db()
    assert game.player_names() == names
    assert circle.players.filter(name="Zed").exists()


def test_two_seats_of_one_name_are_refused(game: Game, client: Client) -> None:
    response = client.post(url("game_players", game), seats_post(["Ann", "ann", "Cleo", "Dov"]))
    assert response.status_code == 400 and b"Two seats have the same name." in response.content
    saving = {**seats_post(["Ann", "Ann", "Cleo", "Dov"], "save"), "version": str(game.version)}
    assert client.post(url("game_players", game), saving).status_code == 400
    assert game.player_names() == PLAYERS


def test_a_seating_saved_other_than_checked_is_shown_again(game: Game, client: Client) -> None:
    data = seated(client, game, ["Ben", "Ann", "Cleo", "Dov"])
    data["player_3"] = "Zed"
    response = client.post(url("game_players", game), data)
    assert response.status_code == 200 and "changed since the check" in response.context["notice"]
    assert game.player_names() == PLAYERS


def test_a_seating_crossing_another_phones_save_is_refused(circle: Circle, client: Client) -> None:
    game = started(circle)
    data = seated(client, game, ["Ben", "Ann", "Cleo", "Dov"])
    game.record_hand(klob_hand(dealer=0))
    response = client.post(url("game_players", game), data)
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.player_names() == PLAYERS and game.hand_count == 2

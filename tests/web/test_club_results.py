"""A club night's results: confirmed by a phone of a table's other side (refused from the
same side, from a phone of nobody, on a result changed since), shown provisional until then;
every correction to a confirmed result kept in the night's log with the phone it came from;
the standings after each round and the head-to-head of two entrants, as the engine gives
them; and the night's pages in a fixed number of queries, however many tables."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine.club.night import read_night
from games.engine.club.standings import standings
from games.models import Circle, ClubNight, Conflict, Game, NightChange, NightTable
from games.models.club_results import confirm_result, may_confirm
from tests.conftest import hand_post
from tests.web.test_club_nights import command_line, night_url, play_round, set_up, start

FOUR = ["Ann", "Ben", "Cleo", "Dov"]
PAIRS = {"format": "pairs", "rounds": "3"}


def phone_of(night: ClubNight, name: str) -> Client:
    """A phone that chose player `name` at the night (its cookie)."""
    client = Client()
    client.cookies[f"club-{night.slug}"] = str(night.entrants.get(player__name=name).number)
    return client


def played_table(client: Client, night: ClubNight) -> tuple[NightTable, Game]:
    """Round 1 started and played to its end at its one table."""
    start(client, night)
    play_round(night, 1)
    table = night.rounds.get(number=1).tables.get()
    return table, Game.objects.get(pk=table.game_id)


def sides(game: Game) -> tuple[list[str], list[str]]:
    """The players who may confirm (the side that did not win) and the others."""
    names = game.player_names()
    table = NightTable.objects.get(game=game)
    confirming = may_confirm(table, Game.objects.prefetch_related("seats__player").get(pk=game.pk))
    return confirming, [n for n in names if n not in confirming]


def game_url(game: Game, name: str, hand: int) -> str:
    return reverse(name, args=[game.circle.slug, game.slug, hand])


def confirm(client: Client, night: ClubNight, table: NightTable, version: int) -> Any:
    return client.post(night_url(night, "club_confirm"), {"table": table.pk, "version": version})


@pytest.mark.django_db
class TestSettingUp:
    def test_fixed_teams_confirm_results_by_default_and_rotating_does_not(
        self, client: Client, circle: Circle
    ) -> None:
        assert set_up(client, circle, FOUR, **PAIRS).confirm_results
        other = Circle.objects.create(name="Saturday")
        assert not set_up(client, other, FOUR).confirm_results

    def test_the_organiser_can_turn_confirmation_on_for_a_rotating_night(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, confirm="yes")
        assert night.confirm_results
        other = Circle.objects.create(name="Saturday")
        assert not set_up(client, other, FOUR, **PAIRS, confirm="no").confirm_results


@pytest.mark.django_db
class TestConfirming:
    def test_a_finished_table_is_provisional_until_the_other_side_confirms(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        page = client.get(night_url(night) + "?stay=1")
        assert "Provisional: a player of the other side confirms it." in page.content.decode()
        assert all(s.provisional for s in page.context["standings"])
        after = client.get(night_url(night, "club_standings"), {"after": "1"})
        assert all(s.provisional for s in after.context["standings"])
        assert "(provisional)" in after.content.decode()
        loser = sides(game)[0][0]
        answer = confirm(phone_of(night, loser), night, table, game.version)
        assert answer.status_code == 302
        table.refresh_from_db()
        assert table.confirmed and table.confirmed_by == loser
        page = client.get(night_url(night) + "?stay=1")
        assert "Confirmed by" in page.content.decode() and loser in page.content.decode()
        assert not any(s.provisional for s in page.context["standings"])
        after = client.get(night_url(night, "club_standings"), {"after": "1"})
        assert not any(s.provisional for s in after.context["standings"])

    def test_the_confirm_button_shows_only_on_a_phone_of_the_other_side(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        _, game = played_table(client, night)
        confirming, winning = sides(game)
        url = night_url(night) + "?stay=1"
        assert "Confirm the result" in phone_of(night, confirming[0]).get(url).content.decode()
        assert "Confirm the result" not in phone_of(night, winning[0]).get(url).content.decode()
        assert "Confirm the result" not in Client().get(url).content.decode()

    def test_the_winning_side_and_a_phone_of_nobody_are_refused_naming_who_confirms(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        confirming, winning = sides(game)
        for phone in (phone_of(night, winning[0]), Client()):
            answer = confirm(phone, night, table, game.version)
            assert answer.status_code == 409
            said = answer.content.decode()
            assert "Only a phone of the other side confirms this result" in said
            assert all(name in said for name in confirming)
        table.refresh_from_db()
        assert not table.confirmed

    def test_a_table_still_being_played_is_not_confirmed(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        table = night.rounds.get().tables.get()
        answer = confirm(phone_of(night, "Ben"), night, table, table.game.version)
        assert answer.status_code == 409
        assert "still being played" in answer.content.decode()

    def test_a_confirmation_crossing_a_correction_is_refused_saying_the_result_now(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        shown = game.version
        first = game.live_hands().get(number=1)
        game.edit_hand(first.pk, {**first.facts, "card_points": [52, 100]}, first.version)
        game.refresh_from_db()
        answer = confirm(phone_of(night, sides(game)[0][0]), night, table, shown)
        assert answer.status_code == 409
        said = answer.content.decode()
        assert "The result changed since your phone showed it" in said
        assert " – ".join(str(t) for t in game.totals) in said
        table.refresh_from_db()
        assert table.confirmed_version is None

    def test_two_phones_confirming_the_same_result_confirm_it_once(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        confirming = sides(game)[0]
        first = confirm(phone_of(night, confirming[0]), night, table, game.version)
        second = confirm(phone_of(night, confirming[1]), night, table, game.version)
        assert first.status_code == second.status_code == 302
        table.refresh_from_db()
        assert table.confirmed_by == confirming[0]
        assert not NightChange.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_phones_confirming_at_the_same_moment_confirm_once() -> None:
    """Both were shown the same version and send at once: the table's row lock puts one
    after the other; the second finds the result confirmed and confirms nothing more."""
    circle = Circle.objects.create(name="Friday")
    client = Client()
    night = set_up(client, circle, FOUR, **PAIRS)
    table, game = played_table(client, night)
    confirming = sides(game)[0]
    numbers = [night.entrants.get(player__name=n).number for n in confirming]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def phone(number: int) -> None:
        try:
            barrier.wait()
            done = confirm_result(
                ClubNight.objects.get(pk=night.pk), table.pk, game.version, number
            )
            outcomes.append(done.confirmed_by)
        except Conflict:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(n,)) for n in numbers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    table.refresh_from_db()
    assert outcomes.count(table.confirmed_by) == 2 and table.confirmed_by in confirming


@pytest.mark.django_db
class TestCorrections:
    def confirmed(self, client: Client, circle: Circle) -> tuple[ClubNight, NightTable, Game]:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        confirm(phone_of(night, sides(game)[0][0]), night, table, game.version)
        return night, table, game

    def edit(self, phone: Client, game: Game, number: int, **points: str) -> Any:
        hand = game.live_hands().get(number=number)
        data = {**hand_post(**points), "version": str(hand.version), "number": str(number)}
        data["dealer"] = str(hand.facts["dealer"])
        data["caller"] = str(hand.facts["caller"])
        return phone.post(game_url(game, "hand_edit", hand.pk), data)

    def test_the_organiser_correcting_a_confirmed_result_is_logged_and_unconfirms_it(
        self, client: Client, circle: Circle
    ) -> None:
        night, table, game = self.confirmed(client, circle)
        was = list(game.totals)
        answer = self.edit(client, game, 1, points_0="52", points_1="100")
        assert answer.status_code == 302
        game.refresh_from_db()
        assert game.totals != was
        change = NightChange.objects.get()
        assert change.organiser and change.hand == 1
        assert (change.was, change.now) == (was, list(game.totals))
        assert (change.round_number, change.table_number) == (1, 1)
        table.refresh_from_db()
        assert not table.confirmed
        page = client.get(night_url(night) + "?stay=1").content.decode()
        assert "Changes to confirmed results" in page
        assert "by the organiser" in page.replace("<bdi>", "").replace("</bdi>", "")
        assert f"{' – '.join(map(str, was))} → {' – '.join(map(str, game.totals))}" in page

    def test_a_player_phone_correcting_is_logged_with_its_name_and_needs_confirming_again(
        self, client: Client, circle: Circle
    ) -> None:
        night, table, game = self.confirmed(client, circle)
        winner = sides(game)[1][0]
        answer = self.edit(phone_of(night, winner), game, 2, points_0="60", points_1="92")
        assert answer.status_code == 302
        assert NightChange.objects.get().phone == winner
        game.refresh_from_db()
        confirming = sides(game)[0][0]
        page = phone_of(night, confirming).get(night_url(night) + "?stay=1")
        assert "Confirm the result" in page.content.decode()
        again = confirm(phone_of(night, confirming), night, table, game.version)
        assert again.status_code == 302
        table.refresh_from_db()
        assert table.confirmed

    def test_removing_a_hand_of_a_confirmed_result_is_logged(
        self, client: Client, circle: Circle
    ) -> None:
        night, table, game = self.confirmed(client, circle)
        hand = game.live_hands().get(number=2)
        url = game_url(game, "hand_delete", hand.pk)
        client.post(url, {"version": hand.version, "number": 2})
        change = NightChange.objects.get()
        assert change.hand == 2 and change.organiser

    def test_removing_a_confirmed_table_s_game_is_logged_without_a_hand(
        self, client: Client, circle: Circle
    ) -> None:
        night, table, game = self.confirmed(client, circle)
        url = reverse("game_remove", args=[circle.slug, game.slug])
        assert client.post(url).status_code == 302
        change = NightChange.objects.get()
        assert change.hand is None and change.organiser
        table.refresh_from_db()
        assert not table.confirmed

    def test_a_change_to_an_unconfirmed_result_is_not_logged(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        _, game = played_table(client, night)
        assert self.edit(client, game, 1, points_0="52", points_1="100").status_code == 302
        assert not NightChange.objects.exists()


def night_url_of(night: ClubNight, name: str, **query: Any) -> str:
    url = night_url(night, name)
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.mark.django_db
class TestStandingsAndHeadToHead:
    def two_rounds(self, client: Client, circle: Circle) -> ClubNight:
        night = set_up(client, circle, [*FOUR, "Eve"])
        for number in (1, 2):
            start(client, night)
            play_round(night, number)
        return night

    def test_the_standings_after_round_1_are_the_command_line_of_round_1_alone(
        self, client: Client, circle: Circle
    ) -> None:
        night = self.two_rounds(client, circle)
        record = night.night().to_dict()
        record["rounds"] = record["rounds"][:1]
        expected = command_line(record)["standings"]
        page = client.get(night_url_of(night, "club_standings", after=1))
        rows = page.context["standings"]
        assert [(r.rank, r.name, r.points_for, r.tied) for r in rows] == [
            (s["rank"], s["name"], s["points_for"], s["tied"]) for s in expected
        ]
        assert "Standings after round 1" in page.content.decode()

    def test_the_standings_without_a_round_are_after_every_round(
        self, client: Client, circle: Circle
    ) -> None:
        night = self.two_rounds(client, circle)
        expected = command_line(night.night().to_dict())["standings"]
        for query in ({}, {"after": "9"}, {"after": "x"}, {"after": "٢"}):
            page = client.get(night_url(night, "club_standings"), query)
            assert page.status_code == 200
            rows = page.context["standings"]
            assert [(r.name, r.points_for) for r in rows] == [
                (s["name"], s["points_for"]) for s in expected
            ]

    def test_a_tie_broken_only_by_the_draw_shows_an_equals_sign(
        self, client: Client, circle: Circle
    ) -> None:
        night = self.two_rounds(client, circle)
        read = read_night(night.night().to_dict())
        ranked = standings(read.entrants, read.results()[:1], read.event.rank_by)
        tied = [r.standing.name for r in ranked if r.tied]
        assert tied  # partners score alike: a tie on every key but the draw
        page = client.get(night_url_of(night, "club_standings", after=1)).content.decode()
        assert '<td class="num">=</td>' in page

    def test_the_head_to_head_lists_the_games_two_players_played_against_each_other(
        self, client: Client, circle: Circle
    ) -> None:
        night = self.two_rounds(client, circle)
        numbers = {e.player.name: e.number for e in night.entrants.all()}
        expected = []
        for r in night.rounds.order_by("number"):
            for t in r.tables.all():
                names = t.game.player_names()
                if "Ann" in names and "Ben" in names:
                    a, b = names.index("Ann") % 2, names.index("Ben") % 2
                    if a != b:
                        expected.append((r.number, t.number, t.game.totals[a], t.game.totals[b]))
        page = client.get(
            night_url(night, "club_head_to_head"),
            {"first": numbers["Ann"], "second": numbers["Ben"]},
        )
        assert page.status_code == 200
        got = [(m.round, m.table, m.first_total, m.second_total) for m in page.context["meetings"]]
        assert got == expected
        assert page.context["first_points"] == sum(e[2] for e in expected)
        if not expected:
            assert "They have not played against each other tonight." in page.content.decode()

    def test_the_head_to_head_of_one_entrant_with_itself_is_refused(
        self, client: Client, circle: Circle
    ) -> None:
        night = self.two_rounds(client, circle)
        page = client.get(night_url(night, "club_head_to_head"), {"first": "1", "second": "1"})
        assert page.status_code == 400
        assert "Pick two different entrants." in page.content.decode()
        page = client.get(night_url(night, "club_head_to_head"), {"first": "1", "second": "99"})
        assert page.status_code == 400


def night_of_tables(client: Client, circle: Circle, tables: int, rounds: int) -> ClubNight:
    names = [f"P{n}" for n in range(1, tables * 4 + 1)]
    night = set_up(client, circle, names, rounds="5", confirm="yes")
    for number in range(1, rounds + 1):
        start(client, night)
        play_round(night, number)
    return night


def queries(client: Client, url: str, status: int = 200) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == status
    return len(captured.captured_queries)


@pytest.mark.django_db
def test_the_night_pages_take_as_many_queries_for_6_tables_as_for_2(client: Client) -> None:
    small = night_of_tables(client, Circle.objects.create(name="Two"), 2, 2)
    large = night_of_tables(client, Circle.objects.create(name="Six"), 6, 2)
    for night in (small, large):
        night.refresh_from_db()
    for name, query in (
        ("club_night", "?stay=1"),
        ("club_standings", ""),
        ("club_head_to_head", "?first=1&second=2"),
    ):
        counts = [queries(client, night_url(n, name) + query) for n in (small, large)]
        assert counts[0] == counts[1], (name, counts)
    # A phone that chose its player while a round is played is sent to its table.
    for night in (small, large):
        start(client, night)
    counts = [queries(phone_of(n, "P5"), night_url(n), 302) for n in (small, large)]
    assert counts[0] == counts[1]
    counts = [queries(client, night_url(n) + "?stay=1") for n in (small, large)]
    assert counts[0] == counts[1]

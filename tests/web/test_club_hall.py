"""A club night's hall display: every table's score and hand count after hands are saved,
the next round's seating between rounds, the standings, paged so that a screen never
scrolls; its poll answers 204 while nothing changed and the live part after a hand saved
by another phone, in the same number of queries for 2 tables as for 20; a foreign or
unknown night is 404, and no parameter makes a 5xx."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.db import connection, reset_queries
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine.club.night import read_night
from games.models import Circle, ClubNight, Game
from games.models.club_changes import (
    create_night,
    end_round,
    night_record,
    set_withdrawn,
    start_round,
)
from games.pages.club_hall import STANDINGS_A_PAGE, TABLES_A_PAGE, hall_page, paged
from tests.conftest import hand_id, hand_post, klob_hand

FIRST = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo"]
LAST = ["Keller", "Okafor", "Yılmaz", "Novak", "Haddad", "Lindqvist", "Moreau", "Tanaka"]
# Eighty different players, as a big club's night has them.
PEOPLE = [f"{first} {last}" for last in LAST for first in FIRST]


def club_night(circle: Circle, players: int, deals: int = 4, rounds: int = 4) -> ClubNight:
    """A rotating Klaberjass night of `players` (a multiple of 4 fills every table), round 1
    started."""
    event = {"format": "rotating", "rounds": rounds, "round_length": deals}
    record = night_record("klaberjass", {}, event, PEOPLE[:players])
    night = create_night(circle, read_night(record))
    start_round(night, night.version)
    night.refresh_from_db()
    return night


def tables(night: ClubNight, number: int = 1) -> list[Game]:
    played = night.rounds.get(number=number)
    return [t.game for t in played.table_rows()]


def save_hand(game: Game, points: tuple[int, int] = (96, 56)) -> None:
    game.refresh_from_db()
    dealer = game.next_hand_dealer
    game.record_hand(klob_hand(dealer=dealer, caller=dealer, card_points=list(points)))


def hall_url(night: ClubNight, name: str = "club_hall") -> str:
    return reverse(name, args=[night.circle.slug, night.slug])


def shown_tables(page: str) -> dict[int, tuple[list[str], str]]:
    """Each table the display shows: its totals, and its count of hands ("2 hand", plural
    aside)."""
    shown = {}
    for block in re.findall(r'<li class="hall-table.*?</li>', page, flags=re.S):
        number = re.search(r"Table (\d+)", block)
        hands = re.search(r'class="hall-hands">(\d+ hand)', block)
        assert number and hands, block
        totals = re.findall(r'<p class="hall-total">(-?\d+)</p>', block)
        shown[int(number.group(1))] = (totals, hands.group(1))
    return shown


def version_of(page: str) -> str:
    found = re.search(r'id="hall-live"[^>]*data-v="([^"]+)"', page)
    assert found, page[:2000]
    return found.group(1)


@pytest.mark.django_db
class TestHallDisplay:
    def test_it_shows_every_table_s_totals_and_hands_after_hands_are_saved(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 12)
        games = tables(night)
        save_hand(games[0])
        save_hand(games[0], (52, 100))
        save_hand(games[2])
        page = client.get(hall_url(night)).content.decode()
        shown = shown_tables(page)
        for number, game in enumerate(games, start=1):
            game.refresh_from_db()
            assert shown[number] == ([str(t) for t in game.totals], f"{game.hand_count} hand")
        assert [shown[n][1] for n in (1, 2, 3)] == ["2 hand", "0 hand", "1 hand"]
        for name in PEOPLE[:12]:
            assert name in page
        assert "Round 1 of 4" in page

    def test_a_table_ahead_is_marked_leading(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        save_hand(tables(night)[0])
        page = client.get(hall_url(night)).content.decode()
        assert page.count("hall-side leads") == 1

    def test_between_rounds_it_shows_the_next_round_s_seating(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 8, deals=1)
        for game in tables(night):
            save_hand(game)
        page = client.get(hall_url(night)).content.decode()
        assert "Round 2: the seating" in page
        proposal = night.proposal(night.night())
        for table in proposal.tables:
            for name in table:
                assert name in page
        assert "hall-total" not in page.split('id="hall-standings-title"')[0]
        assert "Standings" in page

    def test_a_round_ended_early_shows_the_seating_too(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        end_round(night, night.version)
        assert "Round 2: the seating" in client.get(hall_url(night)).content.decode()

    def test_no_standings_show_while_the_first_round_is_played(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        save_hand(tables(night)[0])
        page = client.get(hall_url(night)).content.decode()
        assert "Round 1 of 4" in page and 'id="hall-standings-title"' not in page

    def test_the_last_round_over_shows_the_final_standings(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4, deals=1, rounds=1)
        save_hand(tables(night)[0])
        page = client.get(hall_url(night)).content.decode()
        assert "Final standings" in page and "Round 1: final scores" in page

    def test_twenty_tables_and_eighty_players_are_paged(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 80)
        # Round 1 ended: its standings, and round 2's seating, twenty tables.
        end_round(night, night.version)
        night.refresh_from_db()
        context = hall_page(night)
        assert [len(p.items) for p in context["table_pages"]] == [9, 9, 2]
        assert len(context["standing_pages"]) == -(-80 // STANDINGS_A_PAGE)
        # Each turn shows the next page of each pager, alone.
        later = hall_page(night, turn=4)
        assert [p.shown for p in later["table_pages"]] == [False, True, False]
        page = client.get(hall_url(night), {"p": "1"}).content.decode()
        assert page.count('class="hall-page" data-page') == 3 + len(context["standing_pages"])
        assert 'http-equiv="refresh" content="12;url=?p=2"' in page

    def test_paged_splits_in_order_and_shows_one_page(self) -> None:
        pages = paged(list(range(20)), TABLES_A_PAGE, 5)
        assert [list(p.items) for p in pages] == [list(range(9)), list(range(9, 18)), [18, 19]]
        assert [p.shown for p in pages] == [False, False, True]
        assert [p.shown for p in paged([], 9, 3)] == [True]

    def test_the_night_page_links_to_it(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        page = client.get(hall_url(night, "club_night"), {"stay": "1"}).content.decode()
        assert f'href="{hall_url(night)}"' in page and "Hall display" in page

    def test_a_dark_or_light_screen_is_chosen_by_a_link_and_nothing_else(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        assert (
            'class="scheme-dark"'
            in client.get(hall_url(night), {"scheme": "dark"}).content.decode()
        )
        page = client.get(hall_url(night), {"scheme": '"><script>'}).content.decode()
        assert "scheme-" not in page and "<script>" not in page

    def test_it_carries_no_inline_script_or_style_and_no_form(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        response = client.get(hall_url(night))
        page = response.content.decode()
        assert "script-src 'self'" in response["Content-Security-Policy"]
        assert not re.search(r"<script(?![^>]*\bsrc=)", page)
        assert "<style" not in page and " style=" not in page and "<form" not in page


@pytest.mark.django_db
class TestHallPoll:
    def test_it_says_unchanged_then_changed_after_another_phone_saves_a_hand(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 8)
        version = version_of(client.get(hall_url(night)).content.decode())
        live = hall_url(night, "club_hall_live")
        assert client.get(live, {"v": version}).status_code == 204
        game = tables(night)[1]
        phone = Client()
        data = {
            "dealer": str(game.next_hand_dealer),
            "caller": str(game.next_hand_dealer),
            "trump": "H",
            "points_0": "96",
            "points_1": "56",
            "last_trick": "0",
            "key": "hall-phone-1",
        }
        saved = phone.post(reverse("hand_record", args=[circle.slug, game.slug]), data)
        assert saved.status_code in (200, 302), saved.content.decode()[:1000]
        answer = client.get(live, {"v": version})
        assert answer.status_code == 200
        fragment = answer.content.decode()
        assert version_of(fragment) != version and "<html" not in fragment
        game.refresh_from_db()
        assert game.hand_count == 1 and "1 hand" in fragment
        assert client.get(live, {"v": version_of(fragment)}).status_code == 204

    def test_a_hand_edited_by_its_identity_on_another_phone_is_shown(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        game = tables(night)[0]
        save_hand(game)
        version = version_of(client.get(hall_url(night)).content.decode())
        live = hall_url(night, "club_hall_live")
        hand = hand_id(game, 1)
        game.refresh_from_db()
        data = hand_post(dealer=game.first_dealer, caller=game.first_dealer, version=1)
        data.update(points_0="60", points_1="92")
        edited = Client().post(reverse("hand_edit", args=[circle.slug, game.slug, hand]), data)
        assert edited.status_code in (200, 302), edited.content.decode()[:1000]
        game.refresh_from_db()
        answer = client.get(live, {"v": version})
        assert answer.status_code == 200
        shown = shown_tables(answer.content.decode())
        assert shown[1] == ([str(t) for t in game.totals], "1 hand")
        assert game.live_hands().get().pk == hand

    def test_a_hand_and_starting_a_round_each_change_the_version(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4, deals=1)
        live = hall_url(night, "club_hall_live")
        before = version_of(client.get(hall_url(night)).content.decode())
        save_hand(tables(night)[0])
        after_hand = version_of(client.get(live, {"v": before}).content.decode())
        night.refresh_from_db()
        start_round(night, night.version)
        after_start = version_of(client.get(live, {"v": after_hand}).content.decode())
        assert len({before, after_hand, after_start}) == 3

    def test_a_withdrawal_between_rounds_redraws_the_seating_without_them(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 5, deals=1)
        save_hand(tables(night)[0])
        live = hall_url(night, "club_hall_live")
        version = version_of(client.get(hall_url(night)).content.decode())
        seated = [name for table in night.proposal(night.night()).tables for name in table]
        gone = seated[0]
        night.refresh_from_db()
        number = night.entrants.get(player__name=gone).number
        set_withdrawn(night, night.version, number, True)
        answer = client.get(live, {"v": version})
        assert answer.status_code == 200
        seating = answer.content.decode().split('id="hall-standings-title"')[0]
        assert "Round 2: the seating" in seating and gone not in seating

    def test_an_unchanged_poll_is_one_query(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 8)
        version = version_of(client.get(hall_url(night)).content.decode())
        with CaptureQueriesContext(connection) as queries:
            assert client.get(hall_url(night, "club_hall_live"), {"v": version}).status_code == 204
        assert len([q for q in queries if "games_" in q["sql"]]) == 1

    def test_the_poll_takes_as_many_queries_for_20_tables_as_for_2(
        self, client: Client, circle: Circle
    ) -> None:
        counts = []
        for players in (8, 80):
            night = club_night(circle, players)
            for game in tables(night):
                save_hand(game)
                save_hand(game, (52, 100))
            live = hall_url(night, "club_hall_live")
            # The log of queries keeps the last 9,000: the night's set-up filled it.
            reset_queries()
            with CaptureQueriesContext(connection) as changed:
                assert client.get(live, {"v": "0"}).status_code == 200
            version = version_of(client.get(hall_url(night)).content.decode())
            with CaptureQueriesContext(connection) as unchanged:
                assert client.get(live, {"v": version}).status_code == 204
            counts.append((len(changed), len(unchanged)))
        assert counts[0] == counts[1] and counts[0][1] == 1

    def test_a_hand_of_the_round_being_played_reads_the_earlier_rounds_no_more(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 8, deals=2)
        for game in tables(night):
            save_hand(game)
            save_hand(game)
        start_round(night, night.version)
        night.refresh_from_db()
        live = hall_url(night, "club_hall_live")
        assert client.get(live, {"v": "0"}).status_code == 200
        save_hand(tables(night, 2)[0])
        with CaptureQueriesContext(connection) as changed:
            page = client.get(live, {"v": "0"}).content.decode()
        assert not [q for q in changed if "games_entrant" in q["sql"]]
        assert shown_tables(page)[1] == (["106", "56"], "1 hand")

    def test_a_correction_to_an_earlier_round_changes_the_standings_shown(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 8, deals=1)
        first = tables(night)
        for game in first:
            save_hand(game)
        start_round(night, night.version)
        night.refresh_from_db()
        save_hand(tables(night, 2)[0])
        live = hall_url(night, "club_hall_live")
        before = client.get(live, {"v": "0"}).content.decode()
        assert ">106</td>" in before and ">100</td>" not in before
        game = first[0]
        game.refresh_from_db()
        hand = game.live_hands().get()
        # Ann's side now fails: Ben & Dov take all 152 and the last trick.
        game.edit_hand(hand.pk, klob_hand(dealer=0, caller=0, card_points=[50, 102]), hand.version)
        after = client.get(live, {"v": "0"}).content.decode()
        assert ">162</td>" in after and after != before
        assert "Round 2 of 4" in after

    def test_an_unchanged_poll_of_20_tables_answers_within_30_ms(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 80)
        for game in tables(night):
            save_hand(game)
        version = version_of(client.get(hall_url(night)).content.decode())
        live = hall_url(night, "club_hall_live")
        samples = []
        for _ in range(9):
            start = time.perf_counter()
            assert client.get(live, {"v": version}).status_code == 204
            samples.append(time.perf_counter() - start)
        assert sorted(samples)[len(samples) // 2] < 0.030


@pytest.mark.django_db
class TestHallAccess:
    def test_a_foreign_or_unknown_night_is_404(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        other = Circle.objects.create(name="Other")
        for name in ("club_hall", "club_hall_live"):
            foreign = reverse(name, args=[other.slug, night.slug])
            assert client.get(foreign).status_code == 404
            unknown = reverse(name, args=[circle.slug, "nosuchnight"])
            assert client.get(unknown).status_code == 404

    @pytest.mark.parametrize(
        "query",
        [
            {"p": "99999999999999999999999"},
            {"p": "-1"},
            {"p": "٣"},
            {"p": "1\x00"},
            {"v": "\x00" * 3000},
            {"v": "1.2.3", "p": "x"},
            {"scheme": "%ff\xff"},
        ],
    )
    def test_hostile_parameters_never_make_a_5xx(
        self, client: Client, circle: Circle, query: dict[str, Any]
    ) -> None:
        night = club_night(circle, 4)
        for name in ("club_hall", "club_hall_live"):
            assert client.get(hall_url(night, name), query).status_code in (200, 204)

    def test_a_slug_of_any_bytes_is_404(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        path = hall_url(night).replace(night.slug, "%00%ff" + "x" * 40)
        assert client.get(path).status_code == 404

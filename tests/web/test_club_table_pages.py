"""What a club night's pages say about its tables and rounds: a table's game page (over, it
leads back to the night and offers the confirmation this phone may give, never a rematch; a
round of N deals says its deal, never a target), the round lists by side in the team
formats, late teams in the pair formats (a round robin takes one before its first round
only), and the page's small sentences (no standings before a round is over, the night over,
who sits out now and who sat out, and a phone whose player sits out told so)."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import get_variant
from games.engine.club.night import layout_of
from games.engine.club.seating import sides_of
from games.models import Circle, ClubNight, Game
from tests.conftest import organiser
from tests.web.test_club_nights import NAMES, night_url, play_round, set_up, start
from tests.web.test_club_results import FOUR, PAIRS, phone_of, played_table, sides


def game_page(phone: Client, game: Game) -> str:
    return phone.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()


def stay(night: ClubNight) -> str:
    return night_url(night) + "?stay=1"


@pytest.mark.django_db
class TestTheTablesGamePage:
    def test_a_table_over_leads_back_to_the_night_and_offers_no_rematch(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        _, game = played_table(client, night)
        page = game_page(phone_of(night, sides(game)[1][0]), game)
        assert "Back to the night" in page and f'href="{stay(night)}"' in page
        assert "Rematch" not in page and "New game" not in page
        assert "Confirm the result" not in page  # the winning side's phone

    def test_a_phone_of_the_other_side_confirms_the_result_from_the_game_page(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        loser = sides(game)[0][0]
        phone = phone_of(night, loser)
        page = game_page(phone, game)
        assert "Provisional: a player of the other side confirms it." in page
        assert "Confirm the result " + " – ".join(map(str, game.totals)) in page
        form = page.split(f'action="{night_url(night, "club_confirm")}"')[1].split("</form>")[0]
        posted = dict(re.findall(r'name="(table|version|back)" value="(\w+)"', form))
        assert posted == {"table": str(table.pk), "version": str(game.version), "back": "table"}
        answer = phone.post(night_url(night, "club_confirm"), posted)
        # Back on the table's own page, which shows the result confirmed.
        assert answer.status_code == 302
        assert answer["Location"] == reverse("game", args=[circle.slug, game.slug])
        table.refresh_from_db()
        assert table.confirmed_by == loser
        page = game_page(phone, game)
        assert f"Confirmed by {loser}" in page and "Confirm the result" not in page

    def test_confirming_from_the_table_s_page_with_script_redraws_that_page(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        loser = sides(game)[0][0]
        phone = phone_of(night, loser)
        page = game_page(phone, game)
        assert f'hx-post="{night_url(night, "club_confirm")}" hx-target="#play"' in page
        posted = {"table": table.pk, "version": game.version, "back": "table"}
        answer = phone.post(night_url(night, "club_confirm"), posted, HTTP_HX_REQUEST="true")
        drawn = answer.content.decode()
        assert answer.status_code == 200 and drawn.lstrip().startswith('<div id="play"')
        assert f"Confirmed by {loser}" in drawn and "Back to the night" in drawn

    def test_a_confirmation_refused_on_the_table_s_page_says_why_there(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        table, game = played_table(client, night)
        phone = phone_of(night, sides(game)[0][0])
        stale = {"table": table.pk, "version": game.version - 1, "back": "table"}
        for script in ({}, {"HTTP_HX_REQUEST": "true"}):
            answer = phone.post(night_url(night, "club_confirm"), stale, **script)
            assert answer.status_code == 409
            drawn = answer.content.decode()
            assert 'id="play"' in drawn and "Confirm the result" in drawn
            assert "Standings" not in drawn
        table.refresh_from_db()
        assert not table.confirmed

    def test_a_table_offers_no_change_of_rules_and_refuses_one(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        game = Game.objects.get(club_table__round__night=night)
        settings, version = dict(game.settings), game.version
        rules = reverse("game_rules", args=[circle.slug, game.slug])
        assert rules not in game_page(client, game)
        said = "This game is a table of a club night: it plays the night’s target"
        for answer in (client.get(rules), client.post(rules, {"action": "save", "target": "900"})):
            assert answer.status_code == 403 and said in answer.content.decode()
        game.refresh_from_db()
        assert (game.settings, game.version) == (settings, version)
        other = Game.create(circle, "klaberjass", FOUR, {})
        ordinary = reverse("game_rules", args=[circle.slug, other.slug])
        assert ordinary in game_page(client, other)
        assert client.get(ordinary).status_code == 200

    def test_a_table_offers_no_change_of_players_and_refuses_one(
        self, client: Client, circle: Circle
    ) -> None:
        """A table phone renaming or reseating a player would credit the night's results to
        someone the round never seated (the night's record would no longer read)."""
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        game = Game.objects.get(club_table__round__night=night)
        names, version = game.player_names(), game.version
        seats = reverse("game_players", args=[circle.slug, game.slug])
        assert seats not in game_page(client, game)
        said = "This game is a table of a club night: its players and seats are the round’s"
        posted = {"action": "save", "version": str(version)}
        posted |= {f"player_{i}": name for i, name in enumerate(["Stranger", *names[1:]])}
        for answer in (client.get(seats), client.post(seats, posted)):
            assert answer.status_code == 403 and said in answer.content.decode()
        game.refresh_from_db()
        assert (game.player_names(), game.version) == (names, version)
        assert client.get(night_url(night, "club_export")).status_code == 200
        other = Game.create(circle, "klaberjass", FOUR, {})
        ordinary = reverse("game_players", args=[circle.slug, other.slug])
        assert ordinary in game_page(client, other)
        assert client.get(ordinary).status_code == 200

    def test_an_ordinary_game_over_still_offers_a_rematch(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        _, game = played_table(client, night)
        other = Game.create(circle, "klaberjass", FOUR, game.engine_settings().full_dict())
        for hand in game.engine_hands():
            other.record_hand(hand.to_dict())
        other.refresh_from_db()
        assert other.is_finished
        page = game_page(client, other)
        assert "Rematch" in page and "Back to the night" not in page

    def test_a_round_of_deals_says_its_deal_and_draws_no_target(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR)
        start(client, night)
        game = night.rounds.get().tables.get().game
        page = game_page(client, game)
        assert "deal 1 of 2" in page
        assert "<progress" not in page and 'class="target"' not in page
        plain = Game.create(circle, "klaberjass", FOUR, {})
        assert "<progress" in game_page(client, plain)

    def test_a_hoskin_table_of_deals_says_its_deal_too(self) -> None:
        hoskin = get_variant("hoskin")
        settings = hoskin.for_deals(hoskin.settings(), 3)
        assert hoskin.progress(settings, 1) == "deal 2 of 3"
        assert "3000" in hoskin.progress(hoskin.settings(), 1)


@pytest.mark.django_db
class TestRoundLists:
    def test_a_team_format_lists_each_table_by_side(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        game = night.rounds.get().tables.get().game
        players = game.player_names()
        grouped = sides_of(players, layout_of(get_variant("klaberjass")))
        said = " v ".join(" & ".join(side) for side in grouped)
        page = client.get(stay(night)).content.decode()
        shown = html.unescape(re.sub(r"<[^>]+>|[\u2066-\u2069]", "", page))
        assert said in shown and ", ".join(players) not in shown


@pytest.mark.django_db
class TestLateTeams:
    def test_a_late_team_in_pairs_is_seated_from_the_next_round(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        start(client, night)
        play_round(night, 1)
        night.refresh_from_db()
        page = client.get(stay(night)).content.decode()
        assert "A team that came late" in page
        data = {"version": night.version, "name": "Finn", "partner": "Gus"}
        assert client.post(night_url(night, "club_late"), data).status_code == 302
        record = night.night().to_dict()
        assert ["Finn", "Gus"] in record["teams"]
        assert record["rounds"][0]["absent"] == ["Finn & Gus"]
        start(client, night)
        second = night.rounds.get(number=2)
        seated = {p for t in second.tables.all() for p in t.game.player_names()}
        out = night.night().to_dict()["rounds"][1].get("byes", [])
        assert {"Finn", "Gus"} <= seated or "Finn & Gus" in out

    def test_two_phones_adding_the_same_late_team_add_it_once(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        data = {"version": night.version, "name": "Finn", "partner": "Gus"}
        first = client.post(night_url(night, "club_late"), data)
        second = organiser(night).post(night_url(night, "club_late"), data)
        assert first.status_code == 302 and second.status_code == 409
        assert "Another phone changed this night" in second.content.decode()
        assert night.entrants.count() == 6

    def test_a_late_team_with_one_name_twice_or_missing_is_refused_keeping_what_was_typed(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        url = night_url(night, "club_late")
        twice = client.post(url, {"version": night.version, "name": "Finn", "partner": "finn"})
        assert twice.status_code == 400
        said = twice.content.decode()
        assert "A team is two different players." in said and 'value="finn"' in said
        missing = client.post(url, {"version": night.version, "name": "Finn", "partner": ""})
        assert "Type their partner’s name." in missing.content.decode()
        taken = client.post(url, {"version": night.version, "name": "Finn", "partner": "ann"})
        assert (
            taken.status_code == 409 and "Ann is at this night already." in taken.content.decode()
        )
        assert night.entrants.count() == 4 and not circle.players.filter(name="Finn").exists()

    def test_a_round_robin_takes_a_late_team_before_its_first_round_only(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR, format="round_robin", rounds="")
        url = night_url(night, "club_late")
        data = {"version": night.version, "name": "Finn", "partner": "Gus"}
        assert client.post(url, data).status_code == 302
        assert night.entrants.count() == 6
        start(client, night)
        night.refresh_from_db()
        page = client.get(stay(night)).content.decode()
        refusal = "A round robin takes a late team before its first round only"
        assert refusal in page and "A team that came late" not in page
        data = {"version": night.version, "name": "Hal", "partner": "Ida"}
        answer = client.post(url, data)
        assert answer.status_code == 409 and refusal in answer.content.decode()
        assert night.entrants.count() == 6


@pytest.mark.django_db
class TestSmallSentences:
    def test_no_standings_before_a_round_is_over(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        for playing in (False, True):
            page = client.get(stay(night))
            assert "Standings appear after the first round." in page.content.decode()
            assert page.context["standings"] == []
            if not playing:
                start(client, night)
        play_round(night, 1)
        page = client.get(stay(night))
        assert "Standings appear after" not in page.content.decode()
        assert len(page.context["standings"]) == len(NAMES)

    def test_who_sits_out_is_said_in_the_tense_of_the_round(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        start(client, night)
        out = night.entrants.get(number=night.rounds.get().byes[0]).player.name
        page = phone_of(night, out).get(night_url(night)).content.decode()
        assert "Sitting out:" in page and "Sat out:" not in page
        assert f"{out}, you sit out this round." in re.sub("[\u2066-\u2069]", "", page)
        seated = next(n for n in NAMES if n != out)
        assert "you sit out" not in phone_of(night, seated).get(stay(night)).content.decode()
        play_round(night, 1)
        page = phone_of(night, out).get(night_url(night)).content.decode()
        assert "Sat out:" in page and "Sitting out:" not in page and "you sit out" not in page

    def test_the_night_over_is_said_in_a_sentence(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle, FOUR, rounds="1")
        start(client, night)
        play_round(night, 1)
        page = client.get(stay(night)).content.decode()
        assert "All 1 rounds" not in page
        assert "1 round is played: the night is over." in page
        other = set_up(client, Circle.objects.create(name="Saturday"), FOUR, rounds="2")
        for number in (1, 2):
            start(client, other)
            play_round(other, number)
        assert (
            "All 2 rounds are played: the night is over."
            in client.get(stay(other)).content.decode()
        )

"""Who may change a club night: starting and ending rounds, swaps, late arrivals and
withdrawals are its organiser's phones' alone (the phone that set it up, or one that opened
the organiser's link it shows), refused to any other phone with a message naming who can;
players at a table still enter and edit its hands, and the organiser corrects any table;
no key, however made up, makes a 5xx."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Circle, ClubNight, Game
from tests.conftest import hand_post, organiser
from tests.web.test_club_nights import night_url, play_round, set_up, start
from tests.web.test_club_results import FOUR, PAIRS, game_url, phone_of

REFUSED = "Only the night’s organiser can start or end a round"


def organiser_link(night: ClubNight, key: str | None = None) -> str:
    return reverse(
        "club_organiser", args=[night.circle.slug, night.slug, key or night.organiser_key]
    )


def refused(response: Any) -> bool:
    page = response.content.decode()
    return response.status_code == 403 and REFUSED in page and "organiser’s" in page


def changes(night: ClubNight) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each change to the night as a phone posts it."""
    night.refresh_from_db()
    version = {"version": night.version}
    return {
        "start a round": ("club_start", version),
        "end a round": ("club_end", version),
        "the first tap of a swap": ("club_swap", {**version, "pick": 1}),
        "a swap": ("club_swap", {**version, "pick": 1, "held": 2}),
        "a withdrawal": ("club_withdraw", {**version, "number": 1}),
        "a withdrawal of nobody": ("club_withdraw", version),
        "a late arrival": ("club_late", {**version, "name": "Finn"}),
    }


@pytest.mark.django_db
class TestOrganiserOnly:
    @pytest.mark.parametrize(
        "phone",
        ["a phone with no key", "a player's phone", "a phone with a made-up key"],
    )
    def test_every_change_to_the_night_is_refused_to_another_phone(
        self, client: Client, circle: Circle, phone: str
    ) -> None:
        night = set_up(client, circle)
        other = Client() if phone == "a phone with no key" else phone_of(night, "Ben")
        if phone == "a phone with a made-up key":
            other.cookies[f"club-organiser-{night.slug}"] = "x" * 24
        for name, (url, data) in changes(night).items():
            response = other.post(night_url(night, url), data)
            assert refused(response), name
        night.refresh_from_db()
        assert night.version == 0 and not night.rounds.exists()
        assert night.entrants.count() == 5 and not night.entrants.filter(withdrawn=True).exists()

    def test_ending_a_round_early_is_refused_to_a_player_and_done_by_the_organiser(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        start(client, night)
        night.refresh_from_db()
        data = {"version": night.version}
        assert refused(phone_of(night, "Ann").post(night_url(night, "club_end"), data))
        assert night.rounds.get().ended is None
        assert client.post(night_url(night, "club_end"), data).status_code == 302
        assert night.rounds.get().ended is not None

    def test_a_late_team_is_refused_to_another_phone(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle, FOUR, **PAIRS)
        data = {"version": night.version, "name": "Finn", "partner": "Gus"}
        assert refused(Client().post(night_url(night, "club_late"), data))
        assert night.entrants.count() == 4

    def test_another_phone_is_offered_no_change_to_the_night(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        mine = client.get(night_url(night)).content.decode()
        theirs = phone_of(night, "Ben").get(night_url(night)).content.decode()
        for action in ("club_start", "club_swap", "club_withdraw", "club_late"):
            assert night_url(night, action) in mine
            assert night_url(night, action) not in theirs
        assert "Ann" in theirs and "Round 1: the seating" in theirs
        start(client, night)
        theirs = phone_of(night, "Ben").get(night_url(night) + "?stay=1").content.decode()
        assert night_url(night, "club_end") not in theirs
        assert night_url(night, "club_end") in client.get(night_url(night)).content.decode()

    def test_a_bad_key_of_any_kind_never_makes_a_5xx(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        for key in ("", "é", "ÿ\x7f", "A" * 5000, "%00", night.organiser_key[:-1], "null"):
            other = Client()
            other.cookies[f"club-organiser-{night.slug}"] = key
            response = other.post(night_url(night, "club_start"), {"version": night.version})
            assert response.status_code == 403, key
        for key in ("é", "A" * 2000, "%F0%9F", night.organiser_key.upper(), "..", "-"):
            response = Client().get(organiser_link(night, key))
            assert response.status_code in (403, 404), key


@pytest.mark.django_db
class TestOrganiserLink:
    def test_only_an_organiser_s_phone_is_shown_the_link(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        link = organiser_link(night)
        assert link in client.get(night_url(night)).content.decode()
        for phone in (Client(), phone_of(night, "Ben")):
            page = phone.get(night_url(night) + "?stay=1").content.decode()
            assert link not in page and night.organiser_key not in page

    def test_a_phone_that_opens_the_link_becomes_an_organiser_s(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        start(client, night)
        night.refresh_from_db()
        handed = Client()
        opened = handed.get(organiser_link(night))
        assert opened.status_code == 302
        assert opened["Location"] == night_url(night) + "?stay=1"
        page = handed.get(opened["Location"]).content.decode()
        assert organiser_link(night) in page
        assert (
            handed.post(night_url(night, "club_end"), {"version": night.version}).status_code == 302
        )
        assert night.rounds.get().ended is not None
        # The first organiser's phone still is one.
        night.refresh_from_db()
        assert (
            client.post(night_url(night, "club_start"), {"version": night.version}).status_code
            == 302
        )

    def test_a_link_with_another_key_makes_no_organiser(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        other = set_up_other(client, night)
        phone = Client()
        response = phone.get(organiser_link(night, other.organiser_key))
        assert response.status_code == 403
        assert "This organiser’s link is not this night’s" in response.content.decode()
        assert f"club-organiser-{night.slug}" not in response.cookies
        assert refused(phone.post(night_url(night, "club_start"), {"version": night.version}))


def set_up_other(client: Client, night: ClubNight) -> ClubNight:
    """Another night, of another circle."""
    return set_up(Client(), Circle.objects.create(name="Saturday"))


@pytest.mark.django_db
class TestTablesStayOpen:
    def test_a_player_s_phone_saves_and_edits_its_table_s_hands(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, FOUR)
        start(client, night)
        game = night.rounds.get().tables.get().game
        phone = phone_of(night, "Ben")
        url = reverse("hand_record", args=[circle.slug, game.slug])
        assert phone.post(url, hand_post()).status_code == 302
        game.refresh_from_db()
        assert game.hand_count == 1
        hand = game.live_hands().get()
        data = {**hand_post(points_0="52", points_1="100"), "version": str(hand.version)}
        data["number"] = "1"
        assert phone.post(game_url(game, "hand_edit", hand.pk), data).status_code == 302
        game.refresh_from_db()
        assert game.totals != [106, 56]

    def test_the_organiser_corrects_any_table(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle, FOUR)
        start(client, night)
        play_round(night, 1)
        game = Game.objects.get(club_table__round__night=night)
        was = list(game.totals)
        hand = game.live_hands().get(number=1)
        data = {**hand_post(points_0="52", points_1="100"), "version": str(hand.version)}
        data.update(number="1", dealer=str(hand.facts["dealer"]), caller=str(hand.facts["caller"]))
        assert organiser(night).post(game_url(game, "hand_edit", hand.pk), data).status_code == 302
        game.refresh_from_db()
        assert game.totals != was

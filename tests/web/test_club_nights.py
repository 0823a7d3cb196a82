"""A club night on the site: set up in two steps (refusals keep what was typed), each round
proposed by the engine, swapped with two taps and started as one game per table, a round
ended early, late arrivals and withdrawals, the standings as the command line gives them,
and the night's record round-tripping through the engine."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.engine.club.night import read_night
from games.models import Circle, ClubNight, Conflict, Game
from games.models.club_changes import import_night, start_round
from games.models.roster import RosterError, merge
from tests.conftest import klob_hand, organiser

NAMES = ["Ann", "Ben", "Cleo", "Dov", "Eve"]
EVENT = {
    "format": "rotating",
    "rounds": "5",
    "deals": "2",
    "bye_points": "",
    "bye_win": "0.5",
    "rank_by": "points",
}


def new_url(circle: Circle) -> str:
    return reverse("club_new", args=[circle.slug])


def night_url(night: ClubNight, name: str = "club_night") -> str:
    return reverse(name, args=[night.circle.slug, night.slug])


def step_two(client: Client, circle: Circle, names: list[str], **event: Any) -> Any:
    data = {"variant": "klaberjass", **EVENT, **event, "players": "1", "here": names}
    return client.post(new_url(circle), data)


def set_up(client: Client, circle: Circle, names: list[str] = NAMES, **event: Any) -> ClubNight:
    data = {"variant": "klaberjass", **EVENT, **event, "create": "1", "here": names}
    response = client.post(new_url(circle), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return circle.club_nights.get()


def start(client: Client, night: ClubNight) -> Any:
    night.refresh_from_db()
    return client.post(night_url(night, "club_start"), {"version": night.version})


def play_round(night: ClubNight, number: int) -> None:
    """Two deals at every table of round `number`: the first made by the dealer's side, the
    second failed by it."""
    for table in night.rounds.get(number=number).tables.all():
        game = table.game
        for points in ([96, 56], [52, 100]):
            dealer = game.next_dealer
            game.record_hand(klob_hand(dealer=dealer, caller=dealer, card_points=points))
            game.refresh_from_db()


def command_line(record: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "games.engine", "night", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.django_db
class TestSettingUp:
    def test_it_asks_for_the_game_first(self, client: Client, circle: Circle) -> None:
        page = client.get(new_url(circle)).content.decode()
        assert f"{new_url(circle)}?variant=klaberjass" in page

    def test_the_first_step_preselects_the_spec_defaults(
        self, client: Client, circle: Circle
    ) -> None:
        page = client.get(new_url(circle), {"variant": "klaberjass"}).content.decode()
        assert 'value="rotating" checked' in page.replace('id="id_format_0" ', "") or (
            'name="format" value="rotating"' in page and "checked" in page
        )
        assert 'name="rounds" value="4"' in page

    def test_a_number_out_of_range_is_refused_keeping_what_was_typed(
        self, client: Client, circle: Circle
    ) -> None:
        data = {"variant": "klaberjass", **EVENT, "rounds": "31", "deals": "7", "players": "1"}
        response = client.post(new_url(circle), data)
        page = response.content.decode()
        assert response.status_code == 400
        assert "Ensure this value is less than or equal to 30." in page
        assert 'name="deals" value="7"' in page

    def test_digits_other_than_ascii_are_refused(self, client: Client, circle: Circle) -> None:
        data = {"variant": "klaberjass", **EVENT, "rounds": "٤", "players": "1"}
        response = client.post(new_url(circle), data)
        assert response.status_code == 400
        assert "Enter a whole number, in digits 0 to 9." in response.content.decode()

    def test_it_says_what_the_night_will_do(self, client: Client, circle: Circle) -> None:
        page = step_two(client, circle, NAMES).content.decode()
        assert "1 table, 1 sits out each round" in page
        page = step_two(client, circle, [*NAMES, "Finn", "Gus", "Hal", "Ida", "Jo"]).content
        assert "2 tables, 2 sit out each round" in page.decode()

    def test_progressive_says_it_needs_a_multiple_of_four_naming_the_count(
        self, client: Client, circle: Circle
    ) -> None:
        names = [*NAMES, "Finn", "Gus", "Hal", "Ida", "Jo"]
        response = step_two(client, circle, names, format="progressive")
        page = response.content.decode()
        assert "progressive needs a multiple of 4 players, at least 8: 10 are here" in page
        for name in names:  # what was picked is kept
            assert f'name="here" value="{name}"' in page

    def test_creating_a_night_that_does_not_fit_creates_nothing(
        self, client: Client, circle: Circle
    ) -> None:
        data = {"variant": "klaberjass", **EVENT, "format": "progressive", "create": "1"}
        response = client.post(new_url(circle), {**data, "here": NAMES})
        assert response.status_code == 400
        assert not ClubNight.objects.exists()
        assert 'name="format" value="progressive"' in response.content.decode()

    def test_a_tap_on_the_roster_adds_a_member_and_a_second_tap_takes_them_out(
        self, client: Client, circle: Circle
    ) -> None:
        ann = circle.player("Ann")
        data = {"variant": "klaberjass", **EVENT, "here": ["Ben"], "pick": str(ann.pk)}
        page = client.post(new_url(circle), data).content.decode()
        assert 'name="here" value="Ben"' in page and 'name="here" value="Ann"' in page
        data["here"] = ["Ben", "Ann"]
        page = client.post(new_url(circle), data).content.decode()
        assert 'name="here" value="Ann"' not in page

    def test_a_new_name_joins_the_roster_when_the_night_is_created(
        self, client: Client, circle: Circle
    ) -> None:
        data = {"variant": "klaberjass", **EVENT, "here": ["Ann"], "add": "1", "new_name": "Zoë"}
        page = client.post(new_url(circle), data).content.decode()
        assert 'name="here" value="Zoë"' in page
        set_up(client, circle, ["Ann", "Zoë", "Ben", "Cleo"])
        assert circle.players.filter(name="Zoë").exists()

    def test_a_new_name_is_taken_out_again_with_a_tap(self, client: Client, circle: Circle) -> None:
        data = {"variant": "klaberjass", **EVENT, "here": ["Ann", "Zoë"], "drop": "Zoë"}
        page = client.post(new_url(circle), data).content.decode()
        assert 'name="here" value="Ann"' in page and 'name="here" value="Zoë"' not in page

    def test_a_broken_name_is_refused_naming_its_hidden_character(
        self, client: Client, circle: Circle
    ) -> None:
        data = {"variant": "klaberjass", **EVENT, "add": "1", "new_name": "Ann\u202e"}
        response = client.post(new_url(circle), data)
        assert response.status_code == 400
        assert "U+202E" in response.content.decode()

    def test_a_refused_new_name_stays_in_its_box_and_an_added_one_does_not(
        self, client: Client, circle: Circle
    ) -> None:
        typed = "x" * 41
        data = {"variant": "klaberjass", **EVENT, "add": "1", "new_name": typed}
        refused = client.post(new_url(circle), data)
        assert refused.status_code == 400
        assert f'name="new_name" value="{typed}"' in refused.content.decode()
        added = client.post(new_url(circle), {**data, "new_name": "Zoë"}).content.decode()
        assert 'name="here" value="Zoë"' in added and 'name="new_name" value=' not in added

    def test_pairs_take_each_two_in_a_row_as_a_team(self, client: Client, circle: Circle) -> None:
        names = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn"]
        night = set_up(client, circle, names, format="pairs", rounds="3")
        record = night.record()
        assert record["teams"] == [["Ann", "Ben"], ["Cleo", "Dov"], ["Eve", "Finn"]]
        page = step_two(client, circle, names[:5], format="pairs").content.decode()
        assert "Eve is in no team" in page


@pytest.mark.django_db
class TestRounds:
    def test_a_whole_rotating_night_of_five_matches_the_command_line(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        for number in range(1, 6):
            assert start(client, night).status_code == 302
            page = client.get(night_url(night)).content.decode()
            assert f"Round {number}" in page
            play_round(night, number)
        page = client.get(night_url(night))
        assert page.status_code == 200
        record = json.loads(client.get(night_url(night, "club_export")).content)
        assert len(record["rounds"]) == 5
        assert all(len(r["byes"]) == 1 for r in record["rounds"])
        assert sorted(b for r in record["rounds"] for b in r["byes"]) == sorted(NAMES)
        expected = command_line(record)["standings"]
        shown = page.context["standings"]
        assert [(s.rank, s.name, s.tied, s.points_for, s.played) for s in shown] == [
            (s["rank"], s["name"], s["tied"], s["points_for"], s["played"]) for s in expected
        ]
        csv = client.get(night_url(night, "club_standings_csv")).content.decode("utf-8-sig")
        assert csv.splitlines()[1].split(",")[2] == expected[0]["name"]
        # Each table is an ordinary game: in the history, and named on its page.
        game = night.rounds.get(number=2).tables.get().game
        assert game.is_finished and game.hand_count == 2
        assert (
            "Round 2 · Table 1"
            in client.get(reverse("game", args=[circle.slug, game.slug])).content.decode()
        )

    def test_each_round_follows_the_engine_proposal(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        proposal = night.night().propose(night.seed)
        start(client, night)
        table = night.rounds.get(number=1).tables.get()
        assert tuple(table.game.player_names()) == proposal.tables[0]
        assert table.game.settings["deals"] == 2

    def test_a_round_is_not_started_while_the_last_is_played(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        start(client, night)
        response = start(client, night)
        assert response.status_code == 409
        assert "Round 1 is still being played" in response.content.decode()
        assert night.rounds.count() == 1

    def test_two_phones_starting_the_same_round_start_it_once(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        shown = night.version
        first = client.post(night_url(night, "club_start"), {"version": shown})
        second = organiser(night).post(night_url(night, "club_start"), {"version": shown})
        assert first.status_code == 302 and second.status_code == 409
        assert "Another phone changed this night" in second.content.decode()
        assert night.rounds.count() == 1 and Game.objects.count() == 1
        # The refusal shows the night as it now is: round 1 being played.
        assert second.context["playing"]

    def test_two_taps_swap_two_players(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        before = night.night().propose(night.seed)
        seated, out = before.tables[0][0], before.byes[0]
        number = {e.player.name: e.number for e in night.entrants.all()}
        url = night_url(night, "club_swap")
        first = client.post(url, {"version": night.version, "pick": number[seated]})
        assert first.status_code == 200 and first.context["held"] == number[seated]
        second = client.post(
            url, {"version": night.version, "held": number[seated], "pick": number[out]}
        )
        assert second.status_code == 302
        start(client, night)
        table = night.rounds.get().tables.get().game.player_names()
        assert out in table and seated not in table
        assert night.record()["rounds"][0]["byes"] == [seated]

    def test_in_pairs_two_taps_swap_two_teams(self, client: Client, circle: Circle) -> None:
        names = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn"]
        night = set_up(client, circle, names, format="pairs", rounds="3")
        before = night.night().propose(night.seed)
        seated, out = before.tables[0][0], before.byes[0]
        number = {e.player.name: e.number for e in night.entrants.all()}
        partner = {"Ann": "Ben", "Ben": "Ann", "Cleo": "Dov", "Dov": "Cleo", "Eve": "Finn"}
        partner["Finn"] = "Eve"
        other = out.split(" & ")[1]
        url = night_url(night, "club_swap")
        response = client.post(
            url, {"version": night.version, "held": number[seated], "pick": number[other]}
        )
        assert response.status_code == 302
        start(client, night)
        table = night.rounds.get().tables.get().game.player_names()
        assert set(out.split(" & ")) <= set(table)
        assert seated not in table and partner[seated] not in table
        assert night.record()["rounds"][0]["byes"] == [f"{seated} & {partner[seated]}"] or (
            night.record()["rounds"][0]["byes"] == [f"{partner[seated]} & {seated}"]
        )

    def test_a_swap_on_a_stale_page_is_refused(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        url = night_url(night, "club_swap")
        response = client.post(url, {"version": night.version + 1, "held": 1, "pick": 2})
        assert response.status_code == 409

    def test_ending_a_round_early_counts_its_tables_as_they_stand(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        start(client, night)
        game = night.rounds.get().tables.get().game
        game.record_hand(klob_hand(dealer=game.next_dealer, caller=game.next_dealer))
        night.refresh_from_db()
        response = client.post(night_url(night, "club_end"), {"version": night.version})
        assert response.status_code == 302
        page = client.get(night_url(night))
        standings = page.context["standings"]
        assert standings[0].played == 1 and standings[0].won == "1"
        assert page.context["proposal"]["round"] == 2

    def test_a_late_arrival_is_seated_next_round_and_a_withdrawn_player_is_not(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle, NAMES[:4])
        start(client, night)
        play_round(night, 1)
        night.refresh_from_db()
        client.post(night_url(night, "club_late"), {"version": night.version, "name": "Finn"})
        night.refresh_from_db()
        dov = night.entrants.get(player__name="Dov").number
        client.post(night_url(night, "club_withdraw"), {"version": night.version, "number": dov})
        start(client, night)
        seated = night.rounds.get(number=2).tables.get().game.player_names()
        assert "Finn" in seated and "Dov" not in seated
        record = night.night().to_dict()
        assert record["rounds"][0]["absent"] == ["Finn"]
        assert record["rounds"][1]["absent"] == ["Dov"]
        rows = {s.name: s for s in client.get(night_url(night)).context["standings"]}
        assert rows["Dov"].withdrawn and rows["Dov"].played == 1

    def test_a_name_already_at_the_night_is_refused_naming_it(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        response = client.post(
            night_url(night, "club_late"), {"version": night.version, "name": "ann"}
        )
        assert response.status_code == 409
        assert "Ann is at this night already." in response.content.decode()


@pytest.mark.django_db
class TestRecords:
    def test_a_night_exported_and_imported_round_trips_exactly(
        self, client: Client, circle: Circle
    ) -> None:
        night = set_up(client, circle)
        for number in (1, 2):
            start(client, night)
            play_round(night, number)
        exported = json.loads(client.get(night_url(night, "club_export")).content)
        assert exported == read_night(exported).to_dict()
        other = Circle.objects.create(name="Elsewhere")
        upload = _file(exported)
        response = client.post(reverse("club_import", args=[other.slug]), {"record": upload})
        assert response.status_code == 302
        again = other.club_nights.get()
        assert again.night().to_dict() == exported
        assert command_line(again.night().to_dict()) == command_line(exported)

    def test_the_spec_worked_example_imports_and_stands_as_the_spec_says(
        self, circle: Circle
    ) -> None:
        record = {
            "format": "scorer-night/1",
            "variant": "klaberjass",
            "settings": {"target": 1000},
            "event": {"format": "rotating", "rounds": 2, "round_length": 2, "rank_by": "points"},
            "players": NAMES,
            "rounds": [
                {
                    "tables": [
                        {
                            "players": ["Ann", "Ben", "Cleo", "Dov"],
                            "hands": [
                                klob_hand(dealer=0, caller=0),
                                klob_hand(dealer=1, caller=1, trump="S", card_points=[100, 52]),
                            ],
                        }
                    ],
                    "byes": ["Eve"],
                }
            ],
        }
        night = import_night(circle, record)
        assert night.night().to_dict() == read_night(record).to_dict()
        ranks = [(r.rank, r.standing.name, r.tied) for r in night.night().standings()]
        assert ranks[:3] == [(1, "Ann", False), (2, "Cleo", True), (3, "Eve", False)]

    def test_a_refused_record_creates_nothing_and_names_the_place(
        self, client: Client, circle: Circle
    ) -> None:
        record = {
            "format": "scorer-night/1",
            "variant": "klaberjass",
            "players": NAMES,
            "rounds": [{"tables": [{"players": ["Ann", "Ann", "Cleo", "Dov"], "hands": []}]}],
        }
        url = reverse("club_import", args=[circle.slug])
        response = client.post(url, {"record": _file(record)})
        assert response.status_code == 400
        assert "round 1" in response.content.decode()
        assert not ClubNight.objects.exists() and not Game.objects.exists()

    def test_a_night_is_listed_on_its_circle_page(self, client: Client, circle: Circle) -> None:
        night = set_up(client, circle)
        page = client.get(reverse("circle", args=[circle.slug])).content.decode()
        assert night_url(night) in page


def _file(record: dict[str, Any]) -> Any:
    return SimpleUploadedFile("night.json", json.dumps(record).encode(), "application/json")


@pytest.mark.django_db
def test_a_player_of_a_club_night_is_not_merged_away(client: Client, circle: Circle) -> None:
    night = set_up(client, circle)
    ann, zed = circle.players.get(name="Ann"), circle.player("Zed")
    with pytest.raises(RosterError, match="Ann plays in a club night"):
        merge(circle, ann.pk, zed.pk)
    merge(circle, zed.pk, ann.pk)
    assert night.entrants.filter(player=ann).exists()


@pytest.mark.django_db(transaction=True)
def test_two_phones_starting_a_round_at_the_same_moment_start_it_once() -> None:
    """Both read the night at the same version, then both start: the night's row lock puts
    one after the other, and the second finds the version moved on."""
    circle = Circle.objects.create(name="Friday")
    night = set_up(Client(), circle)
    shown = night.version
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def phone() -> None:
        try:
            barrier.wait()
            start_round(ClubNight.objects.get(pk=night.pk), shown)
            outcomes.append("started")
        except Conflict:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "started"]
    assert night.rounds.count() == 1 and Game.objects.filter(circle=circle).count() == 1


@pytest.mark.django_db
def test_a_phone_that_chose_its_player_is_sent_to_their_table(
    client: Client, circle: Circle
) -> None:
    night = set_up(client, circle)
    start(client, night)
    seated = night.rounds.get().tables.get().game
    ann = night.entrants.get(player__name=seated.player_names()[0]).number
    out = night.record()["rounds"][0]["byes"][0]
    response = client.post(night_url(night, "club_me"), {"number": ann})
    assert response.status_code == 302
    followed = client.get(night_url(night))
    assert followed.status_code == 302
    assert followed["Location"] == reverse("game", args=[circle.slug, seated.slug])
    assert client.get(night_url(night) + "?stay=1").status_code == 200
    # A phone of the player who sits out stays on the night's page.
    other = Client()
    sitting = night.entrants.get(player__name=out).number
    other.post(night_url(night, "club_me"), {"number": sitting})
    assert other.get(night_url(night)).status_code == 200
    # Forgetting the name.
    client.post(night_url(night, "club_me"), {"number": 0})
    assert client.get(night_url(night)).status_code == 200


@pytest.mark.django_db
def test_the_standings_and_rounds_poll_alone(client: Client, circle: Circle) -> None:
    night = set_up(client, circle)
    start(client, night)
    page = client.get(night_url(night) + "?stay=1", HTTP_HX_REQUEST="true").content.decode()
    assert page.startswith('\n<div id="night-live"') or page.lstrip().startswith(
        '<div id="night-live"'
    )
    assert "<html" not in page and "Round 1" in page


@pytest.mark.django_db
@pytest.mark.parametrize("format", ["progressive", "round_robin", "pairs"])
def test_each_format_starts_its_first_round_as_the_engine_proposes(
    client: Client, circle: Circle, format: str
) -> None:
    names = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal"]
    night = set_up(client, circle, names, format=format, rounds="3")
    proposal = night.night().propose(night.seed)
    assert start(client, night).status_code == 302
    tables = night.rounds.get().tables.order_by("number")
    assert [tuple(t.game.player_names()) for t in tables] == list(proposal.tables)
    play_round(night, 1)
    page = client.get(night_url(night))
    assert page.context["proposal"]["round"] == 2
    expected = command_line(night.night().to_dict())["standings"]
    assert [s.name for s in page.context["standings"]] == [s["name"] for s in expected]

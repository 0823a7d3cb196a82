"""A club night's paper: a card for each table of the round with its players by side and
seat and a QR code (to its game while it is played, to the night's page before), the
seating list for the wall in order of name, blank score pads with a column pair for each
side, A4 or US Letter; a foreign or unknown night is 404, and no parameter makes a 5xx."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.engine.club.night import read_night
from games.models import Circle, ClubNight
from games.models.club_changes import create_night, end_round, night_record
from games.pages.club_paper import PAD_ROWS, pad_rows, paper_page, seating_lines
from tests.web.test_club_hall import PEOPLE, club_night, save_hand, tables

KINDS = ("club_print_cards", "club_print_seating", "club_print_pads")


def paper_url(night: ClubNight, name: str) -> str:
    return reverse(name, args=[night.circle.slug, night.slug])


def cards(page: str) -> list[str]:
    return re.findall(r'<section class="sheet card".*?</section>', page, flags=re.S)


def whole(path: str) -> str:
    return f"http://testserver{path}"


@pytest.mark.django_db
class TestTableCards:
    def test_each_table_being_played_has_a_card_with_its_players_and_its_game_s_qr(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 12)
        page = client.get(paper_url(night, "club_print_cards")).content.decode()
        shown = cards(page)
        games = tables(night)
        assert len(shown) == len(games) == 3
        for number, (card, game) in enumerate(zip(shown, games, strict=True), start=1):
            assert f"Table {number}" in card and "Round 1" in card
            for seat, name in enumerate(game.player_names(), start=1):
                assert re.search(rf"Seat {seat}</span> <span class=\"card-name\">{name}<", card)
            assert '<svg role="img" aria-label="QR code of this table’s game"' in card
        context = paper_page(night, whole, "cards", None)
        links = [t.link for t in context["tables"]]
        assert links == [whole(reverse("game", args=[circle.slug, g.slug])) for g in games]

    def test_before_a_round_the_cards_are_the_proposal_s_and_open_the_night(
        self, client: Client, circle: Circle
    ) -> None:
        record = night_record("klaberjass", {}, {"format": "rotating", "rounds": 2}, PEOPLE[:9])
        night = create_night(circle, read_night(record))
        proposal = night.proposal(night.night())
        page = client.get(paper_url(night, "club_print_cards")).content.decode()
        shown = cards(page)
        assert len(shown) == len(proposal.tables) == 2
        for card, players in zip(shown, proposal.tables, strict=True):
            assert all(name in card for name in players)
            assert "QR code of the night’s link" in card
        context = paper_page(night, whole, "cards", None)
        assert {t.link for t in context["tables"]} == {whole(paper_url(night, "club_night"))}

    def test_partners_are_one_side(self, circle: Circle) -> None:
        night = club_night(circle, 4)
        table = paper_page(night, whole, "cards", None)["tables"][0]
        players = tables(night)[0].player_names()
        assert table.side_names() == [
            f"{players[0]} & {players[2]}",
            f"{players[1]} & {players[3]}",
        ]

    def test_once_every_round_is_played_the_cards_are_the_last_round_s(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4, deals=1, rounds=1)
        save_hand(tables(night)[0])
        page = client.get(paper_url(night, "club_print_cards")).content.decode()
        assert len(cards(page)) == 1 and "Round 1" in cards(page)[0]

    def test_a_night_whose_games_no_longer_read_says_so(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 4)
        game = tables(night)[0]
        game.change_players([*game.player_names()[:3], "Stranger"], game.version)
        night.refresh_from_db()
        end_round(night, night.version)
        page = client.get(paper_url(night, "club_print_cards")).content.decode()
        assert "no longer make a night the rules can read" in page and not cards(page)


@pytest.mark.django_db
class TestSeatingList:
    def test_every_player_by_name_with_table_and_seat_and_who_sits_out(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 10)
        page = client.get(paper_url(night, "club_print_seating")).content.decode()
        shown = re.findall(r'<span class="seating-name">([^<]+?)(?: <small|</span>)', page)
        assert shown == sorted(PEOPLE[:10], key=str.casefold)
        seated = {
            name: (table, seat, game.player_names()[(seat + 1) % 4])
            for table, game in enumerate(tables(night), start=1)
            for seat, name in enumerate(game.player_names(), start=1)
        }
        for name, (table, seat, partner) in seated.items():
            assert re.search(
                rf">{name} <small class=\"seating-with\">with {partner}</small></span>\s*"
                rf"<span class=\"seating-table\">Table {table}</span> "
                rf"<span class=\"seating-seat\">seat {seat}</span>",
                page,
            ), name
        assert page.count("sits out") == 2

    def test_lines_are_in_the_order_names_compare(self) -> None:
        lines = seating_lines([], ["zoë", "Ümit", "ann", "Bea"])
        assert [line.name for line in lines] == ["ann", "Bea", "zoë", "Ümit"]


@pytest.mark.django_db
class TestScorePads:
    def test_a_pad_a_table_with_two_columns_a_side_and_a_row_a_deal(
        self, client: Client, circle: Circle
    ) -> None:
        night = club_night(circle, 8, deals=6)
        page = client.get(paper_url(night, "club_print_pads")).content.decode()
        pads = re.findall(r'<section class="sheet pad.*?</section>', page, flags=re.S)
        assert len(pads) == 2
        for pad, game in zip(pads, tables(night), strict=True):
            players = game.player_names()
            assert f"{players[0]} &amp; {players[2]}" in pad
            assert pad.count('colspan="2"') == 2
            assert len(re.findall(r"<tr><th scope=\"row\">\d+</th>", pad)) == 6

    def test_a_round_to_the_target_has_a_page_of_rows(self, circle: Circle) -> None:
        record = night_record("klaberjass", {}, {"format": "rotating"}, PEOPLE[:4])
        night = create_night(circle, read_night(record))
        assert pad_rows(night) == PAD_ROWS


@pytest.mark.django_db
class TestPaperAccess:
    def test_the_night_page_links_to_each_sheet(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        page = client.get(paper_url(night, "club_night"), {"stay": "1"}).content.decode()
        for name in KINDS:
            assert f'href="{paper_url(night, name)}"' in page

    @pytest.mark.parametrize("paper", ["a4", "letter"])
    def test_the_paper_chosen_sets_the_page_size(
        self, client: Client, circle: Circle, paper: str
    ) -> None:
        night = club_night(circle, 4)
        page = client.get(paper_url(night, "club_print_cards"), {"paper": paper}).content.decode()
        assert f"css/club_print_{paper}.css" in page
        assert f'href="?paper={paper}" aria-current="true"' in page

    def test_a_foreign_or_unknown_night_is_404(self, client: Client, circle: Circle) -> None:
        night = club_night(circle, 4)
        other = Circle.objects.create(name="Other")
        for name in KINDS:
            assert client.get(reverse(name, args=[other.slug, night.slug])).status_code == 404
            assert client.get(reverse(name, args=[circle.slug, "nosuch"])).status_code == 404

    @pytest.mark.parametrize(
        "query",
        [{"paper": "A4\x00"}, {"paper": "x" * 5000}, {"paper": "%ff"}, {"paper": ["a4", "b5"]}],
    )
    def test_hostile_parameters_never_make_a_5xx(
        self, client: Client, circle: Circle, query: dict[str, Any]
    ) -> None:
        night = club_night(circle, 4)
        for name in KINDS:
            response = client.get(paper_url(night, name), query)
            assert response.status_code == 200
            assert "css/club_print_a4.css" in response.content.decode()

"""The site's views: a circle member, a watcher and a stranger."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Circle, Game, HandInProgress
from tests.conftest import PLAYERS, hand_id, hand_post, klob_hand
from tests.web.helpers import HTMX, url


@pytest.fixture
def member(client: Client, db: Any) -> Client:
    return client


@pytest.fixture
def stranger(db: Any) -> Client:
    return Client()


class TestCircles:
    def test_home_offers_to_start_a_circle(self, member: Client) -> None:
        page = member.get("/")
        assert page.status_code == 200 and b"Start a card circle" in page.content

    def test_it_creates_a_circle_and_remembers_it(self, member: Client) -> None:
        response = member.post(reverse("circle_create"))
        circle = Circle.objects.get()
        assert response.status_code == 302 and response["Location"].endswith(f"/c/{circle.slug}/")
        assert circle.name.encode() in member.get("/").content

    def test_create_refuses_get(self, member: Client) -> None:
        assert member.get(reverse("circle_create")).status_code == 405

    def test_an_unknown_circle_is_404(self, stranger: Client) -> None:
        assert stranger.get("/c/not-a-circle/").status_code == 404

    def test_it_renames_a_circle_with_htmx(self, member: Client, circle: Circle) -> None:
        response = member.post(
            reverse("circle_rename", args=[circle.slug]), {"name": "Klob"}, **HTMX
        )
        assert response.status_code == 200 and b'id="circle-name"' in response.content
        assert b"<html" not in response.content
        circle.refresh_from_db()
        assert circle.name == "Klob"

    def test_history_lists_finished_games_with_winner(self, member: Client, game: Game) -> None:
        for _ in range(5):
            game.record_hand(klob_hand())
        page = member.get(reverse("circle", args=[game.circle.slug])).content.decode()
        assert "won by Ann &amp; Cleo" in page and "530 – 280" in page


class TestNewGame:
    def post(self, client: Client, circle: Circle, **extra: str):
        data = {
            "variant": "klaberjass",
            "first_dealer": "1",
            "set_target": "500",
            **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
            **extra,
        }
        return client.post(reverse("game_new", args=[circle.slug]), data)

    def test_it_starts_a_game(self, member: Client, circle: Circle) -> None:
        response = self.post(member, circle, set_target="1001", set_tie_rule='"half"')
        game = Game.objects.get()
        assert response.status_code == 302
        assert game.player_names() == PLAYERS and game.first_dealer == 1
        assert game.settings["target"] == 1001 and game.settings["tie_rule"] == "half"

    def test_two_seats_with_one_name_are_refused_and_typed_names_kept(
        self, member: Client, circle: Circle
    ) -> None:
        response = self.post(member, circle, player_2="ann")
        assert response.status_code == 400 and Game.objects.count() == 0
        page = response.content.decode()
        assert "Two seats have the same name." in page and 'value="Dov"' in page

    def test_the_form_suggests_circle_players(self, member: Client, game: Game) -> None:
        page = member.get(reverse("game_new", args=[game.circle.slug]) + "?variant=klaberjass")
        assert b'<option value="Cleo">' in page.content


class TestRecordingHands:
    def test_it_records_a_hand_without_javascript(self, member: Client, game: Game) -> None:
        response = member.post(url("hand_record", game), hand_post())
        assert response.status_code == 302
        game.refresh_from_db()
        assert game.totals == [106, 56]

    def test_with_htmx_it_swaps_the_play_region(self, member: Client, game: Game) -> None:
        response = member.post(url("hand_record", game), hand_post(), **HTMX)
        page = response.content.decode()
        assert response.status_code == 200 and page.strip().startswith('<div id="play"')
        assert "Ann &amp; Cleo called ♥ and made 106 against 56." in page

    def test_bad_input_names_the_problem_keeps_values_and_saves_nothing(
        self, member: Client, game: Game
    ) -> None:
        response = member.post(url("hand_record", game), hand_post(points_0=151, points_1=1))
        page = response.content.decode()
        assert response.status_code == 400
        assert "no card is worth 1 point" in page
        assert 'value="151"' in page and 'value="1"' in page
        assert game.hands.count() == 0

    def test_bad_input_with_htmx_swaps_only_the_form(self, member: Client, game: Game) -> None:
        response = member.post(url("hand_record", game), hand_post(points_1=50), **HTMX)
        assert response["HX-Retarget"] == "#hand-form"
        assert b"must add up to 152 (got 96 + 50 = 146)" in response.content

    def test_a_double_tap_records_one_hand(self, member: Client, game: Game) -> None:
        member.post(url("hand_record", game), hand_post(key="k1"))
        member.post(url("hand_record", game), hand_post(key="k1"))
        assert game.hands.count() == 1

    def test_declarations_are_posted_in_rows(self, member: Client, game: Game) -> None:
        data = hand_post(
            dealer=2,
            caller=2,
            trump="C",
            round="bima",
            points_0=80,
            points_1=72,
            last_trick=1,
            seq0_seat=3,
            seq0_length=4,
            seq0_top="10",
            seq0_suit="S",
            seq1_seat=2,
            seq1_length=4,
            seq1_top="Q",
            seq1_suit="H",
            bella=2,
        )
        member.post(url("hand_record", game), data)
        hand = game.hands.get()
        assert hand.scores == [150, 82]
        assert [d.kind for d in hand.declarations.all()] == ["sequence", "sequence", "bella"]

    def test_a_declaration_problem_is_shown_beside_the_declarations(
        self, member: Client, game: Game
    ) -> None:
        data = hand_post(seq0_seat=0, seq0_length=3, seq0_top="8", seq0_suit="S")
        page = member.post(url("hand_record", game), data).content.decode()
        assert "a run of 3 cannot end at 8" in page and game.hands.count() == 0

    def test_the_preview_scores_without_saving(self, member: Client, game: Game) -> None:
        response = member.post(url("hand_preview", game), hand_post(), **HTMX)
        page = response.content.decode()
        assert "+106" in page and "made 106 against 56" in page
        assert game.hands.count() == 0

    def test_the_preview_lists_what_is_missing(self, member: Client, game: Game) -> None:
        page = member.post(url("hand_preview", game), {"dealer": "3"}, **HTMX).content.decode()
        assert "Still to come: Who called, Trump, Card points, Last trick." in page

    def test_the_preview_says_when_a_hand_ends_the_game(self, member: Client, game: Game) -> None:
        for _ in range(4):
            game.record_hand(klob_hand())
        page = member.post(url("hand_preview", game), hand_post()).content.decode()
        assert "This hand ends the game: Ann &amp; Cleo win." in page

    def test_record_refuses_get(self, member: Client, game: Game) -> None:
        assert member.get(url("hand_record", game)).status_code == 405
        assert member.get(url("hand_preview", game)).status_code == 405
        assert member.get(url("hand_undo", game, 1)).status_code == 405
        assert member.get(url("game_rematch", game)).status_code == 405
        assert member.get(reverse("game_import", args=[game.circle.slug])).status_code == 405
        assert member.get(reverse("circle_rename", args=[game.circle.slug])).status_code == 405


class TestEditingHands:
    def test_it_edits_a_hand(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        form = member.get(url("hand_edit", game, hand_id(game, 1))).content.decode()
        assert 'value="96"' in form and 'name="version" value="1"' in form
        response = member.post(
            url("hand_edit", game, hand_id(game, 1)), hand_post(points_0=60, points_1=92, version=1)
        )
        assert response.status_code == 302
        game.refresh_from_db()
        assert game.totals == [0, 162]

    def test_a_stale_edit_is_refused_with_a_clear_message(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        game.edit_hand(hand_id(game, 1), klob_hand(card_points=[100, 52]), version=1)
        response = member.post(
            url("hand_edit", game, hand_id(game, 1)), hand_post(points_0=60, points_1=92, version=1)
        )
        assert response.status_code == 409
        summary = game.hands.get().summary(game.player_names())
        said = f"Another phone changed hand 1 since you opened it. It is now: {summary}."
        assert said in html.unescape(response.content.decode())
        assert game.hands.get().facts["card_points"] == [100, 52]

    def test_undo_with_htmx(self, member: Client, game: Game) -> None:
        hand = game.record_hand(klob_hand())
        response = member.post(url("hand_undo", game, hand.pk), **HTMX)
        assert response.status_code == 200 and game.live_hands().count() == 0

    def test_delete_asks_first(self, member: Client, game: Game) -> None:
        hand = game.record_hand(klob_hand())
        assert b"Delete hand 1?" in member.get(url("hand_delete", game, hand.pk)).content
        assert game.live_hands().count() == 1
        member.post(url("hand_delete", game, hand.pk))
        assert game.live_hands().count() == 0


class TestGamePage:
    def test_it_shows_the_scoreboard_and_who_deals(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        page = member.get(url("game", game)).content.decode()
        assert "Hand 2" in page and '<strong class="dealer-name">Ann</strong></a> deals' in page
        assert 'inputmode="numeric"' in page

    def test_the_end_shows_a_banner_and_rematch(self, member: Client, game: Game) -> None:
        for _ in range(5):
            game.record_hand(klob_hand())
        page = member.get(url("game", game)).content.decode()
        assert "Ann &amp; Cleo win" in page and "Rematch" in page and "Record hand" not in page
        response = member.post(url("game_rematch", game))
        new = Game.objects.exclude(pk=game.pk).get()
        assert response.status_code == 302
        assert new.player_names() == PLAYERS and new.first_dealer == 0 and new.hand_count == 0

    def test_the_hand_list_shows_each_declaration_with_its_verdict(
        self, member: Client, game: Game
    ) -> None:
        game.record_hand(
            klob_hand(
                declarations=[
                    {"seat": 3, "kind": "sequence", "length": 4, "top": "10", "suit": "S"},
                    {"seat": 2, "kind": "sequence", "length": 4, "top": "Q", "suit": "H"},
                ]
            )
        )
        page = member.get(url("game", game)).content.decode()
        assert 'class="void" title="outranked by Cleo' in page
        assert (
            "Dov: 4-card run 7–10♠" in page and "Cleo: 4-card run 9–Q♥ <strong>50</strong>" in page
        )

    def test_live_answers_204_when_nothing_changed(self, member: Client, game: Game) -> None:
        d = HandInProgress.of(game).version
        response = member.get(url("game_live", game) + f"?v={game.version}&d={d}", **HTMX)
        assert response.status_code == 204 and response.content == b""
        game.record_hand(klob_hand())
        response = member.get(url("game_live", game) + f"?v=1&d={d}", **HTMX)
        assert response.status_code == 200 and b'hx-swap-oob="true"' in response.content

    def test_live_no_change_is_one_query(self, member: Client, game: Game) -> None:
        d = HandInProgress.of(game).version
        with CaptureQueriesContext(connection) as queries:
            response = member.get(url("game_live", game) + f"?v={game.version}&d={d}")
        assert response.status_code == 204 and len(queries) == 1

    def test_live_is_answered_in_full_once_the_hand_in_progress_changed(
        self, member: Client, game: Game
    ) -> None:
        progress = HandInProgress.of(game)
        d = progress.version
        progress.change(progress.token, {"trump": "H"})
        response = member.get(url("game_live", game) + f"?v={game.version}&d={d}", **HTMX)
        assert response.status_code == 200 and b'id="progress-state"' in response.content

    def test_pages_and_fragments_are_sent_compressed(self, member: Client, game: Game) -> None:
        import gzip

        game.record_hand(klob_hand())
        page = member.get(url("game", game), HTTP_ACCEPT_ENCODING="gzip")
        assert page["Content-Encoding"] == "gzip" and page["Vary"].endswith("Accept-Encoding")
        html = gzip.decompress(page.content)
        assert b'id="scoreboard"' in html and len(page.content) < len(html) / 3
        live = member.get(url("game_live", game) + "?v=0", HTTP_ACCEPT_ENCODING="gzip", **HTMX)
        assert live["Content-Encoding"] == "gzip"

    def test_live_of_a_game_that_is_not_there_is_404(self, member: Client, game: Game) -> None:
        gone = reverse("game_live", args=[game.circle.slug, "no-such-game"])
        assert member.get(gone + "?v=1&d=1").status_code == 404
        assert (
            member.get(reverse("watch_live", args=["no-such-game"]) + "?v=1&d=1").status_code == 404
        )

    def test_the_page_queries_do_not_grow_with_hands(self, member: Client, circle: Circle) -> None:
        game = Game.create(circle, "klaberjass", PLAYERS, {"target": 100000})
        game.record_hand(klob_hand())
        with CaptureQueriesContext(connection) as few:
            member.get(url("game", game))
        for i in range(10):
            game.record_hand(klob_hand(dealer=i % 4, card_points=[86, 66]))
        with CaptureQueriesContext(connection) as many:
            member.get(url("game", game))
        assert len(many) == len(few)

    def test_export_downloads_the_record(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        response = member.get(url("game_export", game))
        assert "attachment" in response["Content-Disposition"]
        record = json.loads(response.content)
        assert record["format"] == "scorer-game/1" and record["hands"] == [klob_hand()]

    def test_import_creates_a_game(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        upload = SimpleUploadedFile("g.json", json.dumps(game.export()).encode())
        # Another circle: this one holds the game already (tests/web/test_import_copies.py).
        other = Circle.objects.create(name="Saturday")
        response = member.post(reverse("game_import", args=[other.slug]), {"record": upload})
        assert response.status_code == 302
        assert Game.objects.exclude(pk=game.pk).get().totals == [106, 56]

    def test_a_bad_import_says_which_hand(self, member: Client, game: Game) -> None:
        record = game.export()
        record["hands"] = [klob_hand(card_points=[96, 50])]
        upload = SimpleUploadedFile("g.json", json.dumps(record).encode())
        response = member.post(reverse("game_import", args=[game.circle.slug]), {"record": upload})
        assert response.status_code == 400
        assert b"hand 1: card_points: must add up to 152" in response.content

    def test_pages_carry_a_strict_csp_and_no_inline_script_or_style(
        self, member: Client, game: Game
    ) -> None:
        response = member.get(url("game", game))
        csp = response["Content-Security-Policy"]
        assert "script-src 'self'" in csp
        page = response.content.decode()
        # A script is a file of the site's own; a JSON block (the script's words) is data that
        # no browser runs.
        assert not re.search(r'<script(?![^>]*\b(?:src=|type="application/json"))', page)
        # The one inline style is the site's own sheet, written into the game page with this
        # response's nonce (it paints without a request of its own); no style attribute.
        nonce = re.search(r"style-src 'self' 'nonce-([^']+)'", csp)
        assert nonce and page.count("<style") == 1
        assert f'<style nonce="{nonce.group(1)}">' in page and " style=" not in page
        assert "/static/fonts/NotoSansTamil-Regular" in page  # its fonts' addresses whole
        assert "http://" not in page.replace("http://testserver", "")
        # Every other page links the sheet, and its policy allows no inline style at all.
        other = member.get(reverse("circle", args=[game.circle.slug]))
        assert "style-src 'self';" in other["Content-Security-Policy"]
        assert "<style" not in other.content.decode()


class TestDeclarationsHelper:
    def test_it_says_which_team_scores(self, member: Client, circle: Circle) -> None:
        query = {
            "dealer": "2",
            "trump": "C",
            "seq0_seat": "3",
            "seq0_length": "4",
            "seq0_top": "10",
            "seq0_suit": "S",
            "seq1_seat": "2",
            "seq1_length": "4",
            "seq1_top": "Q",
            "seq1_suit": "H",
            "seq2_seat": "1",
            "seq2_length": "3",
            "seq2_top": "K",
            "seq2_suit": "D",
        }
        page = member.get(reverse("declarations", args=[circle.slug]), query).content.decode()
        assert "North&#x27;s 4-card run 9–Q♥ (50) is best" in page
        assert "outranked by North" in page

    def test_it_refuses_a_card_in_two_runs(self, member: Client, circle: Circle) -> None:
        query = {
            "dealer": "0",
            "trump": "C",
            "seq0_seat": "0",
            "seq0_length": "3",
            "seq0_top": "K",
            "seq0_suit": "S",
            "seq1_seat": "1",
            "seq1_length": "3",
            "seq1_top": "A",
            "seq1_suit": "S",
        }
        page = member.get(reverse("declarations", args=[circle.slug]), query).content.decode()
        assert "only one deck" in page


class TestAccess:
    def test_a_stranger_with_a_wrong_circle_gets_404_everywhere(
        self, stranger: Client, game: Game
    ) -> None:
        other = Circle.objects.create()
        for name, method in [
            ("game", "get"),
            ("game_live", "get"),
            ("hand_record", "post"),
            ("hand_preview", "post"),
            ("game_export", "get"),
            ("game_rematch", "post"),
        ]:
            path = reverse(name, args=[other.slug, game.slug])
            response = getattr(stranger, method)(path, **HTMX)
            assert response.status_code == 404, name
        for name in ("hand_edit", "hand_delete", "hand_undo", "hand_restore"):
            path = reverse(name, args=[other.slug, game.slug, 1])
            assert stranger.post(path, **HTMX).status_code == 404, name

    def test_the_htmx_fragment_obeys_the_same_rules(self, stranger: Client, game: Game) -> None:
        path = reverse("game_live", args=["x" * 22, game.slug]) + "?v=0"
        assert stranger.get(path, **HTMX).status_code == 404

    def test_a_watcher_reads_but_cannot_change(self, stranger: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        watch = reverse("watch", args=[game.watch_slug])
        page = stranger.get(watch).content.decode()
        assert "106" in page and "Record hand" not in page and "Undo" not in page
        assert game.slug not in page and game.circle.slug not in page
        assert stranger.post(watch).status_code == 403
        assert stranger.post(reverse("watch_live", args=[game.watch_slug])).status_code == 403

    def test_the_watch_link_cannot_open_the_game(self, stranger: Client, game: Game) -> None:
        assert (
            stranger.get(reverse("game", args=[game.circle.slug, game.watch_slug])).status_code
            == 404
        )

    def test_watch_live_refreshes_on_change(self, stranger: Client, game: Game) -> None:
        live = reverse("watch_live", args=[game.watch_slug])
        d = HandInProgress.of(game).version
        assert stranger.get(live + f"?v={game.version}&d={d}").status_code == 204
        game.record_hand(klob_hand())
        assert b"106" in stranger.get(live + "?v=1").content


class TestLongGames:
    def test_the_newest_hands_come_with_the_page_and_earlier_ones_on_request(
        self, member: Client, circle: Circle
    ) -> None:
        game = Game.create(circle, "klaberjass", PLAYERS, {"target": 100000})
        ids = [game.record_hand(klob_hand(dealer=i % 4)).pk for i in range(45)]
        page = member.get(url("game", game)).content.decode()
        assert f'id="hand-{ids[44]}"' in page and f'id="hand-{ids[5]}"' in page
        assert f'id="hand-{ids[4]}"' not in page
        assert "?before=6" in page
        more = member.get(url("game", game) + "?before=6", **HTMX).content.decode()
        assert f'id="hand-{ids[4]}"' in more and f'id="hand-{ids[0]}"' in more
        assert "<html" not in more and "Show earlier hands" not in more
        plain = member.get(url("game", game) + "?before=6").content.decode()
        assert "<html" in plain and f'id="hand-{ids[4]}"' in plain


class TestInlineEditing:
    def test_with_htmx_the_edit_form_replaces_the_new_hand_form(
        self, member: Client, game: Game
    ) -> None:
        game.record_hand(klob_hand())
        page = member.get(url("hand_edit", game, hand_id(game, 1)), **HTMX).content.decode()
        assert page.strip().startswith('<section id="hand-form" class="card editing">')
        assert "<html" not in page and 'value="96"' in page

    def test_saving_with_htmx_swaps_the_play_region(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        data = hand_post(points_0=60, points_1=92, version=1)
        page = member.post(url("hand_edit", game, hand_id(game, 1)), data, **HTMX).content.decode()
        assert page.strip().startswith('<div id="play"') and "<h2>Hand 2</h2>" in page
        game.refresh_from_db()
        assert game.totals == [0, 162]

    def test_an_error_with_htmx_stays_in_the_edit_form(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        response = member.post(
            url("hand_edit", game, hand_id(game, 1)), hand_post(points_1=50, version=1), **HTMX
        )
        assert response["HX-Retarget"] == "#hand-form"
        assert b"must add up to 152" in response.content and b"Edit hand 1" in response.content

    def test_delete_with_htmx_swaps_the_play_region(self, member: Client, game: Game) -> None:
        game.record_hand(klob_hand())
        game.record_hand(klob_hand(dealer=0))
        page = member.post(url("hand_delete", game, hand_id(game, 1)), **HTMX).content.decode()
        assert page.strip().startswith('<div id="play"')
        assert list(game.live_hands().values_list("number", "dealer")) == [(1, 0)]

    def test_a_finished_game_keeps_a_place_for_the_edit_form(
        self, member: Client, game: Game
    ) -> None:
        for _ in range(5):
            game.record_hand(klob_hand())
        assert b'<section id="hand-form" hidden>' in member.get(url("game", game)).content

"""Belote contrée (coinche) at the table: hands recorded through the views, as a phone posts
them (rules/coinche.md; the worked examples' numbers)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.test import Client
from django.urls import reverse

from games.forms.coinche_auction import read_auction
from games.models import Bid, Circle, Game, HandInProgress
from tests.web.helpers import HTMX, url

# Anne & Chloé are team 0, Bruno & Denis team 1.
PLAYERS = ["Anne", "Bruno", "Chloé", "Denis"]


def new_game(circle: Circle, **settings: Any) -> Game:
    return Game.create(circle, "coinche", PLAYERS, settings, first_dealer=3)


@pytest.fixture
def game(circle: Circle) -> Game:
    return new_game(circle)


def hand(**fields: Any) -> dict[str, str]:
    """The form as a phone posts it: worked example 1 unless told otherwise (Chloé takes
    100♥; cards 103–49, the last trick to Anne & Chloé)."""
    data: dict[str, Any] = {
        "dealer": 3,
        "taker": 2,
        "contract": 100,
        "trump": "H",
        "points_0": 103,
        "points_1": 49,
        "last_trick": 0,
    }
    data.update(fields)
    return {k: str(v) for k, v in data.items() if v is not None}


def save(client: Client, game: Game, **fields: Any) -> Any:
    return client.post(url("hand_record", game), hand(**fields))


def scores(game: Game) -> list[list[int]]:
    return [h.scores for h in game.live_hands()]


def calls(game: Game, number: int = 1) -> list[tuple[int, str, str, int | None]]:
    rows = Bid.objects.filter(hand__game=game, hand__number=number).order_by("order")
    return list(rows.values_list("seat", "call", "suit", "value"))


def field_box(page: str, message: str) -> str:
    """The fieldset (or label) that shows `message`: what it is about is named there."""
    at = page.index(message)
    start = max(page.rfind("<fieldset", 0, at), page.rfind("<details", 0, at))
    return page[start:at]


class TestContracts:
    def test_a_made_contract_scores_points_made_and_the_contract(
        self, client: Client, game: Game
    ) -> None:
        assert save(client, game).status_code == 302
        game.refresh_from_db()
        assert scores(game) == [[210, 50]] and game.totals == [210, 50]
        stored = game.live_hands().get()
        assert stored.facts["taker"] == 2 and stored.facts["contract"] == 100
        assert stored.declarer == 2 and stored.contract == 100 and stored.made is True
        # The sheet's taker column and the next dealer: Anne deals, Bruno speaks first.
        page = client.get(url("game", game)).content.decode()
        assert "<strong>Bruno</strong> speaks first" in page
        sheet = client.get(url("game", game) + "?hands=sheet").content.decode()
        assert '<th scope="col" class="taker">Taker</th>' in sheet

    def test_a_failed_contract_gives_the_defenders_160_and_the_contract(
        self, client: Client, game: Game
    ) -> None:
        # Example 3: Denis takes 110♠ with his belote; 72 + 20 < 110, dedans.
        data = dict(dealer=1, taker=3, contract=110, trump="S", points_0=80, points_1=72)
        assert save(client, game, **data, belote=3).status_code == 302
        assert scores(game) == [[270, 20]]
        assert game.live_hands().get().made is False

    def test_a_tie_does_not_beat_the_defenders(self, client: Client, game: Game) -> None:
        # Example 10: Bruno 80♣; 81 against 81 fails.
        data = dict(dealer=0, taker=1, contract=80, trump="C", points_0=81, points_1=71)
        assert save(client, game, **data, last_trick=1).status_code == 302
        assert scores(game) == [[240, 0]]

    def test_a_coinche_doubles_and_says_who_coinched(self, client: Client, game: Game) -> None:
        # Example 4: Denis bids 90♣ and Anne coinches; made: (160 + 90) × 2.
        data = dict(dealer=2, taker=3, contract=90, trump="C", points_0=64, points_1=88)
        response = save(
            client, game, **data, last_trick=1, coinched="on", auction="90c", coinched_by=0
        )
        assert response.status_code == 302
        assert scores(game) == [[0, 500]]
        stored = game.live_hands().get()
        assert stored.facts["coinche"] == 1
        assert stored.facts["bids"] == [
            {"seat": 3, "bid": 90, "suit": "C"},
            {"seat": 0, "coinche": True},
        ]
        assert calls(game) == [(3, "bid", "C", 90), (0, "double", "", None)]

    def test_a_coinche_without_the_auction_is_the_level_alone(
        self, client: Client, game: Game
    ) -> None:
        data = dict(dealer=2, taker=3, contract=90, trump="C", points_0=64, points_1=88)
        assert save(client, game, **data, last_trick=1, coinched="on").status_code == 302
        assert scores(game) == [[0, 500]]
        assert "bids" not in game.live_hands().get().facts

    def test_a_surcoinche_multiplies_by_four(self, client: Client, game: Game) -> None:
        # Example 7: Anne 120♦, Bruno coinches, Chloé surcoinches; Anne's belote; dedans.
        data = dict(dealer=3, taker=0, contract=120, trump="D", points_0=95, points_1=57)
        response = save(
            client,
            game,
            **data,
            last_trick=1,
            belote=0,
            coinched="on",
            surcoinched="on",
            auction="120d p p p",
            coinched_by=1,
            surcoinched_by=2,
        )
        # Three passes closed the auction before any coinche: the engine says so.
        assert response.status_code == 400
        assert "the auction was already over" in response.content.decode()
        response = save(
            client,
            game,
            **data,
            last_trick=1,
            belote=0,
            coinched="on",
            surcoinched="on",
            auction="120d",
            coinched_by=1,
            surcoinched_by=2,
        )
        assert response.status_code == 302
        assert scores(game) == [[20, 1120]]
        assert calls(game) == [
            (0, "bid", "D", 120),
            (1, "double", "", None),
            (2, "redouble", "", None),
        ]

    def test_who_coinched_sets_the_level_when_it_is_not_tapped(
        self, client: Client, game: Game
    ) -> None:
        data = dict(dealer=3, taker=0, contract=120, trump="D", points_0=95, points_1=57)
        response = save(
            client, game, **data, last_trick=1, auction="120d", coinched_by=1, surcoinched_by=2
        )
        assert response.status_code == 302
        assert game.live_hands().get().facts["coinche"] == 2

    def test_a_bid_capot_made_scores_500(self, client: Client, game: Game) -> None:
        # Example 5: Chloé capot♦ after Anne's 80♦; Anne & Chloé win every trick.
        data = dict(taker=2, contract="capot", trump="D", points_0=152, points_1=0)
        response = save(client, game, **data, all_tricks=0, auction="80d p capot d p p p")
        assert response.status_code == 302
        assert scores(game) == [[500, 0]]
        stored = game.live_hands().get()
        assert stored.facts["contract"] == "capot" and stored.facts["all_tricks"] == 0
        assert stored.contract == 250

    def test_a_bid_capot_that_loses_a_trick_fails(self, client: Client, game: Game) -> None:
        # Example 9: Anne capot♠; Bruno & Denis win one trick.
        data = dict(taker=0, contract="capot", trump="S", points_0=140, points_1=12)
        assert save(client, game, **data).status_code == 302
        assert scores(game) == [[0, 410]]

    def test_an_unbid_capot_scores_250_trick_points(self, client: Client, game: Game) -> None:
        # Example 8: Bruno 120♥ wins every trick; Anne's belote stays with her team.
        data = dict(dealer=0, taker=1, contract=120, trump="H", points_0=0, points_1=152)
        assert save(client, game, **data, last_trick=1, all_tricks=1, belote=0).status_code == 302
        assert scores(game) == [[20, 370]]

    def test_the_generale_needs_every_trick_by_the_taker_alone(self, circle: Circle) -> None:
        game = new_game(circle, generale=True)
        client = Client()
        page = client.get(url("game", game)).content.decode()
        assert 'value="generale"' in page and "The taker won every trick alone" in page
        data = dict(taker=0, contract="generale", trump="H", points_0=152, points_1=0)
        assert save(client, game, **data, all_tricks=0, alone="on").status_code == 302
        assert scores(game) == [[750, 0]]

    def test_without_the_generale_house_rule_there_is_no_generale(
        self, client: Client, game: Game
    ) -> None:
        page = client.get(url("game", game)).content.decode()
        assert 'value="generale"' not in page and "every trick alone" not in page
        assert 'value="capot"' in page


class TestBelote:
    def test_belote_counts_towards_the_contract(self, client: Client, game: Game) -> None:
        # Example 17: Denis 100♦ with his own belote; 83 + 20 ≥ 100.
        data = dict(dealer=2, taker=3, contract=100, trump="D", points_0=69, points_1=83)
        assert save(client, game, **data, belote=3).status_code == 302
        assert scores(game) == [[80, 200]]

    def test_belote_the_defenders_hold_stays_theirs(self, client: Client, game: Game) -> None:
        # Example 6 as one hand: Bruno 130♠ coinched by Chloé, who holds the belote.
        data = dict(dealer=0, taker=1, contract=130, trump="S", points_0=27, points_1=125)
        response = save(client, game, **data, last_trick=1, coinched="on", belote=2)
        assert response.status_code == 302
        assert scores(game) == [[20, 580]]


class TestAnnouncements:
    def test_they_are_refused_unless_the_table_plays_them(self, client: Client, game: Game) -> None:
        page = client.get(url("game", game)).content.decode()
        assert "Announcements at the first trick" not in page
        # The rows are not part of the form: a posted row is ignored, not scored.
        response = save(client, game, seq0_seat="0", seq0_length="4", seq0_top="J", seq0_suit="S")
        assert response.status_code == 302
        assert "declarations" not in game.live_hands().get().facts

    def test_the_best_announcement_takes_its_teams_and_the_others_are_void(
        self, circle: Circle
    ) -> None:
        # Example 13: Anne's J-high quarte beats Denis's 10-high one in trumps.
        game = new_game(circle, announcements=True)
        client = Client()
        page = client.get(url("game", game)).content.decode()
        assert "Announcements at the first trick" in page and 'data-value="carre">Carré' in page
        # The shared declarations fieldset, in coinche's own words.
        assert 'data-question="Top card, or the carré\'s rank?"' in page
        assert "One row per announcement. Run: cards, top card, suit. Carré: its rank." in page
        assert "Marriage: its suit" not in page and "Sequences declared" not in page
        rows = {
            "seq0_seat": "0",
            "seq0_kind": "sequence",
            "seq0_length": "4",
            "seq0_top": "J",
            "seq0_suit": "S",
            "seq1_seat": "1",
            "seq1_kind": "sequence",
            "seq1_length": "3",
            "seq1_top": "A",
            "seq1_suit": "D",
            "seq2_seat": "3",
            "seq2_kind": "sequence",
            "seq2_length": "4",
            "seq2_top": "10",
            "seq2_suit": "H",
        }
        data = dict(dealer=2, taker=3, contract=100, trump="H", points_0=52, points_1=100)
        assert save(client, game, **data, last_trick=1, **rows).status_code == 302
        assert scores(game) == [[100, 210]]
        stored = game.live_hands().get()
        counted = [(d.seat, d.counted, d.points) for d in stored.declarations.order_by("order")]
        assert counted == [(0, True, 50), (1, False, 0), (3, False, 0)]

    def test_a_carre_is_entered_and_stored_as_a_carre(self, circle: Circle) -> None:
        game = new_game(circle, announcements=True)
        client = Client()
        rows = {"seq0_seat": "1", "seq0_kind": "carre", "seq0_top": "J"}
        data = dict(dealer=0, taker=1, contract=90, trump="C", points_0=52, points_1=100)
        assert save(client, game, **data, last_trick=1, **rows).status_code == 302
        stored = game.live_hands().get()
        assert stored.facts["declarations"] == [{"seat": 1, "kind": "carre", "rank": "J"}]
        # 100 + 10 + 200 + 90 = 400 for Bruno & Denis; Anne & Chloé keep their 52 → 50.
        assert scores(game) == [[50, 400]]
        # Editing it shows the carré as the rows enter it.
        edit = client.get(url("hand_edit", game, stored.pk)).content.decode()
        assert re.search(r'name="seq0_kind"[^>]*>.*?<option value="carre" selected', edit, re.S)

    def test_a_hand_with_a_carre_shows_in_the_hand_list(self, circle: Circle) -> None:
        game = new_game(circle, announcements=True)
        client = Client()
        rows = {"seq0_seat": "1", "seq0_kind": "carre", "seq0_top": "K"}
        data = dict(dealer=0, taker=1, contract=90, trump="C", points_0=52, points_1=100)
        assert save(client, game, **data, last_trick=1, **rows).status_code == 302
        page = client.get(url("game", game) + "?hands=list")
        assert page.status_code == 200 and "four kings" in page.content.decode()

    def test_a_carre_of_eights_is_refused_beside_the_announcements(self, circle: Circle) -> None:
        game = new_game(circle, announcements=True)
        client = Client()
        rows = {"seq0_seat": "1", "seq0_kind": "carre", "seq0_top": "8"}
        response = save(client, game, dealer=0, taker=1, contract=90, trump="C", **rows)
        page = response.content.decode()
        assert response.status_code == 400
        assert "a carré of sevens or eights scores nothing" in page
        assert game.live_hands().count() == 0


class TestPassedDeals:
    def test_everyone_passed_scores_nothing_and_the_next_seat_deals(
        self, client: Client, game: Game
    ) -> None:
        response = client.post(url("hand_record", game), {"dealer": "0", "outcome": "passed"})
        assert response.status_code == 302
        game.refresh_from_db()
        stored = game.live_hands().get()
        assert stored.facts == {"dealer": 0, "outcome": "passed"}
        assert stored.scores == [0, 0] and game.next_dealer == 1
        assert calls(game) == [(s, "pass", "", None) for s in (1, 2, 3, 0)]

    def test_four_passes_typed_are_a_passed_deal(self, client: Client, game: Game) -> None:
        response = client.post(url("hand_record", game), {"dealer": "3", "auction": "p p p p"})
        assert response.status_code == 302
        stored = game.live_hands().get()
        assert stored.facts["outcome"] == "passed" and len(stored.facts["bids"]) == 4
        assert stored.scores == [0, 0]

    def test_the_same_dealer_deals_again_with_that_house_rule(self, circle: Circle) -> None:
        game = new_game(circle, passed_deal="same")
        Client().post(url("hand_record", game), {"dealer": "3", "outcome": "passed"})
        game.refresh_from_db()
        assert game.next_dealer == 3

    def test_the_page_offers_the_redeal_apart_from_save(self, client: Client, game: Game) -> None:
        page = client.get(url("game", game)).content.decode()
        assert 'name="outcome" value="passed"' in page

    def test_an_edited_passed_deal_opens_as_four_passes(self, client: Client, game: Game) -> None:
        client.post(url("hand_record", game), {"dealer": "3", "outcome": "passed"})
        stored = game.live_hands().get()
        edit = client.get(url("hand_edit", game, stored.pk)).content.decode()
        assert 'value="p p p p"' in edit


class TestTheAuction:
    def test_the_typed_auction_alone_names_the_taker_contract_and_trump(
        self, client: Client, game: Game
    ) -> None:
        data = hand(taker=None, contract=None, trump=None, auction="80h p 100h p p p")
        assert client.post(url("hand_record", game), data).status_code == 302
        stored = game.live_hands().get()
        assert (stored.facts["taker"], stored.facts["contract"], stored.facts["trump"]) == (
            2,
            100,
            "H",
        )
        assert [c[:2] for c in calls(game)] == [
            (0, "bid"),
            (1, "pass"),
            (2, "bid"),
            (3, "pass"),
            (0, "pass"),
            (1, "pass"),
        ]
        assert scores(game) == [[210, 50]]

    def test_on_a_phone_typing_the_auction_fills_in_the_contract(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        answer = client.post(
            url("hand_progress", game), {"token": token, "auction": "80♥ p 100 ♥ p"}
        ).json()
        assert answer["fields"]["taker"] == "2"
        assert answer["fields"]["contract"] == "100" and answer["fields"]["trump"] == "H"
        # The preview says who is to speak.
        preview = client.post(url("hand_preview", game), {"dealer": "3", **answer["fields"]})
        assert "Auction: Chloé bid 100♥; Anne to speak." in preview.content.decode()

    def test_on_a_phone_naming_who_coinched_sets_the_coinche(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        fields = client.post(
            url("hand_progress", game), {"token": token, "coinched_by": "1"}
        ).json()["fields"]
        assert fields["coinched"] == "on" and "surcoinched" not in fields
        fields = client.post(
            url("hand_progress", game), {"token": token, "surcoinched_by": "0"}
        ).json()["fields"]
        assert fields["surcoinched"] == "on"

    def test_on_a_phone_a_capot_fills_in_the_card_points_and_the_last_trick(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        fields = client.post(
            url("hand_progress", game), {"token": token, "all_tricks": "1"}
        ).json()["fields"]
        assert (fields["points_0"], fields["points_1"], fields["last_trick"]) == ("0", "152", "1")

    def test_a_coinche_by_the_takers_partner_is_refused(self, client: Client, game: Game) -> None:
        data = dict(dealer=2, taker=3, contract=90, trump="C", points_0=64, points_1=88)
        response = save(client, game, **data, coinched="on", auction="90c", coinched_by=1)
        page = response.content.decode()
        assert response.status_code == 400
        assert "call 2: only the other team can coinche" in page
        assert "Type the whole auction" in field_box(page, "only the other team can coinche")
        assert 'value="90c"' in page
        assert game.live_hands().count() == 0

    def test_a_typed_auction_that_disagrees_with_the_taps_is_refused(
        self, client: Client, game: Game
    ) -> None:
        response = save(client, game, auction="80h p 90h p p p")
        assert "the auction ends with Chloé’s 90♥, not Chloé’s 100♥" in (
            response.content.decode().replace("&#x27;", "’").replace("'", "’")
        )
        assert game.live_hands().count() == 0

    def test_with_the_auction_typed_a_coinche_needs_who(self, client: Client, game: Game) -> None:
        data = dict(dealer=2, taker=3, contract=90, trump="C", points_0=64, points_1=88)
        response = save(client, game, **data, coinched="on", auction="90c")
        assert response.status_code == 400
        assert "With the auction typed, say who coinched." in response.content.decode()

    def test_who_coinched_is_kept_only_with_the_auction(self, client: Client, game: Game) -> None:
        response = save(client, game, coinched="on", coinched_by=1)
        assert response.status_code == 400
        assert "Who coinched is kept with the whole auction" in response.content.decode()

    def test_an_unreadable_auction_word(self, client: Client, game: Game) -> None:
        response = save(client, game, auction="80h lots")
        page = response.content.decode()
        assert "“lots” is neither a bid nor a pass (write p)" in page
        assert "Type the whole auction" in field_box(page, "is neither a bid nor a pass")
        response = save(client, game, auction="80 p")
        assert (
            "“80” needs its trump: a bid is written like 80h or 100♥" in response.content.decode()
        )

    @pytest.mark.parametrize(
        ("text", "read"),
        [
            ("80h p 100♥ p p p", [(80, "H"), None, (100, "H"), None, None, None]),
            ("80 S, pass, capot d", [(80, "S"), None, ("capot", "D")]),
            ("générale♥️", [("generale", "H")]),
            # A Turkish or a Russian table's own words, on a phone in any language.
            ("100h pas Kapot♥ PAS", [(100, "H"), None, ("capot", "H"), None]),
            ("80♠ пас капот ♦ ПАС", [(80, "S"), None, ("capot", "D"), None]),
            ("", []),
        ],
    )
    def test_reading_the_typed_auction(self, text: str, read: list[Any]) -> None:
        got = [None if c.is_pass else (c.value, c.suit) for c in read_auction(text)]
        assert got == read

    def test_a_bid_takes_only_ascii_digits(self) -> None:
        with pytest.raises(forms.ValidationError, match="neither a bid nor a pass"):
            read_auction("\u0668\u0660h p p p")  # 80 in Arabic-Indic digits


class TestBadInput:
    def test_card_points_that_do_not_add_up(self, client: Client, game: Game) -> None:
        response = save(client, game, points_0=90, points_1=60)
        page = response.content.decode()
        assert response.status_code == 400
        assert "must add up to 152" in page
        assert "Card points" in field_box(page, "must add up to 152")
        assert 'value="90"' in page and 'value="60"' in page
        assert game.live_hands().count() == 0

    def test_a_contract_below_80_is_not_offered(self, client: Client, game: Game) -> None:
        response = save(client, game, contract=70)
        page = response.content.decode()
        assert response.status_code == 400
        assert "Select a valid choice. 70 is not one of the available choices." in page
        assert "Contract" in field_box(page, "70 is not one of the available choices")
        assert game.live_hands().count() == 0

    def test_a_capot_without_every_card_point(self, client: Client, game: Game) -> None:
        response = save(client, game, points_0=150, points_1=2, all_tricks=0)
        page = response.content.decode()
        assert "a team that won every trick has all 152 card points" in page
        assert "Capot" in field_box(page, "a team that won every trick has all 152")
        assert 'value="150"' in page and game.live_hands().count() == 0

    def test_what_is_missing_is_named(self, client: Client, game: Game) -> None:
        response = client.post(url("hand_record", game), {"dealer": "3", "taker": "2"})
        page = response.content.decode()
        assert response.status_code == 400 and "still to fill in" in page
        assert "Contract" in field_box(page, "still to fill in")
        assert game.live_hands().count() == 0

    def test_the_htmx_save_keeps_what_was_typed(self, client: Client, game: Game) -> None:
        response = client.post(url("hand_record", game), hand(points_0=151, points_1=1), **HTMX)
        page = response.content.decode()
        assert "no card is worth 1 point" in page
        assert 'value="151"' in page and 'value="2" required id="id_taker_2" checked' in page
        assert game.live_hands().count() == 0


class TestTheGame:
    def test_the_new_game_page_asks_every_house_rule(self, client: Client, circle: Circle) -> None:
        page = client.get(reverse("game_new", args=[circle.slug]) + "?variant=coinche")
        text = page.content.decode()
        for key in (
            "target",
            "announcements",
            "rounding",
            "scoring",
            "coinche_scoring",
            "belote_on_failure",
            "bonus_in_contract",
            "min_contract",
            "contract_step",
            "max_contract",
            "generale",
            "passed_deal",
        ):
            assert f'name="set_{key}"' in text, key

    def test_a_game_started_with_house_rules(self, client: Client, circle: Circle) -> None:
        data = {
            "variant": "coinche",
            "first_dealer": "3",
            **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
            "set_target": "2000",
            "set_rounding": '"none"',
            "set_announcements": "true",
            "set_max_contract": "250",
            "set_contract_step": "5",
        }
        response = client.post(reverse("game_new", args=[circle.slug]), data)
        assert response.status_code == 302
        game = Game.objects.get()
        assert game.settings["target"] == 2000 and game.settings["rounding"] == "none"
        assert game.settings["max_contract"] == 250 and game.settings["contract_step"] == 5
        # So many contracts are a menu, not a pad of buttons.
        page = client.get(url("game", game)).content.decode()
        assert '<select name="contract"' in page and '<option value="245">245</option>' in page
        # Example 12: as 3 with exact points.
        data = dict(dealer=1, taker=3, contract=110, trump="S", points_0=80, points_1=72)
        assert save(client, game, **data, belote=3).status_code == 302
        assert scores(game) == [[272, 20]]

    def test_a_max_contract_off_the_step_is_refused(self, client: Client, circle: Circle) -> None:
        data = {
            "variant": "coinche",
            "first_dealer": "0",
            **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
            "set_target": "1000",
            "set_max_contract": "165",
        }
        response = client.post(reverse("game_new", args=[circle.slug]), data)
        assert response.status_code == 400 and Game.objects.count() == 0
        assert "must be 80 to 650 in steps of 10, not 165" in response.content.decode()

    def test_the_worked_game_to_its_winner(self, client: Client, game: Game) -> None:
        # The spec's six hands, tapped in: BD win 1150 to 1000.
        save(client, game, auction="80h p 100h p p p")
        client.post(url("hand_record", game), {"dealer": "0", "outcome": "passed"})
        save(
            client,
            game,
            dealer=1,
            taker=3,
            contract=110,
            trump="S",
            points_0=80,
            points_1=72,
            belote=3,
        )
        save(
            client,
            game,
            dealer=2,
            taker=3,
            contract=90,
            trump="C",
            points_0=64,
            points_1=88,
            last_trick=1,
            coinched="on",
            auction="90c",
            coinched_by=0,
        )
        save(
            client,
            game,
            dealer=3,
            taker=2,
            contract="capot",
            trump="D",
            points_0=152,
            points_1=0,
            all_tricks=0,
        )
        save(
            client,
            game,
            dealer=0,
            taker=1,
            contract=130,
            trump="S",
            points_0=27,
            points_1=125,
            last_trick=1,
            coinched="on",
            belote=2,
        )
        game.refresh_from_db()
        assert scores(game) == [[210, 50], [0, 0], [270, 20], [0, 500], [500, 0], [20, 580]]
        assert game.totals == [1000, 1150] and game.winners == [1] and game.is_finished
        page = client.get(url("game", game)).content.decode()
        assert "Bruno &amp; Denis win" in page


class TestTheHandInProgress:
    def test_the_line_for_the_other_phones_names_the_taker_and_the_contract(
        self, game: Game
    ) -> None:
        from games.models import HandInProgress
        from games.pages.game_page import progress_line as _progress_line

        progress = HandInProgress.of(game)
        progress.fields = {"dealer": "3", "taker": "1", "contract": "110", "trump": "H"}
        assert _progress_line(game, PLAYERS, progress) == "Hand 1 · Bruno bid 110 ♥"
        progress.fields = {"dealer": "3", "taker": "2", "contract": "capot", "trump": "S"}
        assert _progress_line(game, PLAYERS, progress) == "Hand 1 · Chloé bid capot ♠"

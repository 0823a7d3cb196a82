"""The hand in progress: one per game, on the server, the same on every phone.

Each test asks what happens when another phone acts in between.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game, HandInProgress
from tests.conftest import hand_post
from tests.web.helpers import HTMX, url


def change(client: Client, game: Game, token: str | None = None, **fields: str) -> Any:
    token = token if token is not None else HandInProgress.of(game).token
    return client.post(url("hand_progress", game), {"token": token, **fields})


class TestChanges:
    def test_changes_from_two_phones_to_different_fields_both_survive(
        self, client: Client, game: Game
    ) -> None:
        other = Client()
        assert change(client, game, caller="0").status_code == 200
        assert change(other, game, trump="H").status_code == 200
        assert HandInProgress.of(game).fields == {"caller": "0", "trump": "H"}

    def test_on_one_field_the_later_change_wins(self, client: Client, game: Game) -> None:
        change(client, game, points_0="90")
        answer = change(Client(), game, points_0="96").json()
        assert answer["fields"]["points_0"] == "96"
        assert HandInProgress.of(game).fields == {"points_0": "96"}

    def test_each_change_is_a_new_version(self, client: Client, game: Game) -> None:
        first = change(client, game, caller="0").json()["version"]
        assert change(client, game, caller="1").json()["version"] == first + 1

    def test_clearing_a_field_removes_it(self, client: Client, game: Game) -> None:
        change(client, game, caller="0", trump="S")
        change(client, game, trump="")
        assert HandInProgress.of(game).fields == {"caller": "0"}

    def test_a_change_to_a_hand_saved_meanwhile_is_refused(
        self, client: Client, game: Game
    ) -> None:
        old = HandInProgress.of(game).token
        client.post(url("hand_record", game), {**hand_post(), "token": old})
        answer = change(Client(), game, token=old, caller="1")
        assert answer.status_code == 200 and answer.json()["accepted"] is False
        assert answer.json()["saved"].startswith("Hand 1 saved: Ann ♥ +106")
        assert HandInProgress.of(game).fields == {}

    def test_a_field_that_is_not_part_of_the_hand_is_refused(
        self, client: Client, game: Game
    ) -> None:
        assert change(client, game, nonsense="1").status_code == 400
        assert change(client, game, key="x").status_code == 400
        assert HandInProgress.of(game).fields == {}

    def test_an_over_long_value_is_refused(self, client: Client, game: Game) -> None:
        assert change(client, game, points_0="9" * 500).status_code == 400
        assert HandInProgress.of(game).fields == {}

    def test_a_watcher_cannot_change_it(self, game: Game) -> None:
        path = reverse("hand_progress", args=["x" * 22, game.slug])
        assert Client().post(path, {"caller": "0"}).status_code == 404
        assert Client().get(url("hand_progress", game)).status_code == 405


class TestTheGamePage:
    def test_a_reload_shows_what_every_phone_entered(self, client: Client, game: Game) -> None:
        change(Client(), game, caller="2", trump="D", points_0="70")
        page = client.get(url("game", game)).content.decode()
        assert 'value="2" id="id_caller_2" checked' in page or (
            'id="id_caller_2"' in page and "checked" in page
        )
        assert 'name="points_0"' in page and 'value="70"' in page
        assert 'class="play entering"' in page

    def test_a_blank_hand_shows_nothing_in_red(self, client: Client, game: Game) -> None:
        preview = client.post(url("hand_preview", game), {"dealer": "3"}).content.decode()
        assert "problems" not in preview and "Not yet right" not in preview
        assert "Still to come" in preview

    def test_a_typed_mistake_shows_in_red(self, client: Client, game: Game) -> None:
        preview = client.post(
            url("hand_preview", game), {"dealer": "3", "points_0": "abc"}
        ).content.decode()
        assert "Not yet right" in preview

    def test_the_poll_answers_204_while_nothing_changed(self, client: Client, game: Game) -> None:
        progress = HandInProgress.of(game)
        live = url("game_live", game) + f"?v={game.version}&d={progress.version}"
        assert client.get(live, **HTMX).status_code == 204
        change(Client(), game, caller="1")
        answer = client.get(live + f"&t={progress.token}", **HTMX).content.decode()
        assert 'id="progress-state"' in answer and "hx-swap-oob" in answer
        state = answer.split('data-fields="', 1)[1].split('"', 1)[0]
        assert json.loads(state.replace("&quot;", '"')) == {"caller": "1"}

    def test_after_another_phones_save_the_poll_brings_the_next_hand(
        self, client: Client, game: Game
    ) -> None:
        progress = HandInProgress.of(game)
        Client().post(url("hand_record", game), {**hand_post(), "token": progress.token})
        live = url("game_live", game) + f"?v=1&d={progress.version}&t={progress.token}"
        answer = client.get(live, **HTMX)
        page = answer.content.decode()
        assert answer["HX-Reswap"] == "none" and 'id="play"' in page and "hx-swap-oob" in page
        assert "Hand 1 saved: Ann ♥ +106" in page and "Hand 2" in page

    def test_the_watch_page_shows_the_hand_in_progress(self, game: Game) -> None:
        change(Client(), game, caller="0", trump="H")
        page = Client().get(reverse("watch", args=[game.watch_slug])).content.decode()
        assert "Hand 1 · Ann called ♥" in page


class TestSaving:
    def test_saving_clears_the_hand_in_progress_for_every_phone(
        self, client: Client, game: Game
    ) -> None:
        change(client, game, caller="0")
        token = HandInProgress.of(game).token
        client.post(url("hand_record", game), {**hand_post(), "token": token}, **HTMX)
        progress = HandInProgress.of(game)
        assert progress.fields == {} and progress.token != token
        assert progress.saved_number == 1

    def test_the_second_of_two_phones_saving_the_same_hand_is_refused(
        self, client: Client, game: Game
    ) -> None:
        token = HandInProgress.of(game).token
        other = Client()
        first = client.post(url("hand_record", game), {**hand_post(), "token": token}, **HTMX)
        assert first.status_code == 200
        second = other.post(
            url("hand_record", game), {**hand_post(key="other"), "token": token}, **HTMX
        )
        assert second.status_code == 409
        assert "Another phone just saved hand 1: Ann ♥ +106" in second.content.decode()
        assert game.live_hands().count() == 1

    def test_two_form_snapshots_without_script_store_one_hand(
        self, client: Client, game: Game
    ) -> None:
        page = client.get(url("game", game)).content.decode()
        assert 'name="expect_number" value="1"' in page
        snapshot = {**hand_post(), "expect_number": "1", "expect_version": str(game.version)}
        assert client.post(url("hand_record", game), {**snapshot, "key": "a"}).status_code == 302
        late = Client().post(url("hand_record", game), {**snapshot, "key": "b"})
        assert late.status_code == 409
        page = late.content.decode()
        assert "Another phone just saved hand 1" in page
        # The next hand opens: the refused form is not one tap away from a duplicate.
        assert 'name="expect_number" value="2"' in page and 'value="96"' not in page
        assert game.live_hands().count() == 1

    def test_a_double_tap_still_saves_one_hand(self, client: Client, game: Game) -> None:
        token = HandInProgress.of(game).token
        data = {**hand_post(), "token": token, "key": "same"}
        client.post(url("hand_record", game), data, **HTMX)
        again = client.post(url("hand_record", game), data, **HTMX)
        assert again.status_code == 200 and game.live_hands().count() == 1

    def test_enter_in_a_number_field_saves_nothing(self, client: Client, game: Game) -> None:
        data = {**hand_post(), "check": "1"}
        response = client.post(url("hand_record", game), data)
        assert response.status_code == 200 and game.live_hands().count() == 0
        assert "This hand scores" in response.content.decode()  # checked, shown, not saved
        half = client.post(url("hand_record", game), {"dealer": "3", "caller": "0", "check": "1"})
        assert half.status_code == 400 and game.live_hands().count() == 0

    def test_a_save_with_script_says_which_hand_it_saved(self, client: Client, game: Game) -> None:
        token = HandInProgress.of(game).token
        page = client.post(
            url("hand_record", game), {**hand_post(), "token": token}, **HTMX
        ).content.decode()
        assert "Hand 1 saved: Ann ♥ +106." in page and 'data-fade="5"' in page
        assert url("hand_undo", game, game.live_hands().get().pk) in page


class TestFewerTaps:
    def test_typing_the_304_auction_fills_in_the_bidder_and_the_bid(self, circle: Any) -> None:
        game = Game.create(circle, "304", ["Asha", "Bala", "Chitra", "Dev"], first_dealer=3)
        # From the dealer's left: Asha 160, Bala 170, Chitra passes, Dev 190, Asha and Bala pass.
        answer = change(Client(), game, auction="160 170 p 190 p p").json()
        assert answer["fields"]["bidder"] == "3" and answer["fields"]["bid"] == "190"

    def test_a_half_typed_auction_fills_in_the_highest_bid_so_far(self, circle: Any) -> None:
        game = Game.create(circle, "304", ["Asha", "Bala", "Chitra", "Dev"], first_dealer=0)
        answer = change(Client(), game, auction="160 175").json()
        assert answer["fields"]["bidder"] == "2" and answer["fields"]["bid"] == "175"

    def test_a_mistyped_auction_fills_in_nothing(self, circle: Any) -> None:
        game = Game.create(circle, "304", ["Asha", "Bala", "Chitra", "Dev"])
        answer = change(Client(), game, auction="160 q").json()
        assert answer["fields"] == {"auction": "160 q"}

    def test_typing_the_ihale_fills_in_the_holder_and_the_contract(self, circle: Any) -> None:
        game = Game.create(circle, "hoskin", ["Ali", "Berk", "Cem", "Deniz"], first_dealer=0)
        # The speakers: Berk (left of the dealer) and Cem; Cem's 600 is the last bid.
        answer = change(Client(), game, auction="550 600 p").json()
        assert answer["fields"]["holder"] == "2" and answer["fields"]["contract"] == "600"
        forced = change(Client(), game, auction="p p").json()
        assert change(Client(), game, auction="550 ٥").json()["fields"]["holder"] == "1"
        assert forced["fields"]["holder"] == "1" and forced["fields"]["forced"] == "on"
        assert forced["fields"]["contract"] == "550"

    def test_in_tekli_the_holder_decides_the_contract(self, circle: Any) -> None:
        game = Game.create(circle, "hoskin-tekli", ["Ece", "Fatih", "Gül"], first_dealer=0)
        # P1 (Fatih) 550, P2 (Gül) 650, P3 (Ece) 750.
        assert change(Client(), game, holder="2").json()["fields"]["contract"] == "650"
        assert change(Client(), game, holder="0").json()["fields"]["contract"] == "750"
        assert change(Client(), game, holder="1").json()["fields"]["contract"] == "550"


class TestTheDeclarationsHelper:
    def test_it_starts_from_the_hand_in_progress_and_judges_it_at_once(
        self, client: Client, game: Game
    ) -> None:
        change(client, game, dealer="0", caller="0", trump="H")
        change(client, game, seq0_seat="3", seq0_length="4", seq0_top="Q", seq0_suit="S")
        change(client, game, seq1_seat="0", seq1_length="4", seq1_top="Q", seq1_suit="H")
        path = reverse("declarations", args=[game.circle.slug]) + f"?game={game.slug}"
        page = client.get(path).content.decode()
        assert page.index('id="verdict"') < page.index('method="get"')  # the verdict on top
        assert "equal 4-card runs to the Q: the run in trumps wins" in page
        assert "Use in this hand" in page

    def test_use_in_this_hand_carries_its_entries_into_the_hand(
        self, client: Client, game: Game
    ) -> None:
        change(client, game, caller="1", points_0="80")
        data = {
            "dealer": "2",
            "trump": "S",
            "seq0_seat": "1",
            "seq0_length": "3",
            "seq0_top": "K",
            "seq0_suit": "S",
            "bella": "3",
        }
        response = client.post(url("declarations_use", game), data)
        assert response.status_code == 302 and "phase=during" in response["Location"]
        fields = HandInProgress.of(game).fields
        assert fields["caller"] == "1" and fields["points_0"] == "80"  # kept
        assert fields["trump"] == "S" and fields["dealer"] == "2" and fields["bella"] == "3"
        assert fields["seq0_top"] == "K" and fields["seq0_seat"] == "1"

    def test_a_game_without_declarations_has_no_helper_to_use(self, circle: Any) -> None:
        game = Game.create(circle, "euchre", ["Nia", "Eli", "Sam", "Wes"])
        assert Client().post(url("declarations_use", game), {"trump": "S"}).status_code == 404

    def test_use_in_this_hand_adds_to_what_another_phone_declared(
        self, client: Client, game: Game
    ) -> None:
        # The helper was opened before another phone added Ben's run and Dov's Bella.
        change(Client(), game, seq0_seat="1", seq0_length="3", seq0_top="K", seq0_suit="C")
        change(Client(), game, bella="3")
        data = {
            "dealer": "0",
            "trump": "S",
            "seq0_seat": "2",
            "seq0_length": "4",
            "seq0_top": "A",
            "seq0_suit": "D",
            "seq1_seat": "1",
            "seq1_length": "3",
            "seq1_top": "K",
            "seq1_suit": "C",
        }
        client.post(url("declarations_use", game), data)
        fields = HandInProgress.of(game).fields
        assert fields["bella"] == "3"  # kept: the helper had no Bella
        assert (fields["seq0_seat"], fields["seq0_top"]) == ("1", "K")  # the other phone's
        assert (fields["seq1_seat"], fields["seq1_top"]) == ("2", "A")  # the helper's new one
        assert "seq2_seat" not in fields  # Ben's run, in both, is not doubled


def test_a_typed_ihale_is_checked_and_stored_as_the_auction(circle: Any) -> None:
    game = Game.create(circle, "hoskin", ["Ali", "Berk", "Cem", "Deniz"], first_dealer=0)
    base = {
        "dealer": "0",
        "holder": "2",
        "contract": "560",
        "trump": "H",
        "meld_0": "0",
        "meld_1": "0",
        "meld_2": "100",
        "meld_3": "0",
        "tricks_0": "300",
        "tricks_1": "180",
        "last_trick": "0",
    }
    # Berk opens at 550, Cem answers 560, Berk passes: Cem holds it at 560.
    Client().post(url("hand_record", game), {**base, "auction": "550 560 p"})
    bids = list(game.live_hands().get().bids.values_list("seat", "call", "value"))
    assert bids[:3] == [(1, "bid", 550), (2, "bid", 560), (1, "pass", None)]
    # A bid after the ihale is over is refused by the engine, naming the call.
    late = Client().post(url("hand_preview", game), {**base, "auction": "550 560 p 600"})
    assert "the ihale was already over" in late.content.decode()


def test_a_value_no_field_offers_is_refused(client: Client, game: Game) -> None:
    assert change(client, game, dealer="Infinity").status_code == 400
    assert change(client, game, trump="X").status_code == 400
    assert change(client, game, caller="7").status_code == 400
    assert change(client, game, points_0="abc").status_code == 200  # judged as typed
    assert HandInProgress.of(game).fields == {"points_0": "abc"}


class TestTheDerivedBidderFollowsTheDealerAndTheAuction:
    """A bidder typed from the auction is the auction's, from the dealer as it now is,
    whichever phone changed which first (issue 21, item 8)."""

    PLAYERS = ["Asha", "Bala", "Chitra", "Dev"]

    def test_a_dealer_then_the_auction(self, circle: Any) -> None:
        game = Game.create(circle, "304", self.PLAYERS, first_dealer=0)
        change(Client(), game, dealer="2")
        answer = change(Client(), game, auction="150 p p p").json()
        # From Dealer Chitra's left: Dev bids 150, the others pass.
        assert answer["fields"]["bidder"] == "3" and answer["fields"]["bid"] == "150"

    def test_the_auction_then_a_dealer(self, circle: Any) -> None:
        game = Game.create(circle, "304", self.PLAYERS, first_dealer=0)
        first = change(Client(), game, auction="150 p p p").json()
        assert first["fields"]["bidder"] == "1"
        answer = change(Client(), game, dealer="2").json()
        assert answer["fields"]["bidder"] == "3" and answer["fields"]["bid"] == "150"
        assert HandInProgress.of(game).fields["bidder"] == "3"

    def test_a_dealer_changed_back_moves_the_bidder_back(self, circle: Any) -> None:
        game = Game.create(circle, "304", self.PLAYERS, first_dealer=3)
        change(Client(), game, auction="160 170 p 190 p p")
        change(Client(), game, dealer="1")
        assert HandInProgress.of(game).fields["bidder"] == "1"
        change(Client(), game, dealer="3")
        assert HandInProgress.of(game).fields["bidder"] == "3"

    def test_a_change_read_before_another_phones_auction_still_follows_it(
        self, circle: Any, monkeypatch: Any
    ) -> None:
        # The interleaving of two racing taps: phone A's request has read the hand in
        # progress, phone B's auction is stored, then A's new dealer goes in.
        game = Game.create(circle, "304", self.PLAYERS, first_dealer=0)
        read_early = HandInProgress.of(game)
        change(Client(), game, auction="150 p p p")
        monkeypatch.setattr(
            HandInProgress, "of", classmethod(lambda cls, g, lock=False: read_early)
        )
        answer = change(Client(), game, token=read_early.token, dealer="2").json()
        monkeypatch.undo()
        assert answer["fields"]["bidder"] == "3"
        assert HandInProgress.of(game).fields == {
            "dealer": "2",
            "auction": "150 p p p",
            "bidder": "3",
            "bid": "150",
        }

    def test_coinches_taker_and_hoskins_holder_follow_a_new_dealer_too(self, circle: Any) -> None:
        coinche = Game.create(circle, "coinche", self.PLAYERS, first_dealer=0)
        change(Client(), coinche, auction="80h p p p")
        assert change(Client(), coinche, dealer="2").json()["fields"]["taker"] == "3"
        hoskin = Game.create(circle, "hoskin", ["Ali", "Berk", "Cem", "Deniz"], first_dealer=0)
        change(Client(), hoskin, auction="550 600 p")
        assert change(Client(), hoskin, dealer="1").json()["fields"]["holder"] == "3"
        tekli = Game.create(circle, "hoskin-tekli", ["Ece", "Fatih", "Gül"], first_dealer=0)
        change(Client(), tekli, holder="1")
        assert change(Client(), tekli, dealer="1").json()["fields"]["contract"] == "750"


def tap_at_once(game: Game, token: str, taps: list[dict[str, str]]) -> list[int]:
    """Each tap from a phone of its own, in a thread of its own (its own connection to the
    database), all let go at once; the answers' status codes."""
    start = threading.Barrier(len(taps))
    answers: list[int] = []

    def tap(fields: dict[str, str]) -> None:
        try:
            start.wait(timeout=30)
            answers.append(change(Client(), game, token=token, **fields).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tap, args=(fields,)) for fields in taps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


@pytest.mark.django_db(transaction=True)
def test_two_phones_racing_a_dealer_and_an_auction_end_with_the_auctions_bidder() -> None:
    # Two phones tap at once, one the dealer and the other the auction, 20 rounds on the
    # test database (SQLite or PostgreSQL): every round ends with the auction's bidder.
    circle = Circle.objects.create(name="Racing")
    game = Game.create(circle, "304", ["Asha", "Bala", "Chitra", "Dev"], first_dealer=0)
    progress = HandInProgress.of(game)
    wrong = []
    for round in range(20):
        dealer = 1 + round % 3
        HandInProgress.objects.filter(pk=progress.pk).update(fields={})
        taps = [{"dealer": str(dealer)}, {"auction": "150 p p p"}]
        if round % 2:
            taps.reverse()
        assert tap_at_once(game, progress.token, taps) == [200, 200]
        fields = HandInProgress.of(game).fields
        if fields.get("bidder") != str((dealer + 1) % 4) or fields.get("dealer") != str(dealer):
            wrong.append((round, fields))
    assert wrong == []

"""The score sheet: one row per live hand, read from what the hands store (issue 12, part 1).

The expected rows are worked out by hand from the rules (rules/klaberjass.md, euchre.md,
hoskin.md): the last trick is worth 10 in Klaberjass, a failed caller's points all go to the
other team, a Hoşkin holder who fails loses the contract.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import VARIANTS
from games.models import Circle, Game
from games.pages.score_sheet import Cell, Row, score_sheet, short_names
from tests.conftest import PLAYERS, hand_id, klob_hand
from tests.engine.test_coinche import EXAMPLE_1, EXAMPLE_2, EXAMPLE_4, EXAMPLE_5, EXAMPLE_7
from tests.engine.test_hoskin import tekli


def sheet_of(game: Game) -> Any:
    return score_sheet(game, game.live_hands(), game.player_names())


def evening(game: Game) -> Game:
    """Four Klaberjass hands; the third removed, the fourth edited.

    1. Dov deals, Ann calls ♥: 96 + 10 (last trick) = 106 against 56, made.
    2. Ann deals, Ben calls ♠: Ben & Dov take 52 against 100 + 10: failed, Ann & Cleo
       take all 162.
    3. Ben deals, Cleo calls ♦ and makes 80 + 10 against 72: removed.
    4. Cleo deals, Dov calls ♣: 92 + 10 against 60, made (first entered as 102 + 10 to 50).
    """
    game.record_hand(klob_hand())
    game.record_hand(klob_hand(dealer=0, caller=1, trump="S", card_points=[100, 52]))
    game.record_hand(klob_hand(dealer=1, caller=2, trump="D", card_points=[80, 72]))
    game.record_hand(klob_hand(dealer=2, caller=3, trump="C", card_points=[50, 102], last_trick=1))
    game.remove_hand(hand_id(game, 3))
    moved = game.live_hands().get(number=3)
    game.edit_hand(
        moved.pk,
        klob_hand(dealer=2, caller=3, trump="C", card_points=[60, 92], last_trick=1),
        moved.version,
    )
    return game


def test_each_live_hand_is_a_row_worked_out_by_hand(game: Game) -> None:
    sheet = sheet_of(evening(game))
    assert sheet.sides == ("Ann & Cleo", "Ben & Dov")
    assert sheet.taker == "Caller"
    ids = [hand_id(game, n) for n in (1, 2, 3)]
    assert sheet.rows == (
        Row(ids[0], 1, "Dov", "Ann", None, "", "H", "made", (Cell(106, 106), Cell(56, 56))),
        Row(ids[1], 2, "Ann", "Ben", None, "", "S", "failed", (Cell(162, 268), Cell(0, 56))),
        Row(ids[2], 3, "Cleo", "Dov", None, "", "C", "made", (Cell(60, 328), Cell(102, 158))),
    )


def test_a_row_marks_made_and_failed_contracts(game: Game) -> None:
    rows = sheet_of(evening(game)).rows
    assert [(r.mark, r.suit) for r in rows] == [("✓", "♥"), ("✗", "♠"), ("✓", "♣")]


def test_a_removed_hand_is_no_row_and_comes_back_when_restored(game: Game) -> None:
    evening(game)
    removed = game.removed_hands().get()
    assert removed.pk not in [row.pk for row in sheet_of(game).rows]
    game.restore_hand(removed.pk)
    rows = sheet_of(game).rows
    # Back in its place: Cleo's ♦ hand is hand 3 again, 80 + 10 against 72 is made.
    assert [(r.number, r.taker, r.result) for r in rows] == [
        (1, "Ann", "made"),
        (2, "Ben", "failed"),
        (3, "Cleo", "made"),
        (4, "Dov", "made"),
    ]
    assert rows[2].cells == (Cell(90, 358), Cell(72, 128))


def test_a_tied_call_under_the_half_rule_is_failed_and_the_other_team_keeps_its_points(
    circle: Circle,
) -> None:
    game = Game.create(circle, "klaberjass", PLAYERS, {"tie_rule": "half"}, first_dealer=3)
    # 71 + 10 against 81: the callers tie and score nothing; Ben & Dov keep their 81.
    game.record_hand(klob_hand(card_points=[71, 81]))
    (row,) = sheet_of(game).rows
    assert (row.result, row.cells) == ("failed", (Cell(0, 0), Cell(81, 81)))


def test_euchre_forfeits_and_euchres_are_marked_as_such(circle: Circle) -> None:
    game = Game.create(circle, "euchre", PLAYERS, {"all_pass": "dealer_forfeit"})
    # Ann deals and declines: Ben & Dov +1. Ben's hand: Cleo orders up ♠, takes 3 tricks, +1.
    # Cleo's: Dov names ♦ and takes 2: Ann & Cleo euchre them, +2.
    game.record_hand({"dealer": 0, "outcome": "dealer_forfeit"})
    game.record_hand({"dealer": 1, "maker": 2, "trump": "S", "round": 1, "maker_tricks": 3})
    game.record_hand({"dealer": 2, "maker": 3, "trump": "D", "round": 2, "maker_tricks": 2})
    sheet = sheet_of(game)
    assert sheet.taker == "Maker"
    assert [(r.dealer, r.taker, r.trump, r.result, r.mark) for r in sheet.rows] == [
        ("Ann", "", "", "forfeit", "forfeit"),
        ("Ben", "Cleo", "S", "made", "✓"),
        ("Cleo", "Dov", "D", "failed", "✗"),
    ]
    assert [r.cells for r in sheet.rows] == [
        (Cell(0, 0), Cell(1, 1)),
        (Cell(1, 1), Cell(0, 1)),
        (Cell(2, 3), Cell(0, 1)),
    ]


def test_a_euchre_deal_everyone_passed_is_a_redeal(circle: Circle) -> None:
    game = Game.create(circle, "euchre", PLAYERS)
    game.record_hand({"dealer": 0, "outcome": "passed_out"})
    (row,) = sheet_of(game).rows
    assert (row.taker, row.result, row.cells) == ("", "redeal", (Cell(0, 0), Cell(0, 0)))


def test_hoskin_shows_the_contract_and_a_failed_holder_goes_below_zero(circle: Circle) -> None:
    game = Game.create(circle, "hoskin", PLAYERS)
    # Ann holds at 600 in ♠ but her side counts 120 + 100 melds + 20 last trick = 240:
    # −600. Ben & Dov count 360 tricks + 80 melds = 440. Then a void deal.
    game.record_hand(
        {
            "dealer": 3,
            "holder": 0,
            "contract": 600,
            "trump": "S",
            "melds": [100, 80, 0, 0],
            "trick_points": [120, 360],
            "last_trick": 0,
        }
    )
    game.record_hand({"dealer": 0, "outcome": "void"})
    first, void = sheet_of(game).rows
    assert (first.taker, first.contract, first.suit, first.result) == ("Ann", 600, "♠", "failed")
    assert first.contract_text == "600"
    assert first.cells == (Cell(-600, -600), Cell(440, 440))
    assert (void.taker, void.result, void.cells) == ("", "void", (Cell(0, -600), Cell(0, 440)))


def test_coinche_shows_a_capot_in_words_and_a_coinched_contract_doubled(
    client: Client, circle: Circle
) -> None:
    """The sheet shows the contract as bid, and ×2 or ×4 when it was coinched or
    surcoinched (rules/coinche.md, examples 1, 4, 5 and 7): why a hand scored so much."""
    game = Game.create(circle, "coinche", PLAYERS, {"target": 3000})
    for facts in (EXAMPLE_1, EXAMPLE_4, EXAMPLE_5, EXAMPLE_7, EXAMPLE_2):
        game.record_hand(facts)
    rows = sheet_of(game).rows
    assert [(r.contract, r.contract_text, r.result) for r in rows] == [
        (100, "100", "made"),
        (90, "90 ×2", "made"),
        (250, "capot", "made"),
        (120, "120 ×4", "failed"),
        (None, "", "passed"),
    ]
    client.cookies["hands"] = "sheet"
    page = client.get(reverse("game", args=[circle.slug, game.slug])).content.decode()
    doubled = '<span class="bid"><span class="contract">90 ×2</span> <span class="suit suit-C">'
    assert doubled in page
    assert '<span class="contract">capot</span>' in page
    # In the reader's language: the capot is the catalogue's word.
    client.cookies["django_language"] = "ru"
    page = client.get(reverse("game", args=[circle.slug, game.slug])).content.decode()
    assert '<span class="contract">капот</span>' in page


def test_a_game_without_contracts_has_no_taker_and_no_marks(circle: Circle) -> None:
    game = Game.create(circle, "terz", ["Şule", "Ben"])
    game.record_hand({"dealer": 0, "trump": "H", "card_points": [80, 60], "last_trick": 0})
    sheet = sheet_of(game)
    assert sheet.taker == ""
    assert [(r.dealer, r.taker, r.result, r.mark) for r in sheet.rows] == [("Şule", "", "", "")]


# -- on the page -----------------------------------------------------------------------------


def page(client: Client, game: Game, query: str = "", **headers: Any) -> Any:
    url = reverse("game", args=[game.circle.slug, game.slug]) + query
    return client.get(url, **headers)


def test_the_detailed_list_is_shown_until_the_sheet_is_chosen(client: Client, game: Game) -> None:
    evening(game)
    html = page(client, game).content.decode()
    assert '<ol class="hand-list"' in html and '<table class="sheet' not in html


def test_choosing_the_sheet_shows_it_and_is_remembered_after_a_reload(
    client: Client, game: Game
) -> None:
    evening(game)
    chosen = page(client, game, "?hands=sheet")
    assert chosen.cookies["hands"].value == "sheet"
    html = page(client, game).content.decode()  # a reload: no parameter, the cookie
    assert '<table class="sheet sides-2">' in html and '<ol class="hand-list"' not in html
    assert html.count('<tr id="sheet-') == 3
    back = page(client, game, "?hands=list")
    assert back.cookies["hands"].value == "list"
    assert '<table class="sheet' not in page(client, game).content.decode()


def test_a_sheet_row_shows_the_hand_as_the_paper_has_it(client: Client, game: Game) -> None:
    evening(game)
    html = page(client, game, "?hands=sheet").content.decode()
    second = html[html.index(f'<tr id="sheet-{hand_id(game, 2)}"') :]
    second = second[: second.index("</tr>")]
    assert 'class="failed"' in second
    assert '<th scope="row" class="no">2</th>' in second
    assert '<td class="dealer">Ann</td>' in second
    taker = '<span class="who">Ben</span> <span class="bid"><span class="suit suit-S">♠</span>'
    assert taker in second
    assert '<span class="sr">failed</span><span aria-hidden="true">✗</span>' in second
    assert '<td class="pts team-0">+162</td><td class="tot team-0">268</td>' in second
    assert '<td class="pts team-1">+0</td><td class="tot team-1">56</td>' in second


def test_a_page_shown_at_a_form_s_address_switches_at_the_game_s(
    client: Client, game: Game
) -> None:
    evening(game)
    # A hand that breaks a rule, saved without script: the page answers at the post's address.
    post = reverse("hand_record", args=[game.circle.slug, game.slug])
    html = client.post(post, {"dealer": "3", "caller": "0", "trump": "H"}).content.decode()
    page_url = reverse("game", args=[game.circle.slug, game.slug])
    assert f'href="{page_url}?hands=sheet"' in html


def test_the_switch_with_htmx_answers_the_hands_region_alone(client: Client, game: Game) -> None:
    evening(game)
    response = page(client, game, "?hands=sheet", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="hands"') and "<html" not in html
    assert '<table class="sheet' in html and response.cookies["hands"].value == "sheet"


def test_a_watcher_can_choose_the_sheet_too(game: Game) -> None:
    evening(game)
    watcher = Client()
    url = reverse("watch", args=[game.watch_slug])
    html = watcher.get(url + "?hands=sheet").content.decode()
    assert '<table class="sheet' in html
    assert f'href="{url}?hands=list"' in html
    # A watcher holds no circle link: no CSV download, which needs one.
    assert reverse("game_csv", args=[game.circle.slug, game.slug]) not in html


@pytest.mark.parametrize("value", ["", "table", "SHEET", "sheet\x00", "x" * 500])
def test_an_unknown_choice_changes_nothing_and_sets_no_cookie(
    client: Client, game: Game, value: str
) -> None:
    evening(game)
    response = page(client, game, "?" + f"hands={value}".replace("\x00", "%00"))
    assert response.status_code == 200 and "hands" not in response.cookies
    assert '<ol class="hand-list"' in response.content.decode()


def test_an_unknown_remembered_choice_falls_back_to_the_list(client: Client, game: Game) -> None:
    evening(game)
    client.cookies["hands"] = "bogus"
    assert '<ol class="hand-list"' in page(client, game).content.decode()


def test_a_long_game_shows_its_newest_hundred_rows_and_links_to_the_earlier(
    client: Client, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("games.pages.score_sheet.SHEET_HANDS", 3)
    for _ in range(5):
        game.record_hand(klob_hand(card_points=[82, 70], last_trick=1))
    html = page(client, game, "?hands=sheet").content.decode()
    shown = [hand_id(game, n) for n in (3, 4, 5)]
    assert [html.count(f'<tr id="sheet-{pk}"') for pk in shown] == [1, 1, 1]
    assert f'<tr id="sheet-{hand_id(game, 2)}"' not in html
    assert f'href="{reverse("game", args=[game.circle.slug, game.slug])}?before=3"' in html
    earlier = page(client, game, "?before=3").content.decode()
    assert [f'<tr id="sheet-{hand_id(game, n)}"' in earlier for n in (1, 2, 3)] == [
        True,
        True,
        False,
    ]


def test_three_sides_put_each_hand_score_under_its_total(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "hoskin-tekli", ["Ece", "Fatih", "Gül"])
    # Gül holds at 650 in ♦: 290 tricks + 350 melds + 29 gömü + 20 for her last trick = 689,
    # made. Ece counts 71 + 60 = 131, Fatih 90 + 80 = 170.
    game.record_hand(tekli())
    sheet = sheet_of(game)
    assert sheet.wide and not sheet_of(evening_game(circle)).wide
    assert sheet.rows[0].cells == (Cell(131, 131), Cell(170, 170), Cell(689, 689))
    html = page(client, game, "?hands=sheet").content.decode()
    assert '<th scope="col" class="side-head team-2" title="Gül">Gül</th>' in html
    assert (
        '<td class="both team-2"><span class="tot">689</span><span class="pts">+689</span></td>'
        in html
    )


def evening_game(circle: Circle) -> Game:
    return evening(Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3))


def shared_win(circle: Circle) -> Game:
    """304 over two deals. Asha bids 180 in ♠ with Chitra and counts 190: made, +1 each. Bala
    bids 200 in ♣ with Dev and counts 185: failed, −1 each. Asha and Chitra share the win."""
    names = ["Asha", "Bala", "Chitra", "Dev"]
    game = Game.create(circle, "304", names, {"deals": 2}, first_dealer=3)
    game.record_hand(
        {"dealer": 3, "bidder": 0, "bid": 180, "trump": "S", "called_card": "AH", "partner": 2,
         "points": 190, "tricks": 5}
    )  # fmt: skip
    game.record_hand(
        {"dealer": 0, "bidder": 1, "bid": 200, "trump": "C", "called_card": "JD", "partner": 3,
         "points": 185, "tricks": 4}
    )  # fmt: skip
    return game


def test_a_shared_win_ends_the_sheet_with_both_winners(client: Client, circle: Circle) -> None:
    game = shared_win(circle)
    assert game.winners == [0, 2]
    rows = sheet_of(game).rows
    assert [(r.dealer, r.taker, r.contract, r.suit, r.result) for r in rows] == [
        ("Dev", "Asha", 180, "♠", "made"),
        ("Asha", "Bala", 200, "♣", "failed"),
    ]
    assert [r.cells for r in rows] == [
        (Cell(1, 1), Cell(0, 0), Cell(1, 1), Cell(0, 0)),
        (Cell(0, 1), Cell(-1, -1), Cell(0, 1), Cell(-1, -1)),
    ]
    html = page(client, game, "?hands=sheet").content.decode()
    # Two columns before the sides' four, and the taker's two: eight.
    assert '<td colspan="8" class="sheet-won">★ Asha &amp; Chitra win</td>' in html


def test_the_sheet_view_reads_only_the_newest_hand_for_the_list_it_does_not_show(
    client: Client, circle: Circle
) -> None:
    game = evening_game(circle)
    response = page(client, game, "?hands=sheet")
    html = response.content.decode()
    newest = game.live_hands().last()
    assert newest is not None and [row.hand.pk for row in response.context["hands"]] == [newest.pk]
    assert f"Undo hand {newest.number}" in html and 'class="hand-list"' not in html
    assert len(response.context["sheet"].rows) == game.hand_count


# --- A contract in words --------------------------------------------------------------


def test_a_contract_is_a_number_unless_the_game_has_words_for_it() -> None:
    variant = VARIANTS["304"]
    assert variant.describe_contract(160) == "160"
    assert variant.describe_contract("capot") == ""
    assert variant.describe_contract(True) == ""
    assert variant.describe_contract(None) == ""


def test_a_long_name_is_shown_short_and_never_alike_and_the_key_names_it_whole(
    client: Client, db: Any
) -> None:
    """A name too long for the sheet's columns is its first word there, or its initials when
    that word is long too or another player's; the key above the sheet names it in full."""
    names = [
        "Ann",
        "Maximiliana Alexandrova",
        "Bartholomew Fitzgerald-Smythe",
        "Anna Lee Smith",
        "Anna Kim-Jones",
        "Олена Їжакова",
    ]
    assert short_names(names) == ["Ann", "MA", "BFS", "ALS", "AKJ", "Олена"]
    assert short_names(["Anna Lee Smith", "Anna Long Smith"]) == ["ALS 1", "ALS 2"]
    long = ["Maximiliana Alexandrova", "Ben", "Олена Їжакова", "Dov"]
    game = Game.create(Circle.objects.create(), "klaberjass", long)
    game.record_hand(klob_hand(dealer=2, caller=0))
    sheet = sheet_of(game)
    assert (sheet.rows[0].dealer_short, sheet.rows[0].taker_short) == ("Олена", "MA")
    assert sheet.key == (("MA", long[0]), ("Олена", long[2]))
    assert sheet.heads == ("MA & Олена", "Ben & Dov")
    html = page(client, game, "?hands=sheet").content.decode()
    assert "<div><dt>MA</dt><dd>Maximiliana Alexandrova</dd></div>" in html
    shown = '<span aria-hidden="true">MA</span><span class="sr">Maximiliana Alexandrova</span>'
    assert shown in html

"""The setting `deals` in every game (rules/club.md, "A round of N deals"): the game ends after
exactly N recorded hands whatever the target, the highest total wins, equal highest share,
and a hand after the Nth is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import VARIANTS, HandError, ParseError, Variant, get_variant, score_game
from games.engine.game import read_hands
from games.engine.record import GameRecord

RECORDS = Path(__file__).parent.parent / "records"
variants = pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))


def spec_hands(variant: Variant[Any, Any], count: int) -> list[dict[str, Any]]:
    """`count` hands of the game's spec record, its hands repeated as often as needed."""
    hands = json.loads((RECORDS / f"{variant.key}.json").read_text())["hands"]
    return [hands[i % len(hands)] for i in range(count)]


def played(variant: Variant[Any, Any], settings: dict[str, Any], count: int) -> Any:
    chosen = variant.for_deals(variant.settings(settings), settings["deals"])
    hands = read_hands(variant, chosen, spec_hands(variant, count))
    return score_game(variant, chosen, hands)


@variants
@pytest.mark.parametrize("deals", [1, 2, 3])
def test_the_game_ends_after_exactly_n_hands_with_every_highest_total_winning(
    variant: Variant[Any, Any], deals: int
) -> None:
    before = played(variant, {"deals": deals}, deals - 1) if deals > 1 else None
    assert before is None or before.winners == ()
    game = played(variant, {"deals": deals}, deals)
    best = max(game.totals)
    assert game.winners == tuple(s for s, t in enumerate(game.totals) if t == best)
    assert game.finished


@variants
def test_a_hand_after_the_nth_is_refused_naming_it(variant: Variant[Any, Any]) -> None:
    with pytest.raises(HandError) as caught:
        played(variant, {"deals": 2}, 3)
    assert str(caught.value) == "hand 3: game: the game already ended after hand 2"


@variants
def test_deals_is_written_back_and_left_out_when_absent(variant: Variant[Any, Any]) -> None:
    settings = variant.settings({"deals": 4})
    assert settings.to_dict()["deals"] == 4
    assert variant.settings(settings.to_dict()) == settings
    assert variant.settings(settings.full_dict()) == settings
    if variant.key not in ("304", "304-widow"):
        assert "deals" not in variant.settings().full_dict()
        assert variant.settings().deals is None


@variants
@pytest.mark.parametrize("value", [0, -1, "3", True, 2.0])
def test_deals_must_be_a_positive_whole_number(variant: Variant[Any, Any], value: object) -> None:
    with pytest.raises(ParseError) as caught:
        variant.settings({"deals": value})
    assert caught.value.field == "deals"


@pytest.mark.parametrize(
    "key", ["klaberjass", "terz", "euchre", "hoskin", "hoskin-tekli", "coinche"]
)
def test_a_single_game_does_not_offer_deals_as_a_house_rule(key: str) -> None:
    assert "deals" not in get_variant(key).setting_keys()


def test_the_target_does_not_end_a_game_of_a_number_of_deals() -> None:
    klob = get_variant("klaberjass")
    settings = klob.settings({"target": 100, "deals": 3})
    hands = read_hands(klob, settings, spec_hands(klob, 3))
    after_one = score_game(klob, settings, hands[:1])
    assert after_one.totals == (106, 56) and after_one.winners == ()
    assert score_game(klob, settings, hands).totals == (288, 218)


def test_a_redeal_counts_as_a_hand_and_equal_totals_share_the_win() -> None:
    euchre = get_variant("euchre")
    settings = euchre.settings({"deals": 2})
    redeals = read_hands(euchre, settings, [{"dealer": 0, "outcome": "passed_out"}] * 2)
    game = score_game(euchre, settings, redeals)
    assert game.totals == (0, 0)
    assert game.winners == (0, 1)


def test_the_scoreboard_says_which_deal_it_is() -> None:
    klob = get_variant("klaberjass")
    assert klob.progress(klob.settings({"deals": 4}), 1) == "deal 2 of 4"
    assert klob.progress(klob.settings({"deals": 4}), 4) == "deal 4 of 4"
    assert klob.progress(klob.settings(), 1) == "to 500"


def test_in_304_a_round_of_n_deals_shares_a_tie_its_tie_rule_would_play_on() -> None:
    three = get_variant("304")
    own = three.settings({"deals": 2, "tie": "extra_deals"})
    hands = read_hands(three, own, spec_hands(three, 4))
    # Its own game: after deal 2 the totals are 1, −1, 1, −1: a tie at the top plays on.
    game = score_game(three, own, hands[:2])
    assert game.totals == (1, -1, 1, -1) and game.winners == ()
    # A round of 2 deals: the tie gives way, the two share the win, and deal 3 is refused.
    round = three.for_deals(own, 2)
    assert (round.deals, round.tie) == (2, "share")
    assert score_game(three, round, hands[:2]).winners == (0, 2)
    with pytest.raises(HandError, match="hand 3: game: the game already ended after hand 2"):
        score_game(three, round, hands[:3])


def test_a_record_with_deals_imports_and_ends_where_it_says() -> None:
    data = json.loads((RECORDS / "klaberjass.json").read_text())
    data["settings"] = {"deals": 2}
    record = GameRecord.from_dict(data)
    assert record.to_dict() == data
    data["hands"] = data["hands"][:3]
    with pytest.raises(HandError, match="hand 3: game: the game already ended after hand 2"):
        GameRecord.from_dict(data).score()

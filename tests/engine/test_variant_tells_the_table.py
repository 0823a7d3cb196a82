"""What every game shares, as the table sees it: the house rules shown in full, the message
for a wrong number of players, the verdict beside each announcement, and a game won by
reaching the target exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import GameState, ParseError, get_variant, score_game
from games.engine.game import read_hands
from games.engine.record import GameRecord, scored_output

ROOT = Path(__file__).resolve().parents[2]
EUCHRE = get_variant("euchre")
KLABERJASS = get_variant("klaberjass")


def test_the_house_rules_are_shown_in_full_even_at_their_defaults() -> None:
    # The settings page lists every rule, so a rule left at its default is shown too.
    assert EUCHRE.settings({}).full_dict() == {
        "target": 10,
        "all_pass": "redeal",
        "stuck_dealer_any_suit": False,
        "lone_euchre_points": 2,
        "defend_alone": False,
        "super_euchre": False,
    }
    assert EUCHRE.settings({"target": 5, "defend_alone": True}).full_dict()["target"] == 5


@pytest.mark.parametrize("players", [["Ann", "Bo", "Cy"], ["A", "B", "C", "D", "E"]])
def test_a_wrong_number_of_players_is_refused_with_how_many_the_game_seats(
    players: list[str],
) -> None:
    with pytest.raises(ParseError) as caught:
        read_hands(EUCHRE, EUCHRE.settings({}), [], players)
    assert (caught.value.field, caught.value.message) == (
        "players",
        "must list 4 names in seat order",
    )


def test_each_announcement_is_given_back_with_its_verdict() -> None:
    text = (ROOT / "tests" / "records" / "klaberjass.json").read_text()
    record = GameRecord.from_dict(json.loads(text))
    game = score_game(record.variant, record.settings, record.hands, record.players)
    # Hand 4 announced three runs; the table is told which of them count, in the order made.
    fourth = game.hands[3]
    pairs = KLABERJASS.declared(fourth.hand, fourth.score)
    announced = fourth.hand.declarations  # type: ignore[attr-defined]
    assert [d for d, _ in pairs] == list(announced)
    assert [v for _, v in pairs] == list(fourth.score.verdicts)
    assert len(pairs) == 3


def test_a_game_without_announcements_gives_back_none() -> None:
    settings = EUCHRE.settings({})
    hand = EUCHRE.hand({"dealer": 3, "outcome": "passed_out"}, settings)
    state = GameState(
        totals=(0, 0),
        sides=EUCHRE.side_names(EUCHRE.default_players),
        players=EUCHRE.default_players,
    )
    assert EUCHRE.declared(hand, EUCHRE.score_hand(hand, settings, state)) == ()


def test_a_side_that_reaches_the_target_exactly_wins() -> None:
    # Two lone marches (4 each) and two made hands (1 each): North & South on exactly 10.
    facts = [
        {"dealer": 0, "maker": 0, "trump": "C", "alone": True, "maker_tricks": 5},
        {"dealer": 1, "maker": 2, "trump": "H", "alone": True, "maker_tricks": 5},
        {"dealer": 2, "maker": 0, "trump": "S", "maker_tricks": 3},
        {"dealer": 3, "maker": 2, "trump": "D", "maker_tricks": 3},
    ]
    data = {
        "format": "scorer-game/1",
        "variant": "euchre",
        "settings": {},
        "players": ["North", "East", "South", "West"],
        "hands": facts,
    }
    record = GameRecord.from_dict(data)
    out = scored_output(record, record.score())
    assert out["totals"] == [10, 0]
    assert out["finished"] is True and out["winners"] == [0]
    assert EUCHRE.win_sentence(out["sides"], out["winners"]) == "North & South win"

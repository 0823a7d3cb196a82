"""What every game shares, as the table and the command line see it: the house rules shown in
full, the message for a wrong number of players, the verdict beside each announcement, a
game won by reaching the target exactly, the sides the answer names, the hand each scored
row stands for, the message of a hand that is not an object, and the registry's; all said
through the catalogue."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import VARIANTS, GameState, HandError, ParseError, get_variant, score_game
from games.engine.game import read_hands
from games.engine.record import MAX_HANDS, GameRecord, scored_output
from games.engine.variant import Carried
from tests.engine.helpers import FOUR, KLOB, TWO, Cases, in_spades, reads_only_catalogue, refused

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


def euchre_record() -> GameRecord:
    text = (ROOT / "tests" / "records" / "euchre.json").read_text()
    return GameRecord.from_dict(json.loads(text))


def test_the_command_line_answer_names_the_sides_of_the_record() -> None:
    record = euchre_record()
    out = scored_output(record, record.score())
    # The sides head the answer's columns of scores and totals, in the record's seat order.
    assert out["sides"] == list(EUCHRE.side_names(record.players))
    assert len(out["sides"]) == 2 and all(" & " in side for side in out["sides"])


def test_each_scored_hand_carries_the_hand_it_scored() -> None:
    # The site stores the facts of a scored hand from this, so it must be the hand given.
    record = euchre_record()
    game = score_game(record.variant, record.settings, record.hands, record.players)
    assert [scored.hand for scored in game.hands] == list(record.hands)


@pytest.mark.parametrize("item", [[], "pass", 3, None])
def test_a_hand_that_is_not_an_object_is_refused_by_its_number(item: object) -> None:
    settings = EUCHRE.settings({})
    good = {"dealer": 0, "outcome": "passed_out"}
    with pytest.raises(HandError) as caught:
        read_hands(EUCHRE, settings, [good, item])
    assert str(caught.value) == "hand 2: hand: each hand must be an object"
    assert (caught.value.number, caught.value.field) == (2, "hand")
    assert caught.value.message == "each hand must be an object"


TERZ = get_variant("terz")


def finished_game() -> list[str]:
    """The scoreboard's sentences, and a hand after the game has ended."""
    settings = KLOB.settings({"target": 100})
    hands = read_hands(KLOB, settings, [in_spades(), in_spades()], FOUR)
    game = score_game(KLOB, settings, hands[:1], FOUR)
    won = KLOB.win_sentence(game.sides, game.winners)
    both = TERZ.win_sentence(TWO, [0, 1])
    return [
        won,
        both,
        KLOB.progress(settings, 1),
        KLOB.progress(KLOB.settings({"deals": 4}), 1),
        KLOB.taker,
        *refused(lambda: score_game(KLOB, settings, hands, FOUR)),
        # A hand after the most a game holds.
        *refused(lambda: score_game(KLOB, settings, hands[:1], FOUR, Carried((0, 0), MAX_HANDS))),
    ]


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    # Variant, game, record, registry.
    "the game": (finished_game, {"game"}),
    "a hand that is no object": (
        lambda: refused(lambda: read_hands(KLOB, KLOB.settings(), [1], FOUR)),
        {"hand"},
    ),
    "players": (lambda: refused(lambda: KLOB.names(["Ann"])), set()),
    "registry": (
        lambda: refused(lambda: get_variant("bridge")),
        # The games' keys, quoted as the registry knows them (every game, however many).
        {"bridge", *(word for key in VARIANTS for word in re.findall(r"[a-z]+", key))},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

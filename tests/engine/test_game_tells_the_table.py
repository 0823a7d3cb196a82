"""A whole game as the table and the command line see it: the sides the answer names, the
hand each scored row stands for, and the message of a hand that is not an object."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engine import HandError, get_variant, score_game
from games.engine.game import read_hands
from games.engine.record import GameRecord, scored_output

ROOT = Path(__file__).resolve().parents[2]
EUCHRE = get_variant("euchre")


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

"""Klaberjass's last trick (rules/klaberjass.md, Hand keys): a saved hand must say which team
took it, and a hand in progress takes either team's as soon as it is entered."""

from __future__ import annotations

import pytest

from games.engine import ParseError
from games.engine.variant import Interim
from tests.engine.test_klaberjass import KLOB, PLAYERS, hand
from tests.engine.test_klaberjass_hand_in_progress import in_progress


def test_a_saved_hand_says_who_took_the_last_trick() -> None:
    facts = hand()
    del facts["last_trick"]
    with pytest.raises(ParseError) as caught:
        KLOB.hand(facts, KLOB.settings({}), PLAYERS)
    assert (caught.value.field, str(caught.value.message)) == ("last_trick", "is required")


@pytest.mark.parametrize("team", [0, 1])
def test_a_hand_in_progress_takes_either_team_s_last_trick(team: int) -> None:
    assert in_progress({"last_trick": team}) == Interim()


def test_a_hand_in_progress_refuses_a_third_team() -> None:
    with pytest.raises(ParseError) as caught:
        in_progress({"last_trick": 2})
    assert str(caught.value) == "last_trick: must be one of 0, 1, not 2"

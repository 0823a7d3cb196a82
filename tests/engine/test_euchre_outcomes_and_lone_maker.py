"""Euchre's outcomes under each `all_pass` (rules/euchre.md, Settings) and the note of a lone
maker whose trump was not entered."""

from __future__ import annotations

import pytest

from tests.engine.test_euchre import EUCHRE, played, score


@pytest.mark.parametrize(
    ("all_pass", "outcomes"),
    [
        ("redeal", ("passed_out",)),
        ("stick_the_dealer", ()),
        ("dealer_forfeit", ("dealer_forfeit",)),
    ],
)
def test_the_outcomes_besides_play_follow_all_pass(all_pass: str, outcomes: tuple[str]) -> None:
    # A deal passed out is dealt again; a stuck dealer must name trump; a dealer who may
    # decline gives the opponents 1.
    assert EUCHRE.outcomes(EUCHRE.settings({"all_pass": all_pass})) == outcomes


def test_a_lone_maker_without_trump_entered_is_told_alone() -> None:
    facts = played(5, alone=True)
    del facts["trump"]
    result = score(facts)
    assert result.notes == ("North alone made trump; North & South took all 5 alone (march): +4.",)
    assert result.scores == (4, 0)

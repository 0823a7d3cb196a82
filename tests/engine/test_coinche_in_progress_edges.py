"""Coinche while a deal is being entered (rules/coinche.md), at the edges: the points the
takers need at both ends of the range, the announcements judged with the dealer and trump
entered, and an announcement of a kind coinche does not play refused before it is complete."""

from __future__ import annotations

import pytest

from games.engine import ParseError
from games.engine.variant import InterimRow
from tests.engine.test_coinche import carre, run
from tests.engine.test_coinche_hand_in_progress import in_progress, refused


def test_the_points_needed_are_told_before_the_dealer_is_entered() -> None:
    assert in_progress({"taker": 2, "contract": 100, "trump": "H"}).lines == (
        "Chloé took 100♥ for Anne & Chloé.",
        "Anne & Chloé need 100 of the 162 trick points to make 100♥.",
    )


def test_takers_may_need_every_trick_point_without_every_trick() -> None:
    # The defenders count 140 in announcements and 20 for belote: 162 against their 160
    # makes 80, and a trick with no points may still be theirs.
    facts = {
        "dealer": 3,
        "taker": 0,
        "contract": 80,
        "trump": "C",
        "belote": 1,
        "declarations": [run(1, 5, "J", "S"), run(3, 3, "9", "H"), run(3, 3, "Q", "D")],
    }
    assert in_progress(facts, announcements=True).lines[-1] == (
        "Anne & Chloé need 162 of the 162 trick points to make 80♣."
    )


def test_takers_whose_bonus_beats_everything_need_nothing() -> None:
    # Four jacks and the belote are 220: more than the contract and than all 162 points.
    facts = {
        "dealer": 3,
        "taker": 0,
        "contract": 80,
        "trump": "C",
        "belote": 0,
        "declarations": [carre(0, "J")],
    }
    assert in_progress(facts, announcements=True).lines[-1] == (
        "Anne & Chloé need 0 of the 162 trick points to make 80♣."
    )


def test_the_dealer_entered_decides_equal_announcements() -> None:
    # Neither run is in trumps: the seat nearer the forehand (Anne, as Denis deals) wins.
    facts = {"dealer": 3, "trump": "H", "declarations": [run(0, 4, "J", "S"), run(1, 4, "J", "C")]}
    result = in_progress(facts, announcements=True)
    assert result.lines[0] == "Declarations: Anne & Chloé 50, Bruno & Denis 0."
    assert [row.counted for row in result.rows] == [True, False]


def test_the_trump_entered_decides_equal_announcements() -> None:
    facts = {"dealer": 3, "trump": "C", "declarations": [run(0, 4, "J", "S"), run(1, 4, "J", "C")]}
    result = in_progress(facts, announcements=True)
    assert result.lines[:2] == (
        "Declarations: Anne & Chloé 0, Bruno & Denis 50.",
        "Announcements: equal 4-card runs to the J: the run in trumps wins.",
    )
    assert result.rows[1] == InterimRow(
        "Bruno",
        "4-card run 8–J♣",
        True,
        50,
        "the best announcement (equal 4-card runs to the J: the run in trumps wins)",
    )


@pytest.mark.parametrize(
    ("declarations", "says"),
    [
        (
            [{"kind": "tierce"}],
            'declarations: declaration 1: kind: must be one of "sequence", "carre", not "tierce"',
        ),
        (
            [run(0, 3, "9", "C"), {"kind": "four", "rank": "J"}],
            'declarations: declaration 2: kind: must be one of "sequence", "carre", not "four"',
        ),
        (
            [{"kind": "carre", "colour": "red"}],
            "declarations: declaration 1: colour: is not a declaration key",
        ),
        (
            [{"seat": 0, "kind": ["sequence"]}],
            'declarations: declaration 1: kind: must be one of "sequence", "carre", '
            "not ['sequence']",
        ),
    ],
)
def test_an_announcement_coinche_does_not_play_is_refused_before_it_is_complete(
    declarations: list[object], says: str
) -> None:
    facts = {"dealer": 3, "trump": "S", "declarations": declarations}
    assert refused(facts, announcements=True) == says
    with pytest.raises(ParseError):
        in_progress(facts, announcements=True)

"""Klaberjass names what is wrong and why a declaration counts (rules/klaberjass.md): each
refused entry has a message a player understands, and each sequence a verdict with its
points and its reason."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import ScorerError
from tests.engine.klaberjass_facts import KLOB, hand, run, score


def refusal(facts: dict[str, Any], **settings: Any) -> tuple[str, str]:
    with pytest.raises(ScorerError) as caught:
        KLOB.hand(facts, KLOB.settings(settings))
    return caught.value.field, caught.value.message


@pytest.mark.parametrize(
    ("facts", "settings", "field", "message"),
    [
        (hand(colour="H"), {}, "colour", "is not a Klaberjass hand key"),
        (hand(caller=4), {}, "caller", "must be a seat from 0 to 3, not 4"),
        (
            hand(declarations=[{"seat": 4, "kind": "bella"}]),
            {},
            "declarations",
            "declaration 1: seat: must be a seat from 0 to 3, not 4",
        ),
        (
            hand(round="bima", dealer=2, caller=1),
            {},
            "caller",
            "on the Bima the dealer names trump, so the caller is the dealer",
        ),
        (
            hand(),
            {"capot": "double"},
            "tricks",
            "is required with these house rules (capot or sequences)",
        ),
        (hand(tricks=[5, 2]), {}, "tricks", "tricks must add up to 8 (got 5 + 2 = 7)"),
        (
            hand(tricks=[0, 8]),
            {},
            "tricks",
            "a team that took no trick has no card points and not the last trick",
        ),
        (
            hand(tricks=[8, 0]),
            {},
            "tricks",
            "a team that took all 8 tricks has every card point and the last trick",
        ),
        (
            hand(declarations=[{"seat": 0, "kind": "bella"}, {"seat": 1, "kind": "bella"}]),
            {},
            "declarations",
            "there is only one Bella (K+Q of trumps) in a hand",
        ),
        (
            hand(declarations=[run(0, 3, "9", "C"), run(0, 3, "K", "S"), run(1, 3, "A", "S")]),
            {},
            "declarations",
            "declarations 2 and 3 both use K♠; there is only one deck",
        ),
    ],
)
def test_it_names_the_key_and_the_rule_an_entry_breaks(
    facts: dict[str, Any], settings: dict[str, Any], field: str, message: str
) -> None:
    assert refusal(facts, **settings) == (field, message)


def test_it_names_an_unknown_house_rule() -> None:
    with pytest.raises(ScorerError) as caught:
        KLOB.settings({"colour": "H"})
    assert (caught.value.field, caught.value.message) == (
        "colour",
        "is not a Klaberjass setting key",
    )


def test_it_says_only_the_best_player_scores_with_sequence_scope_player() -> None:
    facts = hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(1, 3, "K", "C")])
    result = score(facts, sequence_scope="player")
    assert result.scores == (156, 56)
    assert [(v.counted, v.points, v.reason) for v in result.verdicts] == [
        (True, 50, "the best sequence (the higher value wins: 50 beats 20)"),
        (False, 0, "only You, who holds the best sequence, scores (house rule)"),
        (False, 0, "outranked by You's 4-card run J–A♠ (the higher value wins: 50 beats 20)"),
    ]


def test_it_says_a_team_without_a_trick_scores_no_sequences() -> None:
    facts = hand(
        caller=1,
        card_points=[0, 152],
        last_trick=1,
        tricks=[0, 8],
        declarations=[run(0, 4, "A", "S"), run(1, 3, "K", "C")],
    )
    result = score(facts, zero_trick_sequences=False)
    assert result.scores == (0, 162)
    assert result.notes[:3] == (
        "Sequences: the higher value wins: 50 beats 20.",
        "Sequences: You's 4-card run J–A♠ (50) is best; You & North took no trick and score none.",
        "West & East's sequences count for nothing.",
    )
    assert [(v.counted, v.points, v.reason) for v in result.verdicts] == [
        (False, 0, "You & North took no trick, so their sequences do not score (house rule)"),
        (False, 0, "outranked by You's 4-card run J–A♠ (the higher value wins: 50 beats 20)"),
    ]


def test_it_mentions_the_other_teams_sequences_only_when_they_declared_some() -> None:
    result = score(hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D")]))
    assert result.notes == (
        "Sequences: You's 4-card run J–A♠ (50) is best; You & North score 70.",
        "You & North called ♥ and made 176 against 56.",
    )


def test_it_gives_every_cancelled_sequence_zero_points() -> None:
    facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D")])
    result = score(facts, final_tiebreak="none")
    assert [(v.counted, v.points) for v in result.verdicts] == [(False, 0), (False, 0)]

"""Coinche scoring at its edges (rules/coinche.md, Scoring): a contract made exactly, a
coinched contract scored as the contract alone, the belote of a made or failed contract under
each house rule, and the sums the notes show."""

from __future__ import annotations

from games.engine.coinche import Settings
from tests.engine.test_coinche import COINCHE, EXAMPLE_3, EXAMPLE_4, EXAMPLE_10, deal, run, score


def test_the_contract_itself_is_enough() -> None:
    # Rule 6: made when cp[A] ≥ V and A beats D; 80 card points and the dix de der are 90.
    result = score(deal(contract=90, card_points=[80, 72]))
    assert result.made is True
    assert result.scores == (180, 70)
    assert "Anne & Chloé score 90 + 90 = 180." in result.notes


def test_a_coinched_contract_counted_alone_doubles_its_value() -> None:
    # Example 4 with `scoring: "contract_only"`: F = V, so BD score 90 × 2 and AC nothing.
    result = score(EXAMPLE_4, scoring="contract_only")
    assert result.scores == (0, 180)
    assert result.notes[-2:] == ("Anne & Chloé score 0.", "Bruno & Denis score 90 × 2 = 180.")


def test_made_coinched_takers_keep_their_belote_whoever_gets_it_on_a_failure() -> None:
    # Rule 9: the winner adds its own belote; `belote_on_failure` only moves it on a failure.
    facts = {**EXAMPLE_4, "belote": 3}
    for rule in ("holder", "defenders"):
        result = score(facts, belote_on_failure=rule)
        assert result.scores == (0, 520)
        assert "Bruno & Denis score (160 + 90) × 2 + 20 = 520." in result.notes
        assert not any("goes to" in note or "keep" in note for note in result.notes)


def test_a_failed_contract_without_belote_says_nothing_of_one() -> None:
    for rule in ("holder", "defenders"):
        result = score(EXAMPLE_10, belote_on_failure=rule)
        assert result.scores == (240, 0)
        assert not any("belote" in note for note in result.notes)


def test_the_defenders_take_a_failed_takers_belote_to_the_point() -> None:
    # Example 12 (exact points) with `belote_on_failure: "defenders"`: A scores 0.
    result = score(EXAMPLE_3, belote_on_failure="defenders", rounding="none")
    assert result.scores == (292, 0)
    assert result.notes[-2:] == (
        "Anne & Chloé score 162 + 110 + 20 = 292.",
        "Bruno & Denis score 0.",
    )


def test_equal_announcements_of_different_lengths_are_named_by_their_value() -> None:
    # A quinte and a sixième to the A are both worth 100: neither in trumps, so the seat
    # nearer the forehand decides (rule 4).
    facts = deal(
        taker=0,
        contract=80,
        trump="D",
        card_points=[100, 52],
        declarations=[run(0, 5, "A", "S"), run(1, 6, "A", "H")],
    )
    result = score(facts, announcements=True)
    assert result.notes[1] == (
        "Announcements: runs of equal value (100) to the A, neither in trumps: "
        "Anne sits nearer the forehand."
    )
    assert result.scores == (290, 50)


def test_only_the_passed_deal_is_an_outcome_besides_play() -> None:
    assert COINCHE.outcomes(Settings()) == ("passed",)

"""Terz with one combination at the table (rules/terz.md, Scoring): unopposed, it is senior
and its points count for its player."""

from __future__ import annotations

from games.engine.variant import Verdict
from tests.engine.test_terz import deal, run, score


def test_a_sole_combination_is_senior_and_counts() -> None:
    result = score(deal(declarations=[run(0, 3, "K", "S")]))
    assert result.verdicts == (Verdict(True, 20, "the senior combination"),)
    # Ann: 80 card points and her tierce's 20; Ben: 60 and the last trick's 10.
    assert result.scores == (100, 70)

"""Coinche's auction at its edges (rules/coinche.md, `bids`): a surcoinche from whichever
seat made the last bid's team, and a call that is two things at once."""

from __future__ import annotations

import pytest

from tests.engine.test_coinche import bid, coinche, deal, refusal, scores, surcoinche


@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_either_player_of_the_bidding_team_may_surcoinche(taker: int) -> None:
    # Denis deals, so Anne speaks first: the others pass round to the taker.
    calls = [{"seat": seat, "pass": True} for seat in range(taker)]
    for partner in (taker, (taker + 2) % 4):
        facts = deal(
            taker=taker,
            contract=80,
            trump="S",
            coinche=2,
            card_points=[76, 76],
            bids=[*calls, bid(taker, 80, "S"), coinche((taker + 1) % 4), surcoinche(partner)],
        )
        # Made or failed, the winning team takes (160 + 80) × 4 (rule 9).
        assert max(scores(facts)) == (160 + 80) * 4


@pytest.mark.parametrize("taker", [0, 1, 2, 3])
def test_the_defenders_cannot_surcoinche(taker: int) -> None:
    calls = [{"seat": seat, "pass": True} for seat in range(taker)]
    facts = deal(
        taker=taker,
        contract=80,
        trump="S",
        coinche=2,
        card_points=[76, 76],
        bids=[*calls, bid(taker, 80, "S"), coinche((taker + 1) % 4), surcoinche((taker + 3) % 4)],
    )
    assert refusal(facts) == (
        "bids",
        f"call {taker + 3}: only the bidding team can surcoinche",
    )


@pytest.mark.parametrize("extra", [{"bid": 90}, {"suit": "H"}])
def test_a_pass_cannot_also_be_a_bid(extra: dict[str, object]) -> None:
    facts = deal(
        contract=80,
        bids=[bid(0, 80, "H"), {"seat": 1, "pass": True, **extra}],
    )
    assert refusal(facts) == (
        "bids",
        "call 2: a call is one of a bid, a pass, a coinche or a surcoinche",
    )

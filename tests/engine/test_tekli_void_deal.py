"""A void Hoşkin Tekli deal told as the table tells it (rules/hoskin.md, `hoskin-tekli`):
all three pass, P1 is forced at 550, shows no marriage, and the deal is redealt."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import GameState, InvalidHand, get_variant, score_game
from games.engine.variant import Call
from tests.engine.helpers import rejects

TEKLI = get_variant("hoskin-tekli")
PARTNERS = get_variant("hoskin")
PLAYERS = ("Ece", "Fatih", "Gül")


def void(**facts: Any) -> dict[str, Any]:
    # Ece (seat 0) deals, so Fatih (seat 1) speaks first and is the one forced.
    base: dict[str, Any] = {"dealer": 0, "outcome": "void", "holder": 1, "contract": 550}
    base["forced"] = True
    base.update(facts)
    return base


def read(facts: dict[str, Any]) -> Any:
    return TEKLI.hand(facts, TEKLI.settings({}))


def rejects_exactly(facts: dict[str, Any], field: str, message: str) -> None:
    """Asserts the deal is refused naming `field`, with exactly `message`."""
    assert rejects(TEKLI, facts, field, message) == message


def test_it_accepts_a_void_deal_naming_the_forced_first_speaker() -> None:
    hand = read(void())
    assert (hand.outcome, hand.holder, hand.contract, hand.forced) == ("void", 1, 550, True)
    assert hand.declarer == 1


def test_it_scores_nothing_for_anyone_and_says_who_was_forced() -> None:
    s = TEKLI.settings({})
    state = GameState(totals=(0, 0, 0), sides=PLAYERS, players=PLAYERS)
    score = TEKLI.score_hand(read(void()), s, state)
    assert score.scores == (0, 0, 0)
    assert score.notes == (
        "Fatih was forced at 550 and holds no marriage: a void deal, redealt, nobody scores.",
    )
    assert TEKLI.declared(read(void()), score) == ()


def test_it_leaves_the_running_totals_as_they_were() -> None:
    s = TEKLI.settings({})
    played = {
        "dealer": 0,
        "holder": 2,
        "contract": 650,
        "trump": "D",
        "melds": [60, 80, 350],
        "trick_points": [71, 90, 290],
        "gomu_points": 29,
        "last_trick": 2,
    }
    hands = [TEKLI.hand(played, s), TEKLI.hand(void(dealer=1, holder=2), s)]
    game = score_game(TEKLI, s, hands, PLAYERS)
    assert game.totals == (131, 170, 689) and game.winners == ()


def test_it_records_the_auction_as_three_passes_then_the_forced_holder() -> None:
    assert TEKLI.auction(read(void())) == (
        Call(1, "pass"),
        Call(2, "pass"),
        Call(0, "pass"),
        Call(1, "forced", None, 550),
    )


def test_it_reads_back_what_it_writes() -> None:
    hand = read(void())
    assert hand.to_dict() == void()
    assert read(hand.to_dict()) == hand


@pytest.mark.parametrize(
    "named",
    [{"forced": True}, {"holder": 1}, {"contract": 550}, {"holder": 1, "contract": 550}],
)
def test_it_takes_any_part_of_the_story_to_mean_the_first_speaker_forced_at_550(
    named: dict[str, Any],
) -> None:
    # A void deal follows three passes, so a holder or contract named on it was forced.
    hand = read({"dealer": 0, "outcome": "void", **named})
    assert (hand.holder, hand.contract, hand.forced) == (1, 550, True)


def test_it_still_accepts_a_void_deal_that_names_nobody() -> None:
    hand = read({"dealer": 0, "outcome": "void"})
    assert hand.holder is None and TEKLI.auction(hand) == (
        Call(1, "pass"),
        Call(2, "pass"),
        Call(0, "pass"),
    )


def test_it_refuses_anyone_but_the_first_speaker_as_the_forced_holder() -> None:
    message = (
        "a deal is void only after three passes, when seat 1 (speaking first) is forced at 550"
    )
    rejects_exactly(void(holder=2), "holder", message)
    rejects_exactly(void(holder=0), "holder", message)


def test_it_refuses_a_forced_contract_other_than_550() -> None:
    rejects_exactly(void(contract=650), "contract", "a forced contract is held at 550")


def test_it_refuses_a_holder_who_was_not_forced() -> None:
    # Only three passes make a deal void; a first speaker who took it at 550 plays it.
    message = "a deal is void only after three passes: it was forced"
    rejects_exactly(void(forced=False), "forced", message)


@pytest.mark.parametrize(
    ("key", "value"),
    [("trump", "D"), ("melds", [0, 0, 0]), ("trick_points", [160, 160, 160]), ("last_trick", 1)],
)
def test_it_refuses_what_only_a_played_deal_has(key: str, value: Any) -> None:
    rejects_exactly(void(**{key: value}), key, "a void deal is redealt: nobody holds a contract")


def test_partners_keep_refusing_a_contract_on_a_void_deal() -> None:
    # Partners' speakers are not fixed by the dealer, so a void deal there names nobody.
    with pytest.raises(InvalidHand) as caught:
        PARTNERS.hand({"dealer": 3, "outcome": "void", "holder": 0}, PARTNERS.settings({}))
    assert caught.value.field == "holder"

"""Scoring hand by hand from the state a stored hand carried agrees with scoring the whole game
from its first hand, in every variant: the site records and edits that way (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import VARIANTS, Carried, HandError, ScorerError, Variant, score_game
from games.engine.variant import BaseHand, BaseSettings, GameScore

RECORDS = Path(__file__).parent.parent / "records"
variants = pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))


def pool(variant: Variant[Any, Any]) -> list[dict[str, Any]]:
    """Valid hands to draw from: the spec record's, as the table wrote them."""
    return json.loads((RECORDS / f"{variant.key}.json").read_text())["hands"]


@st.composite
def house_rules(draw: st.DrawFn, variant: Variant[Any, Any]) -> BaseSettings:
    """A target low enough that games end within a few hands, or the default rules."""
    data: dict[str, Any] = {}
    if draw(st.booleans()):
        data["target"] = draw(st.integers(1, max(2, variant.settings().target)))
    if "deals" in variant.settings().full_dict() and draw(st.booleans()):
        data["deals"] = draw(st.integers(1, 6))
    try:
        return variant.settings(data)
    except ScorerError:
        return variant.settings()


@st.composite
def hands(draw: st.DrawFn, variant: Variant[Any, Any], rules: BaseSettings) -> BaseHand:
    """A hand from the pool, another dealer and some of its numbers changed where the rules
    still allow it; when they do not, the pool's hand as it is."""
    facts = dict(draw(st.sampled_from(pool(variant))))
    changed = dict(facts)
    changed["dealer"] = draw(st.integers(0, variant.seats - 1))
    for key, value in facts.items():
        if key == "dealer" or not draw(st.booleans()):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            changed[key] = draw(st.integers(0, 2 * value + 10))
        elif isinstance(value, list) and all(isinstance(v, int) for v in value):
            changed[key] = list(reversed(value))
    for candidate in (changed, facts):
        try:
            return variant.hand(candidate, rules)
        except ScorerError:
            continue
    raise AssertionError(f"a {variant.key} hand of the spec record no longer reads")


@st.composite
def games(draw: st.DrawFn, variant: Variant[Any, Any]) -> tuple[BaseSettings, list[BaseHand]]:
    rules = draw(house_rules(variant))
    return rules, draw(st.lists(hands(variant, rules), max_size=12))


def whole(
    variant: Variant[Any, Any], rules: BaseSettings, played: list[BaseHand]
) -> GameScore | HandError:
    try:
        return score_game(variant, rules, played)
    except HandError as error:
        return error


def onwards(
    variant: Variant[Any, Any], rules: BaseSettings, later: list[BaseHand], start: Carried
) -> GameScore | HandError:
    try:
        return score_game(variant, rules, later, start=start)
    except HandError as error:
        return error


def playable(
    variant: Variant[Any, Any], rules: BaseSettings, played: list[BaseHand]
) -> tuple[list[BaseHand], GameScore]:
    """The hands up to the one that ends the game (a table records none after it)."""
    for end in range(len(played), -1, -1):
        scored = whole(variant, rules, played[:end])
        if isinstance(scored, GameScore):
            return played[:end], scored
    raise AssertionError("no hands at all always score")


def assert_agree(full: GameScore | HandError, part: GameScore | HandError, k: int) -> None:
    """`part` scored the hands after the first `k` of `full`, from the state hand k left."""
    if isinstance(full, HandError):
        assert isinstance(part, HandError)
        assert (part.number, part.field, part.message) == (full.number, full.field, full.message)
        return
    assert isinstance(part, GameScore)
    assert part.hands == full.hands[k:]
    assert (part.totals, part.winners, part.sides) == (full.totals, full.winners, full.sides)
    if part.hands:
        assert part.next_dealer == full.next_dealer


@variants
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_scoring_hand_by_hand_from_the_carried_state_agrees_with_the_whole_game(
    variant: Variant[Any, Any], data: st.DataObject
) -> None:
    rules, drawn = data.draw(games(variant))
    played, full = playable(variant, rules, drawn)
    state = Carried.start(variant)
    for k, hand in enumerate(played):
        part = score_game(variant, rules, [hand], start=state)
        assert_agree(whole(variant, rules, played[: k + 1]), part, k)
        state = part.hands[0].carried
    assert state == (full.hands[-1].carried if full.hands else Carried.start(variant))
    # One more hand after the end is refused the same way either way.
    extra = data.draw(hands(variant, rules))
    assert_agree(
        whole(variant, rules, [*played, extra]),
        onwards(variant, rules, [extra], state),
        len(played),
    )


@variants
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_rescoring_from_a_changed_hand_onwards_agrees_with_the_whole_game(
    variant: Variant[Any, Any], data: st.DataObject
) -> None:
    rules, drawn = data.draw(games(variant))
    played, full = playable(variant, rules, drawn)
    k = data.draw(st.integers(0, len(played)))
    change = data.draw(st.sampled_from(["edit", "remove", "insert"]))
    later = played[k:]
    if change == "edit" and later:
        later = [data.draw(hands(variant, rules)), *later[1:]]
    elif change == "remove" and later:
        later = later[1:]
    else:
        later = [data.draw(hands(variant, rules)), *later]
    start = full.hands[k - 1].carried if k else Carried.start(variant)
    changed = whole(variant, rules, [*played[:k], *later])
    assert_agree(changed, onwards(variant, rules, later, start), k)

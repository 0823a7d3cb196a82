"""Properties that hold for every Klaberjass hand Hypothesis can think of."""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from games.engine import GameState, InvalidHand
from games.engine.record import GameRecord
from tests.engine.helpers import KLOB, PLAYERS

STATE = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]

card_points = st.integers(0, 152).filter(lambda a: a not in (1, 151))
sequence = st.builds(
    lambda seat, length, top, suit: {
        "seat": seat,
        "kind": "sequence",
        "length": length,
        "top": RANKS[top],
        "suit": suit,
    },
    st.integers(0, 3),
    st.integers(3, 8),
    st.integers(2, 7),
    st.sampled_from("SHDC"),
).filter(lambda d: RANKS.index(d["top"]) >= d["length"] - 1)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    ns = draw(card_points)
    declarations = draw(st.lists(sequence, max_size=4))
    if draw(st.booleans()):
        declarations.append({"seat": draw(st.integers(0, 3)), "kind": "bella"})
    return {
        "dealer": draw(st.integers(0, 3)),
        "caller": draw(st.integers(0, 3)),
        "trump": draw(st.sampled_from("SHDC")),
        "card_points": [ns, 152 - ns],
        "last_trick": draw(st.integers(0, 1)),
        "declarations": declarations,
    }


def build(facts: dict[str, Any]):
    settings = KLOB.settings()
    try:
        return KLOB.hand(facts, settings), settings
    except InvalidHand:
        assume(False)
        raise


def counted(score) -> int:
    return sum(v.points for v in score.verdicts if v.counted)


@given(hands())
def test_a_made_hand_shares_162_plus_what_was_counted(facts: dict[str, Any]) -> None:
    hand, settings = build(facts)
    score = KLOB.score_hand(hand, settings, STATE)
    assert sum(score.scores) == 162 + counted(score)


@given(hands())
def test_a_failed_caller_scores_0_and_the_opponents_everything(facts: dict[str, Any]) -> None:
    hand, settings = build(facts)
    score = KLOB.score_hand(hand, settings, STATE)
    caller = hand.caller % 2
    if not score.made:
        assert score.scores[caller] == 0
        assert score.scores[1 - caller] == 162 + counted(score)
    else:
        assert score.scores[caller] > score.scores[1 - caller]


@given(hands())
def test_at_most_one_team_scores_sequences(facts: dict[str, Any]) -> None:
    hand, settings = build(facts)
    score = KLOB.score_hand(hand, settings, STATE)
    teams = {
        d.seat % 2
        for d, v in zip(hand.declarations, score.verdicts, strict=True)
        if d.kind == "sequence" and v.counted
    }
    assert len(teams) <= 1


@given(st.lists(hands(), max_size=6))
def test_a_record_survives_record_engine_record(hand_list: list[dict[str, Any]]) -> None:
    for facts in hand_list:
        build(facts)
    data = {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 10000},
        "players": list(PLAYERS),
        "hands": hand_list,
    }
    record = GameRecord.from_dict(data)
    written = record.to_dict()
    for original, out in zip(hand_list, written["hands"], strict=True):
        if not original["declarations"]:
            original = {k: v for k, v in original.items() if k != "declarations"}
        assert out == original
    assert GameRecord.from_dict(written).score().totals == record.score().totals

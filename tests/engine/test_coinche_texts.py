"""Coinche says everything through the catalogue (rules/coinche.md; texts.py).

Every note, verdict reason, line and row of the deal in progress, word and refusal of
coinche, over a spread of deals, is a catalogue Text; rendered in the pseudo-language of
test_texts no English word is left but the names and the values a table typed; and every
sentence of the coinche section is said by at least one of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.engine import ScorerError
from games.engine.texts import CATALOGUE, Text
from tests.engine.test_coinche import (
    COINCHE,
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
    EXAMPLE_4,
    EXAMPLE_5,
    EXAMPLE_7,
    EXAMPLE_9,
    EXAMPLE_10,
    EXAMPLE_13,
    EXAMPLE_16,
    PLAYERS,
    bid,
    carre,
    coinche,
    deal,
    passes,
    run,
    score,
    surcoinche,
)
from tests.engine.test_texts import Pseudo, leftover_english

NAMES = {w for name in PLAYERS for w in re.findall(r"[A-Za-z]+", name)}
# The parameters that quote what the table typed or the key it typed it in: never translated.
QUOTED = ("field", "value", "options")

type Said = tuple[str, object]


def refusal(action: Callable[[], object]) -> object:
    with pytest.raises(ScorerError) as caught:
        action()
    return caught.value.message


def hand_refusal(facts: Any, **settings: Any) -> object:
    return refusal(lambda: COINCHE.hand(facts, COINCHE.settings(settings), PLAYERS))


def interim_refusal(facts: Any, **settings: Any) -> object:
    return refusal(lambda: COINCHE.interim(facts, COINCHE.settings(settings), PLAYERS))


def scored(facts: dict[str, Any], **settings: Any) -> Iterator[Said]:
    result = score(facts, **settings)
    for note in result.notes:
        yield f"note of {facts}", note
    for verdict in result.verdicts:
        yield f"verdict of {facts}", verdict.reason


def in_progress(facts: dict[str, Any], **settings: Any) -> Iterator[Said]:
    result = COINCHE.interim(facts, COINCHE.settings(settings), PLAYERS)
    for line in result.lines:
        yield f"line of {facts}", line
    for row in result.rows:
        yield f"row of {facts}", row.declared
        yield f"row of {facts}", row.reason


DEALS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (EXAMPLE_1, {}),
    (EXAMPLE_2, {}),
    (EXAMPLE_3, {}),
    (EXAMPLE_3, {"belote_on_failure": "defenders"}),
    (EXAMPLE_4, {}),
    (EXAMPLE_4, {"coinche_scoring": "multiply_score"}),
    (EXAMPLE_5, {}),
    (EXAMPLE_7, {}),
    (EXAMPLE_9, {}),
    (EXAMPLE_10, {}),
    (EXAMPLE_13, {"announcements": True}),
    (EXAMPLE_16, {"generale": True}),
    ({**EXAMPLE_16, "alone": False}, {"generale": True}),
    (
        deal(contract=130, card_points=[60, 92], declarations=[run(0, 4, "10", "C")]),
        {"announcements": True},
    ),
    (deal(declarations=[run(0, 3, "K", "S"), run(1, 3, "K", "H")]), {"announcements": True}),
    (deal(declarations=[run(1, 3, "K", "S"), run(2, 3, "K", "D")]), {"announcements": True}),
    (
        deal(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(1, 3, "K", "C")]),
        {"announcements": True},
    ),
    (deal(declarations=[carre(3, "J")]), {"announcements": True}),
]

IN_PROGRESS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"dealer": 3, "bids": passes(0)}, {}),
    ({"dealer": 3, "bids": [bid(0, 80, "H")]}, {}),
    ({"dealer": 3, "bids": [bid(0, 80, "H"), coinche(1), surcoinche(2)]}, {}),
    ({"dealer": 3, "bids": passes(0, 1, 2, 3)}, {}),
    ({"taker": 2, "contract": "capot", "trump": "D", "belote": 1}, {}),
    ({"taker": 2, "contract": "generale", "trump": "D"}, {"generale": True}),
    ({"taker": 2, "contract": 300, "trump": "D"}, {"max_contract": 650}),
    (
        {
            "dealer": 2,
            "taker": 3,
            "contract": 100,
            "trump": "H",
            "declarations": [run(0, 4, "J", "S"), carre(1, "A"), {"seat": 2, "kind": "carre"}],
        },
        {"announcements": True},
    ),
    ({"declarations": [run(0, 4, "J", "S"), run(1, 4, "J", "C")]}, {"announcements": True}),
]

HAND_REFUSALS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (deal(colour="H"), {}),
    (deal(contract="tout"), {}),
    (deal(contract=70), {}),
    (deal(contract=170), {}),
    (deal(contract=105), {}),
    (deal(contract="generale"), {}),
    ({"dealer": 0, "outcome": "passed", "coinche": 1}, {}),
    (deal(all_tricks=0), {}),
    (deal(alone=True), {}),
    (deal(declarations=[run(0, 3, "9", "S")]), {}),
    (deal(declarations=[carre(0, "8")]), {"announcements": True}),
    (deal(declarations=[carre(0, "9"), carre(1, "9")]), {"announcements": True}),
    (deal(declarations=[run(0, 3, "9", "S"), run(1, 3, "10", "S")]), {"announcements": True}),
    (
        deal(declarations=[carre(0, "J"), carre(0, "9"), run(0, 3, "9", "C")]),
        {"announcements": True},
    ),
    (deal(belote=1, declarations=[run(0, 3, "K", "H")]), {"announcements": True}),
    (deal(declarations=[{"seat": 0, "kind": "carre", "rank": "X"}]), {"announcements": True}),
    (deal(bids=[bid(0, 80, "H"), {"seat": 1, "x": 1}]), {}),
    (deal(bids=[bid(0, 80, "H"), {"seat": 1, "pass": True, "coinche": True}]), {}),
    (deal(bids=[bid(1, 80, "H")]), {}),
    (deal(bids=[bid(0, 100, "H"), bid(1, 90, "S")]), {}),
    (deal(bids=[coinche(1)]), {}),
    (deal(bids=[bid(0, 80, "H"), coinche(2)]), {}),
    (deal(bids=[bid(0, 80, "H"), surcoinche(2)]), {}),
    (deal(bids=[bid(0, 80, "H"), coinche(1), surcoinche(3)]), {}),
    (deal(bids=[bid(0, 80, "H"), coinche(1), *passes(1)]), {}),
    (deal(bids=[bid(0, 80, "H"), *passes(1, 2, 3), *passes(0)]), {}),
    (deal(bids=[bid(0, 80, "H")]), {}),
    (deal(bids=passes(0, 1, 2, 3)), {}),
    ({"dealer": 3, "outcome": "passed", "bids": [bid(0, 80, "H"), *passes(1, 2, 3)]}, {}),
    (deal(bids=[bid(0, 100, "H"), *passes(1, 2, 3)]), {}),
    ({**EXAMPLE_4, "coinche": 0}, {}),
    ({**EXAMPLE_7, "coinche": 1}, {}),
]

IN_PROGRESS_REFUSALS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"colour": 1}, {}),
    ({"dealer": 3, "bids": [bid(0, 80, "H"), *passes(1, 2, 3)], "taker": 1}, {}),
    ({"declarations": [{"seat": 0, "kind": "four", "rank": "J"}]}, {"announcements": True}),
    ({"declarations": [{"seat": 1}, carre(0, "Q"), carre(3, "Q")]}, {"announcements": True}),
    ({"card_points": [150, 2], "last_trick": 0, "all_tricks": 0}, {}),
]

SETTINGS_REFUSALS = [{"colour": 1}, {"max_contract": 165}, {"rounding": "up"}]


def everything_said() -> list[Said]:
    said: list[Said] = []
    for facts, settings in DEALS:
        said += scored(facts, **settings)
    for facts, settings in IN_PROGRESS:
        said += in_progress(facts, **settings)
    for facts, settings in HAND_REFUSALS:
        said.append((f"refusal of {facts}", hand_refusal(facts, **settings)))
    for facts, settings in IN_PROGRESS_REFUSALS:
        said.append((f"in progress refusal of {facts}", interim_refusal(facts, **settings)))
    for settings in SETTINGS_REFUSALS:
        said.append((f"refusal of {settings}", refusal(lambda s=settings: COINCHE.settings(s))))
    hand = COINCHE.hand(EXAMPLE_2, COINCHE.settings(), PLAYERS)
    said += [
        ("the taker's heading", COINCHE.taker),
        ("the forehand", COINCHE.opener),
        ("a passed deal on the sheet", hand.unplayed),
        ("progress", COINCHE.progress(COINCHE.settings(), 0)),
        ("contract capot", COINCHE.describe_contract("capot")),
        ("contract générale", COINCHE.describe_contract("generale")),
        ("a carré stored", COINCHE.describe_declaration({"seat": 1, "kind": "carre", "rank": "J"})),
        ("a coinched capot on the sheet", COINCHE.sheet_contract({**EXAMPLE_5, "coinche": 1}, 250)),
        ("a surcoinched contract on the sheet", COINCHE.sheet_contract(EXAMPLE_7, 120)),
    ]
    return said


def ids(text: Text) -> Iterator[str]:
    """The sentence's id and those of the texts nested in it."""
    yield text.id
    for value in text.params.values():
        if isinstance(value, Text):
            yield from ids(value)


def quoted(text: Text) -> set[str]:
    """The words of what the table typed, as a message quotes it back."""
    words: set[str] = set()
    for key, value in text.params.items():
        if isinstance(value, Text):
            words |= quoted(value)
        elif key in QUOTED and isinstance(value, str):
            words |= set(re.findall(r"[A-Za-z]+", value))
    return words


SAID = everything_said()


@pytest.mark.parametrize(("where", "text"), SAID, ids=[where for where, _ in SAID])
def test_it_is_a_catalogue_sentence_with_no_english_left(where: str, text: object) -> None:
    assert isinstance(text, Text), f"{where}: not from the catalogue: {text!r}"
    assert leftover_english(text.render(Pseudo()), NAMES | quoted(text)) == [], text


def test_every_sentence_of_coinche_is_said() -> None:
    said = {id for _, text in SAID if isinstance(text, Text) for id in ids(text)}
    ours = {id for id in CATALOGUE if id.startswith("coinche.")}
    assert ours - said == set()


def test_every_coinche_sentence_is_in_its_own_section() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    section = (root / "games" / "engine" / "texts" / "coinche.py").read_text()
    ours = {id for id in CATALOGUE if id.startswith("coinche.")}
    assert ours == set(re.findall(r"""_tn?\(\s*"(coinche\.[a-z_.]+)\"""", section))

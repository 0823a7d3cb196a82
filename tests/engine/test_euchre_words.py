"""Euchre tells the table what happened (rules/euchre.md): the note beside each score, whether
the makers made it, the calls of the auction in order, and the message of each refused entry.

Through the catalogue: every note, verdict reason, line and row of the hand in progress,
progress word and refusal, over a spread of hands, is a catalogue Text; rendered in the
pseudo-language of tests/engine/helpers.py no English word is left; and every sentence of
the game's section is said by at least one of them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.engine import GameState, ScorerError, get_variant
from games.engine.texts import CATALOGUE, Text
from tests.engine.helpers import (
    Said,
    hand_refusal,
    hand_texts,
    ids_in,
    reader_names,
    says_only_catalogue,
    variant_texts,
)

EUCHRE = get_variant("euchre")
PLAYERS = ("North", "East", "South", "West")


def score(facts: dict[str, Any], **settings: Any) -> Any:
    s = EUCHRE.settings(settings)
    state = GameState(totals=(0, 0), sides=EUCHRE.side_names(PLAYERS), players=PLAYERS)
    return EUCHRE.score_hand(EUCHRE.hand(facts, s), s, state)


def calls(facts: dict[str, Any], **settings: Any) -> list[tuple[int, str, str | None]]:
    hand = EUCHRE.hand(facts, EUCHRE.settings(settings))
    return [(c.seat, c.call, c.suit) for c in EUCHRE.auction(hand)]


class TestTheNote:
    """Exactly one side scores (euchre.md, Scoring); the note says who and why."""

    @pytest.mark.parametrize(
        ("facts", "settings", "scores", "made", "note"),
        [
            (
                {"dealer": 3, "outcome": "passed_out"},
                {},
                (0, 0),
                None,
                "Everyone passed twice: a redeal, nobody scores.",
            ),
            (
                {"dealer": 1, "outcome": "dealer_forfeit"},
                {"all_pass": "dealer_forfeit"},
                (1, 0),
                None,
                "Everyone passed and East declined to name trump: North & South +1.",
            ),
            (
                {"dealer": 3, "outcome": "dealer_forfeit"},
                {"all_pass": "dealer_forfeit"},
                (1, 0),
                None,
                "Everyone passed and West declined to name trump: North & South +1.",
            ),
            (
                {"dealer": 2, "outcome": "dealer_forfeit"},
                {"all_pass": "dealer_forfeit"},
                (0, 1),
                None,
                "Everyone passed and South declined to name trump: East & West +1.",
            ),
            (
                {
                    "dealer": 3,
                    "maker": 1,
                    "trump": "H",
                    "round": 1,
                    "alone": True,
                    "maker_tricks": 5,
                },
                {},
                (0, 4),
                True,
                "East alone ordered up ♥; East & West took all 5 alone (march): +4.",
            ),
            (
                {"dealer": 3, "maker": 1, "trump": "H", "round": 2, "maker_tricks": 5},
                {},
                (0, 2),
                True,
                "East named ♥; East & West marched: +2.",
            ),
            (
                {"dealer": 3, "maker": 1, "maker_tricks": 3},
                {},
                (0, 1),
                True,
                "East made trump; East & West took 3 tricks: +1.",
            ),
            (
                {"dealer": 3, "maker": 1, "trump": "C", "maker_tricks": 1, "alone": True},
                {"lone_euchre_points": 4},
                (4, 0),
                False,
                "East alone made ♣ but East & West took only 1 trick: "
                "North & South euchred a lone hand, +4.",
            ),
            (
                {
                    "dealer": 3,
                    "maker": 1,
                    "trump": "C",
                    "maker_tricks": 2,
                    "alone": True,
                    "defender_alone": True,
                },
                {"defend_alone": True},
                (4, 0),
                False,
                "East alone made ♣ but East & West took only 2 tricks: "
                "North & South euchred a loner, defending alone, +4.",
            ),
            (
                {"dealer": 3, "maker": 0, "trump": "C", "maker_tricks": 0},
                {"super_euchre": True},
                (0, 4),
                False,
                "North made ♣ but North & South took only 0 tricks: "
                "East & West super-euchre: the makers took no trick, +4.",
            ),
            (
                {"dealer": 3, "maker": 3, "trump": "C", "maker_tricks": 2},
                {},
                (2, 0),
                False,
                "West made ♣ but East & West took only 2 tricks: North & South euchred, +2.",
            ),
        ],
    )
    def test_it_says_who_scores_and_why(
        self,
        facts: dict[str, Any],
        settings: dict[str, Any],
        scores: tuple[int, int],
        made: bool | None,
        note: str,
    ) -> None:
        result = score(facts, **settings)
        assert (result.scores, result.made, result.notes) == (scores, made, (note,))


class TestTheAuction:
    """Calls go round from the dealer's left; round 2 follows four passes (euchre.md, Table)."""

    def test_a_redeal_is_two_rounds_of_passes_from_the_dealer_s_left(self) -> None:
        assert calls({"dealer": 3, "outcome": "passed_out"}) == [
            (s, "pass", None) for s in (0, 1, 2, 3, 0, 1, 2, 3)
        ]

    def test_a_forfeit_ends_with_the_dealer_declining(self) -> None:
        assert calls({"dealer": 1, "outcome": "dealer_forfeit"}, all_pass="dealer_forfeit") == [
            *((s, "pass", None) for s in (2, 3, 0, 1, 2, 3, 0)),
            (1, "decline", None),
        ]

    def test_an_order_up_in_round_1_follows_the_passes_before_it(self) -> None:
        facts = {"dealer": 1, "maker": 0, "maker_tricks": 3, "trump": "S", "round": 1}
        assert calls(facts) == [(2, "pass", None), (3, "pass", None), (0, "accept", "S")]

    def test_a_suit_named_in_round_2_follows_a_round_of_passes(self) -> None:
        facts = {"dealer": 1, "maker": 0, "maker_tricks": 3, "trump": "S", "round": 2}
        assert calls(facts) == [
            *((s, "pass", None) for s in (2, 3, 0, 1, 2, 3)),
            (0, "name", "S"),
        ]

    def test_without_a_round_only_the_maker_s_call_is_known(self) -> None:
        assert calls({"dealer": 1, "maker": 3, "maker_tricks": 3, "trump": "S"}) == [
            (3, "call", "S")
        ]


@pytest.mark.parametrize(
    ("facts", "settings", "field", "message"),
    [
        (
            {"dealer": 3, "maker": 4, "maker_tricks": 0},
            {},
            "maker",
            "must be a seat from 0 to 3, not 4",
        ),
        (
            {"dealer": 3, "maker": 0, "maker_tricks": 0, "colour": "H"},
            {},
            "colour",
            "is not a Euchre hand key",
        ),
        (
            {"dealer": 3, "outcome": "passed_out", "alone": True},
            {},
            "alone",
            "a hand nobody made has nobody playing alone",
        ),
        (
            {"dealer": 3, "outcome": "passed_out", "defender_alone": True},
            {},
            "alone",
            "a hand nobody made has nobody playing alone",
        ),
        (
            {"dealer": 3, "outcome": "passed_out", "trump": "H"},
            {},
            "trump",
            "a hand nobody made has no maker, trump or tricks",
        ),
        (
            {"dealer": 3, "outcome": "passed_out"},
            {"all_pass": "stick_the_dealer"},
            "outcome",
            "with stick the dealer, the dealer must name trump",
        ),
        (
            {"dealer": 3, "outcome": "passed_out"},
            {"all_pass": "dealer_forfeit"},
            "outcome",
            "with dealer forfeit, the dealer names trump or declines",
        ),
        (
            {"dealer": 3, "outcome": "dealer_forfeit"},
            {},
            "outcome",
            "the dealer may decline only with the dealer-forfeit rule",
        ),
        ({"dealer": 3}, {}, "maker", "is required: who ordered up or named trump?"),
        (
            {"dealer": 3, "maker": 0},
            {},
            "maker_tricks",
            "is required: how many tricks did the makers win?",
        ),
        (
            {"dealer": 3, "maker": 0, "maker_tricks": 1, "alone": True, "defender_alone": True},
            {},
            "defender_alone",
            "defending alone is not a house rule here",
        ),
        (
            {"dealer": 3, "maker": 0, "maker_tricks": 1, "defender_alone": True},
            {"defend_alone": True},
            "defender_alone",
            "a defender plays alone only against a loner",
        ),
    ],
)
def test_it_names_the_key_and_the_rule_an_entry_breaks(
    facts: dict[str, Any], settings: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(ScorerError) as caught:
        EUCHRE.hand(facts, EUCHRE.settings(settings))
    assert (caught.value.field, caught.value.message) == (field, message)


def test_an_unknown_setting_names_the_game() -> None:
    with pytest.raises(ScorerError) as caught:
        EUCHRE.settings({"colour": "H"})
    assert (caught.value.field, caught.value.message) == ("colour", "is not a Euchre setting key")


# --- Through the catalogue ------------------------------------------------------------


def euchre_texts() -> Iterator[Said]:
    forfeit = {"all_pass": "dealer_forfeit"}
    hands: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"dealer": 3, "outcome": "passed_out"}, {}),
        ({"dealer": 1, "outcome": "dealer_forfeit"}, forfeit),
        ({"dealer": 3, "maker": 1, "trump": "H", "round": 1, "maker_tricks": 3}, {}),
        ({"dealer": 3, "maker": 1, "trump": "H", "round": 2, "maker_tricks": 4}, {}),
        ({"dealer": 3, "maker": 1, "trump": "H", "maker_tricks": 5}, {}),
        ({"dealer": 3, "maker": 1, "maker_tricks": 3}, {}),
        ({"dealer": 3, "maker": 1, "trump": "H", "round": 1, "alone": True, "maker_tricks": 5}, {}),
        ({"dealer": 3, "maker": 1, "trump": "H", "round": 2, "alone": True, "maker_tricks": 1}, {}),
        ({"dealer": 3, "maker": 1, "trump": "C", "alone": True, "maker_tricks": 1}, {}),
        ({"dealer": 3, "maker": 1, "alone": True, "maker_tricks": 2}, {"lone_euchre_points": 4}),
        (
            {"dealer": 3, "maker": 1, "maker_tricks": 2, "alone": True, "defender_alone": True},
            {"defend_alone": True},
        ),
        ({"dealer": 3, "maker": 0, "trump": "C", "maker_tricks": 0}, {"super_euchre": True}),
        ({"dealer": 3, "maker": 3, "trump": "C", "maker_tricks": 2}, {}),
    ]
    for facts, settings in hands:
        for text in hand_texts(EUCHRE, facts, **settings):
            yield f"euchre note {facts}", text
        hand = EUCHRE.hand(facts, EUCHRE.settings(settings))
        if hand.unplayed:
            yield f"euchre unplayed {facts}", hand.unplayed
    refused: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"dealer": 3, "outcome": "passed_out", "alone": True}, {}),
        ({"dealer": 3, "outcome": "passed_out", "trump": "H"}, {}),
        ({"dealer": 3, "outcome": "passed_out"}, {"all_pass": "stick_the_dealer"}),
        ({"dealer": 3, "outcome": "passed_out"}, forfeit),
        ({"dealer": 3, "outcome": "dealer_forfeit"}, {}),
        ({"dealer": 3}, {}),
        ({"dealer": 3, "maker": 0}, {}),
        ({"dealer": 3, "maker": 0, "maker_tricks": 6}, {}),
        ({"dealer": 3, "maker": 0, "maker_tricks": 1, "alone": True, "defender_alone": True}, {}),
        (
            {"dealer": 3, "maker": 0, "maker_tricks": 1, "defender_alone": True},
            {"defend_alone": True},
        ),
    ]
    for facts, settings in refused:
        yield f"euchre refusal {facts}", hand_refusal(EUCHRE, facts, **settings)
    for text in variant_texts(EUCHRE):
        yield "euchre words", text


SAID: list[Said] = list(euchre_texts())
# What the shared reader calls the game's hands and settings: said inside its own message.
READER_IDS = {"euchre.reader.setting", "euchre.reader.hand"}


@pytest.mark.parametrize(("where", "text"), SAID, ids=[where for where, _ in SAID])
def test_it_is_a_catalogue_sentence_with_no_english_left(where: str, text: object) -> None:
    says_only_catalogue(where, text)


def test_every_sentence_of_euchre_is_said() -> None:
    said = {id for _, text in SAID if isinstance(text, Text) for id in ids_in(text)}
    mine = {id for id in CATALOGUE if id.startswith("euchre.")}
    assert mine - READER_IDS - said == set()


def test_the_reader_names_euchre_hands_and_settings() -> None:
    reader_names(EUCHRE, {"dealer": 0}, "euchre.reader.setting", "euchre.reader.hand")

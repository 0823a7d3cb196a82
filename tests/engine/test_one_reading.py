"""One reading of each rule: a hand in progress and a saved hand refuse a broken fact alike.

Each game reads a hand in one place (`BaseHand.read`), a saved hand with every fact and a
hand in progress with any missing; `Variant.interim` judges what that reading gives. So a
fact that is given and wrong is refused by both with the same error: the same exception
type, the same field and the same message. Each case below breaks one fact of the game's
spec record (tests/records/) for the saved hand, and gives the hand in progress only that
fact and what the rule needs to see it broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import ScorerError, get_variant

RECORDS = Path(__file__).parent.parent / "records"

# (game, what is broken, the saved hand's broken facts, the hand in progress's facts)
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    ("klaberjass", "card points", {"card_points": [151, 1]}, {"card_points": [151, 1]}),
    # A number that can never be right is refused as soon as it is typed, the other team's
    # box still empty or holding what an earlier number filled in.
    (
        "klaberjass",
        "card points over the deck, the other team's not given",
        {"card_points": [200, 132]},
        {"card_points": [200, None]},
    ),
    (
        "klaberjass",
        "card points over the deck, the other team's stale",
        {"card_points": [132, 200]},
        {"card_points": [132, 200]},
    ),
    (
        "klaberjass",
        "card points that leave the other team 1, the other's not given",
        {"card_points": [151, 1]},
        {"card_points": [151, None]},
    ),
    (
        "klaberjass",
        "bima by another",
        {"round": "bima"},
        {"dealer": 3, "caller": 0, "round": "bima"},
    ),
    (
        "klaberjass",
        "trump of round 1",
        {"round": 1, "turned_up": "S"},
        {"trump": "H", "round": 1, "turned_up": "S"},
    ),
    ("klaberjass", "tricks", {"tricks": [9, 0]}, {"tricks": [9, 0]}),
    (
        "klaberjass",
        "tricks and the last trick",
        {"tricks": [0, 8]},
        {"last_trick": 0, "tricks": [0, 8]},
    ),
    ("klaberjass", "dealer", {"dealer": 4}, {"dealer": 4}),
    ("terz", "card points", {"card_points": [139, 1]}, {"card_points": [139, 1]}),
    # As in Klaberjass, a player's number that can never be right is refused as it is typed.
    (
        "terz",
        "card points over the deck, the other player's not given",
        {"card_points": [200, 0]},
        {"card_points": [200, None]},
    ),
    (
        "terz",
        "card points over the deck, the other player's stale",
        {"card_points": [80, 200]},
        {"card_points": [80, 200]},
    ),
    (
        "terz",
        "card points that leave the other player 1, the other's not given",
        {"card_points": [139, 1]},
        {"card_points": [None, 139]},
    ),
    ("terz", "last trick", {"last_trick": 2}, {"last_trick": 2}),
    ("terz", "trump", {"trump": "X"}, {"trump": "X"}),
    ("euchre", "tricks", {"maker_tricks": 6}, {"maker_tricks": 6}),
    (
        "euchre",
        "trump of round 1",
        {"turned_up": "S"},
        {"trump": "H", "round": 1, "turned_up": "S"},
    ),
    (
        "euchre",
        "a maker of a deal passed out",
        {"outcome": "passed_out", "maker_tricks": None, "trump": None, "round": None},
        {"outcome": "passed_out", "maker": 2},
    ),
    (
        "euchre",
        "a defender alone the house does not allow",
        {"alone": True, "defender_alone": True},
        {"alone": True, "defender_alone": True},
    ),
    ("304", "bid", {"bid": 303}, {"bid": 303}),
    ("304", "partner", {"partner": 0}, {"bidder": 0, "partner": 0}),
    ("304", "points", {"points": 1}, {"points": 1}),
    ("304", "tricks", {"tricks": 9}, {"tricks": 9}),
    ("304", "points of no trick", {"tricks": 0}, {"points": 190, "tricks": 0}),
    ("304", "all tricks", {"tricks": 8}, {"points": 190, "tricks": 8}),
    (
        "304",
        "a marriage shown twice",
        {"tricks": 5, "marriages": [{"seat": 1, "suit": "H"}, {"seat": 3, "suit": "H"}]},
        {"marriages": [{"seat": 1, "suit": "H"}, {"seat": 3, "suit": "H"}]},
    ),
    (
        "304",
        "a marriage of the other side after the last trick",
        {"tricks": 8, "points": 304, "marriages": [{"seat": 1, "suit": "H"}]},
        {"bidder": 0, "partner": 2, "tricks": 8, "marriages": [{"seat": 1, "suit": "H"}]},
    ),
    (
        "304",
        "the auction's winner",
        {
            "bids": [
                {"seat": 0, "bid": 160},
                {"seat": 1, "bid": 170},
                {"seat": 2, "pass": True},
                {"seat": 3, "pass": True},
                {"seat": 0, "pass": True},
            ]
        },
        {
            "dealer": 3,
            "bidder": 0,
            "bid": 180,
            "bids": [
                {"seat": 0, "bid": 160},
                {"seat": 1, "bid": 170},
                {"seat": 2, "pass": True},
                {"seat": 3, "pass": True},
                {"seat": 0, "pass": True},
            ],
        },
    ),
    ("304-widow", "widow points", {"widow_points": 61}, {"widow_points": 61}),
    (
        "304-widow",
        "widow and points over the deck",
        {"widow_points": 60, "points": 250},
        {"widow_points": 60, "points": 250},
    ),
    # The trial's hand: the bidder's 284 and a widow of J and 9 (50), tricks not given yet.
    (
        "304-widow",
        "the bidder's points and the widow's cards over the deck",
        {"points": 284, "widow_points": 50},
        {"bidder": 0, "points": 284, "widow_points": 50},
    ),
    ("304-widow", "bid", {"bid": 301}, {"bid": 301}),
    (
        "304-widow",
        "a marriage of the bidder before a trick",
        {"tricks": 0, "points": 0, "marriages": [{"seat": 0, "suit": "H"}]},
        {"bidder": 0, "tricks": 0, "marriages": [{"seat": 0, "suit": "H"}]},
    ),
    ("hoskin", "contract", {"contract": 655}, {"contract": 655}),
    ("hoskin", "forced", {"forced": True}, {"contract": 650, "forced": True}),
    ("hoskin", "melds", {"melds": [275, 80, 140, 60]}, {"melds": [275, 80, 140, 60]}),
    ("hoskin", "trick points", {"trick_points": [300, 100]}, {"trick_points": [300, 100]}),
    ("hoskin", "negative trick points", {"trick_points": [-1, 481]}, {"trick_points": [-1, 481]}),
    (
        "hoskin",
        "the auction's winner",
        {"bids": [{"seat": 1, "bid": 650}, {"seat": 2, "pass": True}, {"seat": 1, "pass": True}]},
        {
            "holder": 0,
            "bids": [{"seat": 1, "bid": 650}, {"seat": 2, "pass": True}, {"seat": 1, "pass": True}],
        },
    ),
    (
        "hoskin",
        "struck from the holder's side",
        {"violation": "meld_short", "struck": [10, 0]},
        {"holder": 0, "struck": [10, 0]},
    ),
    (
        "hoskin",
        "struck beyond the other side's melds",
        {"violation": "meld_short", "struck": [0, 150]},
        {"holder": 0, "melds": [270, 80, 140, 60], "struck": [0, 150]},
    ),
    (
        "hoskin",
        "a void deal with a contract",
        {
            "outcome": "void",
            **dict.fromkeys(("holder", "trump", "melds", "trick_points", "last_trick")),
        },
        {"outcome": "void", "contract": 650},
    ),
    (
        "hoskin-tekli",
        "forced, not the first",
        {"forced": True, "contract": 550},
        {"dealer": 0, "holder": 2, "contract": 550, "forced": True},
    ),
    (
        "hoskin-tekli",
        "forced above the opening",
        {"forced": True},
        {"contract": 650, "forced": True},
    ),
    ("hoskin-tekli", "ladder", {"contract": 750}, {"dealer": 0, "holder": 2, "contract": 750}),
    ("hoskin-tekli", "gömü points", {"gomu_points": 200}, {"gomu_points": 200}),
    (
        "hoskin-tekli",
        "trick points and the gömü",
        {"trick_points": [71, 90, 291]},
        {"trick_points": [71, 90, 291], "gomu_points": 29},
    ),
    ("coinche", "card points", {"card_points": [151, 1]}, {"card_points": [151, 1]}),
    (
        "coinche",
        "card points over the deck, the other team's not given",
        {"card_points": [200, 132]},
        {"card_points": [200, None]},
    ),
    (
        "coinche",
        "card points that leave the other team 1, the other's not given",
        {"card_points": [1, 151]},
        {"card_points": [None, 151]},
    ),
    ("coinche", "contract", {"contract": 85, "bids": []}, {"contract": 85}),
    (
        "coinche",
        "all tricks",
        {"all_tricks": 0},
        {"card_points": [103, 49], "last_trick": 0, "all_tricks": 0},
    ),
    (
        "coinche",
        "alone without every trick",
        {"alone": True},
        {"taker": 2, "all_tricks": 1, "card_points": [0, 152], "last_trick": 1, "alone": True},
    ),
    (
        "coinche",
        "a played-only fact of a deal passed",
        {
            "outcome": "passed",
            **dict.fromkeys(("taker", "contract", "card_points", "last_trick", "bids")),
        },
        {"outcome": "passed", "trump": "H"},
    ),
    (
        "coinche",
        "the auction's winner",
        {"taker": 0},
        {
            "dealer": 3,
            "taker": 0,
            "bids": [
                {"seat": 0, "bid": 80, "suit": "H"},
                {"seat": 1, "pass": True},
                {"seat": 2, "bid": 100, "suit": "H"},
                {"seat": 3, "pass": True},
                {"seat": 0, "pass": True},
                {"seat": 1, "pass": True},
            ],
        },
    ),
]

GAMES = ("klaberjass", "terz", "euchre", "304", "304-widow", "hoskin", "hoskin-tekli", "coinche")


def refusal(call: Any) -> tuple[type[ScorerError], str, str]:
    with pytest.raises(ScorerError) as caught:
        call()
    return type(caught.value), caught.value.field, str(caught.value.message)


@pytest.mark.parametrize(
    ("game", "saved_facts", "progress_facts"),
    [
        pytest.param(game, saved, progress, id=f"{game}: {what}")
        for game, what, saved, progress in CASES
    ],
)
def test_a_hand_in_progress_and_a_saved_hand_refuse_a_fact_alike(
    game: str, saved_facts: dict[str, Any], progress_facts: dict[str, Any]
) -> None:
    variant = get_variant(game)
    record = json.loads((RECORDS / f"{game}.json").read_text())
    settings = variant.settings(record["settings"])
    players = record["players"]
    saved = {**record["hands"][0], **saved_facts}
    saved = {key: value for key, value in saved.items() if value not in (None, [])}
    in_saved = refusal(lambda: variant.hand(saved, settings, players))
    in_progress = refusal(lambda: variant.interim(progress_facts, settings, players))
    assert in_progress == in_saved
    # The record's own hand is fine: it is the broken fact that is refused.
    variant.hand(record["hands"][0], settings, players)


def test_every_game_has_a_case() -> None:
    assert {case[0] for case in CASES} == set(GAMES)


# House rules under which a waiting rule bites once its facts are given.
_SETTINGS: dict[str, dict[str, Any]] = {"klaberjass": {"capot": "double"}}

# (game, what waits, the hand in progress's facts): a rule whose facts are not all given yet
# waits for them, where the saved hand would be refused once they are.
WAITING: list[tuple[str, str, dict[str, Any]]] = [
    ("klaberjass", "a team with every trick, its points not given", {"tricks": [8, 0]}),
    ("klaberjass", "bima, the dealer not given", {"caller": 0, "round": "bima"}),
    ("klaberjass", "tricks a table counts, not given", {"dealer": 0}),
    ("euchre", "the maker and tricks, not given", {"dealer": 0, "trump": "H"}),
    (
        "304",
        "a marriage of the other side after the last trick, the partner not named",
        {"bidder": 0, "tricks": 8, "marriages": [{"seat": 1, "suit": "H"}]},
    ),
    ("304", "an auction not finished", {"dealer": 3, "bids": [{"seat": 0, "bid": 160}]}),
    ("304", "every trick, the points not given", {"tricks": 8}),
    (
        "304-widow",
        "a marriage after the last trick, the bidder not given",
        {"tricks": 10, "marriages": [{"seat": 1, "suit": "H"}]},
    ),
    ("304-widow", "widow points, the bidder's points not given", {"widow_points": 60}),
    ("hoskin", "trick points of one side", {"trick_points": [300, None]}),
    ("hoskin", "struck melds, the other side's not all given", {"holder": 0, "struck": [0, 150]}),
    (
        "hoskin",
        "an auction not finished",
        {"bids": [{"seat": 1, "bid": 650}, {"seat": 2, "bid": 700}]},
    ),
    ("hoskin-tekli", "trick points, the gömü's not given", {"trick_points": [71, 90, 291]}),
    (
        "hoskin-tekli",
        "forced at the opening, the holder not given",
        {"contract": 550, "forced": True},
    ),
    ("coinche", "alone, every trick not given", {"taker": 2, "alone": True}),
    ("coinche", "card points of one team", {"card_points": [100, None]}),
    ("terz", "card points of one player", {"card_points": [None, 60]}),
    (
        "coinche",
        "an auction not finished",
        {"dealer": 3, "bids": [{"seat": 0, "bid": 80, "suit": "H"}]},
    ),
]


@pytest.mark.parametrize(
    ("game", "facts"),
    [pytest.param(game, facts, id=f"{game}: {what}") for game, what, facts in WAITING],
)
def test_a_rule_waits_in_a_hand_in_progress_for_the_facts_it_needs(
    game: str, facts: dict[str, Any]
) -> None:
    variant = get_variant(game)
    record = json.loads((RECORDS / f"{game}.json").read_text())
    settings = variant.settings({**record["settings"], **_SETTINGS.get(game, {})})
    # Nothing is refused: what the table knows so far is said.
    interim = variant.interim(facts, settings, record["players"])
    assert all(isinstance(line, str) and line for line in interim.lines)

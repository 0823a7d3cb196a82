"""Euchre, 304 and Hoşkin say everything through the catalogue (issue 14).

Every note, verdict reason, line and row of the hand in progress, progress word and refusal
of these games, over a spread of hands, is a catalogue Text; rendered in the pseudo-language
of test_texts no English word is left; and every sentence of the three games' sections is
said by at least one of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.engine import GameState, ScorerError, get_variant
from games.engine.cards import Card, Suit
from games.engine.hoskin import count_meld
from games.engine.texts import CATALOGUE, Text
from tests.engine.test_texts import Pseudo, leftover_english

EUCHRE = get_variant("euchre")
FOUR = get_variant("304")
THREE = get_variant("304-widow")
PARTNERS = get_variant("hoskin")
TEKLI = get_variant("hoskin-tekli")
VARIANTS = (EUCHRE, FOUR, THREE, PARTNERS, TEKLI)
SECTIONS = ("euchre.", "three_o_four.", "hoskin.")

NAMES = {
    EUCHRE: ("North", "East", "South", "West"),
    FOUR: ("Asha", "Bala", "Chitra", "Dev"),
    THREE: ("Asha", "Bala", "Chitra"),
    PARTNERS: ("Ali", "Berk", "Cem", "Deniz"),
    TEKLI: ("Ece", "Fatih", "Gül"),
}
# Names, and the hand keys an error names (a key is never translated).
KNOWN = {w for names in NAMES.values() for name in names for w in re.findall(r"[A-Za-z]+", name)}
KNOWN |= {"Player", "seat", "suit", "bid", "pass"}

# What the shared reader calls each game's hands and settings: said inside its own message.
READER_IDS = {
    "euchre.reader.setting",
    "euchre.reader.hand",
    "three_o_four.reader.setting",
    "three_o_four.reader.hand",
    "three_o_four.reader.bid",
    "three_o_four.reader.marriage",
    "hoskin.reader.setting",
    "hoskin.reader.hand",
    "hoskin.reader.bid",
}

type Said = tuple[str, object]


def score(variant: Any, facts: dict[str, Any], **settings: Any) -> Any:
    players = NAMES[variant]
    s = variant.settings(settings)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=players)
    hand = variant.hand(facts, s, players)
    return hand, variant.score_hand(hand, s, state)


def refusal(action: Callable[[], object]) -> object:
    with pytest.raises(ScorerError) as caught:
        action()
    return caught.value.message


def hand_refusal(variant: Any, facts: dict[str, Any], **settings: Any) -> object:
    return refusal(lambda: variant.hand(facts, variant.settings(settings), NAMES[variant]))


def interim_refusal(variant: Any, facts: dict[str, Any], **settings: Any) -> object:
    return refusal(lambda: variant.interim(facts, variant.settings(settings), NAMES[variant]))


def hand_texts(variant: Any, facts: dict[str, Any], **settings: Any) -> Iterator[object]:
    """A hand's notes and the reasons of its declarations' verdicts."""
    hand, result = score(variant, facts, **settings)
    yield from result.notes
    yield from (v.reason for v in result.verdicts)
    yield from (v.reason for _, v in variant.declared(hand, result))


def interim_texts(variant: Any, facts: dict[str, Any], **settings: Any) -> Iterator[object]:
    """The lines of a hand in progress, and each row's description and reason."""
    judged = variant.interim(facts, variant.settings(settings), NAMES[variant])
    yield from judged.lines
    for row in judged.rows:
        yield row.declared
        yield row.reason


def variant_texts(variant: Any) -> Iterator[object]:
    """The words a variant gives the scoreboard and the score sheet (Euchre's progress and
    opener are the shared defaults)."""
    if variant is not EUCHRE:
        s = variant.settings({})
        yield from (variant.progress(s, played) for played in (0, 12))
    yield from (w for w in (variant.opener, variant.taker) if w)


# --- Euchre ------------------------------------------------------------------------------


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


# --- 304 ---------------------------------------------------------------------------------


def deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "bidder": 0,
        "bid": 180,
        "trump": "S",
        "called_card": "AH",
        "partner": 2,
        "points": 190,
        "tricks": 5,
    }
    return {**base, **facts}


def widow(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 2,
        "bidder": 0,
        "bid": 170,
        "trump": "S",
        "points": 160,
        "widow_points": 13,
        "tricks": 6,
    }
    return {**base, **facts}


ALL_PASS = [{"seat": 1, "pass": True}, {"seat": 2, "pass": True}, {"seat": 3, "pass": True}]
SHOWN = [
    {"seat": 2, "suit": "S"},
    {"seat": 1, "suit": "H"},
    {"seat": 0, "suit": "D"},
    {"seat": 3, "suit": "C"},
]
# Dealer 3: seat 0 bids first.
RAISES = [
    {"seat": 0, "bid": 180},
    {"seat": 1, "bid": 210},
    {"seat": 2, "bid": 240},
    {"seat": 3, "bid": 270},
    {"seat": 0, "bid": 275},
]


def three_o_four_texts() -> Iterator[Said]:
    hands: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (FOUR, deal(points=180), {}),
        (FOUR, deal(points=170), {}),
        (FOUR, deal(marriages=SHOWN), {}),
        (FOUR, deal(marriages=[{"seat": 1, "suit": "S"}, {"seat": 0, "suit": "H"}]), {}),
        (FOUR, deal(points=304, tricks=8, slam=True), {}),
        (FOUR, deal(points=170, slam=True), {"failed_slam": "normal"}),
        (FOUR, deal(points=190, slam=True), {}),
        (FOUR, deal(partner_lost=True), {}),
        (THREE, widow(points=157), {}),
        (THREE, widow(points=150), {}),
        (THREE, widow(points=294, widow_points=10, tricks=10, slam=True), {}),
        (THREE, widow(marriages=[{"seat": 1, "suit": "H"}]), {}),
    ]
    for variant, facts, settings in hands:
        for text in hand_texts(variant, facts, **settings):
            yield f"{variant.key} note {facts}", text
    in_progress: list[tuple[Any, dict[str, Any]]] = [
        (
            FOUR,
            {
                "bidder": 0,
                "bid": 220,
                "trump": "D",
                "partner": 2,
                "marriages": [{"suit": "H"}, {"seat": 1}, {}, {"seat": 2, "suit": "D"}],
            },
        ),
        (FOUR, {"bid": 220, "marriages": [{"seat": 1, "suit": "C"}, {"seat": 2, "suit": "D"}]}),
        (FOUR, {"bidder": 0, "bid": 220, "marriages": [{"seat": 1, "suit": "C"}]}),
        (FOUR, {"bidder": 0, "trump": "D", "partner": 2, "marriages": [{"seat": 2, "suit": "H"}]}),
        (FOUR, {"bidder": 0, "bid": 200, "trump": "D", "partner": 2, "marriages": SHOWN}),
        (FOUR, {"bidder": 0, "bid": 200}),
        (THREE, {"bidder": 0, "bid": 170, "trump": "S", "marriages": [{"seat": 1, "suit": "H"}]}),
    ]
    for bid in (None, 160):
        for trump in (None, "D"):
            for called in ({}, {"called_card": "9S"}, {"called_card": "9S", "partner": 2}):
                facts = {"bidder": 0, "bid": bid, "trump": trump, **called}
                in_progress.append((FOUR, {k: v for k, v in facts.items() if v is not None}))
    for variant, facts in in_progress:
        for text in interim_texts(variant, facts):
            yield f"{variant.key} in progress {facts}", text
    refused: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (FOUR, deal(bid=303), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}, *ALL_PASS, {"seat": 0, "bid": 190}]), {}),
        (FOUR, deal(bids=[{"seat": 1, "bid": 180}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 190}]), {}),
        (
            FOUR,
            deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "bid": 304}]),
            {"allow_304_bid": True},
        ),
        (FOUR, deal(bids=[{"seat": 0, "bid": 160}, {"seat": 1, "bid": 200}]), {}),
        (FOUR, deal(bids=[*RAISES, {"seat": 1, "bid": 305}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "bid": 185, "x": 1}]), {}),
        (FOUR, deal(bids=[{"seat": 0, "bid": 150}, *ALL_PASS]), {}),
        (FOUR, deal(partner=0), {}),
        (FOUR, deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "Z"}]), {}),
        (FOUR, deal(marriages=[{"seat": 0, "suit": "H"}, {"seat": 1, "suit": "H"}]), {}),
        (FOUR, deal(tricks=0, points=0, marriages=[{"seat": 0, "suit": "C"}]), {}),
        (FOUR, deal(tricks=8, points=304, marriages=[{"seat": 1, "suit": "C"}]), {}),
        (FOUR, deal(tricks=9), {}),
        (FOUR, deal(points=303), {}),
        (FOUR, deal(tricks=0, points=10), {}),
        (FOUR, deal(tricks=8, points=300), {}),
        (THREE, widow(widow_points=61), {}),
        (THREE, widow(widow_points=60, points=250), {}),
        (THREE, widow(tricks=10, points=250), {}),
    ]
    for variant, facts, settings in refused:
        yield f"{variant.key} refusal {facts}", hand_refusal(variant, facts, **settings)
    calls = [{"seat": 1, "bid": 160}, *({"seat": s, "pass": True} for s in (2, 3, 0))]
    for facts in ({"bidder": 2, "bid": 170}, {"bidder": 2}, {"bid": 170}):
        yield (
            f"304 in progress refusal {facts}",
            interim_refusal(FOUR, {"dealer": 0, "bids": calls, **facts}),
        )
    for facts in (
        {"bidder": 0, "partner": 0},
        {"marriages": [{"seat": 1, "x": 1}]},
        {"marriages": [{"seat": 1, "suit": "H"}, {"seat": 2, "suit": "H"}]},
    ):
        yield f"304 in progress refusal {facts}", interim_refusal(FOUR, facts)
    for variant in (FOUR, THREE):
        for text in variant_texts(variant):
            yield f"{variant.key} words", text


# --- Hoşkin ------------------------------------------------------------------------------


def hoskin(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "holder": 0,
        "contract": 650,
        "trump": "H",
        "melds": [270, 80, 140, 60],
        "trick_points": [300, 180],
        "last_trick": 0,
    }
    return {**base, **facts}


def tekli(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 0,
        "holder": 2,
        "contract": 650,
        "trump": "D",
        "melds": [60, 80, 350],
        "trick_points": [71, 90, 290],
        "gomu_points": 29,
        "last_trick": 2,
    }
    return {**base, **facts}


def holdings() -> Iterator[list[str]]:
    """Cards laid out that make every meld at every level, and a marriage once and twice."""
    for level in range(1, 5):
        yield ["AH", "10H", "KH", "QH", "JH"] * level
        for rank in "AKQJ":
            yield [f"{rank}{suit}" for suit in "SHDC"] * level
        yield ["QS", "JD"] * level
    yield ["KS", "QS"]
    yield ["KS", "QS", "KS", "QS"]


def hoskin_texts() -> Iterator[Said]:
    hands: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (PARTNERS, hoskin(), {}),
        (PARTNERS, hoskin(contract=550, forced=True), {}),
        (PARTNERS, hoskin(trick_points=[0, 480]), {}),
        (PARTNERS, hoskin(contract=550, forced=True, trick_points=[0, 480]), {}),
        (PARTNERS, hoskin(violation="meld_short"), {}),
        (PARTNERS, hoskin(violation="aces_claim_false"), {}),
        (PARTNERS, hoskin(struck=[0, 140]), {}),
        (PARTNERS, {"dealer": 3, "outcome": "void"}, {}),
        (TEKLI, tekli(last_trick=0), {}),
        (TEKLI, tekli(), {"gomu_to": "holder"}),
        (TEKLI, tekli(recount_failed=True), {}),
        (TEKLI, tekli(unannounced_burial=True), {}),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 1}, {}),
    ]
    for variant, facts, settings in hands:
        for text in hand_texts(variant, facts, **settings):
            yield f"{variant.key} note {facts}", text
        hand = variant.hand(facts, variant.settings(settings), NAMES[variant])
        if hand.unplayed:
            yield f"{variant.key} unplayed {facts}", hand.unplayed
    for cards in holdings():
        holding: dict[Card, int] = {}
        for card in cards:
            holding[Card.parse(card)] = holding.get(Card.parse(card), 0) + 1
        for name, _ in count_meld(holding, Suit.HEARTS).lines:
            yield f"meld of {cards}", name
    in_progress: list[tuple[Any, dict[str, Any], dict[str, Any]]] = [
        (PARTNERS, {"holder": 1, "contract": 650, "melds": [270, 80, 140, 60]}, {}),
        (PARTNERS, {"holder": 1, "contract": 550, "forced": True, "melds": [10, 20, 30, 40]}, {}),
        (PARTNERS, {"holder": 1, "contract": 650, "trump": "S", "melds": [0, 80, 0, 60]}, {}),
        (
            PARTNERS,
            {"holder": 1, "contract": 550, "forced": True, "trump": "S", "melds": [0, 80, 0, 60]},
            {},
        ),
        (PARTNERS, {"holder": 0, "contract": 650, "melds": [270, 80, None, 60]}, {}),
        (PARTNERS, {"holder": 0, "contract": 550, "forced": True, "melds": [10, 0, None, 0]}, {}),
        (PARTNERS, {"holder": 0, "contract": 650, "trump": "H", "melds": [20, 80, None, 60]}, {}),
        (
            PARTNERS,
            {"holder": 0, "contract": 550, "forced": True, "trump": "H", "melds": [10, 0, None, 0]},
            {},
        ),
        (PARTNERS, {"holder": 0, "melds": [100, None, None, None]}, {}),
        (
            PARTNERS,
            {
                "trump": "H",
                "melds": [20, None, None, None],
                "meld_cards": [["KH", "QH", "AH", "10H", "JH", "KS", "QS"], [], ["QS", "JD"]],
            },
            {},
        ),
        (PARTNERS, {"meld_cards": [["KH", "QH"]]}, {}),
        (TEKLI, {"holder": 1, "contract": 650, "melds": [None, 100, 20]}, {}),
        (TEKLI, {"holder": 1, "melds": [None, 100, None]}, {}),
        (TEKLI, {"gomu_points": 29}, {}),
        (TEKLI, {"holder": 1, "gomu_cards": ["AS", "10H"]}, {"gomu_to": "holder"}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC"]}, {"gomu_to": "holder"}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC"], "gomu_points": 30}, {}),
    ]
    for variant, facts, settings in in_progress:
        for text in interim_texts(variant, facts, **settings):
            yield f"{variant.key} in progress {facts}", text
    bids = [{"seat": 0, "bid": 560}, {"seat": 1, "bid": 570}, {"seat": 1, "bid": 580}]
    refused: list[tuple[Any, dict[str, Any]]] = [
        (PARTNERS, hoskin(trick_points=[-10, 490])),
        (PARTNERS, hoskin(trick_points=[300, 100])),
        (PARTNERS, hoskin(outcome="void")),
        (PARTNERS, hoskin(forced=True)),
        (PARTNERS, hoskin(struck=[10, 0])),
        (PARTNERS, hoskin(struck=[0, 150])),
        (PARTNERS, hoskin(contract=655)),
        (PARTNERS, hoskin(melds=[270, 85, 140, 60])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "bid": 650}, {"seat": 1, "bid": 660, "x": 1}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "pass": True}, {"seat": 1, "pass": True}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "bid": 560}, {"seat": 1, "pass": True}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "pass": True}, {"seat": 2, "pass": True}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "bid": 650}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "bid": 555}, {"seat": 1, "pass": True}])),
        (PARTNERS, hoskin(bids=[{"seat": 0, "bid": 560}, {"seat": 1, "bid": 565}])),
        (PARTNERS, hoskin(bids=[*bids[:1], {"seat": 1, "pass": True}, {"seat": 0, "bid": 570}])),
        (PARTNERS, hoskin(bids=bids)),
        (TEKLI, tekli(trick_points=[-1, 162, 290])),
        (TEKLI, tekli(trick_points=[70, 90, 290])),
        (TEKLI, tekli(gomu_points=60)),
        (TEKLI, tekli(holder=1)),
        (TEKLI, tekli(contract=750)),
        (TEKLI, tekli(holder=0)),
        (TEKLI, tekli(holder=2, contract=550, forced=True)),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 2}),
        (TEKLI, {"dealer": 0, "outcome": "void", "contract": 650}),
        (TEKLI, {"dealer": 0, "outcome": "void", "holder": 1, "forced": False}),
    ]
    for variant, facts in refused:
        yield f"{variant.key} refusal {facts}", hand_refusal(variant, facts)
    for variant, facts in [
        (PARTNERS, {"trump": "S", "meld_cards": [["9H"]]}),
        (PARTNERS, {"trump": "S", "meld_cards": [["KH"] * 5]}),
        (PARTNERS, {"trump": "S", "meld_cards": [[], [], [], [], []]}),
        (TEKLI, {"trump": "S", "meld_cards": [[], [], [], []]}),
        (PARTNERS, {"trump": "S", "meld_cards": ["KH"]}),
        (PARTNERS, {"contract": 650, "forced": True}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC"], "gomu_points": 29}),
        (TEKLI, {"gomu_cards": ["AS", "10H", "KD", "QC", "JC", "JD"]}),
        (TEKLI, {"gomu_cards": ["9S"]}),
    ]:
        yield f"{variant.key} in progress refusal {facts}", interim_refusal(variant, facts)
    for variant in (PARTNERS, TEKLI):
        for text in variant_texts(variant):
            yield f"{variant.key} words", text


def everything_said() -> list[Said]:
    return [*euchre_texts(), *three_o_four_texts(), *hoskin_texts()]


def ids(text: Text) -> Iterator[str]:
    """The sentence's id and those of the texts nested in it."""
    yield text.id
    for value in text.params.values():
        if isinstance(value, Text):
            yield from ids(value)


def foreign(text: Text) -> set[str]:
    """Words of a plain message another module wrote, nested as a problem ("call 2: …"): that
    module's own tests check it; once it is a Text it is checked here too."""
    words: set[str] = set()
    for key, value in text.params.items():
        if isinstance(value, Text):
            words |= foreign(value)
        elif key == "problem":
            words |= set(re.findall(r"[A-Za-z]+", value if isinstance(value, str) else ""))
    return words


SAID = everything_said()


@pytest.mark.parametrize(("where", "text"), SAID, ids=[where for where, _ in SAID])
def test_it_is_a_catalogue_sentence_with_no_english_left(where: str, text: object) -> None:
    assert isinstance(text, Text), f"{where}: not from the catalogue: {text!r}"
    assert leftover_english(text.render(Pseudo()), KNOWN | foreign(text)) == [], text


def test_every_sentence_of_the_three_games_is_said() -> None:
    said = {id for _, text in SAID if isinstance(text, Text) for id in ids(text)}
    mine = {id for id in CATALOGUE if id.startswith(SECTIONS)}
    assert mine - READER_IDS - said == set()


@pytest.mark.parametrize(
    ("variant", "settings", "hand", "setting_id", "hand_id"),
    [
        (EUCHRE, {}, {"dealer": 0}, "euchre.reader.setting", "euchre.reader.hand"),
        (FOUR, {}, deal(), "three_o_four.reader.setting", "three_o_four.reader.hand"),
        (PARTNERS, {}, hoskin(), "hoskin.reader.setting", "hoskin.reader.hand"),
    ],
)
def test_the_reader_names_each_game_s_hands_and_settings(
    variant: Any, settings: dict[str, Any], hand: dict[str, Any], setting_id: str, hand_id: str
) -> None:
    setting = refusal(lambda: variant.settings({"colour": "H"}))
    refused = hand_refusal(variant, {**hand, "colour": "H"})
    for message, id in ((setting, setting_id), (refused, hand_id)):
        assert isinstance(message, str) and str(CATALOGUE[id]) in message
        if isinstance(message, Text):
            assert id in set(ids(message))


@pytest.mark.parametrize(
    ("variant", "facts", "id"),
    [
        (
            FOUR,
            deal(bids=[{"seat": 0, "bid": 180}, {"seat": 1, "x": 1}]),
            "three_o_four.reader.bid",
        ),
        (FOUR, deal(marriages=[{"seat": 1, "x": 1}]), "three_o_four.reader.marriage"),
        (
            PARTNERS,
            hoskin(bids=[{"seat": 0, "bid": 650}, {"seat": 1, "x": 1}]),
            "hoskin.reader.bid",
        ),
    ],
)
def test_the_reader_names_each_call_and_marriage(
    variant: Any, facts: dict[str, Any], id: str
) -> None:
    message = hand_refusal(variant, facts)
    assert isinstance(message, Text)
    problem = message.params["problem"]
    assert f"is not a {CATALOGUE[id]} key" == problem
    if isinstance(problem, Text):
        assert id in set(ids(problem))

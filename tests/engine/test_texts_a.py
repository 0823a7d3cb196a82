"""Klaberjass, Terz, their declarations and the pieces every game shares speak only through
the catalogue (issue 14).

Each case below plays hands of the engine's own tests, or breaks one, and renders what the
table would read (notes, verdicts, the hand in progress, the scoreboard's sentences, error
messages) in the pseudo-language of test_texts.py: no English word may survive outside the
names and values a sentence quotes. Together the cases say every sentence of these modules'
sections of the catalogue.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from games.engine import VARIANTS, GameState, ScorerError, get_variant, score_game
from games.engine.cards import Card, Rank, Suit, check_card_points
from games.engine.declarations import Declaration
from games.engine.game import HandError, read_hands
from games.engine.names import check_name, check_names
from games.engine.numbers import LIMIT, NotANumber, whole_number
from games.engine.reading import Reader
from games.engine.record import MAX_HANDS, GameRecord, _why_not_json, read_json
from games.engine.texts import CATALOGUE, Text
from games.engine.variant import Carried, Interim
from tests.engine.test_texts import Pseudo, leftover_english

ROOT = Path(__file__).resolve().parents[2]
KLOB = get_variant("klaberjass")
TERZ = get_variant("terz")
FOUR = ("Ann", "Ben", "Cleo", "Dov")
TWO = ("Ann", "Ben")

# What json and Python say about text that is not JSON, which a record's message quotes.
PYTHONS_WORDS = (
    "Expecting property name enclosed in double quotes; "
    "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
)

# The sections of the catalogue these modules own.
SECTIONS = (
    "cards.",
    "numbers.",
    "reading.",
    "rounds.",
    "klaberjass.",
    "declarations.",
    "terz.",
    "variant.",
    "registry.",
    "game.",
    "record.",
    "names.",
)


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def four(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "four", "rank": rank}


def marriage(seat: int, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "marriage", "suit": suit}


def bella(seat: int) -> dict[str, Any]:
    return {"seat": seat, "kind": "bella"}


def klob_hand(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "caller": 0,
        "trump": "S",
        "card_points": [100, 52],
        "last_trick": 0,
    }
    return base | facts


def terz_deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"dealer": 1, "trump": "C", "card_points": [80, 60], "last_trick": 1}
    return base | facts


def scored(
    variant: Any, facts: dict[str, Any], players: tuple[str, ...], **settings: Any
) -> list[str]:
    """The notes and the verdicts' reasons of one hand."""
    s = variant.settings(settings)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=players)
    score = variant.score_hand(variant.hand(facts, s, players), s, state)
    return [*score.notes, *(v.reason for v in score.verdicts)]


def told(interim: Interim) -> list[str]:
    """All an interim says: its lines, and each row's description and reason."""
    return [*interim.lines, *(t for row in interim.rows for t in (row.declared, row.reason))]


def in_progress(variant: Any, facts: Any, players: tuple[str, ...], **settings: Any) -> list[str]:
    return told(variant.interim(facts, variant.settings(settings), players))


def refused(attempt: Callable[[], object]) -> list[str]:
    """The message of the error an attempt raises (and a HandError's whole sentence)."""
    try:
        attempt()
    except ScorerError as error:
        return [error.message, *([error.text] if isinstance(error, HandError) else [])]
    except NotANumber as error:
        return [error.message]
    raise AssertionError("not refused")


def klob_refuses(facts: dict[str, Any], **settings: Any) -> list[str]:
    return refused(lambda: KLOB.hand(facts, KLOB.settings(settings), FOUR))


def terz_refuses(facts: dict[str, Any], **settings: Any) -> list[str]:
    return refused(lambda: TERZ.hand(facts, TERZ.settings(settings), TWO))


def record(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "tests" / "records" / "klaberjass.json").read_text())
    return data | changes


def finished_game() -> list[str]:
    """The scoreboard's sentences, and a hand after the game has ended."""
    settings = KLOB.settings({"target": 100})
    hands = read_hands(KLOB, settings, [klob_hand(), klob_hand()], FOUR)
    game = score_game(KLOB, settings, hands[:1], FOUR)
    won = KLOB.win_sentence(game.sides, game.winners)
    both = TERZ.win_sentence(TWO, [0, 1])
    return [
        won,
        both,
        KLOB.progress(settings, 1),
        KLOB.taker,
        *refused(lambda: score_game(KLOB, settings, hands, FOUR)),
        # A hand after the most a game holds.
        *refused(lambda: score_game(KLOB, settings, hands[:1], FOUR, Carried((0, 0), MAX_HANDS))),
    ]


# name: (what the table reads, the words it may quote: names, keys and values as typed)
CASES: dict[str, tuple[Callable[[], Iterable[str]], set[str]]] = {
    # Klaberjass: scoring.
    "klaberjass: higher value, outranked, counts with the best, Bella": (
        lambda: scored(
            KLOB,
            klob_hand(
                declarations=[
                    run(0, 4, "Q", "H"),
                    run(1, 3, "A", "C"),
                    run(2, 3, "9", "D"),
                    bella(1),
                ]
            ),
            FOUR,
        ),
        set(),
    ),
    "klaberjass: higher top card": (
        lambda: scored(
            KLOB, klob_hand(declarations=[run(0, 4, "K", "H"), run(1, 4, "Q", "C")]), FOUR
        ),
        set(),
    ),
    "klaberjass: the run in trumps": (
        lambda: scored(
            KLOB, klob_hand(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "S")]), FOUR
        ),
        set(),
    ),
    "klaberjass: nearer the forehand": (
        lambda: scored(
            KLOB, klob_hand(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "D")]), FOUR
        ),
        set(),
    ),
    "klaberjass: no sequences score (house rule)": (
        lambda: scored(
            KLOB,
            klob_hand(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "D")]),
            FOUR,
            final_tiebreak="none",
        ),
        set(),
    ),
    "klaberjass: runs of equal value": (
        lambda: scored(
            KLOB, klob_hand(declarations=[run(1, 5, "K", "H"), run(0, 4, "K", "D")]), FOUR
        ),
        set(),
    ),
    "klaberjass: the best sequence alone, and only its player scores": (
        lambda: scored(
            KLOB,
            klob_hand(declarations=[run(0, 4, "K", "H"), run(2, 3, "K", "D")]),
            FOUR,
            sequence_scope="player",
        ),
        set(),
    ),
    "klaberjass: a team without a trick scores no sequence": (
        lambda: scored(
            KLOB,
            klob_hand(
                caller=1,
                card_points=[0, 152],
                last_trick=1,
                tricks=[0, 8],
                declarations=[run(0, 4, "K", "H"), run(2, 3, "K", "D"), run(1, 3, "J", "C")],
            ),
            FOUR,
            zero_trick_sequences=False,
        ),
        set(),
    ),
    "klaberjass: capot": (
        lambda: scored(KLOB, klob_hand(card_points=[152, 0], tricks=[8, 0]), FOUR, capot="double"),
        set(),
    ),
    "klaberjass: a tie, halved": (
        lambda: scored(KLOB, klob_hand(card_points=[71, 81]), FOUR, tie_rule="half"),
        set(),
    ),
    "klaberjass: a tie, forfeited": (
        lambda: scored(KLOB, klob_hand(card_points=[71, 81]), FOUR),
        set(),
    ),
    "klaberjass: lost, Bella kept": (
        lambda: scored(
            KLOB,
            klob_hand(card_points=[50, 102], declarations=[bella(2)]),
            FOUR,
            bella_on_forfeit="holder",
        ),
        set(),
    ),
    # Klaberjass: the hand in progress.
    "klaberjass: in progress, called": (
        lambda: in_progress(
            KLOB, {"caller": 1, "trump": "S", "declarations": [run(0, 4, "K", "H")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, trump only": (
        lambda: in_progress(KLOB, {"trump": "H"}, FOUR),
        set(),
    ),
    "klaberjass: in progress, waiting for trump": (
        lambda: in_progress(
            KLOB, {"dealer": 3, "declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, waiting for the dealer": (
        lambda: in_progress(
            KLOB, {"trump": "S", "declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, waiting for both": (
        lambda: in_progress(
            KLOB, {"declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, declarations still being entered": (
        lambda: in_progress(
            KLOB,
            {
                "trump": "S",
                "declarations": [
                    {"seat": 0},
                    {"kind": "sequence", "length": 4, "suit": "H"},
                    {"seat": 1, "kind": "sequence", "top": "Q"},
                    {"kind": "bella"},
                    run(2, 3, "K", "D"),
                ],
            },
            FOUR,
        ),
        set(),
    ),
    # Klaberjass: refusals.
    "klaberjass: the Bima's caller": (
        lambda: klob_refuses(klob_hand(round="bima", dealer=1, caller=2)),
        set(),
    ),
    "klaberjass: tricks required": (
        lambda: klob_refuses(klob_hand(), capot="double"),
        set(),
    ),
    "klaberjass: tricks add up": (
        lambda: klob_refuses(klob_hand(tricks=[5, 4])),
        set(),
    ),
    "klaberjass: no trick, no points": (
        lambda: klob_refuses(klob_hand(tricks=[0, 8], card_points=[10, 142], last_trick=1)),
        set(),
    ),
    "klaberjass: all tricks, all points": (
        lambda: klob_refuses(klob_hand(tricks=[8, 0], card_points=[140, 12])),
        set(),
    ),
    "klaberjass: one Bella": (
        lambda: klob_refuses(klob_hand(declarations=[bella(0), bella(1)])),
        set(),
    ),
    "klaberjass: one deck": (
        lambda: klob_refuses(klob_hand(declarations=[run(0, 3, "K", "H"), run(1, 3, "A", "H")])),
        set(),
    ),
    "klaberjass: an unknown hand key": (
        lambda: klob_refuses(klob_hand(colour="H")),
        {"colour"},
    ),
    "klaberjass: an unknown setting": (
        lambda: refused(lambda: KLOB.settings({"colour": 1})),
        {"colour"},
    ),
    "klaberjass: round 1 takes the turned-up suit": (
        lambda: klob_refuses(klob_hand(round=1, turned_up="H")),
        set(),
    ),
    "klaberjass: round 2 names another": (
        lambda: klob_refuses(klob_hand(round=2, turned_up="S")),
        set(),
    ),
    # Declarations.
    "declarations: described": (
        lambda: [
            *(Declaration(0, "four", rank=rank).describe() for rank in Rank),
            Declaration(0, "four").describe(),
            Declaration(0, "bella").describe(),
            Declaration(0, "bella").describe(Suit.HEARTS),
            Declaration(0, "meld").describe(),
            Declaration(0, "marriage", suit=Suit.CLUBS).describe(),
            Declaration(0, "sequence", length=5, top=Rank.ACE, suit=Suit.CLUBS).describe(),
            Card(Rank.TEN, Suit.HEARTS).label,
        ],
        set(),
    ),
    "declarations: a run too long": (
        lambda: klob_refuses(klob_hand(declarations=[run(0, 9, "A", "H")])),
        set(),
    ),
    "declarations: a run that cannot end there": (
        lambda: klob_refuses(klob_hand(declarations=[run(0, 4, "9", "H")])),
        set(),
    ),
    "declarations: a key that cannot be read": (
        lambda: klob_refuses(klob_hand(declarations=[{"seat": 0, "kind": "bella", "colour": 1}])),
        {"colour"},
    ),
    "declarations: one that is no object": (
        lambda: klob_refuses(klob_hand(declarations=[1])),
        set(),
    ),
    "declarations: in progress, a run that cannot end there": (
        lambda: refused(
            lambda: KLOB.interim(
                {"declarations": [{"seat": 0, "length": 4, "top": "9"}]}, KLOB.settings(), FOUR
            )
        ),
        set(),
    ),
    "declarations: in progress, a key that cannot be read": (
        lambda: refused(
            lambda: KLOB.interim({"declarations": [{"seat": 7}]}, KLOB.settings(), FOUR)
        ),
        {"seat"},
    ),
    "declarations: in progress, renumbered past one being entered": (
        lambda: refused(
            lambda: KLOB.interim(
                {"trump": "S", "declarations": [{"seat": 0}, bella(0), bella(1)]},
                KLOB.settings(),
                FOUR,
            )
        ),
        set(),
    ),
    # Terz: scoring.
    "terz: higher value, marriage, cards": (
        lambda: scored(
            TERZ,
            terz_deal(declarations=[run(0, 4, "Q", "H"), run(1, 3, "A", "S"), marriage(1, "D")]),
            TWO,
        ),
        set(),
    ),
    "terz: more cards": (
        lambda: scored(TERZ, terz_deal(declarations=[four(0, "A"), run(1, 5, "K", "H")]), TWO),
        set(),
    ),
    "terz: equal value, higher top": (
        lambda: scored(TERZ, terz_deal(declarations=[four(0, "K"), four(1, "Q")]), TWO),
        set(),
    ),
    "terz: equal runs, higher top": (
        lambda: scored(
            TERZ, terz_deal(declarations=[run(0, 3, "10", "S"), run(1, 3, "Q", "H")]), TWO
        ),
        set(),
    ),
    "terz: the run in trumps": (
        lambda: scored(
            TERZ,
            terz_deal(trump="H", declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")]),
            TWO,
            combo_tiebreak="trump",
        ),
        set(),
    ),
    "terz: announced first": (
        lambda: scored(
            TERZ, terz_deal(declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")]), TWO
        ),
        set(),
    ),
    "terz: the senior alone, with another that counts": (
        lambda: scored(TERZ, terz_deal(declarations=[run(0, 3, "9", "S"), four(0, "Q")]), TWO),
        set(),
    ),
    "terz: in progress": (
        lambda: in_progress(
            TERZ,
            {
                "trump": "C",
                "declarations": [
                    run(0, 3, "9", "S"),
                    marriage(1, "H"),
                    {"seat": 1, "kind": "four"},
                    {"kind": "marriage"},
                ],
            },
            TWO,
        ),
        set(),
    ),
    "terz: in progress, trump only": (
        lambda: in_progress(TERZ, {"trump": "C"}, TWO),
        set(),
    ),
    # Terz: refusals.
    "terz: no four of nines": (
        lambda: terz_refuses(terz_deal(declarations=[four(0, "9")])),
        set(),
    ),
    "terz: only the trump marriage": (
        lambda: terz_refuses(terz_deal(declarations=[marriage(0, "H")]), marriage_suits="trump"),
        set(),
    ),
    "terz: runs from low to high": (
        lambda: terz_refuses(terz_deal(declarations=[run(0, 4, "K", "H"), run(0, 3, "Q", "H")])),
        set(),
    ),
    "terz: one deck": (
        lambda: terz_refuses(terz_deal(declarations=[run(0, 3, "K", "H"), run(1, 3, "A", "H")])),
        set(),
    ),
    "terz: an unknown hand key and setting": (
        lambda: [
            *terz_refuses(terz_deal(colour=1)),
            *refused(lambda: TERZ.settings({"colour": 1})),
        ],
        {"colour"},
    ),
    # Cards, numbers, reading.
    "cards": (
        lambda: [
            *refused(lambda: Suit.parse("X")),
            *refused(lambda: Rank.parse("1")),
            *refused(lambda: Card.parse("A")),
            *refused(lambda: check_card_points((-10, 162), 152)),
            *refused(lambda: check_card_points((10, 100), 152)),
            *refused(lambda: check_card_points((151, 1), 152)),
        ],
        set(),
    ),
    "numbers": (
        lambda: [
            *refused(lambda: whole_number(True)),
            *refused(lambda: whole_number("9" * 14)),
            *refused(lambda: whole_number(LIMIT + 1)),
        ],
        {"true"},
    ),
    "reading": (
        lambda: [
            *refused(lambda: KLOB.settings({"target": -500})),
            *refused(lambda: KLOB.settings({"zero_trick_sequences": "maybe"})),
            *refused(lambda: KLOB.settings({"tie_rule": "never"})),
            *refused(lambda: KLOB.settings({"tie_rule": 10**5000})),
            *klob_refuses(klob_hand(dealer=4)),
            *klob_refuses(klob_hand(card_points=[1])),
            *klob_refuses(klob_hand(card_points=["x", 1])),
            *klob_refuses(klob_hand(caller="0")),
            *klob_refuses(klob_hand(trump=1)),
            *klob_refuses(klob_hand(declarations="x")),
            *klob_refuses({"dealer": 0}),
            *refused(lambda: KLOB.hand([], KLOB.settings())),  # type: ignore[arg-type]
            *refused(lambda: Reader({}, "", ()).raw("x")),
        ],
        {"forfeit", "half", "never", "maybe"},
    ),
    # Variant, game, record, registry.
    "the game": (finished_game, {"game"}),
    "a hand that is no object": (
        lambda: refused(lambda: read_hands(KLOB, KLOB.settings(), [1], FOUR)),
        {"hand"},
    ),
    "players": (lambda: refused(lambda: KLOB.names(["Ann"])), set()),
    "registry": (
        lambda: refused(lambda: get_variant("bridge")),
        # The games' keys, quoted as the registry knows them (every game, however many).
        {"bridge", *(word for key in VARIANTS for word in re.findall(r"[a-z]+", key))},
    ),
    "record: JSON": (
        lambda: [
            *refused(lambda: read_json(" " * 3_000_001)),
            *refused(lambda: read_json("[" * 100_000 + "]" * 100_000)),
            *refused(lambda: read_json('{"a": ' + "9" * 30 + "}")),
            *refused(lambda: read_json('{"a": NaN}')),
            _why_not_json(ValueError()),
        ],
        {"NaN"},
    ),
    # Python's own English, quoted: what json expected, and why bytes are not UTF-8.
    "record: Python's words": (
        lambda: [*refused(lambda: read_json("{")), *refused(lambda: read_json(b"\xff"))],
        set(re.findall(r"[A-Za-z]+", PYTHONS_WORDS)),
    ),
    "record: sizes": (
        lambda: [
            *refused(lambda: GameRecord.from_dict(record(hands=[{}] * (MAX_HANDS + 1)))),
            *refused(lambda: GameRecord.from_dict(record(hands=[{"a": [[[[[[[1]]]]]]]}]))),
            *refused(lambda: GameRecord.from_dict(record(players=["x" * 101, "B", "C", "D"]))),
            *refused(lambda: GameRecord.from_dict(record(players=list(range(65))))),
            *refused(lambda: GameRecord.from_dict(record(**{"k" * 101: 1}))),
            *refused(lambda: GameRecord.from_dict(record(players=["\ud800", "B", "C", "D"]))),
            *refused(lambda: GameRecord.from_dict(record(settings={"\ud800": 1}))),
        ],
        {"UTF"},
    ),
    "names": (
        lambda: [
            *refused(lambda: check_name("", "players")),
            *refused(lambda: check_name("\u200b\u3164", "players")),
            *refused(lambda: check_name("A\x1bn", "players")),
            *refused(lambda: check_name("\u202eAnn", "players")),
            *refused(lambda: check_name("A\udc00", "players")),
            *refused(lambda: check_names(["Ann", "ann\u200b"], "players")),
        ],
        {"U", "A", "n", "Ann", "ann", "B", "E", "C", "DC"},
    ),
    "record: shape": (
        lambda: [
            *refused(lambda: GameRecord.from_dict([])),
            *refused(lambda: GameRecord.from_dict(record(colour=1))),
            *refused(lambda: GameRecord.from_dict(record(format="scorer-game/0"))),
            *refused(lambda: GameRecord.from_dict(record(settings=[1]))),
            *refused(lambda: GameRecord.from_dict(record(players=["Ann"]))),
            *refused(lambda: GameRecord.from_dict(record(hands={"a": 1}))),
        ],
        {"scorer", "game"},
    ),
    # When the game was played; the example is a moment as a record writes it.
    "record: played": (
        lambda: [
            *refused(lambda: GameRecord.from_dict(record(played=1))),
            *refused(lambda: GameRecord.from_dict(record(played="yesterday"))),
            *refused(lambda: GameRecord.from_dict(record(played="1066-10-14T09:00Z"))),
            *refused(lambda: GameRecord.from_dict(record(played="2026-02-30T21:00Z"))),
            *refused(
                lambda: GameRecord.from_dict(record(played="2026-12-01T21:30:00.000" + "0" * 30))
            ),
        ],
        {"T"},
    ),
}


def ids_in(text: Text) -> set[str]:
    """The sentence's id and those of the words and phrases inside it."""
    nested = (ids_in(v) for v in text.params.values() if isinstance(v, Text))
    return {text.id}.union(*nested)


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    say, quoted = CASES[case]
    sentences = [s for s in say() if s]
    assert sentences, case
    known = set(FOUR) | quoted
    for sentence in sentences:
        assert isinstance(sentence, Text), f"{case}: not from the catalogue: {sentence!r}"
        assert leftover_english(sentence.render(Pseudo()), known) == [], sentence


def test_the_cases_say_every_sentence_of_these_sections() -> None:
    said: set[str] = set()
    for say, _ in CASES.values():
        said |= set().union(*(ids_in(s) for s in say() if isinstance(s, Text)))
    ours = {i for i in CATALOGUE if i.startswith(SECTIONS)}
    assert ours - said == set()


def test_a_renumbered_error_keeps_its_english() -> None:
    # Judged apart from the one still being entered, the two Bellas are 2 and 3 to the table.
    [message] = refused(
        lambda: KLOB.interim(
            {"trump": "S", "declarations": [{"seat": 0}, bella(0), bella(1)]}, KLOB.settings(), FOUR
        )
    )
    assert message == "there is only one Bella (K+Q of trumps) in a hand"
    [clash] = refused(
        lambda: TERZ.interim(
            {"declarations": [{"seat": 0}, run(0, 3, "K", "H"), run(1, 3, "A", "H")]},
            TERZ.settings(),
            TWO,
        )
    )
    assert clash == "declarations 2 and 3 both use K♥; there is only one deck"
    assert isinstance(clash, Text) and (clash.params["first"], clash.params["second"]) == (2, 3)

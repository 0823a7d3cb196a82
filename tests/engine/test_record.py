"""The game record (games/engine/record.py): checked for size and shape before any of it
reaches the engine, the exact message for each thing a record may get wrong, the caps taken
right up to their edge, a record written and read back, the whole answer for a scored game,
and the record's refusals said through the catalogue."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine import HandError, ParseError, score_game
from games.engine.record import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_HANDS,
    MAX_ITEMS,
    MAX_TEXT,
    GameRecord,
    _why_not_json,
    check_size,
    read_json,
    scored_output,
)
from tests.engine.helpers import Cases, reads_only_catalogue, refused

ROOT = Path(__file__).resolve().parents[2]
EUCHRE = json.loads((ROOT / "tests" / "records" / "euchre.json").read_text())


def with_(**changes: Any) -> dict[str, Any]:
    return {**EUCHRE, **changes}


def refusal(data: object) -> tuple[str, str]:
    with pytest.raises(ParseError) as caught:
        GameRecord.from_dict(data)
    return caught.value.field, caught.value.message


def is_let_through(data: object) -> bool:
    """Whether the record's size and shape pass its caps."""
    try:
        check_size(data)
    except ParseError:
        return False
    return True


class TestTheCaps:
    """Each cap lets its own size through and refuses one more (record.py, the caps)."""

    def test_a_record_of_exactly_the_largest_size_is_read(self) -> None:
        assert read_json("{}" + " " * (MAX_BYTES - 2)) == {}

    def test_a_record_one_byte_larger_is_refused_with_the_size_in_megabytes(self) -> None:
        with pytest.raises(ParseError) as caught:
            read_json("{}" + " " * (MAX_BYTES - 1))
        assert str(caught.value) == "record: is larger than 3 MB, the most a record may be"

    def test_numbers_of_twenty_digits_are_read_either_sign(self) -> None:
        assert read_json('{"a": [99999999999999999999, -99999999999999999999]}') == {
            "a": [10**20 - 1, -(10**20 - 1)]
        }

    def test_a_number_of_twenty_one_digits_is_refused_saying_so(self) -> None:
        with pytest.raises(ParseError) as caught:
            read_json('{"a": -999999999999999999999}')
        assert str(caught.value) == "record: holds a number of more than 20 digits"

    def test_json_that_is_not_json_says_where(self) -> None:
        with pytest.raises(ParseError) as caught:
            read_json('{\n"a": }')
        assert str(caught.value) == "record: not JSON: Expecting value (line 2)"

    def test_the_largest_number_of_hands_is_let_through(self) -> None:
        assert is_let_through({"hands": [{}] * MAX_HANDS})

    def test_one_hand_more_is_refused_with_both_counts(self) -> None:
        with pytest.raises(ParseError) as caught:
            check_size({"hands": [{}] * (MAX_HANDS + 1)})
        assert str(caught.value) == "hands: a record holds at most 5,000 hands; this one has 5,001"

    def test_texts_keys_and_lists_at_their_longest_are_let_through(self) -> None:
        assert is_let_through({"k" * MAX_TEXT: "v" * MAX_TEXT, "list": [0] * MAX_ITEMS})

    @pytest.mark.parametrize(
        ("data", "says"),
        [
            ({"players": ["v" * (MAX_TEXT + 1)]}, "players: is longer than 100 characters"),
            (
                {"settings": {"k" * (MAX_TEXT + 1): 1}},
                "settings: has a key longer than 100 characters",
            ),
            (
                {"settings": {"list": [0] * (MAX_ITEMS + 1)}},
                "settings.list: holds more than 64 items",
            ),
        ],
    )
    def test_one_more_character_or_item_is_refused_naming_the_key(
        self, data: dict[str, Any], says: str
    ) -> None:
        with pytest.raises(ParseError) as caught:
            check_size(data)
        assert str(caught.value) == says

    def test_nesting_at_the_deepest_is_let_through_and_one_deeper_is_refused(self) -> None:
        deepest: object = 1
        for _ in range(MAX_DEPTH - 1):
            deepest = [deepest]
        check_size(deepest)
        with pytest.raises(ParseError) as caught:
            check_size([deepest])
        assert str(caught.value) == "record: is nested too deeply for a game record"

    def test_a_value_too_long_in_a_hand_names_the_hand_and_its_key(self) -> None:
        hands = [{}, {"notes": {"who": "v" * (MAX_TEXT + 1)}}]
        with pytest.raises(HandError) as caught:
            check_size({"hands": hands})
        assert str(caught.value) == "hand 2: notes.who: is longer than 100 characters"


class TestTheRecordsOwnKeys:
    """A record's own problems name the key (ARCHITECTURE.md, the game record)."""

    @pytest.mark.parametrize(
        ("data", "field", "message"),
        [
            ([], "record", "a game record must be a JSON object"),
            (with_(zeta=1, alpha=2), "alpha", "is not a game record key"),
            (with_(format="scorer-game/2"), "format", 'must be "scorer-game/1"'),
            (
                {k: v for k, v in EUCHRE.items() if k != "format"},
                "format",
                'must be "scorer-game/1"',
            ),
            (with_(settings=[1]), "settings", "must be an object"),
            (with_(players=None), "players", "must list 4 names in seat order"),
            (with_(players=["N", "E", "S"]), "players", "must list 4 names in seat order"),
            (with_(players=["N", "E", "S", 4]), "players", "must list 4 names in seat order"),
            (with_(players=["N", "E", "S", "  "]), "players", "must list 4 names in seat order"),
            (with_(hands={"a": 1}), "hands", "must be a list"),
        ],
    )
    def test_each_wrong_key_is_named_with_what_it_must_be(
        self, data: object, field: str, message: str
    ) -> None:
        assert refusal(data) == (field, message)

    def test_an_unknown_game_is_named(self) -> None:
        field, message = refusal(with_(variant="snap"))
        assert field == "variant" and "snap" in message

    def test_a_record_without_settings_or_hands_is_a_game_not_yet_begun(self) -> None:
        record = GameRecord.from_dict(with_(settings=None, hands=None))
        assert record.hands == () and record.settings.to_dict() == {}
        assert record.players == ("North", "East", "South", "West")
        assert scored_output(record, record.score())["totals"] == [0, 0]

    def test_a_bad_hand_is_named_by_its_number_and_key(self) -> None:
        hands = [*EUCHRE["hands"], {"dealer": 9, "outcome": "passed_out"}]
        with pytest.raises(HandError) as caught:
            GameRecord.from_dict(with_(hands=hands))
        assert caught.value.number == 7 and caught.value.field == "dealer"


def test_a_record_written_out_reads_back_the_same() -> None:
    record = GameRecord.from_dict(with_(settings={"target": 5, "defend_alone": True}))
    written = record.to_dict()
    assert written["format"] == "scorer-game/1" and written["variant"] == "euchre"
    assert written["settings"] == {"target": 5, "defend_alone": True}
    assert written["players"] == ["North", "East", "South", "West"]
    assert written["hands"][3] == {"dealer": 3, "outcome": "passed_out"}
    assert GameRecord.from_dict(json.loads(json.dumps(written))) == record


def test_the_command_line_answer_holds_every_hand_and_the_result() -> None:
    record = GameRecord.from_dict(EUCHRE)
    game = record.score()
    assert game == score_game(record.variant, record.settings, record.hands, record.players)
    out = scored_output(record, game)
    assert list(out) == ["variant", "sides", "hands", "totals", "finished", "winners"]
    assert out["variant"] == "euchre"
    assert out["sides"] == ["North & South", "East & West"]
    assert out["totals"] == [4, 6] and out["finished"] is False and out["winners"] == []
    assert [h["scores"] for h in out["hands"]] == [list(h.score.scores) for h in game.hands]
    assert [h["totals"] for h in out["hands"]][-1] == [4, 6]
    assert out["hands"][3] == {
        "scores": [0, 0],
        "totals": out["hands"][2]["totals"],
        "notes": list(game.hands[3].score.notes),
    }
    assert all(h["notes"] for h in out["hands"])
    assert set(out["hands"][0]) == {"scores", "totals", "notes"}


class TestNestingInsideTheRecord:
    """Depth is counted the same inside objects and inside each hand (record.py, MAX_DEPTH)."""

    def test_json_nested_past_any_stack_is_refused_in_one_line(self) -> None:
        with pytest.raises(ParseError) as caught:
            read_json("[" * 100_000 + "]" * 100_000)
        assert str(caught.value) == "record: is nested too deeply to be a game record"

    def test_the_text_read_is_held_to_the_caps_too(self) -> None:
        # read_json checks sizes itself, so the command line refuses before building a record.
        with pytest.raises(ParseError) as caught:
            read_json(json.dumps({"players": ["v" * (MAX_TEXT + 1)]}))
        assert str(caught.value) == "players: is longer than 100 characters"

    def test_objects_nested_to_the_deepest_are_let_through_and_one_deeper_is_refused(
        self,
    ) -> None:
        deepest: object = 1
        for _ in range(MAX_DEPTH - 1):
            deepest = {"k": deepest}
        check_size(deepest)
        with pytest.raises(ParseError) as caught:
            check_size({"k": deepest})
        assert str(caught.value) == "k.k.k.k.k.k.k.k: is nested too deeply for a game record"

    def test_a_hand_nested_to_the_deepest_is_let_through_and_one_deeper_is_refused(
        self,
    ) -> None:
        # The record is depth 1, the hands list 2, each hand 3: five more levels fit.
        check_size({"hands": [{"a": [[[[1]]]]}]})
        with pytest.raises(HandError) as caught:
            check_size({"hands": [{"a": [[[[[1]]]]]}]})
        assert str(caught.value) == "hand 1: a: is nested too deeply for a game record"


def test_a_record_is_scored_with_its_own_players_names() -> None:
    record = GameRecord.from_dict(with_(players=["Ann", "Bo", "Cy", "Di"]))
    game = record.score()
    assert game.sides == ("Ann & Cy", "Bo & Di")
    assert scored_output(record, game)["sides"] == ["Ann & Cy", "Bo & Di"]


KLABERJASS = json.loads((ROOT / "tests" / "records" / "klaberjass.json").read_text())


def klob_record(**changes: Any) -> dict[str, Any]:
    """The spec's Klaberjass record, with `changes`."""
    return {**KLABERJASS, **changes}


@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        ("[" * 100_000 + "]" * 100_000, "record", "nested too deeply"),
        ('{"a": ' + "9" * 5000 + "}", "record", "more than 20 digits"),
        ('{"a": NaN}', "record", "NaN"),
        ('{"a": -Infinity}', "record", "Infinity"),
        ("{", "record", "not JSON"),
    ],
)
def test_json_that_is_no_record_is_refused_as_such(text: str, field: str, says: str) -> None:
    with pytest.raises(ParseError) as error:
        read_json(text)
    assert error.value.field == field and says in error.value.message


def test_too_many_hands_are_refused_before_any_is_read() -> None:
    data = klob_record(hands=[{"not": "a hand"}] * (MAX_HANDS + 1))
    with pytest.raises(ParseError) as error:
        GameRecord.from_dict(data)
    assert error.value.field == "hands" and f"at most {MAX_HANDS:,} hands" in error.value.message


def test_a_deep_value_inside_a_hand_is_refused_naming_the_hand_and_key() -> None:
    hands = [*KLABERJASS["hands"]]
    hands[1] = {**hands[1], "declarations": [[[[[[[[1]]]]]]]]}
    with pytest.raises(HandError) as error:
        GameRecord.from_dict(klob_record(hands=hands))
    assert str(error.value) == "hand 2: declarations: is nested too deeply for a game record"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (klob_record(players=["x" * 101, "B", "C", "D"]), "players"),
        (klob_record(**{"k" * 101: 1}), "record"),
        (klob_record(settings={"target": "9" * 200}), "settings.target"),
    ],
)
def test_over_long_texts_and_keys_are_refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ParseError) as error:
        GameRecord.from_dict(data)
    assert error.value.field == field


@pytest.mark.cli
def test_the_command_line_refuses_deep_nesting_with_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", "-"],
        cwd=ROOT,
        input="[" * 100_000 + "]" * 100_000,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    said = (result.stdout + result.stderr).strip()
    assert said == "record: is nested too deeply to be a game record"


# What json and Python say about text that is not JSON, which a record's message quotes.
PYTHONS_WORDS = (
    "Expecting property name enclosed in double quotes; "
    "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"
)


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
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
            *refused(lambda: GameRecord.from_dict(klob_record(hands=[{}] * (MAX_HANDS + 1)))),
            *refused(lambda: GameRecord.from_dict(klob_record(hands=[{"a": [[[[[[[1]]]]]]]}]))),
            *refused(lambda: GameRecord.from_dict(klob_record(players=["x" * 101, "B", "C", "D"]))),
            *refused(lambda: GameRecord.from_dict(klob_record(players=list(range(65))))),
            *refused(lambda: GameRecord.from_dict(klob_record(**{"k" * 101: 1}))),
            *refused(lambda: GameRecord.from_dict(klob_record(players=["\ud800", "B", "C", "D"]))),
            *refused(lambda: GameRecord.from_dict(klob_record(settings={"\ud800": 1}))),
        ],
        {"UTF"},
    ),
    "record: shape": (
        lambda: [
            *refused(lambda: GameRecord.from_dict([])),
            *refused(lambda: GameRecord.from_dict(klob_record(colour=1))),
            *refused(lambda: GameRecord.from_dict(klob_record(format="scorer-game/0"))),
            *refused(lambda: GameRecord.from_dict(klob_record(settings=[1]))),
            *refused(lambda: GameRecord.from_dict(klob_record(players=["Ann"]))),
            *refused(lambda: GameRecord.from_dict(klob_record(hands={"a": 1}))),
        ],
        {"scorer", "game"},
    ),
    # When the game was played; the example is a moment as a record writes it.
    "record: played": (
        lambda: [
            *refused(lambda: GameRecord.from_dict(klob_record(played=1))),
            *refused(lambda: GameRecord.from_dict(klob_record(played="yesterday"))),
            *refused(lambda: GameRecord.from_dict(klob_record(played="1066-10-14T09:00Z"))),
            *refused(lambda: GameRecord.from_dict(klob_record(played="2026-02-30T21:00Z"))),
            *refused(
                lambda: GameRecord.from_dict(
                    klob_record(played="2026-12-01T21:30:00.000" + "0" * 30)
                )
            ),
        ],
        {"T"},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

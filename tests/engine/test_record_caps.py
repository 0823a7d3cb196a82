"""A record is checked for size and shape before any of it reaches the engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.engine.errors import ParseError
from games.engine.game import HandError
from games.engine.record import MAX_HANDS, GameRecord, read_json

ROOT = Path(__file__).resolve().parents[2]
KLOB = json.loads((ROOT / "tests" / "records" / "klaberjass.json").read_text())


def with_(**changes: Any) -> dict[str, Any]:
    return {**KLOB, **changes}


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
    data = with_(hands=[{"not": "a hand"}] * (MAX_HANDS + 1))
    with pytest.raises(ParseError) as error:
        GameRecord.from_dict(data)
    assert error.value.field == "hands" and f"at most {MAX_HANDS:,} hands" in error.value.message


def test_a_deep_value_inside_a_hand_is_refused_naming_the_hand_and_key() -> None:
    hands = [*KLOB["hands"]]
    hands[1] = {**hands[1], "declarations": [[[[[[[[1]]]]]]]]}
    with pytest.raises(HandError) as error:
        GameRecord.from_dict(with_(hands=hands))
    assert str(error.value) == "hand 2: declarations: is nested too deeply for a game record"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (with_(players=["x" * 101, "B", "C", "D"]), "players"),
        (with_(**{"k" * 101: 1}), "record"),
        (with_(settings={"target": "9" * 200}), "settings.target"),
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

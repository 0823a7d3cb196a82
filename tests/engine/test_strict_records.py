"""A record is read as strictly as the specs write it (issue 21, item 10).

A seat, a count or a contract is a JSON number: `"0"` (text), `true` (Python's True is an
int) and `1.0` are refused, naming the hand (1-based) and the key, on the command line as in
the site's import (tests/web/test_import.py); a suit or a card is text, never a number. The
spec's own records (tests/records/) still score.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"

# Each game, and a key of its hands the spec writes as an integer.
NUMBER_KEYS = {
    "klaberjass": "caller",
    "terz": "dealer",
    "euchre": "maker_tricks",
    "304": "bidder",
    "304-widow": "widow_points",
    "hoskin": "contract",
    "hoskin-tekli": "gomu_points",
    "coinche": "contract",
}
GAMES = list(NUMBER_KEYS)

# A number written as text, as a flag and as a fraction, and what each is told.
WHOLE = "must be a whole number, not {shown}"
WRITTEN = {
    "text": (str, 'must be a whole number, written without quotes, not "{value}"'),
    "flag": (lambda value: True, WHOLE),
    "fraction": (float, WHOLE),
}
# Coinche's contract may also be a word: its message says so (coinche.md, `contract`).
CONTRACT = 'must be a number, "capot" or "generale", not {shown}'


def shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else repr(value)


def record_of(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{game}.json").read_text())
    return data


def spoiled(game: str, kind: str) -> tuple[dict[str, Any], str]:
    """The game's record with one number of its last hand holding that key written as
    `kind`, and the one line the command line says of it."""
    data = record_of(game)
    key = NUMBER_KEYS[game]
    number = max(i for i, hand in enumerate(data["hands"], 1) if isinstance(hand.get(key), int))
    value = data["hands"][number - 1][key]
    write, message = WRITTEN[kind]
    written = write(value)
    data["hands"][number - 1][key] = written
    if game == "coinche" and key == "contract":
        message = CONTRACT
    said = message.format(value=value, shown=shown(written))
    return data, f"hand {number}: {key}: {said}"


def cli(data: object, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> tuple[int, str, str]:
    """The command line's answer to `data` on standard input: exit code, stdout, stderr."""
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(data)))
    code = main(["-"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", GAMES)
def test_the_specs_own_record_scores(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    code, out, err = cli(record_of(game), monkeypatch, capsys)
    expected = json.loads((RECORDS / "output" / f"{game}.json").read_text())
    assert (code, err) == (0, "")
    assert json.loads(out)["totals"] == expected["totals"]


@pytest.mark.parametrize("kind", list(WRITTEN))
@pytest.mark.parametrize("game", GAMES)
def test_a_number_written_otherwise_is_refused_naming_the_hand_and_key(
    game: str, kind: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    data, line = spoiled(game, kind)
    code, out, err = cli(data, monkeypatch, capsys)
    assert (code, out, err) == (2, "", line + "\n")


@pytest.mark.parametrize("game", GAMES)
def test_a_suit_written_as_a_number_is_refused(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    data = record_of(game)
    number = max(i for i, hand in enumerate(data["hands"], 1) if "trump" in hand)
    data["hands"][number - 1]["trump"] = 1
    code, out, err = cli(data, monkeypatch, capsys)
    assert (code, out, err) == (2, "", f"hand {number}: trump: must be text in quotes, not 1\n")


SETTING = {game: "deals" if game.startswith("304") else "target" for game in GAMES}


@pytest.mark.parametrize(("written", "said"), [("20", '"20"'), (True, "true"), (20.0, "20.0")])
@pytest.mark.parametrize("game", GAMES)
def test_a_setting_written_otherwise_is_refused_naming_the_key(
    game: str, written: object, said: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    data = record_of(game)
    key = SETTING[game]
    data["settings"] = {key: written}
    code, out, err = cli(data, monkeypatch, capsys)
    quotes = ", written without quotes" if isinstance(written, str) else ""
    assert (code, out) == (2, "")
    assert err == f"record: {key}: must be a whole number{quotes}, not {said}\n"


@pytest.mark.parametrize(
    ("game", "key", "written", "said"),
    [
        ("euchre", "alone", "true", 'must be true or false, not "true"'),
        ("euchre", "alone", 1, "must be true or false, not 1"),
        ("klaberjass", "last_trick", True, "must be one of 0, 1, not true"),
        ("klaberjass", "round", "2", 'must be one of 1, 2, "bima", not "2"'),
        ("304", "called_card", 10, "must be text in quotes, not 10"),
    ],
)
def test_a_flag_a_choice_or_a_card_of_the_wrong_type_is_refused(
    game: str,
    key: str,
    written: object,
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: Any,
) -> None:
    data = record_of(game)
    data["hands"][0] = {**data["hands"][0], key: written}
    code, out, err = cli(data, monkeypatch, capsys)
    assert (code, out, err) == (2, "", f"hand 1: {key}: {said}\n")

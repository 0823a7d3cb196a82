"""Every spec's game record through the command line, as a table would check it.

Each game's record is `tests/records/<game>.json`, and what the command line says of it is
`tests/records/output/<game>.json` (written from the spec): adding a game adds the two files,
and nothing here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"
GAMES = sorted(path.stem for path in RECORDS.glob("*.json"))


def expected(game: str) -> dict[str, object]:
    """What the command line says of the game's record, as the spec gives it."""
    out: dict[str, object] = json.loads((RECORDS / "output" / f"{game}.json").read_text())
    return out


@pytest.mark.cli
@pytest.mark.parametrize("game", GAMES)
def test_the_spec_record_scores_its_totals(game: str) -> None:
    result = subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", str(RECORDS / f"{game}.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = json.loads(result.stdout)
    spec = expected(game)
    assert out["totals"] == spec["totals"]
    assert out["finished"] is spec["finished"] and out["winners"] == spec["winners"]


@pytest.mark.parametrize("game", GAMES)
def test_each_spec_record_is_of_its_own_game(game: str) -> None:
    record = json.loads((RECORDS / f"{game}.json").read_text())
    assert record["variant"] == game == expected(game)["variant"]


def test_every_registered_variant_has_a_spec_record() -> None:
    from games.engine import VARIANTS

    assert set(VARIANTS) == set(GAMES)
    assert {path.stem for path in (RECORDS / "output").glob("*.json")} == set(GAMES)

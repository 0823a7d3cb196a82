"""python -m games.engine: the command-line scorer on game records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    # -S -E: a bare Python that sees nothing installed but the standard library, proving the
    # engine needs no Django.
    return subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_scores_the_klaberjass_record() -> None:
    result = run(str(RECORDS / "klaberjass.json"))
    assert result.returncode == 0, result.stdout + result.stderr
    out = json.loads(result.stdout)
    assert out["variant"] == "klaberjass"
    assert out["sides"] == ["You & North", "West & East"]
    assert [h["scores"] for h in out["hands"]] == [[106, 56], [182, 0], [0, 162], [130, 82]]
    assert out["totals"] == [418, 300]
    assert out["finished"] is False and out["winners"] == []
    assert set(out) == {"variant", "sides", "hands", "totals", "finished", "winners"}
    assert all(set(h) == {"scores", "totals", "notes"} and h["notes"] for h in out["hands"])


def test_it_reads_standard_input() -> None:
    result = run("-", stdin=(RECORDS / "klaberjass.json").read_text())
    assert result.returncode == 0
    assert json.loads(result.stdout)["totals"] == [418, 300]


def test_a_broken_hand_exits_2_with_one_line_naming_it() -> None:
    record = json.loads((RECORDS / "klaberjass.json").read_text())
    record["hands"][2]["card_points"] = [71, 75]
    result = run("-", stdin=json.dumps(record))
    assert result.returncode == 2
    assert result.stderr == "hand 3: card_points: must add up to 152 (got 71 + 75 = 146)\n"
    assert result.stdout == ""


def test_a_hand_after_the_end_is_refused() -> None:
    record = json.loads((RECORDS / "klaberjass.json").read_text())
    record["settings"] = {"target": 200}
    result = run("-", stdin=json.dumps(record))
    assert result.returncode == 2
    assert result.stderr == "hand 3: game: the game already ended after hand 2\n"
    assert result.stdout == ""


def test_a_finished_game_names_its_winner() -> None:
    record = json.loads((RECORDS / "klaberjass.json").read_text())
    record["settings"] = {"target": 400}
    result = run("-", stdin=json.dumps(record))
    out = json.loads(result.stdout)
    assert out["finished"] is True and out["winners"] == [0]


def test_an_unknown_variant_is_one_line() -> None:
    result = run("-", stdin=json.dumps({"format": "scorer-game/1", "variant": "bridge"}))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "variant" in result.stderr
    assert result.stdout == ""


def test_not_json_is_one_line() -> None:
    result = run("-", stdin="{")
    assert result.returncode == 2 and result.stderr.startswith("record: not JSON")
    assert result.stdout == ""


def test_an_unreadable_file_is_one_line_on_stderr(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.json"))
    assert result.returncode == 2
    assert result.stderr.startswith("record: cannot read") and result.stderr.count("\n") == 1
    assert result.stdout == ""

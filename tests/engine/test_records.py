"""Every spec's game record through the command line, as a table would check it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOTALS = {
    "klaberjass": [418, 300],
    "terz": [484, 256],
    "euchre": [4, 6],
    "304": [2, 3, 2, 3],
    "304-widow": [1, 0, 0],
    "hoskin": [990, -380],
    "hoskin-tekli": [131, 170, 689],
}


@pytest.mark.cli
@pytest.mark.parametrize(("variant", "totals"), TOTALS.items(), ids=list(TOTALS))
def test_the_spec_record_scores_its_totals(variant: str, totals: list[int]) -> None:
    record = ROOT / "tests" / "records" / f"{variant}.json"
    result = subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", str(record)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = json.loads(result.stdout)
    assert out["variant"] == variant and out["totals"] == totals
    assert out["finished"] is False and out["winners"] == []


def test_every_registered_variant_has_a_spec_record() -> None:
    from games.engine import VARIANTS

    assert set(VARIANTS) == set(TOTALS)

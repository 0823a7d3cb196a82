"""Mutation testing of the engine, one module at a time: `make mutation` (never `make test` or CI).

mutmut (configured in pyproject.toml) changes one thing in one engine function at a time and
runs the engine tests that reach that function; a mutant the tests still pass "survived".
Each module gets its own run, bounded by `--minutes` and run under `nice`, so the whole stays
within a small shared machine. Results are kept in `mutants/` (ignored by git), so a module cut
short by its bound carries on where it stopped next time (`--again` retests everything). The
closing table counts what each module's mutants came to; the rate is killed (timeouts
included) over the mutants tests reach.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTMUT = Path(sys.executable).parent / "mutmut"
# The game modules first: they hold the rules; then the shared pieces.
MODULES = (
    "klaberjass",
    "declarations",
    "terz",
    "euchre",
    "three_o_four",
    "hoskin",
    "cards",
    "reading",
    "rounds",
    "variant",
    "game",
    "record",
    "registry",
    "errors",
)
COLUMNS = ("killed", "survived", "timeout", "suspicious", "no tests", "not checked")


def run_module(module: str, minutes: float, children: int, again: bool) -> float:
    """Run mutmut over one module's mutants, stopping it (and its workers) at the bound.

    mutmut retests every mutant it is named; name only those not yet killed, so a module
    stopped at its bound, or retested after new tests, goes on from there.
    """
    log = ROOT / "mutants" / f"{module}.log"
    log.parent.mkdir(exist_ok=True)
    known = statuses().get(module, {})
    settled = ("killed", "caught by type check")
    todo = [name for name, status in known.items() if again or status not in settled]
    if known and not todo:
        print(f"  {module}: every mutant already settled (--again to retest)")
        return 0.0
    command = ["nice", "-n", "19", str(MUTMUT), "run", "--max-children", str(children)]
    start = time.monotonic()
    with log.open("w") as out:
        process = subprocess.Popen(
            [*command, *(todo or [f"games.engine.{module}.*"])],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            process.wait(timeout=minutes * 60)
        except subprocess.TimeoutExpired:
            # The workers are forked children: stop the whole session, not just mutmut.
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
            print(
                f"  {module}: stopped at the {minutes:g}-minute bound; run again to go on",
                flush=True,
            )
    return time.monotonic() - start


def statuses() -> dict[str, dict[str, str]]:
    """Each engine module's mutants and their status, from mutmut's stored results."""
    if not (ROOT / "mutants").is_dir():
        return {}
    listing = subprocess.run(
        [str(MUTMUT), "results", "--all", "true"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[str, dict[str, str]] = {}
    for line in listing.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name.startswith("games.engine."):
            found.setdefault(name.split(".")[2], {})[name] = status
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=MODULES, help="engine modules to mutate")
    parser.add_argument("--minutes", type=float, default=15, help="bound for each module")
    parser.add_argument("--children", type=int, default=2, help="mutants tested at once")
    parser.add_argument("--again", action="store_true", help="retest killed mutants too")
    args = parser.parse_args()
    total = 0.0
    for module in args.modules:
        took = run_module(module, args.minutes, args.children, args.again)
        total += took
        print(f"  {module}: {took / 60:.1f} min", flush=True)
    counts = {module: Counter(found.values()) for module, found in statuses().items()}
    print(f"\n{'module':<14}" + "".join(f"{c:>12}" for c in COLUMNS) + f"{'rate':>9}")
    for module in args.modules:
        c = counts.get(module, Counter())
        covered = c["killed"] + c["survived"] + c["timeout"] + c["suspicious"]
        rate = f"{100 * (c['killed'] + c['timeout']) / covered:.1f}%" if covered else "–"
        print(f"{module:<14}" + "".join(f"{c[k]:>12}" for k in COLUMNS) + f"{rate:>9}")
    print(f"\n{total / 60:.1f} minutes. Survivors: `.venv/bin/mutmut results`, then `mutmut show`.")


if __name__ == "__main__":
    main()

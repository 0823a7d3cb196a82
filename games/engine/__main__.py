"""python -m games.engine FILE (or -): score a game record and print it as JSON.

python -m games.engine night FILE [--next] [--seed S]: a club night's standings and rounds,
or with --next the next round's proposed seating (rules/club.md, "The night record")."""

from __future__ import annotations

import json
import sys

from games.engine.club.night import (
    MAX_BYTES,
    Night,
    night_output,
    proposal_output,
)
from games.engine.errors import ScorerError
from games.engine.game import HandError
from games.engine.record import GameRecord, parse_json, read_json, scored_output

USAGE = (
    "usage: python -m games.engine FILE  (or - for standard input)\n"
    "       python -m games.engine night FILE [--next] [--seed S]"
)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "night":
        return night(argv[1:])
    if len(argv) != 1:
        print(USAGE, file=sys.stderr)
        return 2
    text = read_text(argv[0])
    if text is None:
        return 2
    try:
        record = GameRecord.from_dict(read_json(text))
        game = record.score()
    except HandError as error:
        print(str(error), file=sys.stderr)
        return 2
    except ScorerError as error:
        # The record's own problems name their key ("players: …"); say it is the record's.
        print(str(error) if error.field == "record" else f"record: {error}", file=sys.stderr)
        return 2
    print(json.dumps(scored_output(record, game), ensure_ascii=False, indent=2))
    return 0


def night(argv: list[str]) -> int:
    """The night command: its file, then --next and --seed S in any order."""
    path, proposing, seed = None, False, "0"
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        if arg == "--next":
            proposing = True
        elif arg == "--seed" and rest:
            seed = rest.pop(0)
        elif arg.startswith("--seed="):
            seed = arg.removeprefix("--seed=")
        elif path is None and (arg == "-" or not arg.startswith("--")):
            path = arg
        else:
            path = None
            break
    if path is None:
        print(USAGE, file=sys.stderr)
        return 2
    text = read_text(path)
    if text is None:
        return 2
    try:
        read = Night.from_dict(parse_json(text, MAX_BYTES))
        answer = proposal_output(read.propose(seed)) if proposing else night_output(read)
    except ScorerError as error:
        # Every problem names its place: "round 2, table 1: hand 3: …", "event.rounds: …".
        print(str(error), file=sys.stderr)
        return 2
    print(json.dumps(answer, ensure_ascii=False, indent=2))
    return 0


def read_text(path: str) -> str | None:
    """The file's text (standard input for "-"), or None after saying why it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as error:
        print(f"record: cannot read {path}: {error.strerror}", file=sys.stderr)
    except UnicodeDecodeError:
        print(f"record: cannot read {path}: not UTF-8 text", file=sys.stderr)
    return None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

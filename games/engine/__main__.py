"""python -m games.engine FILE (or -): score a game record and print it as JSON."""

from __future__ import annotations

import json
import sys

from games.engine.errors import ScorerError
from games.engine.game import HandError
from games.engine.record import GameRecord, read_json, scored_output


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m games.engine FILE  (or - for standard input)", file=sys.stderr)
        return 2
    try:
        if argv[0] == "-":
            text = sys.stdin.read()
        else:
            with open(argv[0], encoding="utf-8") as f:
                text = f.read()
    except OSError as error:
        print(f"record: cannot read {argv[0]}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"record: cannot read {argv[0]}: not UTF-8 text", file=sys.stderr)
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

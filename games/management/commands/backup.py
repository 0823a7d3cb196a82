"""`manage.py backup FILE`: every circle with everything in it, in one file (games/backup.py),
read in one consistent snapshot while the site goes on saving."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from games.backup import Encoder, backup
from games.management.commands.dumpdata import snapshot


class Command(BaseCommand):
    help = "Write the whole instance (every circle, game, hand and setting) to one backup file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the file to write (replaced if it exists)")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        connection = connections[options["database"]]
        with snapshot(connection):
            data = backup(connection)
        # Written beside it first, then put in its place: a failed backup leaves no half file.
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        try:
            with partial.open("w", encoding="utf-8") as file:
                json.dump(data, file, cls=Encoder, ensure_ascii=False)
                file.write("\n")
            partial.replace(path)
        except OSError as error:
            partial.unlink(missing_ok=True)
            raise CommandError(f"{path} could not be written: {error.strerror}.") from None
        counted = sum(len(rows) for rows in data["rows"].values())
        circles = len(data["rows"].get("games.circle", []))
        self.stdout.write(f"Backed up {circles} circles ({counted} rows) to {path}.")

"""`manage.py restore FILE`: a backup (games/backup.py) into an empty, migrated instance, all
of it or nothing: any refusal or failure leaves the database as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction

from games.backup import BackupError, backed_up_models, check_migrations, objects, read


class Command(BaseCommand):
    help = "Load a backup file into an empty instance (after `migrate`)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a file written by `manage.py backup`")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "not UTF-8 text"
            raise CommandError(f"Not restored: {path} cannot be read: {reason}.") from None
        connection = connections[options["database"]]
        try:
            data = read(text)
            with transaction.atomic(using=connection.alias):
                check_migrations(data, connection)
                self.load(data, connection)
        except BackupError as error:
            raise CommandError(f"Not restored, nothing changed: {error}") from None
        except (DeserializationError, ValidationError, DatabaseError, KeyError, TypeError) as error:
            raise CommandError(
                f"Not restored, nothing changed: the file's rows do not load ({error})."
            ) from None
        counted = sum(len(rows) for rows in data["rows"].values())
        self.stdout.write(f"Restored {counted} rows from {path} (Scorer {data['scorer_version']}).")

    def load(self, data: dict[str, Any], connection: Any) -> None:
        models = backed_up_models()
        filled = [
            m._meta.label for m in models if m._default_manager.using(connection.alias).exists()
        ]
        if filled:
            raise BackupError(
                f"this instance is not empty ({', '.join(filled)} have rows): restore into a "
                "new database, migrated and never used."
            )
        with connection.constraint_checks_disabled():
            for row in objects(data):
                row.save(using=connection.alias)
        connection.check_constraints(table_names=[m._meta.db_table for m in models])
        # The next circle, game or hand gets the id after the restored ones (PostgreSQL).
        reset = connection.ops.sequence_reset_sql(no_style(), models)
        if reset:
            with connection.cursor() as cursor:
                for statement in reset:
                    cursor.execute(statement)

"""dumpdata that reads every table in one read-only transaction: one consistent snapshot.

Django's dumpdata reads table by table, each in a transaction of its own, so a dump taken
while phones save holds a bid or a declaration whose hand was saved after the hands were
read, and that dump does not load. Here all the reads share one snapshot:
- PostgreSQL: one REPEATABLE READ, READ ONLY transaction; writers go on, unseen.
- SQLite: one deferred transaction, which takes its snapshot at its first read (in WAL mode,
  which the settings use, writers go on meanwhile); the site's own transactions begin
  IMMEDIATE, which would take the write lock and hold every save up for the whole dump.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.commands import dumpdata
from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper


@contextmanager
def snapshot(connection: BaseDatabaseWrapper) -> Iterator[None]:
    """One read-only transaction on `connection` whose reads all see the same data (inside
    a transaction begun already, that transaction's)."""
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        mode = getattr(connection, "transaction_mode", None)
        connection.transaction_mode = "DEFERRED"  # type: ignore[attr-defined]
        try:
            with transaction.atomic(using=connection.alias):
                connection.transaction_mode = mode  # type: ignore[attr-defined]
                yield
        finally:
            connection.transaction_mode = mode  # type: ignore[attr-defined]
        return
    with transaction.atomic(using=connection.alias):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


class Command(dumpdata.Command):
    help = (
        "Output the contents of the database as a fixture of the given format, read in one "
        "read-only transaction (one consistent snapshot, while the site goes on saving)."
    )

    def handle(self, *app_labels: str, **options: Any) -> None:
        with snapshot(connections[options["database"]]):
            super().handle(*app_labels, **options)

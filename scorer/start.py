"""The production entry point (the container's): check the settings, bring the database up
to date, then become gunicorn with gunicorn.conf.py.

    python -m scorer.start [--migrate-only]

A wrong or missing setting stops it with one line (scorer/environment.py). The migrations run
under a lock, so any number of app processes may start at once on one database: PostgreSQL's
advisory lock, or a file lock beside the SQLite file. Before migrations change a SQLite file
that has data, a copy of it is made beside it (db.sqlite3.before-<time>).
"""

from __future__ import annotations

import datetime
import fcntl
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import django
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor

from scorer.environment import env_int

BASE_DIR = Path(__file__).resolve().parent.parent
# pg_advisory_lock's key: any number, the same in every Scorer process ("scorer" in ASCII).
LOCK_KEY = 0x73636F726572


def say(line: str) -> None:
    print(f"scorer: {line}", file=sys.stderr, flush=True)


def wait_for_database(seconds: int) -> None:
    """Until the database answers (a PostgreSQL still starting), at most `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            connection.ensure_connection()
            return
        except DatabaseError:
            if time.monotonic() >= deadline:
                # Its error would name the host, the user or the password: only that it failed.
                sys.exit(f"Scorer cannot start: the database did not answer in {seconds} s.")
            time.sleep(1)


def pending_migrations() -> list[str]:
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    return [f"{migration.app_label}.{migration.name}" for migration, _ in plan]


@contextmanager
def migration_lock() -> Iterator[None]:
    """Only one process migrates at a time; the others wait, then find nothing to do."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        return
    database = Path(connection.settings_dict["NAME"])
    with open(database.with_name(f"{database.name}.migrate-lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def copy_sqlite(database: Path) -> Path:
    """A whole copy of the SQLite file, made by SQLite itself (its write-ahead log included)."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    copy = database.with_name(f"{database.name}.before-{stamp}")
    source = sqlite3.connect(database)
    target = sqlite3.connect(copy)
    try:
        source.backup(target)
        # One file that stands alone, not a write-ahead log's beside it.
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
        source.close()
    return copy


def migrate() -> None:
    with migration_lock():
        pending = pending_migrations()
        if not pending:
            return
        database = Path(connection.settings_dict["NAME"])
        if connection.vendor == "sqlite" and database.exists() and database.stat().st_size:
            say(f"copied the database to {copy_sqlite(database)} before migrating it")
        say(f"applying {len(pending)} migrations: {', '.join(pending)}")
        call_command("migrate", "--noinput", verbosity=0)


def server_command(port: int) -> list[str]:
    """gunicorn with Scorer's settings (gunicorn.conf.py); WEB_CONCURRENCY workers."""
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    config = str(BASE_DIR / "gunicorn.conf.py")
    return [gunicorn, "scorer.wsgi", "--config", config, "--bind", f"0.0.0.0:{port}"]


def main(arguments: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorer.settings")
    # An app server is production unless told otherwise, as scorer/wsgi.py has it.
    os.environ.setdefault("DEBUG", "false")
    try:
        django.setup()
        port = env_int("PORT", 8000, minimum=1)
        wait = env_int("DATABASE_WAIT", 60)
    except ImproperlyConfigured as error:
        sys.exit(f"Scorer cannot start: {error}")
    wait_for_database(wait)
    migrate()
    if "--migrate-only" in arguments:
        return
    connection.close()
    command = server_command(port)
    os.chdir(BASE_DIR)
    os.execv(command[0], command)


if __name__ == "__main__":
    main(sys.argv[1:])

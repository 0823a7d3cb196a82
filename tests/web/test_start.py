"""The production entry point (scorer/start.py): settings checked in one line, migrations under
a lock so that app processes starting together do not trip on each other, and a SQLite file
copied before migrations change it. On SQLite and, with DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.db.migrations.loader import MigrationLoader

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"SECRET_KEY": "s" * 50, "ALLOWED_HOSTS": "scorer.example", "DATABASE_WAIT": "5"}


def start(database: str, *args: str, **env: str) -> subprocess.Popen[str]:
    environment = {"PATH": os.environ.get("PATH", ""), **PRODUCTION, **env}
    if database:
        environment["DATABASE_URL"] = database
    return subprocess.Popen(
        [sys.executable, "-m", "scorer.start", *args],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finished(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, stderr = process.communicate(timeout=300)
    return process.returncode, stderr


def every_migration() -> set[tuple[str, str]]:
    return set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


@pytest.mark.django_db(transaction=True)
def test_two_processes_starting_at_once_migrate_once(fresh_database_url: str) -> None:
    both = [start(fresh_database_url, "--migrate-only") for _ in range(2)]
    results = [finished(process) for process in both]
    assert [code for code, _ in results] == [0, 0], results
    said = "".join(stderr for _, stderr in results)
    assert said.count("applying") == 1, said
    check = start(fresh_database_url, "--migrate-only")
    assert finished(check) == (0, "")


def test_a_wrong_setting_is_one_line() -> None:
    code, stderr = finished(start("", "--migrate-only", ALLOWED_HOSTS=""))
    assert code != 0
    assert stderr.strip().splitlines() == [
        "Scorer cannot start: ALLOWED_HOSTS must be set in production (DEBUG=false): the "
        "names the site is reached by, comma-separated (scorer.example.org)."
    ]


def test_a_database_that_never_answers_is_one_line() -> None:
    url = "postgres://scorer:hunter2@127.0.0.1:9/scorer"
    code, stderr = finished(start(url, "--migrate-only", DATABASE_WAIT="1"))
    assert code != 0
    assert stderr.strip().splitlines() == [
        "Scorer cannot start: the database did not answer in 1 s."
    ]


def test_a_sqlite_file_is_copied_before_a_migration_changes_it(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    environment = {"PATH": os.environ.get("PATH", ""), "DATA_DIR": str(tmp_path)}
    older = subprocess.run(
        [sys.executable, "manage.py", "migrate", "games", "0001", "--noinput"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert older.returncode == 0, older.stderr
    code, stderr = finished(start("", "--migrate-only", DATA_DIR=str(tmp_path)))
    assert code == 0, stderr
    copies = list(tmp_path.glob("db.sqlite3.before-*"))
    assert len(copies) == 1 and "copied the database" in stderr
    with sqlite3.connect(copies[0]) as copied:
        names = {row[0] for row in copied.execute("SELECT name FROM django_migrations")}
    assert "0001_initial" in names and len(names) < len(every_migration())
    # Up to date: nothing to change, no copy.
    assert finished(start("", "--migrate-only", DATA_DIR=str(tmp_path))) == (0, "")
    assert len(list(tmp_path.glob("db.sqlite3.before-*"))) == 1
    assert database.exists()

"""The database, from DATABASE_URL (PostgreSQL in production) or the SQLite file in DATA_DIR."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import dj_database_url

from scorer.environment import SettingError

ENGINES = ("django.db.backends.postgresql", "django.db.backends.sqlite3")


def database(url: str, data_dir: Path, conn_max_age: int) -> dict[str, Any]:
    """Django's DATABASES["default"] for `url` ('' for the SQLite file in `data_dir`)."""
    url = url.strip() or f"sqlite:///{data_dir / 'db.sqlite3'}"
    try:
        config: dict[str, Any] = dict(
            dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
        )
    except Exception:
        # The message would quote the URL, and with it the password: only its scheme is said.
        scheme = url.partition("://")[0] if "://" in url else ""
        raise SettingError(
            f"DATABASE_URL is not a database URL Scorer can use (scheme {scheme!r}): "
            "postgres://user:password@host:5432/name, or unset for the SQLite file."
        ) from None
    if config.get("ENGINE") not in ENGINES:
        raise SettingError(
            "DATABASE_URL names a database Scorer does not run on: use postgres:// "
            "(or leave it unset for SQLite)."
        )
    if config["ENGINE"] == ENGINES[0] and not config.get("NAME"):
        raise SettingError("DATABASE_URL names no database: postgres://user@host:5432/name.")
    if config["ENGINE"] == ENGINES[1]:
        # Several phones record at once: readers never wait for the writer (WAL), and a writer
        # takes its lock when its transaction starts rather than failing half-way.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 10,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    return config

"""Configuration by environment (scorer/environment.py, scorer/database.py): each missing or
wrong setting stops start-up with one line naming it; any setting may come from a file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.database import database
from scorer.environment import SettingError, env, env_int, secret_key, trusted_origins

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"DEBUG": "false", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "scorer.example"}


def check(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"DEBUG": "false"}, "SECRET_KEY must be set in production"),
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a yes or no"),
        ({**PRODUCTION, "ALLOWED_HOSTS": ""}, "ALLOWED_HOSTS must be set in production"),
        ({"ALLOWED_HOSTS": "https://scorer.example"}, "a host name only"),
        ({"CSRF_TRUSTED_ORIGINS": "scorer.example"}, "an origin is a scheme and a host"),
        ({"DATABASE_URL": "mysql://u@h/scorer"}, "a database Scorer does not run on"),
        ({"DATABASE_URL": "postgres://u:hunter2@h:port/x"}, "not a database URL"),
        ({"CONN_MAX_AGE": "a minute"}, "CONN_MAX_AGE='a minute' is not a whole number"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL='LOUD' is not one of"),
        ({"DATA_DIR": "/nowhere/at/all"}, "DATA_DIR='/nowhere/at/all' is not a folder"),
        ({"SECRET_KEY_FILE": "/nowhere/key"}, "SECRET_KEY_FILE='/nowhere/key' cannot be read"),
    ],
)
def test_a_wrong_setting_stops_start_up_with_one_line(env: dict[str, str], said: str) -> None:
    result = check(**env)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Scorer cannot start: ") and said in lines[0]
    assert "hunter2" not in result.stderr


def test_production_settings_as_given_start(tmp_path: Path) -> None:
    result = check(**PRODUCTION, DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr


def test_a_secret_is_read_from_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "key").write_text("from-the-file\n")
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("SECRET_KEY_FILE", str(tmp_path / "key"))
    assert secret_key(debug=False) == "from-the-file"


def test_a_database_url_is_read_from_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "url").write_text("postgres://scorer:pw@db:5432/scorer\n")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_URL_FILE", str(tmp_path / "url"))
    config = database(env("DATABASE_URL"), tmp_path, 60)
    assert (config["HOST"], config["NAME"], config["PASSWORD"]) == ("db", "scorer", "pw")


def test_a_setting_and_its_file_together_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "key").write_text("one")
    monkeypatch.setenv("SECRET_KEY", "two")
    monkeypatch.setenv("SECRET_KEY_FILE", str(tmp_path / "key"))
    with pytest.raises(SettingError, match="SECRET_KEY and SECRET_KEY_FILE are both set"):
        secret_key(debug=False)


def test_no_database_url_is_the_sqlite_file_in_the_data_folder(tmp_path: Path) -> None:
    config = database("", tmp_path, 60)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")


def test_numbers_and_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCORER_N", "-1")
    with pytest.raises(SettingError, match="below 0"):
        env_int("SCORER_N", 5)
    monkeypatch.setenv("CSRF_TRUSTED_ORIGINS", "https://a.example, http://b.example:8000")
    assert trusted_origins() == ["https://a.example", "http://b.example:8000"]

"""Start-up: a fresh clone runs with nothing set; production insists on its secret; a mistyped
yes-or-no stops everything (scorer/settings.py)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from scorer.local_secret import local_secret_key
from scorer.settings import env_bool

ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    # Nothing from the developer's or CI's environment but PATH.
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env={"PATH": os.environ.get("PATH", ""), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def fresh_clone(tmp_path: Path) -> Path:
    """The project's files in a folder of their own, so a first run writes nothing here."""
    clone = tmp_path / "scorer"
    clone.mkdir()
    shutil.copy2(ROOT / "manage.py", clone)
    for folder in ("scorer", "games", "templates", "static"):
        shutil.copytree(ROOT / folder, clone / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return clone


def test_manage_py_runs_on_a_fresh_clone_with_no_environment(fresh_clone: Path) -> None:
    checked = run(["manage.py", "check"], cwd=fresh_clone)
    assert checked.returncode == 0, checked.stderr
    assert "System check identified no issues" in checked.stdout
    secret = fresh_clone / ".secret_key"
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    # The next run is the same development site, with the secret it made the first time.
    show = "from django.conf import settings as s; print(s.DEBUG, s.SECRET_KEY)"
    shown = run(["manage.py", "shell", "--no-imports", "-c", show], cwd=fresh_clone)
    assert shown.stdout.split() == ["True", secret.read_text().strip()]


def test_the_generated_secret_is_ignored_by_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", ".secret_key"], cwd=ROOT, timeout=30, check=False
    )
    assert ignored.returncode == 0


def test_production_without_a_secret_key_refuses_to_start() -> None:
    result = run(["manage.py", "check"], DEBUG="false")
    assert result.returncode != 0
    assert "SECRET_KEY must be set in production" in result.stderr


def test_an_app_server_is_production_unless_told_otherwise() -> None:
    # What gunicorn loads: with nothing set it is production, so it needs the secret too.
    result = run(["-c", "import scorer.wsgi"])
    assert result.returncode != 0
    assert "SECRET_KEY must be set in production" in result.stderr


def test_a_mistyped_yes_or_no_stops_start_up() -> None:
    result = run(["manage.py", "check"], SECURE_SSL_REDIRECT="ture")
    assert result.returncode != 0
    assert "SECURE_SSL_REDIRECT='ture' is not a yes or no" in result.stderr
    assert "1, true, yes, on" in result.stderr and "0, false, no, off" in result.stderr


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), (" Yes ", True), ("1", True), ("ON", True)]
    + [("false", False), ("no", False), ("0", False), ("Off", False)],
)
def test_the_accepted_yes_or_no_words(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.setenv("SCORER_FLAG", value)
    assert env_bool("SCORER_FLAG", not expected) is expected


def test_an_unset_or_empty_yes_or_no_takes_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCORER_FLAG", raising=False)
    assert env_bool("SCORER_FLAG", True) is True
    monkeypatch.setenv("SCORER_FLAG", "")
    assert env_bool("SCORER_FLAG", False) is False


@pytest.mark.parametrize("value", ["ture", "y", "2", "enabled"])
def test_any_other_word_is_refused_by_name(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("SCORER_FLAG", value)
    with pytest.raises(ImproperlyConfigured, match=f"SCORER_FLAG='{value}'"):
        env_bool("SCORER_FLAG", False)


def test_the_local_secret_is_made_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / ".secret_key"
    first = local_secret_key(path)
    assert len(first) >= 50
    assert local_secret_key(path) == first
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_an_emptied_local_secret_is_refused(tmp_path: Path) -> None:
    path = tmp_path / ".secret_key"
    path.write_text("\n")
    with pytest.raises(ImproperlyConfigured, match="is empty"):
        local_secret_key(path)

"""`make lan` (scorer/lan.py): production on plain HTTP for this machine's addresses."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import lan

ROOT = Path(__file__).resolve().parents[2]


def test_it_allows_this_machines_addresses_and_trusts_their_forms() -> None:
    env = lan.environment(["192.0.2.7", "2001:db8::7"], 8000, "s" * 50)
    assert env["DEBUG"] == "false" and env["PLAIN_HTTP"] == "true"
    assert env["SECRET_KEY"] == "s" * 50
    assert env["ALLOWED_HOSTS"].split(",") == [
        "192.0.2.7",
        "[2001:db8::7]",
        "localhost",
        "127.0.0.1",
    ]
    assert "http://192.0.2.7:8000" in env["CSRF_TRUSTED_ORIGINS"].split(",")
    assert "http://[2001:db8::7]:8000" in env["CSRF_TRUSTED_ORIGINS"].split(",")


def test_it_leaves_out_addresses_no_other_phone_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = "127.0.1.1 192.0.2.7 fe80::1 2001:db8::7 192.0.2.7 not-an-address\n"
    monkeypatch.setattr(
        lan.subprocess,
        "run",
        lambda *a, **k: subprocess.CompletedProcess(a, 0, stdout=listed),
    )
    monkeypatch.setattr(lan.shutil, "which", lambda name: "/bin/hostname")
    assert lan.addresses() == ["192.0.2.7", "2001:db8::7"]


def settings_of(**env: str) -> list[str]:
    show = (
        "from django.conf import settings as s; print(s.SECURE_SSL_REDIRECT,"
        " s.CSRF_COOKIE_SECURE, s.SESSION_COOKIE_SECURE, s.SECURE_HSTS_SECONDS,"
        " s.CIRCLE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SECURE, s.COOKIES_SECURE)"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", show],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_plain_http_production_sends_cookies_a_lan_address_keeps() -> None:
    base = {"DEBUG": "false", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "192.0.2.7"}
    plain = settings_of(**base, PLAIN_HTTP="true")
    assert plain == ["False", "False", "False", "0", "False", "False", "False"]
    # Without it production stays on HTTPS only, every cookie with it.
    assert settings_of(**base) == ["True", "True", "True", "31536000", "True", "True", "True"]

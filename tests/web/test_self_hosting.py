"""The container image and the compose file (Containerfile, compose.yaml, .env.example) say
what the app needs: its port, its one volume, its health check, and every setting it reads."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
# Every setting read through scorer/environment.py: env("X"), env_bool("X", ...), ...
READ = re.compile(r'\benv(?:_bool|_int|_list)?\("([A-Z_]+)"')


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def containerfile() -> str:
    return (ROOT / "Containerfile").read_text()


def settings_read() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "scorer").glob("*.py"):
        names |= set(READ.findall(path.read_text()))
    return names


def test_the_settings_read_are_found() -> None:
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "DATABASE_URL", "DEBUG"} <= (
        settings_read()
    )


def test_every_setting_read_is_explained_in_the_env_example() -> None:
    example = (ROOT / ".env.example").read_text()
    named = set(re.findall(r"^#? ?([A-Z_]+)=", example, re.MULTILINE))
    assert settings_read() - named == set()
    assert "_FILE" in example


def test_compose_starts_scorer_when_postgresql_is_ready() -> None:
    services = compose()["services"]
    database, scorer = services["db"], services["scorer"]
    assert database["image"].startswith("docker.io/library/postgres:")
    assert "pg_isready" in database["healthcheck"]["test"]
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in database["volumes"])
    assert scorer["depends_on"]["db"]["condition"] == "service_healthy"
    assert scorer["build"]["dockerfile"] == "Containerfile"


def test_compose_gives_scorer_its_port_volume_settings_and_health_check() -> None:
    scorer = compose()["services"]["scorer"]
    assert any(port.endswith(":8000") for port in scorer["ports"])
    assert "data:/data" in scorer["volumes"]
    assert set(compose()["volumes"]) == {"db", "data"}
    assert scorer["env_file"] == ".env"
    assert scorer["environment"]["DATABASE_URL"].startswith("postgres://")
    assert "/healthz" in " ".join(scorer["healthcheck"]["test"])


def test_the_image_serves_port_8000_from_one_volume_as_a_user_of_its_own() -> None:
    text = containerfile()
    assert text.count("\nFROM ") == 2, "multi-stage"
    assert "debian:trixie-slim" in text
    assert "EXPOSE 8000" in text and "VOLUME /data" in text and "DATA_DIR=/data" in text
    assert "\nUSER scorer\n" in text
    assert re.search(r"HEALTHCHECK .*\n.*/healthz", text)
    assert 'ENTRYPOINT ["python", "-m", "scorer.start"]' in text
    assert "collectstatic" in text and "compilemessages" in text


def test_the_image_copies_what_the_app_reads() -> None:
    text = containerfile()
    for folder in ("scorer", "games", "templates", "static", "locale"):
        assert f"COPY {folder} {folder}" in text
    ignored = (ROOT / ".containerignore").read_text().split()
    assert ".secret_key" in ignored and ".venv" in ignored and "db.sqlite3*" in ignored

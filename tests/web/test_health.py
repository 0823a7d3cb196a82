"""/healthz (games/health.py): 200 when the database is reached and every migration applied,
503 saying which is wrong otherwise; a few queries, no secret, and the version."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from games.health import VERSION

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_a_healthy_site_answers_200_with_its_version(
    client: Client, django_assert_max_num_queries: object
) -> None:
    with django_assert_max_num_queries(2):  # type: ignore[operator]
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    assert response.json() == {
        "status": "ok",
        "version": VERSION,
        "database": "ok",
        "migrations": "ok",
    }
    assert VERSION != "unknown"


def test_it_answers_any_host_over_plain_http(client: Client) -> None:
    # The container's own check asks 127.0.0.1 by HTTP, whatever ALLOWED_HOSTS names.
    response = client.get("/healthz", HTTP_HOST="not-allowed.example")
    assert response.status_code == 200
    assert client.head("/healthz").status_code == 200


def test_it_refuses_a_post(client: Client) -> None:
    assert client.post("/healthz").status_code in (403, 405)


def test_a_missing_migration_is_503_and_named(client: Client) -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM django_migrations WHERE app = 'games' AND name = %s",
            ["0001_initial"],
        )
    response = client.get("/healthz")
    assert response.status_code == 503
    answer = response.json()
    assert answer["status"] == "error" and answer["database"] == "ok"
    assert answer["migrations"] == {"missing": ["games.0001_initial"]}


def test_the_version_is_in_every_page_footer(client: Client) -> None:
    page = client.get("/").content.decode()
    assert f"Scorer, version {VERSION}" in page


@pytest.mark.parametrize(
    "url",
    ["sqlite:////nowhere/at/all/db.sqlite3", "postgres://scorer:hunter2@127.0.0.1:9/scorer"],
)
def test_a_database_out_of_reach_is_503_without_its_address(url: str) -> None:
    asked = (
        "from django.test import Client; r = Client().get('/healthz');"
        "print(r.status_code); print(r.content.decode())"
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", asked],
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    status, body = result.stdout.strip().splitlines()
    assert status == "503", result.stderr
    answer = json.loads(body)
    assert answer == {"status": "error", "version": VERSION, "database": "unreachable"}
    assert "hunter2" not in body and "nowhere" not in body and "127.0.0.1" not in body

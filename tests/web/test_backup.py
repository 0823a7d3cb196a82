"""`manage.py backup` and `restore` (games/backup.py): the whole instance out and back into an
empty one, every page and export reading the same; and each refusal changing nothing.
On SQLite and, with DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from games.backup import FORMAT, backed_up_models, checksum
from games.engine.record import read_json
from games.models import Circle, Game, Hand, HandInProgress
from games.models.roster import merge

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))
pytestmark = pytest.mark.django_db


def instance() -> list[Circle]:
    """Two circles with something of everything: every game of the records, a removed hand, a
    hand in progress, a merge, a language and a time zone, a removed and an abandoned game."""
    friday = Circle.objects.create(name="Friday", language="ru", time_zone="Europe/Istanbul")
    sunday = Circle.objects.create(name="Sunday «ש»")
    for path in RECORDS:
        Game.import_record(friday, read_json(path.read_text()))
    Game.import_record(sunday, read_json(RECORDS[0].read_text()))
    game = friday.games.order_by("pk").first()
    assert game is not None
    hand = game.hands.filter(removed__isnull=True).order_by("-number").first()
    assert hand is not None
    Hand.objects.filter(pk=hand.pk).update(removed=hand.created, removed_number=hand.number)
    progress = HandInProgress.of(game)
    progress.change(progress.token, {"notes": "half-way"})
    friday.games.order_by("pk")[1].remove()
    Game.create(friday, "klaberjass", ["Ann", "Ben", "Cleo", "Dora"])
    Game.create(friday, "klaberjass", ["Anne", "Ben", "Cleo", "Dora"])
    friday.refresh_from_db()
    names = {p.name: p.pk for p in friday.players.all()}
    merge(friday, names["Anne"], names["Ann"])
    return [friday, sunday]


def pages(client: Client) -> dict[str, bytes]:
    """Every circle's pages and exports, every game's page and exports, as read now."""
    read: dict[str, bytes] = {}
    for circle in Circle.objects.order_by("pk"):
        for name in ("circle", "roster", "circle_stats", "history_export"):
            link = reverse(name, args=[circle.slug])
            read[link] = client.get(link).content
        for game in circle.games.order_by("pk"):
            for name in ("game", "game_export", "game_csv"):
                link = reverse(name, args=[circle.slug, game.slug])
                read[link] = client.get(link).content
        read[f"{circle.slug} settings"] = repr(
            (circle.name, circle.language, circle.time_zone)
        ).encode()
    return read


TOKENS = re.compile(
    rb'(csrfmiddlewaretoken" value="|name="key" value="|"x-csrftoken": "|nonce=")[^"]+'
)


def same_page(page: bytes) -> bytes:
    """A page less what is made anew for every answer: CSRF tokens, script nonces and the
    hand form's idempotency key."""
    return TOKENS.sub(rb"\1", page)


def written_rows(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    return {"migrations": data["migrations"], "rows": data["rows"]}


def backed_up(path: Path) -> None:
    call_command("backup", str(path), stdout=io.StringIO())


def emptied() -> None:
    for model in reversed(backed_up_models()):
        model._default_manager.all().delete()


def test_a_backup_restored_into_an_empty_instance_reads_the_same(
    tmp_path: Path, client: Client
) -> None:
    instance()
    before = pages(client)
    path = tmp_path / "scorer.backup.json"
    backed_up(path)
    emptied()
    assert Circle.objects.count() == 0
    call_command("restore", str(path), stdout=io.StringIO())
    after = pages(client)
    assert list(after) == list(before)
    for link, page in before.items():
        assert same_page(after[link]) == same_page(page), link
    # Every row as it was, the removed hands and the hand in progress included.
    again = tmp_path / "again.json"
    backed_up(again)
    assert written_rows(again) == written_rows(path)
    assert Hand.objects.exclude(removed=None).count() == 1
    assert any(p.fields.get("notes") == "half-way" for p in HandInProgress.objects.all())


def manage(*args: str, database: str) -> str:
    environment = {"PATH": os.environ.get("PATH", ""), "DATABASE_URL": database}
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_into_a_new_database_that_then_goes_on(
    tmp_path: Path, fresh_database_url: str
) -> None:
    instance()
    path = tmp_path / "scorer.backup.json"
    backed_up(path)
    manage("migrate", "--noinput", database=fresh_database_url)
    assert "Restored" in manage("restore", str(path), database=fresh_database_url)
    again = tmp_path / "again.json"
    manage("backup", str(again), database=fresh_database_url)
    assert written_rows(again) == written_rows(path)
    # New rows there get ids after the restored ones.
    made = "from games.models import Circle; print(Circle.objects.create(name='Next').pk)"
    made_pk = int(manage("shell", "--no-imports", "-c", made, database=fresh_database_url))
    assert made_pk > max(row["pk"] for row in json.loads(path.read_text())["rows"]["games.circle"])


def test_the_file_says_its_format_version_and_migrations(tmp_path: Path) -> None:
    instance()
    path = tmp_path / "b.json"
    backed_up(path)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["format_version"] == 1
    assert "0001_initial" in data["migrations"]["games"]
    assert list(data["rows"])[:2] == ["games.circle", "games.player"]
    assert {model._meta.label_lower for model in backed_up_models()} == set(data["rows"])


def refused(path: Path, said: str) -> None:
    counts = {model: model._default_manager.count() for model in backed_up_models()}
    with pytest.raises(CommandError, match=said):
        call_command("restore", str(path))
    assert {model: model._default_manager.count() for model in backed_up_models()} == counts


@pytest.fixture
def written(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    instance()
    path = tmp_path / "b.json"
    backed_up(path)
    return path, json.loads(path.read_text())


def test_a_restore_into_a_used_instance_is_refused(written: tuple[Path, Any]) -> None:
    refused(written[0], "not empty")


def test_a_cut_file_is_refused(written: tuple[Path, Any]) -> None:
    path, _ = written
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    emptied()
    refused(path, "damaged or cut short")


def test_a_file_that_does_not_end_is_refused_even_as_json(written: tuple[Path, Any]) -> None:
    path, data = written
    data["rows"]["games.hand"] = data["rows"]["games.hand"][:3]
    path.write_text(json.dumps(data))
    emptied()
    refused(path, "do not match its checksum")


def test_a_changed_file_is_refused(written: tuple[Path, Any]) -> None:
    path, data = written
    data["rows"]["games.circle"][0]["fields"]["name"] = "Changed"
    path.write_text(json.dumps(data))
    emptied()
    refused(path, "do not match its checksum")


def test_a_file_of_a_newer_format_is_refused(written: tuple[Path, Any]) -> None:
    path, data = written
    data["format_version"] = 2
    path.write_text(json.dumps(data))
    emptied()
    refused(path, "format 2, written by a newer Scorer")


def test_a_file_from_later_migrations_is_refused(written: tuple[Path, Any]) -> None:
    path, data = written
    data["migrations"]["games"].append("9999_from_the_future")
    data["checksum"] = checksum({k: v for k, v in data.items() if k != "checksum"})
    path.write_text(json.dumps(data))
    emptied()
    refused(path, "newer Scorer .*games.9999_from_the_future")


def test_a_file_from_earlier_migrations_is_refused(written: tuple[Path, Any]) -> None:
    path, data = written
    data["migrations"]["games"].pop()
    data["checksum"] = checksum({k: v for k, v in data.items() if k != "checksum"})
    path.write_text(json.dumps(data))
    emptied()
    refused(path, "older Scorer")


def test_something_else_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"model": "games.circle"}))
    refused(path, "not a Scorer backup")
    refused(tmp_path / "missing.json", "cannot be read")

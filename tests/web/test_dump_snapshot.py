"""A backup taken while phones save is one consistent snapshot (games/management/commands/
dumpdata.py): `manage.py dumpdata games` reads every table in one read-only transaction, so
the dump loads into an empty database and each bid and declaration in it has its hand.
On SQLite and, with DATABASE_URL, on PostgreSQL."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core import serializers
from django.core.management import call_command
from django.db import connection

from games.engine.record import read_json
from games.models import Bid, Circle, Declaration, Game, Hand
from tests.conftest import PLAYERS, klob_hand

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))
MORE = 3  # hands another phone saves while the dump reads
PATIENCE = 30.0  # seconds the dump waits for them (a save takes milliseconds)

pytestmark = pytest.mark.django_db(transaction=True)


class Phone:
    """Another phone, saving Klaberjass hands one after another on its own connection until
    told to stop (a new game when one ends)."""

    def __init__(self, circle: Circle) -> None:
        self.circle = circle
        self.saved = 0
        self.error: BaseException | None = None
        self.changed = threading.Condition()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        try:
            game = Game.create(self.circle, "klaberjass", PLAYERS, {}, first_dealer=3)
            while not self.stop.is_set():
                if game.is_finished:
                    game = Game.create(self.circle, "klaberjass", PLAYERS, {}, first_dealer=3)
                game.record_hand(klob_hand(dealer=game.next_dealer))
                with self.changed:
                    self.saved += 1
                    self.changed.notify_all()
        except BaseException as error:  # reported by the test, not lost in the thread
            self.error = error
            with self.changed:
                self.changed.notify_all()
        finally:
            connection.close()

    def wait_for(self, count: int) -> bool:
        with self.changed:
            return self.changed.wait_for(
                lambda: self.saved >= count or self.error is not None, timeout=PATIENCE
            )


@pytest.fixture
def phone() -> Iterator[Phone]:
    circle = Circle.objects.create(name="Friday")
    for path in RECORDS:
        Game.import_record(circle, read_json(path.read_text()))
    phone = Phone(circle)
    phone.thread.start()
    yield phone
    phone.stop.set()
    phone.thread.join(timeout=PATIENCE)


def test_a_dump_taken_while_hands_are_saved_loads_and_every_row_has_its_hand(
    phone: Phone, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert phone.wait_for(1), phone.error
    # The dump reads the tables in model order (... Hand, HandInProgress, Bid, Declaration):
    # once the hands are read, it waits for the phone to save MORE hands before it reads the
    # bids and declarations, so a dump that is not one snapshot would hold their rows.
    waited: list[tuple[int, int, bool]] = []
    start_object = serializers.python.Serializer.start_object

    def slow_start(self: Any, obj: Any) -> None:
        if obj._meta.model_name == "handinprogress" and not waited:
            target = phone.saved + MORE
            waited.append((phone.saved, target, phone.wait_for(target)))
        start_object(self, obj)

    monkeypatch.setattr(serializers.python.Serializer, "start_object", slow_start)
    dump = tmp_path / "games.json"
    call_command("dumpdata", "games", output=str(dump), verbosity=0)
    monkeypatch.undo()
    phone.stop.set()
    phone.thread.join(timeout=PATIENCE)
    assert phone.error is None, phone.error
    assert waited and waited[0][2], f"the phone saved {MORE} hands during the dump: {waited}"

    rows = json.loads(dump.read_text())
    hands = {row["pk"] for row in rows if row["model"] == "games.hand"}
    bids = [row["fields"]["hand"] for row in rows if row["model"] == "games.bid"]
    said = [row["fields"]["hand"] for row in rows if row["model"] == "games.declaration"]
    assert bids and said
    assert set(bids) <= hands and set(said) <= hands
    assert Hand.objects.count() >= len(hands) + MORE, "saves went on while the dump read"

    # Into an empty database: it loads (loaddata checks every foreign key), row for row.
    call_command("flush", interactive=False, verbosity=0)
    call_command("loaddata", str(dump), verbosity=0)
    assert set(Hand.objects.values_list("pk", flat=True)) == hands
    assert Bid.objects.count() == len(bids)
    assert Declaration.objects.count() == len(said)
    assert not Bid.objects.exclude(hand__in=Hand.objects.all()).exists()
    assert not Declaration.objects.exclude(hand__in=Hand.objects.all()).exists()


def test_a_dump_reads_in_one_read_only_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every object is read inside one transaction; on PostgreSQL a REPEATABLE READ, READ
    ONLY one; on SQLite the site's own transactions still begin IMMEDIATE afterwards."""
    circle = Circle.objects.create(name="Friday")
    Game.import_record(circle, read_json(RECORDS[0].read_text()))
    seen: list[tuple[bool, str, str]] = []
    start_object = serializers.python.Serializer.start_object

    def looking(self: Any, obj: Any) -> None:
        isolation = read_only = ""
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SHOW transaction_isolation")
                (isolation,) = cursor.fetchone()
                cursor.execute("SHOW transaction_read_only")
                (read_only,) = cursor.fetchone()
        seen.append((connection.in_atomic_block, isolation, read_only))
        start_object(self, obj)

    monkeypatch.setattr(serializers.python.Serializer, "start_object", looking)
    call_command("dumpdata", "games", output=str(tmp_path / "games.json"), verbosity=0)
    assert seen and all(atomic for atomic, _, _ in seen)
    if connection.vendor == "postgresql":
        assert {(i, r) for _, i, r in seen} == {("repeatable read", "on")}
    assert not connection.in_atomic_block, "the transaction ended with the dump"
    if connection.vendor == "sqlite":
        assert getattr(connection, "transaction_mode", None) == "IMMEDIATE"

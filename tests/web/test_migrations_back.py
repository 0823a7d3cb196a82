"""The way back: every migration of games/migrations/ runs backwards to the first release's
schema (0001) and forwards again without losing or changing a row (games/migrations/_aside.py).

Each test builds data that every step touches (hands with notes and declarations with reasons
as data, removed hands, winners, a hand in progress with what its phones typed, hands saved
from it, circles with a language and a time zone, a game the engine no longer scores, a
retired member and a merge), takes a dump of every row, migrates back and forward, and
compares. They run on SQLite and, with DATABASE_URL, on PostgreSQL (both suites of .ci/run)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as current_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps
from django.utils import translation

from games.engine.record import read_json
from games.models import Circle, Game, Hand, HandInProgress, roster
from games.words import say_text
from tests.conftest import PLAYERS, klob_hand

aside = importlib.import_module("games.migrations._aside")

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))

# The release points: the first release's schema and the previous release's.
FIRST = ("games", "0001_initial")
PREVIOUS = ("games", "0005_circle_time_zone")

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def executor() -> Iterator[MigrationExecutor]:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("games")
    yield executor
    executor.loader.build_graph()
    executor.migrate(latest)


def migrate(executor: MigrationExecutor, target: tuple[str, str]) -> StateApps:
    """Migrate games to `target` (back or forward); the models as they are there."""
    executor.loader.build_graph()
    executor.migrate([target])
    return executor.loader.project_state([target]).apps


def latest(executor: MigrationExecutor) -> tuple[str, str]:
    node: tuple[str, str] = executor.loader.graph.leaf_nodes("games")[0]
    return node


def steps(executor: MigrationExecutor) -> list[tuple[str, str]]:
    """Every migration of games, first to last."""
    nodes: list[tuple[str, str]] = executor.loader.graph.forwards_plan(latest(executor))
    return [node for node in nodes if node[0] == "games"]


def build() -> dict[str, Any]:
    """Data every migration touches; what the tests refer to, by name."""
    friday = Circle.objects.create(name="Friday", language="tr", time_zone="Europe/Istanbul")
    Circle.objects.create(name="Saturday")
    games = [Game.import_record(friday, read_json(path.read_text())) for path in RECORDS]
    # Removed hands (set aside, restorable), one of them the last of a game, with its winners.
    removed = []
    for game in games:
        if game.hand_count > 2:
            middle = game.live_hands().get(number=2)
            game.remove_hand(middle.pk)
            removed.append(middle.pk)
    finished = next(g for g in games if g.winners)
    last = finished.live_hands().last()
    assert last is not None and last.winners
    finished.undo_hand(last.pk)
    removed.append(last.pk)
    # Hands saved from a hand in progress (their source), with idempotency keys; and a hand
    # being entered now, with the summary of the hand saved last as a sentence.
    table = Game.create(friday, "klaberjass", PLAYERS, {}, first_dealer=3)
    for n in range(3):
        progress = HandInProgress.of(table)
        table.record_hand(klob_hand(dealer=(3 + n) % 4), key=f"key-{n}", token=progress.token)
    progress = HandInProgress.of(table)
    progress.change(progress.token, {"dealer": "2", "caller": "1"})
    sentence = next(n for h in Hand.objects.all() for n in h.notes if isinstance(n, dict))
    HandInProgress.objects.filter(game=games[0]).update(saved_number=4, saved_summary=sentence)
    HandInProgress.of(games[1])  # an empty one
    # A game whose facts no longer score: the forward migration cannot derive its sentences.
    broken = games[2]
    first = broken.live_hands().first()
    assert first is not None
    Hand.objects.filter(pk=first.pk).update(facts={"dealer": 0, "nothing": "else"})
    assert any(isinstance(n, dict) for h in broken.hands.all() for n in h.notes)
    # A finished game, so its players have ratings (0013 rates them again going forwards).
    short = Game.create(friday, "klaberjass", PLAYERS, {"target": 200}, first_dealer=3)
    short.record_hand(klob_hand())
    short.record_hand(klob_hand(dealer=0))
    assert short.winners
    # The roster: a retired member, and a merge that can be undone (0010 keeps both aside).
    roster.retire(friday, friday.players.get(name="Dov").pk)
    Game.create(friday, "euchre", ["Dora", "Eve", "Fay", "Gus"])
    roster.merge(friday, friday.players.get(name="Dora").pk, friday.players.get(name="Cleo").pk)
    # A game removed (kept, restorable) and one abandoned: the older releases have no place
    # for either moment.
    games[1].remove()
    table.abandon()
    return {"games": games, "removed": removed, "table": table, "broken": broken}


def dump(apps: Any = current_apps) -> dict[str, list[dict[str, Any]]]:
    """Every row of every games table, by model, in the order of their ids. The ratings are
    derived from the games (0013 rates them again going forwards): compared by what they
    hold, without their ids; a circle's ratings lock holds nothing and is made when needed."""
    rows = {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in apps.get_app_config("games").get_models()
        if model.__name__ != "RatingsLock"
    }
    if "Rating" in rows:
        rows["Rating"] = sorted(
            ({k: v for k, v in row.items() if k != "id"} for row in rows["Rating"]),
            key=lambda row: (row["game_id"], row["player_id"]),
        )
    return rows


def kept_aside() -> bool:
    with connection.cursor() as cursor:
        return aside.TABLE in connection.introspection.table_names(cursor)


def sentences(rows: dict[str, list[dict[str, Any]]]) -> list[Any]:
    """Every note, reason and saved summary of a dump."""
    said: list[Any] = [note for hand in rows["Hand"] for note in hand["notes"]]
    said += [row["reason"] for row in rows["Declaration"]]
    said += [row["saved_summary"] for row in rows.get("HandInProgress", [])]
    return said


def as_english(rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """What each hand's notes and each declaration's reason say in English."""
    said: dict[str, Any] = {
        f"hand {h['id']}": [say_text(n) for n in h["notes"]] for h in rows["Hand"]
    }
    said |= {f"declaration {d['id']}": say_text(d["reason"]) for d in rows["Declaration"]}
    return said


def test_back_to_the_previous_release_and_forward_loses_nothing(
    executor: MigrationExecutor,
) -> None:
    build()
    before = dump()
    assert any(isinstance(s, dict) for s in sentences(before))
    assert before["Rating"], "finished games are rated, and rated again going forwards"
    old = migrate(executor, PREVIOUS)
    there = dump(old)
    # The previous release stores and shows English: no sentence as data is left.
    assert all(isinstance(s, str) for s in sentences(there)), "the old release shows text"
    assert as_english(there) == as_english(before)
    assert kept_aside()
    migrate(executor, latest(executor))
    assert dump() == before
    assert not kept_aside()


def test_back_to_the_first_release_and_forward_loses_nothing(executor: MigrationExecutor) -> None:
    made = build()
    before = dump()
    old = migrate(executor, FIRST)
    there = dump(old)
    # The first release's tables: only live hands, each with its number; no circle language,
    # time zone or hand in progress; sentences in English.
    assert "HandInProgress" not in there
    assert {h["id"] for h in there["Hand"]} == {
        h["id"] for h in before["Hand"] if h["removed"] is None
    }
    for game in there["Game"]:
        numbers = sorted(h["number"] for h in there["Hand"] if h["game_id"] == game["id"])
        assert numbers == list(range(1, game["hand_count"] + 1)), "each game's hands, in order"
    assert set(there["Circle"][0]) == {"id", "slug", "name", "created"}
    assert all(isinstance(s, str) for s in sentences(there))
    live = {k: v for k, v in as_english(before).items() if k in as_english(there)}
    assert as_english(there) == live
    migrate(executor, latest(executor))
    assert dump() == before
    assert not kept_aside()
    assert set(Hand.objects.exclude(removed=None).values_list("pk", flat=True)) == set(
        made["removed"]
    )


def test_every_step_back_and_forward_loses_nothing(executor: MigrationExecutor) -> None:
    """Each migration alone, from the latest schema: back to just before it, then forward."""
    build()
    before = dump()
    nodes = steps(executor)
    for before_step in reversed(nodes[:-1]):
        migrate(executor, before_step)
        migrate(executor, latest(executor))
        assert dump() == before, f"back to {before_step[1]} and forward"
        assert not kept_aside()


def test_what_the_older_release_changed_meanwhile_stays_as_it_made_it(
    executor: MigrationExecutor,
) -> None:
    """Back at the first release, a table deletes a game (with a removed hand), another
    records a hand (its game changes, so its hand in progress is stale), and a hand's notes
    are written anew (in a game the engine cannot score again): forward, none of what was
    kept aside for them comes back."""
    made = build()
    table: Game = made["table"]
    broken: Game = made["broken"]
    gone = next(g for g in made["games"] if g.removed_hands().exists() and g != broken)
    before = dump()
    changed = next(
        h
        for h in before["Hand"]
        if h["game_id"] == broken.pk and h["removed"] is None and h["notes"]
    )
    old = migrate(executor, FIRST)
    OldGame = old.get_model("games", "Game")
    OldHand = old.get_model("games", "Hand")
    old.get_model("games", "Seat").objects.filter(game_id=gone.pk).delete()
    old.get_model("games", "Bid").objects.filter(hand__game_id=gone.pk).delete()
    old.get_model("games", "Declaration").objects.filter(hand__game_id=gone.pk).delete()
    OldHand.objects.filter(game_id=gone.pk).delete()
    OldGame.objects.filter(pk=gone.pk).delete()
    OldGame.objects.filter(pk=table.pk).update(version=table.version + 1)
    OldHand.objects.filter(pk=changed["id"]).update(notes=["Written by the old release."])
    migrate(executor, latest(executor))
    assert not kept_aside()
    assert not Game.objects.filter(pk=gone.pk).exists()
    assert not Hand.objects.filter(game_id=gone.pk).exists(), "no removed hand comes back"
    assert not HandInProgress.objects.filter(game=table).exists(), "its hand in progress is stale"
    assert Hand.objects.filter(game=table).exclude(source="").count() == 3
    assert Hand.objects.get(pk=changed["id"]).notes == ["Written by the old release."]
    # Everything else is as it was.
    now = dump()
    gone_hands = {h["id"] for h in before["Hand"] if h["game_id"] == gone.pk}

    def untouched(name: str, row: dict[str, Any]) -> bool:
        if name == "Game":
            return row["id"] not in (gone.pk, table.pk)
        if name in ("Bid", "Declaration"):
            return row["hand_id"] not in gone_hands
        if name == "HandInProgress":
            return row["game_id"] not in (gone.pk, table.pk)
        if name == "Hand" and row["id"] == changed["id"]:
            return False
        return row.get("game_id") != gone.pk

    for name in before:
        was = [r for r in before[name] if untouched(name, r)]
        assert was == [r for r in now[name] if untouched(name, r)], name
    assert all(any(untouched(name, r) for r in before[name]) for name in ("Hand", "Declaration"))

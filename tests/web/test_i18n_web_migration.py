"""Hands saved before the engine's sentences had ids read in every language after the data
migration (games/migrations/0009_engine_texts.py), which scores each stored game again from
its facts and stores the sentences as data; their English reads as it did."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as current_apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from games.engine.record import read_json
from games.engine.texts import CATALOGUE
from games.models import Circle, Declaration, Game, Hand, HandInProgress
from games.words import say_text, stored_text

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))
recompute_texts = importlib.import_module("games.migrations.0009_engine_texts").recompute_texts


@pytest.fixture(autouse=True)
def _english(db: Any) -> Iterator[None]:
    translation.activate("en")
    yield
    translation.deactivate()


def every_variant() -> list[Game]:
    circle = Circle.objects.create(name="Friday")
    return [Game.import_record(circle, read_json(path.read_text())) for path in RECORDS]


def stored_the_old_way(games: list[Game]) -> dict[str, Any]:
    """Rewrite the games' notes and reasons as English sentences, as hands were stored before
    issue 14; return what each row said, by row."""
    english: dict[str, Any] = {}
    for hand in Hand.objects.filter(game__in=games):
        hand.notes = [say_text(note) for note in hand.notes]
        hand.save(update_fields=["notes"])
        english[f"hand {hand.pk}"] = hand.notes
    for row in Declaration.objects.filter(hand__game__in=games):
        row.reason = say_text(row.reason)
        row.save(update_fields=["reason"])
        english[f"declaration {row.pk}"] = row.reason
    return english


def what_rows_say() -> dict[str, Any]:
    said = {f"hand {h.pk}": h.notes for h in Hand.objects.all()}
    said |= {f"declaration {d.pk}": d.reason for d in Declaration.objects.all()}
    return said


def rendered(stored: dict[str, Any]) -> dict[str, Any]:
    return {
        key: [say_text(n) for n in value] if isinstance(value, list) else say_text(value)
        for key, value in stored.items()
    }


def test_stored_sentences_become_data_and_read_as_before() -> None:
    games = every_variant()
    english = stored_the_old_way(games)
    assert all(isinstance(note, str) for hand in Hand.objects.all() for note in hand.notes), (
        "the old way stores English"
    )
    recompute_texts(current_apps, None)
    now = what_rows_say()
    assert rendered(now) == english
    notes = [note for hand in Hand.objects.all() for note in hand.notes]
    reasons = [row.reason for row in Declaration.objects.all() if row.reason]
    assert notes and reasons
    assert all(isinstance(n, dict) and n["id"] in CATALOGUE for n in [*notes, *reasons])


def test_the_engine_as_it_is_scores_every_game_again() -> None:
    """Without the stand-in: each hand stores what the engine says now (its sentences as
    data where it gives them), and reads in English as before."""
    games = every_variant()
    english = stored_the_old_way(games)
    recompute_texts(current_apps, None)
    assert rendered(what_rows_say()) == english
    for game in games:
        fresh = game.score([h.facts for h in game.live_hands()])
        for hand, result in zip(game.live_hands(), fresh.hands, strict=True):
            assert hand.notes == [stored_text(n) for n in result.score.notes]


def test_a_game_whose_facts_no_longer_score_is_left_as_it_was() -> None:
    games = every_variant()
    english = stored_the_old_way(games)
    broken = games[0]
    first = broken.live_hands().first()
    assert first is not None
    Hand.objects.filter(pk=first.pk).update(facts={"dealer": 0, "nothing": "else"})
    changed = games[1]
    second = changed.live_hands().first()
    assert second is not None
    # Scores the engine would not give for these facts: the notes would not explain them.
    Hand.objects.filter(pk=second.pk).update(scores=[s + 1 for s in second.scores])
    recompute_texts(current_apps, None)
    now = what_rows_say()
    for game in (broken, changed):
        for hand in Hand.objects.filter(game=game):
            assert now[f"hand {hand.pk}"] == english[f"hand {hand.pk}"]
            assert all(isinstance(note, str) for note in hand.notes)
    others = Hand.objects.exclude(game__in=[broken, changed])
    assert any(isinstance(note, dict) for hand in others for note in hand.notes)
    assert rendered(now) == english


def test_removed_hands_and_games_without_hands_are_left_alone() -> None:
    games = every_variant()
    game = next(g for g in games if g.hand_count > 1)
    newest = game.live_hands().last()
    assert newest is not None
    game.remove_hand(newest.pk)
    Game.create(games[0].circle, "terz", ["Ann", "Ben"])
    english = stored_the_old_way(games)
    recompute_texts(current_apps, None)
    newest.refresh_from_db()
    assert newest.notes == english[f"hand {newest.pk}"]
    assert rendered(what_rows_say()) == english


@pytest.mark.django_db(transaction=True)
def test_the_migrations_run_both_ways_keeping_what_was_said() -> None:
    """Back to before issue 14 the reasons and summaries are English text again; forward,
    they are data, and read as they did."""
    games = every_variant()
    game = games[0]
    progress = HandInProgress.of(game)
    progress.saved_number, progress.saved_summary = 1, "Ann ♥ +130"
    progress.save()
    english = rendered(what_rows_say())
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes("games")
    before = [("games", "0005_circle_time_zone")]
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps
        OldDeclaration = old.get_model("games", "Declaration")
        OldProgress = old.get_model("games", "HandInProgress")
        reasons = {row.pk: row.reason for row in OldDeclaration.objects.all()}
        assert reasons == {int(k.split()[1]): v for k, v in english.items() if "declaration" in k}
        assert OldProgress.objects.get(pk=progress.pk).saved_summary == "Ann ♥ +130"
        # Hands stored before issue 14: notes as English sentences.
        OldHand = old.get_model("games", "Hand")
        for hand in OldHand.objects.all():
            hand.notes = [say_text(note) for note in hand.notes]
            hand.save(update_fields=["notes"])
    finally:
        executor.loader.build_graph()
        executor.migrate(latest)
    assert rendered(what_rows_say()) == english
    assert any(isinstance(note, dict) for hand in Hand.objects.all() for note in hand.notes)
    assert HandInProgress.objects.get(pk=progress.pk).saved_text == "Ann ♥ +130"
    assert Circle.objects.get(pk=game.circle_id).language == ""

"""A stored hand's result as re-scoring reads and writes it, many rows at once: the later
hands of a long game, read as values (LaterHand) and written in one statement a batch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

from django.db import connection, models

from games.engine.variant import ScoredHand
from games.words import (
    stored_text,
)

# What a change to an earlier hand rewrites of each later one: its result (Hand.apply), and
# of its declarations their verdicts (Declaration.apply).
RESULT_FIELDS = ("scores", "totals", "winners", "notes", "made")
VERDICT_FIELDS = ("points", "counted", "reason")
# Rows per UPDATE when many results move (update_rows).
UPDATE_BATCH = 500


class StoredResult(Protocol):
    """What a hand stores of its result: a saved Hand, or a LaterHand read as values."""

    scores: Any
    totals: Any
    winners: Any
    notes: Any
    made: bool | None


class LaterHand:
    """A later hand as re-scoring reads it, its values and no model: its identity, place,
    facts and stored result (thousands are read when an early hand of a long game changes)."""

    __slots__ = ("pk", "number", "facts", *RESULT_FIELDS, "shifted")

    def __init__(
        self,
        pk: int,
        number: int,
        facts: dict[str, Any],
        scores: list[int],
        totals: list[int],
        winners: list[int],
        notes: list[Any],
        made: bool | None,
    ) -> None:
        self.pk, self.number, self.facts = pk, number, facts
        self.shifted = False  # read out of the way (Game._shift), its number to write back
        self.scores, self.totals, self.winners, self.notes, self.made = (
            scores,
            totals,
            winners,
            notes,
            made,
        )

    def apply(self, result: ScoredHand) -> tuple[str, ...]:
        return apply_result(self, result)


def apply_result(hand: StoredResult, result: ScoredHand) -> tuple[str, ...]:
    """Give `hand` the engine's result; the names of its stored fields that changed."""
    score = result.score
    new = (
        list(score.scores),
        list(result.totals),
        list(result.winners),
        [stored_text(note) for note in score.notes],
        score.made,
    )
    old = (hand.scores, hand.totals, hand.winners, hand.notes, hand.made)
    hand.scores, hand.totals, hand.winners, hand.notes, hand.made = new
    return tuple(f for f, a, b in zip(RESULT_FIELDS, new, old, strict=True) if a != b)


def update_rows(model: type[models.Model], rows: Sequence[Any], fields: Sequence[str]) -> None:
    """Write `fields` of the saved `rows` (models or LaterHand), each to its own row, in one
    statement per UPDATE_BATCH rows: `WITH v(pk, …) AS (VALUES (…), …) UPDATE … FROM v`, which both
    PostgreSQL and SQLite (3.33 or later) run as a join on the primary key, so its cost
    grows with the rows written and no faster. (Django's bulk_update builds one CASE per
    field over all rows, which both Python and PostgreSQL take longer than linear time on:
    seconds for a few thousand hands.)"""
    if not rows:
        return
    meta = model._meta
    assert meta.pk is not None
    columns = [cast("models.Field[Any, Any]", meta.get_field(name)) for name in fields]
    quote = connection.ops.quote_name
    table, key, pk = quote(meta.db_table), quote(meta.pk.attname), quote("pk")
    names = ", ".join([pk, *(quote(f.attname) for f in columns)])
    sets = ", ".join(
        f"{quote(f.attname)} = CAST(v.{quote(f.attname)} AS {f.cast_db_type(connection) or ''})"
        for f in columns
    )
    per_row = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    size = max(1, min(UPDATE_BATCH, connection.ops.bulk_batch_size(["pk", *fields], rows)))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            params: list[Any] = []
            for row in batch:
                params.append(row.pk)
                params += [f.get_db_prep_save(getattr(row, f.attname), connection) for f in columns]
            cursor.execute(
                f"WITH v ({names}) AS (VALUES {', '.join([per_row] * len(batch))}) "
                f"UPDATE {table} SET {sets} FROM v WHERE {table}.{key} = v.{pk}",
                params,
            )

"""What a migration's way back cannot keep in the older schema, kept aside for the way forward.

Going back to an older release (`manage.py migrate games 0005`, or 0001) must lose nothing:
- what the older schema can hold is written in its form (the engine's sentences as English
  text, which is what the older releases stored);
- what it cannot hold (a circle's language or time zone, a removed hand, a hand in progress,
  the sentences as data) is kept aside in the table `games_kept_aside`, which no release's
  models know and so no release reads or changes, and the forward migration puts each value
  back where its row is still as it was then (each keeper checks its own witness: the row's
  slug, its English, its game's version) and forgets it. The table goes when it is empty.

So latest → 0005 → latest, or → 0001 → latest, gives back every row as it was; a row the
older release changed meanwhile keeps what that release made of it. No reverse refuses.
(The module's name starts with "_", so Django does not take it for a migration.)
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.db import DEFAULT_DB_ALIAS, connections

if TYPE_CHECKING:
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.models import Model

TABLE = "games_kept_aside"
BATCH = 500


def _connection(schema_editor: BaseDatabaseSchemaEditor | None) -> BaseDatabaseWrapper:
    return schema_editor.connection if schema_editor is not None else connections[DEFAULT_DB_ALIAS]


def _exists(connection: BaseDatabaseWrapper) -> bool:
    with connection.cursor() as cursor:
        return TABLE in connection.introspection.table_names(cursor)


def keep(
    schema_editor: BaseDatabaseSchemaEditor | None, what: str, items: Iterable[tuple[int, Any]]
) -> None:
    """Keep each (row id, JSON-able value) aside under `what`, in place of any kept before."""
    connection = _connection(schema_editor)
    rows = [(what, row_id, json.dumps(value)) for row_id, value in items]
    if not rows and not _exists(connection):
        return
    with connection.cursor() as cursor:
        if not _exists(connection):
            cursor.execute(
                f"CREATE TABLE {TABLE} "
                "(what varchar(64) NOT NULL, row_id bigint NOT NULL, value text NOT NULL)"
            )
        cursor.execute(f"DELETE FROM {TABLE} WHERE what = %s", [what])
        for start in range(0, len(rows), BATCH):
            cursor.executemany(
                f"INSERT INTO {TABLE} (what, row_id, value) VALUES (%s, %s, %s)",
                rows[start : start + BATCH],
            )


def take(schema_editor: BaseDatabaseSchemaEditor | None, what: str) -> dict[int, Any]:
    """What was kept aside under `what`, by row id; forgotten from the table (and the table
    dropped once nothing is left in it)."""
    connection = _connection(schema_editor)
    if not _exists(connection):
        return {}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT row_id, value FROM {TABLE} WHERE what = %s", [what])
        kept = {int(row_id): json.loads(value) for row_id, value in cursor.fetchall()}
        cursor.execute(f"DELETE FROM {TABLE} WHERE what = %s", [what])
        cursor.execute(f"SELECT COUNT(*) FROM {TABLE}")
        (left,) = cursor.fetchone()
        if not left:
            cursor.execute(f"DROP TABLE {TABLE}")
    return kept


def row(obj: Model) -> dict[str, Any]:
    """A row's columns as JSON (datetimes in full ISO form, microseconds kept)."""
    data: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        value = field.value_from_object(obj)
        if isinstance(value, datetime.datetime):
            value = value.isoformat()
        data[field.attname] = value
    return data


def instance(model: type[Model], data: dict[str, Any]) -> Any:
    """The unsaved row `row()` described, for the model as this migration knows it."""
    values = {}
    for field in model._meta.concrete_fields:
        if field.attname in data:
            value = data[field.attname]
            values[field.attname] = field.to_python(value) if isinstance(value, str) else value
    return model(**values)


def same_moment(stored: datetime.datetime | None, kept: str | None) -> bool:
    """A datetime column as it was kept (ISO text), or both empty."""
    if stored is None or kept is None:
        return stored is None and kept is None
    return stored == datetime.datetime.fromisoformat(kept)


def english(value: object) -> str:
    """A stored sentence ({"id", "params"}) as the English the older releases stored; plain
    text as it is."""
    if isinstance(value, dict):
        from games.engine.texts import Text

        try:
            return str(Text.from_json(value))
        except (KeyError, TypeError, ValueError):
            return str(value.get("id", ""))
    return "" if value is None else str(value)


def keep_circle_column(apps: Any, schema_editor: BaseDatabaseSchemaEditor, column: str) -> None:
    """A circle's column the older schema lacks (its language, its time zone), kept aside
    where it is not blank."""
    Circle = apps.get_model("games", "Circle")
    rows = Circle.objects.exclude(**{column: ""}).order_by("pk").values_list("pk", "slug", column)
    keep(
        schema_editor,
        f"circle {column}",
        ((pk, {"slug": slug, "value": value}) for pk, slug, value in rows.iterator()),
    )


def put_back_circle_column(
    apps: Any, schema_editor: BaseDatabaseSchemaEditor, column: str
) -> None:
    """The circles' column as it was kept, on each circle that is still there."""
    Circle = apps.get_model("games", "Circle")
    kept = take(schema_editor, f"circle {column}")
    circles = []
    for circle in Circle.objects.filter(pk__in=list(kept)).only("pk", "slug", column):
        if circle.slug == kept[circle.pk]["slug"]:
            setattr(circle, column, kept[circle.pk]["value"])
            circles.append(circle)
    Circle.objects.bulk_update(circles, [column], batch_size=BATCH)


def set_column(
    schema_editor: BaseDatabaseSchemaEditor | None,
    model: type[Model],
    column: str,
    values: Iterable[tuple[Any, Any]],
) -> None:
    """Write (row id, value) pairs into one column: one UPDATE by id for each, sent as one
    batch (bulk_update's CASE statements grow slow on PostgreSQL past a few hundred rows)."""
    connection = _connection(schema_editor)
    field: Any = model._meta.get_field(column)
    key: Any = model._meta.pk
    table = connection.ops.quote_name(model._meta.db_table)
    name, pk = connection.ops.quote_name(field.column), connection.ops.quote_name(key.column)
    rows = [(field.get_db_prep_save(value, connection), row_id) for row_id, value in values]
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BATCH * 10):
            cursor.executemany(
                f"UPDATE {table} SET {name} = %s WHERE {pk} = %s", rows[start : start + BATCH * 10]
            )

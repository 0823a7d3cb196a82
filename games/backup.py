"""The whole instance in one file (`manage.py backup` and `restore`; README, Backups).

A JSON object: the format's name and version, the Scorer version and the migrations the
database had when it was written, every row of every model of the `games` app (taken from
the app registry, parents before the rows that point at them, so a model added later is in
it with no change here), and a SHA-256 of all that, so a damaged or cut file is refused.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any

from django.apps import apps
from django.core import serializers
from django.core.serializers.base import DeserializedObject
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.recorder import MigrationRecorder

from games.health import VERSION, expected_migrations

FORMAT = "scorer-backup"
FORMAT_VERSION = 1
APP = "games"


class BackupError(ValueError):
    """A file that is not a backup this Scorer can restore, or an instance it cannot go into."""


class Encoder(DjangoJSONEncoder):
    """Django's encoder, but times to the microsecond (Django's cuts them to milliseconds,
    and a hand's time is part of what its game's export says)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def backed_up_models() -> list[type[models.Model]]:
    """The app's models, each after every model it points at (its own rows aside)."""
    pending = list(apps.get_app_config(APP).get_models())
    ordered: list[type[models.Model]] = []
    while pending:
        for model in pending:
            parents = {
                field.related_model
                for field in model._meta.concrete_fields
                if field.is_relation and field.related_model is not model
            }
            if all(parent in ordered or parent not in pending for parent in parents):
                ordered.append(model)
                pending.remove(model)
                break
        else:
            raise BackupError(f"the models point at each other in a circle: {pending}")
    return ordered


def applied_migrations(connection: BaseDatabaseWrapper) -> dict[str, list[str]]:
    """The migrations the database has had, by app, sorted."""
    applied: dict[str, list[str]] = {}
    for app, name in sorted(MigrationRecorder(connection).applied_migrations()):
        applied.setdefault(app, []).append(name)
    return applied


def checksum(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, cls=Encoder, sort_keys=True, ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def rows(model: type[models.Model], using: str) -> list[dict[str, Any]]:
    every = model._default_manager.using(using).order_by("pk").iterator(chunk_size=2000)
    serialized: list[dict[str, Any]] = serializers.serialize("python", every)
    # Through the encoder and back: what is compared and restored is what the file holds.
    return [
        {"pk": row["pk"], "fields": json.loads(json.dumps(row["fields"], cls=Encoder))}
        for row in serialized
    ]


def backup(connection: BaseDatabaseWrapper) -> dict[str, Any]:
    """Everything, as read by `connection` (inside one snapshot: the caller's)."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "scorer_version": VERSION,
        "written": datetime.datetime.now(datetime.UTC).isoformat(),
        "migrations": applied_migrations(connection),
        "rows": {
            model._meta.label_lower: rows(model, connection.alias) for model in backed_up_models()
        },
    }
    return {**body, "checksum": checksum(body)}


def read(text: str) -> dict[str, Any]:
    """The backup in `text`, checked whole before anything is written."""
    try:
        data = json.loads(text)
    except ValueError:
        raise BackupError("the file is damaged or cut short: it is not whole JSON.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError(f"the file is not a Scorer backup (no format {FORMAT!r}).")
    version = data.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise BackupError(
            f"the file is in backup format {version!r}, written by a newer Scorer "
            f"({data.get('scorer_version')}); this is Scorer {VERSION}: upgrade it first."
        )
    body = {key: value for key, value in data.items() if key != "checksum"}
    if data.get("checksum") != checksum(body):
        raise BackupError("the file is damaged: its contents do not match its checksum.")
    if not isinstance(data.get("rows"), dict) or not isinstance(data.get("migrations"), dict):
        raise BackupError("the file is damaged: it has no rows or no migrations.")
    return data


def check_migrations(data: dict[str, Any], connection: BaseDatabaseWrapper) -> None:
    """Refuse a file written at other migrations than the database now has (every one of
    this code's applied: `migrate` first)."""
    here = applied_migrations(connection)
    known = {f"{app}.{name}" for app, name in expected_migrations()}
    pending = sorted(known - {f"{app}.{name}" for app, names in here.items() for name in names})
    if pending:
        raise BackupError(f"this database lacks migrations ({', '.join(pending)}): migrate first.")
    written = {f"{app}.{name}" for app, names in data["migrations"].items() for name in names}
    newer = sorted(written - known)
    if newer:
        raise BackupError(
            f"the file was written by a newer Scorer ({data.get('scorer_version')}, with "
            f"migrations {', '.join(newer)}); this is Scorer {VERSION}: upgrade it first."
        )
    older = sorted(known - written)
    if any(name.startswith(f"{APP}.") for name in older):
        raise BackupError(
            f"the file was written by an older Scorer ({data.get('scorer_version')}), before "
            f"migrations {', '.join(n for n in older if n.startswith(APP + '.'))}: restore it "
            "with that version, then upgrade (README, Upgrades)."
        )


def objects(data: dict[str, Any]) -> Iterator[DeserializedObject]:
    """The file's rows as objects to save raw (as `loaddata` does: no field fills itself in
    on the way), parents first."""
    labels = {model._meta.label_lower: model for model in backed_up_models()}
    unknown = sorted(set(data["rows"]) - set(labels))
    if unknown:
        raise BackupError(f"the file has rows of models this Scorer lacks: {unknown}.")
    for label in labels:
        found: Iterable[Any] = data["rows"].get(label, [])
        if not isinstance(found, list):
            raise BackupError(f"the file is damaged: the rows of {label} are not a list.")
        listed = [{"model": label, **row} for row in found]
        yield from serializers.deserialize("python", listed)

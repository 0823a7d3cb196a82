# The English reasons and saved summaries, copied into their JSON columns as plain text
# (which reads as it always did); 0009 then stores the sentences as data where the engine
# still scores the hand. Backwards, the text is written back in English.

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import migrations

from games.migrations._aside import set_column

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps

BATCH = 1000


def english(value: object) -> str:
    """A stored value as English text, for the old text column (at most 200 characters)."""
    if isinstance(value, dict):
        from games.engine.texts import Text

        try:
            value = str(Text.from_json(value))
        except (KeyError, TypeError, ValueError):
            value = ""
    return ("" if value is None else str(value))[:200]


def copy_forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Declaration = apps.get_model('games', 'Declaration')
    HandInProgress = apps.get_model('games', 'HandInProgress')
    for model, old, new in (
        (Declaration, 'english_reason', 'reason'),
        (HandInProgress, 'english_saved_summary', 'saved_summary'),
    ):
        rows = model.objects.exclude(**{old: ''}).values_list('pk', old)
        set_column(schema_editor, model, new, rows.iterator(chunk_size=BATCH))


def copy_backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Declaration = apps.get_model('games', 'Declaration')
    HandInProgress = apps.get_model('games', 'HandInProgress')
    for model, old, new in (
        (Declaration, 'english_reason', 'reason'),
        (HandInProgress, 'english_saved_summary', 'saved_summary'),
    ):
        rows = model.objects.values_list('pk', new).iterator(chunk_size=BATCH)
        set_column(schema_editor, model, old, ((pk, english(value)) for pk, value in rows))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_circle_language_and_stored_texts'),
    ]

    operations = [
        migrations.RunPython(copy_forwards, copy_backwards),
    ]

# Issue 14: a circle's default language, and the engine's sentences stored as data.
#
# Declaration.reason and HandInProgress.saved_summary become JSON (a sentence's id and
# parameters, or plain text). Their English text is not valid JSON, so a column cannot simply
# change type: the old column is kept aside under another name, the new one added beside it,
# the text copied across (0007), the old column dropped (0008), and the texts recomputed from
# the hands' facts (0009).
#
# Backwards, a circle's language, which the older schema cannot hold, is kept aside; forwards
# it comes back (games/migrations/_aside.py).

from __future__ import annotations

from typing import TYPE_CHECKING

import games.models

from django.db import migrations, models

from games.migrations._aside import keep_circle_column, put_back_circle_column

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps


def put_back_language(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    put_back_circle_column(apps, schema_editor, 'language')


def keep_language(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    keep_circle_column(apps, schema_editor, 'language')


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_circle_time_zone'),
    ]

    operations = [
        migrations.AddField(
            model_name='circle',
            name='language',
            field=models.CharField(blank=True, default='', max_length=8, validators=[games.models.validate_language]),
        ),
        migrations.AlterField(
            model_name='circle',
            name='name',
            field=models.CharField(default=games.models.default_circle_name, max_length=60),
        ),
        migrations.RenameField(
            model_name='declaration',
            old_name='reason',
            new_name='english_reason',
        ),
        migrations.AddField(
            model_name='declaration',
            name='reason',
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.RenameField(
            model_name='handinprogress',
            old_name='saved_summary',
            new_name='english_saved_summary',
        ),
        migrations.AddField(
            model_name='handinprogress',
            name='saved_summary',
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.RunPython(put_back_language, keep_language),
    ]

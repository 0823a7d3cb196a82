# A game can be removed (kept, restorable, counted and listed nowhere) or abandoned (kept in
# the history, counted nowhere): two moments on Game.
#
# Backwards, the older releases have neither column: each removed or abandoned game's moments
# are kept aside (games/migrations/_aside.py), with its slug as the witness, and the game
# shows there as it did before. Forwards, they come back to the game whose slug is still the
# same.

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import migrations, models

from games.migrations._aside import keep, take

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps

KEPT = "game_removed_abandoned"


def keep_marks(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    marked = Game.objects.exclude(removed=None, abandoned=None).order_by("pk")
    keep(
        schema_editor,
        KEPT,
        (
            (
                game.pk,
                {
                    "slug": game.slug,
                    "removed": game.removed.isoformat() if game.removed else None,
                    "abandoned": game.abandoned.isoformat() if game.abandoned else None,
                },
            )
            for game in marked
        ),
    )


def put_marks_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    field = Game._meta.get_field("removed")
    for pk, value in take(schema_editor, KEPT).items():
        Game.objects.filter(pk=pk, slug=value["slug"]).update(
            removed=field.to_python(value["removed"]) if value["removed"] else None,
            abandoned=field.to_python(value["abandoned"]) if value["abandoned"] else None,
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0010_roster")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="removed",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="abandoned",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(put_marks_back, keep_marks),
    ]

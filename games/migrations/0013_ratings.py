# Each player's rating per game (variant), before and after each finished game
# (games/models/ratings.py), and a row per circle that a re-rating locks.
#
# Forwards, the games finished before are rated, circle by circle, in the order they
# finished, as the running code rates them. Backwards, the two tables go: ratings are derived
# from the games, so nothing is lost and nothing needs keeping aside.

from __future__ import annotations

from typing import TYPE_CHECKING

import django.db.models.deletion
from django.db import migrations, models

from games.engine import get_variant
from games.ratings import Result, places, rate

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps


def rate_finished_games(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Rating = apps.get_model("games", "Rating")
    counted = Game.objects.filter(status="finished", removed=None, abandoned=None).exclude(
        finished=None
    )
    for circle_id in counted.values_list("circle_id", flat=True).distinct().order_by():
        games = list(
            counted.filter(circle_id=circle_id)
            .order_by("finished", "pk")
            .values_list("pk", "variant", "finished", "totals", "winners")
        )
        seats: dict[int, list[int]] = {}
        rows = Seat.objects.filter(game__in=[game[0] for game in games]).order_by("index")
        for game_id, player_id in rows.values_list("game_id", "player_id"):
            seats.setdefault(game_id, []).append(player_id)
        results: list[Result[tuple[int, str]]] = []
        for pk, variant, _, totals, winners in games:
            engine = get_variant(variant)
            sides: list[list[tuple[int, str]]] = [[] for _ in range(engine.side_count)]
            for index, player in enumerate(seats.get(pk, [])):
                sides[engine.side_of(index)].append((player, variant))
            results.append(Result(tuple(tuple(side) for side in sides), places(totals, winners)))
        Rating.objects.bulk_create(
            Rating(
                circle_id=circle_id,
                game_id=game[0],
                player_id=player,
                variant=variant,
                finished=game[2],
                mu_before=change.before.mu,
                sigma_before=change.before.sigma,
                mu=change.after.mu,
                sigma=change.after.sigma,
            )
            for game, changes in zip(games, rate(results), strict=True)
            for (player, variant), change in changes.items()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_club_nights"),
    ]

    operations = [
        migrations.CreateModel(
            name="RatingsLock",
            fields=[
                (
                    "circle",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        serialize=False,
                        to="games.circle",
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="Rating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("variant", models.CharField(max_length=20)),
                ("finished", models.DateTimeField()),
                ("mu_before", models.FloatField()),
                ("sigma_before", models.FloatField()),
                ("mu", models.FloatField()),
                ("sigma", models.FloatField()),
                (
                    "circle",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="games.circle",
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="games.game",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="games.player",
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(
                        fields=["circle", "finished", "game"], name="rating_circle_finished"
                    ),
                    models.Index(
                        fields=["player", "variant", "finished"], name="rating_player_variant"
                    ),
                ],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "player"), name="rating_game_player")
                ],
            },
        ),
        migrations.RunPython(rate_finished_games, migrations.RunPython.noop),
    ]

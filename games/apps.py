from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.core import checks
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS
from django.db.models.signals import post_migrate


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.checks import check_games

        post_migrate.connect(create_cache_table, sender=self)
        # Every game the engine knows has its hand form, template and house rules.
        checks.register(check_games, "games")


def create_cache_table(using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    # The rate limits' cache is a database table (settings.CACHES). Making it after every
    # migrate, which every install runs, means no extra step anywhere; it is kept if it exists.
    call_command("createcachetable", database=using, verbosity=0)

"""Every change that moves a game's or a night's version on is announced to the pages that
hold a stream of it (games/streams.py), in the transaction that saves it: a game's change
(`v`: its version) and its hand in progress's (`d`: that version) to the game's streams, and
a change of a night's table game to the night's too, since the night's page shows it."""

from __future__ import annotations

from typing import Any

from django.db.models import Sum
from django.db.models.signals import post_save
from django.dispatch import receiver

from games.models.club_nights import ClubNight, NightTable
from games.models.games import Game
from games.models.in_progress import HandInProgress
from games.streams import announce, game_topic, night_topic


def game_changed(game_id: int, version: int) -> None:
    announce(game_topic(game_id), f"v{version}")
    nights = NightTable.objects.filter(game_id=game_id).values_list("round__night_id", flat=True)
    for night_id in nights:
        announce(night_topic(night_id), f"g{game_id}")


@receiver(post_save, sender=Game)
def _game_saved(sender: Any, instance: Game, created: bool, raw: bool = False, **_: Any) -> None:
    if not created and not raw:
        game_changed(instance.pk, instance.version)


@receiver(post_save, sender=HandInProgress)
def _progress_saved(
    sender: Any, instance: HandInProgress, created: bool, raw: bool = False, **_: Any
) -> None:
    if not created and not raw:
        announce(game_topic(instance.game_id), f"d{instance.version}")


@receiver(post_save, sender=ClubNight)
def _night_saved(
    sender: Any, instance: ClubNight, created: bool, raw: bool = False, **_: Any
) -> None:
    if not created and not raw:
        announce(night_topic(instance.pk), f"v{instance.version}")


def night_stamp(night_id: int) -> int:
    """Where a night stands: its version and its table games' versions together, which
    every change the night's page shows moves on."""
    version = ClubNight.objects.filter(pk=night_id).values_list("version", flat=True).first()
    games = Game.objects.filter(club_table__round__night_id=night_id)
    return (version or 0) + (games.aggregate(total=Sum("version"))["total"] or 0)

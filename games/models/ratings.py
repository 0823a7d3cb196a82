"""The ratings stored: each player's skill before and after each finished game, per game
(variant), as games/ratings.py rates them, kept equal to a replay from scratch.

Every change that can move a finished game (a hand saved, edited, removed or restored, its
house rules or seats changed, the game removed or restored, imported, a merge of members)
calls `rerate` in its transaction with the earliest moment it touched: the ratings of the
games finished from then on are rated again from the players' skills stored before it, as
a change to a hand re-scores the hands after it. A game finished after every other one is
rated alone.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connection, models

from games.engine import get_variant
from games.models.circles import Circle, Player
from games.models.game_state import Seat
from games.ratings import Change, Result, Skill, places, rate


class Rating(models.Model):
    """One player's skill in one game's variant, before and after that finished game."""

    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="ratings")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    # When the game finished as it was rated: its place in the order games are rated in,
    # kept here so a game that is no longer finished still says where the replay starts.
    finished = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="rating_game_player")
        ]
        indexes = [
            models.Index(fields=["circle", "finished", "game"], name="rating_circle_finished"),
            models.Index(fields=["player", "variant", "finished"], name="rating_player_variant"),
        ]

    @property
    def change(self) -> Change:
        return Change(Skill(self.mu_before, self.sigma_before), Skill(self.mu, self.sigma))


class RatingsLock(models.Model):
    """A row per circle that a re-rating holds locked: two tables finishing at once rate
    one after the other. Taken after any game's row lock, never before one, and apart
    from the circle's own row (which a merge holds while it locks games)."""

    circle = models.OneToOneField(Circle, on_delete=models.CASCADE, primary_key=True)


# The columns a re-rating writes, in the order of its rows.
COLUMNS = (
    "circle_id",
    "game_id",
    "player_id",
    "variant",
    "finished",
    "mu_before",
    "sigma_before",
    "mu",
    "sigma",
)

# A player's rating in one game (variant): a player's Klaberjass and Terz are two ratings.
type Key = tuple[int, str]


@dataclass(frozen=True)
class Rated:
    """A game as the ratings read it: its moment, variant, players and result."""

    game_id: int
    variant: str
    finished: dt.datetime
    result: Result[Key]


def rated_games(games: models.QuerySet[Any], since: dt.datetime | None = None) -> list[Rated]:
    """The finished games of `games` (those counted: Game.objects.counted()), finished at or
    after `since`, in the order they finished: two queries."""
    finished = games.filter(status="finished").exclude(finished=None)
    if since is not None:
        finished = finished.filter(finished__gte=since)
    found = list(
        finished.order_by("finished", "pk").values_list(
            "pk", "variant", "finished", "totals", "winners"
        )
    )
    seated: dict[int, list[int]] = {pk: [] for pk, *_ in found}
    seats = Seat.objects.filter(game__in=finished.values("pk")).order_by("game_id", "index")
    for game_id, player in seats.values_list("game_id", "player_id"):
        seated[game_id].append(player)
    return [
        _with_sides(Rated(pk, variant, at, Result((), places(totals, winners))), seated[pk])
        for pk, variant, at, totals, winners in found
    ]


def _with_sides(game: Rated, players: list[int]) -> Rated:
    """The game with its players on their sides, each keyed by (player, variant): a
    player's Klaberjass and Terz are two ratings."""
    engine = get_variant(game.variant)
    sides: list[list[Key]] = [[] for _ in range(engine.side_count)]
    for index, player in enumerate(players):
        sides[engine.side_of(index)].append((player, game.variant))
    result = Result(tuple(tuple(side) for side in sides), game.result.places)
    return Rated(game.game_id, game.variant, game.finished, result)


def replayed(
    games: Iterable[Rated], start: dict[Key, Skill] | None = None
) -> list[tuple[Rated, dict[Key, Change]]]:
    """Each game with the changes it made, rated in order from `start`."""
    listed = list(games)
    return list(zip(listed, rate((game.result for game in listed), start), strict=True))


def rerate(circle_id: int, games: models.QuerySet[Any], since: dt.datetime | None) -> None:
    """Rate again the circle's games finished from `since` on (all of them for None), from
    the skills stored before it; `games` are the circle's counted games. In the caller's
    transaction, under the circle's ratings lock."""
    RatingsLock.objects.get_or_create(circle_id=circle_id)
    list(RatingsLock.objects.select_for_update().filter(circle_id=circle_id).values_list("pk"))
    later = rated_games(games, since)
    stored = Rating.objects.filter(circle_id=circle_id)
    start: dict[Key, Skill] = {}
    if since is not None and later:
        keys = {key for game in later for side in game.result.sides for key in side}
        players = {player for player, _ in keys}
        earlier = stored.filter(finished__lt=since, player_id__in=players).order_by(
            "-finished", "-game_id"
        )
        # Newest first, read until each player's last skill in each variant is found: a
        # game finished after every other one reads a few rows, not its players' history.
        rows = earlier.values_list("player_id", "variant", "mu", "sigma")
        for player, variant, mu, sigma in rows.iterator(chunk_size=200):
            if (player, variant) in keys and (player, variant) not in start:
                start[player, variant] = Skill(mu, sigma)
                if len(start) == len(keys):
                    break
    (stored.filter(finished__gte=since) if since is not None else stored).delete()
    # Written as plain rows: a replay of 1,000 games writes 4,000 of them, and building a
    # model instance for each took longer than the rating itself.
    placeholders = ", ".join(["%s"] * len(COLUMNS))
    table = connection.ops.quote_name(Rating._meta.db_table)
    sql = f"INSERT INTO {table} ({', '.join(COLUMNS)}) VALUES ({placeholders})"
    written = [
        (
            circle_id,
            game.game_id,
            player,
            variant,
            connection.ops.adapt_datetimefield_value(game.finished),
            change.before.mu,
            change.before.sigma,
            change.after.mu,
            change.after.sigma,
        )
        for game, changes in replayed(later, start)
        for (player, variant), change in changes.items()
    ]
    if written:
        with connection.cursor() as cursor:
            cursor.executemany(sql, written)


def rerate_game(game: Any) -> None:
    """Rate again from the earliest of when `game` finished as it was rated and when it
    finishes now (if it counts), after any change to it; nothing when it is in neither."""
    moments = list(Rating.objects.filter(game_id=game.pk).values_list("finished", flat=True)[:1])
    counted = game.removed is None and game.abandoned is None and game.is_finished
    if counted and game.finished is not None:
        moments.append(game.finished)
    if moments:
        counted_games = type(game).objects.counted().filter(circle_id=game.circle_id)
        rerate(game.circle_id, counted_games, min(moments))

"""What a circle's pages show: the circle page (tonight, then the history, paged and filtered),
one card night, and the stats; built from the circle alone, without a request.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db.models import QuerySet

from games import nights
from games.forms.history import HistoryFilter
from games.models import Circle, Game
from games.pages.game_rows import GameRow, game_rows, points_by_variant, standings
from games.pages.stats import circle_stats
from games.pages.win_rates import win_rate_chart
from games.words import shown_variant, shown_variants

# Games per page of a circle's history.
HISTORY_PAGE = 20
# Club nights listed on the circle's page, the newest first.
CLUB_NIGHTS = 10


@dataclass(frozen=True)
class HistoryRow:
    """A game of the history, with the card night it belongs to."""

    game: Game
    night: dt.date


def history_filter(circle: Circle, query: Any) -> HistoryFilter:
    """The history's filter, read from a query string (`query`: a QueryDict)."""
    names = list(circle.players.values_list("name", flat=True))
    return HistoryFilter(query, players=names)


def filtered(circle: Circle, choice: HistoryFilter) -> QuerySet[Game]:
    """The circle's games the filter chose (none removed; the abandoned ones, marked)."""
    games = circle.games.listed()
    if variant := choice.value("variant"):
        games = games.filter(variant=variant)
    if player := choice.value("player"):
        games = games.filter(seats__player__name=player)
    return games


def history_rows(circle: Circle, choice: HistoryFilter) -> list[GameRow]:
    """The games the filter chose, one row each, oldest first (the history's CSV)."""
    return game_rows(filtered(circle, choice))


def circle_page(circle: Circle, choice: HistoryFilter) -> dict[str, Any]:
    """Tonight's night first (games in progress, then tonight's finished games), the new
    game choices after them, then one page of the history, newest first."""
    tonight = circle.tonight()
    start, end = nights.bounds(tonight, circle.zone)
    current = circle.games.counted().prefetch_related("seats__player")
    in_progress = list(current.filter(status=Game.Status.IN_PROGRESS))
    finished_tonight = list(
        current.filter(status=Game.Status.FINISHED, created__gte=start, created__lt=end)
    )
    games = filtered(circle, choice).prefetch_related("seats__player")
    page = Paginator(games, HISTORY_PAGE).get_page(choice.value("page") or 1)
    zone = circle.zone
    query = {k: v for k in ("variant", "player") if (v := choice.value(k))}
    return {
        "circle": circle,
        "tonight": tonight,
        "in_progress": in_progress,
        "finished_tonight": finished_tonight,
        "tonight_title": nights.title(tonight),
        "tonight_short": nights.short_title(tonight),
        "variants": shown_variants(),
        "history": page,
        "history_rows": [HistoryRow(game, nights.night_of(game.created, zone)) for game in page],
        "history_filter": choice,
        "history_query": urlencode(query),
        "removed_games": list(circle.games.removed_games().prefetch_related("seats__player")),
        "club_nights": [
            (n, shown_variant(n.variant)) for n in circle.club_nights.all()[:CLUB_NIGHTS]
        ],
    }


def night_page(circle: Circle, day: dt.date) -> dict[str, Any]:
    """One card night: its games (an abandoned one marked) and who won most of them (of
    the games that count)."""
    start, end = nights.bounds(day, circle.zone)
    games = circle.games.listed().filter(created__gte=start, created__lt=end)
    table = standings(game_rows(games.counted()))
    earlier = circle.games.listed().filter(created__lt=start).order_by("-created").first()
    later = circle.games.listed().filter(created__gte=end).order_by("created").first()
    return {
        "circle": circle,
        "night": day,
        "night_title": nights.title(day),
        "is_tonight": day == circle.tonight(),
        "games": list(games.prefetch_related("seats__player")),
        "standings": table,
        "points": [(shown_variant(key), rows) for key, rows in points_by_variant(table)],
        "earlier": circle.night_of(earlier.created) if earlier else None,
        "later": circle.night_of(later.created) if later else None,
    }


def stats_page(circle: Circle, asked: str | None) -> dict[str, Any]:
    """Players' and partnerships' numbers, over all games or one (`asked`, when the circle
    played it)."""
    games = circle.games.counted()
    played = list(games.order_by().values_list("variant", flat=True).distinct())
    variant = asked if asked in played else None
    if variant is not None:
        games = games.filter(variant=variant)
    stats = circle_stats(games, variant)
    return {
        "circle": circle,
        "stats": stats,
        "variant": shown_variant(variant) if variant else None,
        "played_variants": [v for v in shown_variants() if v.key in played],
        "chart": win_rate_chart(stats.series, stats.finished),
    }

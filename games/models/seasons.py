"""A circle's seasons (ARCHITECTURE.md, "Seasons"): a name, a span of card nights, one game
or all, and how its table counts. The table itself is never stored: `season_nights` reads the
span's club nights and (when the season says so) its ordinary games, in a fixed number of
queries, and the engine (games/engine/club/season.py) adds them up."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any

from django.db import IntegrityError, models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games import nights
from games.engine import get_variant
from games.engine.club.event import Event
from games.engine.club.night import layout_of, team_name
from games.engine.club.season import (
    CardGame,
    Rules,
    Scoring,
    SeasonNight,
    card_night_scores,
    night_scores,
)
from games.engine.club.standings import Played, Table, round_results
from games.engine.errors import ScorerError
from games.engine.names import name_key
from games.models.circles import Circle
from games.models.club_nights import ClubNight, Entrant, NightRound, NightTable
from games.models.game_state import Seat
from games.models.games import Game


class Season(models.Model):
    class Counts(models.TextChoices):
        CLUB = "club", pgettext_lazy("season counts", "Club nights only")
        CARDS = "cards", pgettext_lazy("season counts", "Club nights and card nights' games")

    class Scoring(models.TextChoices):
        POINTS = "points", pgettext_lazy("season scoring", "Each night's points")
        POSITION = "position", pgettext_lazy("season scoring", "Each night's place")

    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts = models.DateField()
    ends = models.DateField()
    variant = models.CharField(max_length=20, blank=True, default="")
    """One game's key, or blank: every game."""
    counts = models.CharField(max_length=8, choices=Counts.choices, default=Counts.CLUB)
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.POINTS)
    best = models.PositiveSmallIntegerField(null=True, blank=True)
    """N: each player's best N nights count; blank: all."""
    planned = models.PositiveSmallIntegerField(null=True, blank=True)
    """M: the nights the season plans, if said."""
    minimum = models.PositiveSmallIntegerField(default=0)
    last_prize = models.BooleanField(default=False)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-starts", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["circle", "name"], name="season_name_unique_in_circle")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def rules(self) -> Rules:
        scoring: Scoring = "position" if self.scoring == "position" else "points"
        return Rules(scoring, self.best, self.minimum, self.last_prize)

    def moments(self) -> tuple[dt.datetime, dt.datetime]:
        """The span as moments: from the first night's start to the last night's end."""
        zone = self.circle.zone
        return nights.bounds(self.starts, zone)[0], nights.bounds(self.ends, zone)[1]


FIELDS = ("name", "starts", "ends", "variant", "counts", "scoring", "best", "planned", "minimum")


class NameTaken(Exception):
    """Another season of the circle has that name (as names compare)."""


def store_season(circle: Circle, values: dict[str, Any], pk: int | None = None) -> Season:
    """Create a season, or change season `pk`, with the form's `values`, under the circle's
    row lock: two phones creating one season at once create it once (the second is told its
    name is taken)."""
    with transaction.atomic():
        circle.lock()
        others = circle.seasons.exclude(pk=pk) if pk else circle.seasons.all()
        key = name_key(values["name"])
        if any(name_key(n) == key for n in others.values_list("name", flat=True)):
            raise NameTaken(
                _("Another season is called %(name)s: choose another name.")
                % {"name": values["name"]}
            )
        season = circle.seasons.filter(pk=pk).first() if pk else None
        season = season or Season(circle=circle)
        for field in (*FIELDS, "last_prize"):
            setattr(season, field, values[field])
        try:
            with transaction.atomic():
                season.save()
        except IntegrityError:
            raise NameTaken(
                _("Another season is called %(name)s: choose another name.")
                % {"name": values["name"]}
            ) from None
        return season


def season_nights(season: Season) -> list[SeasonNight]:
    """The season's nights in order (by day; a club night before the card night of its day),
    each player's score read from the stored totals of the games."""
    found = club_nights(season)
    if season.counts == Season.Counts.CARDS:
        found += card_nights(season)
    return sorted(found, key=lambda n: (n.day, n.kind != "club", n.key))


def club_nights(season: Season) -> list[SeasonNight]:
    """The span's club nights of the season's game: five queries, however many."""
    start, end = season.moments()
    chosen = ClubNight.objects.filter(circle=season.circle, created__gte=start, created__lt=end)
    if season.variant:
        chosen = chosen.filter(variant=season.variant)
    tables = NightTable.objects.select_related("game").only(
        "round_id", "number", "game__id", "game__totals", "game__winners"
    )
    chosen = chosen.prefetch_related(
        Prefetch("entrants", Entrant.objects.select_related("player")),
        Prefetch("rounds", NightRound.objects.prefetch_related(Prefetch("tables", tables))),
        Prefetch(
            "rounds__tables__game__seats",
            Seat.objects.select_related("player").only("game_id", "index", "player__name"),
        ),
    )
    zone = season.circle.zone
    read = []
    for night in chosen:
        try:
            scores = club_night_scores(night)
        except (ScorerError, KeyError, IndexError, ValueError):
            continue  # a night its games no longer make (its page says why)
        read.append(SeasonNight(nights.night_of(night.created, zone), "club", night.slug, scores))
    return read


def club_night_scores(night: ClubNight) -> dict[str, Any]:
    """A club night's scores from its prefetched rows, as its standings count them."""
    event = Event.from_dict(night.event)
    rows = sorted(night.entrants.all(), key=lambda e: e.number)
    names = night.entrant_names(rows)
    members = night.entrant_members(rows)
    entrant_of = {p: names[n] for n, players in members.items() for p in players}
    sides = layout_of(get_variant(night.variant)).sides
    results = []
    for r in sorted(night.rounds.all(), key=lambda r: r.number):
        played = Played(
            tuple(
                Table(
                    tuple(s.player.name for s in sorted(t.game.seats.all(), key=lambda s: s.index)),
                    tuple(t.game.totals),
                    tuple(t.game.winners),
                )
                for t in sorted(r.tables.all(), key=lambda t: t.number)
            ),
            tuple(names[n] for n in r.byes if n in names),
        )
        results.append(
            round_results(played, entrant_of, sides.__getitem__, event.bye_points, event.bye_win)
        )
    teams = {team_name(m): m for m in members.values()} if night.team_format else None
    return night_scores(results, event.rank_by, teams)


def card_nights(season: Season) -> list[SeasonNight]:
    """The span's card nights: the finished, counted games of the season's game that are no
    club night's tables, grouped by the night they began on. Two queries."""
    start, end = season.moments()
    games = Game.objects.counted().filter(
        circle=season.circle,
        created__gte=start,
        created__lt=end,
        club_table__isnull=True,
        finished__isnull=False,
    )
    if season.variant:
        games = games.filter(variant=season.variant)
    rows = list(games.values_list("pk", "variant", "created", "totals", "winners"))
    players: dict[int, list[str]] = defaultdict(list)
    seats = Seat.objects.filter(game__in=games).order_by("game_id", "index")
    for game_id, name in seats.values_list("game_id", "player__name"):
        players[game_id].append(name)
    zone = season.circle.zone
    by_night: dict[dt.date, list[CardGame]] = defaultdict(list)
    layouts: dict[str, tuple[int, ...]] = {}
    for pk, variant, created, totals, winners in rows:
        if variant not in layouts:
            layouts[variant] = layout_of(get_variant(variant)).sides
        sides = layouts[variant]
        if len(players[pk]) != len(sides) or not totals:
            continue
        game = CardGame(tuple(players[pk]), sides, tuple(totals), tuple(winners))
        by_night[nights.night_of(created, zone)].append(game)
    return [
        SeasonNight(day, "cards", day.isoformat(), card_night_scores(games))
        for day, games in by_night.items()
    ]

"""Circles (the people who play together) and their players."""

from __future__ import annotations

import datetime
import secrets
import zoneinfo

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import nights
from games.engine.names import name_key
from games.nights import MAX_TIME_ZONE

# The longest name a player may have (the new-game form's, the roster's and the import's).
MAX_NAME = 40


def validate_language(code: str) -> None:
    """A circle's default language is one of the site's languages (settings.LANGUAGES), or
    none (blank); no choices, so a new language needs no migration."""
    if code and code not in dict(django_settings.LANGUAGES):
        raise ValidationError(
            _("%(language)s is not a language Scorer speaks.") % {"language": repr(code)},
            code="invalid",
        )


def new_slug() -> str:
    """128 random bits, URL-safe: the only key to a circle or a watch page."""
    return secrets.token_urlsafe(16)


def default_circle_name() -> str:
    """A new circle's name, in the language of the phone that starts it."""
    return _("Card night")


class Circle(models.Model):
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    name = models.CharField(max_length=60, default=default_circle_name)
    created = models.DateTimeField(default=timezone.now)
    # The IANA name of the circle's time zone, from the first phone's browser; blank until a
    # phone has said (nights are then read in UTC). It decides which night a game is in.
    time_zone = models.CharField(max_length=MAX_TIME_ZONE, blank=True, default="")
    # The language the circle's pages speak to a phone that has not chosen one itself (a
    # code of settings.LANGUAGES); blank: each phone's browser decides.
    language = models.CharField(
        max_length=8, blank=True, default="", validators=[validate_language]
    )

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return nights.zone(self.time_zone)

    def night_of(self, moment: datetime.datetime) -> datetime.date:
        """The card night `moment` (a game's start) belongs to, on the circle's clock."""
        return nights.night_of(moment, self.zone)

    def tonight(self) -> datetime.date:
        return nights.night_of(timezone.now(), self.zone)

    def lock(self) -> None:
        """Hold the circle's row lock until the caller's transaction ends: every roster
        change (games/models/roster.py) and every new game's seating take it, so a game never
        seats a member a rename or merge is changing."""
        list(Circle.objects.select_for_update().filter(pk=self.pk).values_list("pk"))

    def player(self, name: str) -> Player:
        """The circle's player of that name, compared as names are (games/engine/names.py):
        "ann" or "Ann" + U+200B at a new game is the Ann who played before. A retired member
        seated again is back on the roster; a new name joins it. (Game.create holds the
        circle's lock while it seats its players.)"""
        name = name.strip()
        players = list(self.players.all())
        key = name_key(name)
        same = [p for p in players if p.name == name] or [
            p for p in players if name_key(p.name) == key
        ]
        if same:
            if same[0].retired is not None:
                same[0].retired = None
                same[0].save(update_fields=["retired"])
            return same[0]
        try:
            with transaction.atomic():
                return self.players.create(name=name)
        except IntegrityError:  # another phone added the same name meanwhile
            return self.players.get(name=name)


class Player(models.Model):
    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=MAX_NAME)
    # A retired member is hidden from the new game's pickers and kept in every game they
    # played; brought back, or seated again, they are a member like any other.
    retired = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["circle", "name"], name="player_name_unique_in_circle")
        ]

    def __str__(self) -> str:
        return self.name

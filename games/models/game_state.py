"""What a game is, and the engine's view of its stored hands: the fields of Game and what
reads them, and its seats. Game (games/models/games.py) is this, with the changes to its
hands (games/models/changes.py) and its records.

Totals are derived from the stored hands by the engine (ARCHITECTURE.md, "Layers"); the
totals kept on Game and Hand are the engine's last answer, rewritten by every change. Each
hand keeps the state it carries to the next (its totals and winners): recording a hand scores
that hand alone from the newest one's state, and a change to hand k re-scores from k onwards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import VARIANTS, get_variant
from games.engine.game import read_hands, score_game
from games.engine.names import contained
from games.engine.variant import BaseHand, BaseSettings, Carried, GameScore, Variant
from games.models.circles import Circle, Player, new_slug
from games.models.hands import Hand
from games.models.rows import LaterHand
from games.words import shown_variant

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


def validate_variant(key: str) -> None:
    """A game's variant is a key of the engine's registry (no choices: a new game needs no
    migration)."""
    if key not in VARIANTS:
        raise ValidationError(
            _("%(game)s is not a game Scorer knows.") % {"game": repr(key)}, code="invalid"
        )


class GameState(models.Model):
    """A game's fields and the engine's view of its hands (abstract: Game is the model)."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", gettext_lazy("In progress")
        FINISHED = "finished", gettext_lazy("Finished")

    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="games")
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    watch_slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    variant = models.CharField(max_length=20, validators=[validate_variant])
    settings = models.JSONField(default=dict)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status, default=Status.IN_PROGRESS)
    created = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)
    # The engine's last answer, so lists and the scoreboard read one row.
    totals = models.JSONField(default=list)
    winners = models.JSONField(default=list)
    hand_count = models.PositiveIntegerField(default=0)
    next_dealer = models.PositiveSmallIntegerField(null=True, blank=True)
    # Bumped by every change: watchers poll it, and it answers "nothing changed" cheaply.
    version = models.PositiveIntegerField(default=1)
    # Set aside by the circle (kept, restorable), or given up before it finished (kept in
    # the history, counted nowhere): Game.objects (GameQuerySet, games/models/games.py)
    # chooses the games each page reads.
    removed = models.DateTimeField(null=True, blank=True)
    abandoned = models.DateTimeField(null=True, blank=True)

    if TYPE_CHECKING:
        # The rows that point at a game (declared on Game, the one model this base makes).
        hands: RelatedManager[Hand]
        seats: RelatedManager[Seat]

    class Meta:
        abstract = True

    @property
    def engine(self) -> Any:
        """The game's variant: the engine's own, its name and words in the reader's language
        (ShownVariant)."""
        return shown_variant(self.variant)

    @property
    def rules(self) -> Variant[BaseSettings, BaseHand]:
        """The engine's variant itself, for scoring."""
        return get_variant(self.variant)

    def engine_settings(self) -> BaseSettings:
        return self.rules.settings(self.settings)

    def player_names(self) -> list[str]:
        """The players' names in seat order: one query, none when the seats were prefetched
        with their players (the circle page). A name stored before the name rules that opens
        a direction it never closes has it closed (names.contained): it turns only itself."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            seats = self.seats.all()
        else:
            seats = self.seats.select_related("player")
        return [contained(seat.player.name) for seat in sorted(seats, key=lambda s: s.index)]

    @property
    def side_names(self) -> tuple[str, ...]:
        """Team or player names, in side order (reads prefetched seats when there are)."""
        return self.rules.side_names([seat.player.name for seat in self.seats.all()])

    @property
    def winner_names(self) -> list[str]:
        sides = self.side_names
        return [sides[i] for i in self.winners]

    @property
    def next_hand_dealer(self) -> int:
        """Who deals the next hand: the engine's answer after the last one, else the first
        dealer (before the first hand, or a game stored before it had one)."""
        return self.next_dealer if self.next_dealer is not None else self.first_dealer

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_open(self) -> bool:
        """Whether hands can still be added: unfinished, neither removed nor abandoned."""
        return not self.is_finished and self.removed is None and self.abandoned is None

    @property
    def closed(self) -> bool:
        """Whether its hands are closed to changes: removed (restore reopens it) or
        abandoned (resume reopens it). Its page is read-only, as a watch page is."""
        return self.removed is not None or self.abandoned is not None

    def closed_reason(self, saving: bool = False) -> str:
        """Why a change to its hands (`saving`: a new hand) is refused, and what reopens
        it; "" when it is open."""
        if self.removed is not None and saving:
            return _(
                "This game was removed, so this hand was not added: restore the game, then "
                "save the hand again."
            )
        if self.removed is not None:
            return _("This game was removed: restore it to change its hands. Nothing was changed.")
        if self.abandoned is not None and saving:
            return _(
                "This game was abandoned, so this hand was not added: resume the game, then "
                "save the hand again."
            )
        if self.abandoned is not None:
            return _("This game was abandoned: resume it to change its hands. Nothing was changed.")
        return ""

    # -- the engine's view of the stored hands -------------------------------------------

    def live_hands(self) -> models.QuerySet[Hand]:
        """The hands that count, in order; removed hands are kept aside, restorable."""
        return self.hands.filter(removed=None).order_by("number")

    def engine_hands(self) -> list[BaseHand]:
        """The live hands as the engine reads them: no query when the hands were prefetched
        (a club night reads all its tables' games at once)."""
        settings, names = self.engine_settings(), self.player_names()
        if "hands" in getattr(self, "_prefetched_objects_cache", {}):
            rows = sorted(
                (h for h in self.hands.all() if h.removed is None), key=lambda h: h.number or 0
            )
        else:
            rows = list(self.live_hands())
        return [self.rules.hand(hand.facts, settings, names) for hand in rows]

    def score(self, facts: Sequence[Mapping[str, Any]], start: Carried | None = None) -> GameScore:
        """Score hands given as fact dicts, the first of them from the state `start` (by
        default the game's first hand); HandError names the first that is wrong."""
        settings, names = self.engine_settings(), self.player_names()
        first = start.played + 1 if start else 1
        hands = read_hands(self.rules, settings, list(facts), names, first)
        return score_game(self.rules, settings, hands, names, start)

    def hand_before(self, number: int) -> Hand | None:
        """The live hand before hand `number`, whose stored state scoring hand `number`
        starts from; None for the first hand."""
        if number <= 1:
            return None
        return self.live_hands().filter(number=number - 1).first()

    def scored_with(
        self, facts: Mapping[str, Any], number: int, later: Sequence[Hand | LaterHand] = ()
    ) -> GameScore:
        """The game scored with `facts` as hand `number`, from the state stored with the
        hand before it, and then the `later` hands as stored; HandError names the first hand
        that is wrong.

        The preview, the save of a new hand and the save of an edited one all score a hand
        through here, so what the preview shows is what the save stores.
        """
        before = self.hand_before(number)
        start = before.carried() if before else None
        return self.score([dict(facts), *(hand.facts for hand in later)], start)


class Seat(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_index_unique_in_game")
        ]

"""A game: its fields and the engine's view of its hands (games/models/game_state.py), the
changes to its hands (games/models/changes.py), and its records, read and written."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import get_variant
from games.engine.record import GameRecord
from games.models.changes import GameChanges
from games.models.circles import Circle
from games.models.conflicts import Conflict
from games.models.game_state import Seat
from games.models.hands import Bid, Declaration, Hand


class GameQuerySet(models.QuerySet["Game"]):
    """The games a page lists or counts, chosen here and nowhere else.

    A removed game is kept, restorable, but is in no list, night, stat, standing or CSV; an
    abandoned one stays in the history, marked, but counts in no stat or standing and is no
    longer in progress."""

    def listed(self) -> GameQuerySet:
        """The games the history and a night list: all but the removed ones."""
        return self.filter(removed=None)

    def counted(self) -> GameQuerySet:
        """The games stats, standings and "in progress" count: neither removed nor
        abandoned."""
        return self.filter(removed=None, abandoned=None)

    def removed_games(self) -> GameQuerySet:
        """The removed games, the latest removed first (the circle page's fold)."""
        return self.exclude(removed=None).order_by("-removed")


class Game(GameChanges):
    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["circle", "-created"], name="game_circle_created")]

    def __str__(self) -> str:
        return f"{self.engine.name} ({self.created:%Y-%m-%d})"

    # -- removing, restoring, abandoning the game ---------------------------------------

    @transaction.atomic
    def remove(self) -> None:
        """Set the game aside: kept, restorable, counted and listed nowhere. Removing a
        removed game changes nothing."""
        game = self._locked()
        if game.removed is None:
            game._mark(removed=timezone.now())
        self._reload()

    @transaction.atomic
    def restore(self) -> None:
        """Put a removed game back where it was (an abandoned one stays abandoned)."""
        game = self._locked()
        if game.removed is not None:
            game._mark(removed=None)
        self._reload()

    @transaction.atomic
    def abandon(self) -> None:
        """Give up an unfinished game: kept in the history, marked, counted nowhere.

        Decided under the game's row lock: a game another phone finished meanwhile is a
        Conflict, and stays finished."""
        game = self._locked()
        if game.abandoned is None:
            if game.is_finished:
                raise Conflict(_("This game has finished since, so it cannot be abandoned."))
            game._mark(abandoned=timezone.now())
        self._reload()

    @transaction.atomic
    def change_settings(self, settings: Mapping[str, Any], version: int) -> None:
        """Make `settings` the game's house rules and score every live hand again.

        Decided under the game's row lock, from the game as it is then: a game another phone
        changed since `version` (the one the change was shown on) is a Conflict, and a hand
        the new rules refuse is a HandError; either way nothing changes."""
        game = self._locked()
        if game.version != version:
            raise Conflict(
                _(
                    "Another phone changed this game since the change was shown, so it was "
                    "not saved. Check it again."
                )
            )
        game.settings = game.rules.settings(dict(settings)).full_dict()
        game._recompute()
        self._reload()

    @transaction.atomic
    def change_players(self, names: Sequence[str], version: int) -> None:
        """Seat `names` (seat order: a seat renamed to another player or a new name, or
        seats swapped) and score every live hand again; refused as change_settings is."""
        game = self._locked()
        if game.version != version:
            raise Conflict(
                _(
                    "Another phone changed this game since the change was shown, so it was "
                    "not saved. Check it again."
                )
            )
        seats = list(game.seats.order_by("index"))
        for seat, name in zip(seats, names, strict=True):
            seat.player = game.circle.player(name)
        Seat.objects.bulk_update(seats, ["player"])
        game._recompute()
        self._reload()

    def _mark(self, **fields: Any) -> None:
        for name, value in fields.items():
            setattr(self, name, value)
        self.version += 1
        self.save(update_fields=[*fields, "version"])

    # -- records ------------------------------------------------------------------------

    def record(self) -> GameRecord:
        return GameRecord(
            get_variant(self.variant),
            self.engine_settings(),
            tuple(self.player_names()),
            tuple(self.engine_hands()),
        )

    def export(self) -> dict[str, Any]:
        return self.record().to_dict()

    @classmethod
    @transaction.atomic
    def create(
        cls,
        circle: Circle,
        variant: str,
        players: Sequence[str],
        settings: Mapping[str, Any] | None = None,
        first_dealer: int = 0,
    ) -> Game:
        engine = get_variant(variant)
        game = cls.objects.create(
            circle=circle,
            variant=variant,
            settings=engine.settings(settings or {}).full_dict(),
            first_dealer=first_dealer,
            totals=[0] * engine.side_count,
            next_dealer=first_dealer,
        )
        Seat.objects.bulk_create(
            Seat(game=game, index=i, player=circle.player(name)) for i, name in enumerate(players)
        )
        return game

    @classmethod
    def import_record(cls, circle: Circle, data: object) -> Game:
        """Create a game from a record (scorer-game/1); errors leave nothing behind.

        The record is read and scored before the write transaction, which then only inserts
        rows in bulk: a long import holds the database's write lock for a moment, so other
        phones' saves do not wait on it (issue 11: 4,000 hands written well within a second).
        """
        record = data if isinstance(data, GameRecord) else GameRecord.from_dict(data)
        scored = record.score()
        engine = record.variant
        hands, bids, declarations = [], [], []
        for number, result in enumerate(scored.hands, start=1):
            hand = Hand(number=number, facts={})
            hand.set_facts(result.hand)
            hand.apply(result)
            declared = engine.declared(result.hand, result.score)
            hand_bids, hand_declarations = hand.table_rows(engine, result, declared)
            hands.append(hand)
            bids += hand_bids
            declarations += hand_declarations
        first = record.hands[0].dealer if record.hands else 0
        with transaction.atomic():
            game = cls.create(
                circle, engine.key, record.players, record.settings.full_dict(), first
            )
            for hand in hands:
                hand.game = game
            # Bids and declarations take their hand's id as the hands are inserted.
            Hand.objects.bulk_create(hands, batch_size=IMPORT_BATCH)
            Bid.objects.bulk_create(bids, batch_size=IMPORT_BATCH)
            Declaration.objects.bulk_create(declarations, batch_size=IMPORT_BATCH)
            game._take_result(scored, len(hands))
        return game


# Rows per INSERT when importing: few statements, each within SQLite's limit on parameters.
IMPORT_BATCH = 500

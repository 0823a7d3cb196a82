"""A game: its fields and the engine's view of its hands (games/models/game_state.py), the
changes to its hands (games/models/changes.py), and its records, read and written."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import nights
from games.engine import get_variant
from games.engine.names import name_key
from games.engine.record import GameRecord
from games.engine.variant import GameScore
from games.models.changes import GameChanges
from games.models.circles import Circle
from games.models.conflicts import Conflict
from games.models.game_state import Seat
from games.models.hands import Bid, Declaration, Hand
from games.models.in_progress import HandInProgress
from games.models.ratings import rerate_game
from games.streams import announce, held_back

# What follows from a change to the hand in progress (HandForm.derived).
type Derive = Callable[[dict[str, str], dict[str, str]], Mapping[str, str]]
# What a change of the hand in progress looks like to the game's other phones (rendered by
# the view), told with it: of the game as locked and the hand in progress as changed.
type Carry = Callable[[Game, HandInProgress], str]


class AlreadyImported(Exception):
    """An import of a record whose game the circle holds already (`game`): nothing was
    created."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"already imported as {game.slug}")
        self.game = game


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
            rerate_game(game)
        self._reload()

    @transaction.atomic
    def restore(self) -> None:
        """Put a removed game back where it was (an abandoned one stays abandoned)."""
        game = self._locked()
        if game.removed is not None:
            game._mark(removed=None)
            rerate_game(game)
        self._reload()

    @transaction.atomic
    def abandon(self, version: int | None = None, hands: int | None = None) -> None:
        """Give up an unfinished game: kept in the history, marked, counted nowhere, its
        hands closed to changes until it is resumed.

        Decided under the game's row lock: a game another phone finished, removed or changed
        (a hand saved) since `version`, the one the phone asked on (with `hands` hands), is
        a Conflict naming what happened, and nothing changes: whichever phone commits first
        wins."""
        game = self._locked()
        if game.abandoned is not None:
            self._reload()
            return
        if game.is_finished:
            raise Conflict(_("This game has finished since, so it cannot be abandoned."))
        if game.removed is not None:
            raise Conflict(_("This game was removed, so it was not abandoned: restore it first."))
        if version is not None and version != game.version:
            newest = game.live_hands().last() if game.hand_count else None
            if newest is not None and hands is not None and game.hand_count > hands:
                said = {"number": newest.number, "summary": newest.summary(game.player_names())}
                text = _(
                    "Another phone saved hand %(number)s (%(summary)s) since you asked, so "
                    "the game was not abandoned. Abandon it again if you still mean to."
                )
                raise Conflict(text % said, newest)
            raise Conflict(
                _(
                    "Another phone changed this game since you asked, so it was not "
                    "abandoned. Check it, then abandon it again if you still mean to."
                )
            )
        game._mark(abandoned=timezone.now())
        self._reload()

    @transaction.atomic
    def resume(self) -> None:
        """Take an abandonment back: the game is in progress again, its hands open to
        changes, the hand in progress as the phones left it. Decided under the game's row
        lock; a game removed meanwhile is a Conflict (restore it first), and one resumed
        already changes nothing."""
        game = self._locked()
        if game.removed is not None:
            raise Conflict(_("This game was removed, so it was not resumed: restore it first."))
        if game.abandoned is not None:
            game._mark(abandoned=None)
        self._reload()

    @transaction.atomic
    def change_in_progress(
        self,
        token: str,
        changes: Mapping[str, str],
        derive: Derive | None = None,
        carry: Carry | None = None,
    ) -> tuple[HandInProgress, bool]:
        """Merge one phone's changes into the hand in progress (HandInProgress.change),
        under the game's row lock and then the hand in progress's, as a save takes them:
        refused (Conflict) once the game is removed or abandoned. The hand in progress as
        it now is, and whether the change was taken. Its announcement carries what
        `carry` renders of the change (games/streams.py), in the same transaction."""
        game = self.locked_open()
        progress = HandInProgress.of(game)
        with held_back() as said:
            accepted = progress.change(token, changes, derive)
        carried = carry(game, progress) if carry is not None and said else ""
        for topic, text in said:
            announce(topic, text, carried if text == f"d{progress.version}" else "")
        return progress, accepted

    @transaction.atomic
    def change_settings(self, settings: Mapping[str, Any], version: int) -> None:
        """Make `settings` the game's house rules and score every live hand again.

        Decided under the game's row lock, from the game as it is then: a game another phone
        changed since `version` (the one the change was shown on) is a Conflict, and a hand
        the new rules refuse is a HandError; either way nothing changes."""
        game = self.locked_open()
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
        game = self.locked_open()
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
        """The game as a record: played when it started, on the circle's clock."""
        played = self.created.astimezone(nights.zone(self.circle.time_zone))
        return GameRecord(
            get_variant(self.variant),
            self.engine_settings(),
            tuple(self.player_names()),
            tuple(self.engine_hands()),
            played.replace(microsecond=0),
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
        created: dt.datetime | None = None,
    ) -> Game:
        engine = get_variant(variant)
        circle.lock()  # the roster as no rename or merge is changing it meanwhile
        game = cls.objects.create(
            circle=circle,
            variant=variant,
            created=created or timezone.now(),
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
    def import_record(cls, circle: Circle, data: object, as_copy: bool = False) -> Game:
        """Create a game from a record (scorer-game/1), started when the record says it was
        played (else now); errors leave nothing behind. AlreadyImported, and nothing
        created, when the circle holds that game already, unless it is wanted `as_copy`.

        The record is read and scored before the write transaction, which then only inserts
        rows in bulk: a long import holds the database's write lock for a moment, so other
        phones' saves do not wait on it (issue 11: 4,000 hands written well within a second).
        The circle's row is locked while its games are searched for this one, so two imports
        of one record crossing each other make one game.
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
        # The circle's games are searched before the write transaction too, and under the
        # lock only those created since: a copy of a long game costs its reading (about a
        # second for 5,000 hands) outside the lock.
        seen = 0 if as_copy else cls._search_copy(circle, record, scored, 0)
        with transaction.atomic():
            Circle.objects.select_for_update().filter(pk=circle.pk).exists()
            if not as_copy:
                cls._search_copy(circle, record, scored, seen)
            game = cls.create(
                circle,
                engine.key,
                record.players,
                record.settings.full_dict(),
                first,
                record.played,
            )
            for hand in hands:
                hand.game = game
            # Bids and declarations take their hand's id as the hands are inserted.
            Hand.objects.bulk_create(hands, batch_size=IMPORT_BATCH)
            Bid.objects.bulk_create(bids, batch_size=IMPORT_BATCH)
            Declaration.objects.bulk_create(declarations, batch_size=IMPORT_BATCH)
            game._take_result(scored, len(hands))
            if record.played is not None and game.finished is not None:
                # The record says when the game began, not when it ended: the nearest moment
                # known, rather than the moment it was imported.
                game.finished = record.played
                game.save(update_fields=["finished"])
                rerate_game(game)
        return game

    @classmethod
    def _search_copy(cls, circle: Circle, record: GameRecord, scored: GameScore, after: int) -> int:
        """AlreadyImported if a game of the circle created after game `after` (by id) is
        the record's; else the newest game's id, to search after next time."""
        newest = circle.games.order_by("-pk").values_list("pk", flat=True).first() or 0
        existing = cls.copy_of(circle, record, scored, after)
        if existing is not None:
            raise AlreadyImported(existing)
        return newest

    @classmethod
    def copy_of(
        cls, circle: Circle, record: GameRecord, scored: GameScore, after: int = 0
    ) -> Game | None:
        """The circle's game that `record` is a record of (the same variant, settings,
        players and hands, whenever played: GameRecord.digest), newest first; None if none.

        Only games with its variant, its number of hands and its totals are read, each
        with its seats; the hands of at most MAX_COPY_CHECKS of those with its players are
        read and compared, so the search costs a few records at most whatever the circle
        holds (ARCHITECTURE.md, "The game record")."""
        candidates = cls.objects.filter(
            circle=circle,
            pk__gt=after,
            variant=record.variant.key,
            hand_count=len(record.hands),
            totals=list(scored.totals),
        ).prefetch_related("seats__player")
        players = [name_key(name) for name in record.players]
        digest = record.digest()
        checked = 0
        for game in candidates.order_by("-created", "-pk"):
            if [name_key(seat.player.name) for seat in game.seats.all()] != players:
                continue
            game.circle = circle
            if game.record().digest() == digest:
                return game
            checked += 1
            if checked == MAX_COPY_CHECKS:
                break
        return None


# The most games whose hands an import reads, looking for the game it is a record of: games
# of its kind, length, totals and players that are not it are rare (two empty games of one
# table), and a copy kept on purpose is found first, being the newest.
MAX_COPY_CHECKS = 10

# Rows per INSERT when importing: few statements, each within SQLite's limit on parameters.
IMPORT_BATCH = 500

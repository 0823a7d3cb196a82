"""What happened at the table: circles, players, games, seats, hands, bids, declarations.

Totals are derived from the stored hands by the engine (ARCHITECTURE.md, "Layers"); the
totals kept on Game and Hand are the engine's last answer, rewritten by every change. Each
hand keeps the state it carries to the next (its totals and winners): recording a hand scores
that hand alone from the newest one's state, and a change to hand k re-scores from k onwards.
"""

from __future__ import annotations

import datetime
import secrets
import zoneinfo
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from django.conf import settings as django_settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import nights
from games.engine import VARIANTS, get_variant
from games.engine.game import read_hands, score_game
from games.engine.names import contained, name_key
from games.engine.record import FORMAT, GameRecord
from games.engine.variant import BaseHand, BaseSettings, Carried, GameScore, ScoredHand, Variant
from games.nights import MAX_TIME_ZONE
from games.words import (
    SUIT_SYMBOLS,
    shown_text,
    shown_variant,
    signed,
    stored_text,
    summary_text,
)


def validate_variant(key: str) -> None:
    """A game's variant is a key of the engine's registry (no choices: a new game needs no
    migration)."""
    if key not in VARIANTS:
        raise ValidationError(
            _("%(game)s is not a game Scorer knows.") % {"game": repr(key)}, code="invalid"
        )


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

    def night_of(self, game: Game) -> datetime.date:
        return nights.night_of(game.created, self.zone)

    def tonight(self) -> datetime.date:
        return nights.night_of(timezone.now(), self.zone)

    def player(self, name: str) -> Player:
        """The circle's player of that name, compared as names are (games/engine/names.py):
        "ann" or "Ann" + U+200B at a new game is the Ann who played before."""
        name = name.strip()
        players = list(self.players.all())
        key = name_key(name)
        same = [p for p in players if p.name == name] or [
            p for p in players if name_key(p.name) == key
        ]
        if same:
            return same[0]
        try:
            with transaction.atomic():
                return self.players.create(name=name)
        except IntegrityError:  # another phone added the same name meanwhile
            return self.players.get(name=name)


class Player(models.Model):
    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["circle", "name"], name="player_name_unique_in_circle")
        ]

    def __str__(self) -> str:
        return self.name


class Conflict(Exception):
    """A change was based on a view of a hand that another phone has changed since.

    `hand` is the hand as it is now (None when it is gone), so the page can show it.
    """

    def __init__(self, message: str, hand: Hand | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand


class AlreadySaved(Exception):
    """A save based on a game that has moved on: another phone saved this hand already."""

    def __init__(self, game: Game, hand: Hand | None, replayed: bool = False) -> None:
        self.hand = hand
        # `replayed`: this very save (its idempotency key) was stored before, as `hand`.
        self.removed = replayed and hand is not None and hand.removed is not None
        if self.removed:
            assert hand is not None
            text = _(
                "This hand was saved as hand %(number)s and has since been removed: "
                "%(summary)s. It was not added again; restore it from the removed hands if it "
                "belongs in the game."
            ) % {"number": hand.removed_number, "summary": hand.summary(game.player_names())}
        elif hand is not None and hand.number is not None:
            text = _(
                "Another phone just saved hand %(number)s: %(summary)s. Yours was not added."
            ) % {"number": hand.number, "summary": hand.summary(game.player_names())}
        else:
            text = _(
                "Another phone changed this game since this form was opened, so this hand was "
                "not added. Check the hands below, then save again if it is still missing."
            )
        super().__init__(text)
        self.message = text


class Game(models.Model):
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

    # Set by the circle page's view on the games of its history, for the template.
    night: datetime.date
    night_title: str

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["circle", "-created"], name="game_circle_created")]

    def __str__(self) -> str:
        return f"{self.engine.name} ({self.created:%Y-%m-%d})"

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
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    # -- the engine's view of the stored hands -------------------------------------------

    def live_hands(self) -> models.QuerySet[Hand]:
        """The hands that count, in order; removed hands are kept aside, restorable."""
        return self.hands.filter(removed=None).order_by("number")

    def engine_hands(self) -> list[BaseHand]:
        settings, names = self.engine_settings(), self.player_names()
        return [self.rules.hand(hand.facts, settings, names) for hand in self.live_hands()]

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

    # -- changes: each one transaction, each one engine call ---------------------------
    #
    # A change names the hand by its identity (pk) and the version it was shown; a hand that
    # was edited, moved or removed since is a Conflict carrying the hand as it is now.

    def _reload(self) -> None:
        """Read the game again after a change, keeping the circle it was read with."""
        circle = self.circle if Game.circle.is_cached(self) else None
        self.refresh_from_db()
        if circle is not None:
            self.circle = circle

    def _locked(self) -> Game:
        return Game.objects.select_for_update().get(pk=self.pk)

    @transaction.atomic
    def record_hand(
        self,
        facts: Mapping[str, Any],
        key: str = "",
        token: str = "",
        expect_number: int | None = None,
        expect_version: int | None = None,
    ) -> Hand:
        """Score and store one more hand; a repeated idempotency key returns the first.

        A save names what it was based on: the hand in progress it came from (`token`), or,
        without script, the hand number and game version the form was opened at. A save
        based on something that has moved on is AlreadySaved, and nothing is added.
        """
        game = self._locked()
        if key:
            existing = game.hands.filter(idempotency_key=key).first()
            if existing is not None and existing.removed is not None:
                # Sent again after it was undone or deleted: the table took it back.
                raise AlreadySaved(game, existing, replayed=True)
            if existing:
                return existing
        current = HandInProgress.of(game, lock=True)
        if token and token != current.token:
            saved = game.hands.filter(source=token).first()
            raise AlreadySaved(game, saved)
        if expect_number is not None and expect_number != game.hand_count + 1:
            saved = game.live_hands().filter(number=expect_number).first()
            raise AlreadySaved(game, saved)
        if expect_version is not None and expect_version != game.version:
            raise AlreadySaved(game, None)
        # Only the new hand is scored, from the state the newest hand stored.
        number = game.hand_count + 1
        scored = game.scored_with(facts, number)
        hand = Hand(
            game=game,
            number=number,
            facts={},
            idempotency_key=key or None,
            source=current.token,
        )
        hand.set_facts(scored.hands[0].hand)
        game._store(scored, [hand], rewrite=[hand], played=number - 1)
        current.clear(saved=hand)
        self._reload()
        return hand

    def _current(self, hand_id: int, version: int | None, number: int | None = None) -> Hand:
        """The live hand `hand_id`, if it is still as the phone saw it (version, number)."""
        hand = self.hands.filter(pk=hand_id).first()
        if hand is None:
            raise Conflict(_("That hand is no longer in this game."))
        if hand.removed is not None:
            raise Conflict(
                _(
                    "Another phone removed hand %(number)s (%(summary)s). "
                    "Restore it first to change it."
                )
                % {"number": hand.removed_number, "summary": hand.summary(self.player_names())},
                hand,
            )
        moved = number is not None and hand.number != number
        if moved or (version is not None and hand.version != version):
            said: dict[str, object] = {"was": number, "number": hand.number}
            said["summary"] = hand.summary(self.player_names())
            if moved:
                text = _(
                    "Another phone changed this game since you opened it: hand %(was)s is now "
                    "hand %(number)s. Hand %(number)s is now: %(summary)s."
                )
            else:
                text = _(
                    "Another phone changed this game since you opened it: it changed. "
                    "Hand %(number)s is now: %(summary)s."
                )
            raise Conflict(text % said, hand)
        return hand

    @transaction.atomic
    def edit_hand(
        self, hand_id: int, facts: Mapping[str, Any], version: int, number: int | None = None
    ) -> Hand:
        """Replace a hand's facts and recompute everything after it; Conflict if stale."""
        game = self._locked()
        hand = game._current(hand_id, version, number)
        assert hand.number is not None
        later = game._later_hands(hand.number + 1)
        scored = game.scored_with(facts, hand.number, later)
        hand.set_facts(scored.hands[0].hand)
        hand.version += 1
        hand.save()
        game._store(scored, [hand, *later], rewrite=[hand], played=hand.number - 1)
        self._reload()
        return hand

    @transaction.atomic
    def remove_hand(
        self, hand_id: int, version: int | None = None, number: int | None = None
    ) -> Hand | None:
        """Set a hand aside (restorable), move the later ones up, recompute.

        Returns the removed hand, or None when it was removed already (a repeated delete
        removes nothing more); Conflict when the phone saw another version of it.
        """
        game = self._locked()
        hand = game.hands.filter(pk=hand_id).first()
        if hand is not None and hand.removed is not None:
            return None
        hand = game._current(hand_id, version, number)
        game._set_aside(hand)
        self._reload()
        return hand

    @transaction.atomic
    def undo_hand(self, hand_id: int) -> Hand | None:
        """Remove the newest hand, named by its identity; None when it is gone already.

        Conflict when it is no longer the newest: another phone saved a hand since, and
        that hand is not the one this phone meant to take back.
        """
        game = self._locked()
        hand = game.hands.filter(pk=hand_id).first()
        if hand is not None and hand.removed is not None:
            return None
        hand = game._current(hand_id, None)
        if hand.number != game.hand_count:
            newest = game.live_hands().last()
            assert newest is not None
            raise Conflict(
                _(
                    "Hand %(number)s is no longer the newest: another phone saved hand "
                    "%(newest)s (%(summary)s). Nothing was undone."
                )
                % {
                    "number": hand.number,
                    "newest": newest.number,
                    "summary": newest.summary(game.player_names()),
                },
                newest,
            )
        game._set_aside(hand)
        self._reload()
        return hand

    def _set_aside(self, hand: Hand) -> None:
        place = hand.number
        assert place is not None
        hand.removed = timezone.now()
        hand.removed_number = place
        hand.number = None
        hand.save(update_fields=["removed", "removed_number", "number"])
        self._shift(after=place, by=-1)
        # A later hand can become impossible (after the end); HandError rolls it all back.
        self._rescore(place, shifted=True)

    @transaction.atomic
    def restore_hand(self, hand_id: int) -> Hand:
        """Put a removed hand back where it stood and recompute (HandError if it no longer
        fits, e.g. the game would have ended before it)."""
        game = self._locked()
        hand = game.hands.filter(pk=hand_id).exclude(removed=None).first()
        if hand is None:
            raise Conflict(_("That hand is back in the game already."))
        assert hand.removed_number is not None
        place = min(hand.removed_number, game.hand_count + 1)
        game._shift(after=place - 1, by=1)
        hand.number, hand.removed, hand.removed_number = place, None, None
        hand.version += 1
        hand.save(update_fields=["number", "removed", "removed_number", "version"])
        game._rescore(place, rewrite=[hand], shifted=True)
        self._reload()
        return hand

    def _shift(self, after: int, by: int) -> None:
        """Move the live hands numbered above `after` by `by` places; a moved hand is a new
        version of itself, so an edit based on its old number is refused.

        This moves them out of the way, to minus their new number, which keeps (game,
        number) unique at every step: _rescore, which follows, reads them there and writes
        each one's number back with its result, so each later row is written twice, not
        three times."""
        later = self.hands.filter(removed=None, number__gt=after)
        later.update(number=-(F("number") + by), version=F("version") + 1)

    def removed_hands(self) -> models.QuerySet[Hand]:
        """Hands taken out of the game, newest removal first (kept, restorable).

        A removed hand has no number, so they are found through the (game, number) index
        at its NULLs: the game page and every answer read them, and a long game's thousands
        of live hands are not read to find them."""
        return self.hands.filter(number=None).exclude(removed=None).order_by("-removed")

    @transaction.atomic
    def recompute(self) -> None:
        """Re-score every stored hand, e.g. after a house rule changed."""
        self._locked()._recompute()
        self._reload()

    def _recompute(self) -> None:
        self._rescore(1)

    def _rescore(self, place: int, rewrite: Sequence[Hand] = (), shifted: bool = False) -> None:
        """Re-score the live hands from hand `place` onwards, from the state stored with the
        hand before it; the hands before it are not read. `shifted`: the hands after it
        were moved out of the way (_shift), and are written back to their places."""
        before = self.hand_before(place)
        given = {hand.pk: hand for hand in rewrite}
        later = [given.get(row.pk, row) for row in self._later_hands(place, shifted)]
        scored = self.score([h.facts for h in later], before.carried() if before else None)
        self._store(scored, later, rewrite, place - 1, before)

    def _later_hands(self, first: int, shifted: bool = False) -> list[LaterHand]:
        """The live hands from hand `first` onwards, as re-scoring reads them (LaterHand);
        after a _shift, those it moved out of the way too, at their new places. Each part
        is one range of the (game, number) index."""
        fields = LaterHand.__slots__[:-1]
        live = self.hands.filter(removed=None)
        later = [LaterHand(*row) for row in live.filter(number__gte=first).values_list(*fields)]
        if shifted:
            moved = live.filter(number__lt=0).order_by("-number").values_list(*fields)
            for row in moved:
                hand = LaterHand(*row)
                hand.number, hand.shifted = -hand.number, True
                later.append(hand)
        return later

    def _store(
        self,
        scored: GameScore,
        stored: Sequence[Hand | LaterHand],
        rewrite: Sequence[Hand] = (),
        played: int = 0,
        before: Hand | None = None,
    ) -> None:
        """Write the engine's answer for `stored`, the hands after the first `played` (scored
        from the state of the hand before them, `before` when it was read): each hand's
        result, the game's totals and status.

        Hands in `rewrite` are new or edited: their Bid and Declaration rows are written
        anew. Other hands whose result moved get their declaration verdicts updated.
        """
        changed: list[Hand | LaterHand] = []
        # The moved hands by what moved: after an early hand changes, most later ones only
        # carry other totals, and only their totals are written.
        by_fields: dict[tuple[str, ...], list[Hand | LaterHand]] = {}
        new: set[int] = set()
        declared: dict[int, tuple[tuple[Any, Any], ...]] = {}
        rewritten = {hand.pk for hand in rewrite if hand.pk is not None}
        for hand, result in zip(stored, scored.hands, strict=True):
            moved = hand.apply(result)
            if getattr(hand, "shifted", False):
                # Back from out of the way (_shift), with whatever else moved.
                by_fields.setdefault(("number", *moved), []).append(hand)
            if hand.pk is None:
                assert isinstance(hand, Hand)
                hand.save()
                new.add(hand.pk)
                rewritten.add(hand.pk)
            elif moved:
                changed.append(hand)
                if not getattr(hand, "shifted", False):
                    by_fields.setdefault(moved, []).append(hand)
            if hand.pk in rewritten or moved:
                declared[hand.pk] = self.rules.declared(result.hand, result.score)
        for fields, hands in by_fields.items():
            update_rows(Hand, hands, fields)
        for hand, result in zip(stored, scored.hands, strict=True):
            if hand.pk in rewritten:
                assert isinstance(hand, Hand)
                hand.write_table_rows(self, result, declared[hand.pk], replace=hand.pk not in new)
        # The verdicts of the other moved hands' declarations: read (as values, found by the
        # hands' numbers) only where a moved hand has declarations, written only where a
        # verdict changed.
        declaring = {
            h.pk: h.number or 0 for h in changed if h.pk not in rewritten and declared[h.pk]
        }
        if declaring:
            rows = Declaration.objects.filter(
                hand__game=self, hand__removed=None, hand__number__gte=min(declaring.values())
            ).values_list("pk", "hand_id", "order", *VERDICT_FIELDS)
            verdicts = []
            for pk, hand_id, order, *was in rows:
                if hand_id in declaring:
                    verdict = declared[hand_id][order][1]
                    now = (verdict.points, verdict.counted, stored_text(verdict.reason))
                    if now != tuple(was):
                        points, counted, reason = now
                        verdicts.append(
                            Declaration(pk=pk, points=points, counted=counted, reason=reason)
                        )
            update_rows(Declaration, verdicts, VERDICT_FIELDS)
        self._take_result(scored, played + len(stored), before)

    def _take_result(self, scored: GameScore, hand_count: int, before: Hand | None = None) -> None:
        """Save the game's totals, winners, next dealer and status from the engine's answer
        (for the hands after `before`, when it scored from that hand's state)."""
        self.totals = list(scored.totals)
        self.winners = list(scored.winners)
        self.hand_count = hand_count
        if scored.hands:
            self.next_dealer = scored.next_dealer
        elif before is not None:
            last = self.rules.hand(before.facts, self.engine_settings(), self.player_names())
            self.next_dealer = self.rules.next_dealer(last, self.engine_settings())
        else:
            self.next_dealer = self.first_dealer
        was_finished = self.is_finished
        self.status = self.Status.FINISHED if scored.winners else self.Status.IN_PROGRESS
        if self.is_finished and not was_finished:
            self.finished = timezone.now()
        elif not self.is_finished:
            self.finished = None
        self.version += 1
        self.save()

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

# What a change to an earlier hand rewrites of each later one: its result (Hand.apply), and
# of its declarations their verdicts (Declaration.apply).
RESULT_FIELDS = ("scores", "totals", "winners", "notes", "made")
VERDICT_FIELDS = ("points", "counted", "reason")
# Rows per UPDATE when many results move (update_rows).
UPDATE_BATCH = 500


class LaterHand:
    """A later hand as re-scoring reads it, its values and no model: its identity, place,
    facts and stored result (thousands are read when an early hand of a long game changes)."""

    __slots__ = ("pk", "number", "facts", *RESULT_FIELDS, "shifted")

    def __init__(
        self,
        pk: int,
        number: int,
        facts: dict[str, Any],
        scores: list[int],
        totals: list[int],
        winners: list[int],
        notes: list[Any],
        made: bool | None,
    ) -> None:
        self.pk, self.number, self.facts = pk, number, facts
        self.shifted = False  # read out of the way (Game._shift), its number to write back
        self.scores, self.totals, self.winners, self.notes, self.made = (
            scores,
            totals,
            winners,
            notes,
            made,
        )

    def apply(self, result: ScoredHand) -> tuple[str, ...]:
        return apply_result(self, result)


def apply_result(hand: Hand | LaterHand, result: ScoredHand) -> tuple[str, ...]:
    """Give `hand` the engine's result; the names of its stored fields that changed."""
    score = result.score
    new = (
        list(score.scores),
        list(result.totals),
        list(result.winners),
        [stored_text(note) for note in score.notes],
        score.made,
    )
    old = (hand.scores, hand.totals, hand.winners, hand.notes, hand.made)
    hand.scores, hand.totals, hand.winners, hand.notes, hand.made = new
    return tuple(f for f, a, b in zip(RESULT_FIELDS, new, old, strict=True) if a != b)


def update_rows(model: type[models.Model], rows: Sequence[Any], fields: Sequence[str]) -> None:
    """Write `fields` of the saved `rows` (models or LaterHand), each to its own row, in one
    statement per UPDATE_BATCH rows: `WITH v(pk, …) AS (VALUES (…), …) UPDATE … FROM v`, which both
    PostgreSQL and SQLite (3.33 or later) run as a join on the primary key, so its cost
    grows with the rows written and no faster. (Django's bulk_update builds one CASE per
    field over all rows, which both Python and PostgreSQL take longer than linear time on:
    seconds for a few thousand hands.)"""
    if not rows:
        return
    meta = model._meta
    assert meta.pk is not None
    columns = [cast("models.Field[Any, Any]", meta.get_field(name)) for name in fields]
    quote = connection.ops.quote_name
    table, key, pk = quote(meta.db_table), quote(meta.pk.attname), quote("pk")
    names = ", ".join([pk, *(quote(f.attname) for f in columns)])
    sets = ", ".join(
        f"{quote(f.attname)} = CAST(v.{quote(f.attname)} AS {f.cast_db_type(connection) or ''})"
        for f in columns
    )
    per_row = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    size = max(1, min(UPDATE_BATCH, connection.ops.bulk_batch_size(["pk", *fields], rows)))
    with connection.cursor() as cursor:
        for start in range(0, len(rows), size):
            batch = rows[start : start + size]
            params: list[Any] = []
            for row in batch:
                params.append(row.pk)
                params += [f.get_db_prep_save(getattr(row, f.attname), connection) for f in columns]
            cursor.execute(
                f"WITH v ({names}) AS (VALUES {', '.join([per_row] * len(batch))}) "
                f"UPDATE {table} SET {sets} FROM v WHERE {table}.{key} = v.{pk}",
                params,
            )


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_index_unique_in_game")
        ]


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    # The hand's place among the live hands; it changes when an earlier hand is removed or
    # restored. The hand's identity is its pk, which never changes.
    number = models.IntegerField(null=True, blank=True)
    dealer = models.PositiveSmallIntegerField()
    facts = models.JSONField()
    trump = models.CharField(max_length=1, blank=True)
    declarer = models.PositiveSmallIntegerField(null=True, blank=True)
    contract = models.IntegerField(null=True, blank=True)
    scores = models.JSONField(default=list)
    # The state this hand carries to the next (engine.Carried, with `number`): the next hand
    # is scored from it alone. Only a game's last hand can have winners.
    totals = models.JSONField(default=list)
    winners = models.JSONField(default=list)
    notes = models.JSONField(default=list)
    made = models.BooleanField(null=True)
    version = models.PositiveIntegerField(default=1)
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)
    # A removed hand is kept (restorable): out of the numbering, remembering its place.
    removed = models.DateTimeField(null=True, blank=True)
    removed_number = models.IntegerField(null=True, blank=True)
    # The hand in progress this hand was saved from: a late save from it is refused by name.
    source = models.CharField(max_length=32, blank=True, db_index=True)

    # Set by the game page's view on the hands it shows, for the template: each side's
    # name, score and total, who dealt and who declared, what each player declared, the
    # row's cache key; a removed hand's summary and whether it went just now.
    rows: list[tuple[str, int, int]]
    dealer_name: str
    declarer_name: str
    declared: list[tuple[str, Declaration]]
    row_key: str
    summary_text: str
    recent: bool

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_in_game"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"], name="hand_idempotency_key_unique_in_game"
            ),
        ]

    def summary(self, names: Sequence[str]) -> str:
        """The hand in a few words, for undo buttons and conflict messages: "Ann ♥ +130",
        in the reader's language."""
        return summary_text(self.summary_value(names))

    def summary_value(self, names: Sequence[str]) -> Any:
        """The summary as it can be stored and read later in any language: names, symbols
        and scores as text, or the note that says what happened to a deal not played (its
        stored form, rendered by summary_text)."""
        engine = self.game.engine
        trump = SUIT_SYMBOLS.get(self.trump, "")
        if self.declarer is not None:
            side = engine.side_of(self.declarer)
            who = f"{names[self.declarer]} {trump}".strip()
            return f"{who} {signed(self.scores[side])}" if self.scores else who
        if self.notes and not any(self.scores):
            return self.notes[0]  # a redeal or a void deal says so itself
        sides = engine.side_names(names)
        return ", ".join(f"{n} {signed(s)}" for n, s in zip(sides, self.scores, strict=False))

    def set_facts(self, hand: BaseHand) -> None:
        self.facts = hand.to_dict()
        self.dealer = hand.dealer
        self.trump = hand.trump_suit or ""
        self.declarer = hand.declarer
        self.contract = hand.contract

    def apply(self, result: ScoredHand) -> tuple[str, ...]:
        """Take the engine's result; the names of the stored fields that changed (none:
        an empty tuple, false)."""
        return apply_result(self, result)

    def carried(self) -> Carried:
        """The state this hand leaves for the next one, as stored."""
        return Carried(tuple(self.totals), self.number or 0, tuple(self.winners))

    def write_table_rows(
        self,
        game: Game,
        result: ScoredHand,
        declared: Sequence[tuple[Any, Any]],
        replace: bool = True,
    ) -> None:
        """Store the auction and the declarations as the table gave them, with the verdicts
        of the scored hand (`declared`: Variant.declared), in place of the rows an edited
        hand had (`replace`; a new hand has none)."""
        if replace:
            self.bids.all().delete()
            self.declarations.all().delete()
        bids, declarations = self.table_rows(game.rules, result, declared)
        Bid.objects.bulk_create(bids)
        Declaration.objects.bulk_create(declarations)

    def table_rows(
        self,
        engine: Variant[Any, Any],
        result: ScoredHand,
        declared: Sequence[tuple[Any, Any]],
    ) -> tuple[list[Bid], list[Declaration]]:
        """The hand's Bid and Declaration rows, unsaved: the auction of the scored hand, and
        each of its declarations with the engine's verdict (`declared`)."""
        bids = [
            Bid(hand=self, order=i, seat=c.seat, call=c.call, suit=c.suit or "", value=c.value)
            for i, c in enumerate(engine.auction(result.hand))
        ]
        declarations = [
            Declaration(
                hand=self,
                order=i,
                seat=d.seat,
                kind=d.kind,
                details={k: v for k, v in d.to_dict().items() if k not in ("seat", "kind")},
                points=v.points,
                counted=v.counted,
                reason=stored_text(v.reason),
            )
            for i, (d, v) in enumerate(declared)
        ]
        return bids, declarations


def new_token() -> str:
    return secrets.token_hex(8)


class HandInProgress(models.Model):
    """The hand being entered, one per game, the same on every phone.

    `fields` holds what the phones entered so far, by form field name, as typed. Each change
    bumps `version`; saving the hand clears it and gives it a new `token`, so a phone still
    holding the old one knows that hand was saved (and by which hand).
    """

    MAX_FIELDS = 120
    MAX_VALUE = 200

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="in_progress")
    token = models.CharField(max_length=32, default=new_token)
    fields = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(default=timezone.now)
    saved_number = models.IntegerField(null=True, blank=True)
    # The saved hand's summary as Hand.summary_value gives it: read in any language.
    saved_summary = models.JSONField(default=str, blank=True)

    @classmethod
    def of(cls, game: Game, lock: bool = False) -> HandInProgress:
        """The game's hand in progress (created empty on first use)."""
        rows = cls.objects.select_for_update() if lock else cls.objects.all()
        found = rows.filter(game=game).first()
        if found is None:
            try:
                with transaction.atomic():
                    found = cls.objects.create(game=game)
            except IntegrityError:  # another phone created it a moment ago
                found = rows.get(game=game)
        found.game = game  # spare a query when it reads its game
        return found

    @property
    def started(self) -> bool:
        return any(value not in ("", None) for value in self.fields.values())

    def clear(self, saved: Hand | None = None) -> None:
        """Start the next hand: nothing entered, a new token (the caller holds the lock)."""
        self.fields = {}
        self.token = new_token()
        self.version += 1
        self.updated = timezone.now()
        if saved is not None:
            self.saved_number = saved.number
            summary = saved.summary_value(self.game.player_names())
            self.saved_summary = summary[:200] if isinstance(summary, str) else summary
        self.save()

    @property
    def saved_text(self) -> str:
        """The hand another phone saved last, in a few words, in the reader's language."""
        return summary_text(self.saved_summary)

    @transaction.atomic
    def change(
        self,
        token: str,
        changes: Mapping[str, str],
        derive: Callable[[dict[str, str], dict[str, str]], Mapping[str, str]] | None = None,
    ) -> bool:
        """Merge one phone's changes into the hand in progress; False when `token` is no
        longer the hand being entered (it was saved meanwhile) and nothing changed.

        Changes to different fields from two phones both survive; on one field the later
        change wins. `derive` (a hand form's `derived`) is given the fields as they now are,
        under the row's lock, and the changes: what it answers (the bidder a typed auction
        names, from the current dealer) is merged too, so it follows from every phone's
        latest changes, whichever came first.
        """
        current = HandInProgress.objects.select_for_update().get(pk=self.pk)
        if token != current.token:
            self.refresh_from_db()
            return False
        merged = {**current.fields, **changes}
        if derive is not None:
            merged.update(derive(dict(merged), dict(changes)))
        current.fields = {k: v for k, v in merged.items() if v != ""}
        current.version += 1
        current.updated = timezone.now()
        current.save()
        self.refresh_from_db()
        return True


class Bid(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="bids")
    order = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    call = models.CharField(max_length=8)
    suit = models.CharField(max_length=1, blank=True)
    value = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "order"], name="bid_order_unique_in_hand")
        ]


class Declaration(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="declarations")
    order = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=12)
    details = models.JSONField(default=dict)
    points = models.IntegerField(default=0)
    counted = models.BooleanField(default=False)
    # Why the engine counted it or not: its sentence's stored form (stored_text), or "".
    reason = models.JSONField(default=str, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "order"], name="declaration_order_unique_in_hand"
            )
        ]

    def apply(self, verdict: Any) -> bool:
        """Take the engine's verdict; True when anything stored changed."""
        new = (verdict.points, verdict.counted, stored_text(verdict.reason))
        old = (self.points, self.counted, self.reason)
        self.points, self.counted, self.reason = new
        return new != old

    @property
    def label(self) -> str:
        """What was declared, in the words the hand list uses ("4-card run 9–Q♥"), as the
        hand's game describes it."""
        data = {"seat": self.seat, "kind": self.kind, **self.details}
        return shown_text(self.hand.game.rules.describe_declaration(data))

    @property
    def reason_text(self) -> str:
        """The engine's reason, in the reader's language."""
        return shown_text(self.reason)


__all__ = [
    "FORMAT",
    "AlreadySaved",
    "Bid",
    "Circle",
    "Conflict",
    "Declaration",
    "Game",
    "Hand",
    "HandInProgress",
    "Player",
    "Seat",
]

"""What happened at the table: circles, players, games, seats, hands, bids, declarations.

Totals are derived from the stored hands by the engine (ARCHITECTURE.md, "Layers"); the
totals kept on Game and Hand are the engine's last answer, rewritten by every change.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone

from games.engine import VARIANTS, get_variant
from games.engine.game import score_game
from games.engine.record import FORMAT, GameRecord
from games.engine.variant import BaseHand, BaseSettings, GameScore, Variant

VARIANT_CHOICES = [(key, variant.name) for key, variant in VARIANTS.items()]


def new_slug() -> str:
    """128 random bits, URL-safe: the only key to a circle or a watch page."""
    return secrets.token_urlsafe(16)


class Circle(models.Model):
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    name = models.CharField(max_length=60, default="Card night")
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.name

    def player(self, name: str) -> Player:
        player, _ = self.players.get_or_create(name=name.strip())
        return player


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
    """The hand changed on another phone since it was opened for editing."""


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="games")
    slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    watch_slug = models.CharField(max_length=32, unique=True, default=new_slug, editable=False)
    variant = models.CharField(max_length=20, choices=VARIANT_CHOICES)
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

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["circle", "-created"], name="game_circle_created")]

    def __str__(self) -> str:
        return f"{self.engine.name} ({self.created:%Y-%m-%d})"

    @property
    def engine(self) -> Variant[Any, Any]:
        return get_variant(self.variant)

    def engine_settings(self) -> BaseSettings:
        return self.engine.settings(self.settings)

    def player_names(self) -> list[str]:
        seats = sorted(self.seats.all(), key=lambda seat: seat.index)
        return [seat.player.name for seat in seats]

    @property
    def side_names(self) -> tuple[str, ...]:
        """Team or player names, in side order (reads prefetched seats when there are)."""
        return self.engine.side_names([seat.player.name for seat in self.seats.all()])

    @property
    def winner_names(self) -> list[str]:
        sides = self.side_names
        return [sides[i] for i in self.winners]

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    # -- the engine's view of the stored hands -------------------------------------------

    def engine_hands(self) -> list[BaseHand]:
        settings = self.engine_settings()
        return [self.engine.hand(hand.facts, settings) for hand in self.hands.order_by("number")]

    def score(self, facts: Sequence[Mapping[str, Any]]) -> GameScore:
        """Score hands given as fact dicts (HandError names the first that is wrong)."""
        from games.engine.game import read_hands

        settings = self.engine_settings()
        hands = read_hands(self.engine, settings, list(facts))
        return score_game(self.engine, settings, hands, self.player_names())

    # -- changes: each one transaction, each one engine call ---------------------------

    def _locked(self) -> Game:
        return Game.objects.select_for_update().get(pk=self.pk)

    @transaction.atomic
    def record_hand(self, facts: Mapping[str, Any], key: str = "") -> Hand:
        """Score and store one more hand; a repeated idempotency key returns the first."""
        game = self._locked()
        if key:
            existing = game.hands.filter(idempotency_key=key).first()
            if existing:
                return existing
        stored = list(game.hands.order_by("number"))
        scored = game.score([h.facts for h in stored] + [dict(facts)])
        hand = Hand(game=game, number=len(stored) + 1, facts={}, idempotency_key=key or None)
        hand.set_facts(scored.hands[-1].hand)
        game._store(scored, [*stored, hand], rewrite=[hand])
        self.refresh_from_db()
        return hand

    @transaction.atomic
    def edit_hand(self, number: int, facts: Mapping[str, Any], version: int) -> Hand:
        """Replace a hand's facts and recompute everything after it; Conflict if stale."""
        game = self._locked()
        stored = list(game.hands.order_by("number"))
        hand = next((h for h in stored if h.number == number), None)
        if hand is None:
            raise Hand.DoesNotExist
        if hand.version != version:
            raise Conflict
        all_facts = [dict(facts) if h.number == number else h.facts for h in stored]
        scored = game.score(all_facts)
        hand.set_facts(scored.hands[number - 1].hand)
        hand.version += 1
        hand.save()
        game._store(scored, stored, rewrite=[hand])
        self.refresh_from_db()
        return hand

    @transaction.atomic
    def undo_last_hand(self) -> Hand | None:
        """Remove the newest hand; returns it (unsaved) or None when there is none."""
        game = self._locked()
        last = game.hands.order_by("-number").first()
        if last is None:
            return None
        last.delete()
        game._recompute()
        self.refresh_from_db()
        return last

    @transaction.atomic
    def delete_hand(self, number: int) -> None:
        """Remove one hand, renumber the later ones, and recompute."""
        game = self._locked()
        game.hands.filter(number=number).delete()
        # Two passes keep (game, number) unique at every step: out of the way, then back.
        later = game.hands.filter(number__gt=number)
        later.update(number=-(F("number") - 1))
        game.hands.filter(number__lt=0).update(number=-F("number"))
        # A later hand can become impossible (after the end); HandError rolls it all back.
        game._recompute()
        self.refresh_from_db()

    @transaction.atomic
    def recompute(self) -> None:
        """Re-score every stored hand, e.g. after a house rule changed."""
        self._locked()._recompute()
        self.refresh_from_db()

    def _recompute(self) -> None:
        stored = list(self.hands.order_by("number"))
        self._store(self.score([h.facts for h in stored]), stored)

    def _store(
        self, scored: GameScore, stored: Sequence[Hand], rewrite: Sequence[Hand] = ()
    ) -> None:
        """Write the engine's answer: each hand's result, the game's totals and status.

        Hands in `rewrite` are new or edited: their Bid and Declaration rows are written
        anew. Other hands whose result moved get their declaration verdicts updated.
        """
        changed = []
        for hand, result in zip(stored, scored.hands, strict=True):
            moved = hand.apply(
                result.score, result.totals, self.engine.declared(result.hand, result.score)
            )
            if hand.pk is None:
                hand.save()
            elif moved:
                changed.append(hand)
        if changed:
            Hand.objects.bulk_update(changed, ["scores", "totals", "notes", "made"])
        for hand, result in zip(stored, scored.hands, strict=True):
            if hand in rewrite:
                hand.write_table_rows(self, result)
        moved_rows = [h for h in changed if h not in rewrite]
        if moved_rows:
            by_pk = {h.pk: h for h in moved_rows}
            rows = list(Declaration.objects.filter(hand__in=moved_rows))
            for row in rows:
                row.apply(by_pk[row.hand_id].verdict(row.order))
            Declaration.objects.bulk_update(rows, ["points", "counted", "reason"])
        self._take_result(scored, len(stored))

    def _take_result(self, scored: GameScore, hand_count: int) -> None:
        """Save the game's totals, winners, next dealer and status from the engine's answer."""
        self.totals = list(scored.totals)
        self.winners = list(scored.winners)
        self.hand_count = hand_count
        self.next_dealer = scored.next_dealer if hand_count else self.first_dealer
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
            self.engine,
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
            hand.apply(result.score, result.totals, engine.declared(result.hand, result.score))
            hand_bids, hand_declarations = hand.table_rows(engine, result)
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
    number = models.IntegerField()
    dealer = models.PositiveSmallIntegerField()
    facts = models.JSONField()
    trump = models.CharField(max_length=1, blank=True)
    declarer = models.PositiveSmallIntegerField(null=True, blank=True)
    contract = models.IntegerField(null=True, blank=True)
    scores = models.JSONField(default=list)
    totals = models.JSONField(default=list)
    notes = models.JSONField(default=list)
    made = models.BooleanField(null=True)
    version = models.PositiveIntegerField(default=1)
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_in_game"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"], name="hand_idempotency_key_unique_in_game"
            ),
        ]

    _declared: tuple[tuple[Any, Any], ...] = ()

    def set_facts(self, hand: BaseHand) -> None:
        self.facts = hand.to_dict()
        self.dealer = hand.dealer
        self.trump = hand.trump_suit or ""
        self.declarer = hand.declarer
        self.contract = hand.contract

    def apply(self, score: Any, totals: Sequence[int], declared: Sequence[Any] = ()) -> bool:
        """Take the engine's result; True when anything stored changed."""
        self._declared = tuple(declared)
        new = (list(score.scores), list(totals), list(score.notes), score.made)
        old = (self.scores, self.totals, self.notes, self.made)
        self.scores, self.totals, self.notes, self.made = new
        return new != old

    def verdict(self, order: int) -> Any:
        return self._declared[order][1]

    def write_table_rows(self, game: Game, result: Any) -> None:
        """Store the auction and the declarations as the table gave them, with verdicts."""
        self.bids.all().delete()
        self.declarations.all().delete()
        bids, declarations = self.table_rows(game.engine, result)
        Bid.objects.bulk_create(bids)
        Declaration.objects.bulk_create(declarations)

    def table_rows(
        self, engine: Variant[Any, Any], result: Any
    ) -> tuple[list[Bid], list[Declaration]]:
        """The hand's Bid and Declaration rows, unsaved (after `apply`)."""
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
                reason=v.reason,
            )
            for i, (d, v) in enumerate(self._declared)
        ]
        return bids, declarations


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
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "order"], name="declaration_order_unique_in_hand"
            )
        ]

    def apply(self, verdict: Any) -> None:
        self.points, self.counted, self.reason = verdict.points, verdict.counted, verdict.reason

    @property
    def label(self) -> str:
        """What was declared, in the words the hand list uses ("4-card run 9–Q♥")."""
        from games.engine.declarations import Declaration as Declared

        data = {"seat": self.seat, "kind": self.kind, **self.details}
        if self.kind in ("meld",):
            return "melds"
        return Declared.read(data, self.order, 4, (self.kind,)).describe()


__all__ = ["FORMAT", "Bid", "Circle", "Conflict", "Declaration", "Game", "Hand", "Player", "Seat"]

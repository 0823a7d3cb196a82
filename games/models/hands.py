"""The hands of a game, and what each one's table said: its auction (Bid) and its
declarations with the engine's verdicts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import models
from django.utils import timezone

from games.engine.variant import BaseHand, Carried, ScoredHand, Variant
from games.models.rows import apply_result
from games.words import (
    SUIT_SYMBOLS,
    shown_text,
    signed,
    stored_text,
    summary_text,
)


class Hand(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="hands")
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
        engine: Variant[Any, Any],
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
        bids, declarations = self.table_rows(engine, result, declared)
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

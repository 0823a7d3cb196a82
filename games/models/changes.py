"""Changes to a game's hands: each one transaction under the game's row lock, each one
engine call: the methods of Game (games/models/games.py) that change its hands.

A change names the hand by its identity (pk) and the version it was shown; a hand that was
edited, moved or removed since is a Conflict carrying the hand as it is now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, Self

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine.variant import GameScore
from games.models.conflicts import AlreadySaved, Conflict
from games.models.game_state import GameState
from games.models.hands import Declaration, Hand
from games.models.in_progress import HandInProgress
from games.models.ratings import rerate_game
from games.models.rows import VERDICT_FIELDS, LaterHand, update_rows
from games.words import stored_text

# A hand form's fields as a stored hand's facts fill them in (HandForm.typed_from).
type Refill = Callable[[Mapping[str, Any]], Mapping[str, str]]


class Undone(NamedTuple):
    """A hand taken back, and whether it went back into the hand in progress."""

    hand: Hand
    refilled: bool


class GameChanges(GameState):
    """The changes to a game's hands (abstract: Game is the model)."""

    class Meta:
        abstract = True

    def _reload(self) -> None:
        """Read the game again after a change, keeping the circle it was read with."""
        circle = self.circle if type(self).circle.is_cached(self) else None
        self.refresh_from_db()
        if circle is not None:
            self.circle = circle

    def _locked(self) -> Self:
        return type(self)._default_manager.select_for_update().get(pk=self.pk)

    def locked_open(self) -> Self:
        """The game under its row lock (the caller's transaction), refused with a Conflict
        saying why and what reopens it when it was removed or abandoned: a closed game's
        hands, saved or in progress, do not change."""
        game = self._locked()
        if game.closed:
            raise Conflict(game.closed_reason())
        return game

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
                raise AlreadySaved(game.player_names(), existing, replayed=True)
            if existing:
                return existing
        if game.closed:
            # Removed or abandoned by another phone since this one opened the game: the
            # hand in progress keeps what was typed, for when the game is back.
            raise AlreadySaved((), None, closed=game.closed_reason(saving=True))
        current = HandInProgress.of(game, lock=True)
        if token and token != current.token:
            # The newest hand saved from it: an undone hand corrected and saved again shares it.
            saved = game.hands.filter(source=token).order_by("-pk").first()
            raise AlreadySaved(game.player_names(), saved)
        if expect_number is not None and expect_number != game.hand_count + 1:
            saved = game.live_hands().filter(number=expect_number).first()
            raise AlreadySaved(game.player_names(), saved)
        if expect_version is not None and expect_version != game.version:
            raise AlreadySaved((), None)
        # Only the new hand is scored, from the state the newest hand stored.
        number = game.hand_count + 1
        scored = game.scored_with(facts, number)
        hand = Hand(
            game_id=game.pk,
            number=number,
            facts={},
            idempotency_key=key or None,
            source=current.token,
        )
        Hand.game.field.set_cached_value(hand, game)  # as if read with its game
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
                    "Another phone changed hand %(number)s since you opened it. "
                    "It is now: %(summary)s."
                )
            raise Conflict(text % said, hand)
        return hand

    @transaction.atomic
    def edit_hand(
        self, hand_id: int, facts: Mapping[str, Any], version: int, number: int | None = None
    ) -> Hand:
        """Replace a hand's facts and recompute everything after it; Conflict if stale."""
        game = self.locked_open()
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
        game = self.locked_open()
        hand = game.hands.filter(pk=hand_id).first()
        if hand is not None and hand.removed is not None:
            return None
        hand = game._current(hand_id, version, number)
        game._set_aside(hand)
        self._reload()
        return hand

    @transaction.atomic
    def undo_hand(self, hand_id: int, refill: Refill | None = None) -> Undone | None:
        """Remove the newest hand, named by its identity; None when it is gone already.

        Conflict when it is no longer the newest: another phone saved a hand since, and
        that hand is not the one this phone meant to take back. `refill` (the hand form's
        fields as the hand's facts fill them in) puts it back into the hand in progress,
        in this transaction, unless a phone has started entering the next hand there.
        """
        game = self.locked_open()
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
        progress = HandInProgress.of(game, lock=True)
        refilled = refill is not None and progress.refill(refill(hand.facts))
        self._reload()
        return Undone(hand, refilled)

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
    def restore_hand(self, hand_id: int, refill: Refill | None = None) -> Hand:
        """Put a removed hand back where it stood and recompute (HandError if it no longer
        fits, e.g. the game would have ended before it). A hand in progress that holds it
        as `refill` put it there (an undo), untouched since, is emptied."""
        game = self.locked_open()
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
        if refill is not None:
            HandInProgress.of(game, lock=True).unfill(refill(hand.facts))
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
                hand.write_table_rows(
                    self.rules, result, declared[hand.pk], replace=hand.pk not in new
                )
        # The verdicts of the other moved hands' declarations: read (as values, found by the
        # hands' numbers) only where a moved hand has declarations, written only where a
        # verdict changed.
        declaring = {
            h.pk: h.number or 0 for h in changed if h.pk not in rewritten and declared[h.pk]
        }
        if declaring:
            rows = Declaration.objects.filter(
                hand__game_id=self.pk, hand__removed=None, hand__number__gte=min(declaring.values())
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
        if was_finished or self.is_finished:
            rerate_game(self)  # its players' ratings, from when it finished on

"""The hand being entered, the same on every phone."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from django.db import IntegrityError, models, transaction
from django.utils import timezone

from games.models.hands import Hand
from games.words import summary_text

if TYPE_CHECKING:
    from games.models.game_state import GameState


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

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="in_progress")
    token = models.CharField(max_length=32, default=new_token)
    fields = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(default=timezone.now)
    saved_number = models.IntegerField(null=True, blank=True)
    # The saved hand's summary as Hand.summary_value gives it: read in any language.
    saved_summary = models.JSONField(default=str, blank=True)

    @classmethod
    def of(cls, game: GameState, lock: bool = False) -> HandInProgress:
        """The game's hand in progress (created empty on first use)."""
        rows = cls.objects.select_for_update() if lock else cls.objects.all()
        found = rows.filter(game_id=game.pk).first()
        if found is None:
            try:
                with transaction.atomic():
                    found = cls.objects.create(game_id=game.pk)
            except IntegrityError:  # another phone created it a moment ago
                found = rows.get(game_id=game.pk)
        # Its game is the one given, as if read with it: spare a query when it reads it.
        cls.game.field.set_cached_value(found, game)
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

    def refill(self, fields: Mapping[str, str]) -> bool:
        """Put a hand taken back into the hand in progress, to be corrected and saved again
        (the caller holds the lock); False, and nothing changed, when a phone has started
        entering the hand in progress: what it typed is kept."""
        if self.started:
            return False
        self.fields = {name: value for name, value in fields.items() if value != ""}
        self.version += 1
        self.updated = timezone.now()
        self.save(update_fields=["fields", "version", "updated"])
        return True

    def unfill(self, fields: Mapping[str, str]) -> bool:
        """Empty the hand in progress when it holds exactly `fields` (a hand taken back, then
        restored, untouched since): the hand is in the game again, and saving it once more
        would store it twice. False, and nothing changed, otherwise."""
        if self.fields != {name: value for name, value in fields.items() if value != ""}:
            return False
        self.fields = {}
        self.version += 1
        self.updated = timezone.now()
        self.save(update_fields=["fields", "version", "updated"])
        return True

    @property
    def saved_text(self) -> str:
        """The hand another phone saved last, in a few words, in the reader's language."""
        return summary_text(self.saved_summary)

    # Inside a caller's transaction (Game.change_in_progress) no savepoint of its own: a
    # failure here fails the whole change.
    @transaction.atomic(savepoint=False)
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
        # This copy is now the row as saved (no read of it again).
        for field in self._meta.concrete_fields:
            setattr(self, field.attname, getattr(current, field.attname))
        return True

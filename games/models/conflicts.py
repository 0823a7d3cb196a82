"""A change refused because the game moved on: what it was based on is no longer so."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

if TYPE_CHECKING:
    from games.models.hands import Hand


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

    def __init__(
        self, names: Sequence[str], hand: Hand | None, replayed: bool = False, closed: str = ""
    ) -> None:
        # `names`: the game's players in seat order, for the saved hand's summary.
        self.hand = hand
        # `replayed`: this very save (its idempotency key) was stored before, as `hand`.
        self.removed = replayed and hand is not None and hand.removed is not None
        if closed:
            # The game was removed or abandoned (`closed`: which) since the form was opened.
            text = closed
        elif self.removed:
            assert hand is not None
            text = _(
                "This hand was saved as hand %(number)s and has since been removed: "
                "%(summary)s. It was not added again; restore it from the removed hands if it "
                "belongs in the game."
            ) % {"number": hand.removed_number, "summary": hand.summary(names)}
        elif hand is not None and hand.number is not None:
            text = _(
                "Another phone just saved hand %(number)s: %(summary)s. Yours was not added."
            ) % {"number": hand.number, "summary": hand.summary(names)}
        else:
            text = _(
                "Another phone changed this game since this form was opened, so this hand was "
                "not added. Check the hands below, then save again if it is still missing."
            )
        super().__init__(text)
        self.message = text

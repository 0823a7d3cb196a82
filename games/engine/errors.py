"""The engine's errors: all are ValueErrors naming the field they are about."""

from __future__ import annotations


class ScorerError(ValueError):
    """A problem with one field of a hand, a setting or a record.

    `field` is the key the problem is about; `message` is a catalogue sentence (a Text, see
    texts/), so a page can say it in the reader's language. `str(error)` is English.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class ParseError(ScorerError):
    """The value could not be read at all: wrong type, unknown key, unknown suit."""


class InvalidHand(ScorerError):
    """The hand was read but breaks a rule of the game."""


class InvalidSettings(ScorerError):
    """A house rule has a value the game does not allow."""

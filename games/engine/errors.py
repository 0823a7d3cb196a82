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
    """The value could not be read: wrong type, unknown key, unknown suit, or a house rule
    set to a value its game does not offer."""


class InvalidHand(ScorerError):
    """The hand was read but breaks a rule of the game."""

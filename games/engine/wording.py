"""How the engine writes numbers and names in the texts players read.

Negative numbers carry a real minus sign (U+2212), never a hyphen, so "+-700" cannot
appear; a sentence's verb agrees with its subject ("Tharshini wins", "Ann & Cleo win").

Sentences themselves live in the catalogue (texts/): these helpers write the values a
sentence quotes. A verb that agrees with its subject is a counting entry of the catalogue
there, counted by the players in the subject, so that every language gets its own forms.
"""

from __future__ import annotations

from collections.abc import Sequence

MINUS = "\u2212"


def number(value: int) -> str:
    """A whole number as text: "40", "−40"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A score or a change with its sign: "+1", "−4", "0"."""
    if value > 0:
        return f"+{value}"
    return number(value)


def joined(names: Sequence[str]) -> str:
    """Names as the scoreboard joins them: "Ann", "Ann & Cleo", "Ann, Ben & Cleo"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} & {names[-1]}"


def agree(subject_is_plural: bool, singular: str, plural: str) -> str:
    """The verb form that agrees with its subject: agree(False, "wins", "win") is "wins".

    English only: a sentence shown to players counts its subject in a catalogue entry."""
    return plural if subject_is_plural else singular

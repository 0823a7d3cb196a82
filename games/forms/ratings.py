"""The chance of one side against another, as the ratings page asks for it: a player for
each place, chosen from the game's rated players (`?a=…&b=…&c=…&d=…`)."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import pgettext_lazy

from games.forms.fields import choice_field

SEAT_LABELS = (
    pgettext_lazy("seat", "Player 1"),
    pgettext_lazy("seat", "Player 2"),
    pgettext_lazy("seat", "Player 3"),
    pgettext_lazy("seat", "Player 4"),
)


class ChanceForm(forms.Form):
    """`a` and `b` against `c` and `d`, or `a` against `c` where a side is one player; each
    place shows `selected`'s player (by id) in its order."""

    def __init__(
        self, players: Sequence[tuple[int, str]], selected: Sequence[int], side_size: int
    ) -> None:
        super().__init__()
        self.side_size = side_size
        self.places = ("a", "b", "c", "d") if side_size == 2 else ("a", "c")
        for at, name in enumerate(self.places):
            self.fields[name] = forms.ChoiceField(label=SEAT_LABELS[at])
            choice_field(self, name).choices = [(str(pk), shown) for pk, shown in players]
            if at < len(selected):
                self.initial[name] = str(selected[at])

    def first_side(self) -> list[forms.BoundField]:
        return [self[name] for name in self.places[: self.side_size]]

    def other_side(self) -> list[forms.BoundField]:
        return [self[name] for name in self.places[self.side_size :]]

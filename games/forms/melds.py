"""The meld calculator's grid: a box per card of a game's pack, counts 0 to 4 (the "melds"
tool; Variant.count_meld counts what it holds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.cards import Card, Rank
from games.engine.numbers import shown, whole_number_or_none
from games.engine.texts import Text
from games.forms.base import SUITS, rank_label
from games.forms.fields import WholeNumberField
from games.forms.widgets import SuitPad
from games.words import shown_text


def rank_names(ranks: Sequence[Rank]) -> list[tuple[str, str]]:
    """A pack's ranks, each named in the reader's language ("As, On, Papaz, Kız, Vale")."""
    return [(rank.value, rank_label(rank.value, "name")) for rank in ranks]


def meld_cells(prefix: str, ranks: Sequence[Rank]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The meld calculator's grid: per suit, its symbol and (field name, rank's name) per
    card of the pack."""
    return [
        (suit, symbol, [(f"{prefix}{rank}{suit}", str(label)) for rank, label in rank_names(ranks)])
        for suit, symbol in SUITS
    ]


def card_label(rank: str, suit: str) -> str:
    """A card as its label writes it in the reader's language ("K♥")."""
    symbol = dict(SUITS)[suit]
    return shown_text(Text("card.label", rank=Text(f"card.rank.{rank}"), suit=symbol))


def read_holding(data: Any, prefix: str, ranks: Sequence[Rank]) -> dict[Card, int]:
    """The cards a player laid out, from the calculator's grid (counts 0–4 per card)."""
    holding = {}
    for suit, _symbol in SUITS:
        for rank in ranks:
            raw = str(data.get(f"{prefix}{rank.value}{suit}") or "0").strip()
            count = whole_number_or_none(raw)
            if count is None or not 0 <= count <= 4:
                raise forms.ValidationError(
                    _("%(card)s: 0 to 4 copies, not %(given)s")
                    % {"card": card_label(rank.value, suit), "given": shown(raw)}
                )
            if count:
                holding[Card.parse(f"{rank.value}{suit}")] = count
    return holding


class MeldGridForm(forms.Form):
    """The meld calculator: the koz, and a box per card of the grid (`meld_cells`) holding
    how many copies of it one player laid out, 0 to 4, as `values` give them. `read_holding`
    reads them; the form only draws them."""

    trump = forms.ChoiceField(
        choices=SUITS, required=False, widget=SuitPad, label=gettext_lazy("Koz (trump)")
    )

    def __init__(self, grid: list[tuple[str, str, list[tuple[str, str]]]], values: Any) -> None:
        values = values or {}
        super().__init__(initial={"trump": values.get("trump")})
        self.grid = grid
        for _suit, symbol, cells in grid:
            for name, rank in cells:
                copies = _("%(card)s copies") % {"card": f"{rank}{symbol}"}
                self.fields[name] = WholeNumberField(
                    required=False,
                    min_value=0,
                    max_value=4,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "aria-label": copies}),
                )
                self.initial[name] = values.get(name) or "0"

    def rows(self) -> list[tuple[str, str, list[tuple[forms.BoundField, str]]]]:
        """Per suit, its symbol and each card's box with its rank."""
        return [
            (suit, symbol, [(self[name], rank) for name, rank in cells])
            for suit, symbol, cells in self.grid
        ]


def meld_field() -> WholeNumberField:
    """A player's melds, in tens (the hand form's box, which the calculator fills in)."""
    return WholeNumberField(
        min_value=0, widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 10})
    )

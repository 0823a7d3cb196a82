"""The meld calculator's grid: a box per card of a game's pack, counts 0 to 4 (the "melds"
tool; Variant.count_meld counts what it holds)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.engine.cards import Card, Rank
from games.engine.numbers import shown, whole_number_or_none
from games.engine.texts import Text
from games.forms.base import SUITS, rank_label
from games.models import shown_text


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

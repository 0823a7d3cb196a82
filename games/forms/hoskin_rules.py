"""Hoşkin's ihale as typed, and the words its new-game form asks its house rules with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.auction import calls_in_turn
from games.forms.house_rules import RuleWords

if TYPE_CHECKING:
    pass


def read_ihale(text: str) -> list[int | None]:
    """Read a typed ihale, "550 560 p", into bids and passes (None); ASCII digits only."""
    calls: list[int | None] = []
    for token in text.replace(",", " ").split():
        if token.lower() in ("p", "pass"):
            calls.append(None)
        elif token.isascii() and token.isdigit() and len(token) <= 5:
            calls.append(int(token))
        else:
            raise forms.ValidationError(
                _("“%(word)s” is neither a bid nor a pass (write p)") % {"word": token[:12]}
            )
    return calls


def ihale_calls(calls: list[int | None], dealer: int, seats: int) -> list[dict[str, object]]:
    """Give each typed call its speaker: the player left of the dealer and the next player,
    in turn; a speaker who passes is out (the spec: a pass is final)."""
    return calls_in_turn(calls, [(dealer + 1) % seats, (dealer + 2) % seats])


HOSKIN_COMMON = {
    "target": RuleWords(gettext_lazy("Baraj (play to)"), main=True),
    "card_values": RuleWords(
        gettext_lazy("Card values in tricks"),
        {
            "ace_ten": gettext_lazy("A 11, 10 10, K 4, Q 3, J 2"),
            "tens": gettext_lazy("A, 10, K 10 each; Q, J 0"),
        },
    ),
    "last_trick_bonus": RuleWords(
        gettext_lazy("Last trick"), {20: "+20", 10: "+10", 0: gettext_lazy("Nothing")}
    ),
}

SETTINGS_PARTNERS = {
    **HOSKIN_COMMON,
    "bid_step": RuleWords(
        gettext_lazy("Ihale rises in"), {10: gettext_lazy("10s"), 50: gettext_lazy("50s")}
    ),
    "both_cross": RuleWords(
        gettext_lazy("Both sides reach the baraj"),
        {
            "contract": gettext_lazy("The contract side wins"),
            "higher": gettext_lazy("The higher total wins"),
        },
    ),
}

SETTINGS_TEKLI = {
    **HOSKIN_COMMON,
    "gomu_to": RuleWords(
        gettext_lazy("The gömü's points go to"),
        {
            "last_trick": gettext_lazy("Whoever takes the last trick"),
            "holder": gettext_lazy("The ihale holder"),
        },
    ),
    "both_cross": RuleWords(
        gettext_lazy("Several reach the baraj"),
        {
            "contract": gettext_lazy("The holder wins if among them"),
            "higher": gettext_lazy("The higher total wins"),
        },
    ),
}

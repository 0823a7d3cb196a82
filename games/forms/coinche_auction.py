"""Coinche's auction as a table types it: bids, passes, coinche and surcoinche, in its words."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.engine.coinche import GENERALE

if TYPE_CHECKING:
    pass

CAPOT = "capot"

NOBODY = pgettext_lazy("nobody", "None")

PASSED = ("passed",)

# A contract pad holds this many buttons at most; a longer list of contracts is a menu.
PAD_MOST = 16

# The typed auction: "80h p 100h p p p". A bid is a value and a suit, with or without a
# space between them; the suit as a letter or a symbol.
SUIT_WORDS = {
    "s": "S",
    "h": "H",
    "d": "D",
    "c": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}

# The words of the tables Scorer speaks to, whatever language this phone shows: a typed
# auction is shared by every phone at the table, and each may show another language.
# Turkish tables say "pas" and "kapot", Russian and Ukrainian ones "пас" and "капот".
VALUE_WORDS = {
    CAPOT: CAPOT,
    "kapot": CAPOT,
    "капот": CAPOT,
    "generale": GENERALE,
    "générale": GENERALE,
}

PASS_WORDS = ("p", "pass", "passe", "pas", "пас", "-")

_BID = re.compile(
    r"^([0-9]{1,4}|"
    + "|".join(re.escape(w) for w in sorted(VALUE_WORDS, key=len, reverse=True))
    + r")\s*(\S)?$"
)


class AuctionCall:
    """A typed bid or pass, before it has its speaker."""

    def __init__(self, value: int | str | None = None, suit: str | None = None) -> None:
        self.value = value
        self.suit = suit

    @property
    def is_pass(self) -> bool:
        return self.value is None


def read_auction(text: str) -> list[AuctionCall]:
    """Read "80h p 100♥ p p p" into bids and passes, in the order they were made."""
    words = [w for w in re.split(r"[\s,;]+", text.replace("\ufe0f", "").strip().lower()) if w]
    calls: list[AuctionCall] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word in PASS_WORDS:
            calls.append(AuctionCall())
            continue
        found = _BID.match(word)
        if found is None:
            raise forms.ValidationError(
                _("“%(word)s” is neither a bid nor a pass (write p)") % {"word": word[:12]}
            )
        raw, suit = found.group(1), found.group(2)
        if suit is None and i < len(words) and words[i] in SUIT_WORDS:
            suit = words[i]
            i += 1
        if suit not in SUIT_WORDS:
            raise forms.ValidationError(
                _("“%(word)s” needs its trump: a bid is written like 80h or 100♥")
                % {"word": word[:12]}
            )
        value: int | str = VALUE_WORDS[raw] if raw in VALUE_WORDS else int(raw)
        calls.append(AuctionCall(value, SUIT_WORDS[suit]))
    return calls


def auction_facts(
    calls: list[AuctionCall],
    dealer: int,
    coinched_by: int | None = None,
    surcoinched_by: int | None = None,
) -> list[dict[str, Any]]:
    """The engine's `bids`: the typed calls in turn from the forehand (the seat after the
    dealer), then the coinche and the surcoinche, which are said out of turn, by whom."""
    bids: list[dict[str, Any]] = []
    for n, call in enumerate(calls):
        seat = (dealer + 1 + n) % 4
        if call.is_pass:
            bids.append({"seat": seat, "pass": True})
        else:
            bids.append({"seat": seat, "bid": call.value, "suit": call.suit})
    if coinched_by is not None:
        bids.append({"seat": coinched_by, "coinche": True})
        if surcoinched_by is not None:
            bids.append({"seat": surcoinched_by, "surcoinche": True})
    return bids


def auction_text(bids: list[dict[str, Any]]) -> str:
    """The typed auction of stored `bids` (their bids and passes): "80h p 100h p p p"."""
    words = []
    for call in bids:
        if call.get("pass"):
            words.append("p")
        elif "bid" in call:
            words.append(f"{call['bid']}{str(call['suit']).lower()}")
    return " ".join(words)


def last_bid(calls: list[AuctionCall], dealer: int) -> tuple[int, AuctionCall] | None:
    """The seat and the call of the typed auction's last bid; None when all passed."""
    for n in range(len(calls) - 1, -1, -1):
        if not calls[n].is_pass:
            return (dealer + 1 + n) % 4, calls[n]
    return None

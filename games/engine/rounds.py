"""The two rounds of naming trump that Klaberjass and Euchre share.

Round 1 takes the turned-up suit; round 2 names another suit (spec: Klaberjass, Bidding;
Euchre, Table).
"""

from __future__ import annotations

from games.engine.cards import Suit
from games.engine.errors import InvalidHand
from games.engine.texts import say


def check_trump_round(
    round: object, trump: Suit | None, turned_up: Suit | None, may_repeat: bool = False
) -> None:
    """Raise InvalidHand when trump does not fit the round it was named in.

    `may_repeat` lets round 2 name the turned-up suit again (Euchre's stuck dealer).
    """
    if turned_up is None or trump is None:
        return
    if round == 1 and trump != turned_up:
        raise InvalidHand("trump", say("rounds.first_takes_turned_up", suit=turned_up.symbol))
    if round == 2 and trump == turned_up and not may_repeat:
        raise InvalidHand("trump", say("rounds.second_names_another", suit=turned_up.symbol))

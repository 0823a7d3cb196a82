"""A saved Terz hand gives every fact (rules/terz.md, Hand keys): a missing one is refused
naming its key, unlike a hand in progress."""

from __future__ import annotations

import pytest

from games.engine import ParseError
from tests.engine.test_terz import PLAYERS, TERZ, deal


@pytest.mark.parametrize("key", ["dealer", "trump", "card_points", "last_trick"])
def test_a_saved_hand_gives_every_fact(key: str) -> None:
    facts = deal()
    del facts[key]
    with pytest.raises(ParseError) as caught:
        TERZ.hand(facts, TERZ.settings({}), PLAYERS)
    assert (caught.value.field, str(caught.value.message)) == (key, "is required")
    assert TERZ.interim(facts, TERZ.settings({}), PLAYERS) is not None

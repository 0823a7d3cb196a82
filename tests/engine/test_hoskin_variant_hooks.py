"""What Hoşkin tells the site through the game's hooks (rules/hoskin.md): the trick points of
some cards under each `card_values`, one player's melds counted, the one outcome besides a
played deal, and a stored meld row in words."""

from __future__ import annotations

from games.engine import get_variant
from games.engine.cards import Card, Rank, Suit

PARTNERS = get_variant("hoskin")


def test_cards_are_worth_their_trick_points_under_each_card_values() -> None:
    # "ace_ten": A 11, Q 3; "tens": A 10, Q 0 (spec: Table).
    cards = [Rank.ACE, Rank.QUEEN]
    assert PARTNERS.card_points(cards, PARTNERS.settings({})) == 14
    assert PARTNERS.card_points(cards, PARTNERS.settings({"card_values": "tens"})) == 10


def test_one_player_s_melds_are_counted_in_trump() -> None:
    marriage = {Card(Rank.KING, Suit.HEARTS): 1, Card(Rank.QUEEN, Suit.HEARTS): 1}
    assert PARTNERS.count_meld(marriage, Suit.HEARTS).total == 40
    assert PARTNERS.count_meld(marriage, Suit.SPADES).total == 20


def test_a_void_deal_is_the_only_outcome_besides_play() -> None:
    assert PARTNERS.outcomes(PARTNERS.settings({})) == ("void",)


def test_a_stored_meld_row_reads_as_melds() -> None:
    assert PARTNERS.describe_declaration({"seat": 0, "kind": "meld"}) == "melds"

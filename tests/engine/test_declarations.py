"""The Jack–Nine declarations as the table sees them (rules/klaberjass.md, rules/terz.md):
each refused announcement names its number and the rule, a half-entered one says what is
still to enter, an undecided contest says which missing fact it waits for, and each is said
through the catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import GameState, InvalidHand, ParseError, ScorerError, Variant, get_variant
from games.engine.cards import Card, Rank, Suit
from games.engine.declarations import Declaration, judge
from games.engine.texts import Text
from games.engine.variant import Interim, InterimRow
from tests.engine.helpers import (
    FOUR,
    TWO,
    Cases,
    bella,
    in_spades,
    klob_refuses,
    reads_only_catalogue,
    refused,
    run,
)

KLOB = get_variant("klaberjass")
TERZ = get_variant("terz")
TABLE = ("Ann", "Ben", "Cleo", "Dov")
PAIR = ("Ann", "Ben")


def interim(
    variant: Variant[Any, Any], players: tuple[str, ...], settings: Any = None, **facts: Any
) -> Interim:
    return variant.interim(facts, variant.settings(settings or {}), players)


def refusal(declarations: list[Any], **facts: Any) -> tuple[str, str]:
    """A complete Klaberjass hand with these declarations, refused: its field and message."""
    facts = {"dealer": 3, "caller": 0, "trump": "C", "card_points": [96, 56], "last_trick": 0}
    with pytest.raises(ScorerError) as caught:
        KLOB.hand({**facts, "declarations": declarations}, KLOB.settings({}))
    return caught.value.field, caught.value.message


class TestARefusedAnnouncement:
    """A complete announcement that breaks a rule is refused with its place in the list."""

    @pytest.mark.parametrize(
        ("second", "message"),
        [
            (run(1, 2, "K", "H"), "declaration 2: a run has 3 to 8 cards, not 2"),
            (
                run(1, 4, "9", "H"),
                "declaration 2: a run of 4 cannot end at 9 (the lowest top is 10)",
            ),
            (
                run(1, 3, "8", "H"),
                "declaration 2: a run of 3 cannot end at 8 (the lowest top is 9)",
            ),
            (
                {**run(1, 3, "K", "H"), "colour": "H"},
                "declaration 2: colour: is not a declaration key",
            ),
            (run(1, 3, "K", "X"), 'declaration 2: suit: "X" is not a suit (use S, H, D or C)'),
        ],
    )
    def test_it_names_the_announcement_by_its_place_and_the_rule(
        self, second: dict[str, Any], message: str
    ) -> None:
        # A run is 3 to 8 cards in a row (klaberjass.md, declarations): 7 is the lowest card,
        # so a run of n cards ends at the n-th rank or higher.
        assert refusal([run(0, 3, "K", "S"), second]) == ("declarations", message)

    def test_the_longest_and_lowest_runs_are_accepted(self) -> None:
        result = interim(
            KLOB,
            TABLE,
            dealer=0,
            trump="C",
            declarations=[run(0, 8, "A", "S"), run(1, 3, "9", "H")],
        )
        # 4 cards or more are worth 50 (klaberjass.md, scoring 2).
        assert [(r.counted, r.points) for r in result.rows] == [(True, 50), (False, 0)]

    def test_runs_of_two_players_may_touch_but_not_overlap(self) -> None:
        # One deck: two players never show the same card (terz.md, Hand keys).
        below = interim(
            KLOB,
            TABLE,
            dealer=0,
            trump="C",
            declarations=[run(0, 3, "9", "S"), run(1, 3, "Q", "S")],
        )
        assert below.rows[1].reason == (
            "the best sequence (equal value (20): the higher top card wins, Q over 9)"
        )
        far = interim(
            KLOB,
            TABLE,
            dealer=0,
            trump="C",
            declarations=[run(0, 3, "9", "S"), run(1, 3, "K", "S")],
        )
        assert far.rows[0].reason == (
            "outranked by Ben's 3-card run J–K♠ (equal value (20): the higher top card wins, "
            "K over 9)"
        )
        assert refusal([run(0, 3, "J", "S"), run(1, 3, "K", "S")]) == (
            "declarations",
            "declarations 1 and 2 both use J♠; there is only one deck",
        )


class TestAnAnnouncementBeingEntered:
    """A half-entered announcement waits and says what is missing (issue 10, §2)."""

    def test_it_lists_each_fact_still_to_enter(self) -> None:
        result = interim(
            KLOB,
            TABLE,
            dealer=0,
            trump="C",
            declarations=[
                {"kind": "sequence", "suit": "H"},
                {"seat": 2, "kind": "sequence", "length": 8, "top": "A"},
                {"seat": 3},
            ],
        )
        assert result == Interim(
            ("3 declarations still being entered.", "Trump is ♣."),
            (
                InterimRow(
                    "", "run in ♥", None, 0, "still to enter: who, how many cards, the top card"
                ),
                InterimRow("Cleo", "8-card run", None, 0, "still to enter: the suit"),
                InterimRow("Dov", "declaration", None, 0, "still to enter: what"),
            ),
        )

    def test_a_lone_half_entered_announcement_is_no_error(self) -> None:
        result = interim(TERZ, PAIR, declarations=[{"seat": 1, "kind": "sequence", "top": "K"}])
        assert result == Interim(
            ("1 declaration still being entered.",),
            (InterimRow("Ben", "run", None, 0, "still to enter: how many cards, the suit"),),
        )

    def test_each_kind_is_named_while_it_is_entered(self) -> None:
        result = interim(
            TERZ,
            PAIR,
            declarations=[
                {"seat": 1, "kind": "four"},
                {"kind": "marriage"},
                {"seat": 0, "kind": "sequence", "length": 3, "top": "9"},
            ],
        )
        assert [(r.player, r.declared, r.reason) for r in result.rows] == [
            ("Ben", "four of a kind", "still to enter: the rank"),
            ("", "marriage", "still to enter: who, the suit"),
            ("Ann", "3-card run", "still to enter: the suit"),
        ]
        bella = interim(KLOB, TABLE, declarations=[{"kind": "bella"}])
        assert bella.rows == (InterimRow("", "bella", None, 0, "still to enter: who"),)

    @pytest.mark.parametrize(
        ("half", "error", "message"),
        [
            (
                {"seat": 1, "kind": "sequence", "length": 2},
                InvalidHand,
                "a run has 3 to 8 cards, not 2",
            ),
            (
                {"seat": 1, "kind": "sequence", "length": 4, "top": "8"},
                InvalidHand,
                "a run of 4 cannot end at 8 (the lowest top is 10)",
            ),
            (
                {"seat": 1, "kind": "sequence", "length": 3, "top": "8"},
                InvalidHand,
                "a run of 3 cannot end at 8 (the lowest top is 9)",
            ),
            (
                {"seat": 1, "kind": "sequence", "length": "x"},
                ParseError,
                'length: must be a whole number, not "x"',
            ),
            (
                {"seat": 1, "kind": "sequence", "top": "Z"},
                ParseError,
                'top: "Z" is not a rank (use 7, 8, 9, 10, J, Q, K or A)',
            ),
            (
                {"seat": 1, "kind": "sequence", "suit": "Z"},
                ParseError,
                'suit: "Z" is not a suit (use S, H, D or C)',
            ),
            (
                {"seat": 1, "kind": "sequence", "colour": "H"},
                ParseError,
                "colour: is not a declaration key",
            ),
            (
                {"seat": 9, "kind": "sequence"},
                ParseError,
                "seat: must be a seat from 0 to 3, not 9",
            ),
            ({"kind": "trio"}, ParseError, 'kind: must be one of "sequence", "bella", not "trio"'),
        ],
    )
    def test_a_wrong_value_already_entered_is_refused_at_once(
        self, half: dict[str, Any], error: type[ScorerError], message: str
    ) -> None:
        with pytest.raises(error) as caught:
            interim(KLOB, TABLE, declarations=[run(0, 3, "K", "S"), half])
        assert (caught.value.field, caught.value.message) == (
            "declarations",
            f"declaration 2: {message}",
        )

    def test_a_four_of_a_kind_being_entered_checks_its_rank(self) -> None:
        with pytest.raises(ParseError) as caught:
            interim(TERZ, PAIR, declarations=[{"kind": "four", "rank": "Z"}])
        assert caught.value.message == (
            'declaration 1: rank: "Z" is not a rank (use 7, 8, 9, 10, J, Q, K or A)'
        )

    def test_the_shortest_and_longest_runs_are_accepted_while_entered(self) -> None:
        result = interim(
            KLOB,
            TABLE,
            declarations=[
                {"seat": 1, "kind": "sequence", "length": 3, "top": "9"},
                {"seat": 2, "kind": "sequence", "length": 8, "top": "A"},
            ],
        )
        assert result.lines == ("2 declarations still being entered.",)
        assert [r.declared for r in result.rows] == ["3-card run", "8-card run"]


class TestAContestThatWaits:
    """What trump or the dealer would decide waits for it; the rest is judged now."""

    def test_a_row_that_waits_keeps_its_player_and_announcement(self) -> None:
        result = interim(KLOB, TABLE, declarations=[run(1, 4, "K", "S"), run(2, 4, "K", "H")])
        assert result == Interim(
            ("Choose the dealer and trump first to judge the declarations.",),
            (
                InterimRow("Ben", "4-card run 10–K♠", None, 0, "waits for the dealer and trump"),
                InterimRow("Cleo", "4-card run 10–K♥", None, 0, "waits for the dealer and trump"),
            ),
        )

    def test_a_tie_only_trump_breaks_waits_for_trump_alone(self) -> None:
        # One equal run in each suit: the run in trumps wins whoever deals (klaberjass.md,
        # sequences), so the dealer changes nothing.
        result = interim(
            KLOB,
            TABLE,
            declarations=[
                run(0, 4, "K", "S"),
                run(1, 4, "K", "H"),
                run(2, 4, "K", "D"),
                run(3, 4, "K", "C"),
            ],
        )
        assert result.lines == ("Choose trump first to judge the declarations.",)
        assert {r.reason for r in result.rows} == {"waits for trump"}

    def test_with_trumps_first_a_player_s_two_equal_runs_wait_for_trump(self) -> None:
        # Only a trump in ♥ changes which of Ben's runs is senior (terz.md, combo_tiebreak).
        result = interim(
            TERZ,
            PAIR,
            {"combo_tiebreak": "trump"},
            declarations=[run(1, 4, "K", "S"), run(1, 4, "K", "H")],
        )
        assert result.lines == ("Choose trump first to judge the declarations.",)
        assert [r.reason for r in result.rows] == ["waits for trump"] * 2

    def test_with_trump_known_bella_is_shown_in_its_suit(self) -> None:
        result = interim(KLOB, TABLE, trump="H", declarations=[{"seat": 1, "kind": "bella"}])
        assert result.rows == (
            InterimRow("Ben", "Bella (K+Q♥)", True, 20, "Bella scores 20 for Ben & Dov"),
        )
        unknown = interim(KLOB, TABLE, declarations=[{"seat": 1, "kind": "bella"}])
        assert unknown.rows[0].declared == "Bella"


def test_the_declarations_helper_returns_what_it_judged() -> None:
    # The declarations helper page lists each announcement beside its verdict.
    state = GameState(totals=(0, 0), sides=KLOB.side_names(TABLE), players=TABLE)
    judged = judge(KLOB, 0, Suit.HEARTS, [run(0, 3, "K", "S")], KLOB.settings({}), state)
    assert judged.declarations == (
        Declaration(0, "sequence", length=3, top=Rank.KING, suit=Suit.SPADES),
    )
    assert judged.points == [20, 0]


def test_a_partnership_s_melds_are_shown_as_melds() -> None:
    # Hoskin's melds are one sum per player (hoskin.md), listed beside the other games'
    # announcements under one word.
    assert Declaration(0, "meld").describe() == "melds"
    assert Declaration(0, "four", rank=Rank.JACK).describe() == "four jacks"


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    # Declarations.
    "declarations: described": (
        lambda: [
            *(Declaration(0, "four", rank=rank).describe() for rank in Rank),
            Declaration(0, "four").describe(),
            Declaration(0, "bella").describe(),
            Declaration(0, "bella").describe(Suit.HEARTS),
            Declaration(0, "meld").describe(),
            Declaration(0, "marriage", suit=Suit.CLUBS).describe(),
            Declaration(0, "sequence", length=5, top=Rank.ACE, suit=Suit.CLUBS).describe(),
            Card(Rank.TEN, Suit.HEARTS).label,
        ],
        set(),
    ),
    "declarations: a run too long": (
        lambda: klob_refuses(in_spades(declarations=[run(0, 9, "A", "H")])),
        set(),
    ),
    "declarations: a run that cannot end there": (
        lambda: klob_refuses(in_spades(declarations=[run(0, 4, "9", "H")])),
        set(),
    ),
    "declarations: a key that cannot be read": (
        lambda: klob_refuses(in_spades(declarations=[{"seat": 0, "kind": "bella", "colour": 1}])),
        {"colour"},
    ),
    "declarations: one that is no object": (
        lambda: klob_refuses(in_spades(declarations=[1])),
        set(),
    ),
    "declarations: in progress, a run that cannot end there": (
        lambda: refused(
            lambda: KLOB.interim(
                {"declarations": [{"seat": 0, "length": 4, "top": "9"}]}, KLOB.settings(), FOUR
            )
        ),
        set(),
    ),
    "declarations: in progress, a key that cannot be read": (
        lambda: refused(
            lambda: KLOB.interim({"declarations": [{"seat": 7}]}, KLOB.settings(), FOUR)
        ),
        {"seat"},
    ),
    "declarations: in progress, renumbered past one being entered": (
        lambda: refused(
            lambda: KLOB.interim(
                {"trump": "S", "declarations": [{"seat": 0}, bella(0), bella(1)]},
                KLOB.settings(),
                FOUR,
            )
        ),
        set(),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)


def test_a_renumbered_error_keeps_its_english() -> None:
    # Judged apart from the one still being entered, the two Bellas are 2 and 3 to the table.
    [message] = refused(
        lambda: KLOB.interim(
            {"trump": "S", "declarations": [{"seat": 0}, bella(0), bella(1)]}, KLOB.settings(), FOUR
        )
    )
    assert message == "there is only one Bella (K+Q of trumps) in a hand"
    [clash] = refused(
        lambda: TERZ.interim(
            {"declarations": [{"seat": 0}, run(0, 3, "K", "H"), run(1, 3, "A", "H")]},
            TERZ.settings(),
            TWO,
        )
    )
    assert clash == "declarations 2 and 3 both use K♥; there is only one deck"
    assert isinstance(clash, Text) and (clash.params["first"], clash.params["second"]) == (2, 3)

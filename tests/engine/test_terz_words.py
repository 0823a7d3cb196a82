"""Terz tells the table what each announcement is worth and why (rules/terz.md): the note
beside the score, the verdict of each combination and marriage, the message of each refused
entry, naming its place in the list, and all of it said through the catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import GameState, ScorerError, get_variant
from games.engine.variant import Interim, InterimRow, Verdict
from tests.engine.helpers import (
    TWO,
    Cases,
    four,
    in_progress,
    marriage,
    reads_only_catalogue,
    refused,
    run,
    scored,
    terz_deal,
    terz_refuses,
)

TERZ = get_variant("terz")
PLAYERS = ("Ann", "Ben")


def deal(declarations: list[Any], **facts: Any) -> dict[str, Any]:
    base = {"dealer": 0, "trump": "S", "card_points": [80, 60], "last_trick": 0}
    return {**base, **facts, "declarations": declarations}


def score(facts: dict[str, Any], **settings: Any) -> Any:
    s = TERZ.settings(settings)
    state = GameState(totals=(0, 0), sides=PLAYERS, players=PLAYERS)
    return TERZ.score_hand(TERZ.hand(facts, s), s, state)


def refusal(facts: dict[str, Any], **settings: Any) -> tuple[str, str]:
    with pytest.raises(ScorerError) as caught:
        TERZ.hand(facts, TERZ.settings(settings))
    return caught.value.field, caught.value.message


def interim(**facts: Any) -> Interim:
    return TERZ.interim(facts, TERZ.settings({}), PLAYERS)


class TestTheScoreSheet:
    def test_it_tells_each_announcement_s_fate_and_the_deal_s_story(self) -> None:
        # Ann's four jacks (200) are senior, so her run counts with them; Ben's four aces and
        # run count for nothing; the marriage scores 20 regardless (terz.md, Scoring 1–4).
        result = score(
            deal(
                [
                    {"seat": 1, "kind": "four", "rank": "A"},
                    run(1, 3, "9", "C"),
                    {"seat": 0, "kind": "four", "rank": "J"},
                    {"seat": 0, "kind": "marriage", "suit": "D"},
                    run(0, 3, "K", "S"),
                ]
            )
        )
        assert result.scores == (80 + 10 + 200 + 20 + 20, 60)
        assert result.notes == (
            "Cards 80–60; Ann took the last trick (+10).",
            # Ben's best combination is his four aces, not his later run.
            "Combinations: the higher value wins: 200 beats 100.",
            "Combinations: Ann's four jacks (200) is senior; Ann scores 220 for combinations.",
            "Ben's combinations count for nothing.",
            "Marriage: Ann +20 (marriage K+Q♦).",
        )
        assert result.verdicts == (
            Verdict(
                False, 0, "outranked by Ann's four jacks (the higher value wins: 200 beats 100)"
            ),
            Verdict(
                False, 0, "outranked by Ann's four jacks (the higher value wins: 200 beats 20)"
            ),
            Verdict(True, 200, "the senior combination (the higher value wins: 200 beats 100)"),
            Verdict(True, 20, "a marriage always scores 20"),
            Verdict(True, 20, "counts with the senior"),
        )

    def test_the_card_note_gives_each_player_s_cards_in_seat_order(self) -> None:
        result = score(deal([], card_points=[74, 66], last_trick=1))
        assert result.notes == ("Cards 74–66; Ben took the last trick (+10).",)
        assert result.scores == (74, 76)

    def test_runs_of_two_players_in_one_suit_are_not_pieces_of_one_run(self) -> None:
        # Only a player's own later run must outrank his earlier one (terz.md, Hand keys).
        result = score(deal([run(1, 3, "A", "S"), run(0, 3, "9", "S")]))
        assert result.notes[1] == "Combinations: equal runs: the higher top card wins, A over 9."
        assert result.scores == (90, 80)


class TestARefusedEntry:
    @pytest.mark.parametrize(
        ("facts", "settings", "message"),
        [
            (
                deal([run(0, 3, "K", "S"), {"seat": 0, "kind": "four", "rank": "10"}]),
                {},
                "declaration 2: only jacks, aces, kings and queens make a four, not 10s",
            ),
            (
                deal([run(0, 3, "K", "S"), {"seat": 0, "kind": "marriage", "suit": "H"}]),
                {"marriage_suits": "trump"},
                "declaration 2: only the trump marriage counts (house rule)",
            ),
            (
                deal(
                    [
                        {"seat": 0, "kind": "marriage", "suit": "H"},
                        run(0, 3, "K", "S"),
                        run(1, 3, "A", "S"),
                    ]
                ),
                {},
                "declarations 2 and 3 both use K♠; there is only one deck",
            ),
            (
                deal(
                    [
                        {"seat": 0, "kind": "four", "rank": "J"},
                        run(0, 3, "A", "S"),
                        run(0, 3, "K", "S"),
                    ]
                ),
                {},
                "declaration 3: a run announced after a higher one in the same suit "
                "(3-card run Q–A♠) cannot count; announce runs from low to high",
            ),
            (
                deal([run(2, 3, "K", "S")]),
                {},
                "declaration 1: seat: must be a seat from 0 to 1, not 2",
            ),
        ],
    )
    def test_it_names_the_announcement_and_the_rule(
        self, facts: dict[str, Any], settings: dict[str, Any], message: str
    ) -> None:
        assert refusal(facts, **settings) == ("declarations", message)

    def test_an_unknown_key_names_the_game(self) -> None:
        assert refusal(deal([], colour="H")) == ("colour", "is not a Terz hand key")
        with pytest.raises(ScorerError) as caught:
            TERZ.settings({"colour": "H"})
        assert (caught.value.field, caught.value.message) == (
            "colour",
            "is not a Terz setting key",
        )


class TestTheDealInProgress:
    def test_trump_is_told_before_anything_is_announced(self) -> None:
        assert interim(trump="H") == Interim(("Trump is ♥.",))

    def test_a_marriage_is_judged_with_trump_told(self) -> None:
        assert interim(trump="H", declarations=[{"seat": 0, "kind": "marriage", "suit": "H"}]) == (
            Interim(
                (
                    "Declarations: Ann 20, Ben 0.",
                    "Marriage: Ann +20 (marriage K+Q♥).",
                    "Trump is ♥.",
                ),
                (InterimRow("Ann", "marriage K+Q♥", True, 20, "a marriage always scores 20"),),
            )
        )

    @pytest.mark.parametrize(
        ("facts", "field", "message"),
        [
            ({"dealer": 2}, "dealer", "must be a seat from 0 to 1, not 2"),
            ({"trump": "X"}, "trump", '"X" is not a suit (use S, H, D or C)'),
            ({"colour": "X"}, "colour", "is not a Terz hand key"),
        ],
    )
    def test_a_wrong_value_already_entered_is_refused(
        self, facts: dict[str, Any], field: str, message: str
    ) -> None:
        with pytest.raises(ScorerError) as caught:
            interim(**facts)
        assert (caught.value.field, caught.value.message) == (field, message)

    def test_with_trumps_first_a_known_trump_decides_the_tie_at_once(self) -> None:
        # combo_tiebreak "trump": of two equal runs the one in trumps wins (terz.md, Settings).
        facts = {"trump": "H", "declarations": [run(1, 4, "K", "S"), run(0, 4, "K", "H")]}
        result = TERZ.interim(facts, TERZ.settings({"combo_tiebreak": "trump"}), PLAYERS)
        assert result.lines[:2] == (
            "Declarations: Ann 50, Ben 0.",
            "Combinations: equal 4-card runs to the K: the run in trumps wins.",
        )
        assert [r.counted for r in result.rows] == [False, True]


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    # Terz: scoring.
    "terz: higher value, marriage, cards": (
        lambda: scored(
            TERZ,
            terz_deal(declarations=[run(0, 4, "Q", "H"), run(1, 3, "A", "S"), marriage(1, "D")]),
            TWO,
        ),
        set(),
    ),
    "terz: more cards": (
        lambda: scored(TERZ, terz_deal(declarations=[four(0, "A"), run(1, 5, "K", "H")]), TWO),
        set(),
    ),
    "terz: equal value, higher top": (
        lambda: scored(TERZ, terz_deal(declarations=[four(0, "K"), four(1, "Q")]), TWO),
        set(),
    ),
    "terz: equal runs, higher top": (
        lambda: scored(
            TERZ, terz_deal(declarations=[run(0, 3, "10", "S"), run(1, 3, "Q", "H")]), TWO
        ),
        set(),
    ),
    "terz: the run in trumps": (
        lambda: scored(
            TERZ,
            terz_deal(trump="H", declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")]),
            TWO,
            combo_tiebreak="trump",
        ),
        set(),
    ),
    "terz: announced first": (
        lambda: scored(
            TERZ, terz_deal(declarations=[run(1, 3, "K", "D"), run(0, 3, "K", "H")]), TWO
        ),
        set(),
    ),
    "terz: the senior alone, with another that counts": (
        lambda: scored(TERZ, terz_deal(declarations=[run(0, 3, "9", "S"), four(0, "Q")]), TWO),
        set(),
    ),
    "terz: in progress": (
        lambda: in_progress(
            TERZ,
            {
                "trump": "C",
                "declarations": [
                    run(0, 3, "9", "S"),
                    marriage(1, "H"),
                    {"seat": 1, "kind": "four"},
                    {"kind": "marriage"},
                ],
            },
            TWO,
        ),
        set(),
    ),
    "terz: in progress, trump only": (
        lambda: in_progress(TERZ, {"trump": "C"}, TWO),
        set(),
    ),
    # Terz: refusals.
    "terz: no four of nines": (
        lambda: terz_refuses(terz_deal(declarations=[four(0, "9")])),
        set(),
    ),
    "terz: only the trump marriage": (
        lambda: terz_refuses(terz_deal(declarations=[marriage(0, "H")]), marriage_suits="trump"),
        set(),
    ),
    "terz: runs from low to high": (
        lambda: terz_refuses(terz_deal(declarations=[run(0, 4, "K", "H"), run(0, 3, "Q", "H")])),
        set(),
    ),
    "terz: one deck": (
        lambda: terz_refuses(terz_deal(declarations=[run(0, 3, "K", "H"), run(1, 3, "A", "H")])),
        set(),
    ),
    "terz: an unknown hand key and setting": (
        lambda: [
            *terz_refuses(terz_deal(colour=1)),
            *refused(lambda: TERZ.settings({"colour": 1})),
        ],
        {"colour"},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

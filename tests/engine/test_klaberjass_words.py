"""What Klaberjass tells the table (rules/klaberjass.md): the auction the hand's facts show,
the explanation beside each score, each sequence's verdict with its points and its reason,
the message of each refused entry, and all of it said through the catalogue.

The catalogue cases render what the table reads (notes, verdicts, the hand in progress,
error messages) in the pseudo-language of tests/engine/helpers.py: no English word may
survive outside the names and values a sentence quotes. tests/engine/test_texts.py checks
that they and the other games' cases say every sentence of the catalogue.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import ScorerError
from games.engine.variant import Call
from tests.engine.helpers import (
    FOUR,
    KLOB,
    Cases,
    bella,
    hand,
    in_progress,
    in_spades,
    klob_refuses,
    reads_only_catalogue,
    refused,
    run,
    score,
    scored,
)


def auction(**facts: Any) -> tuple[Call, ...]:
    return KLOB.auction(KLOB.hand(hand(**facts), KLOB.settings({})))


class TestTheAuction:
    # Spec: Bidding — round 1 runs from the forehand (left of the dealer) to the first
    # accept; round 2 follows four passes; after four more the dealer is on the Bima.
    def test_it_shows_only_the_call_when_the_round_is_not_told(self) -> None:
        assert auction(dealer=3, caller=2, trump="S") == (Call(2, "call", "S"),)

    @pytest.mark.parametrize("dealer", range(4))
    def test_it_passes_from_the_forehand_to_the_one_who_accepts_in_round_1(
        self, dealer: int
    ) -> None:
        caller = (dealer + 3) % 4  # the dealer's right-hand neighbour speaks third
        forehand, second = (dealer + 1) % 4, (dealer + 2) % 4
        assert auction(dealer=dealer, caller=caller, round=1, turned_up="H") == (
            Call(forehand, "pass"),
            Call(second, "pass"),
            Call(caller, "accept", "H"),
        )

    def test_it_lets_the_forehand_accept_at_once(self) -> None:
        assert auction(dealer=1, caller=2, round=1) == (Call(2, "accept", "H"),)

    def test_it_passes_four_times_before_a_suit_is_named_in_round_2(self) -> None:
        calls = auction(dealer=0, caller=3, trump="S", round=2, turned_up="D")
        round_1 = tuple(Call(seat, "pass") for seat in (1, 2, 3, 0))
        assert calls == (*round_1, Call(1, "pass"), Call(2, "pass"), Call(3, "name", "S"))

    def test_it_puts_the_dealer_on_the_bima_after_eight_passes(self) -> None:
        calls = auction(dealer=2, caller=2, trump="C", round="bima")
        passes = tuple(Call(seat, "pass") for seat in (3, 0, 1, 2, 3, 0, 1))
        assert calls == (*passes, Call(2, "bima", "C"))


class TestTheExplanation:
    # The notes say why a hand scored what it did (ARCHITECTURE.md, "The engine"), in the
    # words of the spec's worked examples.
    def test_it_says_the_callers_made_it(self) -> None:
        assert score(hand()).notes == ("You & North called ♥ and made 106 against 56.",)

    def test_it_says_the_callers_forfeit_everything_bella_included(self) -> None:
        facts = hand(
            dealer=0,
            caller=1,
            trump="S",
            round=2,
            turned_up="D",
            card_points=[88, 64],
            declarations=[{"seat": 3, "kind": "bella"}],
        )
        result = score(facts)
        assert result.notes == (
            "Bella: East +20 for West & East.",
            "West & East called ♠ and made 84 against 98: they forfeit; You & North take all 182.",
        )
        assert result.verdicts[0].reason == "Bella scores 20 for West & East"
        kept = score(facts, bella_on_forfeit="holder")
        assert kept.scores == (162, 20)
        assert kept.notes[-1] == "Bella's 20 stays with West & East (house rule)."

    def test_it_keeps_nothing_for_failed_callers_without_a_bella(self) -> None:
        # bella_on_forfeit "holder" keeps Bella's 20 only; callers without one keep nothing.
        facts = hand(caller=0, card_points=[40, 112], last_trick=1)
        assert score(facts, bella_on_forfeit="holder").scores == (0, 162)
        facts = hand(caller=1, card_points=[112, 40], last_trick=0)
        assert score(facts, bella_on_forfeit="holder").scores == (162, 0)

    def test_it_says_a_tie_fails_and_what_half_leaves(self) -> None:
        facts = hand(dealer=1, caller=2, card_points=[71, 81])
        assert score(facts).notes == (
            "You & North called ♥ and tied 81 with 81: they forfeit; West & East take all 162.",
        )
        assert score(facts, tie_rule="half").notes == (
            "You & North called ♥ and tied 81–81: they score nothing; West & East keep their 81.",
        )

    def test_it_says_what_a_capot_became(self) -> None:
        facts = hand(card_points=[152, 0], tricks=[8, 0])
        assert score(facts, capot="double").notes[0] == (
            "Capot: You & North took all 8 tricks, 162 becomes 324."
        )

    def test_it_says_who_won_a_complete_tie_of_sequences_and_why_the_others_fail(self) -> None:
        facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D"), run(2, 3, "J", "C")])
        result = score(facts)
        assert result.notes[:3] == (
            "Sequences: equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand.",
            "Sequences: You's 3-card run J–K♦ (20) is best; You & North score 40.",
            "West & East's sequences count for nothing.",
        )
        assert [v.reason for v in result.verdicts] == [
            "outranked by You's 3-card run J–K♦ (equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand)",
            "the best sequence (equal 3-card runs to the K, neither in trumps: "
            "You sits nearer the forehand)",
            "counts with You's best sequence",
        ]

    def test_nearest_the_forehand_counts_seats_after_it_in_turn(self) -> None:
        # You deal, so West is forehand: North sits one seat after West, East two.
        facts = hand(dealer=0, declarations=[run(2, 3, "K", "S"), run(3, 3, "K", "D")])
        assert score(facts).notes[0] == (
            "Sequences: equal 3-card runs to the K, neither in trumps: "
            "North sits nearer the forehand."
        )

    def test_it_says_a_tie_between_the_teams_cancels_every_sequence(self) -> None:
        facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D")])
        result = score(facts, final_tiebreak="none")
        tie = "equal 3-card runs to the K, neither in trumps: no sequences score (house rule)"
        assert result.notes[0] == f"Sequences: {tie}."
        assert {v.reason for v in result.verdicts} == {tie}
        assert [v.counted for v in result.verdicts] == [False, False]


# --- Why an entry is refused, and why a sequence counts ------------------------------


def refusal(facts: dict[str, Any], **settings: Any) -> tuple[str, str]:
    with pytest.raises(ScorerError) as caught:
        KLOB.hand(facts, KLOB.settings(settings))
    return caught.value.field, caught.value.message


@pytest.mark.parametrize(
    ("facts", "settings", "field", "message"),
    [
        (hand(colour="H"), {}, "colour", "is not a Klaberjass hand key"),
        (hand(caller=4), {}, "caller", "must be a seat from 0 to 3, not 4"),
        (
            hand(declarations=[{"seat": 4, "kind": "bella"}]),
            {},
            "declarations",
            "declaration 1: seat: must be a seat from 0 to 3, not 4",
        ),
        (
            hand(round="bima", dealer=2, caller=1),
            {},
            "caller",
            "on the Bima the dealer names trump, so the caller is the dealer",
        ),
        (
            hand(),
            {"capot": "double"},
            "tricks",
            "is required with these house rules (capot or sequences)",
        ),
        (hand(tricks=[5, 2]), {}, "tricks", "tricks must add up to 8 (got 5 + 2 = 7)"),
        (
            hand(tricks=[0, 8]),
            {},
            "tricks",
            "a team that took no trick has no card points and not the last trick",
        ),
        (
            hand(tricks=[8, 0]),
            {},
            "tricks",
            "a team that took all 8 tricks has every card point and the last trick",
        ),
        (
            hand(declarations=[{"seat": 0, "kind": "bella"}, {"seat": 1, "kind": "bella"}]),
            {},
            "declarations",
            "there is only one Bella (K+Q of trumps) in a hand",
        ),
        (
            hand(declarations=[run(0, 3, "9", "C"), run(0, 3, "K", "S"), run(1, 3, "A", "S")]),
            {},
            "declarations",
            "declarations 2 and 3 both use K♠; there is only one deck",
        ),
    ],
)
def test_it_names_the_key_and_the_rule_an_entry_breaks(
    facts: dict[str, Any], settings: dict[str, Any], field: str, message: str
) -> None:
    assert refusal(facts, **settings) == (field, message)


def test_it_names_an_unknown_house_rule() -> None:
    with pytest.raises(ScorerError) as caught:
        KLOB.settings({"colour": "H"})
    assert (caught.value.field, caught.value.message) == (
        "colour",
        "is not a Klaberjass setting key",
    )


def test_it_says_only_the_best_player_scores_with_sequence_scope_player() -> None:
    facts = hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D"), run(1, 3, "K", "C")])
    result = score(facts, sequence_scope="player")
    assert result.scores == (156, 56)
    assert [(v.counted, v.points, v.reason) for v in result.verdicts] == [
        (True, 50, "the best sequence (the higher value wins: 50 beats 20)"),
        (False, 0, "only You, who holds the best sequence, scores (house rule)"),
        (False, 0, "outranked by You's 4-card run J–A♠ (the higher value wins: 50 beats 20)"),
    ]


def test_it_says_a_team_without_a_trick_scores_no_sequences() -> None:
    facts = hand(
        caller=1,
        card_points=[0, 152],
        last_trick=1,
        tricks=[0, 8],
        declarations=[run(0, 4, "A", "S"), run(1, 3, "K", "C")],
    )
    result = score(facts, zero_trick_sequences=False)
    assert result.scores == (0, 162)
    assert result.notes[:3] == (
        "Sequences: the higher value wins: 50 beats 20.",
        "Sequences: You's 4-card run J–A♠ (50) is best; You & North took no trick and score none.",
        "West & East's sequences count for nothing.",
    )
    assert [(v.counted, v.points, v.reason) for v in result.verdicts] == [
        (False, 0, "You & North took no trick, so their sequences do not score (house rule)"),
        (False, 0, "outranked by You's 4-card run J–A♠ (the higher value wins: 50 beats 20)"),
    ]


def test_it_mentions_the_other_teams_sequences_only_when_they_declared_some() -> None:
    result = score(hand(declarations=[run(0, 4, "A", "S"), run(2, 3, "9", "D")]))
    assert result.notes == (
        "Sequences: You's 4-card run J–A♠ (50) is best; You & North score 70.",
        "You & North called ♥ and made 176 against 56.",
    )


def test_it_gives_every_cancelled_sequence_zero_points() -> None:
    facts = hand(declarations=[run(1, 3, "K", "S"), run(0, 3, "K", "D")])
    result = score(facts, final_tiebreak="none")
    assert [(v.counted, v.points) for v in result.verdicts] == [(False, 0), (False, 0)]


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    # Klaberjass: scoring.
    "klaberjass: higher value, outranked, counts with the best, Bella": (
        lambda: scored(
            KLOB,
            in_spades(
                declarations=[
                    run(0, 4, "Q", "H"),
                    run(1, 3, "A", "C"),
                    run(2, 3, "9", "D"),
                    bella(1),
                ]
            ),
            FOUR,
        ),
        set(),
    ),
    "klaberjass: higher top card": (
        lambda: scored(
            KLOB, in_spades(declarations=[run(0, 4, "K", "H"), run(1, 4, "Q", "C")]), FOUR
        ),
        set(),
    ),
    "klaberjass: the run in trumps": (
        lambda: scored(
            KLOB, in_spades(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "S")]), FOUR
        ),
        set(),
    ),
    "klaberjass: nearer the forehand": (
        lambda: scored(
            KLOB, in_spades(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "D")]), FOUR
        ),
        set(),
    ),
    "klaberjass: no sequences score (house rule)": (
        lambda: scored(
            KLOB,
            in_spades(declarations=[run(1, 4, "Q", "H"), run(0, 4, "Q", "D")]),
            FOUR,
            final_tiebreak="none",
        ),
        set(),
    ),
    "klaberjass: runs of equal value": (
        lambda: scored(
            KLOB, in_spades(declarations=[run(1, 5, "K", "H"), run(0, 4, "K", "D")]), FOUR
        ),
        set(),
    ),
    "klaberjass: the best sequence alone, and only its player scores": (
        lambda: scored(
            KLOB,
            in_spades(declarations=[run(0, 4, "K", "H"), run(2, 3, "K", "D")]),
            FOUR,
            sequence_scope="player",
        ),
        set(),
    ),
    "klaberjass: a team without a trick scores no sequence": (
        lambda: scored(
            KLOB,
            in_spades(
                caller=1,
                card_points=[0, 152],
                last_trick=1,
                tricks=[0, 8],
                declarations=[run(0, 4, "K", "H"), run(2, 3, "K", "D"), run(1, 3, "J", "C")],
            ),
            FOUR,
            zero_trick_sequences=False,
        ),
        set(),
    ),
    "klaberjass: capot": (
        lambda: scored(KLOB, in_spades(card_points=[152, 0], tricks=[8, 0]), FOUR, capot="double"),
        set(),
    ),
    "klaberjass: a tie, halved": (
        lambda: scored(KLOB, in_spades(card_points=[71, 81]), FOUR, tie_rule="half"),
        set(),
    ),
    "klaberjass: a tie, forfeited": (
        lambda: scored(KLOB, in_spades(card_points=[71, 81]), FOUR),
        set(),
    ),
    "klaberjass: lost, Bella kept": (
        lambda: scored(
            KLOB,
            in_spades(card_points=[50, 102], declarations=[bella(2)]),
            FOUR,
            bella_on_forfeit="holder",
        ),
        set(),
    ),
    # Klaberjass: the hand in progress.
    "klaberjass: in progress, called": (
        lambda: in_progress(
            KLOB, {"caller": 1, "trump": "S", "declarations": [run(0, 4, "K", "H")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, trump only": (
        lambda: in_progress(KLOB, {"trump": "H"}, FOUR),
        set(),
    ),
    "klaberjass: in progress, waiting for trump": (
        lambda: in_progress(
            KLOB, {"dealer": 3, "declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, waiting for the dealer": (
        lambda: in_progress(
            KLOB, {"trump": "S", "declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, waiting for both": (
        lambda: in_progress(
            KLOB, {"declarations": [run(0, 4, "Q", "H"), run(1, 4, "Q", "D")]}, FOUR
        ),
        set(),
    ),
    "klaberjass: in progress, declarations still being entered": (
        lambda: in_progress(
            KLOB,
            {
                "trump": "S",
                "declarations": [
                    {"seat": 0},
                    {"kind": "sequence", "length": 4, "suit": "H"},
                    {"seat": 1, "kind": "sequence", "top": "Q"},
                    {"kind": "bella"},
                    run(2, 3, "K", "D"),
                ],
            },
            FOUR,
        ),
        set(),
    ),
    # Klaberjass: refusals.
    "klaberjass: the Bima's caller": (
        lambda: klob_refuses(in_spades(round="bima", dealer=1, caller=2)),
        set(),
    ),
    "klaberjass: tricks required": (
        lambda: klob_refuses(in_spades(), capot="double"),
        set(),
    ),
    "klaberjass: tricks add up": (
        lambda: klob_refuses(in_spades(tricks=[5, 4])),
        set(),
    ),
    "klaberjass: no trick, no points": (
        lambda: klob_refuses(in_spades(tricks=[0, 8], card_points=[10, 142], last_trick=1)),
        set(),
    ),
    "klaberjass: all tricks, all points": (
        lambda: klob_refuses(in_spades(tricks=[8, 0], card_points=[140, 12])),
        set(),
    ),
    "klaberjass: one Bella": (
        lambda: klob_refuses(in_spades(declarations=[bella(0), bella(1)])),
        set(),
    ),
    "klaberjass: one deck": (
        lambda: klob_refuses(in_spades(declarations=[run(0, 3, "K", "H"), run(1, 3, "A", "H")])),
        set(),
    ),
    "klaberjass: an unknown hand key": (
        lambda: klob_refuses(in_spades(colour="H")),
        {"colour"},
    ),
    "klaberjass: an unknown setting": (
        lambda: refused(lambda: KLOB.settings({"colour": 1})),
        {"colour"},
    ),
    "klaberjass: round 1 takes the turned-up suit": (
        lambda: klob_refuses(in_spades(round=1, turned_up="H")),
        set(),
    ),
    "klaberjass: round 2 names another": (
        lambda: klob_refuses(in_spades(round=2, turned_up="S")),
        set(),
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

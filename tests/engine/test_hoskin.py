"""Hoşkin and Hoşkin Tekli (rules/hoskin.md): examples, melds, contract, gömü, baraj."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    GameState,
    InvalidHand,
    ParseError,
    get_variant,
    score_game,
)
from games.engine.cards import Card, Rank, Suit
from games.engine.hoskin import card_points, count_meld
from games.engine.record import GameRecord

PARTNERS = get_variant("hoskin")
TEKLI = get_variant("hoskin-tekli")
RECORDS = Path(__file__).parent.parent / "records"


def deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 3,
        "holder": 0,
        "contract": 650,
        "trump": "H",
        "melds": [270, 80, 140, 60],
        "trick_points": [300, 180],
        "last_trick": 0,
    }
    base.update(facts)
    return base


def tekli(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 0,
        "holder": 2,
        "contract": 650,
        "trump": "D",
        "melds": [60, 80, 350],
        "trick_points": [71, 90, 290],
        "gomu_points": 29,
        "last_trick": 2,
    }
    base.update(facts)
    return base


def score(facts: dict[str, Any], variant: Any = PARTNERS, **settings: Any):
    s = variant.settings(settings)
    sides = variant.side_names(variant.default_players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=variant.default_players)
    return variant.score_hand(variant.hand(facts, s), s, state)


def scores(facts: dict[str, Any], variant: Any = PARTNERS, **settings: Any) -> tuple[int, ...]:
    return score(facts, variant, **settings).scores


def rejects(
    facts: dict[str, Any], field: str, fragment: str, variant: Any = PARTNERS, **settings: Any
) -> None:
    with pytest.raises(InvalidHand) as caught:
        variant.hand(facts, variant.settings(settings))
    assert caught.value.field == field and fragment in caught.value.message


def holding(*cards: str, trump: str = "H") -> int:
    counts: dict[Card, int] = {}
    for text in cards:
        count, card = (int(text[0]), text[2:]) if "*" in text else (1, text)
        counts[Card.parse(card)] = counts.get(Card.parse(card), 0) + count
    return count_meld(counts, Suit(trump)).total


class TestWorkedExamples:
    def test_partners_record_990_to_minus_380(self) -> None:
        game = GameRecord.from_dict(json.loads((RECORDS / "hoskin.json").read_text())).score()
        assert [h.score.scores for h in game.hands] == [(730, 320), (260, -700)]
        assert game.totals == (990, -380) and not game.finished

    def test_tekli_record_131_170_689(self) -> None:
        game = GameRecord.from_dict(json.loads((RECORDS / "hoskin-tekli.json").read_text())).score()
        assert game.totals == (131, 170, 689)


class TestMeldCalculator:
    def test_a_plain_and_a_trump_marriage(self) -> None:
        assert holding("KS", "QS") == 20
        assert holding("KH", "QH") == 40
        assert holding("2*KS", "2*QS") == 40  # each further pair counts again

    def test_a_single_run_holds_its_marriage(self) -> None:
        assert holding("AH", "10H", "KH", "QH", "JH") == 150
        assert holding("AH", "10H", "2*KH", "2*QH", "JH") == 190  # the extra K+Q is an evli

    def test_a_run_in_a_plain_suit_is_only_its_marriage(self) -> None:
        assert holding("AS", "10S", "KS", "QS", "JS") == 20

    @pytest.mark.parametrize(("copies", "value"), [(2, 1500), (3, 2250), (4, 3000)])
    def test_double_triple_quadruple_runs(self, copies: int, value: int) -> None:
        run = [f"{copies}*{r}H" for r in ("A", "10", "K", "Q", "J")]
        assert holding(*run) == value

    @pytest.mark.parametrize(
        ("rank", "values"),
        [
            ("A", (100, 1000, 1500, 2000)),
            ("K", (80, 800, 1200, 1600)),
            ("Q", (60, 600, 900, 1200)),
            ("J", (40, 400, 600, 800)),
        ],
    )
    def test_arounds_at_every_level(self, rank: str, values: tuple[int, ...]) -> None:
        for level, value in enumerate(values, start=1):
            assert holding(*[f"{level}*{rank}{suit}" for suit in "SHDC"], trump="C") == value

    def test_eight_aces_are_1000_not_1100(self) -> None:
        assert holding("2*AS", "2*AH", "2*AD", "2*AC") == 1000
        assert holding("2*AS", "2*AH", "2*AD", "AC") == 100  # uneven 2-2-2-1 is level one

    @pytest.mark.parametrize(("copies", "value"), [(1, 40), (2, 300), (3, 600), (4, 900)])
    def test_pinik_levels(self, copies: int, value: int) -> None:
        assert holding(f"{copies}*QS", f"{copies}*JD") == value

    def test_a_card_counts_across_kinds(self) -> None:
        # Q♠ in a ♠ evli, in queens around and in a pinik: 20 + 60 + 40 (spec: sharing).
        assert holding("KS", "QS", "QH", "QD", "QC", "JD") == 120

    def test_but_not_twice_within_a_kind(self) -> None:
        # One K♥ with two Q♥: one marriage, not two.
        assert holding("KH", "2*QH", trump="S") == 20
        # A run's K+Q are not a marriage again.
        assert holding("AD", "10D", "KD", "QD", "JD", trump="D") == 150

    def test_the_spec_notes_example_south(self) -> None:
        # Kings around 80 + pinik 40 + ♠ evli 20 = 140.
        assert holding("KS", "KH", "KD", "KC", "QS", "JD", trump="H") == 140

    def test_lines_explain_the_total(self) -> None:
        meld = count_meld({Card.parse("QS"): 1, Card.parse("JD"): 1}, Suit.HEARTS)
        assert meld.lines == (("Pinik (Q♠ + J♦)", 40),)

    def test_a_ninth_card_or_a_nine_is_refused(self) -> None:
        with pytest.raises(ParseError):
            count_meld({Card.parse("AS"): 5}, Suit.HEARTS)
        with pytest.raises(ParseError):
            count_meld({Card.parse("9S"): 1}, Suit.HEARTS)

    def test_gomu_cards_by_card_values(self) -> None:
        five = [Rank.TEN, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK]
        assert card_points(five, "ace_ten") == 29
        assert card_points(five, "tens") == 30


class TestPartners:
    def test_the_contract_team_scores_all_its_points(self) -> None:
        assert scores(deal()) == (730, 320)

    def test_short_of_the_contract_scores_minus_the_contract_melds_lost(self) -> None:
        assert scores(deal(contract=740)) == (-740, 320)

    def test_the_other_team_always_scores_its_own(self) -> None:
        assert scores(deal(holder=1, contract=550)) == (730, -550)

    def test_a_false_declaration_fails_whatever_the_points(self) -> None:
        assert scores(deal(violation="meld_short")) == (-650, 320)
        result = score(deal(violation="aces_claim_false"))
        assert result.scores == (-650, 320) and "aces claim" in result.notes[0]

    def test_struck_meld_comes_off_the_other_team(self) -> None:
        assert scores(deal(struck=[0, 80])) == (730, 240)

    def test_a_void_deal_scores_nothing(self) -> None:
        assert scores({"dealer": 0, "outcome": "void"}) == (0, 0)

    def test_last_trick_bonus_setting(self) -> None:
        assert scores(deal(), last_trick_bonus=10) == (720, 320)
        assert scores(deal(), last_trick_bonus=0) == (710, 320)

    def test_card_values_tens_is_accepted_and_totals_480(self) -> None:
        assert scores(deal(), card_values="tens") == (730, 320)

    def test_the_auction_is_replayed(self) -> None:
        bids = [
            {"seat": 0, "bid": 550},
            {"seat": 1, "bid": 600},
            {"seat": 0, "bid": 650},
            {"seat": 1, "pass": True},
        ]
        assert scores(deal(bids=bids)) == (730, 320)
        rejects(deal(bids=bids, contract=660), "bids", "ends with North at 650")

    def test_both_speakers_pass_forces_the_first_at_550(self) -> None:
        bids = [{"seat": 2, "pass": True}, {"seat": 3, "pass": True}]
        facts = deal(holder=2, contract=550, forced=True, bids=bids)
        assert scores(facts) == (730, 320)
        rejects(deal(holder=2, contract=550, bids=bids), "bids", "(forced)")

    @pytest.mark.parametrize(
        ("bids", "fragment"),
        [
            ([{"seat": 0, "bid": 540}], "opens at 550"),
            ([{"seat": 0, "bid": 555}], "opens at 550"),
            ([{"seat": 0, "bid": 550}, {"seat": 2, "bid": 560}], "other team's speaker"),
            ([{"seat": 0, "bid": 550}, {"seat": 1, "bid": 550}], "rises over 550"),
            ([{"seat": 0, "bid": 550}, {"seat": 1, "bid": 565}], "rises over 550"),
            ([{"seat": 0, "bid": 550}, {"seat": 1, "bid": 560}, {"seat": 3, "bid": 570}], "turn"),
            (
                [{"seat": 0, "bid": 550}, {"seat": 1, "pass": True}, {"seat": 0, "bid": 560}],
                "already over",
            ),
            ([{"seat": 0, "bid": 550}, {"seat": 1, "bid": 560}], "not finished"),
        ],
    )
    def test_auction_rules(self, bids: list[dict[str, Any]], fragment: str) -> None:
        rejects(deal(bids=bids), "bids", fragment)

    def test_bid_step_50(self) -> None:
        rejects(deal(contract=660), "contract", "rises in 50s", bid_step=50)
        assert scores(deal(contract=700), bid_step=50) == (730, 320)

    def test_contract_checks(self) -> None:
        rejects(deal(contract=540), "contract", "opens at 550")
        rejects(deal(contract=655), "contract", "rises in 10s")
        rejects(deal(contract=560, forced=True), "forced", "550")

    def test_melds_and_tricks_checks(self) -> None:
        rejects(deal(melds=[275, 80, 140, 60]), "melds", "in tens")
        rejects(deal(melds=[-10, 80, 140, 60]), "melds", "in tens")
        rejects(deal(trick_points=[300, 170]), "trick_points", "must add up to 480")
        rejects(deal(struck=[10, 0]), "struck", "without the contract")
        rejects(deal(struck=[0, 150]), "struck", "at most")
        rejects({"dealer": 0, "outcome": "void", "holder": 1}, "holder", "void")


class TestTekli:
    def test_the_gomu_goes_to_the_last_trick(self) -> None:
        assert scores(tekli(last_trick=1), TEKLI) == (131, 80 + 90 + 20 + 29, -650)

    def test_gomu_to_holder_setting(self) -> None:
        assert scores(tekli(last_trick=1), TEKLI, gomu_to="holder") == (131, 190, 669)

    def test_the_ladder(self) -> None:
        assert scores(tekli(holder=1, contract=550), TEKLI)[1] == -550  # 170 is short
        rejects(tekli(holder=1, contract=650), "contract", "at 550", TEKLI)
        rejects(tekli(holder=0, contract=650), "contract", "at 750", TEKLI)
        assert scores(tekli(holder=0, contract=750, melds=[700, 80, 350]), TEKLI)[0] == 771

    def test_forced_is_the_first_speaker_at_550(self) -> None:
        assert scores(tekli(holder=1, contract=550, forced=True), TEKLI)[1] == -550
        rejects(tekli(holder=2, contract=550, forced=True), "forced", "first speaker", TEKLI)

    def test_failures_whatever_the_points(self) -> None:
        assert scores(tekli(recount_failed=True), TEKLI) == (131, 170, -650)
        result = score(tekli(unannounced_burial=True), TEKLI)
        assert result.scores == (131, 170, -650) and "buried" in result.notes[0]

    def test_gomu_and_tricks_add_up(self) -> None:
        rejects(tekli(gomu_points=30), "trick_points", "480", TEKLI)
        rejects(tekli(gomu_points=56, trick_points=[71, 90, 263]), "gomu_points", "0 to 55", TEKLI)
        rejects(
            tekli(gomu_points=51, trick_points=[71, 90, 268]),
            "gomu_points",
            "0 to 50",
            TEKLI,
            card_values="tens",
        )

    def test_a_void_deal(self) -> None:
        assert scores({"dealer": 0, "outcome": "void"}, TEKLI) == (0, 0, 0)

    def test_tekli_has_no_bid_step(self) -> None:
        with pytest.raises(ParseError):
            TEKLI.settings({"bid_step": 50})
        with pytest.raises(ParseError):
            PARTNERS.settings({"gomu_to": "holder"})


class TestGameEnd:
    def test_the_first_to_the_baraj_wins_and_totals_may_be_negative(self) -> None:
        s = PARTNERS.settings({"target": 1000})
        hands = [PARTNERS.hand(deal(), s), PARTNERS.hand(deal(), s)]
        game = score_game(PARTNERS, s, hands)
        assert game.totals == (1460, 640) and game.winners == (0,)
        game = score_game(PARTNERS, s, [PARTNERS.hand(deal(contract=800), s)])
        assert game.totals == (-800, 320)

    def test_both_cross_the_contract_team_wins_or_the_higher(self) -> None:
        s = PARTNERS.settings({"target": 300})
        hand = PARTNERS.hand(
            deal(
                holder=1,
                contract=550,
                melds=[270, 280, 140, 60],
                trick_points=[200, 280],
                last_trick=1,
            ),
            s,
        )
        # team 0: 410 + 200 = 610; team 1: 340 + 280 + 20 = 640 ≥ 550 made.
        assert score_game(PARTNERS, s, [hand]).winners == (1,)
        hand = PARTNERS.hand(
            deal(
                holder=1,
                contract=550,
                melds=[470, 80, 140, 60],
                trick_points=[300, 180],
                last_trick=1,
            ),
            s,
        )
        # team 0: 610 + 300 = 910; team 1: 140 + 180 + 20 = 340 < 550: −550; only team 0.
        assert score_game(PARTNERS, s, [hand]).winners == (0,)
        hand = PARTNERS.hand(
            deal(
                holder=1,
                contract=550,
                melds=[370, 280, 140, 60],
                trick_points=[200, 280],
                last_trick=1,
            ),
            s,
        )
        # team 0: 710, team 1: 640 made: the contract team wins, or the higher total.
        assert score_game(PARTNERS, s, [hand]).winners == (1,)
        s2 = PARTNERS.settings({"target": 300, "both_cross": "higher"})
        assert score_game(PARTNERS, s2, [PARTNERS.hand(hand.to_dict(), s2)]).winners == (0,)

    def test_tekli_several_cross_the_holder_wins_if_among_them(self) -> None:
        s = TEKLI.settings({"target": 150})
        game = score_game(TEKLI, s, [TEKLI.hand(tekli(), s)])
        assert game.winners == (2,)
        s = TEKLI.settings({"target": 150, "both_cross": "higher"})
        assert score_game(TEKLI, s, [TEKLI.hand(tekli(), s)]).winners == (2,)
        s = TEKLI.settings({"target": 130})
        failed = TEKLI.hand(tekli(recount_failed=True), s)
        assert score_game(TEKLI, s, [failed]).winners == (1,)  # 131 and 170: the higher

    @pytest.mark.parametrize(
        "settings",
        [
            {"target": 0},
            {"card_values": "x"},
            {"last_trick_bonus": 5},
            {"bid_step": 20},
            {"both_cross": "x"},
        ],
    )
    def test_bad_settings(self, settings: dict[str, Any]) -> None:
        with pytest.raises(ParseError):
            PARTNERS.settings(settings)


@given(
    st.lists(st.integers(0, 48), min_size=3, max_size=3),
    st.integers(0, 55),
    st.integers(0, 2),
    st.sampled_from([0, 10, 20]),
    st.sampled_from(["last_trick", "holder"]),
)
def test_tricks_bonus_and_gomu_add_up_to_500_across_players(
    tens: list[int], gomu: int, last: int, bonus: int, gomu_to: str
) -> None:
    t0, t1 = tens[0] * 3, tens[1] * 3
    t2 = 480 - gomu - t0 - t1
    if t2 < 0:
        return
    facts = tekli(trick_points=[t0, t1, t2], gomu_points=gomu, last_trick=last, melds=[0, 0, 2000])
    result = scores(facts, TEKLI, last_trick_bonus=bonus, gomu_to=gomu_to)
    assert sum(result) - 2000 == 480 + bonus


class TestBothCross:
    # Spec: hoskin, game end — if both teams reach the baraj in one hand, the contract team
    # wins, whichever team holds it and from whichever seat.
    def test_it_gives_the_game_to_the_contract_team_held_from_the_fourth_seat(self) -> None:
        s = PARTNERS.settings({"target": 300})
        facts = {
            "dealer": 2,
            "holder": 3,
            "contract": 550,
            "trump": "S",
            "melds": [370, 60, 140, 280],
            "trick_points": [200, 280],
            "last_trick": 1,
        }
        # Team 0: 510 + 200 = 710; team 1: 340 + 280 + 20 = 640 ≥ 550, made.
        game = score_game(PARTNERS, s, [PARTNERS.hand(facts, s)])
        assert game.totals == (710, 640) and game.winners == (1,)

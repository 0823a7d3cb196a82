"""The shared pieces the games build on: whose turn it is in an auction (`auction.Turns`),
a ladder of declarations (`ladder.Ladder`), a list of phrases (`texts.listed`) and reading a
fact a hand in progress may not give yet (`Reader.fact`)."""

from __future__ import annotations

import pytest

from games.engine import ParseError
from games.engine.auction import Turns, calls_in_turn
from games.engine.ladder import Ladder, Rung
from games.engine.reading import Reader
from games.engine.texts import Text, listed, say


class TestTurns:
    def test_seats_speak_in_turn_and_go_round(self) -> None:
        turns = Turns([1, 2, 3, 0])
        seen = []
        for _ in range(6):
            seen.append(turns.seat)
            turns.next()
        assert seen == [1, 2, 3, 0, 1, 2]

    def test_a_seat_that_drops_out_is_skipped_and_the_next_takes_its_turn(self) -> None:
        turns = Turns([1, 2, 3])
        turns.next()  # 1 bids
        assert turns.seat == 2
        turns.drop()  # 2 passes
        assert (turns.seat, turns.active) == (3, [1, 3])
        turns.next()  # 3 bids
        assert turns.seat == 1
        turns.drop()  # 1 passes: 3 is left alone
        assert (turns.seat, turns.active) == (3, [3])

    def test_the_last_in_turn_dropping_out_hands_the_turn_round_to_the_first(self) -> None:
        turns = Turns([0, 1, 2])
        turns.next()
        turns.next()
        turns.drop()  # 2 passes
        assert (turns.seat, turns.active) == (0, [0, 1])

    def test_calls_typed_in_order_get_their_seats(self) -> None:
        assert calls_in_turn([160, 170, None, 190, None, None], [1, 2, 3, 0]) == [
            {"seat": 1, "bid": 160},
            {"seat": 2, "bid": 170},
            {"seat": 3, "pass": True},
            {"seat": 0, "bid": 190},
            {"seat": 1, "pass": True},
            {"seat": 2, "pass": True},
        ]

    def test_calls_after_everyone_passed_are_left_out(self) -> None:
        assert calls_in_turn([None, None, 170], [0, 1]) == [
            {"seat": 0, "pass": True},
            {"seat": 1, "pass": True},
        ]


def _ladder() -> Ladder[tuple[int, int]]:
    # (value, seat): value decides, then the lower seat.
    return Ladder(
        Rung(lambda d: d[0], lambda w, lo: say("coinche.higher_value", value=w[0], other=lo[0])),
        Rung(lambda d: -d[1], lambda w, lo: say("terz.senior")),
    )


class TestLadder:
    def test_the_order_is_each_rungs_height(self) -> None:
        assert _ladder().order((50, 2)) == (50, -2)
        assert max([(20, 0), (50, 3), (50, 1)], key=_ladder().order) == (50, 1)

    def test_the_first_rung_that_differs_says_why(self) -> None:
        why = _ladder().decided((50, 3), (20, 0))
        assert (why.id, why.params) == ("coinche.higher_value", {"value": 50, "other": 20})

    def test_the_last_rung_is_the_final_tiebreak(self) -> None:
        assert _ladder().decided((50, 0), (50, 3)).id == "terz.senior"
        # Nothing differs at all: still the final tiebreak's words.
        assert _ladder().decided((50, 0), (50, 0)).id == "terz.senior"


class TestListed:
    def test_one_phrase_is_itself(self) -> None:
        only = say("declarations.need.seat")
        assert listed("declarations.need.list", [only]) is only

    def test_several_phrases_are_joined_from_the_right(self) -> None:
        items = [say("card.rank.A"), say("card.rank.K"), say("card.rank.Q")]
        joined = listed("hoskin.list.comma", items)
        assert isinstance(joined, Text)
        assert joined.id == "hoskin.list.comma"
        assert joined.params["first"] == items[0]
        rest = joined.params["rest"]
        assert isinstance(rest, Text)
        assert (rest.params["first"], rest.params["rest"]) == (items[1], items[2])


class TestReaderFact:
    def test_a_saved_hand_requires_the_fact(self) -> None:
        r = Reader({}, "hand", ("dealer",))
        with pytest.raises(ParseError) as caught:
            r.fact(r.seat, "dealer", 4)
        assert caught.value.field == "dealer"
        assert caught.value.message == say("reading.required")

    def test_a_hand_in_progress_skips_a_fact_not_given(self) -> None:
        r = Reader({"dealer": None}, "hand", ("dealer",), partial=True)
        assert r.fact(r.seat, "dealer", 4) is None

    def test_a_fact_given_is_read_and_checked_in_either_mode(self) -> None:
        for partial in (False, True):
            r = Reader({"dealer": 2, "caller": 7}, "hand", ("dealer", "caller"), partial=partial)
            assert r.fact(r.seat, "dealer", 4) == 2
            with pytest.raises(ParseError) as caught:
                r.fact(r.seat, "caller", 4)
            assert caught.value.field == "caller"

"""The event's settings (rules/club.md, "The event"): defaults, values, and what a night says
in the catalogue's words."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from typing import Any

import pytest

from games.engine.club.event import Event, number_out
from games.engine.club.night import Night
from games.engine.errors import ParseError, ScorerError
from games.engine.texts import Text
from tests.engine.test_club_examples import night
from tests.engine.test_night_record import REFUSALS, TEAM_REFUSALS, Change, teams_night


def test_every_key_has_its_default() -> None:
    event = Event.from_dict({})
    assert (event.format, event.round_length, event.bye_points) == ("rotating", None, None)
    assert (event.bye_win, event.rank_by) == (Fraction(1, 2), "points")
    assert event.round_count(9) == 4
    assert event.to_dict() == {}


def test_a_round_robin_plays_teams_minus_one_rounds_or_teams_when_odd() -> None:
    robin = Event.from_dict({"format": "round_robin"})
    assert (robin.round_count(4), robin.round_count(5)) == (3, 5)
    assert Event.from_dict({"format": "round_robin", "rounds": 2}).round_count(6) == 2


@pytest.mark.parametrize(
    "given",
    [
        {"format": "pairs", "rounds": 30, "round_length": 50, "bye_points": 0, "bye_win": 1},
        {"round_length": "game", "bye_points": "average", "bye_win": 0.5, "rank_by": "wins"},
        {"rounds": 1, "round_length": 1, "bye_points": 120, "bye_win": 0},
    ],
)
def test_an_event_is_written_back_with_the_keys_it_was_given(given: dict[str, object]) -> None:
    assert Event.from_dict(given).to_dict() == given


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rounds", 0),
        ("rounds", True),
        ("rounds", 4.0),
        ("round_length", 0),
        ("round_length", "Game"),
        ("bye_points", 1.5),
        ("bye_points", "none"),
        ("bye_win", True),
        ("bye_win", 1.0),
        ("bye_win", "0.5"),
        ("format", "Rotating"),
    ],
)
def test_a_value_the_event_does_not_take_is_refused_naming_its_key(key: str, value: object) -> None:
    with pytest.raises(ParseError) as caught:
        Event.from_dict({key: value})
    assert caught.value.field == f"event.{key}"


def test_an_event_that_is_no_object_is_refused() -> None:
    with pytest.raises(ParseError) as caught:
        Event.from_dict(["rotating"])
    assert str(caught.value) == "event: a club event must be an object"


def error_of(change: Change, record: dict[str, Any]) -> ScorerError:
    data = copy.deepcopy(record)
    change(data)
    with pytest.raises(ScorerError) as caught:
        Night.from_dict(data)
    return caught.value


@pytest.mark.parametrize("case", list(REFUSALS))
def test_each_refusal_is_a_catalogue_sentence(case: str) -> None:
    change, _said = REFUSALS[case]
    assert isinstance(error_of(change, night()).message, Text), case


@pytest.mark.parametrize("case", list(TEAM_REFUSALS))
def test_each_refusal_of_the_team_formats_is_a_catalogue_sentence(case: str) -> None:
    change, _said = TEAM_REFUSALS[case]
    assert isinstance(error_of(change, teams_night()).message, Text), case


def test_a_count_of_wins_is_written_whole_or_to_full_precision() -> None:
    assert number_out(Fraction(2)) == 2 and isinstance(number_out(Fraction(2)), int)
    assert number_out(Fraction(3, 2)) == 1.5
    assert json.dumps(number_out(Fraction(1, 3))) == "0.3333333333333333"

"""The night record `scorer-night/1` (rules/club.md, "The night record"): read strictly, every
refusal naming its place, written back exactly, and the command line's exits."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from games.engine.club.night import Night
from games.engine.errors import ScorerError
from tests.engine.test_club_examples import night, run

Change = Callable[[dict[str, Any]], object]


def refused(change: Change, record: dict[str, Any] | None = None) -> str:
    data = copy.deepcopy(record or night())
    change(data)
    with pytest.raises(ScorerError) as caught:
        Night.from_dict(data)
    return str(caught.value)


def table(data: dict[str, Any], round: int = 0, number: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = data["rounds"][round]["tables"][number]
    return found


def teams_night(format: str = "pairs") -> dict[str, Any]:
    hand = {"dealer": 3, "caller": 0, "trump": "H", "card_points": [100, 52], "last_trick": 0}
    return {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": format, "round_length": 1},
        "players": ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn"],
        "teams": [["Ann", "Cleo"], ["Ben", "Dov"], ["Eve", "Finn"]],
        "rounds": [
            {
                "tables": [{"players": ["Ann", "Ben", "Cleo", "Dov"], "hands": [hand]}],
                "byes": ["Eve & Finn"],
            }
        ],
    }


REFUSALS: dict[str, tuple[Change, str]] = {
    "a hand the game refuses": (
        lambda d: table(d)["hands"][1].update(card_points=[100, 46]),
        "round 1, table 1: hand 2: card_points: must add up to 152 (got 100 + 46 = 146)",
    ),
    "a hand after the round's deals": (
        lambda d: table(d)["hands"].append(table(d)["hands"][0]),
        "round 1, table 1: hand 3: game: the game already ended after hand 2",
    ),
    "a table of the wrong size": (
        lambda d: table(d)["players"].pop(),
        "round 1, table 1: players: must list 4 names in seat order",
    ),
    "a name not in players": (
        lambda d: table(d)["players"].__setitem__(1, "Zed"),
        'round 1, table 1: "Zed" is not one of the night\'s players',
    ),
    "a player with two seats at one table": (
        lambda d: table(d)["players"].__setitem__(1, "Ann"),
        "round 1: Ann has two seats at one table",
    ),
    "a player seated and on a bye": (
        lambda d: d["rounds"][0]["byes"].append("Ann"),
        "round 1: Ann sits at a table and sits out",
    ),
    "a player on a bye twice": (
        lambda d: d["rounds"][0]["byes"].append("Eve"),
        "round 1: Eve sits out twice",
    ),
    "a bye not in players": (
        lambda d: d["rounds"][0]["byes"].__setitem__(0, "Zed"),
        'round 1: "Zed" is not one of the night\'s players',
    ),
    "a player neither seated, on a bye nor absent": (
        lambda d: d["rounds"][0].pop("byes"),
        "round 1: Eve is neither at a table, sitting out nor absent",
    ),
    "a player absent and on a bye": (
        lambda d: d["rounds"][0].update(absent=["Eve"]),
        "round 1: Eve is absent and at a table or sitting out",
    ),
    "more rounds than the event's": (
        lambda d: d["rounds"].extend([d["rounds"][0]] * 2),
        "rounds: the event has 2 rounds; the record holds 3 rounds",
    ),
    "an unknown event key": (
        lambda d: d["event"].update(colour="red"),
        "event.colour: is not a club event key",
    ),
    "an unknown format": (
        lambda d: d["event"].update(format="swiss"),
        'event.format: must be one of "rotating", "progressive", "pairs", "round_robin", '
        'not "swiss"',
    ),
    "too many rounds": (
        lambda d: d["event"].update(rounds=31),
        "event.rounds: must be a whole number from 1 to 30, not 31",
    ),
    "a round length that is text": (
        lambda d: d["event"].update(round_length="3"),
        'event.round_length: must be "game" or a whole number from 1 to 50, not "3"',
    ),
    "a round length over 50": (
        lambda d: d["event"].update(round_length=51),
        'event.round_length: must be "game" or a whole number from 1 to 50, not 51',
    ),
    "a bye win that is not offered": (
        lambda d: d["event"].update(bye_win=0.25),
        "event.bye_win: must be 0, 0.5 or 1, not 0.25",
    ),
    "bye points below zero": (
        lambda d: d["event"].update(bye_points=-1),
        'event.bye_points: must be "average" or a whole number of 0 or more, not -1',
    ),
    "an unknown ranking": (
        lambda d: d["event"].update(rank_by="luck"),
        'event.rank_by: must be one of "points", "wins", not "luck"',
    ),
    "progressive with players that do not fill the tables": (
        lambda d: d["event"].update(format="progressive"),
        "players: progressive needs a multiple of 4 players, at least 8: 5 are here",
    ),
    "progressive with a game it is not for": (
        lambda d: d.update(variant="304", settings={}) or d["event"].update(format="progressive"),
        "event.format: progressive is for team games and Terz: 304 plays rotating",
    ),
    "a team format with a game that has no teams": (
        lambda d: d.update(variant="terz", settings={}) or d["event"].update(format="pairs"),
        "event.format: pairs needs a team game (two sides of two partners): not Terz",
    ),
    "a team format without teams": (
        lambda d: d["event"].update(format="round_robin"),
        "teams: must list the teams, each two of the players",
    ),
    "teams in an individual format": (
        lambda d: d.update(teams=[["Ann", "Ben"]]),
        "teams: are listed only in the pairs and round_robin formats",
    ),
    "deals set beside a round length": (
        lambda d: d["settings"].update(deals=3),
        "settings.deals: is the event's round_length (2): leave it out of the settings",
    ),
    "a setting the game refuses": (
        lambda d: d["settings"].update(target=0),
        "settings.target: must be a positive number, not 0",
    ),
    "an unknown record key": (lambda d: d.update(colour=1), "colour: is not a night record key"),
    "another format": (
        lambda d: d.update(format="scorer-game/1"),
        'format: must be "scorer-night/1"',
    ),
    "a player sitting at two tables": (
        lambda d: d["rounds"].__setitem__(
            0,
            {
                "tables": [
                    {"players": ["Ann", "Ben", "Cleo", "Dov"], "hands": []},
                    {"players": ["Ann", "Eve", "Cleo", "Dov"], "hands": []},
                ]
            },
        ),
        "round 1: Ann sits at two tables",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_each_refusal_names_its_place(case: str) -> None:
    change, said = REFUSALS[case]
    assert refused(change) == said


TEAM_REFUSALS: dict[str, tuple[Change, str]] = {
    "partners who are not a team": (
        lambda d: table(d).update(players=["Ann", "Cleo", "Ben", "Dov"]),
        "round 1, table 1: Ann and Ben are partners but not a team",
    ),
    "a team split across tables": (
        lambda d: d["rounds"][0].update(
            tables=[
                {"players": ["Ann", "Ben", "Eve", "Dov"], "hands": []},
            ],
            byes=[],
        ),
        "round 1, table 1: Ann and Eve are partners but not a team",
    ),
    "a player in two teams": (
        lambda d: d["teams"].__setitem__(2, ["Eve", "Ann"]),
        "teams: Ann is in two teams",
    ),
    "a player in no team": (
        lambda d: d["players"].append("Gus"),
        "teams: Gus is in no team",
    ),
    "a bye that is no team": (
        lambda d: d["rounds"][0].update(byes=["Eve"]),
        'round 1: "Eve" is not one of the night\'s teams',
    ),
    "a team absent and on a bye": (
        lambda d: d["rounds"][0].update(absent=["Eve & Finn"]),
        "round 1: Eve & Finn is absent and at a table or sitting out",
    ),
    "a round robin longer than its teams allow": (
        lambda d: d["event"].update(format="round_robin", rounds=4),
        "event.rounds: a round robin of 3 teams plays at most 3 rounds",
    ),
}


@pytest.mark.parametrize("case", list(TEAM_REFUSALS))
def test_each_refusal_of_the_team_formats_names_its_place(case: str) -> None:
    change, said = TEAM_REFUSALS[case]
    assert refused(change, teams_night()) == said


@pytest.mark.parametrize("record", [night(), teams_night(), teams_night("round_robin")])
def test_a_record_is_written_back_exactly(record: dict[str, Any]) -> None:
    assert Night.from_dict(record).to_dict() == record


def test_absent_players_are_written_back_and_get_nothing() -> None:
    record = night()
    record["rounds"][0]["byes"] = []
    record["rounds"][0]["absent"] = ["Eve"]
    read = Night.from_dict(record)
    record["rounds"][0].pop("byes")
    assert read.to_dict() == record
    eve = [r for r in read.standings() if r.standing.name == "Eve"][0].standing
    # Absent from every round so far: not arrived yet, so seated in the next round.
    assert (eve.played, eve.byes, eve.points_for, eve.withdrawn) == (0, 0, 0, False)
    assert "Eve" in {p for players in read.propose().tables for p in players} | set(
        read.propose().byes
    )


def test_a_player_absent_after_playing_has_withdrawn_is_listed_and_no_longer_seated() -> None:
    record = night()
    record["event"]["rounds"] = 3
    played = copy.deepcopy(record["rounds"][0])
    record["rounds"].append({"tables": played["tables"], "absent": ["Eve"]})
    read = Night.from_dict(record)
    eve = [r for r in read.standings() if r.standing.name == "Eve"][0].standing
    assert (eve.played, eve.byes, eve.points_for, eve.withdrawn) == (0, 1, 162, True)
    proposal = read.propose()
    assert proposal.byes == () and "Eve" not in proposal.tables[0]


def test_each_table_plays_the_round_length_as_its_deals() -> None:
    read = Night.from_dict(night())
    assert read.table_settings.to_dict() == {"target": 1000, "deals": 2}
    assert read.settings.to_dict() == {"target": 1000}
    assert read.rounds[0].tables[0].game.finished


def test_304_keeps_its_own_deals_when_tables_play_the_game() -> None:
    record = {
        "format": "scorer-night/1",
        "variant": "304",
        "settings": {"deals": 3},
        "players": ["Asha", "Bala", "Chitra", "Dev"],
        "rounds": [],
    }
    assert Night.from_dict(record).table_settings.to_dict() == {"deals": 3}
    record["event"] = {"round_length": 2}
    record["settings"] = {}
    assert Night.from_dict(record).table_settings.to_dict() == {"deals": 2}


def test_the_command_line_refuses_with_one_line_and_nothing_on_stdout() -> None:
    record = night()
    record["rounds"][0]["tables"][0]["hands"][1]["card_points"] = [100, 46]
    result = run("night", "-", stdin=json.dumps(record))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "round 1, table 1: hand 2: card_points: must add up to 152 (got 100 + 46 = 146)\n"
    )


def test_after_the_last_round_next_exits_2() -> None:
    record = night()
    record["event"]["rounds"] = 1
    result = run("night", "-", "--next", stdin=json.dumps(record))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "event: all 1 rounds are played\n"


def test_the_same_record_and_seed_give_the_same_proposal() -> None:
    record = night(rounds=[])
    first = run("night", "-", "--next", "--seed", "7", stdin=json.dumps(record))
    again = run("night", "-", "--seed", "7", "--next", stdin=json.dumps(record))
    assert first.returncode == 0 and first.stdout == again.stdout
    seeds = {Night.from_dict(record).propose(str(seed)).tables for seed in range(20)}
    assert len(seeds) > 1  # the seed does draw


def test_the_game_record_command_works_as_before() -> None:
    result = run("-", stdin='{"format": "scorer-game/1", "variant": "terz", "players": ["A", "B"]}')
    assert result.returncode == 0
    assert json.loads(result.stdout)["totals"] == [0, 0]
    assert run("night", stdin="").returncode == 2


def read_round_by_round(record: dict[str, Any]) -> Night:
    """The record's head read, then each round read on top of the night so far."""
    read = Night.from_dict({**record, "rounds": []})
    for played in record["rounds"]:
        read = read.with_round(played)
    return read


@pytest.mark.parametrize("record", [night(), teams_night(), teams_night("round_robin")])
def test_a_night_read_round_by_round_is_the_night_read_whole(record: dict[str, Any]) -> None:
    whole = Night.from_dict(record)
    assert read_round_by_round(record) == whole
    assert read_round_by_round(record).standings() == whole.standings()


@pytest.mark.parametrize(
    "case", [case for case, (_, said) in REFUSALS.items() if said.startswith("round 1")]
)
def test_a_round_read_on_its_own_is_refused_as_in_the_whole_night(case: str) -> None:
    change, said = REFUSALS[case]
    data = night()
    change(data)
    with pytest.raises(ScorerError) as caught:
        read_round_by_round(data)
    assert str(caught.value) == said


def test_a_round_beyond_the_night_s_rounds_is_refused() -> None:
    record = night()
    record["rounds"] = record["rounds"] * 2
    read = read_round_by_round(record)
    with pytest.raises(ScorerError) as caught:
        read.with_round(record["rounds"][0])
    assert str(caught.value) == refused(lambda d: d.update(rounds=d["rounds"] * 3))

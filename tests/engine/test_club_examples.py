"""The worked examples of rules/club.md, golden: the command line's whole answer for example 1,
the byes of example 2, the progressive move of example 3, the Swiss pairing of example 4 and
the round robin of example 5."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from games.engine.club.night import Night, night_output
from games.engine.club.seating import circle

ROOT = Path(__file__).resolve().parents[2]


def night(**changes: Any) -> dict[str, Any]:
    """Example 1's record (club.md, "The night record"), with `changes`."""
    record: dict[str, Any] = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "settings": {"target": 1000},
        "event": {"format": "rotating", "rounds": 2, "round_length": 2, "rank_by": "points"},
        "players": ["Ann", "Ben", "Cleo", "Dov", "Eve"],
        "rounds": [
            {
                "tables": [
                    {
                        "players": ["Ann", "Ben", "Cleo", "Dov"],
                        "hands": [
                            {
                                "dealer": 0,
                                "caller": 0,
                                "trump": "H",
                                "card_points": [96, 56],
                                "last_trick": 0,
                            },
                            {
                                "dealer": 1,
                                "caller": 1,
                                "trump": "S",
                                "card_points": [100, 52],
                                "last_trick": 0,
                            },
                        ],
                    }
                ],
                "byes": ["Eve"],
            }
        ],
    }
    record.update(changes)
    return record


def line(rank: int, name: str, won: object, pf: int, pa: int, tied: bool, bye: int = 0) -> Any:
    return {
        "rank": rank,
        "name": name,
        "played": 1 - bye,
        "won": won,
        "byes": bye,
        "points_for": pf,
        "points_against": pa,
        "difference": pf - pa,
        "tied": tied,
    }


EXAMPLE_1 = {
    "standings": [
        line(1, "Ann", 1, 268, 56, False),
        line(2, "Cleo", 1, 268, 56, True),
        line(3, "Eve", 0.5, 162, 162, False, bye=1),
        line(4, "Ben", 0, 56, 268, False),
        line(5, "Dov", 0, 56, 268, True),
    ],
    "rounds": [
        {
            "tables": [
                {"players": ["Ann", "Ben", "Cleo", "Dov"], "totals": [268, 56], "winners": [0]}
            ],
            "byes": ["Eve"],
        }
    ],
}


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    # A bare Python (-S -E): the club engine needs nothing but the standard library.
    return subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_example_1_the_command_line_prints_the_standings_and_the_round() -> None:
    result = run("night", "-", stdin=json.dumps(night()))
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == EXAMPLE_1


def test_example_1_the_bye_is_the_rounded_mean_and_half_a_win() -> None:
    read = Night.from_dict(night())
    eve = night_output(read)["standings"][2]
    assert (eve["points_for"], eve["points_against"], eve["won"]) == (162, 162, 0.5)
    assert read.rounds[0].tables[0].game.totals == (268, 56)
    assert [h.totals for h in read.rounds[0].tables[0].game.hands] == [(106, 56), (268, 56)]


def test_example_2_the_lowest_in_the_standings_without_a_bye_sits_out() -> None:
    proposal = Night.from_dict(night()).propose("any")
    assert proposal.round == 2
    assert proposal.byes == ("Dov",)
    result = run("night", "-", "--next", stdin=json.dumps(night()))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["round"] == 2 and out["byes"] == ["Dov"]
    assert set(out) == {"round", "tables", "byes"}
    (table,) = out["tables"]
    assert sorted(table["players"]) == ["Ann", "Ben", "Cleo", "Eve"]
    # Ann and Cleo were partners in round 1: the proposal parts them, and Ann, the highest,
    # sits in seat 0 with her partner in seat 2.
    assert table["players"][0] == "Ann" and table["players"][2] != "Cleo"


def euchre_hand(maker: int) -> dict[str, Any]:
    return {"dealer": 3, "maker": maker, "trump": "H", "maker_tricks": 5}


def test_example_3_progressive_winners_move_up_and_split() -> None:
    record = {
        "format": "scorer-night/1",
        "variant": "euchre",
        "event": {"format": "progressive", "rounds": 3, "round_length": 1},
        "players": ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal"],
        "rounds": [
            {
                "tables": [
                    {"players": ["Ann", "Ben", "Cleo", "Dov"], "hands": [euchre_hand(0)]},
                    {"players": ["Eve", "Finn", "Gus", "Hal"], "hands": [euchre_hand(1)]},
                ]
            }
        ],
    }
    proposal = Night.from_dict(record).propose()
    # Table 1: Ann & Cleo stay, Finn & Hal come up; Ann (seat 0) partners Finn (seat 1) and
    # Cleo partners Hal. Table 2: Eve & Gus stay, Ben & Dov come down; Eve partners Ben, Gus
    # partners Dov. Seats by the standings after round 1 (Ann, Cleo, Finn, Hal, then Ben,
    # Dov, Eve, Gus): the side of the highest player takes seats 0 and 2.
    assert proposal.tables == (("Ann", "Cleo", "Finn", "Hal"), ("Ben", "Dov", "Eve", "Gus"))
    assert proposal.byes == ()


def klob_hand() -> dict[str, Any]:
    return {"dealer": 3, "caller": 0, "trump": "H", "card_points": [100, 52], "last_trick": 0}


def test_example_4_swiss_pairs_the_highest_with_the_highest_it_has_not_met() -> None:
    names = {t: [f"{t}1", f"{t}2"] for t in "ABCDEF"}
    record = {
        "format": "scorer-night/1",
        "variant": "klaberjass",
        "event": {"format": "pairs", "round_length": 1},
        "players": [p for t in "ABCDEF" for p in names[t]],
        "teams": [names[t] for t in "ABCDEF"],
        "rounds": [
            {
                "tables": [
                    {
                        "players": [names[a][0], names[b][0], names[a][1], names[b][1]],
                        "hands": [klob_hand()],
                    }
                    for a, b in ("AB", "CD", "EF")
                ]
            }
        ],
    }
    read = Night.from_dict(record)
    assert [r.standing.name for r in read.standings()] == [
        "A1 & A2",
        "C1 & C2",
        "E1 & E2",
        "B1 & B2",
        "D1 & D2",
        "F1 & F2",
    ]
    proposal = read.propose()
    assert proposal.tables == (
        ("A1", "C1", "A2", "C2"),
        ("E1", "B1", "E2", "B2"),
        ("D1", "F1", "D2", "F2"),
    )


def test_example_5_the_circle_method_over_four_teams() -> None:
    teams = ["1", "2", "3", "4"]
    assert circle(teams, 1) == ([("1", "4"), ("2", "3")], None)
    assert circle(teams, 2) == ([("1", "3"), ("4", "2")], None)
    assert circle(teams, 3) == ([("1", "2"), ("3", "4")], None)


def test_example_5_as_a_night_proposes_round_1_by_draw_number() -> None:
    names = {t: [f"{t}a", f"{t}b"] for t in "1234"}
    record = {
        "format": "scorer-night/1",
        "variant": "coinche",
        "event": {"format": "round_robin"},
        "players": [p for t in "1234" for p in names[t]],
        "teams": [names[t] for t in "1234"],
        "rounds": [],
    }
    proposal = Night.from_dict(record).propose()
    assert proposal.tables == (("1a", "4a", "1b", "4b"), ("2a", "3a", "2b", "3b"))
    assert Night.from_dict(record).round_count == 3

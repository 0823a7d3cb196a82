"""Player and partnership stats, against a circle whose numbers are worked out by hand.

The circle (Klaberjass to 200; seats 0 and 2 are one team, 1 and 3 the other):

K1  Ann, Ben, Cleo, Dov. Hand 1: Ann calls and makes 96 + 10 (last trick) = 106 against
    56 + Ben's 3-card run 20 = 76. Hand 2, removed: Cleo calls with a 5-card run (it would
    have ended the game). Hand 2 again: Ben calls, his side takes 56 of 162: it forfeits and
    Ann & Cleo take all 162. 268 to 76: Ann & Cleo win.
K2  Ben, Ann, Dov, Cleo. Hand 1, as first saved: Dov calls and makes 106; edited: his side
    took 56, a forfeit, 0 to 162. Hand 2: Ann calls and makes 106 against 56 + Ben's A-high
    run 20 (Ann's K-high run is outranked: not counted). 76 to 268: Ann & Cleo win.
P   304 over two deals, Ben, Ann, Dov, Cleo. Deal 1: Ben bids 180 with Dov, makes it (+1
    each). Deal 2: Ann bids 200 with Cleo, makes 185: fails (−1 each). Ben and Dov share the
    win on 1 each.
K3  in progress: Cleo calls and makes 106 to 56.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Circle, Game
from games.pages.stats import PlayerLine, Series, Stats, circle_stats
from games.pages.win_rates import APART, MOST_LINES, win_rate_chart
from tests.conftest import klob_hand


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def klaberjass(circle: Circle, players: list[str]) -> Game:
    return Game.create(circle, "klaberjass", players, {"target": 200}, first_dealer=3)


@pytest.fixture
def played(circle: Circle) -> Circle:
    return play(circle)


def play(circle: Circle) -> Circle:
    """Plays the circle's games described at the top of this module."""
    k1 = klaberjass(circle, ["Ann", "Ben", "Cleo", "Dov"])
    k1.record_hand(klob_hand(caller=0, declarations=[run(1, 3, "K", "D")]))
    removed = k1.record_hand(klob_hand(dealer=0, caller=2, declarations=[run(2, 5, "A", "S")]))
    k1.remove_hand(removed.pk)
    k1.record_hand(klob_hand(dealer=0, caller=1))

    k2 = klaberjass(circle, ["Ben", "Ann", "Dov", "Cleo"])
    first = k2.record_hand(klob_hand(caller=2))
    k2.edit_hand(first.pk, klob_hand(caller=2, card_points=[56, 96]), first.version)
    ann_and_ben = [run(1, 3, "K", "S"), run(0, 3, "A", "C")]
    k2.record_hand(
        klob_hand(dealer=0, caller=1, card_points=[56, 96], last_trick=1, declarations=ann_and_ben)
    )

    p = Game.create(circle, "304", ["Ben", "Ann", "Dov", "Cleo"], {"deals": 2}, first_dealer=3)
    p.record_hand(
        {"dealer": 3, "bidder": 0, "bid": 180, "trump": "S", "called_card": "AH", "partner": 2,
         "points": 190, "tricks": 5}
    )  # fmt: skip
    p.record_hand(
        {"dealer": 0, "bidder": 1, "bid": 200, "trump": "C", "called_card": "JD", "partner": 3,
         "points": 185, "tricks": 4}
    )  # fmt: skip

    k3 = klaberjass(circle, ["Cleo", "Dov", "Ann", "Ben"])
    k3.record_hand(klob_hand(caller=0))
    # The games as the table played them, whatever happened to them since.
    for game in (k1, k2, p, k3):
        game.refresh_from_db()
    assert [k1.winners, k2.winners, p.winners, k3.winners] == [[0], [1], [0, 2], []]
    return circle


def stats_of(circle: Circle, variant: str | None = None) -> Stats:
    games = circle.games.all()
    return circle_stats(games.filter(variant=variant) if variant else games, variant)


def by_name(stats: Stats) -> dict[str, PlayerLine]:
    return {p.name: p for p in stats.players}


def test_it_counts_finished_games_played_and_won_with_a_shared_win_for_both(
    played: Circle,
) -> None:
    players = by_name(stats_of(played))
    results = {n: (p.played, p.won, p.win_rate) for n, p in players.items()}
    assert results == {
        "Ann": (3, 2, 67),
        "Cleo": (3, 2, 67),
        "Ben": (3, 1, 33),
        "Dov": (3, 1, 33),
    }


def test_its_streaks_run_in_the_order_the_games_were_played(played: Circle) -> None:
    players = by_name(stats_of(played))
    streaks = {n: (p.current_streak, p.best_streak) for n, p in players.items()}
    # Ann and Cleo won K1 and K2, then lost the 304; Ben and Dov lost both, then shared it.
    assert streaks == {"Ann": (0, 2), "Cleo": (0, 2), "Ben": (1, 1), "Dov": (1, 1)}


def test_a_game_in_progress_counts_its_contracts_but_not_a_result(played: Circle) -> None:
    cleo = by_name(stats_of(played, "klaberjass"))["Cleo"]
    assert (cleo.played, cleo.taken, cleo.made) == (2, 1, 1)


def test_contracts_count_a_forfeit_and_an_edited_hand_as_failed_and_no_removed_hand(
    played: Circle,
) -> None:
    players = by_name(stats_of(played, "klaberjass"))
    contracts = {n: (p.taken, p.made, p.failed, p.made_rate) for n, p in players.items()}
    assert contracts == {
        "Ann": (2, 2, 0, 100),
        "Ben": (1, 0, 1, 0),  # K1's forfeit
        "Dov": (1, 0, 1, 0),  # K2's hand 1 as edited, not as first saved
        "Cleo": (1, 1, 0, 100),  # K3 only: her hand in K1 was removed
    }


def test_contracts_over_all_games_add_the_304_bids_and_their_average_within_304(
    played: Circle,
) -> None:
    everything = by_name(stats_of(played))
    assert (everything["Ann"].taken, everything["Ann"].made, everything["Ann"].failed) == (3, 2, 1)
    assert (everything["Ben"].taken, everything["Ben"].made, everything["Ben"].failed) == (2, 1, 1)
    assert everything["Ann"].made_rate == 67
    three_o_four = stats_of(played, "304")
    averages = {p.name: p.average_contract for p in three_o_four.players if p.taken}
    assert averages == {"Ben": 180, "Ann": 200}
    assert three_o_four.has_contract_values
    # Klaberjass has no contract value to average, and all games mix 304 with it.
    assert not stats_of(played, "klaberjass").has_contract_values
    assert not stats_of(played).has_contract_values


def test_declarations_count_what_was_declared_and_what_counted(played: Circle) -> None:
    players = by_name(stats_of(played, "klaberjass"))
    declared = {n: (p.declared, p.counted, p.counted_points) for n, p in players.items()}
    assert declared == {
        "Ben": (2, 2, 40),  # a run in K1 and the higher run in K2
        "Ann": (1, 0, 0),  # outranked by Ben's
        "Cleo": (0, 0, 0),  # her 5-card run was in the removed hand
        "Dov": (0, 0, 0),
    }


def test_the_best_hand_is_a_sides_highest_hand_score_within_one_game(played: Circle) -> None:
    stats = stats_of(played, "klaberjass")
    best = {n: p.best.points for n, p in by_name(stats).items() if p.best}
    # 162 from a forfeit (K1 hand 2 and K2's edited hand 1); Ben & Dov's best is 56 + 20.
    assert best == {"Ann": 162, "Cleo": 162, "Ben": 76, "Dov": 76}
    assert stats.best is not None
    assert (stats.best.points, stats.best.side_name, stats.best.number) == (162, "Ann & Cleo", 2)
    assert stats.best.game.players == ["Ann", "Cleo", "Ben", "Dov"]
    assert stats_of(played).best is None  # points of different games do not compare


def test_partnerships_are_the_teams_of_team_games(played: Circle) -> None:
    pairs = [
        (p.first, p.second, p.played, p.won, p.win_rate) for p in stats_of(played).partnerships
    ]
    # 304's called partner is for one deal, not a side: it makes no partnership.
    assert pairs == [("Ann", "Cleo", 2, 2, 100), ("Ben", "Dov", 2, 0, 0)]


def test_head_to_head_counts_who_beat_whom_and_a_shared_win_beats_nobody(
    played: Circle,
) -> None:
    rivals = {(p.leader, p.trailer): p.lead for p in stats_of(played).rivals}
    # Ann & Cleo beat Ben & Dov twice; in the 304, Ben and Dov beat Ann and Cleo and shared
    # the win, so neither beat the other; Ann and Cleo lost together, beating nobody.
    assert rivals == {
        ("Ann", "Ben"): (2, 1),
        ("Ann", "Dov"): (2, 1),
        ("Cleo", "Ben"): (2, 1),
        ("Cleo", "Dov"): (2, 1),
    }


def test_head_to_head_says_two_players_with_as_many_wins_each_are_level(
    client: Client, played: Circle
) -> None:
    # Ben & Dov win a game of their own against Ann & Cleo: Ann and Ben are at 2 wins each.
    game = klaberjass(played, ["Ben", "Ann", "Dov", "Cleo"])
    game.record_hand(klob_hand(caller=0))
    game.record_hand(klob_hand(dealer=0, caller=2))
    game.refresh_from_db()
    assert game.winners == [0]
    page = client.get(f"/c/{played.slug}/stats").content.decode()
    rivals = " ".join(page.split('class="list rivals"', 1)[1].split("</ul>", 1)[0].split())
    level = '<span class="name">Ann</span> and <span class="name">Ben</span> are level'
    assert f'{level} <strong class="num">2–2</strong>' in rivals
    assert 'Ann</span> beat <span class="name">Ben' not in rivals


def test_the_chart_follows_each_players_win_rate_game_by_game(played: Circle) -> None:
    series = {s.name: s.points for s in stats_of(played).series}
    assert series["Ann"] == [(1, 100), (2, 100), (3, 67)]
    assert series["Ben"] == [(1, 0), (2, 0), (3, 33)]


def test_the_stats_page_shows_the_tables_and_an_accessible_chart(
    client: Client, played: Circle
) -> None:
    page = client.get(f"/c/{played.slug}/stats").content.decode()
    assert '<title id="winrate-title">Win rate over time</title>' in page
    assert "Ann 67%; Cleo 67%; Ben 33%; Dov 33%" in page  # the chart's description
    assert "style=" not in page
    assert "Ann &amp; Cleo" in page and "Head to head" in page
    one_game = client.get(f"/c/{played.slug}/stats?variant=304").content.decode()
    assert "Stats: 304" in one_game and "Avg" in one_game


@pytest.mark.parametrize("value", ["nope", "x" * 5000, "\x00", "coinche", "١٢"])
def test_an_unknown_game_in_the_link_shows_all_games(
    client: Client, played: Circle, value: str
) -> None:
    response = client.get(f"/c/{played.slug}/stats", {"variant": value})
    assert response.status_code == 200
    assert response.context["variant"] is None
    assert response.context["stats"].finished == 3


def import_games(circle: Circle, count: int) -> None:
    hands = [klob_hand(), klob_hand(dealer=0, caller=1, declarations=[run(1, 3, "K", "D")])]
    for i in range(count):
        names = ["Ann", "Ben", "Cleo", f"Player {i % 7}"]
        record = {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {"target": 200},
            "players": names,
            "hands": hands,
        }
        Game.import_record(circle, record, as_copy=True)  # every seventh game is alike


def queries(client: Client, url: str) -> int:
    client.get(url)  # the session and the circle cookie are settled by a first visit
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@pytest.mark.parametrize("variant", ["", "?variant=klaberjass"])
def test_the_stats_page_takes_as_many_queries_for_fifty_games_as_for_one(
    client: Client, circle: Circle, variant: str
) -> None:
    url = f"/c/{circle.slug}/stats{variant}"
    import_games(circle, 1)
    one = queries(client, url)
    import_games(circle, 49)
    assert queries(client, url) == one
    # The circle, its games' variants, games, seats, contracts, best hands, declarations and
    # (for one game) the hand that scored best.
    assert one <= 8


def test_a_circle_of_one_game_can_still_choose_it_and_draws_no_chart_of_one_result(
    client: Client, circle: Circle
) -> None:
    import_games(circle, 1)
    page = client.get(f"/c/{circle.slug}/stats").content.decode()
    assert f'href="/c/{circle.slug}/stats?variant=klaberjass"' in page
    assert "Win rate over time" not in page, "one game has no over time"
    import_games(circle, 1)
    assert "Win rate over time" in client.get(f"/c/{circle.slug}/stats").content.decode()


EIGHT = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Fay", "Şule", "முத்துலட்சுமி"]


def eight_players(circle: Circle) -> Circle:
    """Three Klaberjass games of eight players, seats 0 and 2 winning each: Ann and Cleo
    win two together, Ben and Dov lose one together (each pair's line is one line); Eve, Şule
    and the others play fewer games."""
    for players in (
        ["Ann", "Ben", "Cleo", "Dov"],
        ["Eve", "Fay", "Şule", "முத்துலட்சுமி"],
        ["Ann", "Eve", "Cleo", "Fay"],
    ):
        game = klaberjass(circle, players)
        game.record_hand(klob_hand(caller=0))
        game.record_hand(klob_hand(dealer=0, caller=1))
        game.refresh_from_db()
        assert game.winners == [0]
    return circle


def test_the_chart_draws_every_one_of_eight_players(client: Client, circle: Circle) -> None:
    page = client.get(f"/c/{eight_players(circle).slug}/stats").content.decode()
    chart = page.split('<section aria-labelledby="chart-title">', 1)[1].split("</section>", 1)[0]
    legend = chart.split('class="legend"', 1)[1]
    for name in EIGHT:
        assert re.search(f'<span class="name">{name}[ <]', legend), name
    classes = re.findall(r'<polyline class="chart-line (series-\d+)"', chart)
    assert sorted(classes) == sorted(f"series-{i}" for i in range(8))
    assert "Not drawn" not in chart


def test_lines_that_are_one_line_are_drawn_apart_and_the_legend_says_so(
    client: Client, circle: Circle
) -> None:
    chart = win_rate_chart(stats_of(eight_players(circle)).series, 3)
    assert chart is not None
    lines = {line.name: line for line in chart.lines}
    # Ann and Cleo won games 1 and 3 together: one line at 100 %, drawn APART (3) apart.
    assert lines["Ann"].same_as == ("Cleo",) and lines["Cleo"].same_as == ("Ann",)
    ann = [tuple(map(float, p.split(","))) for p in lines["Ann"].points.split()]
    cleo = [tuple(map(float, p.split(","))) for p in lines["Cleo"].points.split()]
    assert [x for x, _ in ann] == [x for x, _ in cleo]
    assert {round(b[1] - a[1], 1) for a, b in zip(ann, cleo, strict=True)} == {APART}
    # Eve won game 2 with Şule, then lost: her line is her own.
    assert lines["Eve"].same_as == ()
    assert "One line, the same win rate game by game: Ann, Cleo." in chart.description
    page = client.get(f"/c/{circle.slug}/stats").content.decode()
    assert "one line with Cleo" in page and "one line with Ann" in page


def test_past_twelve_players_the_legend_names_those_not_drawn(circle: Circle) -> None:
    many = [Series(f"Player {i:02}", [(1, 50)] * (20 - i)) for i in range(14)]
    chart = win_rate_chart(many, 20)
    assert chart is not None
    assert len(chart.lines) == MOST_LINES
    assert chart.left_out == ("Player 12", "Player 13")

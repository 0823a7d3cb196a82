"""The score chart: its geometry worked out by hand, and its place on the pages (issue 12,
part 2).

The plot runs from x 34 to 314 and from y 10 (the highest score shown) to 130 (the lowest):
hand n of N is at x = 34 + round(280 n / N), a total v at y = 10 + round(120 (high − v) /
(high − low)), where high and low take in 0 and the target.
"""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games.models import Game
from games.pages.score_chart import Label, score_chart, thinned
from tests.conftest import hand_post, klob_hand

SIDES = ("Ann & Cleo", "Ben & Dov")


def test_each_side_is_a_line_from_zero_through_its_totals() -> None:
    # x: 34, 34 + round(93.3) = 127, 34 + round(186.7) = 221, 314.
    # y = 10 + round(0.24 (500 − v)): 0 → 130, 106 → 105, 268 → 66, 328 → 51, 56 → 117,
    # 158 → 92.
    chart = score_chart(SIDES, [(106, 56), (268, 56), (328, 158)], [(2, 1)], 500)
    assert chart is not None
    assert chart.lines == ("34,130 127,105 221,66 314,51", "34,130 127,117 221,117 314,92")


def test_the_target_is_a_line_at_its_height_and_labelled_once() -> None:
    chart = score_chart(SIDES, [(106, 56)], [], 500)
    assert chart is not None
    assert (chart.target_y, chart.target, chart.zero_y) == (10, 500, 130)
    # The target's own label stands at its line; only 0 is left for the score labels.
    assert chart.score_labels == (Label(30, 130, "0"),)


def test_the_left_margin_grows_with_the_longest_label_so_none_is_cut() -> None:
    # 11 px digits are about 6.5 units wide, and a label ends 4 units short of the plot.
    short = score_chart(["A", "B"], [(100, 60)], [], 0)
    assert short is not None and short.left == 34
    long = score_chart(["A", "B"], [(9000, -1200)], [], 10000)
    assert long is not None and long.left == 6 + round(6.5 * len("10000"))
    assert all(label.x == long.left - 4 for label in long.score_labels)
    assert long.lines[0].startswith(f"{long.left},")


def test_a_failed_contract_is_a_cross_on_its_side_at_that_hand() -> None:
    # Ben & Dov failed in hand 2, at (221, 117): a cross 6 units wide centred there.
    chart = score_chart(SIDES, [(106, 56), (268, 56), (328, 158)], [(2, 1)], 500)
    assert chart is not None
    assert chart.marks == ("", "M218,114l6,6m0,-6l-6,6")
    assert "✗ marks 1 failed contract." in chart.description


def test_negative_totals_go_below_the_zero_line() -> None:
    # Hoşkin: high 3000 (the target), low −600, 30 points a unit: 0 → 110, −600 → 130,
    # 440 → 10 + round(85.3) = 95.
    chart = score_chart(SIDES, [(-600, 440)], [(1, 0)], 3000)
    assert chart is not None
    assert chart.lines == ("34,110 314,130", "34,110 314,95")
    assert chart.zero_y == 110
    assert chart.marks == ("M311,127l6,6m0,-6l-6,6", "")
    assert chart.score_labels == (Label(30, 130, "\u2212600"), Label(30, 110, "0"))


def test_a_game_without_a_target_draws_no_target_line() -> None:
    # 304 plays a number of deals: high 1, low −1, 60 units a point.
    chart = score_chart(("A", "B", "C", "D"), [(1, 1, -1, -1)], [], 0)
    assert chart is not None
    assert chart.target_y is None
    assert chart.lines == ("34,70 314,10", "34,70 314,10", "34,70 314,130", "34,70 314,130")
    assert "target" not in chart.description


def test_one_hand_is_a_line_from_the_start_and_no_hands_is_no_chart() -> None:
    chart = score_chart(SIDES, [(0, 0)], [], 0)
    assert chart is not None
    assert chart.lines == ("34,130 314,130", "34,130 314,130")
    assert [label.text for label in chart.hand_labels] == ["1"]
    assert chart.title == "Running totals over 1 hand"
    assert score_chart(SIDES, [], [], 500) is None


def test_points_on_the_way_of_a_straight_line_are_left_out() -> None:
    assert thinned([(0, 0), (1, 1), (2, 2), (2, 2), (3, 0), (4, 0), (5, 0)]) == [
        (0, 0),
        (2, 2),
        (3, 0),
        (5, 0),
    ]
    # A turn back on the same line is kept: the point is not between its neighbours.
    assert thinned([(0, 0), (0, 5), (0, 2)]) == [(0, 0), (0, 5), (0, 2)]


def test_five_hundred_hands_stay_a_few_kilobytes_inside_the_plot() -> None:
    totals, failed, running = [], [], [0, 0]
    for n in range(1, 501):
        scores = (162, 0) if n % 5 == 0 else (90, 72)
        running = [running[0] + scores[0], running[1] + scores[1]]
        totals.append(tuple(running))
        if n % 5 == 0:
            failed.append((n, 1))
    chart = score_chart(SIDES, totals, failed, 500)
    assert chart is not None
    assert len("".join(chart.lines) + "".join(chart.marks)) < 9000
    for line in chart.lines:
        for point in line.split():
            x, y = map(int, point.split(","))
            assert 34 <= x <= 314 and 10 <= y <= 130
    assert chart.lines[0].endswith("314,10") and chart.marks[1].count("M") == 100


# -- on the pages ----------------------------------------------------------------------------


def game_page(client: Client, game: Game) -> str:
    return client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()


def svg(html: str) -> str:
    return html[html.index("<svg") : html.index("</svg>")]


def test_a_game_without_hands_shows_no_chart(client: Client, game: Game) -> None:
    assert "<svg" not in game_page(client, game)


def test_the_chart_has_a_title_and_a_description_it_is_labelled_by(
    client: Client, game: Game
) -> None:
    game.record_hand(klob_hand())
    drawn = svg(game_page(client, game))
    assert 'role="img" aria-labelledby="chart-title chart-desc"' in drawn
    assert '<title id="chart-title">Running totals over 1 hand</title>' in drawn
    assert '<desc id="chart-desc">Now Ann &amp; Cleo 106, Ben &amp; Dov 56.' in drawn
    assert 'class="target"' in drawn and 'class="line team-1"' in drawn
    assert "style=" not in drawn
    # No contract failed: the key has no entry for a cross.
    assert "failed contract" not in game_page(client, game)


def test_the_watch_page_shows_the_chart(game: Game) -> None:
    game.record_hand(klob_hand())
    html = Client().get(reverse("watch", args=[game.watch_slug])).content.decode()
    assert '<polyline class="line team-0" points="34,130 314,' in html


def test_a_saved_hand_comes_back_with_the_chart_redrawn(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    url = reverse("hand_record", args=[game.circle.slug, game.slug])
    response = client.post(url, hand_post(caller="1", trump="S"), HTTP_HX_REQUEST="true")
    drawn = svg(response.content.decode())
    assert "Running totals over 2 hands" in drawn
    # Ben called ♠ and made 56 against 96 + 10: failed, a cross on Ben & Dov's line.
    assert re.search(r'<path class="fail team-1" d="M\d+,\d+l6,6m0,-6l-6,6"/>', drawn)
    assert "✗ failed contract</span>" in response.content.decode()


def test_a_poll_after_another_phone_saved_brings_the_new_chart(client: Client, game: Game) -> None:
    game.record_hand(klob_hand())
    seen = game.version
    game.record_hand(klob_hand())
    url = reverse("game_live", args=[game.circle.slug, game.slug])
    html = client.get(url, {"v": seen, "d": 0}, HTTP_HX_REQUEST="true").content.decode()
    assert "Running totals over 2 hands" in svg(html)


def test_the_chart_is_drawn_once_per_change_to_the_game(
    client: Client, game: Game, monkeypatch: Any
) -> None:
    from django.core.cache import caches

    from games.pages import score_chart as chart_page

    caches["rows"].clear()
    drawn: list[int] = []
    draw = chart_page.draw_chart
    monkeypatch.setattr(
        chart_page, "draw_chart", lambda g, *a: drawn.append(g.version) or draw(g, *a)
    )
    game.record_hand(klob_hand())
    page = reverse("game", args=[game.circle.slug, game.slug])
    first = client.get(page).content.decode()
    assert client.get(page).content.decode().count("<polyline") == first.count("<polyline") == 2
    assert len(drawn) == 1
    game.record_hand(klob_hand())
    second = client.get(page).content.decode()
    assert len(drawn) == 2 and second != first


def test_a_sample_of_a_long_game_puts_each_hand_at_its_place() -> None:
    chart = score_chart(
        ["Us", "Them"], [(10, 0), (30, 0), (40, 20)], [(4, 0), (9, 1)], 0, numbers=[3, 6, 9]
    )
    assert chart is not None
    assert [label.text for label in chart.hand_labels] == ["1", "9"]
    full = score_chart(["Us", "Them"], [(0, 0)] * 8 + [(40, 20)], [], 0)
    assert full is not None
    # Hand 9 ends at the same place either way; hand 4 was not sampled, so not marked.
    assert chart.lines[0].split()[-1] == full.lines[0].split()[-1]
    assert chart.marks[0] == "" and chart.marks[1] != "" and chart.failures == 2


def test_a_long_game_is_drawn_from_every_few_hands(
    game: Game, monkeypatch: Any, django_assert_num_queries: Any
) -> None:
    from games.pages import score_chart as chart_page

    monkeypatch.setattr(chart_page, "CHART_POINTS", 5)
    game = Game.create(game.circle, "klaberjass", game.player_names(), {"target": 100000})
    for _ in range(12):
        game.record_hand(klob_hand())
    sides = game.side_names
    with django_assert_num_queries(1) as queries:
        chart = chart_page.draw_chart(game, sides, 100000)
    assert chart is not None and chart.hand_labels[-1].text == "12"
    # Every third hand and the last: hands 3, 6, 9 and 12, and the start at 0.
    assert len(chart.lines[0].split()) <= 5
    # Only those are read, looked up by number: not every hand of a long game.
    assert '"number" IN (3, 6, 9, 12)' in queries.captured_queries[0]["sql"]

"""The win-rate chart as numbers for an SVG drawn on the server: no script, no inline styles
(the stylesheet colours each line by its class, in light and dark mode alike)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.pages.game_rows import percent_text
from games.pages.stats import Series

WIDTH, HEIGHT = 340, 180
LEFT, RIGHT, TOP, BOTTOM = 42, 10, 10, 22
# A line with more corners than this is thinned: a phone shows no more, and a circle of
# 1,000 games would otherwise send thousands of points per player.
MOST_POINTS = 120


@dataclass(frozen=True)
class Line:
    name: str
    index: int
    points: str
    """The polyline's points attribute: "x,y x,y …"."""
    last: int
    """The player's win rate now, in %."""
    end: tuple[float, float]
    """Where the line ends, marked with a dot (a line of one game is only its dot)."""

    @property
    def last_text(self) -> str:
        """The win rate now, as the reader's language writes a percentage."""
        return percent_text(self.last)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[Line, ...]
    grid: tuple[tuple[int, float], ...]
    """(percent, y) for the horizontal rules."""
    left: int
    right: float
    bottom: float
    games: int

    @property
    def description(self) -> str:
        said = "; ".join(
            _("%(name)s %(rate)s") % {"name": line.name, "rate": line.last_text}
            for line in self.lines
        )
        return ngettext(
            "Win rate after each of the circle's %(count)s finished game. Now: %(rates)s.",
            "Win rate after each of the circle's %(count)s finished games. Now: %(rates)s.",
            self.games,
        ) % {"count": self.games, "rates": said}

    @property
    def grid_labels(self) -> tuple[tuple[int, float, str], ...]:
        """(percent, y, the percentage as the reader's language writes it) per rule."""
        return tuple((rate, y, percent_text(rate)) for rate, y in self.grid)


def thinned(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """At most MOST_POINTS of `points`, evenly spaced, always keeping the last."""
    if len(points) <= MOST_POINTS:
        return list(points)
    step = -(-len(points) // MOST_POINTS)
    kept = list(points[::step])
    if kept[-1] != points[-1]:
        kept.append(points[-1])
    return kept


def win_rate_chart(series: Sequence[Series], games: int) -> Chart | None:
    """The chart of each player's win rate over the finished games; None before the second:
    over one game there is no "over time" to draw."""
    if not series or games < 2:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(place: int) -> float:
        return LEFT + (plot_w * (place - 1) / (games - 1) if games > 1 else plot_w / 2)

    def y(rate: int) -> float:
        return TOP + plot_h * (100 - rate) / 100

    lines = tuple(
        Line(
            s.name,
            i,
            " ".join(f"{x(place):.1f},{y(rate):.1f}" for place, rate in thinned(s.points)),
            s.points[-1][1],
            (round(x(s.points[-1][0]), 1), round(y(s.points[-1][1]), 1)),
        )
        for i, s in enumerate(series)
    )
    grid = tuple((rate, y(rate)) for rate in (0, 50, 100))
    return Chart(WIDTH, HEIGHT, lines, grid, LEFT, WIDTH - RIGHT, TOP + plot_h, games)

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
# Each line is told apart by its colour and its dash together (the stylesheet's series-0 to
# series-11). A circle of more players draws the players with most games; the legend names
# the others, and says why.
MOST_LINES = 12
# Lines that are one line (partners who played every game together) are drawn this far
# apart, in the SVG's units, so that each shows; the legend says they coincide.
APART = 3


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
    same_as: tuple[str, ...] = ()
    """The other players whose win rate went exactly as this one's: one line, drawn apart."""

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
    left_out: tuple[str, ...] = ()
    """The players not drawn (past MOST_LINES, those with fewest games), named in the legend."""

    @property
    def description(self) -> str:
        said = "; ".join(
            _("%(name)s %(rate)s") % {"name": line.name, "rate": line.last_text}
            for line in self.lines
        )
        described = ngettext(
            "Win rate after each of the circle's %(count)s finished game. Now: %(rates)s.",
            "Win rate after each of the circle's %(count)s finished games. Now: %(rates)s.",
            self.games,
        ) % {"count": self.games, "rates": said}
        shared = [line for line in self.lines if line.same_as and line.name < min(line.same_as)]
        for line in shared:
            names = ", ".join((line.name, *line.same_as))
            described += " " + _("One line, the same win rate game by game: %(names)s.") % {
                "names": names
            }
        return described

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

    most_games = sorted(series, key=lambda s: (-len(s.points), s.name))[:MOST_LINES]
    drawn = [s for s in series if s in most_games]
    # Players whose every point is the same share one line: each is drawn a little apart.
    alike: dict[tuple[tuple[int, int], ...], list[str]] = {}
    for s in drawn:
        alike.setdefault(tuple(s.points), []).append(s.name)

    def line(index: int, s: Series) -> Line:
        names = alike[tuple(s.points)]
        shift = (names.index(s.name) - (len(names) - 1) / 2) * APART
        end = s.points[-1]
        return Line(
            s.name,
            index,
            " ".join(f"{x(place):.1f},{y(rate) + shift:.1f}" for place, rate in thinned(s.points)),
            end[1],
            (round(x(end[0]), 1), round(y(end[1]) + shift, 1)),
            tuple(name for name in names if name != s.name),
        )

    lines = tuple(line(i, s) for i, s in enumerate(drawn))
    left_out = tuple(s.name for s in series if s not in most_games)
    grid = tuple((rate, y(rate)) for rate in (0, 50, 100))
    return Chart(WIDTH, HEIGHT, lines, grid, LEFT, WIDTH - RIGHT, TOP + plot_h, games, left_out)

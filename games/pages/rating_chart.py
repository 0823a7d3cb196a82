"""A member's rating over their games as numbers for an SVG drawn on the server, as the
win-rate chart is (games/pages/win_rates.py): no script, no inline styles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import ngettext

from games.pages.win_rates import thinned

WIDTH, HEIGHT = 340, 160
LEFT, RIGHT, TOP, BOTTOM = 42, 10, 10, 22
# The rules are drawn at multiples of this, and the chart spans at least two of them, so a
# change of a few points does not fill the height.
STEP = 100


@dataclass(frozen=True)
class RatingChart:
    width: int
    height: int
    points: str
    """The polyline's points attribute: "x,y x,y …"."""
    end: tuple[float, float]
    grid: tuple[tuple[int, float], ...]
    """(rating, y) for the horizontal rules."""
    left: int
    right: float
    games: int
    first: int
    last: int
    game_name: str

    @property
    def description(self) -> str:
        return ngettext(
            "%(game)s rating before the first game and after each of %(count)s game: "
            "from %(first)s to %(last)s.",
            "%(game)s rating before the first game and after each of %(count)s games: "
            "from %(first)s to %(last)s.",
            self.games,
        ) % {"game": self.game_name, "count": self.games, "first": self.first, "last": self.last}


def rating_chart(shown: Sequence[int], game_name: str) -> RatingChart | None:
    """The rating before the first game and after each game (`shown`, at least two values:
    the start and one game); None with fewer."""
    if len(shown) < 2:
        return None
    low = min(shown) // STEP * STEP
    high = max(-(-max(shown) // STEP) * STEP, low + 2 * STEP)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    games = len(shown) - 1

    def x(place: int) -> float:
        return LEFT + plot_w * place / games

    def y(value: int) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    kept = thinned(list(enumerate(shown)))
    points = " ".join(f"{x(place):.1f},{y(value):.1f}" for place, value in kept)
    middle = (low + high) // 2 // STEP * STEP
    rules = sorted({low, middle, high})
    return RatingChart(
        WIDTH,
        HEIGHT,
        points,
        (round(x(games), 1), round(y(shown[-1]), 1)),
        tuple((value, round(y(value), 1)) for value in rules),
        LEFT,
        WIDTH - RIGHT,
        games,
        shown[0],
        shown[-1],
        str(game_name),
    )

"""The score chart: each side's running total over the hands, as SVG geometry.

The page draws it from these numbers (templates/games/_chart.html) with CSS classes for the
colours, so it needs no script and no inline style, and follows dark mode. Coordinates are
whole units of the viewBox and a line drops the points that lie on it anyway: at 500 hands
the chart stays a few kilobytes (issue 15 keeps the page small).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.words import signed

# The viewBox, and the plot inside it: the left margin holds the score labels, the bottom
# one the hand numbers.
WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 34, 314, 10, 130
MARK = 3
"""Half the size of the ✗ drawn on a failed contract."""
SPAN = 2 * MARK


@dataclass(frozen=True)
class Label:
    x: int
    y: int
    text: str


@dataclass(frozen=True)
class Chart:
    lines: tuple[str, ...]
    """Per side, the polyline's points: "34,130 174,116 314,102"."""
    marks: tuple[str, ...]
    """Per side, a path of ✗ marks on the hands where that side's contract failed ("" for
    none)."""
    target_y: int | None
    zero_y: int
    score_labels: tuple[Label, ...]
    hand_labels: tuple[Label, ...]
    target: int
    title: str
    description: str
    failures: int = 0
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT


def score_chart(
    sides: Sequence[str],
    totals: Sequence[Sequence[int]],
    failed: Sequence[tuple[int, int]],
    target: int,
    numbers: Sequence[int] = (),
) -> Chart | None:
    """The chart of `totals` (one tuple per hand, after it, in order); `failed` lists
    (hand number, side) for each contract that failed; a `target` of 0 means none. None
    without hands: there is nothing to draw.

    `numbers` names the hand of each row of `totals` when they are a sample of a long game
    (every few hands, and the last): the chart is a few hundred units wide, so a longer
    game draws the same from a sample. A failed contract on a hand left out of the sample
    is not marked. By default the rows are hands 1, 2, 3 and so on."""
    if not totals:
        return None
    numbers = list(numbers) or list(range(1, len(totals) + 1))
    at = dict(zip(numbers, totals, strict=True))
    count = numbers[-1]
    every = [0, *(t for row in totals for t in row)]
    low = min(every)
    high = max([*every, target])
    if high == low:
        high = low + 1

    def x(hand: int) -> int:
        return LEFT + round(hand * (RIGHT - LEFT) / count)

    def y(value: int) -> int:
        return TOP + round((high - value) * (BOTTOM - TOP) / (high - low))

    lines = []
    for side in range(len(sides)):
        points = [(x(0), y(0))] + [(x(n), y(row[side])) for n, row in at.items()]
        lines.append(" ".join(f"{px},{py}" for px, py in thinned(points)))
    marks = [""] * len(sides)
    for number, side in failed:
        if number not in at:
            continue
        cx, cy = x(number), y(at[number][side])
        marks[side] += f"M{cx - MARK},{cy - MARK}l{SPAN},{SPAN}m0,-{SPAN}l-{SPAN},{SPAN}"
    shown = sorted({high, low, 0} - ({target} if target else set()))
    score_labels = [Label(LEFT - 4, y(v), _number(v)) for v in shown]
    hand_labels = [Label(x(1), HEIGHT - 4, "1")]
    if count > 1:
        hand_labels.append(Label(x(count), HEIGHT - 4, str(count)))
    return Chart(
        lines=tuple(lines),
        marks=tuple(marks),
        target_y=y(target) if target else None,
        zero_y=y(0),
        score_labels=tuple(score_labels),
        hand_labels=tuple(hand_labels),
        target=target,
        title=ngettext(
            "Running totals over %(count)s hand", "Running totals over %(count)s hands", count
        )
        % {"count": count},
        description=_description(sides, totals[-1], len(failed), target),
        failures=len(failed),
    )


def thinned(points: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The points without those a straight line through their neighbours passes anyway
    (repeats, and the middle of a run along one line): the same drawing, fewer bytes."""
    kept: list[tuple[int, int]] = []
    for point in points:
        if kept and kept[-1] == point:
            continue
        if len(kept) >= 2 and _between(kept[-2], kept[-1], point):
            kept[-1] = point
        else:
            kept.append(point)
    return kept


def _between(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> bool:
    """Whether b lies on the segment from a to c."""
    cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    inside = min(a[0], c[0]) <= b[0] <= max(a[0], c[0]) and min(a[1], c[1]) <= b[1] <= max(
        a[1], c[1]
    )
    return cross == 0 and inside


def _number(value: int) -> str:
    """A score label, with a real minus sign."""
    return signed(value).lstrip("+") if value else "0"


def _description(sides: Sequence[str], last: Sequence[int], failed: int, target: int) -> str:
    standing = ", ".join(
        _("%(side)s %(total)s") % {"side": side, "total": _number(t)}
        for side, t in zip(sides, last, strict=True)
    )
    parts = [_("Now %(standing)s.") % {"standing": standing}]
    if target:
        parts.append(_("The dashed line is the target, %(target)s.") % {"target": target})
    if failed:
        parts.append(
            ngettext(
                "✗ marks %(count)s failed contract.", "✗ marks %(count)s failed contracts.", failed
            )
            % {"count": failed}
        )
    return " ".join(parts)

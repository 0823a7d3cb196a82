"""The score chart: each side's running total over the hands, as SVG geometry.

The page draws it from these numbers (templates/games/_chart.html) with CSS classes for the
colours, so it needs no script and no inline style, and follows dark mode. Coordinates are
whole units of the viewBox and a line drops the points that lie on it anyway: at 500 hands
the chart stays a few kilobytes (issue 15 keeps the page small). A game's chart is kept in the
"rows" cache under what it shows (game_chart).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import caches
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game
from games.words import signed

# The viewBox, and the plot inside it: the left margin holds the score labels, the bottom
# one the hand numbers.
WIDTH, HEIGHT = 320, 150
LEFT, RIGHT, TOP, BOTTOM = 34, 314, 10, 130
MARK = 3
"""Half the size of the ✗ drawn on a failed contract."""
DIGIT = 6.5
"""How wide a character of a score label is drawn (11 px text), at most: the left margin
grows with the longest label, so that "10000" or "−1200" is never cut at the edge."""
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
    shown = sorted({high, low, 0} - ({target} if target else set()))
    longest = max(len(text) for text in [*map(_number, shown), str(target) if target else ""])
    left = max(LEFT, 6 + round(DIGIT * longest))

    def x(hand: int) -> int:
        return left + round(hand * (RIGHT - left) / count)

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
    score_labels = [Label(left - 4, y(v), _number(v)) for v in shown]
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
        left=left,
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


def game_chart(game: Game, sides: tuple[str, ...], target: int) -> Chart | None:
    """The running totals of every live hand as a chart, the failed contracts marked.

    It reads every hand, so it is kept in the "rows" cache under what it shows: the game's
    version (every change to a hand makes a new one), the side names, the target and the
    language its words are in. A page or a poll of a 500-hand game then costs what a 5-hand
    one does."""
    shown = (sides, target, translation.get_language())
    key = hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()
    key = f"chart:{game.slug}:{game.version}:{key}"
    cache = caches["rows"]
    chart: Chart | None = cache.get(key)
    if chart is None and key not in cache:
        chart = draw_chart(game, sides, target)
        cache.set(key, chart)
    return chart


# The chart is 280 units wide: a longer game is drawn from every few hands (thinned).
CHART_POINTS = 280


def draw_chart(game: Game, sides: tuple[str, ...], target: int) -> Chart | None:
    engine = game.engine
    rows = game.live_hands()
    step = -(-game.hand_count // CHART_POINTS)
    if step > 1:
        # Every step-th hand and the newest, looked up by number: a long game's other
        # hands are not read (the live hands are numbered 1 to hand_count).
        sampled = {*range(step, game.hand_count + 1, step), game.hand_count}
        rows = rows.filter(number__in=sorted(sampled))
    read = [
        (number, totals, made, declarer)
        for number, totals, made, declarer in rows.values_list(
            "number", "totals", "made", "declarer"
        )
        if number is not None  # every live hand has its number
    ]
    failed = [
        (number, engine.side_of(declarer))
        for number, _, made, declarer in read
        if made is False and declarer is not None
    ]
    numbers = [number for number, _, _, _ in read]
    return score_chart(sides, [totals for _, totals, _, _ in read], failed, target, numbers)

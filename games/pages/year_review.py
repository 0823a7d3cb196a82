"""A member's year in review: their finished games of one year (its card nights, on the
circle's clock), the nights they played, their wins (a win shared by k sides counts 1/k),
their best night (the most wins, then the most games, then the earliest), their best hand
(the most points one hand scored for their side) and each game's rating at the year's start
and end. Read in a fixed number of queries whatever the number of games."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games import nights
from games.engine.names import contained
from games.models import Circle, Game, Hand, Player, Rating
from games.pages.club_night_page import won_text
from games.pages.game_rows import GameRow, game_rows
from games.ratings import Skill
from games.words import ShownVariant, shown_variant


@dataclass(frozen=True)
class BestNight:
    day: dt.date
    title: str
    wins: str
    games: int

    @property
    def iso(self) -> str:
        """The night as its link names it."""
        return self.day.isoformat()


@dataclass(frozen=True)
class BestHand:
    game_slug: str
    variant: ShownVariant
    day: str
    number: int
    points: int


@dataclass(frozen=True)
class RatingYear:
    variant: ShownVariant
    before: int
    after: int
    games: int

    @property
    def change(self) -> int:
        return self.after - self.before


def year_span(circle: Circle, year: int) -> tuple[dt.datetime, dt.datetime]:
    """The year's card nights as moments: from 06:00 on 1 January to 06:00 on 1 January
    after it, on the circle's clock."""
    zone = circle.zone
    return nights.bounds(dt.date(year, 1, 1), zone)[0], nights.bounds(dt.date(year, 12, 31), zone)[
        1
    ]


def member_years(circle: Circle, member: Player) -> list[int]:
    """The years the member played a game in, the latest first: one query."""
    created = circle.games.counted().filter(seats__player=member).values_list("created", flat=True)
    return sorted({circle.night_of(moment).year for moment in created}, reverse=True)


def best_night(rows: list[GameRow], me: str, circle: Circle) -> BestNight | None:
    wins: dict[dt.date, Fraction] = defaultdict(Fraction)
    games: dict[dt.date, int] = defaultdict(int)
    for row in rows:
        day = circle.night_of(row.created)
        games[day] += 1
        wins[day] += share(row, me)
    if not games:
        return None
    day = min(games, key=lambda d: (-wins[d], -games[d], d))
    return BestNight(day, nights.title(day), won_text(wins[day]), games[day])


def share(row: GameRow, me: str) -> Fraction:
    """The member's win of a game: 1, 1/k of a win shared by k sides, or 0."""
    return Fraction(1, len(row.winners)) if row.won(me) else Fraction(0)


def best_hand(rows: list[GameRow], me: str, circle: Circle) -> BestHand | None:
    """The hand that scored most for the member's side (the earliest of equals): one query."""
    by_pk = {row.pk: row for row in rows}
    hands = Hand.objects.filter(game__in=list(by_pk), removed=None).order_by(
        "game__created", "number"
    )
    best: tuple[int, GameRow, int] | None = None
    for game_id, number, scores in hands.values_list("game_id", "number", "scores"):
        row = by_pk[game_id]
        side = row.side(me)
        if not isinstance(scores, list) or side >= len(scores) or number is None:
            continue
        points = scores[side]
        if isinstance(points, int) and (best is None or points > best[0]):
            best = (points, row, number)
    if best is None:
        return None
    points, row, number = best
    day = nights.short_title(circle.night_of(row.created))
    return BestHand(row.slug, shown_variant(row.variant), day, number, points)


def rating_years(member: Player, start: dt.datetime, end: dt.datetime) -> list[RatingYear]:
    """Each game's rating before the member's first rated game of the year and after the
    last: one query."""
    found = (
        Rating.objects.filter(player=member, game__created__gte=start, game__created__lt=end)
        .order_by("finished", "game_id")
        .values_list("variant", "mu_before", "sigma_before", "mu", "sigma")
    )
    first: dict[str, Skill] = {}
    last: dict[str, Skill] = {}
    count: dict[str, int] = defaultdict(int)
    for variant, mu_before, sigma_before, mu, sigma in found:
        first.setdefault(variant, Skill(mu_before, sigma_before))
        last[variant] = Skill(mu, sigma)
        count[variant] += 1
    return [
        RatingYear(shown_variant(v), first[v].shown, last[v].shown, count[v]) for v in sorted(first)
    ]


def year_review(circle: Circle, member: Player, asked: int | None) -> dict[str, Any]:
    """The member's year `asked` (if they played in it), or their latest."""
    years = member_years(circle, member)
    year = asked if asked in years else (years[0] if years else circle.tonight().year)
    start, end = year_span(circle, year)
    games = Game.objects.counted().filter(
        circle=circle, seats__player=member, created__gte=start, created__lt=end
    )
    me = contained(member.name)
    rows = [r for r in game_rows(games) if r.finished and circle.night_of(r.created).year == year]
    wins = sum((share(r, me) for r in rows), Fraction(0))
    return {
        "circle": circle,
        "member": member,
        "year": year,
        "years": years,
        "games": len(rows),
        "nights": len({circle.night_of(r.created) for r in rows}),
        "wins": won_text(wins),
        "best_night": best_night(rows, me, circle),
        "best_hand": best_hand(rows, me, circle),
        "ratings": rating_years(member, start, end),
    }

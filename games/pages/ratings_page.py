"""What the ratings show: the circle's players in one game sorted by rating (the ratings
page), and one member's ratings, each game's change and the rating over time (the member's
page). Read from the stored ratings (games/models/ratings.py) in a fixed number of queries,
whatever the number of games; nothing is rated here."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.names import contained
from games.forms.ratings import ChanceForm
from games.models import Circle, Player, Rating
from games.pages.partnerships import matchup, partnerships
from games.pages.rating_chart import RatingChart, rating_chart
from games.ratings import SURE_AFTER, Skill
from games.words import ShownVariant, shown_variant, shown_variants, signed

# How the players' list can be sorted: the first is the default.
SORTS = ("rating", "name", "games")
# A member's rated games listed on their page, newest first.
GAMES_LISTED = 30


@dataclass
class RatedPlayer:
    """A player's rating in one game: their skill after their last game, and how many."""

    pk: int
    name: str
    skill: Skill = field(default_factory=Skill)
    games: int = 0

    @property
    def shown(self) -> int:
        return self.skill.shown

    @property
    def spread(self) -> int:
        return self.skill.spread

    @property
    def provisional(self) -> bool:
        """Fewer than ten games: the number is still mostly the prior."""
        return self.games < SURE_AFTER


def rated_variants(circle: Circle) -> list[ShownVariant]:
    """The games the circle has ratings in, in the engine's order: one query."""
    keys = set(circle.ratings.order_by().values_list("variant", flat=True).distinct())
    return [variant for variant in shown_variants() if variant.key in keys]


def rated_players(circle: Circle, variant: str) -> dict[int, RatedPlayer]:
    """Each player's rating in `variant`, by player id: one query."""
    rows = (
        circle.ratings.filter(variant=variant)
        .order_by("finished", "game_id")
        .values_list("player_id", "player__name", "mu", "sigma")
    )
    players: dict[int, RatedPlayer] = {}
    for pk, name, mu, sigma in rows:
        player = players.get(pk) or players.setdefault(pk, RatedPlayer(pk, contained(name)))
        player.skill = Skill(mu, sigma)
        player.games += 1
    return players


def sorted_players(players: list[RatedPlayer], sort: str) -> list[RatedPlayer]:
    if sort == "name":
        return sorted(players, key=lambda p: (p.name.casefold(), p.pk))
    if sort == "games":
        return sorted(players, key=lambda p: (-p.games, -p.shown, p.name.casefold()))
    return sorted(players, key=lambda p: (-p.shown, p.spread, p.name.casefold()))


def ratings_page(
    circle: Circle,
    asked: str | None,
    sort: str | None,
    sides: Sequence[int | None] = (),
) -> dict[str, Any]:
    """The players of one game (`asked`, if the circle has ratings in it, else its first),
    sorted by rating, name or games (`sort`); its partnerships; and the chance of one side
    against another (`sides`: the players chosen, by id, the first side's then the second's,
    two a side in a team game): five queries."""
    variants = rated_variants(circle)
    chosen = next((v for v in variants if v.key == asked), variants[0] if variants else None)
    order = sort if sort in SORTS else SORTS[0]
    rated = rated_players(circle, chosen.key) if chosen else {}
    players = list(rated.values())
    a_side = 2 if chosen is not None and chosen.teams else 1
    picked = [pk for pk in sides if pk is not None]
    skills = {pk: (p.name, p.skill) for pk, p in rated.items()}
    against = (
        matchup(skills, picked[:a_side], picked[a_side:])
        if len(picked) == 2 * a_side and len(sides) == len(picked)
        else None
    )
    by_name = sorted_players(players, "name")
    # What the form's places show: the players chosen, else the best rated.
    selected = (
        picked
        if len(picked) == 2 * a_side
        else [p.pk for p in sorted_players(players, "rating")[: 2 * a_side]]
    )
    return {
        "partnerships": partnerships(circle, chosen.key) if chosen else [],
        "matchup": against,
        "chosen": picked,
        "chance_form": ChanceForm([(p.pk, p.name) for p in by_name], selected, a_side),
        "side_size": a_side,
        "circle": circle,
        "variants": variants,
        "variant": chosen,
        "sort": order,
        "sorts": SORTS,
        "players": sorted_players(players, order),
        "sure_after": SURE_AFTER,
    }


@dataclass(frozen=True)
class RatedGame:
    """One of a member's rated games: which, when, and what it did to their rating."""

    slug: str
    variant: ShownVariant
    finished: dt.datetime
    change: int

    @property
    def change_text(self) -> str:
        """The change shown, signed: "+12", "−8"."""
        return signed(self.change)


@dataclass(frozen=True)
class MemberRating:
    """A member's rating in one game, and its chart."""

    variant: ShownVariant
    player: RatedPlayer
    chart: RatingChart | None


def member_ratings(member: Player) -> dict[str, Any]:
    """A member's rating in each game they finished, each with its chart over their games,
    and their rated games, newest first, with the change each made: one query."""
    fields = ("variant", "mu_before", "sigma_before", "mu", "sigma", "finished", "game__slug")
    rows = list(
        Rating.objects.filter(player=member).order_by("finished", "game_id").values_list(*fields)
    )
    by_variant: dict[str, list[Skill]] = {}
    games = []
    for variant, mu_before, sigma_before, mu, sigma, finished, slug in rows:
        before, after = Skill(mu_before, sigma_before), Skill(mu, sigma)
        by_variant.setdefault(variant, [before]).append(after)
        games.append(RatedGame(slug, shown_variant(variant), finished, after.shown - before.shown))
    ratings = []
    for variant in shown_variants():
        skills = by_variant.get(variant.key)
        if skills:
            player = RatedPlayer(member.pk, contained(member.name), skills[-1], len(skills) - 1)
            chart = rating_chart([skill.shown for skill in skills], variant.name)
            ratings.append(MemberRating(variant, player, chart))
    return {
        "ratings": ratings,
        "rated_games": games[::-1][:GAMES_LISTED],
        "rated_count": len(games),
        "sure_after": SURE_AFTER,
    }

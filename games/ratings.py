"""Ratings of players from finished games, with openskill's Plackett-Luce model: the rating
math alone, no Django (games/models/ratings.py stores what it answers).

A game is a `Result`: its sides (each a tuple of players, a team's two or one player) and
each side's place. The games are rated in the order they finished, each from its players'
ratings after their previous game; a player's first game starts from the model's prior.

The number shown is openskill's ordinal, mu - 3 sigma (a skill the player very likely has
at least, so a new player is not ranked above proven ones on one lucky game), scaled to the
range chess ratings made familiar: 1000 + 40 x (mu - 3 sigma). A new player shows 1000; a
player of average skill whose ratings are sure shows about 1800, a strong one 2000 and more.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
# What the ordinal is scaled by, and where a new player starts (ordinal 0).
SCALE = 40
BASE = 1000
# A player's rating is provisional until they have finished this many games of the game.
SURE_AFTER = 10


@dataclass(frozen=True)
class Skill:
    """A player's skill as openskill keeps it: mean and standard deviation."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def shown(self) -> int:
        """The one number shown: 1000 + 40 x (mu - 3 sigma), rounded."""
        return round(BASE + SCALE * (self.mu - 3 * self.sigma))

    @property
    def spread(self) -> int:
        """The uncertainty shown beside it (plus or minus): one sigma on the same scale."""
        return round(SCALE * self.sigma)

    def rating(self) -> PlackettLuceRating:
        return MODEL.rating(mu=self.mu, sigma=self.sigma)


@dataclass(frozen=True)
class Result[K: Hashable]:
    """One finished game as the ratings read it, its players named by keys `K`."""

    sides: tuple[tuple[K, ...], ...]
    places: tuple[int, ...]
    """Each side's place, 1 for the winners; sides that tie share a place."""


def places(totals: Sequence[int], winners: Iterable[int]) -> tuple[int, ...]:
    """Each side's place: the winners share the first (a shared win is a tie); the others
    follow by their final totals, highest first, equal totals sharing a place."""
    won = set(winners)
    others = [totals[i] for i in range(len(totals)) if i not in won]
    first = 1 if won else 0
    return tuple(
        1 if i in won else first + 1 + sum(other > totals[i] for other in others)
        for i in range(len(totals))
    )


@dataclass(frozen=True)
class Change:
    """What one game did to one player's skill."""

    before: Skill
    after: Skill

    @property
    def shown(self) -> int:
        """The change of the number shown ("+12")."""
        return self.after.shown - self.before.shown


def rate_one[K: Hashable](result: Result[K], skills: Mapping[K, Skill]) -> dict[K, Change]:
    """One game's changes, from its players' skills before it (the prior for a newcomer)."""
    before = [[skills.get(player, Skill()) for player in side] for side in result.sides]
    teams = [[skill.rating() for skill in side] for side in before]
    rated = MODEL.rate(teams, ranks=[float(place) for place in result.places])
    return {
        player: Change(was, Skill(now.mu, now.sigma))
        for side, was_side, now_side in zip(result.sides, before, rated, strict=True)
        for player, was, now in zip(side, was_side, now_side, strict=True)
    }


def rate[K: Hashable](
    results: Iterable[Result[K]], start: Mapping[K, Skill] | None = None
) -> list[dict[K, Change]]:
    """Each game's changes, the games rated in the order given, from the skills `start`
    holds (the players' skills before the first of them; the prior for anyone else)."""
    skills = dict(start or {})
    changes = []
    for result in results:
        changed = rate_one(result, skills)
        skills.update((player, change.after) for player, change in changed.items())
        changes.append(changed)
    return changes


def win_chance(first: Sequence[Skill], second: Sequence[Skill]) -> float:
    """openskill's chance that side `first` beats side `second`, from 0 to 1."""
    chances = MODEL.predict_win(
        [[skill.rating() for skill in first], [skill.rating() for skill in second]]
    )
    return float(chances[0])

"""Partnerships by their ratings: each pair's record in a team game, openskill's chance of one
side beating another ("Ann & Cleo against Ben & Dov: 62 %"), and the seating of four players
whose two teams are the most even (the new-game page's "Even teams")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from django.utils.translation import get_language_bidi
from django.utils.translation import gettext as _

from games.engine import get_variant
from games.engine.names import contained, name_key
from games.models import Circle, Seat
from games.pages.game_rows import percent_text
from games.pages.stats import Pair
from games.ratings import Skill, win_chance
from games.words import isolate, isolate_directional


def partnerships(circle: Circle, variant: str) -> list[Pair]:
    """Each pair of partners' finished games of `variant` and wins, most wins first (a shared
    win is a win): two queries. Empty for a game without teams."""
    engine = get_variant(variant)
    if not engine.teams:
        return []
    finished = circle.games.counted().filter(variant=variant, status="finished")
    winners = dict(finished.values_list("pk", "winners"))
    sides: dict[tuple[int, int], list[str]] = {}
    seats = Seat.objects.filter(game__in=finished.values("pk")).order_by("game_id", "index")
    for game_id, index, name in seats.values_list("game_id", "index", "player__name"):
        sides.setdefault((game_id, engine.side_of(index)), []).append(contained(name))
    pairs: dict[tuple[str, str], Pair] = {}
    for (game_id, side), names in sides.items():
        for key in combinations(sorted(names), 2):
            pair = pairs.get(key) or pairs.setdefault(key, Pair(*key))
            pair.played += 1
            pair.won += side in winners.get(game_id, ())
    return sorted(pairs.values(), key=lambda p: (-p.won, -p.played, p.first, p.second))


@dataclass(frozen=True)
class Matchup:
    """Two sides and openskill's chance that the first beats the second."""

    first: tuple[str, ...]
    second: tuple[str, ...]
    chance: float

    @property
    def percent(self) -> int:
        return round(100 * self.chance)

    @property
    def text(self) -> str:
        """The sentence ("Ann & Cleo against Ben & Dov: 62 %"), each side and the chance
        kept in its own direction on a right-to-left page, as the engine's names are."""
        keep = isolate if get_language_bidi() else isolate_directional
        return _("%(first)s against %(second)s: %(chance)s") % {
            "first": keep(" & ".join(self.first)),
            "second": keep(" & ".join(self.second)),
            "chance": keep(percent_text(self.percent)),
        }


def matchup(
    skills: dict[int, tuple[str, Skill]], first: Sequence[int], second: Sequence[int]
) -> Matchup | None:
    """The chance of side `first` against side `second` (players by id, each in `skills`:
    their name and skill); None unless every player is there and none plays twice."""
    chosen = [*first, *second]
    if not first or not second or len(set(chosen)) < len(chosen):
        return None
    if any(pk not in skills for pk in chosen):
        return None
    one, other = [skills[pk] for pk in first], [skills[pk] for pk in second]
    return Matchup(
        tuple(name for name, _ in one),
        tuple(name for name, _ in other),
        win_chance([skill for _, skill in one], [skill for _, skill in other]),
    )


@dataclass(frozen=True)
class EvenTeams:
    """The seating of four players whose teams are the most even, and its chance."""

    names: tuple[str, str, str, str]
    """In seat order: the first team sits in seats 1 and 3, the second in 2 and 4."""
    matchup: Matchup
    seated: bool
    """Whether the table is seated so already."""


def even_teams(circle: Circle, variant: str, names: Sequence[str]) -> EvenTeams | None:
    """For a four-seat team game whose seats hold four members (by name), the seating whose
    teams' chance is closest to 50 %; the first seat keeps its player. None otherwise. Two
    queries."""
    engine = get_variant(variant)
    if not engine.teams or engine.seats != 4 or len(names) != 4 or not all(names):
        return None
    keys = [name_key(name) for name in names]
    if len(set(keys)) < 4:
        return None
    members = {
        name_key(name): (pk, contained(name))
        for pk, name in circle.players.values_list("pk", "name")
    }
    if any(key not in members for key in keys):
        return None
    seated = [members[key] for key in keys]
    ids = {pk for pk, _ in seated}
    skills: dict[int, Skill] = {}
    rows = circle.ratings.filter(variant=variant, player_id__in=ids).order_by(
        "-finished", "-game_id"
    )
    for pk, mu, sigma in rows.values_list("player_id", "mu", "sigma").iterator(chunk_size=50):
        skills.setdefault(pk, Skill(mu, sigma))
        if len(skills) == 4:
            break
    known = {pk: (name, skills.get(pk, Skill())) for pk, name in seated}
    first, *others = seated
    best: tuple[float, list[tuple[int, str]], Matchup] | None = None
    # The seated partner (seat 2) first: of seatings equally even, the one at the table is
    # kept, so that taking the offer does not offer another as even.
    for partner in sorted(others, key=lambda player: player != seated[2]):
        a, b = [player for player in others if player != partner]
        order = [first, a, partner, b]
        found = matchup(known, [first[0], partner[0]], [a[0], b[0]])
        assert found is not None
        if best is None or abs(found.chance - 0.5) < best[0] - 1e-9:
            best = (abs(found.chance - 0.5), order, found)
    assert best is not None
    _, order, found = best
    proposed = tuple(name for _, name in order)
    assert len(proposed) == 4
    now = [name_key(name) for name in names]
    return EvenTeams(
        (proposed[0], proposed[1], proposed[2], proposed[3]),
        found,
        [name_key(name) for name in proposed] == now,
    )

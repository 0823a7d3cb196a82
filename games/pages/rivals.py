"""A member's rivals over the circle's finished games, every game alike: the nemesis (who beat
them most, among those they met at least three times), the favourite victim (whom they beat
most, the same way), and the best partner (the highest win rate together, at least five
games). Read from the games' rows in two queries; a shared win beats nobody."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.names import contained
from games.models import Circle, Player
from games.pages.game_rows import game_rows

# The games two players must have met in (against each other, or together) to be rivals.
AGAINST_AT_LEAST = 3
TOGETHER_AT_LEAST = 5


@dataclass
class Record:
    """The member's finished games with or against one other player."""

    name: str
    games: int = 0
    wins: int = 0
    """Against: the other's wins over the member. Together: their wins together."""
    losses: int = 0
    """Against: the member's wins over the other."""


@dataclass(frozen=True)
class Rivals:
    nemesis: Record | None
    victim: Record | None
    partner: Record | None


def rivals(circle: Circle, member: Player) -> Rivals:
    """The member's nemesis, favourite victim and best partner, each None when nobody
    qualifies (met often enough, and won or lost at least once)."""
    me = contained(member.name)
    against: dict[str, Record] = {}
    together: dict[str, Record] = {}
    for row in game_rows(circle.games.counted().filter(seats__player=member)):
        if not row.finished or me not in row.players:
            continue
        mine = row.side(me)
        won = mine in row.winners
        for name in row.players:
            if name == me:
                continue
            if row.side(name) == mine:
                record = together.setdefault(name, Record(name))
                record.games += 1
                record.wins += won
                continue
            record = against.setdefault(name, Record(name))
            record.games += 1
            theirs = row.side(name) in row.winners
            record.wins += theirs and not won
            record.losses += won and not theirs
    met = [r for r in against.values() if r.games >= AGAINST_AT_LEAST]
    beaten_by = [r for r in met if r.wins]
    beat = [r for r in met if r.losses]
    partners = [r for r in together.values() if r.games >= TOGETHER_AT_LEAST and r.wins]
    return Rivals(
        min(beaten_by, key=lambda r: (-r.wins, r.losses - r.wins, r.name), default=None),
        min(beat, key=lambda r: (-r.losses, r.wins - r.losses, r.name), default=None),
        min(partners, key=lambda r: (-r.wins / r.games, -r.games, r.name), default=None),
    )

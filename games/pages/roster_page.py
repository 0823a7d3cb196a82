"""What the roster's pages show: the circle's members (and those retired), one member with
what can be done to them, what a merge would change; and the roster as the new-game page
offers it (its members as buttons, the last seating of that game first)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Count

from games import nights
from games.engine.names import contained, name_key
from games.forms.game import NewGameForm
from games.models import Circle, Game, Merge, MergePlan, Player
from games.pages.partnerships import even_teams
from games.pages.ratings_page import member_ratings
from games.pages.rivals import rivals

# The merges the roster page offers to undo, newest first.
MERGES_SHOWN = 10


@dataclass(frozen=True)
class Member:
    """A member as the roster lists them: their games counted."""

    pk: int
    name: str
    games: int
    retired: bool


def members(circle: Circle) -> list[Member]:
    """Every member of the circle, by name, with the number of games they sat in."""
    rows = circle.players.annotate(games=Count("seats")).order_by("name", "pk")
    return [Member(p.pk, contained(p.name), p.games, p.retired is not None) for p in rows]


def roster_page(circle: Circle, merged: Merge | None = None) -> dict[str, Any]:
    """The roster: members to tap on, those retired apart, and the merges that can be undone
    (`merged`: the one just made, said first)."""
    everyone = members(circle)
    merges = list(circle.merges.filter(undone=None).select_related("into")[:MERGES_SHOWN])
    return {
        "circle": circle,
        "members": [m for m in everyone if not m.retired],
        "retired": [m for m in everyone if m.retired],
        "merges": [m for m in merges if merged is None or m.pk != merged.pk],
        "merged": merged,
    }


def member_page(circle: Circle, member: Player) -> dict[str, Any]:
    """One member: their games and nights, and the others they could be merged into."""
    games = Game.objects.filter(seats__player=member).distinct()
    created = list(games.values_list("created", flat=True))
    return {
        "circle": circle,
        "member": member,
        "games": len(created),
        "nights": len({circle.night_of(moment) for moment in created}),
        "others": [m for m in members(circle) if m.pk != member.pk],
        **member_ratings(member),
        "rivals": rivals(circle, member),
    }


def merge_page(circle: Circle, plan: MergePlan) -> dict[str, Any]:
    """What merging would change, said before it is done; or the game that stops it."""
    return {
        "circle": circle,
        "plan": plan,
        "gone": plan.gone,
        "into": plan.into,
        "games": len(plan.games),
        "nights": [nights.title(day) for day in plan.nights],
        "shared": [(game, circle.night_of(game.created)) for game in plan.shared],
    }


# -- the new-game page ---------------------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """A member as a button of the new-game page: the seat that holds them ("" for none)."""

    pk: int
    name: str
    seat: str

    @property
    def seated(self) -> bool:
        return bool(self.seat)


@dataclass(frozen=True)
class LastSeating:
    """The players of the circle's last game of this kind, in seat order."""

    slug: str
    names: list[str]
    night: dt.date


def picks(circle: Circle, seated: Sequence[str], places: Sequence[str] = ()) -> list[Pick]:
    """The members not retired, by name, each with the seat that holds them (its place,
    from `places`, by seat)."""
    keys = {name_key(name): seat for seat, name in enumerate(seated) if name}
    rows = circle.players.filter(retired=None).order_by("name", "pk")
    found = []
    for p in rows:
        seat = keys.get(name_key(p.name))
        place = "" if seat is None else str(places[seat] if seat < len(places) else seat + 1)
        found.append(Pick(p.pk, contained(p.name), place))
    return found


def last_seating(circle: Circle, variant: str) -> LastSeating | None:
    """The last game of `variant` in the circle, to seat its players again."""
    game = circle.games.filter(variant=variant).order_by("-created", "-pk").first()
    if game is None:
        return None
    return LastSeating(game.slug, game.player_names(), circle.night_of(game.created))


def new_game_page(circle: Circle, form: NewGameForm) -> dict[str, Any]:
    """The new-game page: the seats as the form holds them, the members to seat (the last
    seating of this game first, unless it is seated already), the house rules."""
    fields = form.seat_fields()
    seated = [str(field.value() or "") for field in fields]
    buttons = picks(circle, seated, [str(field.label) for field in fields])
    last = last_seating(circle, form.engine.key)
    same = last is not None and [name_key(n) for n in last.names] == [name_key(n) for n in seated]
    return {
        "circle": circle,
        "form": form,
        "variant": form.engine,
        "players": [pick.name for pick in buttons],
        "picks": buttons,
        "last_seating": None if same or last is None or len(last.names) != len(seated) else last,
        "even_teams": even_teams(circle, form.engine.key, seated),
    }

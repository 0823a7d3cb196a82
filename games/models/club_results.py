"""A club night's results confirmed (a night set up so): a phone of a table's other side
confirms its game's result at the version it was shown; every change to a confirmed result
afterwards (a hand edited, removed, taken back or restored) is kept in the night's log, with
the phone it came from, and the result needs confirming again.

Locks: the table's row, then the game's (as the game's own changes take it), so a
confirmation and a correction crossing each other are one after the other, never mixed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engine import get_variant
from games.engine.club.night import layout_of
from games.engine.club.standings import Table
from games.models.circles import MAX_NAME
from games.models.club_nights import ClubNight, NightTable
from games.models.conflicts import Conflict
from games.models.game_state import Seat
from games.models.games import Game


@dataclass(frozen=True)
class Phone:
    """Who a change came from: the player the phone chose at the night (its name), or the
    organiser's phone (the one that set the night up)."""

    name: str = ""
    organiser: bool = False


class NightChange(models.Model):
    """A change to a confirmed result: its table, its hand, the totals before and after,
    the phone it came from and when."""

    night = models.ForeignKey(ClubNight, on_delete=models.CASCADE, related_name="changes")
    table = models.ForeignKey(NightTable, on_delete=models.CASCADE, related_name="changes")
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    hand = models.PositiveIntegerField(null=True, blank=True)
    was = models.JSONField(default=list)
    now = models.JSONField(default=list)
    phone = models.CharField(max_length=MAX_NAME, blank=True, default="")
    organiser = models.BooleanField(default=False)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-pk"]


def unconfirmed_players(night: ClubNight, rounds: int) -> set[str]:
    """The players of the first `rounds` rounds' tables whose result is not confirmed (none
    in a night that does not confirm results): two queries of values."""
    if not night.confirm_results:
        return set()
    tables = NightTable.objects.filter(round__night=night, round__number__lte=rounds)
    open_ones = tables.exclude(confirmed_version=F("game__version"))
    seats = Seat.objects.filter(game__club_table__in=open_ones)
    return set(seats.values_list("player__name", flat=True))


def may_confirm(table: NightTable, game: Game) -> list[str]:
    """The players whose phones may confirm the table's result: those of the sides that did
    not win it (every player when all sides share the win)."""
    names = [seat.player.name for seat in sorted(game.seats.all(), key=lambda s: s.index)]
    sides = layout_of(get_variant(game.variant)).sides
    won_by = Table(tuple(names), tuple(game.totals), tuple(game.winners)).won_by
    losers = [name for seat, name in enumerate(names) if sides[seat] not in won_by]
    return losers or names


@transaction.atomic
def confirm_result(night: ClubNight, table_id: int, version: int, me: int | None) -> NightTable:
    """Confirm a table's result from the phone of player `me` (their draw number), at the
    game's version it was shown. Refused (Conflict, nothing changed): a phone that chose no
    player of the table's other side, a game still being played, a result changed since.
    Two phones confirming at once confirm once: the second finds it confirmed."""
    table = NightTable.objects.select_for_update().filter(pk=table_id, round__night=night).first()
    if table is None:
        raise Conflict(_("That table is not at this night."))
    game = Game.objects.prefetch_related("seats__player").get(pk=table.game_id)
    table.game = game
    if not game.is_finished and table.round.ended is None:
        raise Conflict(_("This table’s game is still being played."))
    entrant = night.entrants.select_related("player").filter(number=me or 0).first()
    allowed = may_confirm(table, game)
    if entrant is None or entrant.player.name not in allowed:
        raise Conflict(
            _("Only a phone of the other side confirms this result: %(names)s.")
            % {"names": ", ".join(allowed)}
        )
    if table.confirmed:
        return table
    if game.version != version:
        raise Conflict(
            _(
                "The result changed since your phone showed it: it is now %(totals)s. "
                "Check it, then confirm again."
            )
            % {"totals": " – ".join(str(t) for t in game.totals)}
        )
    table.confirmed_version = game.version
    table.confirmed_by = entrant.player.name
    table.confirmed_at = timezone.now()
    table.save(update_fields=["confirmed_version", "confirmed_by", "confirmed_at"])
    return table


def logged_change[T](
    game: Game, hand: int | None, phone: Callable[[ClubNight], Phone], change: Callable[[], T]
) -> T:
    """Run a change to a game's hands (one of its own methods); when the game is a club
    table whose result was confirmed and the change moved it, the night's log keeps it (the
    table, the hand, the totals before and after, the phone) and the result needs confirming
    again. A game of no night is changed as it always is, in its own transaction alone (a
    game never becomes a table later)."""
    if not NightTable.objects.filter(game_id=game.pk).exists():
        return change()
    return _logged(game, hand, phone, change)


@transaction.atomic
def _logged[T](
    game: Game, hand: int | None, phone: Callable[[ClubNight], Phone], change: Callable[[], T]
) -> T:
    table = (
        NightTable.objects.select_for_update(of=("self",))
        .select_related("round__night")
        .filter(game_id=game.pk)
        .first()
    )
    if table is None:
        return change()
    version, was = Game.objects.filter(pk=game.pk).values_list("version", "totals").get()
    done = change()
    now_version, now = Game.objects.filter(pk=game.pk).values_list("version", "totals").get()
    if table.confirmed_version == version and now_version != version:
        night = table.round.night
        who = phone(night)
        NightChange.objects.create(
            night=night,
            table=table,
            round_number=table.round.number,
            table_number=table.number,
            hand=hand,
            was=was,
            now=now,
            phone=who.name[:MAX_NAME],
            organiser=who.organiser,
        )
        table.confirmed_version = None
        table.confirmed_by = ""
        table.confirmed_at = None
        table.save(update_fields=["confirmed_version", "confirmed_by", "confirmed_at"])
    return done

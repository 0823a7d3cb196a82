"""A circle's roster: its members (Player rows) added, renamed, merged two into one (and the
merge undone), retired and brought back.

A game names its players through its seats, so a rename or a merge changes every game the
member sat in, history included. What a game stored with the names in it (the hands' notes,
the declarations' reasons, the hand in progress's last summary) is written anew from the
engine with the new names (`rewrite_names`), and the game's version moves on, so every phone
showing it redraws. Each change runs in one transaction under the circle's row lock, which a
new game takes too (Game.create): the roster it reads is the one the change left.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import nights
from games.engine import ScorerError
from games.engine.names import check_name, name_key, quoted
from games.models.announcements import game_changed
from games.models.circles import MAX_NAME, Circle, Player
from games.models.game_state import Seat
from games.models.games import Game
from games.models.hands import Declaration, Hand
from games.models.in_progress import HandInProgress
from games.models.ratings import rerate
from games.models.rows import update_rows
from games.words import shown_text, stored_text


class RosterError(ValueError):
    """A roster change refused, with a sentence saying why in the reader's language."""


class Merge(models.Model):
    """Two members made one: what is needed to split them back (Undo)."""

    circle = models.ForeignKey(Circle, on_delete=models.CASCADE, related_name="merges")
    # The member who stayed; a later merge of this member into another moves this to it.
    into = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merged")
    # The member merged away, as they were: their name and whether they were retired.
    name = models.CharField(max_length=MAX_NAME)
    retired = models.DateTimeField(null=True, blank=True)
    # The seats that moved (Seat ids): the ones an Undo moves back.
    seats = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now)
    undone = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} → {self.into.name}"


@dataclass(frozen=True)
class MergePlan:
    """What merging `gone` into `into` changes: the games of `gone` whose seats move, the
    nights they were played on, and the games both sat in (which stop the merge)."""

    gone: Player
    into: Player
    games: list[Game]
    nights: list[dt.date]
    shared: list[Game]


def _member(circle: Circle, pk: int) -> Player:
    """The circle's member `pk` as it is now (after the lock)."""
    found = circle.players.filter(pk=pk).first()
    if found is None:
        raise RosterError(_("That player is no longer on this circle's roster."))
    return found


def _checked(circle: Circle, name: str, other_than: Player | None = None) -> str:
    """The name as kept (games/engine/names.py), refused when another member has it."""
    try:
        kept = check_name(name, "name")
    except ScorerError as error:
        raise RosterError(shown_text(error.message)) from None
    if len(kept) > MAX_NAME:
        raise RosterError(
            _("%(name)s is %(length)s characters long; a name may have up to %(most)s.")
            % {"name": quoted(kept), "length": len(kept), "most": MAX_NAME}
        )
    key = name_key(kept)
    for member in circle.players.all():
        if member != other_than and name_key(member.name) == key:
            raise RosterError(
                _("%(name)s is on the roster already: the same name as %(member)s.")
                % {"name": quoted(kept), "member": quoted(member.name)}
            )
    return kept


@transaction.atomic
def add_member(circle: Circle, name: str) -> Player:
    """A new member of the circle; RosterError if the name is not one, or is taken."""
    circle.lock()
    return circle.players.create(name=_checked(circle, name))


@transaction.atomic
def rename(circle: Circle, pk: int, name: str) -> Player:
    """Member `pk` renamed, in every game they played."""
    circle.lock()
    member = _member(circle, pk)
    kept = _checked(circle, name, other_than=member)
    if kept != member.name:
        member.name = kept
        member.save(update_fields=["name"])
        rewrite_names(games_of(member))
    return member


@transaction.atomic
def retire(circle: Circle, pk: int, retired: bool = True) -> Player:
    """Member `pk` retired (hidden from the pickers, kept in history), or brought back."""
    circle.lock()
    member = _member(circle, pk)
    if (member.retired is not None) != retired:
        member.retired = timezone.now() if retired else None
        member.save(update_fields=["retired"])
    return member


def games_of(member: Player) -> list[int]:
    return list(
        Seat.objects.filter(player=member).order_by("game_id").values_list("game_id", flat=True)
    )


def merge_plan(gone: Player, into: Player) -> MergePlan:
    """What merging `gone` into `into` would change, read now."""
    circle = gone.circle
    games = list(Game.objects.filter(seats__player=gone).distinct().order_by("created", "pk"))
    both = set(Seat.objects.filter(player=into, game__in=games).values_list("game_id", flat=True))
    nights = sorted({circle.night_of(game.created) for game in games})
    return MergePlan(gone, into, games, nights, [g for g in games if g.pk in both])


@transaction.atomic
def merge(circle: Circle, gone_pk: int, into_pk: int) -> tuple[Merge, MergePlan]:
    """Every seat of member `gone_pk` moved to member `into_pk`, and `gone_pk` off the
    roster; RosterError naming a game where both sat. The plan is read again under the lock,
    so a game started meanwhile moves too (and one where both now sit stops it)."""
    circle.lock()
    if gone_pk == into_pk:
        raise RosterError(_("Choose two different players to merge."))
    gone, into = _member(circle, gone_pk), _member(circle, into_pk)
    plan = merge_plan(gone, into)
    if plan.shared:
        raise RosterError(shared_text(plan))
    if gone.entries.exists():  # a club night's entrant: its draw and teams name them
        raise RosterError(
            _("%(name)s plays in a club night, so they cannot be merged into another player.")
            % {"name": gone.name}
        )
    seats = list(Seat.objects.filter(player=gone).order_by("pk").values_list("pk", flat=True))
    record = Merge.objects.create(
        circle=circle, into=into, name=gone.name, retired=gone.retired, seats=seats
    )
    Seat.objects.filter(pk__in=seats).update(player=into)
    Merge.objects.filter(into=gone).update(into=into)
    gone.delete()
    rewrite_names(game.pk for game in plan.games)
    rerate(circle.pk, Game.objects.counted().filter(circle=circle), None)
    return record, plan


@transaction.atomic
def undo_merge(circle: Circle, pk: int) -> Player:
    """The merge `pk` split back: its member again, with the seats that moved (those still
    with the member it was merged into); RosterError if the name is taken by now."""
    circle.lock()
    record = circle.merges.filter(pk=pk).select_related("into").first()
    if record is None or record.undone is not None:
        raise RosterError(_("That merge was undone already."))
    name = _checked(circle, record.name)
    member = circle.players.create(name=name, retired=record.retired)
    seats = Seat.objects.filter(pk__in=record.seats, player=record.into)
    games = list(seats.values_list("game_id", flat=True))
    seats.update(player=member)
    record.undone = timezone.now()
    record.save(update_fields=["undone"])
    rewrite_names(games)
    rerate(circle.pk, Game.objects.counted().filter(circle=circle), None)
    return member


def shared_text(plan: MergePlan) -> str:
    """Why the merge cannot be made: the first game both sat in, by name and date."""
    game = plan.shared[0]
    circle = plan.gone.circle
    day = circle.night_of(game.created)
    return _(
        "%(gone)s and %(into)s both sat at %(game)s on %(night)s: a game where both sat "
        "cannot be merged."
    ) % {
        "gone": quoted(plan.gone.name),
        "into": quoted(plan.into.name),
        "game": str(game.engine.name),
        "night": nights.title(day),
    }


# -- the names a game stored ---------------------------------------------------------------


def rewrite_names(game_ids: Iterable[int]) -> None:
    """Each game's stored sentences written again with its players' names as they are now,
    and its version moved on. A game whose hands the engine no longer scores to what is
    stored is left as it is (its sentences keep the names they were written with)."""
    for game_id in dict.fromkeys(game_ids):
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            continue
        _rewrite(game)
        Game.objects.filter(pk=game_id).update(version=F("version") + 1)
        game_changed(game_id, game.version + 1)


def _rewrite(game: Game) -> None:
    hands = list(game.live_hands())
    try:
        scored = game.score([hand.facts for hand in hands])
    except ScorerError:
        return
    moved = []
    for hand, result in zip(hands, scored.hands, strict=True):
        notes = hand.notes
        if set(hand.apply(result)) - {"notes"}:
            return  # the engine's rules moved on: only the names are rewritten, never numbers
        if hand.notes != notes:
            moved.append(hand)
    update_rows(Hand, moved, ("notes",))
    verdicts = {
        hand.pk: game.rules.declared(result.hand, result.score)
        for hand, result in zip(hands, scored.hands, strict=True)
    }
    reasons = []
    rows = Declaration.objects.filter(hand__game=game, hand__removed=None)
    for pk, hand_id, order, reason in rows.values_list("pk", "hand_id", "order", "reason"):
        declared = verdicts.get(hand_id, ())
        if order < len(declared):
            now = stored_text(declared[order][1].reason)
            if now != reason:
                reasons.append(Declaration(pk=pk, reason=now))
    update_rows(Declaration, reasons, ("reason",))
    progress = HandInProgress.objects.filter(game=game).exclude(saved_number=None).first()
    if progress is not None:
        saved = next((h for h in hands if h.number == progress.saved_number), None)
        if saved is not None:
            summary = saved.summary_value(game.player_names())
            progress.saved_summary = summary[:200] if isinstance(summary, str) else summary
            progress.save(update_fields=["saved_summary"])

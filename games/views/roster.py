"""The roster's pages: the circle's members, adding one, renaming, retiring and bringing
back, merging two into one and undoing a merge. Each change is one call of
games/models/roster.py and then a redirect, so the page that answers it is read after the
change's transaction (and another phone's change that crossed it)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.forms.game import MemberNameForm
from games.models import Circle, Merge, Player, RosterError, roster
from games.pages.roster_page import member_page, merge_page, roster_page
from games.views.access import HtmxHttpRequest, circle_of, int_param, posted_int


def member_of(circle: Circle, pk: int) -> Player:
    """A member of this circle by id; 404 for another circle's."""
    return get_object_or_404(Player, circle=circle, pk=pk)


def render_roster(
    request: HtmxHttpRequest, circle: Circle, status: int = 200, **extra: Any
) -> HttpResponse:
    merged = None
    if (pk := int_param(request, "merged")) is not None:
        merged = circle.merges.filter(pk=pk, undone=None).select_related("into").first()
    context = {
        **roster_page(circle, merged),
        "add_form": extra.pop("add_form", None) or MemberNameForm(),
        **extra,
    }
    return render(request, "games/roster.html", context, status=status)


@require_GET
def roster_list(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    return render_roster(request, circle_of(request, circle))


@require_POST
def member_add(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = circle_of(request, circle)
    form = MemberNameForm(request.POST)
    if form.is_valid():
        try:
            roster.add_member(found, form.cleaned_data["name"])
        except RosterError as error:
            form.add_error("name", str(error))
        else:
            return redirect("roster", circle=found.slug)
    return render_roster(request, found, status=400, add_form=form)


def render_member(
    request: HtmxHttpRequest,
    circle: Circle,
    member: Player,
    form: MemberNameForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = {
        **member_page(circle, member),
        "rename_form": form or MemberNameForm(initial={"name": member.name}),
    }
    return render(request, "games/member.html", context, status=status)


@require_GET
def member(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    found = circle_of(request, circle)
    return render_member(request, found, member_of(found, member))


@require_POST
def member_rename(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    found = circle_of(request, circle)
    who = member_of(found, member)
    form = MemberNameForm(request.POST)
    if form.is_valid():
        try:
            roster.rename(found, who.pk, form.cleaned_data["name"])
        except RosterError as error:
            form.add_error("name", str(error))
        else:
            return redirect("member", circle=found.slug, member=who.pk)
    return render_member(request, found, who, form, status=400)


@require_POST
def member_retire(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    """Retire the member, or (`back`) bring them back."""
    found = circle_of(request, circle)
    who = member_of(found, member)
    try:
        roster.retire(found, who.pk, retired="back" not in request.POST)
    except RosterError as error:
        return render_roster(request, found, status=409, problem=str(error))
    return redirect("member", circle=found.slug, member=who.pk)


def render_merge(
    request: HtmxHttpRequest,
    circle: Circle,
    gone: Player,
    into: Player | None,
    problem: str = "",
    status: int = 200,
) -> HttpResponse:
    """The merge's first step (whom into), or its second (what it changes, then Merge)."""
    if into is None:
        context = {**member_page(circle, gone), "problem": problem}
        return render(request, "games/merge_pick.html", context, status=status)
    context = {**merge_page(circle, roster.merge_plan(gone, into)), "problem": problem}
    return render(request, "games/merge.html", context, status=status)


@require_GET
def member_merge(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    found = circle_of(request, circle)
    gone = member_of(found, member)
    into_pk = int_param(request, "into")
    into = found.players.filter(pk=into_pk).exclude(pk=gone.pk).first() if into_pk else None
    return render_merge(request, found, gone, into)


@require_POST
def member_merge_do(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    found = circle_of(request, circle)
    gone = member_of(found, member)
    into_pk = posted_int(request, "into")
    into = found.players.filter(pk=into_pk).exclude(pk=gone.pk).first() if into_pk else None
    if into is None:
        problem = _("Choose the player to merge into: that one is no longer on the roster.")
        return render_merge(request, found, gone, None, problem=problem, status=400)
    try:
        record, _plan = roster.merge(found, gone.pk, into.pk)
    except RosterError as error:
        still = found.players.filter(pk=gone.pk).first()
        if still is None:
            return render_roster(request, found, status=409, problem=str(error))
        return render_merge(request, found, still, into, problem=str(error), status=409)
    return redirect(reverse("roster", args=[found.slug]) + f"?merged={record.pk}")


@require_POST
def merge_undo(request: HtmxHttpRequest, circle: str, merge: int) -> HttpResponse:
    found = circle_of(request, circle)
    record = get_object_or_404(Merge, circle=found, pk=merge)
    try:
        back = roster.undo_merge(found, record.pk)
    except RosterError as error:
        return render_roster(request, found, status=409, problem=str(error))
    return redirect("member", circle=found.slug, member=back.pk)

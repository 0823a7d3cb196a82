"""Fixing a game as a whole: removing it (kept, restorable), restoring it, abandoning it.

Each change is asked for on a page of its own (GET) and done by a POST, with script (htmx,
answered with a redirect the page follows) or without; the answer is the game page as it
stands after the change's transaction."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.models import Conflict, Game
from games.views.access import HtmxHttpRequest, fresh, game_of


def _to_game(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    url = reverse("game", args=[game.circle.slug, game.slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _ask(
    request: HtmxHttpRequest, game: Game, what: str, error: str = "", status: int = 200
) -> HttpResponse:
    """The page that asks before `what` ("remove" or "abandon") is done."""
    if what == "remove":
        title = _("Remove this game?")
        explanation = _(
            "It leaves the night, the stats, the standings and the history, and is kept: "
            "the circle page lists it under Removed games, where it can be restored."
        )
        confirm = _("Remove it")
    else:
        title = _("Abandon this game?")
        explanation = _(
            "It stays in the history, marked abandoned, but is no longer in progress and "
            "counts in no stat or standing. No more hands can be added to it."
        )
        confirm = _("Abandon it")
    context = {
        "circle": game.circle,
        "game": game,
        "engine": game.engine,
        "names": game.player_names(),
        "title": title,
        "explanation": explanation,
        "confirm": confirm,
        "error": error,
        "action": reverse(f"game_{what}", args=[game.circle.slug, game.slug]),
    }
    return render(request, "games/game_fix.html", context, status=status)


@require_http_methods(["GET", "POST"])
def game_remove(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    if request.method == "GET" and found.removed is None:
        return _ask(request, found, "remove")
    if request.method == "POST":
        found.remove()
    return _to_game(request, fresh(found))


@require_POST
def game_restore(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    found.restore()
    if request.POST.get("to") == "circle":
        # Restored from the circle page's Removed games: back to the circle page.
        return redirect("circle", circle=found.circle.slug)
    return _to_game(request, fresh(found))


@require_http_methods(["GET", "POST"])
def game_abandon(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    if request.method == "GET":
        if found.abandoned is not None or found.is_finished:
            return _to_game(request, found)
        return _ask(request, found, "abandon")
    try:
        found.abandon()
    except Conflict as conflict:
        return _ask(request, fresh(found), "abandon", conflict.message, status=409)
    return _to_game(request, fresh(found))

"""Fixing a game as a whole: removing it (kept, restorable), restoring it, abandoning it,
resuming it; changing its target and house rules, or its players and seats.

Each change is asked for on a page of its own (GET) and done by a POST, with script (htmx,
answered with a redirect the page follows) or without; the answer is the game page as it
stands after the change's transaction. A change to a club table's confirmed result is kept in
its night's log (games/models/club_results.py)."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.engine.game import HandError
from games.forms.base import error_text
from games.forms.game_rules import GamePlayersForm, GameRulesForm
from games.models import Conflict, Game
from games.models.club_results import logged_change
from games.pages.game_rules import rules_change
from games.views.access import HtmxHttpRequest, fresh, game_of, posted_int
from games.views.club_results import table_phone
from games.views.games import play_context


def _to_game(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    url = reverse("game", args=[game.circle.slug, game.slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _ask(
    request: HtmxHttpRequest, game: Game, what: str, error: str = "", status: int = 200
) -> HttpResponse:
    """The page that asks before `what` ("remove" or "abandon") is done; after a refusal
    (`error`), it asks again on the game as it now is, if it still can be done."""
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
            "counts in no stat or standing. No hand can be added or changed until it is "
            "resumed."
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
        "again": what == "remove" or (game.is_open and game.abandoned is None),
        "action": reverse(f"game_{what}", args=[game.circle.slug, game.slug]),
    }
    return render(request, "games/game_fix.html", context, status=status)


@require_http_methods(["GET", "POST"])
def game_remove(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    if request.method == "GET" and found.removed is None:
        return _ask(request, found, "remove")
    if request.method == "POST":
        logged_change(found, None, table_phone(request), found.remove)
    return _to_game(request, fresh(found))


@require_POST
def game_restore(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    logged_change(found, None, table_phone(request), found.restore)
    if request.POST.get("to") == "circle":
        # Restored from the circle page's Removed games: back to the circle page.
        return redirect("circle", circle=found.circle.slug)
    return _to_game(request, fresh(found))


@require_http_methods(["GET", "POST"])
def game_abandon(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    if request.method == "GET":
        if found.abandoned is not None or found.is_finished or found.removed is not None:
            return _to_game(request, found)
        return _ask(request, found, "abandon")
    try:
        found.abandon(posted_int(request, "version"), posted_int(request, "hands"))
    except Conflict as conflict:
        return _ask(request, fresh(found), "abandon", conflict.message, status=409)
    return _to_game(request, fresh(found))


@require_POST
def game_resume(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Take an abandonment back: the game is in progress again, its hand in progress as the
    phones left it. Refused, on the game page read after the lock, when it was removed."""
    found = game_of(request, circle, game)
    try:
        logged_change(found, None, table_phone(request), found.resume)
    except Conflict as conflict:
        context = {**play_context(request, fresh(found)), "notice": {"text": conflict.message}}
        if request.htmx:
            return render(request, "games/game.html#play", context, status=409)
        return render(request, "games/game.html", context, status=409)
    return _to_game(request, fresh(found))


# -- the target and house rules -------------------------------------------------------------


def _rules_page(
    request: HtmxHttpRequest,
    game: Game,
    form: GameRulesForm,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    """The rules form; once it is valid, what it changes (scored from `game` as it is)."""
    context: dict[str, Any] = {
        "circle": game.circle,
        "game": game,
        "engine": game.engine,
        "form": form,
        "notice": notice,
    }
    if form.is_bound and form.is_valid():
        settings = form.cleaned_data["settings"]
        change = rules_change(game, settings)
        context |= {
            "change": change,
            "rules_changed": form.changed_rules(game.settings),
            "checked": json.dumps(settings, sort_keys=True),
        }
        if change.refused and status == 200 and request.POST.get("action") == "save":
            status = 400
    elif form.is_bound:
        status = 400
    return render(request, "games/rules.html", context, status=status)


@require_http_methods(["GET", "POST"])
def game_rules(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Change a started game's target and house rules: checked first (what it changes,
    shown from the game as it is), saved only as checked, and only on the game version the
    check was shown on. A club night's table plays the night's rules: refused (403)."""
    found = game_of(request, circle, game)
    if getattr(found, "club_table", None) is not None:
        notice = _(
            "This game is a table of a club night: it plays the night’s target and house "
            "rules, the same at every table, so they are not changed here."
        )
        return _club_table_refusal(request, found, notice)
    current = found.engine_settings().full_dict()
    if request.method == "GET":
        return _rules_page(request, found, GameRulesForm(variant=found.variant, current=current))
    form = GameRulesForm(request.POST, variant=found.variant, current=current)
    if request.POST.get("action") != "save" or not form.is_valid():
        return _rules_page(request, found, form)
    settings = form.cleaned_data["settings"]
    if request.POST.get("checked") != json.dumps(settings, sort_keys=True):
        # Changed since it was checked: shown again, not saved.
        return _rules_page(request, found, form, _("The rules changed since the check."))
    if rules_change(found, settings).refused:
        return _rules_page(request, found, form, status=400)
    try:
        version = posted_int(request, "version") or 0
        logged_change(
            found, None, table_phone(request), lambda: found.change_settings(settings, version)
        )
    except Conflict as conflict:
        return _rules_page(request, fresh(found), form, conflict.message, status=409)
    except HandError as error:
        return _rules_page(request, fresh(found), form, error_text(error), status=400)
    return _to_game(request, fresh(found))


def _club_table_refusal(request: HtmxHttpRequest, game: Game, notice: str) -> HttpResponse:
    """The table's game page, saying why a club night's table is not changed here (403)."""
    context = {**play_context(request, game), "notice": {"text": notice}}
    return render(request, "games/game.html", context, status=403)


# -- the players and seats ------------------------------------------------------------------


def _players_page(
    request: HtmxHttpRequest,
    game: Game,
    form: GamePlayersForm,
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    """The seats form; once it is valid, what it changes (scored from `game` as it is)."""
    names = game.player_names()
    context: dict[str, Any] = {
        "circle": game.circle,
        "game": game,
        "engine": game.engine,
        "form": form,
        "notice": notice,
        "players": game.circle.players.values_list("name", flat=True),
    }
    if form.is_bound and form.is_valid():
        players = form.cleaned_data["players"]
        context |= {
            "change": rules_change(game, players=players),
            "seats_changed": [
                (seat + 1, old, new)
                for seat, (old, new) in enumerate(zip(names, players, strict=True))
                if old != new
            ],
            "checked": json.dumps(players),
        }
    elif form.is_bound:
        status = 400
    return render(request, "games/players.html", context, status=status)


@require_http_methods(["GET", "POST"])
def game_players(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Change a started game's players and seats: checked first, saved only as checked and
    only on the game version the check was shown on (as the house rules are). A club night's
    table seats the night's players as its round drew them: refused (403)."""
    found = game_of(request, circle, game)
    if getattr(found, "club_table", None) is not None:
        notice = _(
            "This game is a table of a club night: its players and seats are the round’s "
            "seating, so they are not changed here. The organiser seats a late arrival or "
            "takes out a withdrawal on the night’s page."
        )
        return _club_table_refusal(request, found, notice)
    names = found.player_names()
    if request.method == "GET":
        form = GamePlayersForm(variant=found.variant, names=names)
        return _players_page(request, found, form)
    form = GamePlayersForm(request.POST, variant=found.variant, names=names)
    if request.POST.get("action") != "save" or not form.is_valid():
        return _players_page(request, found, form)
    players = form.cleaned_data["players"]
    if request.POST.get("checked") != json.dumps(players):
        return _players_page(request, found, form, _("The seating changed since the check."))
    if rules_change(found, players=players).refused:
        return _players_page(request, found, form, status=400)
    try:
        version = posted_int(request, "version") or 0
        logged_change(
            found, None, table_phone(request), lambda: found.change_players(players, version)
        )
    except Conflict as conflict:
        return _players_page(request, fresh(found), form, conflict.message, status=409)
    except HandError as error:
        return _players_page(request, fresh(found), form, error_text(error), status=400)
    return _to_game(request, fresh(found))

"""A club night's results: a table's result confirmed from a phone of its other side, the
standings after any round, the head-to-head of two entrants, and who a change to a table's
hands came from (for the night's log of changes to confirmed results)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.forms.club_night import HeadToHeadForm
from games.models import ClubNight, Conflict, Game, NightTable
from games.models.club_results import Phone, confirm_result
from games.pages.club_results_page import head_to_head_page, standings_page
from games.views.access import HtmxHttpRequest, fresh, posted_int
from games.views.club_nights import chosen_player, night_of, render_night, version_of
from games.views.club_organiser import is_organiser
from games.views.games import play_context


@require_POST
def club_confirm(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """Confirm a table's result (`table`) as this phone was shown it (`version`); a refusal
    is the page it was asked from again saying why (409), nothing confirmed. Asked from the
    table's own game page (`back=table`), the answer is that page, the result confirmed (its
    play part, with script)."""
    found = night_of(request, circle, night)
    mine = chosen_player(request, found)
    table = posted_int(request, "table")
    game = table_game(found, table) if request.POST.get("back") == "table" else None
    try:
        confirm_result(found, table or 0, version_of(request), mine)
    except Conflict as conflict:
        if game is not None:
            return game_answer(request, game, conflict.message, status=409)
        return render_night(request, found, status=409, problem=conflict.message, me=mine)
    if game is not None:
        if request.htmx:
            return game_answer(request, game)
        return redirect("game", circle=found.circle.slug, game=game.slug)
    return redirect("club_night", circle=found.circle.slug, night=found.slug)


def table_game(night: ClubNight, table: int | None) -> Game | None:
    """The game of the night's table `table` (its row), if it is one of the night's."""
    found = NightTable.objects.filter(pk=table or 0, round__night=night).first()
    return found.game if found is not None else None


def game_answer(
    request: HtmxHttpRequest, game: Game, notice: str = "", status: int = 200
) -> HttpResponse:
    """The table's game page as it stands now (its play part, with script), saying
    `notice`."""
    context = play_context(request, fresh(game))
    if notice:
        context["notice"] = {"text": notice}
    template = "games/game.html#play" if request.htmx else "games/game.html"
    return render(request, template, context, status=status)


@require_GET
def club_standings(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """The standings after round `after` (absent: after every round played)."""
    found = night_of(request, circle, night)
    after = request.GET.get("after", "")
    number = int(after) if after.isascii() and after.isdigit() and len(after) < 4 else None
    context = standings_page(found, number)
    return render(request, "games/club_standings.html", context)


@require_GET
def club_head_to_head(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """Two entrants picked (`first`, `second`): their games against each other."""
    found = night_of(request, circle, night)
    entrants = found.entrant_names(found.entrant_rows())
    asked = "first" in request.GET or "second" in request.GET
    form = HeadToHeadForm(request.GET if asked else None, entrants=entrants)
    context = head_to_head_page(found, form)
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "games/club_head_to_head.html", context, status=status)


def table_phone(request: HtmxHttpRequest) -> Callable[[ClubNight], Phone]:
    """Who this phone is at a night: its organiser's (the phone that set it up), or the
    player it chose there (empty: none)."""

    def phone(night: ClubNight) -> Phone:
        if is_organiser(request, night):
            return Phone(organiser=True)
        number = chosen_player(request, night)
        entrant = night.entrants.select_related("player").filter(number=number or 0).first()
        return Phone(entrant.player.name if entrant is not None else "")

    return phone

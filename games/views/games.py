"""A game's pages: starting or importing one, the game page and its poll, the watch page and
its poll, the downloads (the record, the sheet's CSV), the rematch and the share page."""

from __future__ import annotations

from typing import Any

from django.conf import settings as django_settings
from django.http import HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap
from django_ratelimit.decorators import ratelimit

from games.engine import VARIANTS, ScorerError
from games.forms import HandForm, ImportForm, NewGameForm
from games.forms.base import error_text
from games.forms.game import toggled
from games.models import AlreadyImported, Circle, Game
from games.pages.file_names import attachment
from games.pages.game_page import HANDS_VIEWS, game_page, hand_in_progress, saved_text
from games.pages.partnerships import even_teams
from games.pages.roster_page import new_game_page
from games.pages.score_sheet import score_sheet
from games.pages.score_sheet_csv import sheet_csv
from games.views.access import (
    HtmxHttpRequest,
    circle_of,
    game_of,
    int_param,
    is_slug,
    posted_int,
    slug_or_404,
    speak,
    watched,
)
from games.views.circles import render_circle_page
from games.views.club_nights import chosen_player
from games.views.remembered_circles import remember
from games.words import shown_variants

# How the hands are shown, the sheet or the detailed list: chosen with `?hands=` and kept in
# a cookie, so the choice survives a reload and needs no script.
HANDS_COOKIE = "hands"
HANDS_COOKIE_AGE = 365 * 24 * 3600


@require_http_methods(["GET", "POST"])
def game_new(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = circle_of(request, circle)
    variant = request.POST.get("variant") or request.GET.get("variant") or ""
    if variant not in VARIANTS:
        context = {"circle": found, "variants": shown_variants()}
        return render(request, "games/pick.html", context)
    initial = {}
    rematch_of = request.GET.get("from")
    if is_slug(rematch_of):
        previous = found.games.filter(slug=rematch_of).first()
        if previous:
            initial = {f"player_{i}": n for i, n in enumerate(previous.player_names())}
    if request.method == "POST" and any(key in request.POST for key in ("pick", "seating", "even")):
        return seat_picked(request, found, variant)
    form = NewGameForm(request.POST or None, variant=variant, initial=initial)
    if request.method == "POST" and form.is_valid():
        game = Game.create(
            found,
            variant,
            form.cleaned_data["players"],
            form.cleaned_data["settings"],
            form.cleaned_data["first_dealer"],
        )
        return redirect("game", circle=found.slug, game=game.slug)
    status = 400 if form.is_bound else 200
    return render_new_game(request, found, form, status=status)


def render_new_game(
    request: HtmxHttpRequest,
    circle: Circle,
    form: NewGameForm,
    status: int = 200,
    seats_only: bool = False,
    **extra: Any,
) -> HttpResponse:
    """The new-game page (`seats_only`: its seats and roster, which htmx redraws)."""
    template = "games/new.html#seating" if seats_only else "games/new.html"
    context = {**new_game_page(circle, form), **extra}
    return render(request, template, context, status=status)


def seat_picked(request: HtmxHttpRequest, circle: Circle, variant: str) -> HttpResponse:
    """A tap on the roster (`pick`, a member) or on the last seating (`seating`, its game):
    the form again with the seats so, nothing started; htmx redraws the seats alone."""
    blank = NewGameForm(variant=variant)
    names = blank.typed_names(request.POST)
    room = True
    if "even" in request.POST:
        proposal = even_teams(circle, variant, names)
        if proposal is not None:
            names = list(proposal.names)
    elif "seating" in request.POST:
        previous = circle.games.filter(variant=variant, slug=slug_or_none(request)).first()
        if previous is not None:
            names = previous.player_names()[: len(names)]
    else:
        picked = posted_int(request, "pick")
        members = circle.players.filter(retired=None)
        member = members.filter(pk=picked).first() if picked is not None else None
        if member is not None:
            names, room = toggled(names, member.name)
    form = NewGameForm.picked(request.POST, variant, names)
    full = "" if room else _("Every seat is taken: tap a seated player to free their seat.")
    return render_new_game(
        request, circle, form, seats_only=bool(request.htmx), seating_problem=full
    )


def slug_or_none(request: HtmxHttpRequest) -> str | None:
    value = request.POST.get("seating")
    return value if is_slug(value) else None


@require_POST
@ratelimit(group="game_import", key="ip", rate="20/10m")
def game_import(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = circle_of(request, circle)
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            game = Game.import_record(
                found, form.cleaned_data["record"], as_copy=form.cleaned_data["as_copy"]
            )
        except AlreadyImported as already:
            # Nothing was created: the page says where the game is, and how to keep a copy.
            return render_circle_page(request, found, status=409, import_copy_of=already.game)
        except ScorerError as error:
            form.add_error("record", error_text(error))
        else:
            return redirect("game", circle=found.slug, game=game.slug)
    return render_circle_page(request, found, status=400, import_form=form)


# -- the game page ------------------------------------------------------------------------------


def chosen_view(request: HtmxHttpRequest) -> str | None:
    """The view asked for in this request's link, if it names one."""
    asked = request.GET.get("hands")
    return asked if asked in HANDS_VIEWS else None


def hands_view(request: HtmxHttpRequest) -> str:
    """The view to show: the link's, else the remembered one, else the detailed list."""
    remembered_view = request.COOKIES.get(HANDS_COOKIE)
    if remembered_view not in HANDS_VIEWS:
        remembered_view = "list"
    return chosen_view(request) or remembered_view


def play_context(
    request: HtmxHttpRequest,
    game: Game,
    form: HandForm | None = None,
    watching: bool = False,
    state_only: bool = False,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """The game page (games/pages/game_page.py) as this request asks for it."""
    return game_page(
        game,
        view=hands_view(request),
        before=int_param(request, "before"),
        form=form,
        watching=watching,
        watch_url=request.build_absolute_uri(reverse("watch", args=[game.watch_slug])),
        state_only=state_only,
        chosen=lambda night: chosen_player(request, night),
        names=names,
    )


@require_GET
def game(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    response = render_game_page(request, found)
    # A phone that plays in a circle opens there from its home screen (games/views/pwa.py).
    if not request.htmx:
        remember(request, response, found.circle.slug)
    return response


@require_GET
def game_live(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The scoreboard and hands, or 204 when nothing changed since version `v`."""
    if unchanged(request, slug=slug_or_404(game), circle__slug=slug_or_404(circle)):
        return HttpResponse(status=204)
    return live(request, game_of(request, circle, game))


def render_game_page(request: HtmxHttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    template = "games/game.html"
    chosen = chosen_view(request)
    if request.htmx and chosen:
        template += "#hands"
    elif request.htmx and "before" in request.GET:
        template += "#hand-rows"
    response = render(request, template, play_context(request, game, watching=watching))
    if chosen:
        response.set_cookie(
            HANDS_COOKIE,
            chosen,
            max_age=HANDS_COOKIE_AGE,
            samesite="Lax",
            httponly=True,
            secure=django_settings.COOKIES_SECURE,
        )
    return response


def unchanged(request: HtmxHttpRequest, **game: str) -> bool:
    """Whether a poll's game (`v`) and hand in progress (`d`) are still the versions it names.

    Most polls find nothing new: they are answered from two numbers in one query, with no
    model built (and in the circle's language, like the page). Anything else (a new game, no
    hand in progress yet) goes the long way."""
    seen = (request.GET.get("v"), request.GET.get("d"))
    if not all(seen):
        return False
    rows = Game.objects.filter(**game)
    now = rows.values_list("version", "in_progress__version", "circle__language").first()
    if now is None or (str(now[0]), str(now[1])) != seen:
        return False
    speak(request, now[2])
    return True


def live(request: HtmxHttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    """204 when neither the game (`v`) nor its hand in progress (`d`) changed; else the
    scoreboard, the hands and the hand in progress. A phone whose hand in progress (`t`) was
    saved by another phone gets the whole play region, with a fresh form; so does a phone
    whose page shows the game open (no `c`) or closed (`c=1`) when it no longer is: removed
    or abandoned, its form and controls go; restored or resumed, they are back."""
    progress = hand_in_progress(game)
    same_game = request.GET.get("v") == str(game.version)
    if same_game and request.GET.get("d") == str(progress.version):
        return HttpResponse(status=204)
    token = request.GET.get("t")
    saved = token != progress.token
    if not watching and token and (saved or (request.GET.get("c") == "1") != game.closed):
        notice = None
        if saved and progress.saved_number:
            notice = {"text": saved_text(progress.saved_number, progress.saved_text), "ok": True}
        context = {**play_context(request, game), "notice": notice, "oob_play": True}
        # The whole play region, out of band: it is found by id whatever the poll's source.
        return reswap(render(request, "games/game.html#play", context), "none")
    # Only the hand in progress changed: its state and the scoreboard, nothing else built.
    return render(request, LIVE, live_context(request, game, watching, same_game))


LIVE = "games/game.html#live"


def live_context(
    request: HtmxHttpRequest,
    game: Game,
    watching: bool,
    same_game: bool,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """What a poll answers a page that shows the game's version (`same_game`: only the hand
    in progress is new) or an older one (the hands too). A tap renders it once for every
    other phone (games/views/hand_in_progress.py), so it reads nothing of the request that
    would differ between phones of one game but their language."""
    return {
        **play_context(request, game, watching=watching, state_only=same_game, names=names),
        "oob": not same_game,
        "oob_state": True,
    }


# -- downloads, the rematch, sharing --------------------------------------------------------


@require_GET
def game_export(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    response = JsonResponse(found.export(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    stamp = found.created.strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{found.variant}-{stamp}.json"'
    return response


@require_GET
def game_csv(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The score sheet as a spreadsheet: one row per live hand, as the sheet shows it."""
    found = game_of(request, circle, game)
    names = found.player_names()
    sheet = score_sheet(found, found.live_hands(), names)
    response = HttpResponse(sheet_csv(sheet), content_type="text/csv; charset=utf-8")
    # Named by when the game started on the circle's clock, as its pages say it.
    stamp = found.created.astimezone(found.circle.zone).strftime("%Y-%m-%d-%H%M")
    name = f"{found.variant}-{stamp}-score-sheet.csv"
    response["Content-Disposition"] = attachment(name)
    return response


@require_POST
def game_rematch(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = game_of(request, circle, game)
    if found.removed is not None:
        # A removed game offers no rematch (a restored one does again).
        text = _("This game was removed: restore it to play a rematch.")
        context = {**play_context(request, found), "notice": {"text": text}}
        return render(request, "games/game.html", context, status=409)
    new = Game.create(
        found.circle, found.variant, found.player_names(), found.settings, found.next_hand_dealer
    )
    url = reverse("game", args=[circle, new.slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_GET
def game_share(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The game's watch link as a large QR code: a phone across the table, or the laptop
    that drives the TV, scans it and follows the game read-only."""
    found = game_of(request, circle, game)
    context = {
        "circle": found.circle,
        "game": found,
        "engine": found.engine,
        "watch_url": request.build_absolute_uri(reverse("watch", args=[found.watch_slug])),
    }
    return render(request, "games/share.html", context)


# -- watching: read-only ---------------------------------------------------------------------


def watch(request: HtmxHttpRequest, watch: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseForbidden(_("A watch link cannot change anything."))
    return render_game_page(request, watched(request, watch), watching=True)


def watch_live(request: HtmxHttpRequest, watch: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseForbidden(_("A watch link cannot change anything."))
    if unchanged(request, watch_slug=slug_or_404(watch)):
        return HttpResponse(status=204)
    return live(request, watched(request, watch), watching=True)

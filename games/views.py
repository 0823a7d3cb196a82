"""Thin views: look up and check access, parse a form, call one model method, render."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings as django_settings
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import QuerySet
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget
from django_htmx.middleware import HtmxDetails
from django_ratelimit.decorators import ratelimit

from games import nights
from games.chart import Chart, score_chart
from games.charts import win_rate_chart
from games.circles import remember, remembered
from games.engine import VARIANTS, GameState, ScorerError
from games.engine.cards import Suit
from games.engine.declarations import DeclaringVariant, judge
from games.engine.game import HandError
from games.engine.names import contained
from games.engine.numbers import whole_number_or_none
from games.forms import (
    HAND_FORMS,
    HELPER_FORMS,
    CircleNameForm,
    HandForm,
    ImportForm,
    NewGameForm,
    meld_cells,
    read_holding,
)
from games.forms.base import error_text
from games.forms.game import CircleLanguageForm
from games.forms.history import HistoryFilter, TimeZoneForm
from games.history_csv import filename as history_filename
from games.history_csv import history_csv
from games.models import (
    AlreadySaved,
    Circle,
    Conflict,
    Declaration,
    Game,
    Hand,
    HandInProgress,
)
from games.sheet import Sheet, score_sheet
from games.spreadsheet import sheet_csv
from games.stats import circle_stats as stats_of
from games.stats import game_rows, points_by_variant, standings
from games.words import shown_text, shown_variant, shown_variants


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: `htmx` says whether htmx sent it
    (and its headers). Every view's request is one."""

    htmx: HtmxDetails


# -- access: every view starts with one of these ------------------------------------------


def _circle(request: HtmxHttpRequest, slug: str) -> Circle:
    found = get_object_or_404(Circle, slug=_slug(slug))
    _speak(request, found.language)
    return found


def _game(request: HtmxHttpRequest, circle_slug: str, game_slug: str) -> Game:
    found = get_object_or_404(
        Game.objects.select_related("circle", "in_progress"),
        slug=_slug(game_slug),
        circle__slug=_slug(circle_slug),
    )
    _speak(request, found.circle.language)
    return found


def _fresh(game: Game) -> Game:
    """The game as it stands after a change's transaction, or after the lock that refused
    it. Every answer to a change is rendered from this, never from the game read before the
    lock: a save that crossed another phone's (or its own replay) then opens the hand that
    is really next, on the hand in progress's current token."""
    return get_object_or_404(Game.objects.select_related("circle", "in_progress"), pk=game.pk)


def _watched(request: HtmxHttpRequest, watch_slug: str) -> Game:
    found = get_object_or_404(
        Game.objects.select_related("circle", "in_progress"), watch_slug=_slug(watch_slug)
    )
    _speak(request, found.circle.language)
    return found


# -- the language a page speaks ----------------------------------------------------------------
#
# The phone's own choice (the menu's picker, kept in Django's language cookie) comes first;
# then, on a circle's pages and fragments and the watch pages of its games, the circle's
# default language; then the browser's Accept-Language, which LocaleMiddleware has already
# activated. Every page and fragment of a circle goes through _circle, _game or _watched, so
# a poll speaks the language of the page that sent it.


def _phone_language(request: HtmxHttpRequest) -> str | None:
    """The language this phone chose in the menu, if it names one the site speaks."""
    code = request.COOKIES.get(django_settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def _speak(request: HtmxHttpRequest, language: str) -> None:
    """Speak a circle's default `language` (blank: none), unless the phone chose its own."""
    if not language or _phone_language(request) is not None:
        return
    try:
        code = translation.get_supported_language_variant(language)
    except LookupError:
        return
    translation.activate(code)
    request.LANGUAGE_CODE = code


# What new_slug() makes. Anything else names nothing, and is not sent to the database: a NUL
# character in a query is an error in PostgreSQL.
_SLUG = re.compile(r"[-\w]{1,32}", re.ASCII)


def _slug(value: str) -> str:
    if not _is_slug(value):
        raise Http404
    return value


def _is_slug(value: str | None) -> bool:
    return value is not None and _SLUG.fullmatch(value) is not None


# -- circles ---------------------------------------------------------------------------------


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    slugs = remembered(request)
    circles = sorted(Circle.objects.filter(slug__in=slugs), key=lambda c: slugs.index(c.slug))
    return render(request, "games/home.html", {"circles": circles})


@require_POST
@ratelimit(group="circle_create", key="ip", rate="10/m")
@ratelimit(group="circle_create", key="ip", rate="60/h")
def circle_create(request: HtmxHttpRequest) -> HttpResponse:
    # The phone's browser says where the table is (a blank or unknown zone is left unset).
    zone = nights.valid_time_zone(request.POST.get("time_zone", "")) or ""
    circle = Circle.objects.create(time_zone=zone)
    response = redirect("circle", circle=circle.slug)
    remember(request, response, circle.slug)
    return response


# Games per page of a circle's history.
HISTORY_PAGE = 20


def _circle_page(
    request: HtmxHttpRequest, circle: Circle, status: int = 200, **extra: Any
) -> HttpResponse:
    """Tonight's night first (games in progress, then tonight's finished games), the new
    game choices after them, then the history, paged and filtered by the query string."""
    tonight = circle.tonight()
    start, end = nights.bounds(tonight, circle.zone)
    current = circle.games.prefetch_related("seats__player")
    in_progress = list(current.filter(status=Game.Status.IN_PROGRESS))
    finished_tonight = list(
        current.filter(status=Game.Status.FINISHED, created__gte=start, created__lt=end)
    )
    context = {
        "circle": circle,
        "tonight": tonight,
        "in_progress": in_progress,
        "finished_tonight": finished_tonight,
        "tonight_title": nights.title(tonight),
        "tonight_short": nights.short_title(tonight),
        "variants": shown_variants(),
        "rename_form": extra.pop("rename_form", CircleNameForm(initial={"name": circle.name})),
        "language_form": extra.pop(
            "language_form", CircleLanguageForm(initial={"language": circle.language})
        ),
        "import_form": extra.pop("import_form", ImportForm()),
        "share_url": request.build_absolute_uri(reverse("circle", args=[circle.slug])),
        **_history(request, circle),
        **extra,
    }
    # Paging and filtering the history (htmx GET) redraws the history alone.
    paging = request.htmx and request.method == "GET"
    template = "games/circle.html#history" if paging else "games/circle.html"
    response = render(request, template, context, status=status)
    remember(request, response, circle.slug)
    return response


def _history_filter(request: HtmxHttpRequest, circle: Circle) -> HistoryFilter:
    names = list(circle.players.values_list("name", flat=True))
    return HistoryFilter(request.GET, players=names)


def _filtered(circle: Circle, choice: HistoryFilter) -> QuerySet[Game]:
    games = circle.games.all()
    if variant := choice.value("variant"):
        games = games.filter(variant=variant)
    if player := choice.value("player"):
        games = games.filter(seats__player__name=player)
    return games


def _history(request: HtmxHttpRequest, circle: Circle) -> dict[str, Any]:
    """One page of the circle's games, newest first, each with the night it belongs to."""
    choice = _history_filter(request, circle)
    games = _filtered(circle, choice).prefetch_related("seats__player")
    page = Paginator(games, HISTORY_PAGE).get_page(choice.value("page") or 1)
    zone = circle.zone
    for game in page:
        game.night = nights.night_of(game.created, zone)
        game.night_title = nights.title(game.night)
    query = {k: v for k in ("variant", "player") if (v := choice.value(k))}
    return {"history": page, "history_filter": choice, "history_query": urlencode(query)}


@require_GET
def circle(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    return _circle_page(request, _circle(request, circle))


@require_GET
def night(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """One card night: its games and who won most of them."""
    found = _circle(request, circle)
    day = nights.read_night(night)
    if day is None:
        raise Http404
    start, end = nights.bounds(day, found.zone)
    games = found.games.filter(created__gte=start, created__lt=end)
    table = standings(game_rows(games))
    earlier = found.games.filter(created__lt=start).order_by("-created").first()
    later = found.games.filter(created__gte=end).order_by("created").first()
    context = {
        "circle": found,
        "night": day,
        "night_title": nights.title(day),
        "is_tonight": day == found.tonight(),
        "games": list(games.prefetch_related("seats__player")),
        "standings": table,
        "points": [(shown_variant(key), rows) for key, rows in points_by_variant(table)],
        "earlier": found.night_of(earlier) if earlier else None,
        "later": found.night_of(later) if later else None,
    }
    return render(request, "games/night.html", context)


@require_GET
def circle_stats(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """Players' and partnerships' numbers, over all games or one (`?variant=`)."""
    found = _circle(request, circle)
    played = list(found.games.order_by().values_list("variant", flat=True).distinct())
    variant = request.GET.get("variant")
    games = found.games.all()
    if variant in played:
        games = games.filter(variant=variant)
    else:
        variant = None
    stats = stats_of(games, variant)
    context = {
        "circle": found,
        "stats": stats,
        "variant": shown_variant(variant) if variant else None,
        "played_variants": [v for v in shown_variants() if v.key in played],
        "chart": win_rate_chart(stats.series, stats.finished),
    }
    return render(request, "games/stats.html", context)


@require_GET
def history_export(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The circle's history (as filtered on the page) as CSV, one row per game."""
    found = _circle(request, circle)
    rows = game_rows(_filtered(found, _history_filter(request, found)))
    response = HttpResponse(
        history_csv(reversed(rows), found.zone), content_type="text/csv; charset=utf-8"
    )
    name = history_filename(found.name, found.tonight())
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_http_methods(["GET", "POST"])
def circle_time_zone(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The circle's time zone: chosen here, or sent once by the first phone's browser."""
    found = _circle(request, circle)
    form = TimeZoneForm(request.POST or None, initial={"time_zone": found.time_zone or "UTC"})
    if request.method == "POST" and form.is_valid():
        first = form.cleaned_data["first"]
        if not (first and found.time_zone):
            found.time_zone = form.cleaned_data["time_zone"]
            found.save(update_fields=["time_zone"])
        if request.htmx:
            return HttpResponse(status=204)
        return redirect("circle", circle=found.slug)
    status = 400 if form.is_bound else 200
    return render(request, "games/time_zone.html", {"circle": found, "form": form}, status=status)


@require_POST
def circle_language(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The circle's default language (blank: none), for phones that have not chosen one."""
    found = _circle(request, circle)
    form = CircleLanguageForm(request.POST)
    if not form.is_valid():
        return _circle_page(request, found, status=400, language_form=form)
    found.language = form.cleaned_data["language"]
    found.save(update_fields=["language"])
    # The page may now speak another language: it is loaded anew, whole.
    url = reverse("circle", args=[found.slug])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def circle_rename(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = _circle(request, circle)
    form = CircleNameForm(request.POST)
    if not form.is_valid():
        return _circle_page(request, found, status=400, rename_form=form)
    found.name = form.cleaned_data["name"]
    found.save(update_fields=["name"])
    if request.htmx:
        return render(request, "games/circle.html#circle-name", {"circle": found})
    return redirect("circle", circle=found.slug)


@require_http_methods(["GET", "POST"])
def game_new(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = _circle(request, circle)
    variant = request.POST.get("variant") or request.GET.get("variant") or ""
    if variant not in VARIANTS:
        context = {"circle": found, "variants": shown_variants()}
        return render(request, "games/pick.html", context)
    initial = {}
    rematch_of = request.GET.get("from")
    if _is_slug(rematch_of):
        previous = found.games.filter(slug=rematch_of).first()
        if previous:
            initial = {f"player_{i}": n for i, n in enumerate(previous.player_names())}
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
    players = found.players.values_list("name", flat=True)
    context = {
        "circle": found,
        "form": form,
        "players": players,
        "variant": shown_variant(variant),
    }
    return render(request, "games/new.html", context, status=status)


@require_POST
@ratelimit(group="game_import", key="ip", rate="20/10m")
def game_import(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = _circle(request, circle)
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            game = Game.import_record(found, form.cleaned_data["record"])
        except ScorerError as error:
            form.add_error("record", error_text(error))
        else:
            return redirect("game", circle=found.slug, game=game.slug)
    return _circle_page(request, found, status=400, import_form=form)


def _tool_variant(tool: str, asked: str | None) -> str:
    """The game a tool's page is about: the one asked for (`?variant=`) if it has the tool,
    else the first game that has it."""
    having = [key for key, variant in VARIANTS.items() if tool in variant.tools]
    if not having:
        raise Http404
    return asked if asked in having else having[0]


@require_GET
def declarations_helper(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """Which declarations score, from the engine, for a game with the "declarations" tool
    (`?variant=`).

    From a game (`?game=`) it starts from that game's hand in progress (its dealer, trump and
    declarations), and "Use in this hand" carries what it holds back into it.
    """
    found = _circle(request, circle)
    game_slug = request.GET.get("game")
    game = found.games.filter(slug=game_slug).first() if _is_slug(game_slug) else None
    if game is not None and "declarations" not in game.rules.tools:
        game = None
    variant = _tool_variant(
        "declarations", game.variant if game is not None else request.GET.get("variant")
    )
    engine = shown_variant(variant)
    names = game.player_names() if game is not None else list(engine.default_players)
    settings = game.engine_settings() if game is not None else engine.settings()
    bound = "trump" in request.GET
    initial: dict[str, Any] = {}
    if game is not None and not bound:
        dealer = game.next_dealer if game.next_dealer is not None else game.first_dealer
        initial = {"dealer": str(dealer), **HandInProgress.of(game).fields}
    form = HELPER_FORMS[variant](request.GET if bound else None, names=names, initial=initial)
    if not bound and initial.get("trump"):
        # What the table entered so far is judged at once.
        form = HELPER_FORMS[variant]({**initial}, names=names)
        bound = True
    result = _contest(form, variant, names, settings) if bound and form.is_valid() else None
    context = {
        "circle": found,
        "form": form,
        "result": result,
        "variant": engine,
        "helpers": [v for v in shown_variants() if "declarations" in v.tools],
        "game": game,
    }
    return render(request, "games/declarations.html", context)


@require_POST
def declarations_use(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Carry the helper's dealer, trump and declarations into the game's hand in progress,
    so nothing is typed twice; then back to the hand, at its declarations.

    The helper's declarations are added to the hand's: one another phone entered meanwhile
    stays, and one already there is not doubled.
    """
    found = _game(request, circle, game)
    if "declarations" not in found.rules.tools:
        raise Http404
    names = found.player_names()
    helper = HELPER_FORMS[found.variant]
    form = helper(request.POST, names=names)
    back = reverse("declarations", args=[circle]) + f"?game={found.slug}"
    if not form.is_valid():
        return HttpResponseClientRedirect(back) if request.htmx else redirect(back)
    table = set(_hand_form(found, names).table_fields())
    given = {k: "" if v is None else str(v) for k, v in form.cleaned_data.items() if k in table}
    with transaction.atomic():
        progress = HandInProgress.objects.select_for_update().get(pk=HandInProgress.of(found).pk)
        changes = {k: v for k, v in given.items() if not k.startswith("seq") and v != ""}
        changes.update(_merged_rows(helper, progress.fields, given))
        progress.change(progress.token, changes)
    url = reverse("game", args=[circle, game]) + "?phase=during#hand-form"
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _merged_rows(helper: Any, hand: dict[str, Any], given: dict[str, str]) -> dict[str, str]:
    """The hand's declaration rows, then the helper's rows not among them, as form fields."""

    def rows(fields: dict[str, Any]) -> list[tuple[str, ...]]:
        found = []
        for row in range(helper.ROWS):
            parts = tuple(str(fields.get(f"seq{row}_{part}") or "") for part in helper.PARTS)
            if any(parts):
                found.append(parts)
        return found

    merged = rows(hand)
    merged += [row for row in rows(given) if row not in merged]
    out = {}
    for row in range(helper.ROWS):
        parts = merged[row] if row < len(merged) else ("",) * len(helper.PARTS)
        for part, value in zip(helper.PARTS, parts, strict=True):
            out[f"seq{row}_{part}"] = value
    return out


def _contest(form: Any, variant: str, names: list[str], settings: Any) -> dict[str, Any] | None:
    """The engine's verdict on what the helper form holds, as rows to show."""
    engine = VARIANTS[variant]
    if not isinstance(engine, DeclaringVariant):
        raise Http404
    sides = engine.side_names(names)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=tuple(names))
    trump = Suit(form.cleaned_data["trump"])
    try:
        verdict = judge(
            engine,
            form.cleaned_data.get("dealer", 0),
            trump,
            form.declaration_facts(),
            settings,
            state,
        )
    except ScorerError as error:
        form.add_error(None, shown_text(error.message))
        return None
    rows = [
        (names[d.seat], shown_text(d.describe(trump)), v.counted, v.points, v.reason)
        for d, v in ((d, verdict.verdicts[i]) for i, d in enumerate(verdict.declarations))
    ]
    return {
        "rows": rows,
        "notes": verdict.notes,
        "sides": list(zip(sides, verdict.points, strict=True)),
    }


@require_GET
def melds(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The meld calculator of a game with the "melds" tool (`?variant=`, by default the
    first): tap the cards laid out, get the meld from the engine.

    On its own page, or (htmx, with `seat`) inside a hand form, where it also fills in that
    player's meld field.
    """
    found = _circle(request, circle)
    engine = VARIANTS[_tool_variant("melds", request.GET.get("variant"))]
    words = HAND_FORMS[engine.key].meld_words
    prefix = request.GET.get("prefix", "c_")
    seat = _int_param(request, "seat")
    trump = request.GET.get("trump", "")
    result: dict[str, Any] = {}
    if trump in {s.value for s in Suit}:
        try:
            holding = read_holding(request.GET, prefix, engine.ranks)
        except ValidationError as error:
            result["problem"] = error.messages[0]
        else:
            meld = engine.count_meld(holding, Suit(trump))
            result = {"total": meld.total, "lines": meld.lines}
    else:
        result["problem"] = words["no_trump"]
    context = {
        "circle": found,
        "variant": shown_variant(engine.key),
        "words": words,
        "result": result,
        "seat": seat,
        "trump": trump,
        "asked": True,
    }
    if request.htmx:
        return render(request, "games/melds.html#meld-result", context)
    context |= {
        "grid": meld_cells(prefix, engine.ranks),
        "values": request.GET,
        "suits": list(Suit),
        "asked": "trump" in request.GET,
    }
    return render(request, "games/melds.html", context)


# -- the game page --------------------------------------------------------------------------

# The newest hands come with the page; earlier ones load on request, so the page costs the
# same at hand 500 as at hand 50.
HANDS_PER_PAGE = 40
# The sheet's rows are a few cells each: a long evening fits, and so does its printout.
SHEET_HANDS = 100

# How the hands are shown, the sheet or the detailed list: chosen with `?hands=` and kept in
# a cookie, so the choice survives a reload and needs no script.
HANDS_VIEWS = ("list", "sheet")
HANDS_COOKIE = "hands"
HANDS_COOKIE_AGE = 365 * 24 * 3600


def _chosen_view(request: HtmxHttpRequest) -> str | None:
    """The view asked for in this request's link, if it names one."""
    asked = request.GET.get("hands")
    return asked if asked in HANDS_VIEWS else None


def _hands_view(request: HtmxHttpRequest) -> str:
    """The view to show: the link's, else the remembered one, else the detailed list."""
    remembered_view = request.COOKIES.get(HANDS_COOKIE)
    if remembered_view not in HANDS_VIEWS:
        remembered_view = "list"
    return _chosen_view(request) or remembered_view


def _int_param(request: HtmxHttpRequest, name: str) -> int | None:
    """A query parameter that counts something (a hand, a seat); None if it is not one."""
    value = whole_number_or_none(request.GET.get(name, ""))
    return value if value is not None and value >= 0 else None


def _hand_form(game: Game, names: list[str], data: Any = None, **kwargs: Any) -> HandForm:
    form_class = HAND_FORMS[game.variant]
    return form_class(data, names=names, settings=game.engine_settings(), **kwargs)


def _new_hand_form(game: Game, names: list[str], progress: HandInProgress) -> HandForm:
    """The form for the next hand, holding what the phones have entered so far."""
    dealer = game.next_dealer if game.next_dealer is not None else game.first_dealer
    return _hand_form(game, names, initial={"dealer": str(dealer), **progress.fields})


def _play_context(
    request: HtmxHttpRequest, game: Game, form: HandForm | None = None, watching: bool = False
) -> dict[str, Any]:
    """Everything the game page shows; a watcher gets no form and no circle link."""
    seats = list(game.seats.select_related("player"))
    names = [contained(seat.player.name) for seat in seats]  # its own direction only
    engine = game.engine
    sides = engine.side_names(names)
    settings = game.engine_settings()
    target = settings.target
    # A row shows what the hand scored, never the facts it was scored from.
    shown = game.live_hands().reverse().defer(*UNSHOWN)
    before = _int_param(request, "before")
    if before:
        shown = shown.filter(number__lt=before)
    view = _hands_view(request)
    # The sheet shows the hands itself: a phone on it needs only the newest (its undo).
    per_page = 1 if view == "sheet" and not watching else HANDS_PER_PAGE
    # The live hands are numbered 1 to hand_count: the page's are one short range of the
    # (game, number) index, whatever the database knows of a long game's rows.
    top = min(game.hand_count, before - 1) if before else game.hand_count
    shown = shown.filter(number__gt=top - per_page - 1)
    hands = list(shown[: per_page + 1])
    more_before = hands[per_page - 1].number if len(hands) > per_page else None
    hands = hands[:per_page]
    declared = _declared(hands)
    for hand in hands:
        hand.rows = list(zip(sides, hand.scores, hand.totals, strict=True))
        hand.dealer_name = names[hand.dealer]
        hand.declared = [(names[d.seat], d) for d in declared.get(hand.pk, ())]
        hand.declarer_name = names[hand.declarer] if hand.declarer is not None else ""
        hand.row_key = _row_key(game, hand, watching)
    sheet, sheet_before = _sheet(game, names, before) if view == "sheet" else (None, None)
    # A big screen shows the sheet beside the hands whichever view the list is in.
    watch_sheet = (sheet or _sheet(game, names, None)[0]) if watching else None
    progress = _progress(game)
    members = [
        [n for seat, n in enumerate(names) if engine.side_of(seat) == side]
        for side in range(len(sides))
    ]
    if not watching and form is None and not game.is_finished:
        form = _new_hand_form(game, names, progress)
    newest = hands[0] if hands and hands[0].number == game.hand_count else None
    removed = [] if watching else list(game.removed_hands()[:20])
    for hand in [*hands, *removed]:
        hand.game = game  # the summary reads the variant; spare a query per hand
    for hand in removed:
        hand.summary_text = hand.summary(names)
        assert hand.removed is not None  # every removed hand has the time it went
        hand.recent = (timezone.now() - hand.removed).total_seconds() < 60
    return {
        "circle": None if watching else game.circle,
        "watching": watching,
        "game": game,
        "engine": engine,
        "names": names,
        "board": [
            {
                "name": name,
                "members": members[i],
                "total": total,
                "progress": max(0, min(total, target)),
                "won": i in game.winners,
            }
            for i, (name, total) in enumerate(zip(sides, game.totals, strict=True))
        ],
        "target": target,
        "progress": shown_text(engine.progress(settings, game.hand_count)),
        "opener_name": (
            names[(game.next_dealer + 1) % engine.seats]
            if engine.opener and game.next_dealer is not None
            else ""
        ),
        "dealer_name": _dealer_name(game, names, progress),
        "win_sentence": shown_text(engine.win_sentence(sides, game.winners)),
        "hands": hands,
        "newest": newest,
        "undo_label": newest.summary(names) if newest else "",
        "removed": removed,
        "more_before": more_before,
        "view": view,
        "view_choices": (("sheet", _("Sheet")), ("list", _("Details"))),
        # The page's own address: a page shown in answer to a form post (without script)
        # stands at the post's address, where a link's bare "?hands=" would lead nowhere.
        "page_url": (
            reverse("watch", args=[game.watch_slug])
            if watching
            else reverse("game", args=[game.circle.slug, game.slug])
        ),
        "sheet": sheet,
        "watch_sheet": watch_sheet,
        "sheet_before": sheet_before,
        "chart": _chart(game, sides, target),
        "form": form,
        "in_progress": progress,
        "progress_json": json.dumps(progress.fields),
        "progress_line": _progress_line(game, names, progress) if progress.started else "",
        # At the table the page is about the next hand: the scoreboard takes one line.
        "compact": not watching and not game.is_finished,
        "watch_url": request.build_absolute_uri(reverse("watch", args=[game.watch_slug])),
    }


# What a hand's row never shows: the columns the hands list does not read.
UNSHOWN = ("facts", "idempotency_key", "source", "created", "removed", "removed_number")


def _declared(hands: list[Hand]) -> dict[int, list[Declaration]]:
    """The declarations of the shown hands, by hand, in their order: one query, each row
    knowing its hand (its label reads the game's variant)."""
    by_pk = {hand.pk: hand for hand in hands}
    declared: dict[int, list[Declaration]] = {}
    if by_pk:
        for row in Declaration.objects.filter(hand__in=list(by_pk)).order_by("order"):
            row.hand = by_pk[row.hand_id]
            declared.setdefault(row.hand_id, []).append(row)
    return declared


def _sheet(game: Game, names: list[str], before: int | None) -> tuple[Sheet, int | None]:
    """The sheet of the newest SHEET_HANDS hands (before hand `before`, when given), and the
    number the link to the hands before them names (None when they all fit)."""
    hands = game.live_hands()
    if before:
        hands = hands.filter(number__lt=before)
    rows = list(hands.reverse()[: SHEET_HANDS + 1])[::-1]
    earlier = rows[1].number if len(rows) > SHEET_HANDS else None
    return score_sheet(game, rows[-SHEET_HANDS:], names), earlier


def _chart(game: Game, sides: tuple[str, ...], target: int) -> Chart | None:
    """The running totals of every live hand as a chart, the failed contracts marked.

    It reads every hand, so it is kept in the "rows" cache under what it shows: the game's
    version (every change to a hand makes a new one), the side names, the target and the
    language its words are in. A page or a poll of a 500-hand game then costs what a 5-hand
    one does."""
    shown = (sides, target, translation.get_language())
    key = hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()
    key = f"chart:{game.slug}:{game.version}:{key}"
    cache = caches["rows"]
    chart: Chart | None = cache.get(key)
    if chart is None and key not in cache:
        chart = _draw_chart(game, sides, target)
        cache.set(key, chart)
    return chart


# The chart is 280 units wide: a longer game is drawn from every few hands (games/chart.py).
CHART_POINTS = 280


def _draw_chart(game: Game, sides: tuple[str, ...], target: int) -> Chart | None:
    engine = game.engine
    rows = game.live_hands()
    step = -(-game.hand_count // CHART_POINTS)
    if step > 1:
        # Every step-th hand and the newest, looked up by number: a long game's other
        # hands are not read (the live hands are numbered 1 to hand_count).
        sampled = {*range(step, game.hand_count + 1, step), game.hand_count}
        rows = rows.filter(number__in=sorted(sampled))
    read = [
        (number, totals, made, declarer)
        for number, totals, made, declarer in rows.values_list(
            "number", "totals", "made", "declarer"
        )
        if number is not None  # every live hand has its number
    ]
    failed = [
        (number, engine.side_of(declarer))
        for number, _, made, declarer in read
        if made is False and declarer is not None
    ]
    numbers = [number for number, _, _, _ in read]
    return score_chart(sides, [totals for _, totals, _, _ in read], failed, target, numbers)


def _row_key(game: Game, hand: Hand, watching: bool) -> str:
    """What a saved hand's rendered row is cached under (the "rows" cache): its identity and
    version, and all it shows that changes without a new version: its number, scores, totals,
    notes and verdicts after an earlier hand changed, the names, the viewer being a watcher,
    and the language it is read in.

    The game's slug keeps a hand id that a database reuses (after a rollback) from ever
    meeting a row of another game.
    """
    shown = (
        translation.get_language(),
        hand.rows,
        hand.notes,
        hand.made,
        hand.trump,
        hand.dealer_name,
        hand.declarer_name,
        [
            (who, d.seat, d.kind, d.details, d.points, d.counted, d.reason)
            for who, d in hand.declared
        ],
    )
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()
    viewer = "watch" if watching else "play"
    return f"{game.slug}:{hand.pk}:{hand.version}:{hand.number}:{viewer}:{digest}"


def _dealer_name(game: Game, names: list[str], progress: HandInProgress) -> str:
    """Who deals the hand being entered: as the phones set it, else the game's next dealer."""
    chosen = progress.fields.get("dealer", "")
    if isinstance(chosen, str) and chosen.isascii() and chosen.isdigit() and len(chosen) < 3:
        seat = int(chosen)
        if seat < len(names):
            return names[seat]
    return names[game.next_dealer] if game.next_dealer is not None else ""


def _progress(game: Game) -> HandInProgress:
    """The game's hand in progress: fetched with the game where it exists already."""
    try:
        return game.in_progress
    except HandInProgress.DoesNotExist:
        return HandInProgress.of(game)


def _progress_line(game: Game, names: list[str], progress: HandInProgress) -> str:
    """The hand in progress in one line, for the watch page and the other phones:
    "Hand 7 · Ann called ♥ · Ben: 4-card run 9–Q♥"."""
    form = _hand_form(game, names, {"dealer": str(game.next_dealer or 0), **progress.fields})
    facts = form.partial_facts()
    parts = [_("Hand %(number)s") % {"number": game.hand_count + 1}]
    rules = game.rules
    declarer = facts.get(rules.declarer_key) if rules.declarer_key else None
    declarer = declarer if isinstance(declarer, int) else None
    trump = facts.get("trump")
    symbol = Suit(trump).symbol if trump in {s.value for s in Suit} else ""
    bid = facts.get(rules.contract_key) if rules.contract_key else None
    contract = shown_text(rules.describe_contract(bid)) or None
    if declarer is not None and 0 <= declarer < len(names):
        said = {"name": names[declarer], "contract": contract, "suit": symbol}
        if contract is not None and symbol:
            parts.append(_("%(name)s bid %(contract)s %(suit)s") % said)
        elif contract is not None:
            parts.append(_("%(name)s bid %(contract)s") % said)
        elif symbol:
            parts.append(_("%(name)s called %(suit)s") % said)
        else:
            parts.append(_("%(name)s called") % said)
    elif symbol:
        parts.append(_("trump %(suit)s") % {"suit": symbol})
    try:
        interim = game.engine.interim(facts, game.engine_settings(), names)
    except ScorerError:
        interim = None
    if interim is not None:
        for row in interim.rows:
            said = {"player": row.player, "declared": shown_text(row.declared)}
            if row.declared == "melds":
                said["points"] = row.points
                parts.append(_("%(player)s: melds %(points)s") % said)
            else:
                parts.append(_("%(player)s: %(declared)s") % said)
    return " · ".join(parts)


@require_GET
def game(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(request, circle, game)
    response = _game_page(request, found)
    # A phone that plays in a circle opens there from its home screen (games/pwa.py, start).
    if not request.htmx:
        remember(request, response, found.circle.slug)
    return response


@require_GET
def game_live(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The scoreboard and hands, or 204 when nothing changed since version `v`."""
    if _unchanged(request, slug=_slug(game), circle__slug=_slug(circle)):
        return HttpResponse(status=204)
    return _live(request, _game(request, circle, game))


def _game_page(request: HtmxHttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    template = "games/game.html"
    chosen = _chosen_view(request)
    if request.htmx and chosen:
        template += "#hands"
    elif request.htmx and "before" in request.GET:
        template += "#hand-rows"
    response = render(request, template, _play_context(request, game, watching=watching))
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


def _unchanged(request: HtmxHttpRequest, **game: str) -> bool:
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
    _speak(request, now[2])
    return True


def _live(request: HtmxHttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    """204 when neither the game (`v`) nor its hand in progress (`d`) changed; else the
    scoreboard, the hands and the hand in progress. A phone whose hand in progress (`t`) was
    saved by another phone gets the whole play region, with a fresh form."""
    progress = _progress(game)
    same_game = request.GET.get("v") == str(game.version)
    if same_game and request.GET.get("d") == str(progress.version):
        return HttpResponse(status=204)
    token = request.GET.get("t")
    if not watching and token and token != progress.token:
        notice = None
        if progress.saved_number:
            notice = {"text": _saved(progress.saved_number, progress.saved_text), "ok": True}
        context = {**_play_context(request, game), "notice": notice, "oob_play": True}
        # The whole play region, out of band: it is found by id whatever the poll's source.
        return reswap(render(request, "games/game.html#play", context), "none")
    context = {
        **_play_context(request, game, watching=watching),
        "oob": not same_game,
        "oob_state": True,
    }
    return render(request, "games/game.html#live", context)


@require_POST
def hand_record(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Save the hand in progress as the next hand. The save names what it was based on: the
    hand in progress (`token`, with script) or the hand number and game version the form was
    opened at (without); a save that comes after another phone's is refused, adding nothing."""
    found = _game(request, circle, game)
    names = found.player_names()
    form = _hand_form(found, names, request.POST)
    if "check" in request.POST:
        # Enter in a number field (without script): check the hand and show what it would
        # score, never save half of it.
        preview = _preview(found, form, found.hand_count + 1)
        context = {**_play_context(request, found, form), **preview}
        return render(request, "games/game.html", context, status=200 if form.is_valid() else 400)
    if form.is_valid():
        token = _posted_token(request)
        if token is None:
            return HttpResponseBadRequest(
                _("That save names no hand Scorer knows: reload the page.")
            )
        try:
            hand = found.record_hand(
                form.facts(),
                key=form.cleaned_data.get("key") or "",
                token=token,
                expect_number=None if token else _posted_int(request, "expect_number"),
                expect_version=None if token else _posted_int(request, "expect_version"),
            )
        except AlreadySaved as refused:
            return _refused_save(request, _fresh(found), refused)
        except ScorerError as error:
            found = _fresh(found)
            form.engine_error(error)
        else:
            found = _fresh(found)
            if request.htmx:
                notice = {
                    "text": _saved(hand.number, hand.summary(names)),
                    "ok": True,
                    "undo": hand,
                }
                context = {**_play_context(request, found), "notice": notice}
                return render(request, "games/game.html#play", context)
            return redirect("game", circle=circle, game=game)
    context = _play_context(request, found, form)
    if request.htmx:
        response = render(request, "games/game.html#hand-form", context)
        return reswap(retarget(response, "#hand-form"), "outerHTML")
    return render(request, "games/game.html", context, status=400)


def _refused_save(request: HtmxHttpRequest, game: Game, refused: AlreadySaved) -> HttpResponse:
    """A late save: say which hand another phone saved, and open the next hand. The typed
    form is not kept ready to save again: one more tap would store the same hand twice."""
    notice: dict[str, Any] = {"text": refused.message}
    if refused.removed:
        notice["restore"] = refused.hand
    context = {**_play_context(request, game), "notice": notice}
    if request.htmx:
        return render(request, "games/game.html#play", context, status=409)
    return render(request, "games/game.html", context, status=409)


@require_POST
def hand_progress(request: HtmxHttpRequest, circle: str, game: str) -> JsonResponse:
    """One phone's changes to the hand in progress (a tap, or a number once typed).

    Answers the hand in progress as it now is, and whether the change was taken: not when
    `token` names a hand in progress another phone saved meanwhile (nothing changed).
    """
    found = _game(request, circle, game)
    form = _hand_form(found, found.player_names())
    allowed = set(form.table_fields())
    changes: dict[str, str] = {}
    for name, value in request.POST.items():
        if name in ("token", "csrfmiddlewaretoken"):
            continue
        if not isinstance(value, str):  # a key posted with no value: never from a form
            continue
        if name not in allowed:
            error = _("%(name)s is not part of this hand.") % {"name": repr(name[:40])}
            return JsonResponse({"error": error}, status=400)
        label = _field_label(form, name)
        if len(value) > HandInProgress.MAX_VALUE:
            return JsonResponse({"error": _("%(name)s is too long.") % {"name": label}}, status=400)
        if not value.isprintable():
            error = _("%(name)s holds a character that cannot be typed, such as a control code.")
            return JsonResponse({"error": error % {"name": label}}, status=400)
        if not _fits(form.fields[name], value):
            said = {"value": repr(value[:20]), "name": label}
            error = _("%(value)s is not a choice for %(name)s.") % said
            return JsonResponse({"error": error}, status=400)
        changes[name] = value
    if len(changes) > HandInProgress.MAX_FIELDS:
        return JsonResponse({"error": _("Too many changes at once.")}, status=400)
    token = _posted_token(request)
    if token is None:
        error = _("That change names no hand Scorer knows.")
        return JsonResponse({"error": error}, status=400)
    progress = HandInProgress.of(found)
    dealer = found.next_dealer if found.next_dealer is not None else found.first_dealer
    # What follows from the changes is worked out under the row's lock, from the fields as
    # every phone has left them (two phones' taps may cross).
    accepted = progress.change(
        token,
        changes,
        lambda fields, changed: form.derived({"dealer": str(dealer), **fields}, changed),
    )
    # A change to a hand another phone saved meanwhile is normal at a table, not an error:
    # the answer says so, and carries the hand in progress that replaced it.
    return JsonResponse({**_progress_state(progress), "accepted": accepted})


def _field_label(form: HandForm, name: str) -> str:
    """What the table calls a field ("Who called", "Auction"), never its id."""
    field = form.fields[name]
    label = str(getattr(field, "generic_label", None) or form[name].label or name)
    return label.strip().rstrip("?:؟")


def _fits(field: Any, value: str) -> bool:
    """Whether a value could be what its field offers: one of its choices, a tick, or text
    (numbers and text are judged with the whole hand, as typed)."""
    if value == "":
        return True
    if isinstance(field, forms.BooleanField):
        return value in ("on", "true", "1")
    choices = getattr(field, "choices", None)
    if choices is not None:
        return value in {str(key) for key, _ in choices}
    return True


def _progress_state(progress: HandInProgress) -> dict[str, Any]:
    state: dict[str, Any] = {
        "token": progress.token,
        "version": progress.version,
        "fields": progress.fields,
    }
    if progress.saved_number:
        state["saved"] = _saved(progress.saved_number, progress.saved_text)
    return state


def _saved(number: int | None, summary: str) -> str:
    """The notice of a hand saved: "Hand 5 saved: Ann ♥ +130."."""
    return _("Hand %(number)s saved: %(summary)s.") % {"number": number, "summary": summary}


@require_POST
def hand_preview(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """What the hand being entered will score and why, from the engine call that will save
    it; before the card points are in, what the table already knows (declarations judged,
    the target moved by marriages, melds counted)."""
    found = _game(request, circle, game)
    # The hand being edited, or the next one; a number that is neither is not a hand.
    number = _posted_int(request, "number")
    if number is None or not 1 <= number <= found.hand_count:
        number = found.hand_count + 1
    form = _hand_form(found, found.player_names(), request.POST)
    return render(request, "games/game.html#preview", _preview(found, form, number))


def _preview(found: Game, form: HandForm, number: int) -> dict[str, Any]:
    """What the form's hand would score as hand `number`, and why; or what is still to come,
    what is wrong, and what the table already knows (the interim judgement)."""
    names = found.player_names()
    context: dict[str, Any] = {"problems": [], "rows": None, "notes": []}
    if form.is_valid():
        try:
            scored = found.scored_with(form.facts(), number)
        except HandError as error:
            name = form.error_fields.get(error.field, error.field)
            if name in form.fields and form.data.get(name) in (None, ""):
                # Nobody has entered it yet: still to come, not a mistake.
                field = form.fields[name]
                context["todo"] = [str(getattr(field, "generic_label", None) or form[name].label)]
            else:
                context["problems"] = [shown_text(error.message)]
        else:
            last = scored.hands[0]
            context["rows"] = list(zip(scored.sides, last.score.scores, last.totals, strict=True))
            context["notes"] = last.score.notes
            context["finishes"] = shown_text(
                found.engine.win_sentence(scored.sides, scored.winners)
            )
    else:
        # Only what someone typed can be wrong; the rest is still to come, and not red.
        context["problems"] = [
            _("%(field)s: %(problem)s") % {"field": form[name].label, "problem": error}
            if name != "__all__"
            else error
            for name, errors in form.errors.items()
            for error in errors
            if name == "__all__" or form.data.get(name) not in (None, "")
        ]
        context["todo"] = form.untouched()
    try:
        context["interim"] = found.engine.interim(
            form.partial_facts(), found.engine_settings(), names
        )
    except ScorerError as error:
        context["interim_problem"] = shown_text(error.message)
    return context


def _hand(game: Game, hand: int) -> Hand:
    """A hand of this game by its identity, live or removed; 404 for another game's."""
    return get_object_or_404(Hand, game=game, pk=hand)


def _posted_token(request: HtmxHttpRequest) -> str | None:
    """The hand in progress a save or change is based on ("" for none); None when the token
    is not one Scorer makes (new_token), so that it never reaches a query: a NUL in one is
    an error in PostgreSQL."""
    token = request.POST.get("token", "")
    return token if not token or _TOKEN.fullmatch(token) else None


_TOKEN = re.compile(r"[0-9a-f]{1,32}")


def _posted_int(request: HtmxHttpRequest, name: str) -> int | None:
    value = whole_number_or_none(request.POST.get(name, ""))
    return value if value is not None and value >= 0 else None


def _after_change(
    request: HtmxHttpRequest, game: Game, notice: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """The game after a change to its hands: the play region (htmx) or the page.

    A notice (a conflict, or "hand 5 removed" with its Restore) is shown above the hands.
    Without htmx a plain success redirects; a notice is shown on the page itself.
    """
    context = {**_play_context(request, game), "notice": notice}
    if request.htmx:
        return render(request, "games/game.html#play", context, status=status)
    if notice is None:
        return redirect("game", circle=game.circle.slug, game=game.slug)
    return render(request, "games/game.html", context, status=status)


def _removed_notice(game: Game, hand: Hand | None, number: int | None) -> dict[str, Any]:
    if hand is None:
        text = _("Hand %(number)s was already removed; nothing more was removed.")
        return {"text": text % {"number": number}}
    said = {"number": hand.removed_number, "summary": hand.summary(game.player_names())}
    return {"text": _("Hand %(number)s removed: %(summary)s.") % said, "restore": hand}


@require_http_methods(["GET", "POST"])
def hand_edit(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Edit one hand. With htmx the form takes the place of the new-hand form on the page."""
    found = _game(request, circle, game)
    shown = _hand(found, hand)
    names = found.player_names()
    template = "games/edit.html#edit-form" if request.htmx else "games/edit.html"
    if shown.removed is not None:
        text = _("Hand %(number)s was removed on another phone; nothing was changed.") % {
            "number": shown.removed_number
        }
        notice = {"text": text, "restore": shown}
        return _after_change(request, found, notice, status=409)
    if request.method == "GET":
        initial = {
            **HAND_FORMS[found.variant].initial_from(shown.facts),
            "version": shown.version,
            "number": shown.number,
        }
        form = _hand_form(found, names, initial=initial)
        return render(request, template, _edit_context(found, shown, form, names))
    form = _hand_form(found, names, request.POST)
    status = 400
    if form.is_valid():
        try:
            found.edit_hand(
                shown.pk,
                form.facts(),
                form.cleaned_data.get("version") or 0,
                _posted_int(request, "number"),
            )
        except Conflict as conflict:
            found = _fresh(found)
            if conflict.hand is None or conflict.hand.removed is not None:
                return _after_change(request, found, {"text": conflict.message}, status=409)
            # Keep what this phone typed, based now on the hand as it is: saving again applies it.
            data = request.POST.copy()
            data["version"] = str(conflict.hand.version)
            data["number"] = str(conflict.hand.number)
            form = _hand_form(found, names, data)
            form.is_valid()
            form.add_error(
                None,
                _("%(problem)s Your changes are below: save again to apply them.")
                % {"problem": conflict.message},
            )
            shown = conflict.hand
            status = 409
        except HandError as error:
            found = _fresh(found)
            # A later hand may break because of this edit (it would follow the end).
            problem = shown_text(error.message)
            if error.number != shown.number:
                problem = _("hand %(number)s: %(problem)s") % {
                    "number": error.number,
                    "problem": problem,
                }
            form.engine_error(HandError(error.number, error.field, problem))
        else:
            found = _fresh(found)
            if request.htmx:
                return render(request, "games/game.html#play", _play_context(request, found))
            return redirect(reverse("game", args=[circle, game]) + f"#hand-{shown.pk}")
    context = _edit_context(found, shown, form, names)
    if request.htmx:
        response = render(request, template, context, status=status)
        return reswap(retarget(response, "#hand-form"), "outerHTML")
    return render(request, template, context, status=status)


def _edit_context(game: Game, hand: Hand, form: HandForm, names: list[str]) -> dict[str, Any]:
    return {
        "circle": game.circle,
        "game": game,
        "hand": hand,
        "form": form,
        "names": names,
        "engine": game.engine,
        "summary": hand.summary(names),
    }


@require_http_methods(["GET", "POST"])
def hand_delete(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    found = _game(request, circle, game)
    shown = _hand(found, hand)
    names = found.player_names()
    if request.method == "GET":
        if shown.removed is not None:
            notice = _removed_notice(found, None, shown.removed_number)
            return _after_change(request, found, notice, status=409)
        context = {
            "circle": found.circle,
            "game": found,
            "hand": shown,
            "summary": shown.summary(names),
        }
        return render(request, "games/delete.html", context)
    number = _posted_int(request, "number")
    try:
        removed = found.remove_hand(shown.pk, _posted_int(request, "version"), number)
    except Conflict as conflict:
        return _after_change(request, _fresh(found), {"text": conflict.message}, status=409)
    except HandError as error:
        found = _fresh(found)
        if request.htmx:
            return HttpResponseClientRedirect(reverse("hand_delete", args=[circle, game, hand]))
        context = {
            "circle": found.circle,
            "game": found,
            "hand": shown,
            "summary": shown.summary(names),
            "error": error_text(error),
        }
        return render(request, "games/delete.html", context, status=400)
    found = _fresh(found)
    return _after_change(request, found, _removed_notice(found, removed, number))


@require_POST
def hand_undo(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Take back the newest hand, named by its identity; refused once it is not the newest."""
    found = _game(request, circle, game)
    shown = _hand(found, hand)
    try:
        removed = found.undo_hand(shown.pk)
    except Conflict as conflict:
        return _after_change(request, _fresh(found), {"text": conflict.message}, status=409)
    found = _fresh(found)
    return _after_change(request, found, _removed_notice(found, removed, shown.removed_number))


@require_POST
def hand_restore(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Put a removed hand back in its place, everything recomputed."""
    found = _game(request, circle, game)
    shown = _hand(found, hand)
    try:
        restored = found.restore_hand(shown.pk)
    except Conflict as conflict:
        return _after_change(request, _fresh(found), {"text": conflict.message}, status=409)
    except HandError as error:
        found = _fresh(found)
        text = _("Hand %(number)s cannot go back: hand %(later)s: %(problem)s") % {
            "number": shown.removed_number,
            "later": error.number,
            "problem": shown_text(error.message),
        }
        return _after_change(request, found, {"text": text}, status=409)
    found = _fresh(found)
    text = _("Hand %(number)s is back: %(summary)s.") % {
        "number": restored.number,
        "summary": restored.summary(found.player_names()),
    }
    return _after_change(request, found, {"text": text, "ok": True})


@require_GET
def game_export(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(request, circle, game)
    response = JsonResponse(found.export(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    stamp = found.created.strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{found.variant}-{stamp}.json"'
    return response


@require_GET
def game_csv(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The score sheet as a spreadsheet: one row per live hand, as the sheet shows it."""
    found = _game(request, circle, game)
    names = found.player_names()
    sheet = score_sheet(found, found.live_hands(), names)
    response = HttpResponse(sheet_csv(sheet), content_type="text/csv; charset=utf-8")
    stamp = timezone.localtime(found.created).strftime("%Y-%m-%d-%H%M")
    name = f"{found.variant}-{stamp}-score-sheet.csv"
    response["Content-Disposition"] = content_disposition_header(True, name)
    return response


@require_POST
def game_rematch(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(request, circle, game)
    dealer = found.next_dealer if found.next_dealer is not None else found.first_dealer
    new = Game.create(found.circle, found.variant, found.player_names(), found.settings, dealer)
    url = reverse("game", args=[circle, new.slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


@require_GET
def game_share(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """The game's watch link as a large QR code: a phone across the table, or the laptop
    that drives the TV, scans it and follows the game read-only."""
    found = _game(request, circle, game)
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
    return _game_page(request, _watched(request, watch), watching=True)


def watch_live(request: HtmxHttpRequest, watch: str) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return HttpResponseForbidden(_("A watch link cannot change anything."))
    if _unchanged(request, watch_slug=_slug(watch)):
        return HttpResponse(status=204)
    return _live(request, _watched(request, watch), watching=True)

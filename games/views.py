"""Thin views: look up and check access, parse a form, call one model method, render."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from games.circles import remember, remembered
from games.engine import VARIANTS, GameState, ScorerError
from games.engine.cards import Suit
from games.engine.declarations import judge
from games.engine.game import HandError
from games.engine.hoskin import count_meld
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
from games.models import Circle, Conflict, Game, Hand

# -- access: every view starts with one of these ------------------------------------------


def _circle(slug: str) -> Circle:
    return get_object_or_404(Circle, slug=_slug(slug))


def _game(circle_slug: str, game_slug: str) -> Game:
    return get_object_or_404(
        Game.objects.select_related("circle"),
        slug=_slug(game_slug),
        circle__slug=_slug(circle_slug),
    )


def _watched(watch_slug: str) -> Game:
    return get_object_or_404(Game.objects.select_related("circle"), watch_slug=_slug(watch_slug))


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
def home(request: HttpRequest) -> HttpResponse:
    slugs = remembered(request)
    circles = sorted(Circle.objects.filter(slug__in=slugs), key=lambda c: slugs.index(c.slug))
    return render(request, "games/home.html", {"circles": circles})


@require_POST
def circle_create(request: HttpRequest) -> HttpResponse:
    circle = Circle.objects.create()
    response = redirect("circle", circle=circle.slug)
    remember(request, response, circle.slug)
    return response


def _circle_page(
    request: HttpRequest, circle: Circle, status: int = 200, **extra: Any
) -> HttpResponse:
    games = list(circle.games.prefetch_related("seats__player"))
    context = {
        "circle": circle,
        "in_progress": [g for g in games if not g.is_finished],
        "finished": [g for g in games if g.is_finished],
        "variants": VARIANTS.values(),
        "rename_form": extra.pop("rename_form", CircleNameForm(initial={"name": circle.name})),
        "import_form": extra.pop("import_form", ImportForm()),
        "share_url": request.build_absolute_uri(reverse("circle", args=[circle.slug])),
        **extra,
    }
    response = render(request, "games/circle.html", context, status=status)
    remember(request, response, circle.slug)
    return response


@require_GET
def circle(request: HttpRequest, circle: str) -> HttpResponse:
    return _circle_page(request, _circle(circle))


@require_POST
def circle_rename(request: HttpRequest, circle: str) -> HttpResponse:
    found = _circle(circle)
    form = CircleNameForm(request.POST)
    if not form.is_valid():
        return _circle_page(request, found, status=400, rename_form=form)
    found.name = form.cleaned_data["name"]
    found.save(update_fields=["name"])
    if request.htmx:
        return render(request, "games/circle.html#circle-name", {"circle": found})
    return redirect("circle", circle=found.slug)


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest, circle: str) -> HttpResponse:
    found = _circle(circle)
    variant = request.POST.get("variant") or request.GET.get("variant") or ""
    if variant not in VARIANTS:
        return render(request, "games/pick.html", {"circle": found, "variants": VARIANTS.values()})
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
    context = {"circle": found, "form": form, "players": players, "variant": VARIANTS[variant]}
    return render(request, "games/new.html", context, status=status)


@require_POST
def game_import(request: HttpRequest, circle: str) -> HttpResponse:
    found = _circle(circle)
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            game = Game.import_record(found, form.cleaned_data["record"])
        except ScorerError as error:
            form.add_error("record", str(error))
        else:
            return redirect("game", circle=found.slug, game=game.slug)
    return _circle_page(request, found, status=400, import_form=form)


@require_GET
def declarations_helper(request: HttpRequest, circle: str) -> HttpResponse:
    """Which declarations score, from the engine: Klaberjass or Terz (`?variant=`)."""
    found = _circle(circle)
    variant = request.GET.get("variant", "klaberjass")
    game_slug = request.GET.get("game")
    game = found.games.filter(slug=game_slug).first() if _is_slug(game_slug) else None
    if game is not None and game.variant in HELPER_FORMS:
        variant = game.variant
    if variant not in HELPER_FORMS:
        variant = "klaberjass"
    engine = VARIANTS[variant]
    names = game.player_names() if game is not None else list(engine.default_players)
    settings = game.engine_settings() if game is not None else engine.settings()
    bound = "trump" in request.GET
    form = HELPER_FORMS[variant](request.GET if bound else None, names=names)
    result = _contest(form, variant, names, settings) if bound and form.is_valid() else None
    context = {
        "circle": found,
        "form": form,
        "result": result,
        "variant": engine,
        "helpers": [VARIANTS[key] for key in HELPER_FORMS],
        "game": game,
    }
    return render(request, "games/declarations.html", context)


def _contest(form: Any, variant: str, names: list[str], settings: Any) -> dict[str, Any] | None:
    """The engine's verdict on what the helper form holds, as rows to show."""
    engine = VARIANTS[variant]
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
        form.add_error(None, error.message)
        return None
    rows = [
        (names[d.seat], d.describe(trump), v.counted, v.points, v.reason)
        for d, v in ((d, verdict.verdicts[i]) for i, d in enumerate(verdict.declarations))
    ]
    return {
        "rows": rows,
        "notes": verdict.notes,
        "sides": list(zip(sides, verdict.points, strict=True)),
    }


@require_GET
def melds(request: HttpRequest, circle: str) -> HttpResponse:
    """The Hoşkin meld calculator: tap the cards laid out, get the meld from the engine.

    On its own page, or (htmx, with `seat`) inside a hand form, where it also fills in that
    player's meld field.
    """
    found = _circle(circle)
    prefix = request.GET.get("prefix", "c_")
    seat = _int_param(request, "seat")
    trump = request.GET.get("trump", "")
    result: dict[str, Any] = {}
    if trump in {s.value for s in Suit}:
        try:
            holding = read_holding(request.GET, prefix)
        except ValidationError as error:
            result["problem"] = error.messages[0]
        else:
            meld = count_meld(holding, Suit(trump))
            result = {"total": meld.total, "lines": meld.lines}
    else:
        result["problem"] = "Choose the koz (trump) first: the seri and the trump evli need it."
    context = {"circle": found, "result": result, "seat": seat, "trump": trump, "asked": True}
    if request.htmx:
        return render(request, "games/melds.html#meld-result", context)
    context |= {
        "grid": meld_cells(prefix),
        "values": request.GET,
        "suits": list(Suit),
        "asked": "trump" in request.GET,
    }
    return render(request, "games/melds.html", context)


# -- the game page --------------------------------------------------------------------------

# The newest hands come with the page; earlier ones load on request, so the page costs the
# same at hand 500 as at hand 50.
HANDS_PER_PAGE = 40


def _int_param(request: HttpRequest, name: str) -> int | None:
    """A query parameter that counts something (a hand, a seat); None if it is not one."""
    value = whole_number_or_none(request.GET.get(name, ""))
    return value if value is not None and value >= 0 else None


def _hand_form(game: Game, names: list[str], data: Any = None, **kwargs: Any) -> HandForm:
    form_class = HAND_FORMS[game.variant]
    return form_class(data, names=names, settings=game.engine_settings(), **kwargs)


def _new_hand_form(game: Game, names: list[str]) -> HandForm:
    dealer = game.next_dealer if game.next_dealer is not None else game.first_dealer
    return _hand_form(game, names, initial={"dealer": dealer})


def _play_context(
    request: HttpRequest, game: Game, form: HandForm | None = None, watching: bool = False
) -> dict[str, Any]:
    """Everything the game page shows; a watcher gets no form and no circle link."""
    seats = list(game.seats.select_related("player"))
    names = [seat.player.name for seat in seats]
    engine = game.engine
    sides = engine.side_names(names)
    settings = game.engine_settings()
    target = settings.target
    hands = game.hands.order_by("-number").prefetch_related("declarations")
    before = _int_param(request, "before")
    if before:
        hands = hands.filter(number__lt=before)
    hands = list(hands[: HANDS_PER_PAGE + 1])
    more_before = hands[HANDS_PER_PAGE - 1].number if len(hands) > HANDS_PER_PAGE else None
    hands = hands[:HANDS_PER_PAGE]
    for hand in hands:
        hand.rows = list(zip(sides, hand.scores, hand.totals, strict=True))  # type: ignore[attr-defined]
        hand.dealer_name = names[hand.dealer]  # type: ignore[attr-defined]
        hand.declared = [(names[d.seat], d) for d in hand.declarations.all()]  # type: ignore[attr-defined]
        hand.declarer_name = names[hand.declarer] if hand.declarer is not None else ""  # type: ignore[attr-defined]
    if not watching and form is None and not game.is_finished:
        form = _new_hand_form(game, names)
    return {
        "circle": None if watching else game.circle,
        "watching": watching,
        "game": game,
        "engine": engine,
        "names": names,
        "board": [
            {
                "name": name,
                "total": total,
                "progress": max(0, min(total, target)),
                "won": i in game.winners,
            }
            for i, (name, total) in enumerate(zip(sides, game.totals, strict=True))
        ],
        "target": target,
        "progress": engine.progress(settings, game.hand_count),
        "opener_name": (
            names[(game.next_dealer + 1) % engine.seats]
            if engine.opener and game.next_dealer is not None
            else ""
        ),
        "dealer_name": names[game.next_dealer] if game.next_dealer is not None else "",
        "winners": " & ".join(sides[i] for i in game.winners),
        "hands": hands,
        "more_before": more_before,
        "form": form,
        "watch_url": request.build_absolute_uri(reverse("watch", args=[game.watch_slug])),
    }


@require_GET
def game(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    return _game_page(request, _game(circle, game))


@require_GET
def game_live(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    """The scoreboard and hands, or 204 when nothing changed since version `v`."""
    return _live(request, _game(circle, game))


def _game_page(request: HttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    template = "games/game.html"
    if request.htmx and "before" in request.GET:
        template += "#hand-rows"
    return render(request, template, _play_context(request, game, watching=watching))


def _live(request: HttpRequest, game: Game, watching: bool = False) -> HttpResponse:
    if request.GET.get("v") == str(game.version):
        return HttpResponse(status=204)
    context = {**_play_context(request, game, watching=watching), "oob": True}
    return render(request, "games/game.html#live", context)


@require_POST
def hand_record(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(circle, game)
    names = found.player_names()
    form = _hand_form(found, names, request.POST)
    if form.is_valid():
        try:
            found.record_hand(form.facts(), key=form.cleaned_data.get("key") or "")
        except ScorerError as error:
            form.engine_error(error)
        else:
            if request.htmx:
                return render(request, "games/game.html#play", _play_context(request, found))
            return redirect("game", circle=circle, game=game)
    context = _play_context(request, found, form)
    if request.htmx:
        response = render(request, "games/game.html#hand-form", context)
        return reswap(retarget(response, "#hand-form"), "outerHTML")
    return render(request, "games/game.html", context, status=400)


@require_POST
def hand_preview(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    """What the hand being typed would score, from the engine call that will save it."""
    found = _game(circle, game)
    names = found.player_names()
    # The hand being edited, or the next one; a number that is neither is not a hand.
    number = whole_number_or_none(request.POST.get("number", ""))
    if number is None or not 1 <= number <= found.hand_count:
        number = found.hand_count + 1
    form = _hand_form(found, names, request.POST)
    context: dict[str, Any] = {"problems": [], "rows": None, "notes": []}
    if form.is_valid():
        facts = [h.facts for h in found.hands.order_by("number")]
        if number <= len(facts):
            facts[number - 1] = form.facts()
            facts = facts[:number]
        else:
            facts.append(form.facts())
        try:
            scored = found.score(facts)
        except HandError as error:
            context["problems"] = [error.message]
        else:
            last = scored.hands[-1]
            context["rows"] = list(zip(scored.sides, last.score.scores, last.totals, strict=True))
            context["notes"] = last.score.notes
            context["finishes"] = " & ".join(scored.sides[i] for i in scored.winners)
    else:
        context["problems"] = [
            f"{form[name].label}: {error}" if name != "__all__" else error
            for name, errors in form.errors.items()
            for error in errors
        ]
        context["incomplete"] = True
    return render(request, "games/game.html#preview", context)


@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, circle: str, game: str, number: int) -> HttpResponse:
    """Edit one hand. With htmx the form takes the place of the new-hand form on the page."""
    found = _game(circle, game)
    hand = get_object_or_404(Hand, game=found, number=number)
    names = found.player_names()
    template = "games/edit.html#edit-form" if request.htmx else "games/edit.html"
    if request.method == "GET":
        initial = {**HAND_FORMS[found.variant].initial_from(hand.facts), "version": hand.version}
        form = _hand_form(found, names, initial=initial)
        return render(request, template, _edit_context(found, hand, form, names))
    form = _hand_form(found, names, request.POST)
    if form.is_valid():
        try:
            found.edit_hand(number, form.facts(), form.cleaned_data.get("version") or 0)
        except Conflict:
            form.add_error(
                None,
                "Another phone changed this hand while you were editing it. "
                "Reload to see its new version, then make your change again.",
            )
        except HandError as error:
            # A later hand may break because of this edit (it would follow the end).
            prefix = "" if error.number == number else f"hand {error.number}: "
            form.engine_error(HandError(error.number, error.field, prefix + error.message))
        else:
            if request.htmx:
                return render(request, "games/game.html#play", _play_context(request, found))
            return redirect(reverse("game", args=[circle, game]) + f"#hand-{number}")
    context = _edit_context(found, hand, form, names)
    if request.htmx:
        response = render(request, template, context)
        return reswap(retarget(response, "#hand-form"), "outerHTML")
    return render(request, template, context, status=400)


def _edit_context(game: Game, hand: Hand, form: HandForm, names: list[str]) -> dict[str, Any]:
    return {
        "circle": game.circle,
        "game": game,
        "hand": hand,
        "form": form,
        "names": names,
        "engine": game.engine,
    }


@require_http_methods(["GET", "POST"])
def hand_delete(request: HttpRequest, circle: str, game: str, number: int) -> HttpResponse:
    found = _game(circle, game)
    hand = get_object_or_404(Hand, game=found, number=number)
    if request.method == "GET":
        return render(
            request, "games/delete.html", {"circle": found.circle, "game": found, "hand": hand}
        )
    try:
        found.delete_hand(number)
    except HandError as error:
        if request.htmx:
            return HttpResponseClientRedirect(reverse("hand_delete", args=[circle, game, number]))
        context = {"circle": found.circle, "game": found, "hand": hand, "error": str(error)}
        return render(request, "games/delete.html", context, status=400)
    if request.htmx:
        return render(request, "games/game.html#play", _play_context(request, found))
    return redirect("game", circle=circle, game=game)


@require_POST
def hand_undo(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(circle, game)
    found.undo_last_hand()
    if request.htmx:
        return render(request, "games/game.html#play", _play_context(request, found))
    return redirect("game", circle=circle, game=game)


@require_GET
def game_export(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(circle, game)
    response = JsonResponse(found.export(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    stamp = found.created.strftime("%Y-%m-%d")
    response["Content-Disposition"] = f'attachment; filename="{found.variant}-{stamp}.json"'
    return response


@require_POST
def game_rematch(request: HttpRequest, circle: str, game: str) -> HttpResponse:
    found = _game(circle, game)
    dealer = found.next_dealer if found.next_dealer is not None else found.first_dealer
    new = Game.create(found.circle, found.variant, found.player_names(), found.settings, dealer)
    url = reverse("game", args=[circle, new.slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


# -- watching: read-only ---------------------------------------------------------------------


def watch(request: HttpRequest, watch: str) -> HttpResponse:
    if request.method != "GET":
        return HttpResponseForbidden("A watch link cannot change anything.")
    return _game_page(request, _watched(watch), watching=True)


def watch_live(request: HttpRequest, watch: str) -> HttpResponse:
    if request.method != "GET":
        return HttpResponseForbidden("A watch link cannot change anything.")
    return _live(request, _watched(watch), watching=True)

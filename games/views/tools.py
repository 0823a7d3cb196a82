"""The tools' pages: the declarations helper (which declarations score, and carrying them
into a game's hand in progress) and the meld calculator."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from games.engine import VARIANTS
from games.engine.cards import Suit
from games.forms import HAND_FORMS, HELPER_FORMS, meld_cells
from games.models import Conflict, HandInProgress
from games.pages.game_page import hand_form
from games.pages.tools import declarations_verdict, meld_count
from games.views.access import HtmxHttpRequest, circle_of, fresh, game_of, int_param, is_slug
from games.views.games import play_context
from games.words import shown_variant, shown_variants


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
    found = circle_of(request, circle)
    game_slug = request.GET.get("game")
    game = found.games.filter(slug=game_slug).first() if is_slug(game_slug) else None
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
        dealer = game.next_hand_dealer
        initial = {"dealer": str(dealer), **HandInProgress.of(game).fields}
    form = HELPER_FORMS[variant](request.GET if bound else None, names=names, initial=initial)
    if not bound and initial.get("trump"):
        # What the table entered so far is judged at once.
        form = HELPER_FORMS[variant]({**initial}, names=names)
        bound = True
    result = (
        declarations_verdict(form, variant, names, settings) if bound and form.is_valid() else None
    )
    context = {
        "circle": found,
        "form": form,
        "result": result,
        "variant": engine,
        "helpers": [v for v in shown_variants() if "declarations" in v.tools],
        "game": game,
        # A removed or abandoned game's hand in progress takes nothing.
        "usable": game is not None and not game.closed,
    }
    return render(request, "games/declarations.html", context)


@require_POST
def declarations_use(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Carry the helper's dealer, trump and declarations into the game's hand in progress,
    so nothing is typed twice; then back to the hand, at its declarations.

    The helper's declarations are added to the hand's: one another phone entered meanwhile
    stays, and one already there is not doubled.
    """
    found = game_of(request, circle, game)
    if "declarations" not in found.rules.tools:
        raise Http404
    names = found.player_names()
    helper = HELPER_FORMS[found.variant]
    form = helper(request.POST, names=names)
    back = reverse("declarations", args=[circle]) + f"?game={found.slug}"
    if not form.is_valid():
        return HttpResponseClientRedirect(back) if request.htmx else redirect(back)
    table = set(hand_form(found, names).table_fields())
    given = {k: "" if v is None else str(v) for k, v in form.cleaned_data.items() if k in table}
    try:
        with transaction.atomic():
            # Under the game's row lock, then the hand in progress's, as a save takes them: a
            # game removed or abandoned meanwhile takes nothing.
            found.locked_open()
            progress = HandInProgress.objects.select_for_update().get(
                pk=HandInProgress.of(found).pk
            )
            changes = {k: v for k, v in given.items() if not k.startswith("seq") and v != ""}
            changes.update(_merged_rows(helper, progress.fields, given))
            progress.change(progress.token, changes)
    except Conflict as refused:
        # The game page, read after the lock, says why and offers what reopens it.
        context = {**play_context(request, fresh(found)), "notice": {"text": refused.message}}
        response = render(request, "games/game.html", context, status=409)
        return reswap(retarget(response, "body"), "innerHTML") if request.htmx else response
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


@require_GET
def melds(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The meld calculator of a game with the "melds" tool (`?variant=`, by default the
    first): tap the cards laid out, get the meld from the engine.

    On its own page, or (htmx, with `seat`) inside a hand form, where it also fills in that
    player's meld field.
    """
    found = circle_of(request, circle)
    engine = VARIANTS[_tool_variant("melds", request.GET.get("variant"))]
    words = HAND_FORMS[engine.key].meld_words
    prefix = request.GET.get("prefix", "c_")
    seat = int_param(request, "seat")
    trump = request.GET.get("trump", "")
    result = meld_count(engine, request.GET, prefix, trump, words["no_trump"])
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

"""Changes to a game's saved hands: saving the hand in progress, editing, deleting, undoing
and restoring one. Each is one model call (games/models/changes.py; a club table's change
to a confirmed result is logged, games/models/club_results.py); its answer is the game
page, or its play region, rendered from the game as it stands after the change (fresh)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from games.engine import ScorerError
from games.engine.game import HandError
from games.forms import HAND_FORMS, HandForm
from games.forms.base import error_text
from games.models import AlreadySaved, Conflict, Game, Hand
from games.models.changes import Undone
from games.models.club_results import logged_change
from games.pages.game_page import hand_form, saved_text
from games.views.access import HtmxHttpRequest, fresh, game_of, hand_of, posted_int, posted_token
from games.views.club_results import table_phone
from games.views.games import play_context
from games.words import shown_text


@require_POST
def hand_record(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """Save the hand in progress as the next hand. The save names what it was based on: the
    hand in progress (`token`, with script) or the hand number and game version the form was
    opened at (without); a save that comes after another phone's is refused, adding nothing."""
    found = game_of(request, circle, game)
    names = found.player_names()
    form = hand_form(found, names, request.POST)
    if ("check" in request.POST or not form.is_valid()) and fresh(found).closed:
        # A check, or a hand not right yet, from a page opened before the game was removed
        # or abandoned: no form comes back to be saved, the game as it now is says why.
        found = fresh(found)
        return _refused_save(
            request, found, AlreadySaved((), None, closed=found.closed_reason(True))
        )
    if "check" in request.POST:
        # Enter in a number field (without script): check the hand and show what it would
        # score, never save half of it.
        # The page's preview is the typed hand's (games/pages/game_page.py).
        context = play_context(request, found, form)
        return render(request, "games/game.html", context, status=200 if form.is_valid() else 400)
    if not form.is_valid():
        return _hand_form_again(request, found, form)
    token = posted_token(request)
    if token is None:
        return HttpResponseBadRequest(_("That save names no hand Scorer knows: reload the page."))
    try:
        hand = found.record_hand(
            form.facts(),
            key=form.cleaned_data.get("key") or "",
            token=token,
            expect_number=None if token else posted_int(request, "expect_number"),
            expect_version=None if token else posted_int(request, "expect_version"),
        )
    except AlreadySaved as refused:
        return _refused_save(request, fresh(found), refused)
    except ScorerError as error:
        form.engine_error(error)
        return _hand_form_again(request, fresh(found), form)
    found = fresh(found)
    if not request.htmx:
        return redirect("game", circle=circle, game=game)
    notice = {"text": saved_text(hand.number, hand.summary(names)), "ok": True, "undo": hand}
    return render(
        request, "games/game.html#play", {**play_context(request, found), "notice": notice}
    )


def _hand_form_again(request: HtmxHttpRequest, game: Game, form: HandForm) -> HttpResponse:
    """The hand form with what was typed and what is wrong with it, nothing saved."""
    context = play_context(request, game, form)
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
    context = {**play_context(request, game), "notice": notice}
    if request.htmx:
        return render(request, "games/game.html#play", context, status=409)
    return render(request, "games/game.html", context, status=409)


def _after_change(
    request: HtmxHttpRequest, game: Game, notice: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """The game after a change to its hands: the play region (htmx) or the page.

    A notice (a conflict, or "hand 5 removed" with its Restore) is shown above the hands.
    Without htmx a plain success redirects; a notice is shown on the page itself.
    """
    context = {**play_context(request, game), "notice": notice}
    if request.htmx:
        return render(request, "games/game.html#play", context, status=status)
    if notice is None:
        return redirect("game", circle=game.circle.slug, game=game.slug)
    return render(request, "games/game.html", context, status=status)


def _closed(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """No edit or delete page for a removed or abandoned game (a change is refused under
    its lock): the game as it is, saying why; with htmx, in place of the play region, not of
    the form the link aimed at."""
    response = _after_change(request, game, {"text": game.closed_reason()}, status=409)
    return reswap(retarget(response, "#play"), "outerHTML") if request.htmx else response


def _removed_notice(game: Game, hand: Hand | None, number: int | None) -> dict[str, Any]:
    if hand is None:
        text = _("Hand %(number)s was already removed; nothing more was removed.")
        return {"text": text % {"number": number}}
    said = {"number": hand.removed_number, "summary": hand.summary(game.player_names())}
    return {"text": _("Hand %(number)s removed: %(summary)s.") % said, "restore": hand}


@require_http_methods(["GET", "POST"])
def hand_edit(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Edit one hand. With htmx the form takes the place of the new-hand form on the page."""
    found = game_of(request, circle, game)
    shown = hand_of(found, hand)
    if request.method == "GET" and found.closed:
        return _closed(request, found)
    if shown.removed is not None:
        text = _("Hand %(number)s was removed on another phone; nothing was changed.") % {
            "number": shown.removed_number
        }
        return _after_change(request, found, {"text": text, "restore": shown}, status=409)
    names = found.player_names()
    if request.method == "GET":
        initial = {
            **HAND_FORMS[found.variant].initial_from(shown.facts),
            "version": shown.version,
            "number": shown.number,
        }
        return _edit_page(request, found, shown, hand_form(found, names, initial=initial))
    form = hand_form(found, names, request.POST)
    if not form.is_valid():
        return _edit_page(request, found, shown, form, status=400)
    try:
        facts, version = form.facts(), form.cleaned_data.get("version") or 0
        logged_change(
            found,
            shown.number,
            table_phone(request),
            lambda: found.edit_hand(shown.pk, facts, version, posted_int(request, "number")),
        )
    except Conflict as conflict:
        return _edit_crossed(request, fresh(found), conflict)
    except HandError as error:
        return _edit_refused(request, fresh(found), shown, form, error)
    found = fresh(found)
    if request.htmx:
        return render(request, "games/game.html#play", play_context(request, found))
    return redirect(reverse("game", args=[circle, game]) + f"#hand-{shown.pk}")


def _edit_page(
    request: HtmxHttpRequest, game: Game, hand: Hand, form: HandForm, status: int = 200
) -> HttpResponse:
    """The edit form of `hand`; with htmx, in place of the new-hand form (or of itself)."""
    context = _edit_context(game, hand, form, form.names)
    if not request.htmx:
        return render(request, "games/edit.html", context, status=status)
    response = render(request, "games/edit.html#edit-form", context, status=status)
    if request.method == "GET":
        return response
    return reswap(retarget(response, "#hand-form"), "outerHTML")


def _edit_crossed(request: HtmxHttpRequest, game: Game, conflict: Conflict) -> HttpResponse:
    """Another phone changed the hand while this one edited it: the page as it is now when
    the hand is gone, else this phone's form again, based on the hand as it now is, so
    saving again applies what it typed."""
    hand = conflict.hand
    if hand is None or hand.removed is not None:
        return _after_change(request, game, {"text": conflict.message}, status=409)
    data = request.POST.copy()
    data["version"] = str(hand.version)
    data["number"] = str(hand.number)
    form = hand_form(game, game.player_names(), data)
    form.is_valid()
    form.add_error(
        None,
        _("%(problem)s Your changes are below: save again to apply them.")
        % {"problem": conflict.message},
    )
    return _edit_page(request, game, hand, form, status=409)


def _edit_refused(
    request: HtmxHttpRequest, game: Game, hand: Hand, form: HandForm, error: HandError
) -> HttpResponse:
    """The engine refused the edited hand, or a later hand it would break (one after the
    end of the game): the form again, saying which hand and why."""
    problem = shown_text(error.message)
    if error.number != hand.number:
        problem = _("hand %(number)s: %(problem)s") % {"number": error.number, "problem": problem}
    form.engine_error(HandError(error.number, error.field, problem))
    return _edit_page(request, game, hand, form, status=400)


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
    """Ask, then set one hand aside (restorable); the later hands move up and are scored
    again."""
    found = game_of(request, circle, game)
    shown = hand_of(found, hand)
    if request.method == "GET":
        if found.closed:
            return _closed(request, found)
        if shown.removed is not None:
            notice = _removed_notice(found, None, shown.removed_number)
            return _after_change(request, found, notice, status=409)
        return _delete_page(request, found, shown)
    number = posted_int(request, "number")
    try:
        version = posted_int(request, "version")
        removed = logged_change(
            found,
            number,
            table_phone(request),
            lambda: found.remove_hand(shown.pk, version, number),
        )
    except Conflict as conflict:
        return _after_change(request, fresh(found), {"text": conflict.message}, status=409)
    except HandError as error:
        # A later hand would break without it (the game would have ended before it).
        if request.htmx:
            return HttpResponseClientRedirect(reverse("hand_delete", args=[circle, game, hand]))
        return _delete_page(request, fresh(found), shown, error_text(error), status=400)
    found = fresh(found)
    return _after_change(request, found, _removed_notice(found, removed, number))


def _delete_page(
    request: HtmxHttpRequest, game: Game, hand: Hand, error: str = "", status: int = 200
) -> HttpResponse:
    context = {
        "circle": game.circle,
        "game": game,
        "hand": hand,
        "summary": hand.summary(game.player_names()),
    }
    if error:
        context["error"] = error
    return render(request, "games/delete.html", context, status=status)


@require_POST
def hand_undo(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Take back the newest hand, named by its identity; refused once it is not the newest."""
    found = game_of(request, circle, game)
    shown = hand_of(found, hand)
    form = hand_form(found, found.player_names())
    try:
        undone = logged_change(
            found,
            shown.number,
            table_phone(request),
            lambda: found.undo_hand(shown.pk, refill=form.typed_from),
        )
    except Conflict as conflict:
        return _after_change(request, fresh(found), {"text": conflict.message}, status=409)
    found = fresh(found)
    if undone is None:
        return _after_change(request, found, _removed_notice(found, None, shown.removed_number))
    return _after_change(request, found, _undone_notice(found, undone))


def _undone_notice(game: Game, undone: Undone) -> dict[str, Any]:
    """A hand taken back: in the form to be corrected, or, when another phone had started
    the next hand there, kept aside (its Restore, then Edit, corrects it)."""
    said = {
        "number": undone.hand.removed_number,
        "summary": undone.hand.summary(game.player_names()),
    }
    if undone.refilled:
        text = _(
            "Hand %(number)s taken back: %(summary)s. It is in the form below on every phone: "
            "correct it and save it again."
        )
    else:
        text = _(
            "Hand %(number)s taken back: %(summary)s. Another phone had started entering the "
            "next hand, so that was kept; restore hand %(number)s and edit it to correct it."
        )
    return {"text": text % said, "restore": undone.hand}


@require_POST
def hand_restore(request: HtmxHttpRequest, circle: str, game: str, hand: int) -> HttpResponse:
    """Put a removed hand back in its place, everything recomputed."""
    found = game_of(request, circle, game)
    shown = hand_of(found, hand)
    form = hand_form(found, found.player_names())
    try:
        restored = logged_change(
            found,
            shown.removed_number,
            table_phone(request),
            lambda: found.restore_hand(shown.pk, refill=form.typed_from),
        )
    except Conflict as conflict:
        return _after_change(request, fresh(found), {"text": conflict.message}, status=409)
    except HandError as error:
        found = fresh(found)
        text = _("Hand %(number)s cannot go back: hand %(later)s: %(problem)s") % {
            "number": shown.removed_number,
            "later": error.number,
            "problem": shown_text(error.message),
        }
        return _after_change(request, found, {"text": text}, status=409)
    found = fresh(found)
    text = _("Hand %(number)s is back: %(summary)s.") % {
        "number": restored.number,
        "summary": restored.summary(found.player_names()),
    }
    return _after_change(request, found, {"text": text, "ok": True})

"""The hand in progress, the same on every phone: one phone's changes to it (a JSON
endpoint the page's script calls on each tap), and the preview of what it will score."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.forms import HandForm
from games.models import Conflict, Game, HandInProgress
from games.pages.game_page import hand_form, saved_text
from games.pages.hand_preview import hand_preview as preview_of
from games.views.access import HtmxHttpRequest, fresh, game_of, posted_int, posted_token
from games.views.games import LIVE, live_context


@require_POST
def hand_progress(request: HtmxHttpRequest, circle: str, game: str) -> JsonResponse:
    """One phone's changes to the hand in progress (a tap, or a number once typed).

    Answers the hand in progress as it now is, and whether the change was taken: not when
    `token` names a hand in progress another phone saved meanwhile (nothing changed).
    """
    found = game_of(request, circle, game)
    names = found.player_names()
    form = hand_form(found, names)
    try:
        token, changes = _posted_changes(request, form)
    except _Refused as refused:
        return JsonResponse({"error": refused.message}, status=400)
    dealer = found.next_hand_dealer

    def derive(fields: dict[str, str], changed: dict[str, str]) -> Any:
        return form.derived({"dealer": str(dealer), **fields}, changed)

    # The other phones are told the change with what they would fetch, rendered once.
    def carry(game: Game, progress: HandInProgress) -> str:
        game.circle = found.circle  # the same row, read with the game
        game.in_progress = progress
        # The names read before the lock, unless a change of seats or names (which moves
        # the game's version on) came between.
        return as_fetched(request, game, names if game.version == found.version else None)

    # What follows from the changes is worked out under the row's lock, from the fields as
    # every phone has left them (two phones' taps may cross); a game removed or abandoned
    # meanwhile takes no change, and the answer says why.
    try:
        progress, accepted = found.change_in_progress(token, changes, derive, carry)
    except Conflict as refused:
        state = _progress_state(HandInProgress.of(fresh(found)))
        return JsonResponse({**state, "accepted": False, "error": refused.message}, status=409)
    # A change to a hand another phone saved meanwhile is normal at a table, not an error:
    # the answer says so, and carries the hand in progress that replaced it.
    return JsonResponse({**_progress_state(progress), "accepted": accepted})


def as_fetched(request: HtmxHttpRequest, game: Game, names: list[str] | None = None) -> str:
    """What every other phone of the game would fetch now that its hand in progress changed
    (games/views/games.py, `live`), rendered once and carried by the change's event
    (games/streams.py), with the page it fits: the game's version, the hand in progress's
    token, the language. A page that shows anything else asks, as without it. Nothing for a
    game that is not open (its scoreboard may hold a form, which is each phone's own)."""
    if not game.is_open:
        return ""
    progress = game.in_progress
    html = render_to_string(LIVE, live_context(request, game, False, True, names), request)
    fits = f"v{game.version} t{progress.token} l{translation.get_language()}"
    return f"{fits}\n{html}"


class _Refused(Exception):
    """A change to the hand in progress that no phone's form could send, and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _posted_changes(request: HtmxHttpRequest, form: HandForm) -> tuple[str, dict[str, str]]:
    """The hand in progress the change is based on (its token), and each field changed to
    what, each a field of this hand's form that could hold that value; _Refused names the
    first that is not."""
    allowed = set(form.table_fields())
    changes: dict[str, str] = {}
    for name, value in request.POST.items():
        if name in ("token", "csrfmiddlewaretoken"):
            continue
        if not isinstance(value, str):  # a key posted with no value: never from a form
            continue
        if name not in allowed:
            raise _Refused(_("%(name)s is not part of this hand.") % {"name": repr(name[:40])})
        label = _field_label(form, name)
        if len(value) > HandInProgress.MAX_VALUE:
            raise _Refused(_("%(name)s is too long.") % {"name": label})
        if not value.isprintable():
            error = _("%(name)s holds a character that cannot be typed, such as a control code.")
            raise _Refused(error % {"name": label})
        if not _fits(form.fields[name], value):
            said = {"value": repr(value[:20]), "name": label}
            raise _Refused(_("%(value)s is not a choice for %(name)s.") % said)
        changes[name] = value
    if len(changes) > HandInProgress.MAX_FIELDS:
        raise _Refused(_("Too many changes at once."))
    token = posted_token(request)
    if token is None:
        raise _Refused(_("That change names no hand Scorer knows."))
    return token, changes


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
        state["saved"] = saved_text(progress.saved_number, progress.saved_text)
    return state


@require_POST
def hand_preview(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponse:
    """What the hand being entered will score and why, from the engine call that will save
    it; before the card points are in, what the table already knows (declarations judged,
    the target moved by marriages, melds counted)."""
    found = game_of(request, circle, game)
    # The hand being edited, or the next one; a number that is neither is not a hand.
    number = posted_int(request, "number")
    if number is None or not 1 <= number <= found.hand_count:
        number = found.hand_count + 1
    form = hand_form(found, found.player_names(), request.POST)
    return render(request, "games/game.html#preview", preview_of(found, form, number))

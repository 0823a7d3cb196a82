"""Every view starts here: the request's circle, game or watched game, looked up by its secret
link (a slug of the shape new_slug makes, else 404) and spoken in the circle's language; and
the small reads of a request's parameters."""

from __future__ import annotations

import re

from django.conf import settings as django_settings
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils import translation
from django_htmx.middleware import HtmxDetails

from games.engine.numbers import whole_number_or_none
from games.models import Circle, Game, Hand


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it: `htmx` says whether htmx sent it
    (and its headers). Every view's request is one."""

    htmx: HtmxDetails


def circle_of(request: HtmxHttpRequest, slug: str) -> Circle:
    found = get_object_or_404(Circle, slug=slug_or_404(slug))
    speak(request, found.language)
    return found


def game_of(request: HtmxHttpRequest, circle_slug: str, game_slug: str) -> Game:
    found = get_object_or_404(
        Game.objects.select_related("circle", "in_progress"),
        slug=slug_or_404(game_slug),
        circle__slug=slug_or_404(circle_slug),
    )
    speak(request, found.circle.language)
    return found


def fresh(game: Game) -> Game:
    """The game as it stands after a change's transaction, or after the lock that refused
    it. Every answer to a change is rendered from this, never from the game read before the
    lock: a save that crossed another phone's (or its own replay) then opens the hand that
    is really next, on the hand in progress's current token."""
    return get_object_or_404(Game.objects.select_related("circle", "in_progress"), pk=game.pk)


def watched(request: HtmxHttpRequest, watch_slug: str) -> Game:
    found = get_object_or_404(
        Game.objects.select_related("circle", "in_progress"), watch_slug=slug_or_404(watch_slug)
    )
    speak(request, found.circle.language)
    return found


def hand_of(game: Game, hand: int) -> Hand:
    """A hand of this game by its identity, live or removed; 404 for another game's."""
    return get_object_or_404(Hand, game=game, pk=hand)


# -- the language a page speaks ----------------------------------------------------------------
#
# The phone's own choice (the menu's picker, kept in Django's language cookie) comes first;
# then, on a circle's pages and fragments and the watch pages of its games, the circle's
# default language; then the browser's Accept-Language, which LocaleMiddleware has already
# activated. Every page and fragment of a circle goes through circle_of, game_of or watched,
# so a poll speaks the language of the page that sent it.


def phone_language(request: HtmxHttpRequest) -> str | None:
    """The language this phone chose in the menu, if it names one the site speaks."""
    code = request.COOKIES.get(django_settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def speak(request: HtmxHttpRequest, language: str) -> None:
    """Speak a circle's default `language` (blank: none), unless the phone chose its own."""
    if not language or phone_language(request) is not None:
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


def slug_or_404(value: str) -> str:
    if not is_slug(value):
        raise Http404
    return value


def is_slug(value: str | None) -> bool:
    return value is not None and _SLUG.fullmatch(value) is not None


# -- parameters --------------------------------------------------------------------------------


def int_param(request: HtmxHttpRequest, name: str) -> int | None:
    """A query parameter that counts something (a hand, a seat); None if it is not one."""
    value = whole_number_or_none(request.GET.get(name, ""))
    return value if value is not None and value >= 0 else None


def posted_int(request: HtmxHttpRequest, name: str) -> int | None:
    value = whole_number_or_none(request.POST.get(name, ""))
    return value if value is not None and value >= 0 else None


_TOKEN = re.compile(r"[0-9a-f]{1,32}")


def posted_token(request: HtmxHttpRequest) -> str | None:
    """The hand in progress a save or change is based on ("" for none); None when the token
    is not one Scorer makes (new_token), so that it never reaches a query: a NUL in one is
    an error in PostgreSQL."""
    token = request.POST.get("token", "")
    return token if not token or _TOKEN.fullmatch(token) else None

"""Who may change a club night as a whole: its organiser's phones. The phone that set the
night up (or imported it) holds the night's key in a cookie; another phone becomes an
organiser's too by opening the organiser's link, which only an organiser's phone is shown.
Players at a table enter and edit its hands as in any game, without the key."""

from __future__ import annotations

import secrets

from django.http import HttpResponse
from django.utils.translation import gettext as _

from games.models import ClubNight
from games.views.access import HtmxHttpRequest

# How long a phone remembers the night's key: the night, and the morning after.
ORGANISER_COOKIE_AGE = 24 * 3600


def organiser_cookie(night: ClubNight) -> str:
    return f"club-organiser-{night.slug}"


def organiser_phone(response: HttpResponse, night: ClubNight) -> HttpResponse:
    """This phone is an organiser's of the night: it holds the night's key."""
    response.set_cookie(
        organiser_cookie(night),
        night.organiser_key,
        max_age=ORGANISER_COOKIE_AGE,
        samesite="Lax",
        httponly=True,
    )
    return response


def holds_key(night: ClubNight, key: str) -> bool:
    """Whether `key` (any text a phone sent) is the night's organiser key."""
    return bool(key) and secrets.compare_digest(
        key.encode("utf-8", "replace"), night.organiser_key.encode()
    )


def is_organiser(request: HtmxHttpRequest, night: ClubNight) -> bool:
    return holds_key(night, request.COOKIES.get(organiser_cookie(night), ""))


def organiser_only() -> str:
    """What a phone without the night's key is told when it tries to change the night."""
    return _(
        "Only the night’s organiser can start or end a round, swap players or add and "
        "withdraw them: the phone that set the night up, or one that opened the organiser’s "
        "link from it. Nothing was changed."
    )

"""The circles a device has opened, remembered in a signed cookie (no account needed)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

COOKIE = "circles"
SALT = "scorer.circles"
MAX_CIRCLES = 20
YEAR = 60 * 60 * 24 * 365


def remembered(request: HttpRequest) -> list[str]:
    """Slugs of the circles this device has opened, newest first."""
    try:
        value = request.get_signed_cookie(COOKIE, default="", salt=SALT) or ""
    except signing.BadSignature:
        return []
    return [slug for slug in value.split(",") if slug]


def remember(request: HttpRequest, response: HttpResponse, slug: str) -> None:
    slugs = remembered(request)
    if slugs[:1] == [slug]:
        return
    slugs = [slug, *(s for s in slugs if s != slug)][:MAX_CIRCLES]
    response.set_signed_cookie(
        COOKIE,
        ",".join(slugs),
        salt=SALT,
        max_age=YEAR,
        httponly=True,
        samesite="Lax",
        secure=settings.CIRCLE_COOKIE_SECURE,
    )

"""The installable app: its manifest, its service worker, the offline page, and where the
home-screen icon opens (the circle this phone used last)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import Circle
from games.views.remembered_circles import remembered

# The top bar's felt green in light and dark mode (static/css/scorer.css, --felt).
THEME_LIGHT = "#1f6f43"
THEME_DARK = "#14532d"
BACKGROUND_LIGHT = "#f6f5f1"
BACKGROUND_DARK = "#111413"

# What every page needs, kept by the service worker so a page opens without signal. The
# Tamil and Hebrew fonts are not in it: a phone fetches one only for a page with those letters
# (static/css/scorer.css, unicode-range), and the worker keeps it then, as any static file.
SHELL = [
    "css/scorer.css",
    # The page's script and every module it loads (static/js/scorer.js).
    "js/scorer.js",
    "js/words.js",
    "js/core.js",
    "js/draft.js",
    "js/page.js",
    "js/connection.js",
    "js/pads.js",
    "js/rows.js",
    "js/preview.js",
    "js/stream.js",
    "js/sync.js",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "img/icon-192.png",
    "img/icon-512.png",
]


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: installs Scorer to the home screen, opening at `start`.

    It is made for each request, in the phone's language (its name and description, with
    the language and the direction of its text), so the installed app speaks it too."""
    icons = [
        {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    body: dict[str, Any] = {
        "id": "/",
        "name": _("Scorer"),
        "short_name": _("Scorer"),
        "description": _("Keeps the score of card games played with real cards at a real table."),
        "lang": translation.get_language(),
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "start_url": reverse("start"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_LIGHT,
        "background_color": BACKGROUND_LIGHT,
        # Read by browsers that follow the colour scheme of the phone; others ignore it.
        "user_preferences": {
            "color_scheme_dark": {"theme_color": THEME_DARK, "background_color": BACKGROUND_DARK}
        },
        "icons": icons,
    }
    # ASCII JSON (other letters escaped): read the same whatever charset a browser assumes.
    response = HttpResponse(json.dumps(body, indent=1), content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=86400"
    # Its words follow the phone's language: its cookie, else its browser's.
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


@require_GET
def apple_touch_icon(request: HttpRequest) -> FileResponse:
    """The home-screen icon where iPhones look for it by themselves, so no page names it: a
    link in every page would be one more request on the first load of a game (issue 15)."""
    path = finders.find("img/apple-touch-icon.png")
    if not isinstance(path, str):
        raise Http404
    response = FileResponse(open(path, "rb"), content_type="image/png")  # noqa: SIM115
    response["Cache-Control"] = "max-age=86400"
    return response


@require_GET
def start(request: HttpRequest) -> HttpResponse:
    """Where the home-screen icon opens: the circle this phone opened last, else the front
    page. The phone is known by its own cookie (games/views/remembered_circles.py), not by an
    account."""
    for slug in remembered(request):
        if Circle.objects.filter(slug=slug).exists():
            return redirect("circle", circle=slug)
    return redirect("home")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that it may look after every page.

    Its text names the app shell's current (hashed) file names, and its cache is named after
    a digest of that text: a deploy that changes a file installs a new worker, which drops
    the old cache.
    """
    context = {
        "shell": json.dumps([static(path) for path in SHELL]),
        "offline": reverse("offline"),
        "hashed": isinstance(staticfiles_storage, ManifestFilesMixin),
    }
    text = render_to_string("sw.js", context)
    version = hashlib.blake2b(text.encode(), digest_size=6).hexdigest()
    response = HttpResponse(
        text.replace("__VERSION__", version), content_type="text/javascript; charset=utf-8"
    )
    # The browser checks for a new worker on each visit; it must never read an old one.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What a page this phone never opened shows when there is no connection (the service
    worker keeps this page and answers with it)."""
    return render(request, "offline.html")

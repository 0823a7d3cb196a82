"""A circle's pages: home (the circles this phone opened), the circle page, a card night,
the stats and the history's CSV; the circle's name, language and time zone."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_ratelimit.decorators import ratelimit

from games import nights
from games.forms import CircleNameForm, ImportForm
from games.forms.game import CircleLanguageForm
from games.forms.history import TimeZoneForm
from games.models import Circle, Game
from games.pages.circle_page import (
    circle_page,
    history_filter,
    history_rows,
    night_page,
    stats_page,
)
from games.pages.file_names import attachment
from games.pages.history_csv import filename as history_filename
from games.pages.history_csv import history_csv
from games.pages.ratings_page import ratings_page
from games.pages.season_page import circle_seasons
from games.views.access import HtmxHttpRequest, circle_of, int_param
from games.views.remembered_circles import remember, remembered


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


def render_circle_page(
    request: HtmxHttpRequest,
    circle: Circle,
    status: int = 200,
    import_copy_of: Game | None = None,
    **forms: Any,
) -> HttpResponse:
    """The circle page, with the forms given (a form refused, shown with its errors) or
    empty ones; paging and filtering the history (htmx GET) redraws the history alone.
    `import_copy_of`: the game an import found the circle holds already."""
    context = {
        "import_copy_of": import_copy_of,
        **circle_page(circle, history_filter(circle, request.GET)),
        "seasons": circle_seasons(circle),
        "rename_form": forms.pop("rename_form", CircleNameForm(initial={"name": circle.name})),
        "language_form": forms.pop(
            "language_form", CircleLanguageForm(initial={"language": circle.language})
        ),
        "import_form": forms.pop("import_form", ImportForm()),
        "share_url": request.build_absolute_uri(reverse("circle", args=[circle.slug])),
    }
    paging = request.htmx and request.method == "GET"
    template = "games/circle.html#history" if paging else "games/circle.html"
    response = render(request, template, context, status=status)
    remember(request, response, circle.slug)
    return response


@require_GET
def circle(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    return render_circle_page(request, circle_of(request, circle))


@require_GET
def night(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """One card night: its games and who won most of them."""
    found = circle_of(request, circle)
    day = nights.read_night(night)
    if day is None:
        raise Http404
    return render(request, "games/night.html", night_page(found, day))


@require_GET
def circle_stats(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """Players' and partnerships' numbers, over all games or one (`?variant=`)."""
    found = circle_of(request, circle)
    return render(request, "games/stats.html", stats_page(found, request.GET.get("variant")))


@require_GET
def circle_ratings(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The players of one game (`?variant=`) sorted by rating, name or games (`?sort=`), its
    partnerships, and the chance of one side against another (players `a` and `b` against
    `c` and `d`; `a` against `c` where each side is one player)."""
    found = circle_of(request, circle)
    asked = request.GET.get("variant"), request.GET.get("sort")
    sides = [int_param(request, name) for name in "abcd" if name in request.GET]
    return render(request, "games/ratings.html", ratings_page(found, *asked, sides))


@require_GET
def history_export(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The circle's history (as filtered on the page) as CSV, one row per game."""
    found = circle_of(request, circle)
    rows = history_rows(found, history_filter(found, request.GET))
    response = HttpResponse(
        history_csv(reversed(rows), found.zone), content_type="text/csv; charset=utf-8"
    )
    name = history_filename(found.name, found.tonight())
    response["Content-Disposition"] = attachment(name)
    return response


@require_http_methods(["GET", "POST"])
def circle_time_zone(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """The circle's time zone: chosen here, or sent once by the first phone's browser."""
    found = circle_of(request, circle)
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
    found = circle_of(request, circle)
    form = CircleLanguageForm(request.POST)
    if not form.is_valid():
        return render_circle_page(request, found, status=400, language_form=form)
    found.language = form.cleaned_data["language"]
    found.save(update_fields=["language"])
    # The page may now speak another language: it is loaded anew, whole.
    url = reverse("circle", args=[found.slug])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def circle_rename(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = circle_of(request, circle)
    form = CircleNameForm(request.POST)
    if not form.is_valid():
        return render_circle_page(request, found, status=400, rename_form=form)
    found.name = form.cleaned_data["name"]
    found.save(update_fields=["name"])
    if request.htmx:
        return render(request, "games/circle.html#circle-name", {"circle": found})
    return redirect("circle", circle=found.slug)

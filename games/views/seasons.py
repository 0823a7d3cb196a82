"""A circle's seasons: creating, changing and removing one, its page and its CSV; and a
member's year in review. Each change is one call of games/models/seasons.py and then a
redirect, so the page that answers it is read after the change's transaction."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.forms.season import SeasonForm
from games.models import Circle, Player, Season
from games.models.seasons import NameTaken, store_season
from games.pages.file_names import attachment, file_word
from games.pages.season_page import season_csv, season_page
from games.pages.year_review import year_review
from games.views.access import HtmxHttpRequest, circle_of, int_param


def season_of(circle: Circle, pk: int) -> Season:
    return get_object_or_404(Season.objects.select_related("circle"), circle=circle, pk=pk)


def render_form(
    request: HtmxHttpRequest,
    circle: Circle,
    form: SeasonForm,
    season: Season | None,
    status: int = 200,
) -> HttpResponse:
    context = {"circle": circle, "form": form, "season": season}
    return render(request, "games/season_form.html", context, status=status)


def saved(
    request: HtmxHttpRequest, circle: Circle, form: SeasonForm, season: Season | None
) -> HttpResponse:
    """The form stored (then the season's page), or shown again with what is wrong."""
    if form.is_valid():
        try:
            stored = store_season(circle, form.cleaned_data, season.pk if season else None)
        except NameTaken as error:
            form.add_error("name", str(error))
        else:
            return redirect("season", circle=circle.slug, season=stored.pk)
    return render_form(request, circle, form, season, status=400)


@require_http_methods(["GET", "POST"])
def season_new(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    found = circle_of(request, circle)
    if request.method == "POST":
        return saved(request, found, SeasonForm(request.POST), None)
    today = found.tonight()
    initial = {"starts": today.replace(month=1, day=1), "ends": today.replace(month=12, day=31)}
    return render_form(request, found, SeasonForm(initial=initial), None)


@require_http_methods(["GET", "POST"])
def season_edit(request: HtmxHttpRequest, circle: str, season: int) -> HttpResponse:
    found = circle_of(request, circle)
    chosen = season_of(found, season)
    if request.method == "POST":
        return saved(request, found, SeasonForm(request.POST), chosen)
    return render_form(request, found, SeasonForm.of(chosen), chosen)


@require_POST
def season_remove(request: HtmxHttpRequest, circle: str, season: int) -> HttpResponse:
    """Remove the season (its table is the nights', which stay); removed already, nothing."""
    found = circle_of(request, circle)
    found.seasons.filter(pk=season).delete()
    return redirect("circle", circle=found.slug)


@require_GET
def season(request: HtmxHttpRequest, circle: str, season: int) -> HttpResponse:
    found = circle_of(request, circle)
    return render(request, "games/season.html", season_page(season_of(found, season)))


@require_GET
def season_download(request: HtmxHttpRequest, circle: str, season: int) -> HttpResponse:
    found = circle_of(request, circle)
    chosen = season_of(found, season)
    response = HttpResponse(season_csv(chosen), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = attachment(f"{file_word(chosen.name) or 'season'}.csv")
    return response


@require_GET
def member_year(request: HtmxHttpRequest, circle: str, member: int) -> HttpResponse:
    """A member's year in review (`?year=`, else their latest)."""
    found = circle_of(request, circle)
    who = get_object_or_404(Player, circle=found, pk=member)
    context = year_review(found, who, int_param(request, "year"))
    return render(request, "games/year.html", context)

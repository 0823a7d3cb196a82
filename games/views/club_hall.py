"""A club night's screens and paper for the room: the hall display (a TV or a projector;
read-only, for anyone with the night's link) and its poll, which answers 204 from one query
when nothing changed; the table cards, the seating list and the blank score pads, to print."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.pages.club_hall import hall_page, hall_version, turn_of
from games.pages.club_paper import paper_page
from games.views.access import HtmxHttpRequest, int_param, slug_or_404
from games.views.club_nights import night_of

SCHEMES = ("light", "dark")


@require_GET
def club_hall(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """The hall display. Its version is read before the night, so a change made while the
    page is drawn is seen again by the next poll rather than missed."""
    version = hall_version(slug_or_404(circle), slug_or_404(night))
    found = night_of(request, circle, night)
    context = hall_page(found, turn_of(int_param(request, "p")), version)
    scheme = request.GET.get("scheme")
    context["scheme"] = scheme if scheme in SCHEMES else ""
    return render(request, "games/club_hall.html", context)


@require_GET
def club_hall_live(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """204 when the night and its games are still at version `v`; else the display's live
    part, at its version now."""
    version = hall_version(slug_or_404(circle), slug_or_404(night))
    if version is None:
        raise Http404
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    found = night_of(request, circle, night)
    context = hall_page(found, turn_of(int_param(request, "p")), version)
    return render(request, "games/club_hall.html#hall-live", context)


def render_paper(request: HtmxHttpRequest, circle: str, night: str, kind: str) -> HttpResponse:
    found = night_of(request, circle, night)
    context = paper_page(found, request.build_absolute_uri, kind, request.GET.get("paper"))
    return render(request, f"games/club_print_{kind}.html", context)


@require_GET
def club_print_cards(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """A card for each table of the round, one a page."""
    return render_paper(request, circle, night, "cards")


@require_GET
def club_print_seating(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """The round's seating for the wall: every player by name, with table and seat."""
    return render_paper(request, circle, night, "seating")


@require_GET
def club_print_pads(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """A blank score pad for each table of the round."""
    return render_paper(request, circle, night, "pads")

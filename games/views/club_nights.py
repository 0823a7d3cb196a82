"""A club night's pages: setting it up (the game and the event, then who is here), its page
(standings, rounds, the next round's seating), and its changes (a swap, starting or ending a
round, a late arrival, a withdrawal), its record and its standings' CSV. Every change is the
night's (games/models/club_changes.py); every answer is the night as it stands after it."""

from __future__ import annotations

import json

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.decorators import ratelimit

from games.engine import VARIANTS, ScorerError
from games.engine.club.event import MOST_ROUNDS
from games.engine.club.night import MAX_BYTES
from games.engine.numbers import whole_number_or_none
from games.forms.club_night import (
    ClubNightForm,
    LateArrivalForm,
    LateTeamForm,
    NewNameForm,
    NightFileForm,
    here_names,
    toggled_here,
)
from games.models import Circle, ClubNight, Conflict
from games.models.announcements import night_stamp
from games.models.club_changes import (
    add_late,
    add_late_team,
    create_night,
    end_round,
    import_night,
    set_withdrawn,
    start_round,
    swap,
)
from games.pages.club_night_page import (
    night_page,
    one_round,
    setup_page,
    standings_csv,
    standings_now,
    table_of,
)
from games.pages.file_names import attachment
from games.views.access import HtmxHttpRequest, circle_of, int_param, posted_int, slug_or_404
from games.views.club_organiser import holds_key, is_organiser, organiser_only, organiser_phone
from games.words import shown_text, shown_variants

# How long a phone remembers whose it is at a night: the night, and the morning after.
ME_COOKIE_AGE = 24 * 3600


def night_of(request: HtmxHttpRequest, circle: str, night: str) -> ClubNight:
    found = circle_of(request, circle)
    return get_object_or_404(
        ClubNight.objects.select_related("circle"), slug=slug_or_404(night), circle=found
    )


@require_http_methods(["GET", "POST"])
def club_new(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """Step 1, the game and the event; step 2 (`players`), who is here. A tap on the roster
    (`pick`) or a name added (`add`) comes back to step 2 with the names so; `create` makes
    the night."""
    found = circle_of(request, circle)
    variant = request.POST.get("variant") or request.GET.get("variant") or ""
    if variant not in VARIANTS:
        context = {"circle": found, "variants": shown_variants(), "file_form": NightFileForm()}
        return render(request, "games/club_pick.html", context)
    if request.method == "GET" or "back" in request.POST:
        initial = {k: request.POST.get(k) for k in request.POST if k != "here"}
        form = ClubNightForm(variant=variant, initial=initial or None)
        return render_event_step(request, found, form, here_names(request.POST))
    names = here_names(request.POST)
    problem = ""
    if "pick" in request.POST:
        member = found.players.filter(pk=posted_int(request, "pick") or 0).first()
        if member is not None:
            names = toggled_here(names, member.name)
    elif "drop" in request.POST:
        names = (
            toggled_here(names, request.POST.get("drop", ""))
            if request.POST.get("drop") in names
            else names
        )
    elif "add" in request.POST:
        added = LateArrivalForm({"name": request.POST.get("new_name", "")})
        if added.is_valid():
            names = toggled_here(names, added.cleaned_data["name"])
        else:
            problem = " ".join(str(e) for e in added.errors.get("name", []))
    data = request.POST.copy()
    data.setlist("here", names)
    event = ClubNightForm(data, variant=variant)
    if not event.is_valid():
        return render_event_step(request, found, event, names, status=400)
    form = ClubNightForm(data, variant=variant, players=True)
    if "create" in request.POST and form.is_valid() and form.night is not None:
        try:
            form.night.propose("0")
        except ScorerError:
            pass
        else:
            night = create_night(found, form.night, form.confirm_results())
            return organiser_phone(
                redirect("club_night", circle=found.slug, night=night.slug), night
            )
    context = setup_page(found, form, names)
    context["name_problem"] = problem
    # A name refused stays in its box, to be put right.
    typed = request.POST.get("new_name", "") if problem else ""
    context["new_form"] = NewNameForm(initial={"new_name": typed})
    status = 400 if "create" in request.POST or problem else 200
    return render(request, "games/club_players.html", context, status=status)


def render_event_step(
    request: HtmxHttpRequest,
    circle: Circle,
    form: ClubNightForm,
    names: list[str],
    status: int = 200,
) -> HttpResponse:
    context = {"circle": circle, "form": form, "variant": form.engine, "here": names}
    return render(request, "games/club_new.html", context, status=status)


@require_POST
@ratelimit(group="club_import", key="ip", rate="20/10m")
def club_import(request: HtmxHttpRequest, circle: str) -> HttpResponse:
    """A night from its record (scorer-night/1); what the engine refuses is said, nothing
    created."""
    found = circle_of(request, circle)
    upload = request.FILES.get("record")
    problem = _("Choose a night's file (scorer-night/1).")
    if upload is not None and upload.size is not None and upload.size <= MAX_BYTES:
        try:
            data = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            problem = _("This file is not a night's record (scorer-night/1).")
        else:
            try:
                night = import_night(found, data)
            except ScorerError as error:
                problem = _("The night was not imported: %(problem)s") % {
                    "problem": f"{error.field}: {shown_text(error.message)}"
                }
            else:
                response = redirect("club_night", circle=found.slug, night=night.slug)
                return organiser_phone(response, night)
    context = {
        "circle": found,
        "variants": shown_variants(),
        "import_problem": problem,
        "file_form": NightFileForm(),
    }
    return render(request, "games/club_pick.html", context, status=400)


def render_night(
    request: HtmxHttpRequest,
    night: ClubNight,
    status: int = 200,
    held: int | None = None,
    problem: str = "",
    me: int | None = None,
    team_form: LateTeamForm | None = None,
    opened: int | None = None,
) -> HttpResponse:
    """The night's page, read again: the state after any change or refusal (`team_form`: a
    late team refused, as typed)."""
    fresh = get_object_or_404(ClubNight.objects.select_related("circle"), pk=night.pk)
    context = night_page(fresh, held, me, opened)
    context["problem"] = problem
    context["me"] = me
    context["organiser"] = is_organiser(request, fresh)
    if context["organiser"]:
        # Only an organiser's phone is shown the link that makes another phone one.
        context["organiser_url"] = request.build_absolute_uri(
            reverse("club_organiser", args=[fresh.circle.slug, fresh.slug, fresh.organiser_key])
        )
    context["late_form"] = LateArrivalForm()
    context["team_form"] = team_form or LateTeamForm()
    context["share_url"] = request.build_absolute_uri(
        reverse("club_night", args=[fresh.circle.slug, fresh.slug])
    )
    # Where the night stands, which its stream's first event is compared with.
    context["stamp"] = night_stamp(fresh.pk)
    # The page's standings and rounds poll (htmx, every 20 s, or told by its stream):
    # redrawn alone.
    template = "games/club_night.html"
    if request.htmx and request.method == "GET":
        template += "#night-live"
    return render(request, template, context, status=status)


@require_GET
def club_night(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """The night's page; a phone that chose its player (the cookie) is sent to that
    player's table while a round is played, unless it asks to `stay`."""
    found = night_of(request, circle, night)
    mine = chosen_player(request, found)
    if mine is not None and "stay" not in request.GET:
        game = table_of(found, mine)
        if game is not None:
            return redirect("game", circle=found.circle.slug, game=game.slug)
    # An earlier round, folded on the page, opened: its tables alone (with script), or
    # the page with them (without).
    opened = int_param(request, "round")
    opened = opened if opened is not None and opened <= MOST_ROUNDS else None
    if request.htmx and opened is not None:
        return render_round(request, found, opened, mine)
    return render_night(request, found, me=mine, opened=opened)


def render_round(
    request: HtmxHttpRequest, found: ClubNight, number: int, mine: int | None
) -> HttpResponse:
    rows = found.entrant_rows()
    me = next((e for e in rows if e.number == mine), None)
    shown = one_round(found, number, found.entrant_names(rows), me)
    if shown is None:
        raise Http404
    context = {"circle": found.circle, "night": found, "round": shown}
    context["organiser"] = is_organiser(request, found)
    return render(request, "games/club_night.html#night-round", context)


def chosen_player(request: HtmxHttpRequest, night: ClubNight) -> int | None:
    value = whole_number_or_none(request.COOKIES.get(me_cookie(night), ""))
    return value if value is not None and 0 < value < 100_000 else None


def me_cookie(night: ClubNight) -> str:
    return f"club-{night.slug}"


@require_GET
def club_organiser(request: HtmxHttpRequest, circle: str, night: str, key: str) -> HttpResponse:
    """The organiser's link: the phone that opens it holds the night's key from then on
    (a phone handed over, or a second organiser), and goes to the night's page, which no
    longer shows the key in its address. A key that is not the night's changes nothing."""
    found = night_of(request, circle, night)
    if not holds_key(found, key):
        problem = _(
            "This organiser’s link is not this night’s, so this phone is not an organiser’s. "
            "Ask the organiser to show you the link again."
        )
        return render_night(request, found, status=403, problem=problem)
    response = redirect(f"{reverse('club_night', args=[found.circle.slug, found.slug])}?stay=1")
    return organiser_phone(response, found)


@require_POST
def club_me(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """This phone is player `number`'s (0: nobody's): remembered in a cookie, so the
    night's page opens their table."""
    found = night_of(request, circle, night)
    number = posted_int(request, "number") or 0
    response = redirect("club_night", circle=found.circle.slug, night=found.slug)
    if found.entrants.filter(number=number).exists():
        response.set_cookie(
            me_cookie(found), str(number), max_age=ME_COOKIE_AGE, samesite="Lax", httponly=True
        )
    else:
        response.delete_cookie(me_cookie(found))
    return response


def refused_to(request: HtmxHttpRequest, night: ClubNight) -> HttpResponse | None:
    """The night's page saying who may change it (403), for a phone that is not an
    organiser's; None for one that is."""
    if is_organiser(request, night):
        return None
    return render_night(request, night, status=403, problem=organiser_only())


def changed(request: HtmxHttpRequest, night: ClubNight, change: object) -> HttpResponse:
    """Run a change (a callable) on the night, an organiser's phone's alone; a refusal is
    the night's page again with its reason (403 for another phone, 409 for a night another
    phone changed, 400 for what the engine refuses)."""
    refusal = refused_to(request, night)
    if refusal is not None:
        return refusal
    try:
        change()  # type: ignore[operator]
    except Conflict as conflict:
        return render_night(request, night, status=409, problem=conflict.message)
    except ScorerError as error:
        return render_night(request, night, status=400, problem=shown_text(error.message))
    return redirect("club_night", circle=night.circle.slug, night=night.slug)


def version_of(request: HtmxHttpRequest) -> int:
    return posted_int(request, "version") if posted_int(request, "version") is not None else -1  # type: ignore[return-value]


@require_POST
def club_swap(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """Two taps swap two players (teams, in the pair formats): the first (`pick`) is held,
    the second (`pick` with `held`) swaps."""
    found = night_of(request, circle, night)
    refusal = refused_to(request, found)
    if refusal is not None:
        return refusal
    pick, held = posted_int(request, "pick"), posted_int(request, "held")
    if pick is None:
        return render_night(request, found, status=400)
    if held is None or held == pick:
        return render_night(request, found, held=None if held == pick else pick)
    return changed(request, found, lambda: swap(found, version_of(request), held, pick))


@require_POST
def club_start(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    found = night_of(request, circle, night)
    return changed(request, found, lambda: start_round(found, version_of(request)))


@require_POST
def club_end(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    found = night_of(request, circle, night)
    return changed(request, found, lambda: end_round(found, version_of(request)))


@require_POST
def club_withdraw(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """Withdraw a player (`number`), or bring one back (`back`)."""
    found = night_of(request, circle, night)
    number = posted_int(request, "number")
    if number is None:
        return refused_to(request, found) or render_night(request, found, status=400)
    back = "back" in request.POST
    return changed(
        request, found, lambda: set_withdrawn(found, version_of(request), number, not back)
    )


@require_POST
def club_late(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """A player who came late (`name`); in the pair formats, a team (`name`, `partner`)."""
    found = night_of(request, circle, night)
    refusal = refused_to(request, found)
    if refusal is not None:
        return refusal
    if found.team_format:
        return late_team(request, found)
    form = LateArrivalForm(request.POST)
    if not form.is_valid():
        problem = " ".join(str(e) for e in form.errors.get("name", []))
        return render_night(request, found, status=400, problem=problem)
    name = form.cleaned_data["name"]
    return changed(request, found, lambda: add_late(found, version_of(request), name))


def late_team(request: HtmxHttpRequest, found: ClubNight) -> HttpResponse:
    """A late team added; refused, the page says why and keeps the two names typed."""
    team = LateTeamForm(request.POST)
    if not team.is_valid():
        return render_night(request, found, status=400, problem=team.problem(), team_form=team)
    try:
        add_late_team(found, version_of(request), team.names())
    except Conflict as conflict:
        return render_night(request, found, status=409, problem=conflict.message, team_form=team)
    except ScorerError as error:
        problem = shown_text(error.message)
        return render_night(request, found, status=400, problem=problem, team_form=team)
    return redirect("club_night", circle=found.circle.slug, night=found.slug)


@require_GET
def club_export(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    """The night's record, scorer-night/1, as the engine writes it."""
    found = night_of(request, circle, night)
    try:
        record = found.night().to_dict()
    except ScorerError as error:
        return render_night(request, found, status=409, problem=shown_text(error.message))
    response = JsonResponse(record, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = attachment(f"night-{found.created:%Y-%m-%d}.json")
    return response


@require_GET
def club_standings_csv(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponse:
    found = night_of(request, circle, night)
    try:
        text = standings_csv(standings_now(found))
    except ScorerError as error:
        return render_night(request, found, status=409, problem=shown_text(error.message))
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = attachment(f"standings-{found.created:%Y-%m-%d}.csv")
    return response

"""Every bad input is a 4xx with a clear message, never a 5xx (issue 11, section 3).

The walk finds the site by itself: its URLs from the URL patterns, its fields from the forms
on the pages it can reach. A new page, form or field is covered without editing this file;
a URL pattern it cannot build fails loudly until a rule for it is added to `path_values`.

Every request runs inside a transaction that is rolled back afterwards, so each one meets
the same rows: one circle with a game of every variant, two hands each.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urljoin, urlsplit

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, reverse

from games.engine import VARIANTS
from games.engine.record import MAX_BYTES, MAX_HANDS
from games.models import Circle, Game, roster
from tests.conftest import hand_post

RECORDS = Path(__file__).resolve().parents[1] / "records"

# Values a hostile or careless client sends, by what they test.
HOSTILE: dict[str, str] = {
    "beyond a 32-bit column": "2147483648",
    "beyond a 64-bit column": "9" * 30,
    "thousands of digits": "9" * 5000,
    "negative": "-1",
    "very negative": "-2147483649",
    "Arabic-Indic digits": "١٢",
    "superscript two": "²",
    "plus sign": "+5",
    "leading space": " 5",
    "underscore": "1_000",
    "fraction": "1.5",
    "NaN": "NaN",
    "1e999": "1e999",
    "empty": "",
    "whitespace": " \t ",
    "NUL": "\x00",
    "NUL inside": "1\x002",
    "very long": "x" * 5000,
    "emoji": "🂡🎉",
    "deeply nested JSON": "[" * 2000 + "]" * 2000,
    "markup": "<script>alert(1)</script>",
    # Names that lie (issue 21): text turned around, nothing to see, a control character.
    "right-to-left override": "\u202eAnn",
    "zero-width space": "\u200b",
    "escape character": "A\x1bn",
}

# Where a number is asked for, these must never be taken as one (issue 11: ASCII digits only,
# within what the database stores).
NOT_NUMBERS = {
    "beyond a 32-bit column",
    "beyond a 64-bit column",
    "thousands of digits",
    "very negative",
    "Arabic-Indic digits",
    "superscript two",
    "plus sign",
    "underscore",
    "fraction",
    "NaN",
    "1e999",
    "NUL",
    "NUL inside",
    "very long",
    "emoji",
    "deeply nested JSON",
    "right-to-left override",
    "zero-width space",
    "escape character",
}

# Path segments: each replaces one URL parameter in turn.
HOSTILE_SEGMENTS = [
    "\x00",
    "a\x00b",
    "x" * 300,
    "🂡",
    "..",
    "%00",
    "9" * 30,
    "9" * 5000,
    "0",
    "١٢",
]

# Query parameters the views read that no form names; those in the links the walk follows
# are added to these.
QUERY_PARAMETERS = [
    "before",
    "v",
    "number",
    "variant",
    "game",
    "prefix",
    "seat",
    "trump",
    "from",
    "player",
    "page",
    "hands",
    "into",
    "merged",
]

# Requests per form and action: enough to give every field a few hostile values in a run
# that stays well under a minute.
BUDGET_PER_FORM = 12
NUMERIC_VALUES_PER_FIELD = 3
OTHER_VALUES_PER_FIELD = 1

PARAM = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>\w+)>")


# -- the site -------------------------------------------------------------------------------


@dataclass
class Site:
    circle: Circle
    games: list[Game]

    def path_values(self, game: Game, persona: str) -> dict[str, str]:
        """How to fill each URL parameter; a parameter not named here fails the walk."""
        hand = game.hands.order_by("number").first()
        assert hand is not None
        values = {
            "circle": self.circle.slug,
            "game": game.slug,
            "watch": game.watch_slug,
            "number": str(hand.number),
            # Hands named by identity and version rather than by number (issue 11, section 1).
            "hand": str(hand.pk),
            "version": str(hand.version),
            # A card night is named by the date it starts on, in the circle's time zone.
            "night": self.circle.night_of(game.created).isoformat(),
            # The roster names a member, and a merge, by identity.
            "member": str(self.circle.players.order_by("pk").values_list("pk", flat=True)[0]),
            "merge": str(self.circle.merges.order_by("pk").values_list("pk", flat=True)[0]),
            "season": str(self.circle.seasons.values_list("pk", flat=True)[0]),
            # A club night's organiser key, as a phone that does not hold it guesses one.
            "key": "not-the-key",
        }
        if persona == "watcher":
            # A watcher holds only the watch link, and tries it in place of every secret.
            secrets = {self.circle.slug, game.slug}
            values = {k: game.watch_slug if v in secrets else v for k, v in values.items()}
        return values


@pytest.fixture
def site(db: Any) -> Site:
    return make_site()


def make_site() -> Site:
    circle = Circle.objects.create(name="Friday")
    games = []
    for key in VARIANTS:
        record = json.loads((RECORDS / f"{key}.json").read_text())
        record["hands"] = record["hands"][:2]
        games.append(Game.import_record(circle, record))
    assert all(not g.is_finished for g in games)
    # A game page, once opened, keeps what opening it makes (the hand in progress): the walk
    # starts from games that have been looked at, as every game at a table has.
    for game in games:
        assert Client().get(f"/c/{circle.slug}/g/{game.slug}/").status_code == 200
    # A roster with a merge that can be undone, and a retired member.
    roster.merge(circle, roster.add_member(circle, "Typo").pk, circle.players.all()[0].pk)
    roster.retire(circle, roster.add_member(circle, "Gone").pk)
    # A season over the games' nights, every game counted.
    day = circle.night_of(games[0].created)
    circle.seasons.create(name="Season", starts=day, ends=day, counts="cards", minimum=1)
    return Site(circle, games)


def routes() -> Iterator[tuple[str, str]]:
    """(route, name) for every URL pattern, includes flattened."""

    def walk(patterns: list[Any], prefix: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            route = str(pattern.pattern)
            if route.startswith("^"):
                pytest.fail(f"{prefix}{route}: a regex URL pattern; the walk reads routes only")
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + route)
            elif isinstance(pattern, URLPattern):
                yield prefix + route, pattern.name or prefix + route

    return walk(get_resolver().url_patterns, "")


def build(route: str, values: dict[str, str]) -> str:
    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in values:
            pytest.fail(f"/{route}: no rule builds <{name}>; add one to Site.path_values")
        return quote(values[name], safe="")

    return "/" + PARAM.sub(fill, route)


def params(route: str) -> list[str]:
    return [m["name"] for m in PARAM.finditer(route)]


# -- reading pages --------------------------------------------------------------------------


@dataclass
class Field:
    name: str
    kind: str  # text, number, hidden, radio, checkbox, select, textarea, file, submit
    values: list[str] = field(default_factory=list)  # as the page gives it (checked, selected)
    options: list[str] = field(default_factory=list)
    required: bool = False

    @property
    def numeric(self) -> bool:
        return self.kind == "number"


@dataclass
class Form:
    page: str
    method: str
    actions: list[str]
    fields: dict[str, Field] = field(default_factory=dict)


class PageReader(HTMLParser):
    """Links and forms of one page, as a browser (with htmx) would find them."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.links: list[str] = []
        self.forms: list[Form] = []
        # URLs the page's script sends to, named in data- attributes (data-progress="/c/…").
        self.endpoints: list[str] = []
        self.form: Form | None = None
        self.select: Field | None = None
        self.textarea: Field | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("href", "hx-get"):
            if key in a and tag != "link":
                self.links.append(urljoin(self.url, a[key]))
        for key, value in a.items():
            if key.startswith("data-") and value.startswith("/") and _route_name(value) != "":
                self.endpoints.append(urljoin(self.url, value))
        if tag == "form":
            action = urljoin(self.url, a.get("action") or self.url)
            self.form = Form(self.url, (a.get("method") or "get").lower(), [action])
            self.forms.append(self.form)
        if self.form is None:
            return
        for key, method in (("hx-post", "post"), ("hx-get", "get")):
            target = urljoin(self.url, a[key]) if a.get(key) else ""
            if target and target not in self.form.actions:
                # An htmx request made from inside a form sends that form's fields.
                self.form.actions.append(f"{method} {target}")
        name = a.get("name")
        required = "required" in a
        if tag == "input" and name:
            kind = a.get("type", "text")
            kind = "number" if a.get("inputmode") == "numeric" else kind
            found = self.form.fields.setdefault(name, Field(name, kind, required=required))
            if kind in ("radio", "checkbox"):
                found.options.append(a.get("value", "on"))
                if "checked" in a:
                    found.values.append(a.get("value", "on"))
            elif kind == "submit":
                found.options.append(a.get("value", ""))
            elif "value" in a:
                found.values = [a["value"]]
        elif tag == "button" and name:
            found = self.form.fields.setdefault(name, Field(name, "submit"))
            found.options.append(a.get("value", ""))
        elif tag == "select" and name:
            self.select = self.form.fields.setdefault(
                name, Field(name, "select", required=required)
            )
        elif tag == "option" and self.select is not None:
            self.select.options.append(a.get("value", ""))
            if "selected" in a:
                self.select.values = [a.get("value", "")]
        elif tag == "textarea" and name:
            self.textarea = self.form.fields.setdefault(name, Field(name, "textarea"))

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea.values = [data]

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


# -- sending, and checking what a request did -----------------------------------------------


def snapshot(content_only: bool = False) -> str:
    """A checksum of every row Scorer stores; `content_only` leaves out ids, keys and times,
    so that two requests storing the same facts compare equal."""
    return hashlib.sha256("".join(tables(content_only).values()).encode()).hexdigest()


def tables(content_only: bool = False, only: set[str] | None = None) -> dict[str, str]:
    """A checksum of each of Scorer's tables (those in `only`, when given), by its name."""
    digests = {}
    for model in apps.get_app_config("games").get_models():
        if only is not None and model._meta.db_table not in only:
            continue
        names = [
            f.attname
            for f in model._meta.concrete_fields
            if not content_only or not (f.attname.endswith("id") or f.attname in VOLATILE)
        ]
        rows = list(model.objects.order_by("pk").values_list(*names))
        text = f"{model.__name__}:{len(rows)}:{rows!r}"
        digests[model._meta.db_table] = hashlib.sha256(text.encode()).hexdigest()
    return digests


# Columns that differ between two identical requests: times, random slugs and tokens.
VOLATILE = {"created", "updated", "finished", "idempotency_key", "slug", "watch_slug", "token"}


@dataclass
class Walk:
    site: Site
    sent: int = 0
    # What went wrong, by the name of the URL pattern the request was sent to ("" for none).
    failures: dict[str, list[str]] = field(default_factory=dict)
    reached: set[str] = field(default_factory=set)
    link_parameters: set[str] = field(default_factory=set)
    endpoints: dict[tuple[str, tuple[str, ...]], Form] = field(default_factory=dict)
    rows: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rows = tables()

    def fail(self, url: str, message: str) -> None:
        self.failures.setdefault(_route_name(url), []).append(message)

    def send(
        self,
        client: Client,
        method: str,
        url: str,
        data: dict[str, Any] | None = None,
        *,
        persona: str,
        what: str,
        must_refuse: dict[str, Any] | None = None,
    ) -> int:
        """Send one request and roll it back; note a 5xx or rows changed that should not be.

        `must_refuse` is the request without its hostile value: if the hostile one changes
        rows, it must change them exactly as that one does (the value was ignored).
        """
        self.sent += 1
        status, changed, content = self._send(client, method, url, data, must_refuse is not None)
        where = f"{persona} {method.upper()} {url[:120]} {what}"
        if status >= 500:
            self.fail(url, f"{where}: {status}")
        elif changed and status >= 400:
            self.fail(url, f"{where}: refused ({status}) but rows changed")
        elif changed and persona == "watcher" and params(_route(url)):
            self.fail(url, f"{where}: a watch link changed rows ({status})")
        elif (
            changed
            and must_refuse is not None
            and self._send(client, method, url, must_refuse, True)[2] != content
        ):
            self.fail(url, f"{where}: taken as a number ({status})")
        self.reached.add(_route_name(url))
        return status

    def _send(
        self,
        client: Client,
        method: str,
        url: str,
        data: dict[str, Any] | None,
        compared: bool = False,
    ) -> tuple[int, bool, str]:
        """The answer's status, whether rows changed, and (`compared`) what they then hold."""
        # Every other request comes from htmx, which some views answer differently.
        headers = {"HTTP_HX_REQUEST": "true"} if self.sent % 2 else {}
        status, changed, content = 0, False, ""
        writes = Writes()
        with transaction.atomic(), connection.execute_wrapper(writes):
            try:
                if method == "get":
                    response = client.get(url, data or {}, **headers)
                else:
                    response = client.post(url, data or {}, **headers)
                status = response.status_code
            except Exception as error:  # the test client re-raises what would be a 500
                status = 500
                self.fail(url, f"{method.upper()} {url[:120]}: {error!r:.300}")
            else:
                # Rows can only have changed in a table something was written to; most
                # requests write nothing, and no checksum is then needed. (Django deletes
                # what a deletion cascades to with statements of its own, seen here too.)
                changed = bool(writes.tables) and any(
                    self.rows[name] != digest for name, digest in tables(only=writes.tables).items()
                )
                content = snapshot(content_only=True) if changed and compared else ""
            transaction.set_rollback(True)
        return status, changed, content


class Writes:
    """An execute wrapper noting which of Scorer's tables a request wrote to."""

    def __init__(self) -> None:
        self.tables: set[str] = set()

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        # Scorer's own tables only: the rate limiter's counters live in the database too.
        if written := WRITE.match(sql):
            self.tables.add(written[1])
        return execute(sql, params, many, context)


WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(games_\w+)"', re.IGNORECASE)


def sample(pool: list[str], key: str, count: int) -> list[str]:
    """`count` values from the pool, starting at a place fixed by `key`: every run the same,
    while different fields meet different values."""
    start = zlib.crc32(key.encode()) % len(pool)
    return [pool[(start + i) % len(pool)] for i in range(min(count, len(pool)))]


# -- the walk -------------------------------------------------------------------------------


def crawl(
    walk: Walk, client: Client, starts: list[str], within: str = "/"
) -> tuple[list[str], list[Form]]:
    """Every URL under `within` reachable by GET from `starts` (links and htmx), and the
    forms on the pages among them."""
    seen: set[str] = set()
    pages: list[str] = []
    forms: list[Form] = []
    queue = list(starts)
    while queue and len(seen) < 400:
        url = queue.pop(0)
        parts = urlsplit(url)
        if parts.netloc not in ("", "testserver") or not parts.path.startswith(within):
            continue
        if parts.path.startswith("/static/"):
            continue
        key = parts.path + ("?" + parts.query if parts.query else "")
        walk.link_parameters.update(name for name, _ in parse_qsl(parts.query))
        if key in seen:
            continue
        seen.add(key)
        response = client.get(key)
        if response.status_code >= 500:
            walk.fail(key, f"GET {key} while crawling: {response.status_code}")
        if response.status_code < 400:
            pages.append(key)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        reader = PageReader("http://testserver" + key)
        reader.feed(response.content.decode())
        queue += reader.links
        forms += reader.forms
        for endpoint in reader.endpoints:
            for form in reader.forms:
                walk.endpoints.setdefault((endpoint, tuple(sorted(form.fields))), form)
    return pages, forms


def baseline(form: Form, fill_from: list[Form]) -> dict[str, list[str]]:
    """What submitting the form as shown sends, with required blanks filled in: taken from
    another form of the same game where it has them (an edit form holds a real hand)."""
    data: dict[str, list[str]] = {}
    for index, f in enumerate(form.fields.values()):
        if f.kind == "submit":
            continue
        values = [v for v in f.values]
        if not values or values == [""]:
            donor = next((o.fields[f.name].values for o in fill_from if _filled(o, f.name)), [])
            if donor:
                values = list(donor)
            elif f.kind in ("radio", "select") and f.options and f.required:
                values = [next((o for o in f.options if o), f.options[0])]
            elif f.required and f.kind == "number":
                values = ["1"]
            elif f.required and f.kind in ("text", "textarea"):
                values = [f"Player {index}"]
        if values:
            data[f.name] = values
    return data


def _filled(form: Form, name: str) -> bool:
    found = form.fields.get(name)
    return found is not None and any(v for v in found.values)


def game_of(path: str, site: Site) -> Game | None:
    return next((g for g in site.games if f"/g/{g.slug}/" in path), None)


@pytest.fixture
def quiet_request_log() -> Iterator[None]:
    # Thousands of 4xx would each log a warning; the walk reports what matters itself.
    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


@dataclass
class Walked:
    """What the walk of the whole site found: each URL pattern's case reads its own part."""

    walk: Walk
    games: list[Game]
    actions: set[str]
    file_fields: int


@pytest.fixture(scope="module")
def walked(django_db_setup: Any, django_db_blocker: Any) -> Walked:
    """The walk, once for all the cases below, in a transaction rolled back at its end."""
    from django.core.cache import cache

    logger = logging.getLogger("django.request")
    level = logger.level
    logger.setLevel(logging.CRITICAL)  # thousands of 4xx would each log a warning
    try:
        with django_db_blocker.unblock(), transaction.atomic():
            cache.clear()  # the rate limits' counts start from zero
            site = make_site()
            walk, forms, file_fields = walk_site(site)
            actions = {a.split(" ")[-1] for f in forms for a in f.actions}
            found = Walked(walk, list(site.games), actions, len(file_fields))
            transaction.set_rollback(True)
    finally:
        logger.setLevel(level)
    return found


# Every URL pattern is a case of its own ("" gathers what resolves to none).
ROUTE_NAMES = [*dict.fromkeys(name for _, name in routes()), ""]


@pytest.mark.django_db  # so the test database is made; the walk itself is done once, above
@pytest.mark.parametrize("route", ROUTE_NAMES, ids=[name or "(no pattern)" for name in ROUTE_NAMES])
def test_no_input_anywhere_is_a_server_error_or_a_wrong_change(walked: Walked, route: str) -> None:
    walk = walked.walk
    if route:
        assert route in walk.reached, f"the walk never requested {route}"
    failures = walk.failures.get(route, [])
    assert not failures, f"{len(failures)} requests to {route or 'no pattern'}:\n" + "\n".join(
        failures[:60]
    )


@pytest.mark.django_db  # so the test database is made; the walk itself is done once, above
def test_the_walk_sends_every_games_hand_form_and_an_import(walked: Walked) -> None:
    for game in walked.games:
        for needed in ("hands", "preview"):
            assert any(f"/g/{game.slug}/{needed}" in a for a in walked.actions), (
                game.variant,
                needed,
            )
    assert walked.file_fields, "the walk found no import form"
    assert walked.walk.sent > 1000


def walk_site(site: Site) -> tuple[Walk, list[Form], list[tuple[str, Field]]]:
    """Sends every request of the walk (each rolled back), noting what went wrong."""
    walk = Walk(site)
    member, watcher = Client(), Client()
    all_routes = list(routes())

    # 1. Every URL pattern with real values, for every game; as the watcher, with the watch
    #    link in every place; and with a hostile value in each path parameter in turn.
    starts = []
    for r, (route, _name) in enumerate(all_routes):
        for g, game in enumerate(site.games if params(route) else site.games[:1]):
            url = build(route, site.path_values(game, "member"))
            starts.append(url)
            for method in ("get", "post"):
                walk.send(member, method, url, persona="member", what="")
            if g == r % len(site.games):
                url = build(route, site.path_values(game, "watcher"))
                for method in ("get", "post"):
                    walk.send(watcher, method, url, persona="watcher", what="")
        game = site.games[r % len(site.games)]
        for param in params(route):
            for i, segment in enumerate(HOSTILE_SEGMENTS):
                url = build(route, {**site.path_values(game, "member"), param: segment})
                what = f"({param}={segment[:20]!r})"
                walk.send(member, ("get", "post")[i % 2], url, persona="member", what=what)

    # 2. Every page the member and the watcher can reach, and every form on them.
    pages, forms = crawl(walk, member, starts)
    watch_starts = [u for u in starts if _route(u) and params(_route(u)) == ["watch"]]
    watch_pages, watch_forms = crawl(walk, watcher, watch_starts, within="/w/")
    assert tables() == walk.rows, "opening a page changed rows"
    # A watcher may choose the page's language: the picker posts to Django's set_language,
    # which keeps the choice in the watcher's own cookie. Nothing else there is a POST.
    setlang = reverse("set_language")
    assert all(
        f.method == "get" or all(urlsplit(a.split(" ")[-1]).path == setlang for a in f.actions)
        for f in watch_forms
    ), "a watch page offers a change"

    # 3. The query parameters views read from links and htmx, on a page of every kind.
    by_kind: dict[str, list[str]] = {}
    for page in pages + watch_pages:
        by_kind.setdefault(_route_name(page), []).append(page)
    for kind, kind_pages in by_kind.items():
        for i, name in enumerate(sorted(set(QUERY_PARAMETERS) | walk.link_parameters)):
            page = kind_pages[i % len(kind_pages)]
            persona, client = ("watcher", watcher) if page.startswith("/w/") else ("member", member)
            for label in sample(list(HOSTILE), kind + name, 2):
                url = f"{page}{'&' if '?' in page else '?'}{urlencode({name: HOSTILE[label]})}"
                walk.send(client, "get", url, persona=persona, what=f"{name}={label}")

    # 4. Every form, at every URL it sends to (its action, and htmx requests from inside it),
    #    once per kind of page and game: every hostile value in all its fields at once, then
    #    fields one at a time with the rest as a real hand, so that the engine is reached.
    done: set[tuple[str, str, str, tuple[str, ...]]] = set()
    file_fields: list[tuple[str, Field]] = []
    for form in forms:
        game = game_of(form.page, site)
        donors = sorted(
            (o for o in forms if o is not form and game and game_of(o.page, site) == game),
            key=lambda o: "/edit" not in o.page,
        )
        base = baseline(form, donors)
        for action in form.actions:
            method, url = action.split(" ", 1) if " " in action else (form.method, action)
            parts = urlsplit(url)
            url = parts.path + (f"?{parts.query}" if parts.query else "")
            variant = game.variant if game else ""
            key = (method, _route_name(url), variant, tuple(sorted(form.fields)))
            if key in done:
                continue
            done.add(key)
            fields = [f for f in form.fields.values() if f.name != "csrfmiddlewaretoken"]
            file_fields += [(url, f) for f in fields if f.kind == "file"]
            fields = [f for f in fields if f.kind != "file"]
            walk.send(member, method, url, base, persona="member", what="(as shown)")
            watched = _as_watcher(url, site)
            walk.send(watcher, method, watched, base, persona="watcher", what="(as shown)")
            # A form's fields are read the same at each URL it sends to: every hostile value
            # at its first, a few at the others.
            every = list(HOSTILE) if action == form.actions[0] else sample(list(HOSTILE), url, 6)
            for label in every if fields else ():
                value = HOSTILE[label]
                data = {**base, **{f.name: [value] for f in fields}}
                walk.send(member, method, url, data, persona="member", what=f"all={label}")
            numeric = [f for f in fields if f.numeric]
            others = [f for f in fields if not f.numeric]
            picks = [(f, NUMERIC_VALUES_PER_FIELD) for f in numeric]
            picks += [(f, OTHER_VALUES_PER_FIELD) for f in others]
            budget = BUDGET_PER_FORM
            start = zlib.crc32(url.encode())
            for n in range(len(picks)):
                f, count = picks[(start + n) % len(picks)]
                for label in sample(list(HOSTILE), url + f.name, min(count, budget)):
                    budget -= 1
                    data = {**base, f.name: [HOSTILE[label]]}
                    refuse = None
                    if f.numeric and label in NOT_NUMBERS:
                        refuse = {k: v for k, v in base.items() if k != f.name}
                    walk.send(
                        member,
                        method,
                        url,
                        data,
                        persona="member",
                        what=f"{f.name}={label}",
                        must_refuse=refuse,
                    )

    # 5. What the page's script sends to the URLs in its data- attributes: one field at a
    #    time, with whatever else the form carries that names what it is based on (a token).
    for (endpoint, _), form in walk.endpoints.items():
        url = urlsplit(endpoint).path
        hidden = {f.name: f.values for f in form.fields.values() if f.kind == "hidden"}
        hidden.pop("csrfmiddlewaretoken", None)
        for f in form.fields.values():
            if f.kind in ("hidden", "file", "submit"):
                continue
            for label in sample(list(HOSTILE), url + f.name, 1):
                for extra in ({}, hidden):
                    data = {**extra, f.name: [HOSTILE[label]]}
                    walk.send(member, "post", url, data, persona="member", what=f"{f.name}={label}")

    # 6. Files: hostile texts, and records with each of their values made hostile.
    for url, f in file_fields:
        for label, content in hostile_files(site):
            upload = SimpleUploadedFile("record.json", content, "application/json")
            status = walk.send(
                member, "post", url, {f.name: upload}, persona="member", what=f"file: {label}"
            )
            if label.startswith("refused:") and status < 400:
                walk.fail(url, f"POST {url} file {label}: accepted ({status})")

    return walk, forms, file_fields


def _route(url: str) -> str:
    """The route (pattern text) a URL resolves to, or "" when none does."""
    try:
        return str(get_resolver().resolve(urlsplit(url).path).route)
    except Resolver404:
        return ""


def _route_name(url: str) -> str:
    """The name of the URL pattern a URL resolves to, or "" when none does."""
    path = urlsplit(url).path
    try:
        return get_resolver().resolve(path).url_name or path
    except Resolver404:
        return ""


def _as_watcher(url: str, site: Site) -> str:
    for game in site.games:
        url = url.replace(game.slug, game.watch_slug)
    return url.replace(site.circle.slug, site.games[0].watch_slug)


def hostile_files(site: Site) -> Iterator[tuple[str, bytes]]:
    """(label, content): labels starting "refused:" must be refused with a 4xx."""
    for label, value in HOSTILE.items():
        yield f"refused: text {label}", value.encode()
    yield "refused: not UTF-8", b"\xff\xfe\x00{"
    yield "refused: NaN", b'{"format": "scorer-game/1", "hands": [NaN]}'
    yield "refused: deeply nested", b"[" * 100_000 + b"]" * 100_000
    yield "refused: a 5000-digit number", b'{"hands": [' + b"9" * 5000 + b"]}"
    yield "refused: too large", b" " * (MAX_BYTES + 1)
    record = site.games[0].export()
    one = record["hands"][0]
    yield "refused: too many hands", _dumps({**record, "hands": [one] * (MAX_HANDS + 1)})
    names = record["players"]
    for label, players in (
        ("blank name", ["", *names[1:]]),
        ("spaces for a name", ["   ", *names[1:]]),
        ("same name twice", [names[0], names[0].upper(), *names[2:]]),
        ("a name of 41 characters", ["x" * 41, *names[1:]]),
        ("a name with NUL", ["A\x00n", *names[1:]]),
        ("a name of 5000 characters", ["x" * 5000, *names[1:]]),
        ("a name with a lone surrogate", ["A\ud800", *names[1:]]),
        ("a name turning the text around it", ["\u202eAnn", *names[1:]]),
        ("a name of a zero-width space", ["\u200b", *names[1:]]),
        ("a name of a Hangul filler", ["\u3164", *names[1:]]),
        ("a name of two isolates", ["\u2066\u2069", *names[1:]]),
        ("a name with a control character", ["A\x1bn", *names[1:]]),
        ("the same name with a zero-width space", [names[0], names[0] + "\u200b", *names[2:]]),
    ):
        yield f"refused: {label}", _dumps({**record, "players": players})
    yield "refused: a key of 5000 characters", _dumps({**record, "x" * 5000: 1})
    yield "refused: a key with a lone surrogate", _dumps({**record, "\ud800": 1})
    yield (
        "refused: a settings key with a lone surrogate",
        _dumps({**record, "settings": {**record["settings"], "\udfff": 1}}),
    )
    yield (
        "refused: a hand key with a lone surrogate",
        _dumps({**record, "hands": [{**one, "\ud800": 1}]}),
    )
    yield (
        "refused: a surrogate written as bytes",
        json.dumps({**record, "players": ["A\ud800", *names[1:]]}, ensure_ascii=False).encode(
            "utf-8", "surrogatepass"
        ),
    )
    yield (
        "refused: a hand key of 5000 characters",
        _dumps({**record, "hands": [{**one, "x" * 5000: 1}]}),
    )
    # Each value of each game's record in turn, made hostile.
    values: list[object] = [
        2**31,
        -(2**31) - 1,
        10**30,
        "١٢",
        "²",
        "\x00",
        "x" * 5000,
        "\ud800",
        [[[[[[[[[[1]]]]]]]]]],
        {"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}},
        1.5,
        True,
        None,
        "",
    ]
    for game in site.games:
        record = game.export()
        for path in _leaves(record):
            for value in sample_objects(values, game.variant + "/".join(map(str, path)), 1):
                yield (
                    f"{game.variant} {'/'.join(map(str, path))}={value!r:.20}",
                    _dumps(_replace(record, path, value)),
                )


def sample_objects(pool: list[object], key: str, count: int) -> list[object]:
    start = zlib.crc32(key.encode()) % len(pool)
    return [pool[(start + i) % len(pool)] for i in range(count)]


def _leaves(value: object, path: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path


def _replace(value: Any, path: tuple[Any, ...], new: object) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


def _dumps(value: object) -> bytes:
    """The record as JSON; a lone surrogate, which UTF-8 cannot hold, as its escape."""
    try:
        return json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return json.dumps(value).encode()


# -- bytes: every part of a request, at every URL pattern (issue 21, defect 5) --------------

# Percent escapes as a path or a query string carries them: overlong UTF-8 ("/" as C0 AF,
# NUL as C0 80), bytes that are no UTF-8 at all, a surrogate encoded as UTF-8, a sequence cut
# short, and NUL.
RAW_ESCAPES = ["%C0%AF", "%C0%80", "%FF%FE", "%ED%A0%80", "%E2%82", "%00"]

# Raw bytes where a request holds text (WSGI gives them as latin-1 characters).
RAW_BYTES = "\xc0\xaf\xff\xfe\xed\xa0\x80\x00"

# The charsets a form body may declare, none of them the UTF-8 Django reads.
FORM_CHARSETS = ["iso-8859-1", "latin-1", "ascii", "cp1252", "utf-16"]

# The fields Scorer's forms and views read, each sent holding hostile bytes.
BYTE_FIELDS = [
    "name", "token", "key", "number", "dealer", "caller", "trump", "points_0", "language",
    "next", "time_zone", "player_0", "variant", "first_dealer", "auction", "contract",
]  # fmt: skip


def byte_bodies(token: str) -> list[tuple[str, str, bytes]]:
    """(label, content type, body) for a POST: invalid and overlong UTF-8, NUL and
    surrogates in a form body, a form body declaring each other charset, and the same in
    a multipart body, JSON and plain text."""
    csrf = f"csrfmiddlewaretoken={token}&".encode()
    escaped = "&".join(
        f"{f}={RAW_ESCAPES[i % len(RAW_ESCAPES)]}" for i, f in enumerate(BYTE_FIELDS)
    )
    raw = b"&".join(f.encode() + b"=" + RAW_BYTES.encode("latin-1") for f in BYTE_FIELDS)
    form = "application/x-www-form-urlencoded"
    bodies = [
        ("escaped bytes", form, csrf + escaped.encode()),
        ("raw bytes", form, csrf + raw),
        ("a key of raw bytes", form, csrf + b"\xff\x00=1&%C0%AF=2"),
    ]
    bodies += [
        (f"charset={c}", f"{form}; charset={c}", csrf + escaped.encode()) for c in FORM_CHARSETS
    ]
    boundary = "b0undary"
    multi = f"multipart/form-data; boundary={boundary}"
    parts = [
        ("csrfmiddlewaretoken", token.encode()),
        *((f, RAW_BYTES.encode("latin-1")) for f in BYTE_FIELDS),
    ]
    multipart = (
        b"".join(
            b"--"
            + boundary.encode()
            + b'\r\nContent-Disposition: form-data; name="'
            + n.encode()
            + b'"\r\n\r\n'
            + v
            + b"\r\n"
            for n, v in parts
        )
        + b"--"
        + boundary.encode()
        + b"--\r\n"
    )
    bodies += [
        ("multipart", multi, multipart),
        ("multipart, utf-16", f"{multi}; charset=utf-16", multipart),
        ("JSON", "application/json", b'{"\xff": "\xed\xa0\x80", "name": "\\ud800"}'),
        ("text", "text/plain; charset=utf-8", RAW_BYTES.encode("latin-1")),
    ]  # fmt: skip
    return bodies


@dataclass
class ByteWalk:
    """Requests built byte by byte (Client.generic sends a body and a path as they are)."""

    client: Client
    token: str
    sent: int = 0
    failures: list[str] = field(default_factory=list)

    def send(self, method: str, path: str, what: str, **extra: Any) -> None:
        self.sent += 1
        where = f"{method} {path[:100]} {what}"
        with transaction.atomic():
            try:
                response = self.client.generic(method, path, secure=False, **extra)
            except Exception as error:  # the test client re-raises what would be a 500
                self.failures.append(f"{where}: {error!r:.200}")
                transaction.set_rollback(True)
                return
            transaction.set_rollback(True)
        status = response.status_code
        if status >= 500:
            self.failures.append(f"{where}: {status}")
        elif status >= 400 and not (
            response.get("X-Frame-Options") == "DENY"
            and "default-src" in response.get("Content-Security-Policy", "")
            and response.get("X-Content-Type-Options") == "nosniff"
        ):
            self.failures.append(f"{where}: {status} without the site's security headers")

    def headers(self) -> dict[str, str]:
        """A browser's headers, every one of them holding hostile bytes."""
        return {
            "HTTP_COOKIE": (
                f"csrftoken={self.token}; django_language={RAW_BYTES}; "
                f"circles={RAW_BYTES}; hands=%C0%AF%00; \xff\x00={RAW_BYTES}"
            ),
            "HTTP_ACCEPT_LANGUAGE": f"{RAW_BYTES},tr;q={RAW_BYTES}",
            "HTTP_HX_REQUEST": "true",
            "HTTP_HX_CURRENT_URL": f"http://testserver/{RAW_BYTES}",
            "HTTP_HX_TARGET": RAW_BYTES,
            "HTTP_REFERER": f"http://testserver/%C0%AF{RAW_BYTES}",
            "HTTP_USER_AGENT": RAW_BYTES,
            "HTTP_X_CSRFTOKEN": RAW_BYTES * 4,
            "HTTP_X_FORWARDED_FOR": RAW_BYTES,
            "HTTP_IF_NONE_MATCH": RAW_BYTES,
            "HTTP_IF_MODIFIED_SINCE": RAW_BYTES,
            "HTTP_RANGE": f"bytes={RAW_BYTES}",
        }


def raw_build(route: str, values: dict[str, str], raw: dict[str, str]) -> str:
    """`build`, with the parameters in `raw` written as they are (percent escapes kept)."""

    def fill(match: re.Match[str]) -> str:
        name = match["name"]
        return raw[name] if name in raw else quote(values[name], safe="")

    return "/" + PARAM.sub(fill, route)


@pytest.mark.usefixtures("quiet_request_log")
def test_no_byte_sequence_in_any_part_of_a_request_is_a_server_error(site: Site) -> None:
    """Every URL pattern, GET and POST, as a browser sends them (CSRF checked): hostile bytes
    in each path parameter, the query string, the cookies and headers, and the body."""
    client = Client(enforce_csrf_checks=True)
    client.get("/")
    walk = ByteWalk(client, client.cookies["csrftoken"].value)
    origin = {"HTTP_ORIGIN": "http://testserver"}
    bodies = byte_bodies(walk.token)
    routes_seen = 0
    for r, (route, _name) in enumerate(routes()):
        routes_seen += 1
        game = site.games[r % len(site.games)]
        values = site.path_values(game, "member")
        url = build(route, values)
        for method in ("GET", "POST"):
            for escape in RAW_ESCAPES:
                for param in params(route) or [""]:
                    path = (
                        raw_build(route, values, {param: f"a{escape}b"}) if param else url + escape
                    )
                    walk.send(method, path, f"path {param}={escape}", **origin)
                walk.send(
                    method,
                    f"{url}?{escape}={escape}&v={escape}&before={escape}",
                    f"query {escape}",
                    **origin,
                )
            walk.send(method, url, "headers and cookies", **origin, **walk.headers())
        for label, content_type, body in bodies:
            walk.send("POST", url, f"body: {label}", data=body, content_type=content_type, **origin)
    assert routes_seen > 20
    assert not walk.failures, f"{len(walk.failures)} of {walk.sent} requests:\n" + "\n".join(
        walk.failures[:60]
    )


# -- the cases the walk first found, by name ---------------------------------------------


def test_a_nul_in_a_link_is_a_404(site: Site, client: Client) -> None:
    game = site.games[0]
    for url in (f"/c/{site.circle.slug}/g/%00/", "/c/a%00b/", "/w/%00/live"):
        assert client.get(url).status_code == 404, url
    assert client.get(f"/c/{site.circle.slug}/declarations?game=%00").status_code == 200
    assert client.get(f"/c/{site.circle.slug}/new?variant=terz&from=%00").status_code == 200
    assert game.hands.count() == 2


@pytest.mark.parametrize("number", ["x", "²", "9" * 5000, "-5", "0", "99"])
def test_a_preview_number_that_is_no_hand_previews_the_next_hand(
    site: Site, client: Client, number: str
) -> None:
    game = next(g for g in site.games if g.variant == "klaberjass")
    data = {**hand_post(dealer="1", caller="2"), "number": number}
    response = client.post(f"/c/{site.circle.slug}/g/{game.slug}/preview", data)
    assert response.status_code == 200 and b"preview" in response.content.lower()


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("١٢", "Enter a whole number, in digits 0 to 9."),
        ("²", "Enter a whole number, in digits 0 to 9."),
        ("+96", "Enter a whole number, in digits 0 to 9."),
        ("1_0", "Enter a whole number, in digits 0 to 9."),
        ("9" * 5000, "Enter a number from 0 to 1,000,000,000."),  # digits, but too large
    ],
)
def test_a_number_not_in_ascii_digits_is_refused_beside_its_field_and_kept(
    site: Site, client: Client, typed: str, said: str
) -> None:
    game = next(g for g in site.games if g.variant == "klaberjass")
    response = client.post(
        f"/c/{site.circle.slug}/g/{game.slug}/hands", hand_post(dealer="1", points_0=typed)
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert said in page
    assert f'value="{typed}"' in page
    assert game.hands.count() == 2


def test_a_contract_beyond_the_database_column_is_refused(site: Site, client: Client) -> None:
    game = next(g for g in site.games if g.variant == "hoskin")
    hand = game.hands.order_by("number").first()
    assert hand is not None
    url = f"/c/{site.circle.slug}/g/{game.slug}/hands/{hand.pk}/edit"
    form = PageReader("http://testserver" + url)
    form.feed(client.get(url).content.decode())
    data = baseline(form.forms[0], [])
    data["contract"] = ["2147483648"]
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Enter a number from" in response.content.decode()


@pytest.mark.parametrize("token", ["\x00", "a\x00b", "x" * 300, "🂡"])
def test_a_save_naming_a_token_scorer_cannot_have_made_is_a_400(
    site: Site, client: Client, token: str
) -> None:
    game = next(g for g in site.games if g.variant == "klaberjass")
    data = {**hand_post(dealer="1", caller="2"), "token": token}
    response = client.post(f"/c/{site.circle.slug}/g/{game.slug}/hands", data)
    assert response.status_code == 400
    assert game.live_hands().count() == 2
    progress = client.post(f"/c/{site.circle.slug}/g/{game.slug}/progress", {"token": token})
    assert progress.status_code == 400


def test_the_walk_sees_a_request_that_stores_a_hand_and_one_that_stores_nothing(
    site: Site,
) -> None:
    walk, client = Walk(site), Client()
    game = next(g for g in site.games if g.variant == "klaberjass")
    hands = f"/c/{site.circle.slug}/g/{game.slug}/hands"
    status, changed, content = walk._send(client, "post", hands, hand_post(dealer="1"), True)
    assert status < 400 and changed and content
    assert walk._send(client, "get", f"/c/{site.circle.slug}/g/{game.slug}/", None)[1] is False
    # Each request was rolled back: the rows are as they were.
    assert tables() == walk.rows

"""The pages' streams (server-sent events): a game's, for its page and its watch page, and a
club night's, for the night's pages. Each says "changed" and the version reached, nothing
more: the page then asks what changed, as its poll does (static/js/stream.js).

A stream's first event says where the game (or night) stands now, so a page that opened on
an older state, or a stream that dropped and came back, asks once for what it missed; then a
`retry` and a heartbeat comment every HEARTBEAT seconds, which keeps proxies and phones'
networks from closing an idle connection. How a stream is held depends on the server:

- gunicorn with Scorer's worker (`make lan`, the container: scorer/gunicorn_worker.py) puts
  `scorer.hold` in the request: the first bytes are answered and the worker's event loop
  keeps the socket, with no thread and no database connection, until the page closes it;
- any other WSGI server (`make run`'s development server, the tests' live server): a thread
  waits on a queue, holding no database connection;
- gunicorn without that worker, or an ASGI server, answers 204: the page polls as before.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator

from django.db import connections
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from games.models import ClubNight, Game
from games.models.announcements import night_stamp
from games.streams import (
    BEAT,
    HEARTBEAT,
    HOLD,
    RETRY_MS,
    event,
    game_topic,
    night_topic,
    subscribe,
    unsubscribe,
)
from games.views.access import HtmxHttpRequest, circle_of, game_of, slug_or_404, watched

HEADERS = {
    "Content-Type": "text/event-stream; charset=utf-8",
    # Never stored, never transformed (compressed) on the way.
    "Cache-Control": "no-cache, no-store, no-transform",
    # nginx passes each event on at once rather than filling its buffer first.
    "X-Accel-Buffering": "no",
}


@require_GET
def game_stream(request: HtmxHttpRequest, circle: str, game: str) -> HttpResponseBase:
    found = game_of(request, circle, game)
    return _game_stream(request, found)


@require_GET
def watch_stream(request: HtmxHttpRequest, watch: str) -> HttpResponseBase:
    return _game_stream(request, watched(request, watch))


@require_GET
def night_stream(request: HtmxHttpRequest, circle: str, night: str) -> HttpResponseBase:
    rows = ClubNight.objects.only("pk")
    found = get_object_or_404(rows, slug=slug_or_404(night), circle=circle_of(request, circle))
    return stream(request, night_topic(found.pk), lambda: f"s{night_stamp(found.pk)}")


def _game_stream(request: HtmxHttpRequest, game: Game) -> HttpResponseBase:
    # A removed game's page polls (it is read-only, and a restore redraws it all).
    if game.removed is not None:
        raise Http404

    def now() -> str:
        versions = Game.objects.filter(pk=game.pk).values_list("version", "in_progress__version")
        version, done = versions.first() or (game.version, None)
        return f"v{version} d{done or 0}"

    return stream(request, game_topic(game.pk), now)


def stream(request: HtmxHttpRequest, topic: str, now: Callable[[], str]) -> HttpResponseBase:
    """The stream of `topic`, opening with `now()`: where it stands, read once the stream
    listens, so no change falls between the two."""
    # An event stream is never compressed: gzip would hold events back (GZipMiddleware
    # reads the request's Accept-Encoding after the view).
    request.META.pop("HTTP_ACCEPT_ENCODING", None)
    hold: Callable[[str], None] | None = request.META.get(HOLD)
    if hold is not None:
        hold(topic)
        body: Iterator[bytes] = iter([opening(now())])
    elif hasattr(request, "scope") or str(request.META.get("SERVER_SOFTWARE", "")).startswith(
        "gunicorn"
    ):
        # An ASGI server, or gunicorn without Scorer's worker: the page polls.
        return HttpResponse(status=204)
    else:
        body = _in_thread(topic, now)
    return StreamingHttpResponse(body, headers=HEADERS)


def opening(now: str) -> bytes:
    return f"retry: {RETRY_MS}\n".encode() + event(now)


def _in_thread(topic: str, now: Callable[[], str]) -> Iterator[bytes]:
    """A thread's stream: it waits on a queue, and ends when a write to a page that closed
    fails (within HEARTBEAT seconds of its closing)."""
    told: queue.SimpleQueue[str] = queue.SimpleQueue()

    def tell(_topic: str, text: str) -> None:
        told.put(text)

    subscribe(topic, tell)
    try:
        yield opening(now())
        # The thread holds no database connection while it waits.
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:
                connection.close()
        while True:
            try:
                text = told.get(timeout=HEARTBEAT)
            except queue.Empty:
                yield BEAT
            else:
                yield event(text)
    finally:
        unsubscribe(topic, tell)

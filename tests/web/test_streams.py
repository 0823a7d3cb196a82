"""The pages' streams (games/views/streams.py, games/streams.py): a change is pushed to every
phone of a game (a tap with what the phones would fetch, unless too long), to its watch page
and to its club night's page, announced in the transaction that saves it (never for one
rolled back); a stream opens with where the game stands, so a stream that dropped and came
back finds what it missed; no stream for a game of another circle, a removed game or a night
of another circle; nothing a proxy would buffer or compress.

The streams here are read through Django's test client, which holds them in a thread as the
development server does; scorer/stream_worker.py's are in test_stream_servers.py.
"""

from __future__ import annotations

import gc
import queue
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from games import streams
from games.models import Circle, ClubNight, Game, HandInProgress, roster
from games.views import hand_in_progress as hand_in_progress_views
from games.views import streams as stream_views
from tests.conftest import PLAYERS, klob_hand
from tests.web.test_club_nights import set_up, start

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 10.0


class Stream:
    """A stream read on a thread of its own, as a page's EventSource reads it."""

    def __init__(self, client: Client, url: str, **headers: Any) -> None:
        self.response = client.get(url, headers=headers)
        self.told: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.stopping = threading.Event()
        if self.response.status_code == 200 and self.response.streaming:
            self.thread = threading.Thread(target=self.read, daemon=True)
            self.thread.start()

    def read(self) -> None:
        lines: list[str] = []
        for chunk in self.response.streaming_content:
            if self.stopping.is_set():
                break
            for line in bytes(chunk).decode().split("\n"):
                if line.startswith("data: "):
                    lines.append(line.removeprefix("data: "))
                elif not line and lines:  # an event's end: its lines, as EventSource joins them
                    self.told.put("\n".join(lines))
                    lines = []

    def whole(self) -> str:
        """The next event's text, every line of it."""
        return self.told.get(timeout=WAIT)

    def next(self) -> str:
        """What the next event says changed (its first line)."""
        return self.whole().split("\n")[0]

    def close(self) -> None:
        self.stopping.set()
        self.thread.join(WAIT)
        self.response.close()


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Stream]]:
    """The streams a test opens, closed after it; a heartbeat every 0.05 s lets each reading
    thread see it is asked to stop."""
    monkeypatch.setattr(stream_views, "HEARTBEAT", 0.05)
    found: list[Stream] = []
    yield found
    for stream in found:
        if hasattr(stream, "thread"):
            stream.close()
    gc.collect()


def open_stream(opened: list[Stream], url: str, client: Client | None = None) -> Stream:
    stream = Stream(client or Client(), url)
    opened.append(stream)
    return stream


def versions(text: str) -> dict[str, int]:
    return {part[0]: int(part[1:]) for part in text.split()}


def new_game() -> Game:
    """A game whose page was opened (which makes its hand in progress)."""
    game = Game.create(Circle.objects.create(), "klaberjass", PLAYERS, {"target": 10**9})
    HandInProgress.of(game)
    return game


def stream_url(game: Game) -> str:
    return reverse("game_stream", args=[game.circle.slug, game.slug])


def tap(client: Client, game: Game, **fields: str) -> None:
    token = HandInProgress.of(game).token
    url = reverse("hand_progress", args=[game.circle.slug, game.slug])
    response = client.post(url, {"token": token, **fields})
    assert response.status_code == 200, response.content


def test_a_tap_on_one_phone_is_pushed_to_every_phone_of_the_game(opened: list[Stream]) -> None:
    game = new_game()
    phones = [open_stream(opened, stream_url(game)) for _ in range(4)]
    first = [versions(phone.next()) for phone in phones]
    assert first == [{"v": game.version, "d": HandInProgress.of(game).version}] * 4
    tap(Client(), game, trump="S")
    done = HandInProgress.of(game).version
    assert done > first[0]["d"]
    assert [phone.next() for phone in phones] == [f"d{done}"] * 4


def live_answer(client: Client, game: Game, v: int, d: int, token: str) -> str:
    """What a phone's poll is answered, on a page at versions `v` and `d`."""
    url = reverse("game_live", args=[game.circle.slug, game.slug])
    response = client.get(url, {"v": v, "d": d, "t": token}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def test_a_tap_carries_what_the_other_phones_would_fetch(opened: list[Stream]) -> None:
    game = new_game()
    game.circle.language = "tr"
    game.circle.save()
    before = HandInProgress.of(game)
    phones = [Client() for _ in range(3)]
    page = phones[0].get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()
    streamed = [open_stream(opened, stream_url(game), phone) for phone in phones]
    for stream in streamed:
        stream.next()
    tap(Client(), game, trump="S", caller="2")
    done = HandInProgress.of(game)
    told = [stream.whole() for stream in streamed]
    assert len(set(told)) == 1
    said, fits, html = told[0].split("\n", 2)
    assert said == f"d{done.version}"
    # The page it fits: the game's version, the hand's token, the language the page shows.
    assert fits == f"v{game.version} t{done.token} ltr"
    assert '<html lang="tr"' in page
    # Exactly what each phone's poll would have been answered: the scoreboard, saying who
    # called what, and the hand in progress.
    assert html == live_answer(phones[1], game, game.version, before.version, done.token)
    assert 'id="progress-state"' in html and "♠" in html and f'data-d="{done.version}"' in html


def test_a_tap_crossed_by_a_rename_carries_the_new_name(
    opened: list[Stream], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tap reads the names before it takes the game's lock; a player renamed between
    the two (which moves the game's version on) is carried as renamed."""
    game = new_game()
    before = HandInProgress.of(game)
    stream = open_stream(opened, stream_url(game))
    stream.next()
    real = hand_in_progress_views.hand_form
    ann = game.seats.get(index=0).player

    def renamed_meanwhile(*args: Any, **kwargs: Any) -> Any:
        roster.rename(game.circle, ann.pk, "Anneliese")
        return real(*args, **kwargs)

    monkeypatch.setattr(hand_in_progress_views, "hand_form", renamed_meanwhile)
    tap(Client(), game, trump="H")
    monkeypatch.undo()
    game.refresh_from_db()
    done = HandInProgress.of(game)
    assert stream.whole() == f"v{game.version}"  # the rename
    said, fits, html = stream.whole().split("\n", 2)
    assert (said, fits.split()[0]) == (f"d{done.version}", f"v{game.version}")
    assert "Anneliese" in html and html == live_answer(
        Client(), game, game.version, before.version, done.token
    )


def test_a_change_too_long_to_carry_says_only_what_changed(
    opened: list[Stream], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(streams, "MAX_CARRIED", 100)
    game = new_game()
    stream = open_stream(opened, stream_url(game))
    stream.next()
    tap(Client(), game, trump="D")
    assert stream.whole() == f"d{HandInProgress.of(game).version}"


def test_a_saved_hand_is_pushed_to_the_watch_page_and_the_game_page(
    opened: list[Stream],
) -> None:
    game = new_game()
    watching = open_stream(opened, reverse("watch_stream", args=[game.watch_slug]))
    playing = open_stream(opened, stream_url(game))
    for stream in (watching, playing):
        assert versions(stream.next())["v"] == game.version
    game.record_hand(klob_hand(dealer=0, caller=0, card_points=[96, 56]))
    game.refresh_from_db()
    for stream in (watching, playing):
        # The game, and its hand in progress emptied: each page asks for the hand saved.
        told = {stream.whole(), stream.whole()}
        assert f"v{game.version}" in told
        assert not any("\n" in text for text in told)


def test_a_club_night_is_told_of_its_own_changes_and_of_its_tables(
    opened: list[Stream],
) -> None:
    circle = Circle.objects.create()
    client = Client()
    night = set_up(client, circle)
    url = reverse("night_stream", args=[circle.slug, night.slug])
    stream = open_stream(opened, url)
    stamp = stream.next()
    page = client.get(reverse("club_night", args=[circle.slug, night.slug])).content.decode()
    assert f'data-stream="{url}" data-stamp="{stamp[1:]}"' in page
    assert start(client, night).status_code == 302
    night.refresh_from_db()
    assert f"v{night.version}" in {stream.next() for _ in range(1)}
    table = ClubNight.objects.get(pk=night.pk).rounds.get(number=1).tables.first()
    assert table is not None
    table.game.record_hand(klob_hand(dealer=0, caller=0, card_points=[96, 56]))
    assert stream.next() == f"g{table.game.pk}"
    # A new stream opens on a later stamp than the page showed: the page asks again.
    later = open_stream(opened, url).next()
    assert int(later[1:]) > int(stamp[1:])


def test_a_stream_that_dropped_opens_again_with_what_it_missed(opened: list[Stream]) -> None:
    game = new_game()
    stream = open_stream(opened, stream_url(game))
    before = versions(stream.next())
    stream.close()
    opened.remove(stream)
    tap(Client(), game, trump="H")  # while no stream was open
    again = versions(open_stream(opened, stream_url(game)).next())
    assert again["v"] == before["v"]
    assert again["d"] == HandInProgress.of(game).version > before["d"]


def test_a_change_rolled_back_is_never_announced(opened: list[Stream]) -> None:
    game = new_game()
    stream = open_stream(opened, stream_url(game))
    stream.next()
    with pytest.raises(RuntimeError), transaction.atomic():
        game.record_hand(klob_hand(dealer=0, caller=0, card_points=[96, 56]))
        raise RuntimeError("the save fails after it")
    tap(Client(), game, trump="C")
    # The first thing told is the tap that was kept, not the hand that was not.
    assert stream.next() == f"d{HandInProgress.of(game).version}"


def test_no_stream_for_a_foreign_or_removed_game_or_night(opened: list[Stream]) -> None:
    game = new_game()
    other = Circle.objects.create()
    client = Client()
    assert client.get(reverse("game_stream", args=[other.slug, game.slug])).status_code == 404
    assert client.get(reverse("watch_stream", args=["x" * 22])).status_code == 404
    night = set_up(client, Circle.objects.create())
    foreign = reverse("night_stream", args=[other.slug, night.slug])
    assert client.get(foreign).status_code == 404
    game.remove()
    game.refresh_from_db()
    assert client.get(stream_url(game)).status_code == 404
    assert client.get(reverse("watch_stream", args=[game.watch_slug])).status_code == 404
    # Its page then names no stream, and polls.
    page = client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()
    assert "data-stream" not in page and "data-live" in page
    assert streams.subscribed(streams.game_topic(game.pk)) == 0


def test_a_stream_is_neither_buffered_nor_compressed_on_the_way(opened: list[Stream]) -> None:
    game = new_game()
    stream = Stream(Client(), stream_url(game), accept_encoding="gzip, br")
    opened.append(stream)
    headers = stream.response.headers
    assert headers["Content-Type"].startswith("text/event-stream")
    assert "no-transform" in headers["Cache-Control"]
    assert headers["X-Accel-Buffering"] == "no"
    assert "Content-Encoding" not in headers
    assert versions(stream.next())["v"] == game.version


def test_a_page_names_its_stream_beside_its_poll() -> None:
    game = new_game()
    client = Client()
    page = client.get(reverse("game", args=[game.circle.slug, game.slug])).content.decode()
    assert f'data-stream="{stream_url(game)}"' in page
    watch = client.get(reverse("watch", args=[game.watch_slug])).content.decode()
    assert f'data-stream="{reverse("watch_stream", args=[game.watch_slug])}"' in watch


def test_a_page_closing_its_stream_ends_its_subscription(opened: list[Stream]) -> None:
    game = new_game()
    topic = streams.game_topic(game.pk)
    stream = open_stream(opened, stream_url(game))
    stream.next()
    assert streams.subscribed(topic) == 1
    stream.close()
    opened.remove(stream)
    del stream
    gc.collect()
    assert streams.subscribed(topic) == 0

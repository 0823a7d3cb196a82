"""Bytes no request may turn into a 5xx (issue 21, defect 5): a form body declaring another
charset, lone surrogates in a record, and a database out of reach, each answered with the
site's own page and its security headers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from games.views.error_pages import RETRY_AFTER_SECONDS
from tests.conftest import PLAYERS, hand_post
from tests.web.helpers import upload

CHARSETS = ["iso-8859-1", "latin-1", "ascii", "cp1252", "utf-16"]


def assert_site_headers(response: Any) -> None:
    assert response["X-Frame-Options"] == "DENY"
    assert "default-src 'self'" in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def assert_site_page(response: Any, status: int, heading: str) -> None:
    assert response.status_code == status
    html = response.content.decode()
    assert '<header class="top">' in html and f"<h1>{heading}</h1>" in html
    assert_site_headers(response)


def csrf_client() -> tuple[Client, str]:
    """A phone as a browser is one: CSRF checked, its token from a page it opened."""
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get(reverse("home"))
    return client, client.cookies["csrftoken"].value


def post_in(client: Client, url: str, body: str, charset: str, token: str) -> Any:
    return client.post(
        url,
        f"csrfmiddlewaretoken={token}&{body}".encode("ascii"),
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
        HTTP_ORIGIN="http://testserver",
    )


@pytest.mark.django_db
class TestFormCharsets:
    @pytest.mark.parametrize("charset", CHARSETS)
    @pytest.mark.parametrize("where", ["circle_create", "set_language", "hand_progress"])
    def test_a_form_in_another_charset_is_the_sites_400_page_and_changes_nothing(
        self, game: Game, charset: str, where: str
    ) -> None:
        url = {
            "circle_create": reverse("circle_create"),
            "set_language": reverse("set_language"),
            "hand_progress": reverse("hand_progress", args=[game.circle.slug, game.slug]),
        }[where]
        client, token = csrf_client()
        circles = Circle.objects.count()
        response = post_in(client, url, "name=Fri%E9day&language=tr", charset, token)
        assert_site_page(response, 400, "Scorer could not read that")
        assert Circle.objects.count() == circles
        assert "django_language" not in response.cookies

    def test_without_the_middleware_the_400_handler_still_answers_with_the_sites_page(
        self, settings: Any
    ) -> None:
        settings.MIDDLEWARE = [
            m for m in settings.MIDDLEWARE if m != "games.middleware.FormCharsetMiddleware"
        ]
        client, token = csrf_client()
        response = post_in(client, reverse("circle_create"), "name=x", "iso-8859-1", token)
        assert_site_page(response, 400, "Scorer could not read that")
        assert not Circle.objects.exists()

    @pytest.mark.parametrize(
        "body",
        [b"a=" + b"x" * 3_000_000, b"&".join(b"f%d=1" % i for i in range(1500))],
        ids=["beyond the upload size", "beyond the field count"],
    )
    def test_a_form_too_large_to_read_is_the_sites_400_page(self, body: bytes) -> None:
        client, token = csrf_client()
        response = client.generic(
            "POST",
            reverse("circle_create"),
            f"csrfmiddlewaretoken={token}&".encode() + body,
            content_type="application/x-www-form-urlencoded",
            HTTP_ORIGIN="http://testserver",
        )
        assert_site_page(response, 400, "Scorer could not read that")
        assert not Circle.objects.exists()

    @pytest.mark.parametrize("charset", ["utf8", "UTF-8", "utf_8"])
    def test_utf_8_by_another_name_is_read_as_utf_8(self, charset: str) -> None:
        client, token = csrf_client()
        response = post_in(client, reverse("set_language"), "language=tr&next=/", charset, token)
        assert response.status_code == 302
        assert response.cookies["django_language"].value == "tr"

    def test_a_multipart_body_in_another_charset_is_no_server_error(self, circle: Circle) -> None:
        client, token = csrf_client()
        boundary = "XyZ"
        body = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
            f'{token}\r\n--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n'
            f"Fri\xe9day\r\n--{boundary}--\r\n"
        ).encode("latin-1")
        response = client.generic(
            "POST",
            reverse("circle_rename", args=[circle.slug]),
            body,  # bytes as they are: generic() does not re-encode them
            content_type=f"multipart/form-data; boundary={boundary}; charset=utf-16",
            HTTP_ORIGIN="http://testserver",
        )
        assert response.status_code < 500
        assert_site_headers(response)


def klaberjass_record() -> dict[str, Any]:
    return {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {},
        "players": list(PLAYERS),
        "hands": [
            {"dealer": 0, "caller": 1, "trump": "H", "card_points": [96, 56], "last_trick": 0}
        ],
    }


@pytest.mark.django_db
class TestSurrogates:
    """JSON's "\\ud800" is half of a UTF-16 pair: no database stores it, no page writes it."""

    @pytest.mark.parametrize(
        ("where", "edit"),
        [
            ("a player's name", lambda r: r["players"].__setitem__(0, "A\ud800")),
            ("a trump", lambda r: r["hands"][0].__setitem__("trump", "\ud800")),
            ("an unknown key", lambda r: r.__setitem__("\ud800", 1)),
            ("a settings key", lambda r: r["settings"].__setitem__("\udfff", 1)),
            ("a hand key", lambda r: r["hands"][0].__setitem__("\ud800x", 1)),
            ("a settings value", lambda r: r["settings"].__setitem__("target", "\ud800")),
        ],
    )
    def test_a_lone_surrogate_in_a_record_is_refused_saying_so(
        self, client: Client, circle: Circle, where: str, edit: Any
    ) -> None:
        data = klaberjass_record()
        edit(data)
        # As JSON writes it: the escape, in ASCII.
        content = json.dumps(data).encode("ascii")
        assert b"\\ud" in content or b"\\udfff" in content, where
        response = upload(client, circle, content)
        assert response.status_code == 400, where
        page = response.content.decode()
        assert "half of a UTF-16 pair" in page, where
        assert not Game.objects.exists()

    def test_a_lone_surrogate_is_refused_by_the_command_line_too(self) -> None:
        from games.engine import ScorerError
        from games.engine.record import GameRecord

        data = klaberjass_record()
        data["players"][1] = "\udc00"
        with pytest.raises(ScorerError) as raised:
            GameRecord.from_dict(data)
        str(raised.value).encode("utf-8")  # the message itself can be written out


class _LostConnection:
    """An execute wrapper: the database went away (a PostgreSQL restart)."""

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.django_db
class TestDatabaseOutOfReach:
    @pytest.mark.urls("tests.web.error_urls")
    def test_a_lost_connection_is_the_sites_503_page_with_retry_after(self) -> None:
        client = Client(raise_request_exception=False)
        response = client.get("/database-down")
        assert_site_page(response, 503, "Try again in a moment")
        assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)

    @pytest.mark.parametrize("htmx", [False, True])
    def test_a_save_while_the_database_is_down_is_a_503_and_stores_nothing(
        self, game: Game, htmx: bool
    ) -> None:
        client = Client(raise_request_exception=False)
        url = reverse("game", args=[game.circle.slug, game.slug])
        page = client.get(url).content.decode()
        token = re.search(r'name="token" value="([^"]+)"', page)
        assert token
        data = {**hand_post(dealer="3"), "token": token.group(1), "key": "k" * 32}
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        with connection.execute_wrapper(_LostConnection()):
            response = client.post(f"{url}hands", data, **headers)
        assert response.status_code == 503
        assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
        assert "Try again in a moment" in response.content.decode()
        assert_site_headers(response)
        assert game.hands.count() == 0
        # Once the database is back, the same save (its key) is stored, once.
        again = client.post(f"{url}hands", data, **headers)
        saved = 200 if htmx else 302
        assert again.status_code == saved and game.hands.count() == 1
        assert client.post(f"{url}hands", data, **headers).status_code == saved
        assert game.hands.count() == 1

    def test_a_page_while_the_database_is_down_is_a_503(self, game: Game) -> None:
        client = Client(raise_request_exception=False)
        url = reverse("game", args=[game.circle.slug, game.slug])
        with connection.execute_wrapper(_LostConnection()):
            response = client.get(url)
        assert_site_page(response, 503, "Try again in a moment")

    def test_a_bug_is_still_the_500_page(self) -> None:
        client = Client(raise_request_exception=False)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("django.conf.settings.ROOT_URLCONF", "tests.web.error_urls")
            response = client.get("/broken")
        assert response.status_code == 500
        assert "Something went wrong" in response.content.decode()


def test_scorer_js_keeps_a_hand_whose_save_is_answered_503() -> None:
    """The outbox treats a 503 as a dropped connection (the hand waits and goes again), and
    a save sent online and answered 503 goes to the outbox (the browser tests run it)."""
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static/js/outbox.js").read_text()
    flush = script[script.index("function sendWaiting") :]
    flush = flush[: flush.index("function afterSending")]
    assert re.search(r'if \(status === 503\) throw new Error\("try again"\);', flush)
    retry = flush[flush.index(".catch(") :]
    assert "setTimeout(flush" in retry and "flushing = false" in retry
    assert 'document.addEventListener("htmx:responseError"' in script
    responded = script[script.index('"htmx:responseError"') :][:300]
    assert "xhr.status === 503" in responded and "keepOnPhone(event)" in responded

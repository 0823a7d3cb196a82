"""What every answer says over HTTP, whatever the page: links served only as spelled, the
cookies secure in production, the security headers on every answer (a refused host and a
static file too), and HEAD on a watch link answered as GET."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from games.models import Circle, Game
from tests.web.helpers import assert_security_headers

# -- links spelled only one way ----------------------------------------------------------------


def gunicorn_get(client: Client, sent: str) -> Any:
    """A GET as gunicorn hands it to Django: the path decoded, the path as sent in RAW_URI."""
    return client.get(sent, RAW_URI=sent)


def test_a_circle_link_with_a_percent_encoded_letter_is_not_found(
    client: Client, circle: Circle
) -> None:
    slug = circle.slug
    assert gunicorn_get(client, f"/c/{slug}/").status_code == 200
    encoded = f"/c/%{ord(slug[0]):02X}{slug[1:]}/"
    assert gunicorn_get(client, encoded).status_code == 404
    assert gunicorn_get(client, f"/%63/{slug}/").status_code == 404
    assert gunicorn_get(client, f"/c/{slug}/?x=%41").status_code == 200


def test_game_and_watch_links_are_served_only_as_spelled(client: Client, game: Game) -> None:
    page = f"/c/{game.circle.slug}/g/{game.slug}/"
    watch = f"/w/{game.watch_slug}/"
    assert gunicorn_get(client, page).status_code == 200
    assert gunicorn_get(client, watch).status_code == 200
    last = game.slug[-1]
    assert gunicorn_get(client, f"{page[: -len(last) - 1]}%{ord(last):02x}/").status_code == 404
    assert gunicorn_get(client, watch.replace("/w/", "/%77/")).status_code == 404


# -- cookies -----------------------------------------------------------------------------------


def test_the_language_and_hands_cookies_are_secure_in_production(
    client: Client, game: Game
) -> None:
    response = client.post(reverse("set_language"), {"language": "tr", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME]["secure"] is True
    page = reverse("game", args=[game.circle.slug, game.slug])
    response = client.get(page, {"hands": "sheet"})
    assert response.cookies["hands"]["secure"] is True
    assert response.cookies["hands"]["httponly"] is True


# -- security headers on every answer -----------------------------------------------------------


@pytest.mark.django_db
def test_a_host_not_allowed_is_answered_with_the_security_headers(client: Client) -> None:
    response = client.get("/", HTTP_HOST="elsewhere.example")
    assert response.status_code == 400
    assert_security_headers(response)


def test_a_static_file_has_the_content_security_policy(client: Client) -> None:
    response = client.get("/static/css/scorer.css")
    assert response.status_code == 200
    assert_security_headers(response)


@pytest.mark.django_db
def test_a_page_keeps_its_own_headers(client: Client) -> None:
    response = client.get("/")
    assert_security_headers(response)
    assert response["Content-Security-Policy"].count("default-src") == 1


# -- watching -----------------------------------------------------------------------------------


def test_head_on_a_watch_link_is_answered_as_get(client: Client, game: Game) -> None:
    for name in ("watch", "watch_live"):
        url = reverse(name, args=[game.watch_slug])
        head = client.head(url)
        assert head.status_code == client.get(url).status_code == 200, name
        assert head.content == b""
        assert client.post(url).status_code == 403

"""Error pages are in the site's look, say what happened and lead back (DEBUG off)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.web.error_urls")]


@pytest.fixture(autouse=True)
def production(settings: Any) -> None:
    settings.DEBUG = False


def assert_site_page(response: Any, status: int, heading: str) -> None:
    assert response.status_code == status
    html = response.content.decode()
    assert '<header class="top">' in html and "css/scorer.css" in html
    assert f"<h1>{heading}</h1>" in html
    assert f'href="{reverse("home")}">Back to Scorer</a>' in html


def test_an_unknown_circle_is_a_404_page_with_a_way_back(client: Client) -> None:
    slug = "AbCdEfGhIjKlMnOpQrStUv"
    response = client.get(reverse("circle", args=[slug]))
    assert_site_page(response, 404, "Nothing here")
    # The page does not repeat the link it was asked for.
    assert slug not in response.content.decode()


def test_a_bad_host_is_a_400_page(client: Client) -> None:
    response = client.get(reverse("home"), HTTP_HOST="elsewhere.example")
    assert_site_page(response, 400, "Scorer could not read that")


def test_a_refusal_is_a_403_page(client: Client) -> None:
    assert_site_page(client.get("/forbidden"), 403, "Not allowed")


def test_a_server_error_is_a_500_page(db: Any) -> None:
    # Django renders the 500 page with no request and no context processors.
    client = Client(raise_request_exception=False)
    assert_site_page(client.get("/broken"), 500, "Something went wrong")


def test_a_stale_csrf_token_is_a_403_page_asking_for_a_reload() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("circle_create"))
    assert_site_page(response, 403, "Please reload the page")
    assert "open too long" in response.content.decode()

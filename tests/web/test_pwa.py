"""The installable app and its QR codes, as the server answers them (issue 13); the browser
side is in test_browser_offline.py and test_browser_screens.py."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from games.models import Circle, Game
from games.views.pwa import SHELL


def test_the_manifest_installs_a_standalone_app_that_opens_at_start(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/start"
    assert manifest["scope"] == "/"
    assert manifest["name"] == manifest["short_name"] == "Scorer"
    assert (
        manifest["theme_color"] != manifest["user_preferences"]["color_scheme_dark"]["theme_color"]
    )
    assert {icon.get("purpose", "any") for icon in manifest["icons"]} == {"any", "maskable"}


def test_every_icon_the_site_names_is_a_committed_png_of_its_size() -> None:
    from PIL import Image

    for name, size in [
        ("icon-192.png", 192),
        ("icon-512.png", 512),
        ("icon-maskable-512.png", 512),
        ("apple-touch-icon.png", 180),
    ]:
        path = finders.find(f"img/{name}")
        assert isinstance(path, str), name
        with Image.open(path) as icon:
            assert icon.format == "PNG" and icon.size == (size, size)


def test_every_page_links_the_manifest_and_adds_no_request_of_its_own(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    # The iPhone finds its icon at the root by itself; a link would cost every first load.
    assert "apple-touch-icon" not in page
    icon = client.get("/apple-touch-icon.png")
    assert icon.status_code == 200 and icon["Content-Type"] == "image/png"
    assert b"".join(icon.streaming_content).startswith(b"\x89PNG")
    assert 'data-sw="/sw.js"' in page
    assert page.count('name="theme-color"') == 2  # light and dark


@pytest.mark.django_db
def test_start_opens_the_circle_this_phone_used_last(client: Client) -> None:
    first, last = Circle.objects.create(name="Fridays"), Circle.objects.create(name="Sundays")
    client.get(f"/c/{first.slug}/")
    game = Game.create(last, "euchre", ["Ann", "Ben", "Cleo", "Dov"], {}, 0)
    client.get(f"/c/{last.slug}/g/{game.slug}/")  # playing in a circle counts as using it
    response = client.get("/start")
    assert response.status_code == 302 and response["Location"] == f"/c/{last.slug}/"


@pytest.mark.django_db
def test_start_without_a_circle_opens_the_front_page(client: Client) -> None:
    assert client.get("/start")["Location"] == "/"
    gone = Circle.objects.create()
    client.get(f"/c/{gone.slug}/")
    gone.delete()
    assert client.get("/start")["Location"] == "/"


def test_the_service_worker_comes_from_the_root_and_names_the_current_shell(
    client: Client,
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    text = response.content.decode()
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", text)[1])  # type: ignore[index]
    assert shell == [f"/static/{path}" for path in SHELL]
    assert all(finders.find(path) for path in SHELL)
    assert 'var OFFLINE = "/offline"' in text
    # The test settings read static files unhashed, so the phone's copy comes second.
    assert "var HASHED = false;" in text
    version = re.search(r'"scorer-shell-([0-9a-f]+)"', text)
    assert version is not None and len(version[1]) == 12


def test_the_offline_page_is_in_the_sites_look(client: Client) -> None:
    response = client.get("/offline")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>No connection</h1>" in page and 'class="top"' in page
    assert 'href="/start"' in page


def test_the_policy_lets_the_site_run_its_own_worker_and_manifest_only(client: Client) -> None:
    policy = client.get("/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy
    assert "script-src 'self';" in policy or policy.endswith("script-src 'self'")


# -- QR codes ---------------------------------------------------------------------------------

INLINE_STYLE = re.compile(r"<[^>]+\sstyle=", re.I)


@pytest.mark.django_db
def test_the_circle_page_draws_its_link_as_an_inline_svg_qr_code(client: Client) -> None:
    circle = Circle.objects.create()
    page = client.get(f"/c/{circle.slug}/").content.decode()
    svg = re.search(r"<svg [^>]*class=\"qr-code\"[^>]*>", page)
    assert svg is not None and 'aria-label="QR code of the circle link"' in svg[0]
    assert "viewBox" in svg[0] and not INLINE_STYLE.search(page)


@pytest.mark.django_db
def test_the_share_page_draws_the_watch_link_for_the_circle_only(client: Client) -> None:
    game = Game.create(Circle.objects.create(), "terz", ["Ann", "Ben"], {}, 0)
    page = client.get(f"/c/{game.circle.slug}/g/{game.slug}/share").content.decode()
    assert f'value="http://testserver/w/{game.watch_slug}/"' in page
    assert 'aria-label="QR code of the watch link"' in page and not INLINE_STYLE.search(page)
    # A watcher holds only the watch link: it names no circle, so it opens no share page.
    assert client.get(f"/c/{game.watch_slug}/g/{game.slug}/share").status_code == 404
    assert client.post(f"/c/{game.circle.slug}/g/{game.slug}/share").status_code == 405

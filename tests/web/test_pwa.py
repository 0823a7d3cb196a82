"""The installable app and its QR codes, as the server answers them (issue 13); the browser
side is in test_browser_offline.py and test_browser_screens.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


# -- the page's script: an entry and the modules it loads -------------------------------------

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\./[\w.-]+\.js)["']""")


def imported(name: str) -> list[str]:
    """The modules a script of static/js names, statically or by a dynamic import."""
    return [path[2:] for path in IMPORT.findall((SCRIPTS / name).read_text())]


def module_graph() -> dict[str, list[str]]:
    """Every module the pages load, from the entry (templates/base.html names scorer.js)."""
    graph: dict[str, list[str]] = {}
    todo = ["scorer.js"]
    while todo:
        name = todo.pop()
        if name not in graph:
            graph[name] = imported(name)
            todo.extend(graph[name])
    return graph


# Pages that stand alone (a club night's hall display and its paper, made for a screen in
# the room and for the printer) load one small script each, named by their own template:
# not a module of the page's script, kept by no service worker, importing nothing.
OWN_PAGE_SCRIPTS = {
    "club_hall.js": "games/club_hall.html",
    "club_print.js": "games/club_print_base.html",
}


def test_the_entry_loads_every_module_and_no_module_is_left_over() -> None:
    graph = module_graph()
    assert len(graph) > 5
    assert {path.name for path in SCRIPTS.glob("*.js")} == set(graph) | set(OWN_PAGE_SCRIPTS)
    assert not set(graph) & set(OWN_PAGE_SCRIPTS)
    # The entry loads each feature after the page (a dynamic import), none before it.
    entry = (SCRIPTS / "scorer.js").read_text()
    assert not re.search(r"^\s*import\s[^(]", entry, re.MULTILINE)
    assert set(re.findall(r'import\("\./([\w.-]+\.js)"\)', entry)) == set(graph["scorer.js"])


def test_a_page_s_own_script_is_named_by_its_template_and_imports_nothing() -> None:
    templates = Path(__file__).resolve().parents[2] / "templates"
    for script, template in OWN_PAGE_SCRIPTS.items():
        assert f"{{% static 'js/{script}' %}}" in (templates / template).read_text()
        assert imported(script) == []
        assert not re.search(r"^\s*import\b|\bimport\(", (SCRIPTS / script).read_text(), re.M)


def test_every_module_the_pages_import_is_kept_by_the_service_worker(client: Client) -> None:
    text = client.get("/sw.js").content.decode()
    shell = json.loads(re.search(r"var SHELL = (\[.*?\]);", text)[1])  # type: ignore[index]
    assert {f"/static/js/{name}" for name in module_graph()} <= set(shell)


def test_the_modules_import_one_another_without_a_circle() -> None:
    # A circle would also stop the hashed names from settling (collectstatic fails).
    graph = module_graph()
    seen: set[str] = set()

    def walk(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        if name in seen:
            return
        for other in graph[name]:
            walk(other, (*path, name))
        seen.add(name)

    walk("scorer.js", ())
    assert seen == set(graph)


def test_a_font_file_is_never_in_the_app_shell() -> None:
    # The shell is fetched by every phone; a font only by a page with its letters on it
    # (static/css/scorer.css, unicode-range), and kept then like any static file.
    assert [path for path in SHELL if path.startswith("fonts/")] == []
    assert all(finders.find(f"fonts/{name}") for name in ["OFL.txt", "NotoSansTamil-Regular.woff2"])


def test_collectstatic_names_the_hashed_modules_in_every_import(tmp_path: Path) -> None:
    from django.conf import settings
    from django.contrib.staticfiles.storage import staticfiles_storage
    from django.core.management import call_command
    from django.templatetags.static import static
    from django.test import override_settings

    production = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scorer.static_storage.StaticStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=production):
        call_command("collectstatic", interactive=False, verbosity=0)
        manifest = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
        for name, imports in module_graph().items():
            hashed = manifest[f"js/{name}"]
            assert hashed != f"js/{name}"
            text = (tmp_path / hashed).read_text()
            # Each import names the other module's hashed file, which is there.
            assert sorted(path[2:] for path in IMPORT.findall(text)) == sorted(
                manifest[f"js/{other}"][3:] for other in imports
            )
            assert all((tmp_path / manifest[f"js/{other}"]).is_file() for other in imports)
        # The style sheet names the hashed font files, which are there.
        css = (tmp_path / manifest["css/scorer.css"]).read_text()
        fonts = re.findall(r'url\("\.\./(fonts/[^"]+\.woff2)"\)', css)
        assert len(fonts) == 4
        assert all(name in manifest.values() and (tmp_path / name).is_file() for name in fonts)
        assert not any(name in manifest for name in fonts)  # hashed, not the plain names
        # The page and the service worker name the hashed files too.
        assert static("js/scorer.js") == f"/static/{manifest['js/scorer.js']}"
        assert staticfiles_storage.url("js/sync.js") == f"/static/{manifest['js/sync.js']}"
    # And the test settings' plain names once more, for the tests after this one.
    assert static("js/scorer.js") == "/static/js/scorer.js"

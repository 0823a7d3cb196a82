"""Which language a page speaks: the phone's own choice (the menu's picker, kept in Django's
language cookie) first; on a circle's pages and fragments, and the watch pages of its games,
the circle's default language next; then the browser's Accept-Language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from games.models import Circle, Game, HandInProgress
from tests.conftest import PLAYERS, klob_hand
from tests.web.helpers import HTMX

COOKIE = settings.LANGUAGE_COOKIE_NAME


@pytest.fixture(autouse=True)
def _english_after(db: Any) -> Iterator[None]:
    yield
    translation.deactivate()


@pytest.fixture
def turkish_circle(db: Any) -> Circle:
    return Circle.objects.create(name="Cuma", language="tr")


@pytest.fixture
def game(turkish_circle: Circle) -> Game:
    game = Game.create(turkish_circle, "klaberjass", PLAYERS, {}, first_dealer=3)
    game.record_hand(klob_hand())
    return game


def the_circle_pages(game: Game) -> list[str]:
    """Every kind of page and fragment of a circle, and the watch pages of its games."""
    slug, at = game.circle.slug, [game.circle.slug, game.slug]
    hand = game.live_hands().get(number=1)
    return [
        reverse("circle", args=[slug]),
        reverse("circle_stats", args=[slug]),
        reverse("night", args=[slug, game.circle.tonight().isoformat()]),
        reverse("history_export", args=[slug]),
        reverse("game_new", args=[slug]) + "?variant=terz",
        reverse("declarations", args=[slug]),
        reverse("melds", args=[slug]),
        reverse("game", args=at),
        reverse("game_live", args=at),
        reverse("hand_edit", args=[*at, hand.pk]),
        reverse("game_csv", args=at),
        reverse("watch", args=[game.watch_slug]),
        reverse("watch_live", args=[game.watch_slug]),
    ]


def test_a_circle_speaks_its_language_to_a_phone_that_chose_none(game: Game) -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    for path in the_circle_pages(game):
        for extra in ({}, HTMX):
            response = phone.get(path, **extra)
            assert response.status_code == 200, path
            assert response["Content-Language"] == "tr", path


def test_the_phones_own_choice_comes_before_the_circles(game: Game) -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE="tr")
    phone.cookies[COOKIE] = "ru"
    for path in the_circle_pages(game):
        assert phone.get(path)["Content-Language"] == "ru", path


def test_a_cookie_naming_no_language_of_the_site_is_no_choice(game: Game) -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE="uk")
    phone.cookies[COOKIE] = "xx"
    assert phone.get(reverse("circle", args=[game.circle.slug]))["Content-Language"] == "tr"


def test_without_a_circle_default_the_browser_decides(game: Game) -> None:
    Circle.objects.filter(pk=game.circle_id).update(language="")
    for code in ("uk", "he", "ta", "en"):
        phone = Client(HTTP_ACCEPT_LANGUAGE=f"{code},en;q=0.5")
        for path in the_circle_pages(game):
            assert phone.get(path)["Content-Language"] == code, (code, path)
    assert Client().get(reverse("circle", args=[game.circle.slug]))["Content-Language"] == "en"


def test_pages_outside_a_circle_follow_the_browser_not_a_circle(game: Game) -> None:
    phone = Client(HTTP_ACCEPT_LANGUAGE="he")
    phone.get(reverse("circle", args=[game.circle.slug]))  # remembered by this phone
    for path in ("/", reverse("manifest"), reverse("offline")):
        assert phone.get(path)["Content-Language"] == "he", path


def test_the_poll_speaks_the_language_of_the_page(game: Game) -> None:
    """A poll that finds a change answers in the circle's language, like the page, and so
    does the play region sent to a phone whose hand another phone saved."""
    phone = Client(HTTP_ACCEPT_LANGUAGE="en")
    at = [game.circle.slug, game.slug]
    page = phone.get(reverse("game", args=at))
    assert page["Content-Language"] == "tr"
    progress = HandInProgress.of(game)
    seen = {"v": str(game.version), "d": str(progress.version), "t": progress.token}
    nothing_new = phone.get(reverse("game_live", args=at), seen, **HTMX)
    assert nothing_new.status_code == 204 and nothing_new["Content-Language"] == "tr"
    watch = reverse("watch_live", args=[game.watch_slug])
    watched = phone.get(watch, {"v": seen["v"], "d": seen["d"]}, **HTMX)
    assert watched.status_code == 204 and watched["Content-Language"] == "tr"
    progress.change(progress.token, {"caller": "1"})
    changed = phone.get(reverse("game_live", args=at), seen, **HTMX)
    assert changed.status_code == 200 and changed["Content-Language"] == "tr"
    saved = HandInProgress.of(game)
    game.record_hand(
        {"dealer": 0, "caller": 1, "trump": "S", "card_points": [50, 102], "last_trick": 1},
        token=saved.token,
    )
    late = phone.get(reverse("game_live", args=at), seen, **HTMX)
    assert late.status_code == 200 and late["Content-Language"] == "tr"
    assert "2. tur kaydedildi" in late.content.decode()
    change = phone.post(reverse("hand_progress", args=at), {"nope": "1"})
    assert change.status_code == 400 and change["Content-Language"] == "tr"


class TestTheCirclesLanguageForm:
    def test_it_sets_and_clears_the_default(self, client: Client, game: Game) -> None:
        url = reverse("circle_language", args=[game.circle.slug])
        response = client.post(url, {"language": "he"})
        assert response.status_code == 302
        assert response["Location"] == reverse("circle", args=[game.circle.slug])
        assert Circle.objects.get(pk=game.circle_id).language == "he"
        assert client.get(response["Location"])["Content-Language"] == "he"
        client.post(url, {"language": ""})
        assert Circle.objects.get(pk=game.circle_id).language == ""

    def test_with_htmx_the_whole_page_is_loaded_anew(self, client: Client, game: Game) -> None:
        url = reverse("circle_language", args=[game.circle.slug])
        response = client.post(url, {"language": "uk"}, **HTMX)
        assert response.status_code == 200
        assert response["HX-Redirect"] == reverse("circle", args=[game.circle.slug])
        assert Circle.objects.get(pk=game.circle_id).language == "uk"

    def test_a_language_the_site_does_not_speak_is_refused(
        self, client: Client, game: Game
    ) -> None:
        url = reverse("circle_language", args=[game.circle.slug])
        response = client.post(url, {"language": "xx"})
        assert response.status_code == 400
        assert Circle.objects.get(pk=game.circle_id).language == "tr"
        assert client.get(url).status_code == 405
        assert client.post(reverse("circle_language", args=["nope"])).status_code == 404

    def test_the_model_checks_it_too(self, db: Any) -> None:
        with pytest.raises(ValidationError):
            Circle(name="X", language="xx").full_clean()
        Circle(name="X", language="ta").full_clean()
        Circle(name="X").full_clean()

    def test_the_form_names_every_language_in_its_own_words(self, turkish_circle: Circle) -> None:
        request = RequestFactory().get("/")
        html = render_to_string(
            "games/_circle_language.html", {"circle": turkish_circle}, request=request
        )
        assert f'action="{reverse("circle_language", args=[turkish_circle.slug])}"' in html
        assert '<label for="id_circle_language">' in html
        assert 'id="id_circle_language"' in html and "<button" in html
        for code, name in settings.LANGUAGES:
            assert f'value="{code}"' in html and name in html
        assert '<option value="tr" lang="tr" selected>Türkçe</option>' in html
        assert 'name="csrfmiddlewaretoken"' in html


def test_a_new_circle_is_named_in_the_language_of_the_phone_that_starts_it(db: Any) -> None:
    with translation.override("tr"):
        assert Circle.objects.create().name == translation.gettext("Card night")
    assert Circle.objects.create().name == "Card night"


def test_rendered_rows_and_forms_are_kept_per_language(client: Client, game: Game) -> None:
    """The rows cache (templates/games/game.html) holds each hand's row and the new-hand
    form under keys that name the language they were rendered in."""
    Circle.objects.filter(pk=game.circle_id).update(language="")
    at = [game.circle.slug, game.slug]
    keys = {}
    for code in ("en", "tr", "he"):
        response = Client(HTTP_ACCEPT_LANGUAGE=code).get(reverse("game", args=at))
        assert response["Content-Language"] == code
        keys[code] = (response.context["hands"][0].key, response.context["form"].fields_key)
    assert len({rows for rows, _ in keys.values()}) == 3
    assert len({fields for _, fields in keys.values()}) == 3

"""Every registry names the same games: a game added to the engine but not to the forms (or the
other way round) fails here rather than as a 404 or a 500 on the site; and the shared pages
take each game, and what it declares of itself (which way its seats go, its tools), from
them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.test import Client
from django.urls import reverse

from games.engine import VARIANTS
from games.forms import HAND_FORMS, HELPER_FORMS, SETTINGS_FIELDS
from games.models import Circle


def test_the_hand_forms_cover_exactly_the_registered_games() -> None:
    assert set(HAND_FORMS) == set(VARIANTS)


def test_the_settings_forms_cover_exactly_the_registered_games() -> None:
    assert set(SETTINGS_FIELDS) == set(VARIANTS)


def test_the_declarations_helper_names_only_registered_games() -> None:
    assert set(HELPER_FORMS) <= set(VARIANTS)


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_each_game_is_filed_under_its_own_key(key: str) -> None:
    assert VARIANTS[key].key == key
    assert HAND_FORMS[key].variant == key


@pytest.mark.parametrize("key", sorted(HAND_FORMS))
def test_each_hand_form_has_a_template_that_loads(key: str) -> None:
    # Loading compiles the template, so a missing file or a broken tag fails here.
    assert get_template(HAND_FORMS[key].template)


# --- The shared pages take each game from the registry --------------------------------


KLABERJASS = type(VARIANTS["klaberjass"])


@pytest.mark.django_db
def test_the_new_game_page_says_which_way_the_seats_go(
    client: Client, circle: Circle, monkeypatch: pytest.MonkeyPatch
) -> None:
    new = reverse("game_new", args=[circle.slug]) + "?variant=klaberjass"
    page = client.get(new).content.decode()
    assert "Seats go round to the left." in page and "anticlockwise" not in page
    monkeypatch.setattr(KLABERJASS, "seats_go", "right")
    page = client.get(new).content.decode()
    assert "Seats go round to the right." in page
    assert 'class="table seats-4 anticlockwise"' in page


@pytest.mark.django_db
def test_the_front_page_and_the_circle_list_the_games_and_tools_from_the_registry() -> None:
    """No shared page names a game: the front page lists every registered game, and the
    circle links the declarations helper and each meld calculator the games declare."""
    home = Client().get(reverse("home")).content.decode()
    for variant in VARIANTS.values():
        assert str(HAND_FORMS[variant.key].game_name) in home, variant.key
    circle = Circle.objects.create()
    page = Client().get(reverse("circle", args=[circle.slug])).content.decode()
    helpers = [v for v in VARIANTS.values() if "declarations" in v.tools]
    melds = [v for v in VARIANTS.values() if "melds" in v.tools]
    assert helpers and melds
    label = ", ".join(str(HAND_FORMS[v.key].game_name) for v in helpers)
    assert f"Declarations helper ({label})" in page
    for variant in melds:
        assert f"melds?variant={variant.key}" in page
        assert str(HAND_FORMS[variant.key].meld_words["title"]) in page
    # Each calculator's link says whose it is: no two links of the fold read alike.
    links = re.findall(r'<a href="[^"]*melds\?variant=[^"]*">([^<]*)</a>', page)
    assert len(links) == len(melds) and len(set(links)) == len(links), links


def test_the_readme_names_every_game_scorer_knows() -> None:
    """The README's list of games is written by hand: each registered game is in it (a form
    of a game by its family's name: "304, three-hand" is 304's widow form)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    games = " ".join(readme.split("\nGames: ", 1)[1].split("\n\n", 1)[0].split())
    for variant in VARIANTS.values():
        assert str(variant.name).split(",")[0] in games, variant.key

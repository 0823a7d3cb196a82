"""Every registry names the same games: a game added to the engine but not to the forms (or the
other way round) fails here rather than as a 404 or a 500 on the site."""

from __future__ import annotations

import pytest
from django.template.loader import get_template

from games.engine import VARIANTS
from games.forms import HAND_FORMS, HELPER_FORMS, SETTINGS_FIELDS


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

"""A house rule is declared once, in the engine's settings (games/engine/house_rules.py):
the new-game form of every registered game offers exactly the engine's values, in the
engine's order, starting at the engine's default, and adds only their words."""

from __future__ import annotations

import json

import pytest

from games.engine import VARIANTS
from games.engine.house_rules import house_rules
from games.forms import HAND_FORMS, SETTINGS_FIELDS, NewGameForm


def _same(left: object, right: object) -> bool:
    return type(left) is type(right) and left == right


@pytest.mark.parametrize("key", list(VARIANTS))
def test_each_forms_choices_are_the_engines_values_in_the_engines_order(key: str) -> None:
    variant = VARIANTS[key]
    rules = house_rules(variant.settings_class)
    specs = SETTINGS_FIELDS[key]
    assert sorted(spec.key for spec in specs) == sorted(variant.setting_keys())
    for spec in specs:
        offered = [json.loads(value) for value, _words in spec.choices or ()]
        engine = list(rules[spec.key].options)
        assert len(offered) == len(engine), spec.key
        assert all(_same(a, b) for a, b in zip(offered, engine, strict=True)), spec.key


@pytest.mark.parametrize("key", list(VARIANTS))
def test_each_house_rule_has_its_words_and_no_words_for_a_value_it_lacks(key: str) -> None:
    variant = VARIANTS[key]
    rules = house_rules(variant.settings_class)
    words = HAND_FORMS[key].rule_words
    assert set(words) == set(variant.setting_keys())
    for name, said in words.items():
        options = rules[name].options
        unknown = [v for v in said.values if not any(_same(v, o) for o in options)]
        assert unknown == [], name
        # Only a number may go without words (it is shown as itself).
        unsaid = [o for o in options if o not in said.values]
        assert all(isinstance(o, int) and not isinstance(o, bool) for o in unsaid), name


@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_new_game_form_starts_at_the_engines_defaults(key: str) -> None:
    variant = VARIANTS[key]
    form = NewGameForm(variant=key)
    defaults = variant.settings().full_dict()
    for spec in form.settings_fields:
        assert json.loads(form.initial[f"set_{spec.key}"]) == defaults[spec.key], spec.key


def test_a_value_without_words_is_shown_as_a_number_with_a_real_minus_sign() -> None:
    (slam,) = [spec for spec in SETTINGS_FIELDS["304"] if spec.key == "failed_slam"]
    assert slam.choices is not None
    assert [(value, str(words)) for value, words in slam.choices] == [
        ("-4", "\u22124"),
        ("-1", "\u22121"),
        ('"normal"', "Scored as usual (+1 or \u22121)"),
    ]

"""House rules declared once (games/engine/house_rules.py): a Settings field typed with a
Literal offers the Literal's values in its order, its default the field's, and the reader
reads exactly those, for every registered game."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

import pytest

from games.engine import VARIANTS, ParseError, Variant
from games.engine.house_rules import Rule, house_rules
from games.engine.reading import Reader

variants = pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))


@variants
def test_each_rule_is_a_field_of_its_settings_with_its_default(variant: Variant[Any, Any]) -> None:
    rules = house_rules(variant.settings_class)
    fields = {f.name: f for f in dataclasses.fields(variant.settings_class)}
    assert list(rules) == list(fields)
    for key in variant.setting_keys():
        rule = rules[key]
        assert rule.default == fields[key].default
        assert rule.options == () or any(
            type(o) is type(rule.default) and o == rule.default for o in rule.options
        ), key


@variants
def test_every_choice_the_engine_offers_is_one_it_reads_back(variant: Variant[Any, Any]) -> None:
    rules = house_rules(variant.settings_class)
    for key in variant.setting_keys():
        for option in rules[key].options:
            read = variant.settings({key: option}).full_dict()[key]
            assert type(read) is type(option) and read == option


@variants
def test_a_value_not_offered_is_refused_naming_the_offers(variant: Variant[Any, Any]) -> None:
    rules = house_rules(variant.settings_class)
    for key in variant.setting_keys():
        rule = rules[key]
        if not rule.options:
            continue
        with pytest.raises(ParseError) as caught:
            variant.settings({key: "no such rule"})
        assert caught.value.field == key
        if rule.is_flag:
            assert str(caught.value.message).startswith("must be true or false")
        else:
            assert str(caught.value.message).startswith("must be one of ")


def test_every_games_settings_are_typed_with_literals() -> None:
    """No house rule is a plain str or bool: its values are declared where it is."""
    for variant in VARIANTS.values():
        for key in variant.setting_keys():
            rule = house_rules(variant.settings_class)[key]
            default = rule.default
            if isinstance(default, str | bool):
                assert rule.options, f"{variant.key}: {key} is not a Literal"


def test_a_flag_is_offered_in_the_order_its_literal_writes_and_read_as_a_flag() -> None:
    @dataclass(frozen=True, kw_only=True)
    class Settings:
        on: Literal[True, False] = True
        size: Literal[3, 1, 2] = 1
        target: int = 5

    rules = house_rules(Settings)
    assert rules["on"] == Rule("on", True, (True, False)) and rules["on"].is_flag
    assert rules["size"].options == (3, 1, 2) and not rules["size"].is_flag
    assert rules["target"] == Rule("target", 5)
    reader = Reader({"size": 2}, "setting", ("on", "size", "target"))
    assert reader.rules(Settings) == {"on": True, "size": 2}
    assert Reader({}, "setting", ()).rules(Settings, ("size",)) == {"size": 1}
    with pytest.raises(ParseError) as caught:
        Reader({"size": True}, "setting", ("size",)).rules(Settings)
    assert str(caught.value.message) == "must be one of 3, 1, 2, not true"
    with pytest.raises(ParseError) as caught:
        Reader({"on": 1}, "setting", ("on",)).rules(Settings)
    assert str(caught.value.message) == "must be true or false, not 1"


def test_a_default_the_literal_does_not_offer_is_an_error_in_the_code() -> None:
    @dataclass(frozen=True)
    class Settings:
        tie: Literal["half", "forfeit"] = "none"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="default not offered"):
        house_rules(Settings)

    @dataclass(frozen=True)
    class Numbers:
        bonus: Literal[1, 0] = True  # type: ignore[assignment]

    with pytest.raises(TypeError, match="default not offered"):  # True is not 1
        house_rules(Numbers)

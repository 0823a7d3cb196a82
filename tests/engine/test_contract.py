"""What every registered variant promises (ARCHITECTURE.md, "The engine")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.engine import VARIANTS, InvalidHand, Variant, get_variant
from games.engine.record import GameRecord

RECORDS = Path(__file__).parent.parent / "records"
variants = pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))


def spec_record(variant: Variant[Any, Any]) -> dict[str, Any]:
    return json.loads((RECORDS / f"{variant.key}.json").read_text())


@variants
def test_it_has_metadata(variant: Variant[Any, Any]) -> None:
    assert variant.key and variant.name
    assert get_variant(variant.key) is variant
    assert variant.seats == len(variant.default_players)
    assert len(variant.side_names(variant.default_players)) == variant.side_count


@variants
def test_default_settings_round_trip(variant: Variant[Any, Any]) -> None:
    settings = variant.settings({})
    assert settings.to_dict() == {}
    assert variant.settings(settings.full_dict()) == settings


@variants
def test_the_spec_record_round_trips(variant: Variant[Any, Any]) -> None:
    data = spec_record(variant)
    record = GameRecord.from_dict(data)
    assert record.to_dict() == data
    again = GameRecord.from_dict(record.to_dict())
    assert again.score().totals == record.score().totals


@variants
def test_a_broken_hand_raises_invalid_hand_naming_the_key(variant: Variant[Any, Any]) -> None:
    data = spec_record(variant)
    settings = variant.settings(data["settings"])
    first = dict(data["hands"][0])
    for key, value in variant.broken_example().items():
        first[key] = value
    with pytest.raises(InvalidHand) as caught:
        variant.hand(first, settings)
    assert caught.value.field in variant.broken_example()


@variants
def test_every_hand_scores_one_number_per_side(variant: Variant[Any, Any]) -> None:
    game = GameRecord.from_dict(spec_record(variant)).score()
    for scored in game.hands:
        assert len(scored.score.scores) == variant.side_count
        assert scored.score.notes

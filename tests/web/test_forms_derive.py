"""What a hand form derives rather than writes: the dealer field (declared once, on
HandForm), its seat fields' choices (the players' names), the facts it copies both ways,
the error fields that are the key's own name, and what the game declares of itself (which
way its seats go, the shape of each kind of declaration it enters row by row)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
from django import forms
from django.utils.translation import pgettext_lazy

from games.engine import VARIANTS
from games.forms import HAND_FORMS, HELPER_FORMS
from games.forms.base import HandForm
from games.forms.declarations import DeclarationRows
from games.forms.fields import SeatField, seat_choices

RECORDS = Path(__file__).parent.parent / "records"
FORMS = Path(__file__).parent.parent.parent / "games" / "forms"


def _form(key: str, data: Any = None, **kwargs: Any) -> HandForm:
    variant = VARIANTS[key]
    names = [f"P{seat}" for seat in range(variant.seats)]
    record = json.loads((RECORDS / f"{key}.json").read_text())
    settings = variant.settings(record["settings"])
    return HAND_FORMS[key](data, names=names, settings=settings, **kwargs)


@pytest.mark.parametrize("key", list(HAND_FORMS))
def test_every_hand_form_asks_the_dealer_declared_once_on_the_base_form(key: str) -> None:
    assert HAND_FORMS[key].base_fields["dealer"] is HandForm.base_fields["dealer"]


def test_the_declarations_helper_asks_the_same_dealer() -> None:
    helper = HELPER_FORMS["klaberjass"]
    assert isinstance(helper, type)
    assert helper.base_fields["dealer"] is HandForm.base_fields["dealer"]
    form = helper(names=["Ann", "Ben", "Cleo", "Dov"])
    dealer = form.fields["dealer"]
    assert isinstance(dealer, SeatField)
    assert list(dealer.choices) == [("0", "Ann"), ("1", "Ben"), ("2", "Cleo"), ("3", "Dov")]
    assert getattr(dealer.widget, "teams", None) is True


@pytest.mark.parametrize("key", list(HAND_FORMS))
def test_each_seat_field_offers_the_players_or_their_sides_by_name(key: str) -> None:
    form = _form(key)
    names = form.names
    sides = list(form.engine.side_names(names))
    found = 0
    for name, field in form.fields.items():
        if not isinstance(field, SeatField):
            continue
        found += 1
        offered = [label for value, label in field.choices if value != ""]
        assert offered == (sides if field.sides else names), name
        assert [value for value, _label in field.choices if value != ""] == [
            str(i) for i in range(len(offered))
        ]
    assert found >= 1  # the dealer at least


@pytest.mark.parametrize("key", list(HAND_FORMS))
def test_an_error_field_is_written_only_where_it_is_not_the_keys_own(key: str) -> None:
    identity = {k for k, v in HAND_FORMS[key].error_fields.items() if k == v}
    assert identity == set()


def test_no_type_ignore_is_left_in_the_forms() -> None:
    ignored = [
        f"{path.name}:{n}"
        for path in sorted(FORMS.glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"type:\s*ignore", line)
    ]
    assert ignored == []


def _posted(initial: dict[str, Any]) -> dict[str, str]:
    """What a phone posts for a form filled in with these initial values."""
    data: dict[str, str] = {}
    for name, value in initial.items():
        if value is None or value is False or value == "":
            continue
        data[name] = "on" if value is True else str(value)
    return data


@pytest.mark.parametrize("key", list(HAND_FORMS))
def test_a_stored_hand_read_into_the_form_and_saved_again_is_the_same_hand(key: str) -> None:
    """initial_from() and facts() are each other's reading: every hand of the game's spec
    record, put in its edit form and posted back, gives the engine the same hand."""
    variant = VARIANTS[key]
    record = json.loads((RECORDS / f"{key}.json").read_text())
    settings = variant.settings(record["settings"])
    form = _form(key)
    for number, stored in enumerate(record["hands"], 1):
        hand = variant.hand(stored, settings, form.names)
        initial = HAND_FORMS[key].initial_from(hand.to_dict())
        posted = _form(key, _posted(initial))
        assert posted.is_valid(), (number, posted.errors)
        again = variant.hand(posted.facts(), settings, form.names)
        if key == "coinche" and hand.outcome == "passed" and not hand.bids:
            # A passed deal is four passes in turn: its form types them, and keeps them.
            assert [b.call for b in again.bids] == ["pass"] * 4
            again = dataclasses.replace(again, bids=())
        assert again == hand, number


# --- What a game declares of itself: its seats' direction, its kinds of declaration ---


KLABERJASS = type(VARIANTS["klaberjass"])


def test_the_hand_form_tells_its_seat_pads_the_games_direction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    form_class = HAND_FORMS["klaberjass"]
    names = ["Ann", "Ben", "Cleo", "Dov"]
    settings = VARIANTS["klaberjass"].settings()
    form = form_class(names=names, settings=settings)
    assert "anticlockwise" not in str(form["dealer"])
    monkeypatch.setattr(KLABERJASS, "seats_go", "right")
    form = form_class(names=names, settings=settings)
    assert "anticlockwise" in str(form["dealer"])


class RankRows(DeclarationRows, forms.Form):
    """Rows with a kind of a game's own that holds a rank, as a four of a kind does."""

    KINDS: ClassVar[list[tuple[str, str]]] = [
        ("sequence", pgettext_lazy("declaration", "Run")),
        ("quad", "Quad"),
    ]
    SHAPES: ClassVar[dict[str, str]] = {"sequence": "run", "quad": "rank"}
    BELLA = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.add_declaration_fields(seat_choices(["Ann", "Ben", "Cleo", "Dov"]))


def test_a_kind_of_a_games_own_is_entered_in_its_shape() -> None:
    rows = RankRows({"seq0_seat": "1", "seq0_kind": "quad", "seq0_top": "J", "seq0_length": "4"})
    assert rows.is_valid(), rows.errors
    assert rows.declaration_facts() == [{"seat": 1, "kind": "quad", "rank": "J"}]
    assert rows.shapes() == "sequence:run quad:rank"


def test_the_shared_kinds_keep_their_shapes() -> None:
    assert DeclarationRows.SHAPES == {"sequence": "run", "four": "rank", "marriage": "suit"}

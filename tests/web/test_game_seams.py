"""What a game declares of itself reaches the shared pages: which way its seats go round,
its contracts in words, and the shape of each kind of declaration it enters row by row."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
from django import forms
from django.test import Client
from django.urls import reverse
from django.utils.translation import pgettext_lazy

from games.engine import VARIANTS
from games.forms.declarations import DeclarationRows
from games.forms.fields import seat_choices
from games.forms.widgets import SeatPad
from games.models import Circle

KLABERJASS = type(VARIANTS["klaberjass"])


def pad(goes: str) -> str:
    widget = SeatPad(choices=seat_choices(["Ann", "Ben", "Cleo", "Dov"]))
    widget.goes = goes
    return widget.render("seat", "0", {"id": "id_seat"})


def test_a_seat_pad_is_drawn_anticlockwise_where_the_seats_go_right() -> None:
    assert "anticlockwise" in pad("right")
    assert "anticlockwise" not in pad("left")


def test_the_hand_form_tells_its_seat_pads_the_games_direction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from games.forms import HAND_FORMS

    form_class = HAND_FORMS["klaberjass"]
    names = ["Ann", "Ben", "Cleo", "Dov"]
    settings = VARIANTS["klaberjass"].settings()
    form = form_class(names=names, settings=settings)
    assert "anticlockwise" not in str(form["dealer"])
    monkeypatch.setattr(KLABERJASS, "seats_go", "right")
    form = form_class(names=names, settings=settings)
    assert "anticlockwise" in str(form["dealer"])


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


def test_a_contract_is_a_number_unless_the_game_has_words_for_it() -> None:
    variant = VARIANTS["304"]
    assert variant.describe_contract(160) == "160"
    assert variant.describe_contract("capot") == ""
    assert variant.describe_contract(True) == ""
    assert variant.describe_contract(None) == ""


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


@pytest.mark.django_db
def test_the_front_page_and_the_circle_list_the_games_and_tools_from_the_registry() -> None:
    """No shared page names a game: the front page lists every registered game, and the
    circle links the declarations helper and each meld calculator the games declare."""
    from games.forms import HAND_FORMS

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

"""Every input is rendered through its widget, and every group is named.

Django marks a field with an error on its input (`aria-invalid`) and points the input at the
error's text (`aria-describedby`) when the field is rendered through its widget; the pads of
buttons (games/forms/widgets.py) are widgets too. A radio group, a group and a fieldset each
say what they are about, by a legend or by the visible title their `aria-labelledby` names.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.forms.fields import seat_choices
from games.forms.widgets import SeatPad, name_length
from games.models import Circle, Game
from tests.conftest import PLAYERS

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "games" / "templates").rglob("*.html")]
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "area", "col", "embed"}
CONTROLS = {"input", "select", "textarea"}
NOT_TYPED = {"hidden", "submit", "button", "reset"}

GAMES = {
    "klaberjass": PLAYERS,
    "terz": ["Ann", "Ben"],
    "euchre": PLAYERS,
    "304": PLAYERS,
    "304-widow": ["Ann", "Ben", "Cleo"],
    "hoskin": PLAYERS,
    "hoskin-tekli": ["Ann", "Ben", "Cleo"],
}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.text = ""
        self.children: list[Element] = []


class Page(HTMLParser):
    """A page's elements, each with its text, as a screen reader's name would read them."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[Element] = []
        self.open: list[Element] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        if self.open:
            self.open[-1].children.append(element)
        self.elements.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for element in self.open:
            element.text += data

    def by_id(self, ident: str) -> Element | None:
        return next((e for e in self.elements if e.attrs.get("id") == ident), None)

    def controls(self) -> list[Element]:
        return [
            e
            for e in self.elements
            if e.tag in CONTROLS and e.attrs.get("type", "text") not in NOT_TYPED
        ]


def unnamed_groups(page: Page) -> list[str]:
    """The groups with no name: a fieldset without a legend, a group or radio group whose
    name points at nothing, or at nothing with words."""
    unnamed = []
    for element in page.elements:
        if element.tag == "fieldset":
            legend = next((c for c in element.children if c.tag == "legend"), None)
            if legend is None or not legend.text.strip():
                unnamed.append(f"fieldset {element.attrs}")
        elif element.attrs.get("role") in ("group", "radiogroup"):
            if element.attrs.get("aria-label", "").strip():
                continue
            named = [page.by_id(i) for i in element.attrs.get("aria-labelledby", "").split()]
            if not named or not all(n is not None and n.text.strip() for n in named):
                unnamed.append(f"{element.attrs.get('role')} {element.attrs}")
    return unnamed


def said_wrong(page: Page) -> list[str]:
    """The inputs whose errors are not said: an input of a field with an error list that is
    not marked invalid or not described by it, and a description that points at nothing."""
    wrong = []
    errors = {e.attrs["id"] for e in page.elements if e.attrs.get("id", "").endswith("_error")}
    for control in page.controls():
        described = control.attrs.get("aria-describedby", "").split()
        wrong += [f"{control.attrs} → {i}" for i in described if page.by_id(i) is None]
        own = f"id_{control.attrs.get('name')}_error"
        if own in errors and (control.attrs.get("aria-invalid") != "true" or own not in described):
            wrong.append(f"{control.attrs} has {own}")
    return wrong


def test_no_template_writes_a_field_by_hand() -> None:
    # What remains is never typed into: hidden values, and a link shown to be copied.
    written = []
    for template in TEMPLATES:
        for tag in re.findall(r"<(?:input|select|textarea)\b[^>]*>", template.read_text()):
            if 'type="hidden"' not in tag and "readonly" not in tag:
                written.append(f"{template.name}: {tag}")
    assert written == []


@pytest.mark.parametrize("variant", GAMES)
def test_a_hand_saved_empty_says_each_error_on_its_input(client: Client, variant: str) -> None:
    game = Game.create(Circle.objects.create(), variant, GAMES[variant])
    url = reverse("hand_record", args=[game.circle.slug, game.slug])
    response = client.post(url, {"dealer": "0"})
    assert response.status_code == 400
    page = Page(response.content.decode())
    invalid = [c for c in page.controls() if c.attrs.get("aria-invalid") == "true"]
    assert invalid, "the empty hand has errors"
    assert said_wrong(page) == []
    assert unnamed_groups(page) == []


def test_every_group_of_every_page_is_named(client: Client, db: Any) -> None:
    circle = Circle.objects.create()
    c = circle.slug
    paths = [
        reverse("circle", args=[c]),
        reverse("melds", args=[c]) + "?trump=S&c_KS=1",
        reverse("declarations", args=[c]) + "?variant=klaberjass",
        reverse("declarations", args=[c]) + "?variant=terz",
        reverse("circle_time_zone", args=[c]),
    ]
    for variant, names in GAMES.items():
        game = Game.create(circle, variant, names)
        paths += [
            reverse("game_new", args=[c]) + f"?variant={variant}",
            reverse("game", args=[c, game.slug]),
        ]
    for path in paths:
        page = Page(client.get(path).content.decode())
        assert unnamed_groups(page) == [], path
        assert said_wrong(page) == [], path


def test_a_refused_new_game_says_the_error_on_the_seat(client: Client, circle: Circle) -> None:
    data = {"variant": "terz", "player_0": "Ann", "player_1": "ann", "first_dealer": "0"}
    response = client.post(reverse("game_new", args=[circle.slug]), data)
    assert response.status_code == 400
    page = Page(response.content.decode())
    seat = page.by_id("id_player_1")
    assert seat is not None and seat.attrs.get("aria-invalid") == "true"
    assert said_wrong(page) == [] and unnamed_groups(page) == []


def test_the_pads_are_radio_groups_named_by_their_title(client: Client, circle: Circle) -> None:
    game = Game.create(circle, "klaberjass", PLAYERS)
    page = Page(client.get(reverse("game", args=[circle.slug, game.slug])).content.decode())
    pads = {
        e.attrs["aria-labelledby"]: e for e in page.elements if e.attrs.get("role") == "radiogroup"
    }
    titles = {ident: page.by_id(ident) for ident in pads}
    assert {i: t.text.strip() for i, t in titles.items() if t} == {
        "id_dealer_legend": "Dealer:",
        "id_caller_legend": "Who called trump?",
        "id_trump_legend": "Trump",
        "id_round_legend": "Bidding round (optional)",
        "id_bella_legend": "Bella (K+Q of trumps)",
        "id_last_trick_legend": "Last trick (Shtoch, +10)",
    }
    caller = pads["id_caller_legend"]
    assert caller.attrs["class"] == "seat-pad seats-4"
    buttons = [c.attrs["class"] for c in caller.children]
    assert buttons == [
        "seat-btn seat-0 team-a",
        "seat-btn seat-1 team-b",
        "seat-btn seat-2 team-a",
        "seat-btn seat-3 team-b",
    ]


# --- The seat pad follows the game's direction ----------------------------------------


def pad(goes: str) -> str:
    widget = SeatPad(choices=seat_choices(["Ann", "Ben", "Cleo", "Dov"]))
    widget.goes = goes
    return widget.render("seat", "0", {"id": "id_seat"})


def test_a_seat_pad_is_drawn_anticlockwise_where_the_seats_go_right() -> None:
    assert "anticlockwise" in pad("right")
    assert "anticlockwise" not in pad("left")


@pytest.mark.parametrize(
    ("names", "length"),
    [
        (["Anna", "Max", "Şule", "Ben"], ""),
        (["Anna", "Maximilian", "Şule", "Ben"], "long"),
        (["Anna", "Maximiliana Alexandrova-Rostovskaya", "Şule", "Ben"], "long"),
        (["Anna", "Max", "Gökhan Karaosmanoğlu", "Ben"], "longer"),
    ],
)
def test_a_pad_with_a_long_word_in_a_name_says_so_for_its_layout(
    names: list[str], length: str
) -> None:
    # Two in a row for a word longer than four in a row hold, one for a longer one still
    # (static/css/scorer.css): the name then wraps between its words.
    drawn = SeatPad(choices=list(enumerate(names))).group_class().split()
    assert [c for c in drawn if c.startswith("long")] == ([length] if length else [])
    assert name_length(names) == length

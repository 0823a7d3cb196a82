"""The widgets Scorer draws in Python are byte for byte what Django's templates draw.

`games/forms/renderer.py` writes the commonest widget templates in Python. Here every page the
site reaches (every game of every variant, its forms as shown, and posted back with hostile
values, so that errors, kept values and markup are drawn too) is rendered with a renderer that
draws each widget both ways and notes any difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from django import forms
from django.db import transaction
from django.forms.renderers import DjangoTemplates
from django.test import Client
from django.utils.safestring import mark_safe

from games.forms.renderer import FastRenderer, attrs, shown, shown_as_text
from tests.web.test_hostile_input import HOSTILE, Form, PageReader, baseline, build, make_site
from tests.web.test_hostile_input import routes as url_routes


class Comparing(FastRenderer):
    """Draws every widget in Python and with Django's templates, and notes where they differ."""

    drawn: Counter[str] = Counter()
    differences: list[str] = []

    def __init__(self) -> None:
        super().__init__()
        self.django = DjangoTemplates()

    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        fast = super().render(template_name, context, request)
        slow = self.django.render(template_name, context, request)
        if self._found(template_name):
            Comparing.drawn[template_name] += 1
        if fast != slow:
            Comparing.differences.append(
                f"{template_name}:\n  python: {fast!r}\n  django: {slow!r}"
            )
        return fast


@pytest.fixture
def comparing(settings: Any) -> Iterator[type[Comparing]]:
    Comparing.drawn.clear()
    Comparing.differences.clear()
    settings.FORM_RENDERER = f"{__name__}.Comparing"
    yield Comparing


# A few values that reach a widget's value and attributes in all the ways that matter.
SHOWN_BACK = ["markup", "NUL inside", "right-to-left override"]

# The pages with forms: every game's, and the circle's.
GAME_PAGES = ["game", "hand_edit", "game_rules", "game_players", "watch"]
CIRCLE_PAGES = ["circle", "game_new", "club_new", "roster", "member", "declarations", "melds"]


@pytest.mark.django_db
def test_every_widget_on_every_page_with_a_form_is_drawn_as_django_draws_it(
    comparing: type[Comparing],
) -> None:
    site = make_site()
    member = Client()
    route_of = {name: route for route, name in url_routes()}
    urls = [
        build(route_of[name], site.path_values(game, "member"))
        for name in GAME_PAGES
        for game in site.games
    ]
    urls += [
        build(route_of[name], site.path_values(site.games[0], "member")) for name in CIRCLE_PAGES
    ]
    forms: list[Form] = []
    for url in urls:
        response = member.get(url)
        assert response.status_code == 200, url
        reader = PageReader("http://testserver" + url)
        reader.feed(response.content.decode())
        forms += reader.forms
    for form in forms:
        if form.method != "post":
            continue
        base = baseline(form, [o for o in forms if o is not form])
        fields = [f.name for f in form.fields.values() if f.kind not in ("file", "submit")]
        action = urlsplit(form.actions[0].split(" ")[-1]).path
        for data in (
            base,
            *({**base, **{n: [HOSTILE[label]] for n in fields}} for label in SHOWN_BACK),
        ):
            with transaction.atomic():
                member.post(action, data)
                transaction.set_rollback(True)
    assert not comparing.differences, "\n".join(comparing.differences[:10])
    # The lists, the pads, the radio buttons and the boxes were each drawn, and often.
    assert {
        "games/widgets/pad.html",
        "django/forms/widgets/select.html",
        "django/forms/widgets/text.html",
        "django/forms/widgets/hidden.html",
    } <= set(comparing.drawn)
    assert comparing.drawn.total() > 1000


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("<b>", "&lt;b&gt;"),
        ('a"b', "a&quot;b"),
        (None, "None"),
        (5, "5"),
        ((1, 2), "(1, 2)"),
    ],
)
def test_a_value_is_shown_as_the_template_filter_shows_it(value: Any, expected: str) -> None:
    assert shown_as_text(value) == expected


def test_attributes_leave_out_false_and_write_true_bare() -> None:
    widget = {"attrs": {"required": True, "hidden": False, "data-x": "<1>", "min": 0}}
    assert attrs(widget) == ' required data-x="&lt;1&gt;" min="0"'
    assert shown("<i>") == "&lt;i&gt;"


def test_the_radio_list_and_each_radio_are_drawn_as_django_draws_them() -> None:
    class Choice(forms.Form):
        pick = forms.ChoiceField(
            choices=[("a", "<A>"), ("Group", [("b", "B"), ("c", "C")])],
            widget=forms.RadioSelect(attrs={"class": "x"}),
        )

    for data in (None, {"pick": "b"}, {"pick": "<z>"}):
        fast = Choice(data, renderer=FastRenderer())["pick"].as_widget()
        slow = Choice(data, renderer=DjangoTemplates())["pick"].as_widget()
        assert fast == slow
        for one, other in zip(
            Choice(data, renderer=FastRenderer())["pick"],
            Choice(data, renderer=DjangoTemplates())["pick"],
            strict=True,
        ):
            assert one.tag() == other.tag() and one.tag(wrap_label=True) == other.tag(True)


def test_a_safe_value_is_not_escaped_again() -> None:
    assert shown_as_text(mark_safe("<b>")) == "<b>"
    assert shown(mark_safe("<b>")) == "<b>"

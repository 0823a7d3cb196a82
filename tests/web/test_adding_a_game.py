"""A game is added in files of its own: an engine module, a form module, a template.

A made-up game, "High" (two players; the higher card points score), is written into a
package of its own, found there as a new game would be in games/engine/ and games/forms/,
and played through the site with no other change. Each piece it leaves out is reported by
the system check that runs at start-up (games/checks.py).
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core import checks
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

import games.engine
import games.forms
import games.forms.registry
from games import words
from games.checks import games_errors
from games.engine import VARIANTS
from games.engine.registry import package_modules, registry, variants_in
from games.forms import HAND_FORMS, HELPER_FORMS, SETTINGS_FIELDS
from games.forms.registry import by_variant, hand_forms_in
from games.models import Circle, Game

ENGINE = '''
"""High: two players, whoever took more card points scores them (a made-up game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from games.engine.errors import InvalidHand
from games.engine.reading import Reader
from games.engine.variant import BaseHand, BaseSettings, GameState, HandScore, Variant


@dataclass(frozen=True, kw_only=True)
class Settings(BaseSettings):
    target: int = 100
    ties: Literal["nobody", "both"] = "nobody"

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        r = Reader(data, "High setting", cls.__dataclass_fields__)
        return cls(target=r.positive("target", 100), **r.rules(cls))


@dataclass(frozen=True, kw_only=True)
class Hand(BaseHand):
    dealer: int
    outcome: str = "played"
    card_points: tuple[int, int] = (0, 0)

    @classmethod
    def from_dict(cls, data: Mapping[str, object], settings: Any, players: Sequence[str]) -> Self:
        r = Reader(data, "High hand", cls.__dataclass_fields__)
        outcome = r.choice("outcome", ("played", "thrown_in"), "played")
        dealer = r.seat("dealer", 2)
        if outcome != "played":
            return cls(dealer=dealer, outcome=outcome)
        points = r.numbers("card_points", 2)
        if sum(points) != 40:
            raise InvalidHand("card_points", "the card points add up to 40")
        return cls(dealer=dealer, card_points=(points[0], points[1]))


class High(Variant[Settings, Hand]):
    key = "high"
    name = "High"
    seats = 2
    teams = False
    default_players: ClassVar[tuple[str, ...]] = ("Player 1", "Player 2")
    settings_class = Settings
    hand_class = Hand
    phases = ("cards", "points")

    def outcomes(self, settings: Settings) -> tuple[str, ...]:
        return ("thrown_in",)

    def score_hand(self, hand: Hand, settings: Settings, state: GameState) -> HandScore:
        first, second = hand.card_points
        if hand.outcome != "played":
            return HandScore((0, 0), ("Thrown in.",))
        if first == second:
            scores = (first, second) if settings.ties == "both" else (0, 0)
        else:
            scores = (first, 0) if first > second else (0, second)
        return HandScore(scores, (f"{first} to {second}.",))
'''

FORMS = '''
"""High: the hand form and the house rules (a made-up game)."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from games.forms.base import HandForm
from games.forms.fields import WholeNumberField, seat_choices
from games.forms.house_rules import RuleWords


class HighHandForm(HandForm):
    variant = "high"
    game_name = "High"
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "cards": ("dealer",),
        "points": ("points_0", "points_1"),
    }
    phase_names: ClassVar[dict[str, tuple[str, str]]] = {
        "cards": ("The cards", "Cards"),
        "points": ("The points", "Points"),
    }
    outcome_question = "Nobody played?"
    outcome_labels: ClassVar[dict[str, str]] = {"thrown_in": "Thrown in"}
    error_fields: ClassVar[dict[str, str]] = {"card_points": "points_0"}

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Dealer")
    outcome = forms.ChoiceField(
        required=False, choices=[("played", "played"), ("thrown_in", "thrown in")]
    )
    points_0 = WholeNumberField(min_value=0, required=False, label="Card points")
    points_1 = WholeNumberField(min_value=0, required=False, label="Card points")

    rule_words: ClassVar[dict[str, RuleWords]] = {
        "target": RuleWords("Play to", main=True),
        "ties": RuleWords("A tie", {"nobody": "Nobody scores", "both": "Both score"}),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dealer"].choices = seat_choices(self.names)

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        if d.get("outcome") == "thrown_in":
            return {"dealer": d["dealer"], "outcome": "thrown_in"}
        return {"dealer": d["dealer"], "card_points": [d["points_0"], d["points_1"]]}

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        points = facts.get("card_points", [None, None])
        return {"dealer": facts["dealer"], "points_0": points[0], "points_1": points[1]}

'''

TEMPLATE = """{% include "games/_dealer.html" %}
<section class="phase" id="phase-cards" data-phase="cards"></section>
<section class="phase" id="phase-points" data-phase="points">
  {{ form.points_0 }}{{ form.points_1 }}
</section>
"""


def write_package(root: Path, name: str, modules: dict[str, str]) -> None:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, source in modules.items():
        (package / f"{module}.py").write_text(textwrap.dedent(source))


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """High, written as its own three files and found as the registries find games."""
    write_package(tmp_path, "high_engine", {"high": ENGINE})
    write_package(tmp_path, "high_forms", {"high": FORMS})
    (tmp_path / "templates" / "games" / "hands").mkdir(parents=True)
    (tmp_path / "templates" / "games" / "hands" / "high.html").write_text(TEMPLATE)
    monkeypatch.syspath_prepend(str(tmp_path))
    engine_package = importlib.import_module("high_engine")
    forms_package = importlib.import_module("high_forms")
    found = registry(variants_in(package_modules(engine_package)))
    hand_forms = by_variant(hand_forms_in(package_modules(forms_package)))
    site = settings.TEMPLATES[0]
    templates = [{**site, "DIRS": [*site["DIRS"], tmp_path / "templates"]}]
    with override_settings(TEMPLATES=templates):
        yield {"variants": found, "forms": hand_forms}
    for name in ("high_engine", "high_engine.high", "high_forms", "high_forms.high"):
        sys.modules.pop(name, None)


@pytest.fixture
def registered(new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """High in the site's registries, as if its files were in games/engine/ and games/forms/."""
    for key, variant in new_game["variants"].items():
        monkeypatch.setitem(VARIANTS, key, variant)
    for key, form in new_game["forms"].items():
        monkeypatch.setitem(games.forms.registry._HAND_FORMS, key, form)
    monkeypatch.setattr(words, "_SHOWN", {})
    return new_game


def errors_of(variants: Any, forms: Any) -> list[str]:
    return [f"{error.id}: {error.msg}" for error in games_errors(variants, forms)]


class TestTheSitesGames:
    def test_every_game_has_all_its_pieces(self) -> None:
        assert errors_of(VARIANTS, HAND_FORMS) == []

    def test_the_check_runs_at_start_up(self, db: Any) -> None:
        assert [m for m in checks.run_checks(tags=["games"])] == []
        call_command("check", "--fail-level", "ERROR", verbosity=0)

    def test_the_games_are_found_in_the_engines_modules_in_their_order(self) -> None:
        found = registry(variants_in(package_modules(games.engine)))
        assert list(found) == list(VARIANTS)
        # The first seven in their order; a game added since comes after them.
        assert list(VARIANTS)[:7] == [
            "klaberjass",
            "terz",
            "euchre",
            "304",
            "304-widow",
            "hoskin",
            "hoskin-tekli",
        ]

    def test_the_hand_forms_are_found_in_the_forms_modules(self) -> None:
        found = by_variant(hand_forms_in(package_modules(games.forms)))
        assert found == dict(HAND_FORMS)
        assert set(SETTINGS_FIELDS) == set(VARIANTS)
        assert set(HELPER_FORMS) == {k for k, v in VARIANTS.items() if "declarations" in v.tools}


class TestANewGame:
    def test_its_files_are_found_and_it_has_every_piece(self, new_game: dict[str, Any]) -> None:
        assert list(new_game["variants"]) == ["high"] and list(new_game["forms"]) == ["high"]
        assert new_game["forms"]["high"].template == "games/hands/high.html"
        assert errors_of(new_game["variants"], new_game["forms"]) == []

    def test_it_comes_after_the_games_there_are(self, new_game: dict[str, Any]) -> None:
        high = type(new_game["variants"]["high"])
        together = registry([*(type(v) for v in VARIANTS.values()), high])
        assert list(together) == [*VARIANTS, "high"]

    def test_it_is_played_through_the_site(self, registered: dict[str, Any], db: Any) -> None:
        assert checks.run_checks(tags=["games"]) == []
        circle = Circle.objects.create(name="Friday")
        client = Client()
        new = reverse("game_new", args=[circle.slug])
        assert b"High" in client.get(new).content  # offered among the games
        page = client.get(new + "?variant=high")
        assert page.status_code == 200 and b"Nobody scores" in page.content
        posted = {
            "variant": "high",
            "player_0": "Ann",
            "player_1": "Ben",
            "first_dealer": "0",
            "set_target": "30",
            "set_ties": '"both"',
        }
        assert client.post(new, posted).status_code == 302
        game = Game.objects.get()
        assert game.variant == "high" and game.settings == {"target": 30, "ties": "both"}
        page = client.get(reverse("game", args=[circle.slug, game.slug]))
        assert page.status_code == 200
        assert b'data-goto="points"' in page.content and b"Thrown in" in page.content
        record = reverse("hand_record", args=[circle.slug, game.slug])
        preview = client.post(
            reverse("hand_preview", args=[circle.slug, game.slug]),
            {"dealer": "0", "points_0": "25", "points_1": "15"},
        )
        assert b"25 to 15." in preview.content
        client.post(record, {"dealer": "0", "points_0": "25", "points_1": "15", "token": ""})
        client.post(record, {"dealer": "1", "outcome": "thrown_in", "token": ""})
        client.post(record, {"dealer": "0", "points_0": "20", "points_1": "20", "token": ""})
        game.refresh_from_db()
        assert game.hand_count == 3 and game.totals == [45, 20] and game.is_finished
        hand = game.live_hands().first()
        assert hand is not None
        edit = reverse("hand_edit", args=[circle.slug, game.slug, hand.pk])
        assert client.get(edit).status_code == 200
        exported = client.get(reverse("game_export", args=[circle.slug, game.slug]))
        assert exported.json()["variant"] == "high"


class TestAMissingPieceIsReported:
    def test_a_game_without_a_hand_form(
        self, registered: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.delitem(games.forms.registry._HAND_FORMS, "high")
        found = [m.id for m in checks.run_checks(tags=["games"])]
        assert found == ["games.E001"]

    def test_a_hand_form_for_no_game(self, new_game: dict[str, Any]) -> None:
        found = errors_of({}, new_game["forms"])
        assert found == [
            "games.E002: The hand form HighHandForm is for 'high', a game the engine does not know."
        ]

    def test_a_game_without_its_template(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(new_game["forms"]["high"], "template", "games/hands/nowhere.html")
        found = errors_of(new_game["variants"], new_game["forms"])
        assert [e[:10] for e in found] == ["games.E003"]

    def test_a_name_translators_do_not_have(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(new_game["forms"]["high"], "game_name", "")
        assert [e[:10] for e in errors_of(new_game["variants"], new_game["forms"])] == [
            "games.E004"
        ]

    @pytest.mark.parametrize(
        ("named", "asked"),
        [
            (("target",), ["target", "ties"]),
            (("ties", "target"), ["ties", "target"]),
            (("target", "ties", "colour"), ["target", "ties"]),
        ],
        ids=["missing", "in another order", "unknown"],
    )
    def test_the_new_game_form_asks_the_engines_house_rules_whatever_its_words_name(
        self,
        registered: dict[str, Any],
        monkeypatch: pytest.MonkeyPatch,
        named: tuple[str, ...],
        asked: list[str],
    ) -> None:
        from games.forms.house_rules import RuleWords

        form = registered["forms"]["high"]
        monkeypatch.setattr(form, "rule_words", {key: RuleWords(key.title()) for key in named})
        # Each of the engine's rules once: in the words' order, one without words last.
        assert [spec.key for spec in form.settings_fields()] == asked
        assert errors_of(registered["variants"], registered["forms"]) == []

    def test_a_house_rule_offers_the_engines_values_whatever_its_words_name(
        self, registered: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from games.forms.house_rules import RuleWords

        form = registered["forms"]["high"]
        words = {"target": RuleWords("Play to"), "ties": RuleWords("A tie", {"split": "S"})}
        monkeypatch.setattr(form, "rule_words", words)
        (ties,) = [spec for spec in form.settings_fields() if spec.key == "ties"]
        # The engine's values in its order, a value without words called by itself.
        assert ties.choices == [('"nobody"', "nobody"), ('"both"', "both")]
        assert errors_of(registered["variants"], registered["forms"]) == []

    def test_phases_without_fields(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(new_game["forms"]["high"], "phase_fields", {"cards": ("dealer",)})
        found = errors_of(new_game["variants"], new_game["forms"])
        assert [e[:10] for e in found] == ["games.E005"]

    def test_an_outcome_without_its_button(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(new_game["forms"]["high"], "outcome_labels", {})
        found = errors_of(new_game["variants"], new_game["forms"])
        assert [e[:10] for e in found] == ["games.E008"]

    def test_declarations_of_a_kind_the_game_does_not_have(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        form = new_game["forms"]["high"]
        monkeypatch.setattr(form, "KINDS", [("sequence", "Run")], raising=False)
        found = errors_of(new_game["variants"], new_game["forms"])
        assert [e[:10] for e in found] == ["games.E010"]

    def test_a_tool_without_what_its_page_needs(
        self, new_game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        high = type(new_game["variants"]["high"])
        monkeypatch.setattr(high, "tools", frozenset({"declarations", "melds", "dice"}))
        found = errors_of(new_game["variants"], new_game["forms"])
        assert [e[:10] for e in found] == ["games.E009"] * 4

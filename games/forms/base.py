"""What every hand form shares: seats and suits as choices, engine facts out, errors in."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from django import forms
from django.utils import translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine import VARIANTS, HandError, ScorerError
from games.engine.cards import Rank, Suit
from games.engine.house_rules import house_rules
from games.engine.texts import Text
from games.forms.fields import (
    GENERIC_LABEL,
    SeatField,
    WholeNumberField,
    offer_seats,
)
from games.forms.house_rules import RuleWords, SettingSpec
from games.forms.widgets import SeatPad
from games.words import shown_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SUITS = [(s.value, s.symbol) for s in Suit]


def _rank_label(rank: str, kind: str) -> str:
    """A card's rank in the reader's language: its short label ("K") or its name ("King")."""
    return shown_text(Text(f"card.{kind}.{rank}"))


rank_label = lazy(_rank_label, str)
"""A rank's label or name, read when a page shows it (choices are built once, at import)."""

# Ranks as a pad of buttons shows them (short: "K"), and as a list names them ("King").
RANKS = [(r.value, rank_label(r.value, "rank")) for r in Rank]
RANK_NAMES = [(r.value, rank_label(r.value, "name")) for r in Rank]


def error_text(error: ScorerError, field: bool = True) -> str:
    """An engine error in the reader's language: "hand 3: card_points: …" for a hand of a
    record, the field it is about and the problem otherwise (`field` false: the problem)."""
    problem = shown_text(error.message)
    if isinstance(error, HandError):
        return _("hand %(number)s: %(field)s: %(problem)s") % {
            "number": error.number,
            "field": error.field,
            "problem": problem,
        }
    if not field:
        return problem
    return _("%(field)s: %(problem)s") % {"field": error.field, "problem": problem}


@dataclass(frozen=True)
class Phase:
    """One step of entering a hand, in the order the table learns the facts."""

    key: str
    title: StrOrPromise
    fields: tuple[str, ...]
    tab: StrOrPromise = ""

    @property
    def short(self) -> str:
        """The step's name on its tab: "Before" for "Before play"."""
        return str(self.tab or self.title)


BEFORE, DURING, AFTER = "before", "during", "after"
PHASE_TITLES = {
    BEFORE: gettext_lazy("Before play"),
    DURING: gettext_lazy("During play"),
    AFTER: gettext_lazy("After play"),
}
PHASE_TABS = {
    BEFORE: pgettext_lazy("hand step", "Before"),
    DURING: pgettext_lazy("hand step", "During"),
    AFTER: pgettext_lazy("hand step", "After"),
}


# Each step's title and its tab's name, by the engine's key for it (Variant.phases). A game
# whose steps are others names them in its own form module (HandForm.phase_names).
PHASE_NAMES: dict[str, tuple[StrOrPromise, StrOrPromise]] = {
    key: (PHASE_TITLES[key], PHASE_TABS[key]) for key in (BEFORE, DURING, AFTER)
}


class _Lenient(dict[str, Any]):
    """cleaned_data that answers None for what is not entered (or not valid) yet."""

    def __missing__(self, key: str) -> None:
        return None


class HelperFormClass(Protocol):
    """A declarations helper's form class: made, like a hand form, with the players' names."""

    def __call__(
        self, data: Any = None, *, names: list[str], initial: Mapping[str, Any] | None = None
    ) -> forms.Form: ...


class HandForm(forms.Form):
    """A variant's hand form: fields in, engine facts out, engine errors beside the field.

    A subclass naming its `variant` is that game's one registration in the web layer
    (games/forms/__init__.py finds it). It lists its fields (the dealer is this class's),
    names the facts it copies (`copied`, `spread`; `facts()` and `initial_from()` follow,
    and a form that translates more writes its own), names in `error_fields` the form field
    that shows an engine error about a hand key not of its own name, and says what the
    game's pages need: its name for translators, the words of its house rules, its
    declarations helper, the words on its unplayed outcomes, and which fields each of the
    engine's phases holds. `games/checks.py` holds it to its engine.
    """

    variant: ClassVar[str]
    template: ClassVar[str]
    """The template of its fields: games/hands/<variant>.html unless it inherits one."""
    game_name: ClassVar[StrOrPromise] = ""
    """The game's name as the catalogue has it (pgettext_lazy("game", …)), English equal to
    the engine's `name`."""
    helper_form: ClassVar[HelperFormClass | None] = None
    """The declarations helper's form, for a game with the "declarations" tool."""
    error_fields: ClassVar[dict[str, str]] = {}
    """The form field that shows an engine error about a hand key, where it is not the
    field of the key's own name."""
    copied: ClassVar[tuple[str, ...]] = ("dealer",)
    """The hand's facts that are form fields of the same name: `facts()` copies what was
    entered (leaving out what was not: None, "", an unticked box), `initial_from()` copies
    them back."""
    spread: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """A list fact entered in a box per side (`"card_points": ("points_0", "points_1")`):
    the list when any box is filled in."""
    phase_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The fields of each of the engine's phases (Variant.phases), by the phase's key."""
    phase_names: ClassVar[Mapping[str, tuple[StrOrPromise, StrOrPromise]]] = PHASE_NAMES
    """Each phase's title and its tab's name, by key."""
    meld_words: ClassVar[Mapping[str, StrOrPromise]] = {}
    """The meld calculator's words, for a game with the "melds" tool: its page's "title",
    "heading" and "hint", the "trump" legend, and "no_trump", the problem before a trump."""
    outcome_question: ClassVar[StrOrPromise] = ""
    """What the buttons for a deal not played answer ("Nobody made trump?")."""
    outcome_labels: ClassVar[Mapping[str, StrOrPromise]] = {}
    """The button for each of the engine's unplayed outcomes (Variant.outcomes), by value."""
    rule_words: ClassVar[Mapping[str, RuleWords]] = {}
    """The words of each of the engine's house rules, by settings key, in the order the
    new-game form asks them (settings_fields)."""

    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    version = WholeNumberField(widget=forms.HiddenInput, required=False)
    # Every game's first fact; the declarations helper takes it from here too.
    dealer = SeatField(widget=SeatPad, label=gettext_lazy("Dealer"))

    # Fields that are about the save, not about the hand: never part of the hand in progress.
    CONTROL_FIELDS = frozenset({"key", "version", "outcome"})

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "variant" in vars(cls) and not hasattr(cls, "template"):
            cls.template = f"games/hands/{cls.variant}.html"

    def __init__(self, *args: Any, names: list[str], settings: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.settings = settings
        self.declaration_errors: list[str] = []
        self.engine = VARIANTS[self.variant]
        self.teams = self.engine.teams
        sides = self.engine.side_names(names)
        offer_seats(self.fields, names, sides, self.teams, self.engine.seats_go)
        if not self.is_bound and not self.initial.get("key"):
            self.initial["key"] = uuid.uuid4().hex

    @classmethod
    def settings_fields(cls) -> tuple[SettingSpec, ...]:
        """The house rules a new game of this kind asks for: each of the engine's settings
        keys (Variant.setting_keys) once, with its values from the engine, in the order of
        `rule_words` (a key it does not name comes last, called by its key)."""
        engine = VARIANTS[cls.variant]
        rules = house_rules(engine.settings_class)
        keys = engine.setting_keys()
        shown = [key for key in cls.rule_words if key in keys]
        shown += [key for key in keys if key not in cls.rule_words]
        return tuple(SettingSpec(rules[key], cls.rule_words.get(key)) for key in shown)

    @classmethod
    def phases_of(cls) -> tuple[Phase, ...]:
        """The hand's steps, in the engine's order, with their fields; none means one
        short screen."""
        names = cls.phase_names
        return tuple(
            Phase(key, names[key][0], cls.phase_fields.get(key, ()), names[key][1])
            for key in VARIANTS[cls.variant].phases
        )

    @property
    def phases(self) -> tuple[Phase, ...]:
        return self.phases_of()

    def outcome_buttons(self) -> list[tuple[str, StrOrPromise]]:
        """The outcomes of a deal not played that this game's settings allow, each with its
        button's words."""
        return [
            (value, self.outcome_labels[value]) for value in self.engine.outcomes(self.settings)
        ]

    @property
    def fields_key(self) -> str:
        """What the rendered fields of this form are cached under (the "rows" cache, read by
        templates/games/game.html), or "" when they must be rendered afresh: a bound form
        shows what was typed and its errors. An unbound form shows its kind of hand, the
        names, the settings and its initial values, and nothing else; its `key` and `version`
        are rendered outside the cached part, since the key is new for every form. The
        language it is shown in is part of what it shows."""
        if self.is_bound:
            return ""
        initial = sorted((k, v) for k, v in self.initial.items() if k not in {"key", "version"})
        language = translation.get_language()
        shown = (type(self).__qualname__, language, self.names, repr(self.settings), initial)
        return hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()

    def full_clean(self) -> None:
        for field in self.fields.values():
            field.error_messages["required"] = _("still to fill in")
        super().full_clean()

    def facts(self) -> dict[str, Any]:
        """The engine's facts of the hand as entered: a deal not played is its dealer and its
        outcome (and `unplayed_facts()`); else the `copied` fields, the `spread` lists and
        the declarations. A form whose facts need more translating writes its own."""
        d = self.cleaned_data
        outcome = d.get("outcome")
        if outcome and outcome != "played":
            return {"dealer": d["dealer"], "outcome": outcome, **self.unplayed_facts()}
        facts = {name: d.get(name) for name in self.copied if _given(d.get(name))}
        for key, names in self.spread.items():
            values = [d.get(name) for name in names]
            if any(value is not None for value in values):
                facts[key] = values
        declarations = self.declaration_facts()
        if declarations:
            facts["declarations"] = declarations
        return facts

    def unplayed_facts(self) -> dict[str, Any]:
        """What a deal not played records beyond its dealer and its outcome: nothing."""
        return {}

    def declaration_facts(self) -> list[dict[str, Any]]:
        """The declarations entered (DeclarationRows): none without rows."""
        return []

    @classmethod
    def declaration_initial(cls, declarations: list[dict[str, Any]]) -> dict[str, Any]:
        return {}

    @property
    def error_phase(self) -> str:
        """The step that shows the first error, so the page opens there."""
        for phase in self.phases:
            if phase.key == DURING and self.declaration_errors:
                return phase.key
            if any(name in self.errors for name in phase.fields):
                return phase.key
        return self.phases[-1].key if self.phases else ""

    def derived(self, fields: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
        """Fields that follow from a change to the hand in progress: typing the auction
        fills in the bidder and the contract. None by default."""
        return {}

    def table_fields(self) -> Iterator[str]:
        """The names of the fields a phone enters at the table (the hand in progress)."""
        return (name for name in self.fields if name not in self.CONTROL_FIELDS)

    def partial_facts(self) -> dict[str, Any]:
        """The facts entered so far, for judging a hand in progress: what is missing or not
        valid yet is left out, and half-entered declarations too."""
        self.is_valid()
        cleaned = self.cleaned_data
        self.cleaned_data = _Lenient(cleaned)
        try:
            facts = self.facts()
        except (TypeError, ValueError, KeyError, AttributeError):
            facts = {}
        finally:
            self.cleaned_data = cleaned
        entered = {key: _entered(value) for key, value in facts.items()}
        return {key: value for key, value in entered.items() if value not in (None, [])}

    def untouched(self) -> list[str]:
        """Labels of the required fields nobody has filled in yet (not errors: still to come)."""
        labels: list[str] = []
        for name, field in self.fields.items():
            if field.required and name in self.errors and self.data.get(name) in (None, ""):
                # "Ann & Cleo's card points" and "Ben & Dov's card points" are "Card points".
                label = str(getattr(field, GENERIC_LABEL, None) or self[name].label)
                if label not in labels:
                    labels.append(label)
        return labels

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """The form's fields as a stored hand fills them in, for editing it: `facts()` read
        back (a fact left at its default is not stored, and its field starts empty)."""
        initial = {name: facts[name] for name in cls.copied if name in facts}
        if "outcome" in cls.base_fields:
            initial["outcome"] = facts.get("outcome", "played")
        for key, names in cls.spread.items():
            if key in facts:
                initial.update(zip(names, facts[key], strict=True))
        initial.update(cls.declaration_initial(facts.get("declarations", [])))
        return initial

    def typed_from(self, facts: Mapping[str, Any]) -> dict[str, str]:
        """The hand in progress's fields as the phones would have entered a stored hand:
        `initial_from` as the form posts it (a ticked box "on", a number as text), without
        what is about the save (the key, an outcome's button) or left empty."""
        table = set(self.table_fields())
        typed: dict[str, str] = {}
        for name, value in self.initial_from(dict(facts)).items():
            if name not in table or value is None or value is False or value == "":
                continue
            typed[name] = "on" if value is True else str(value)
        return typed

    def engine_error(self, error: ScorerError) -> None:
        """Show an engine error beside the field it is about (or above the form)."""
        field = self.error_fields.get(error.field, error.field)
        message = shown_text(error.message)
        if field == "declarations":
            self.declaration_errors.append(message)
        else:
            self.add_error(field if field in self.fields else None, message)


def _entered(value: Any) -> Any:
    """What a partial fact holds: None for nothing (None, a list of Nones); a list of
    declarations keeps only the complete ones."""
    if isinstance(value, list):
        if all(isinstance(v, dict) for v in value):
            value = [v for v in value if all(x is not None for x in v.values())]
        if all(v is None for v in value):
            return None
    return value


def _given(value: Any) -> bool:
    """Whether a field holds a fact: not None, not "", not an unticked box (0 is a fact)."""
    return value is not None and value != "" and value is not False


def _int(value: Any) -> int | None:
    return None if value in (None, "") else int(value)

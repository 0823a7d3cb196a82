"""Every game the engine knows has all its web pieces, or the site does not start.

A game is added in its own files (ARCHITECTURE.md, "Adding a game"); nothing lists it. So
what would otherwise fail on a page (a hand form or template missing, a tool without its
form) is a system check error, run by `manage.py check`, `runserver` and `migrate`, and by
the tests. A game's house rules need no check: the new-game form takes them, their values
and their defaults from the engine's settings (games/engine/house_rules.py), and adds only
their words (the checks E006 and E007, which held them in step, are gone).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from django.core import checks
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.utils import translation

from games.engine import VARIANTS
from games.engine.declarations import DeclaringVariant
from games.engine.errors import ScorerError
from games.engine.house_rules import house_rules
from games.engine.variant import Variant
from games.forms import HAND_FORMS

TOOLS = frozenset({"declarations", "melds"})
MELD_WORDS = frozenset({"title", "heading", "hint", "trump", "no_trump"})


def check_games(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """The system check: the engine's registry against the forms' (games/apps.py)."""
    return games_errors(VARIANTS, HAND_FORMS)


def games_errors(
    variants: Mapping[str, Variant[Any, Any]], hand_forms: Mapping[str, Any]
) -> list[checks.CheckMessage]:
    """What is missing or wrong in the web layer's pieces of each game."""
    errors: list[checks.CheckMessage] = []
    for key, variant in variants.items():
        form = hand_forms.get(key)
        if form is None:
            errors.append(
                checks.Error(
                    f"The game {key!r} has no hand form.",
                    hint=f"Add a HandForm subclass with variant = {key!r} in games/forms/.",
                    obj=type(variant),
                    id="games.E001",
                )
            )
            continue
        errors += [
            checks.Error(message, hint=hint, obj=form, id=id)
            for id, message, hint in _form_problems(variant, form)
        ]
    for key, form in hand_forms.items():
        if key not in variants:
            errors.append(
                checks.Error(
                    f"The hand form {form.__qualname__} is for {key!r}, a game the engine "
                    "does not know.",
                    hint="Name the key of a Variant in games/engine/.",
                    obj=form,
                    id="games.E002",
                )
            )
    return errors


def _form_problems(variant: Variant[Any, Any], form: Any) -> Iterator[tuple[str, str, str]]:
    """(id, message, hint) for each way the hand form does not fit its game."""
    key = variant.key
    try:
        get_template(form.template)
    except TemplateDoesNotExist:
        yield (
            "games.E003",
            f"The game {key!r} has no template {form.template!r} for its hand form.",
            f"Add templates/{form.template}.",
        )
    except TemplateSyntaxError as error:
        yield "games.E003", f"The template {form.template!r} does not load: {error}", ""
    with translation.override(None):
        name = str(form.game_name)
    if name != variant.name:
        yield (
            "games.E004",
            f"The game {key!r} is called {variant.name!r}, and its hand form's game_name {name!r}.",
            f'Set game_name = pgettext_lazy("game", {variant.name!r}) on {form.__qualname__}.',
        )
    phases, declared = set(variant.phases), set(form.phase_fields)
    if phases != declared:
        yield (
            "games.E005",
            f"The game {key!r} has the phases {sorted(phases)}, and its hand form gives "
            f"fields for {sorted(declared)}.",
            "Give phase_fields one entry for each of the variant's phases.",
        )
    unnamed = phases - set(form.phase_names)
    if unnamed:
        yield (
            "games.E005",
            f"The hand form of {key!r} names no title for the phases {sorted(unnamed)}.",
            "Give phase_names a title and a tab for each phase.",
        )
    yield from _outcome_problems(variant, form)
    yield from _tool_problems(variant, form)
    for entering in (form, form.helper_form):
        rows = getattr(entering, "KINDS", None)  # declarations entered row by row
        unknown = sorted({kind for kind, _label in rows or ()} - set(variant.declaration_kinds))
        if unknown:
            yield (
                "games.E010",
                f"The form {entering.__qualname__} enters declarations of the kinds {unknown}, "
                f"which the game {key!r} does not have.",
                "Offer only the variant's declaration_kinds.",
            )


def _every_setting(variant: Variant[Any, Any]) -> Iterator[Any]:
    """The default settings, then each house rule's every choice on its own (the engine's
    own rules: games/engine/house_rules.py)."""
    yield variant.settings()
    rules = house_rules(variant.settings_class)
    for key in variant.setting_keys():
        for value in rules[key].options:
            try:
                yield variant.settings({key: value})
            except ScorerError:
                continue  # a choice allowed only with others (a step and its range)


def _outcome_problems(variant: Variant[Any, Any], form: Any) -> Iterator[tuple[str, str, str]]:
    """Each unplayed outcome the engine allows has a button's words, and a question above."""
    outcomes: set[str] = set()
    for settings in _every_setting(variant):
        outcomes |= set(variant.outcomes(settings))
    unlabelled = sorted(outcomes - set(form.outcome_labels))
    if unlabelled:
        yield (
            "games.E008",
            f"The game {variant.key!r} may record the outcomes {unlabelled}, and its hand form "
            "has no button for them.",
            "Give outcome_labels the words of each outcome's button.",
        )
    if outcomes and not str(form.outcome_question):
        yield (
            "games.E008",
            f"The hand form of {variant.key!r} asks no outcome_question above its buttons.",
            "",
        )


def _tool_problems(variant: Variant[Any, Any], form: Any) -> Iterator[tuple[str, str, str]]:
    """Each tool the game offers has what its page needs."""
    key = variant.key
    unknown = sorted(variant.tools - TOOLS)
    if unknown:
        yield "games.E009", f"The game {key!r} offers unknown tools {unknown}.", f"Tools: {TOOLS}."
    helps = "declarations" in variant.tools
    if helps and (form.helper_form is None or not isinstance(variant, DeclaringVariant)):
        yield (
            "games.E009",
            f"The game {key!r} offers the declarations helper, and has no helper form or no "
            "declarations contest.",
            "Set helper_form on its hand form; make the variant a DeclaringVariant.",
        )
    if not helps and form.helper_form is not None:
        yield (
            "games.E009",
            f"The hand form of {key!r} has a declarations helper its game does not offer.",
            'Add "declarations" to the variant\'s tools.',
        )
    words = set(form.meld_words)
    if "melds" in variant.tools and not words >= MELD_WORDS:
        yield (
            "games.E009",
            f"The game {key!r} offers the meld calculator, and its hand form lacks the "
            f"calculator's words {sorted(MELD_WORDS - words)}.",
            "Give meld_words each of them.",
        )
    if "melds" in variant.tools and type(variant).count_meld is Variant.count_meld:
        yield (
            "games.E009",
            f"The game {key!r} offers the meld calculator, and does not count melds.",
            "Override Variant.count_meld.",
        )

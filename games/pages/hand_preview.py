"""What the hand being entered will score and why, from the engine call that will save it;
before every fact is in, what is still to come, what is wrong, and what the table already
knows (the interim judgement: declarations judged, the target moved by marriages, melds
counted)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.engine import ScorerError
from games.engine.game import HandError
from games.forms import HandForm
from games.forms.fields import GENERIC_LABEL
from games.models import Game
from games.words import shown_text


def hand_preview(found: Game, form: HandForm, number: int) -> dict[str, Any]:
    """What the form's hand would score as hand `number`, and why; or what is still to come,
    what is wrong, and what the table already knows (the interim judgement)."""
    names = found.player_names()
    context: dict[str, Any] = {"problems": [], "rows": None, "notes": []}
    if form.is_valid():
        try:
            scored = found.scored_with(form.facts(), number)
        except HandError as error:
            name = form.error_fields.get(error.field, error.field)
            if name in form.fields and _not_given(form.facts().get(error.field)):
                # Nobody has entered it yet: still to come, not a mistake. A fact is given
                # when the form made it from other fields too (the widow's points from its
                # two cards), though its own box is empty.
                context["todo"] = [_label(form, name)]
            else:
                context["problems"] = [_named(form, error)]
        else:
            last = scored.hands[0]
            context["rows"] = list(zip(scored.sides, last.score.scores, last.totals, strict=True))
            context["notes"] = last.score.notes
            context["finishes"] = shown_text(
                found.engine.win_sentence(scored.sides, scored.winners)
            )
    else:
        # Only what someone typed can be wrong; the rest is still to come, and not red.
        context["problems"] = [
            _("%(field)s: %(problem)s") % {"field": form[name].label, "problem": error}
            if name != "__all__"
            else error
            for name, errors in form.errors.items()
            for error in errors
            if name == "__all__" or form.data.get(name) not in (None, "")
        ]
        context["todo"] = form.untouched()
    try:
        context["interim"] = found.engine.interim(
            form.partial_facts(), found.engine_settings(), names
        )
    except ScorerError as error:
        problem = _named(form, error)
        # The saved hand's reading refused the same fact: say it once.
        if problem not in context["problems"]:
            context["interim_problem"] = problem
    return context


def _not_given(fact: Any) -> bool:
    """Whether a fact of the form's hand is still to come: nothing, or a list of nothing."""
    return fact in (None, "") or (isinstance(fact, list) and all(v is None for v in fact))


def _label(form: HandForm, name: str) -> str:
    """A field as the preview names it: what it is ("Card points"), not whose."""
    return str(getattr(form.fields[name], GENERIC_LABEL, None) or form[name].label)


def _named(form: HandForm, error: ScorerError) -> str:
    """The engine's refusal, naming the field it is about when the form has it."""
    name = form.error_fields.get(error.field, error.field)
    message = shown_text(error.message)
    if name not in form.fields:
        return message
    return _("%(field)s: %(problem)s") % {"field": _label(form, name), "problem": message}

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
            if name in form.fields and form.data.get(name) in (None, ""):
                # Nobody has entered it yet: still to come, not a mistake.
                field = form.fields[name]
                context["todo"] = [str(getattr(field, "generic_label", None) or form[name].label)]
            else:
                context["problems"] = [shown_text(error.message)]
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
        context["interim_problem"] = shown_text(error.message)
    return context

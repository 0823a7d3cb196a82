"""What the tools' pages show: the declarations helper's verdict and the meld calculator's
count, from the engine."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404

from games.engine import VARIANTS, GameState, ScorerError
from games.engine.cards import Suit
from games.engine.declarations import DeclaringVariant, judge
from games.forms import read_holding
from games.words import shown_text


def declarations_verdict(
    form: Any, variant: str, names: list[str], settings: Any
) -> dict[str, Any] | None:
    """The engine's verdict on what the helper form holds, as rows to show."""
    engine = VARIANTS[variant]
    if not isinstance(engine, DeclaringVariant):
        raise Http404
    sides = engine.side_names(names)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=tuple(names))
    trump = Suit(form.cleaned_data["trump"])
    try:
        verdict = judge(
            engine,
            form.cleaned_data.get("dealer", 0),
            trump,
            form.declaration_facts(),
            settings,
            state,
        )
    except ScorerError as error:
        form.add_error(None, shown_text(error.message))
        return None
    rows = [
        (names[d.seat], shown_text(d.describe(trump)), v.counted, v.points, v.reason)
        for d, v in ((d, verdict.verdicts[i]) for i, d in enumerate(verdict.declarations))
    ]
    return {
        "rows": rows,
        "notes": verdict.notes,
        "sides": list(zip(sides, verdict.points, strict=True)),
    }


def meld_count(engine: Any, query: Any, prefix: str, trump: str, no_trump: Any) -> dict[str, Any]:
    """The meld the calculator's cards make (`query`: the tapped cards, under `prefix`), or
    the problem with them; `no_trump` when no trump is chosen yet."""
    if trump not in {s.value for s in Suit}:
        return {"problem": no_trump}
    try:
        holding = read_holding(query, prefix, engine.ranks)
    except ValidationError as error:
        return {"problem": error.messages[0]}
    meld = engine.count_meld(holding, Suit(trump))
    return {"total": meld.total, "lines": meld.lines}

"""Forms parse what the table typed into engine facts; the engine says whether it is right.

One module per game family, as in the engine. Each game's hand form (a HandForm subclass
naming its `variant`) is its one registration in the web layer: this package finds it in its
modules, with the house rules and declarations helper it declares. `games/checks.py` holds
every engine game to having one.
"""

from __future__ import annotations

from games.forms.base import HandForm
from games.forms.game import CircleNameForm, ImportForm, NewGameForm
from games.forms.melds import meld_cells, read_holding
from games.forms.registry import HAND_FORMS, HELPER_FORMS, SETTINGS_FIELDS

__all__ = [
    "HAND_FORMS",
    "HELPER_FORMS",
    "SETTINGS_FIELDS",
    "CircleNameForm",
    "HandForm",
    "ImportForm",
    "NewGameForm",
    "meld_cells",
    "read_holding",
]

"""Forms parse what the table typed into engine facts; the engine says whether it is right.

One module per game family, as in the engine; this module is the registry the views use.
"""

from __future__ import annotations

from django import forms

from games.forms import euchre, hoskin, klaberjass, terz, three_o_four
from games.forms.base import HandForm, SettingSpec
from games.forms.declarations import DeclarationsForm, TerzDeclarationsForm
from games.forms.game import CircleNameForm, ImportForm, NewGameForm
from games.forms.hoskin import meld_cells, read_holding

HAND_FORMS: dict[str, type[HandForm]] = {
    form.variant: form
    for form in (
        klaberjass.KlaberjassHandForm,
        terz.TerzHandForm,
        euchre.EuchreHandForm,
        three_o_four.ThreeOFourHandForm,
        three_o_four.WidowHandForm,
        hoskin.HoskinHandForm,
        hoskin.HoskinTekliHandForm,
    )
}

# The house rules a new game asks for, in the order shown.
SETTINGS_FIELDS: dict[str, list[SettingSpec]] = {
    "klaberjass": klaberjass.SETTINGS,
    "terz": terz.SETTINGS,
    "euchre": euchre.SETTINGS,
    "304": three_o_four.SETTINGS,
    "304-widow": three_o_four.SETTINGS,
    "hoskin": hoskin.SETTINGS_PARTNERS,
    "hoskin-tekli": hoskin.SETTINGS_TEKLI,
}

# The declarations helper's forms.
HELPER_FORMS: dict[str, type[forms.Form]] = {
    "klaberjass": DeclarationsForm,
    "terz": TerzDeclarationsForm,
}

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

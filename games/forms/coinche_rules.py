"""The words coinche's new-game form asks its house rules with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy

from games.forms.house_rules import RuleWords

if TYPE_CHECKING:
    pass

"""A deal all four passed, as the outcome button sends it."""


RULE_WORDS = {
    "target": RuleWords(gettext_lazy("Play to"), main=True),
    "announcements": RuleWords(
        gettext_lazy("Announcements (tierce, quarte, carré)"),
        {
            False: gettext_lazy("Not played: belote only"),
            True: gettext_lazy("Played, judged at the first trick"),
        },
    ),
    "rounding": RuleWords(
        gettext_lazy("Hand scores"),
        {
            "nearest": gettext_lazy("To the nearest 10: a deal is 160, a capot 250"),
            "none": gettext_lazy("Exact points: a deal is 162, a capot 252"),
        },
    ),
    "scoring": RuleWords(
        gettext_lazy("A made contract scores"),
        {
            "made_plus_contract": gettext_lazy("Points made + the contract"),
            "contract_only": gettext_lazy("The contract only (points annoncés)"),
        },
    ),
    "coinche_scoring": RuleWords(
        gettext_lazy("A coinched contract"),
        {
            "winner_all": gettext_lazy("The winners take (160 + contract) × 2 or × 4"),
            "multiply_score": gettext_lazy("The takers' points + contract, × 2 or × 4"),
        },
    ),
    "belote_on_failure": RuleWords(
        gettext_lazy("Belote when the contract fails"),
        {
            "holder": gettext_lazy("Stays with its team"),
            "defenders": gettext_lazy("Goes to the defenders"),
        },
    ),
    "bonus_in_contract": RuleWords(
        gettext_lazy("Belote and announcements towards the contract"),
        {
            True: gettext_lazy("They count"),
            False: gettext_lazy("Only card points and the last trick count"),
        },
    ),
    "min_contract": RuleWords(gettext_lazy("Lowest bid")),
    "contract_step": RuleWords(gettext_lazy("Bids rise by")),
    "max_contract": RuleWords(gettext_lazy("Highest bid below capot")),
    "generale": RuleWords(
        gettext_lazy("Générale (500, every trick by the taker alone)"),
        {False: gettext_lazy("No"), True: gettext_lazy("Yes")},
    ),
    "passed_deal": RuleWords(
        gettext_lazy("After four passes"),
        {
            "next": gettext_lazy("The next player deals"),
            "same": gettext_lazy("The same dealer deals again"),
        },
    ),
}

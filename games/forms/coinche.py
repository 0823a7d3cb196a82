"""Belote contrée (coinche): the hand form and the house rules asked at game start.

The hand is entered in the order the table learns it: the auction (who took which contract
in which trump, and whether it was coinched), then belote and the announcements, then the
takers' card points, the last trick and a capot. The whole auction may also be typed, call
by call; the engine checks it, and it fills in the taker, the contract and the trump.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine.coinche import DECK, GENERALE
from games.forms.base import AFTER, BEFORE, DURING, SUITS, HandForm
from games.forms.coinche_auction import (
    CAPOT,
    NOBODY,
    PAD_MOST,
    PASSED,
    AuctionCall,
    auction_facts,
    auction_text,
    last_bid,
    read_auction,
)
from games.forms.coinche_rules import RULE_WORDS
from games.forms.declarations import DeclarationRows
from games.forms.fields import SeatField, card_points_field, choice_field, named_field, seat_choices
from games.forms.widgets import Pad, SeatPad, SuitPad

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

"""A deal all four passed, as the outcome button sends it."""


class CoincheRows(DeclarationRows):
    """Announcements row by row, as Klaberjass's declarations are entered: a run (cards, top
    card, suit) or a carré (its rank)."""

    ROWS = 6
    KINDS: ClassVar[list[tuple[str, StrOrPromise]]] = [
        ("sequence", pgettext_lazy("declaration", "Run")),
        ("carre", pgettext_lazy("coinche declaration", "Carré")),
    ]
    SHAPES: ClassVar[dict[str, str]] = {"sequence": "run", "carre": "rank"}
    BELLA = False


class CoincheHandForm(CoincheRows, HandForm):
    variant = "coinche"
    game_name = pgettext_lazy("game", "Coinche")
    rule_words = RULE_WORDS
    outcome_question = gettext_lazy("Nobody made trump?")
    outcome_labels: ClassVar[dict[str, StrOrPromise]] = {
        "passed": gettext_lazy("Everyone passed: redeal")
    }
    error_fields: ClassVar[dict[str, str]] = {
        "bids": "auction",
        "outcome": "auction",
        "coinche": "coinched",
        "card_points": "points_0",
    }
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        BEFORE: (
            "dealer",
            "taker",
            "contract",
            "trump",
            "coinched",
            "surcoinched",
            "auction",
            "coinched_by",
            "surcoinched_by",
        ),
        DURING: ("belote", *CoincheRows.row_field_names()),
        AFTER: ("points_0", "points_1", "last_trick", "all_tricks", "alone"),
    }

    outcome = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Outcome"),
        choices=[
            ("played", pgettext_lazy("coinche deal", "played")),
            ("passed", pgettext_lazy("coinche deal", "all passed")),
        ],
    )
    taker = SeatField(widget=SeatPad, label=gettext_lazy("Taker"))
    contract = forms.ChoiceField(widget=Pad(pad_class="rank-pad"), label=gettext_lazy("Contract"))
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))
    # The coinche as two ticks (a tick can be taken back with a tap): coinched, ×2, and
    # surcoinched, ×4 (which a coinche came before).
    coinched = forms.BooleanField(required=False, label=gettext_lazy("Coinche ×2"))
    surcoinched = forms.BooleanField(required=False, label=gettext_lazy("Surcoinche ×4"))
    auction = forms.CharField(
        required=False,
        max_length=200,
        label=gettext_lazy("The auction, call by call"),
        help_text=gettext_lazy(
            "In turn from the player after the dealer: a bid with its trump, or p. "
            "E.g. 80h p 100h p p p"
        ),
    )
    coinched_by = SeatField(
        blank=NOBODY,
        required=False,
        empty_value=None,
        widget=Pad,
        label=gettext_lazy("Who coinched"),
    )
    surcoinched_by = SeatField(
        blank=NOBODY,
        required=False,
        empty_value=None,
        widget=Pad,
        label=gettext_lazy("Who surcoinched"),
    )
    belote = SeatField(
        blank=NOBODY,
        required=False,
        empty_value=None,
        widget=Pad,
        label=gettext_lazy("Belote"),
    )
    points_0 = card_points_field(0)
    points_1 = card_points_field(1)
    last_trick = SeatField(sides=True, widget=Pad(teams=True), label=gettext_lazy("Last trick"))
    all_tricks = SeatField(
        sides=True,
        blank=pgettext_lazy("no capot", "No"),
        required=False,
        empty_value=None,
        widget=Pad,
        label=gettext_lazy("Every trick"),
    )
    alone = forms.BooleanField(required=False, label=gettext_lazy("Won every trick alone"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        teams = seat_choices(self.engine.side_names(self.names))
        contracts = self.contract_choices()
        choice_field(self, "contract").choices = contracts
        # A pad of buttons for the usual contracts; a longer list (bids to 650, or in fives)
        # is a menu.
        self.contract_pad = len(contracts) <= PAD_MOST
        if not self.contract_pad:
            self.fields["contract"].widget = forms.Select(choices=[("", "—"), *contracts])
        self.announcements = self.settings.announcements
        self.generale = self.settings.generale
        if self.announcements:
            self.add_declaration_fields(seats)
        if not self.generale:
            del self.fields["alone"]
        self.card_total = DECK
        for side in (0, 1):
            self.fields[f"points_{side}"].widget.attrs["max"] = self.card_total
        for side, (_key, name) in enumerate(teams):
            named_field(
                self.fields[f"points_{side}"],
                _("%(name)s's card points") % {"name": name},
                _("Card points"),
            )
        self.team_names = [name for _key, name in teams]

    def contract_choices(self) -> list[tuple[str, StrOrPromise]]:
        """80, 90, … 160 (the house's range and step), capot (250) and, when played, the
        générale (500)."""
        s = self.settings
        numbers = range(s.min_contract, s.max_contract + 1, s.contract_step)
        choices: list[tuple[str, StrOrPromise]] = [(str(n), str(n)) for n in numbers]
        choices.append((CAPOT, pgettext_lazy("coinche contract", "Capot")))
        if s.generale:
            choices.append((GENERALE, pgettext_lazy("coinche contract", "Générale")))
        return choices

    # -- what the table typed --------------------------------------------------------------

    def passed(self) -> bool:
        """Whether the deal was passed: the shared button, or an auction of passes only."""
        if self.data.get("outcome") in PASSED:
            return True
        calls = self._typed_calls() or []
        # Four passes or more with no bid (a fifth is the engine's to refuse).
        return len(calls) >= 4 and all(call.is_pass for call in calls)

    def _typed_calls(self) -> list[AuctionCall] | None:
        """The typed auction as calls, None when it is empty or unreadable."""
        text = str(self.data.get("auction") or "")
        if not text.strip():
            return None
        try:
            return read_auction(text)
        except forms.ValidationError:
            return None

    def full_clean(self) -> None:
        if self.is_bound:
            calls = self._typed_calls()
            if self.passed():
                # A passed deal needs only its dealer (and the auction, when typed).
                for name, field in self.fields.items():
                    field.required = name == "dealer"
            elif calls and any(not call.is_pass for call in calls):
                # The typed auction names the taker, the contract and the trump.
                for name in ("taker", "contract", "trump"):
                    self.fields[name].required = False
        super().full_clean()

    def clean_auction(self) -> list[AuctionCall]:
        return read_auction(self.cleaned_data.get("auction") or "")

    def clean(self) -> dict[str, Any]:
        d = super().clean() or {}
        calls = d.get("auction") or []
        dealer = d.get("dealer")
        found = last_bid(calls, dealer) if dealer is not None else None
        if found is not None:
            seat, call = found
            # What the typed auction says is the contract fills in what was left empty;
            # what was entered as well is checked against it by the engine.
            if d.get("taker") in (None, "") and "taker" not in self.errors:
                d["taker"] = seat
            if not d.get("contract") and "contract" not in self.errors:
                d["contract"] = str(call.value)
            if not d.get("trump") and "trump" not in self.errors:
                d["trump"] = call.suit
        if d.get("surcoinched_by") is not None and d.get("coinched_by") is None:
            self.add_error("coinched_by", _("A surcoinche answers a coinche: who coinched?"))
        if d.get("coinched_by") is not None and not calls:
            self.add_error(
                "auction",
                _("Who coinched is kept with the whole auction: type it, or leave who empty."),
            )
        if calls and self.level(d) and d.get("coinched_by") is None:
            self.add_error("coinched_by", _("With the auction typed, say who coinched."))
        return d

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        calls = d.get("auction") or []
        coinched_by, surcoinched_by = d.get("coinched_by"), d.get("surcoinched_by")
        bids = (
            auction_facts(calls, d["dealer"], coinched_by, surcoinched_by)
            if calls and d.get("dealer") is not None
            else None
        )
        if self.passed():
            passed: dict[str, Any] = {"dealer": d["dealer"], "outcome": "passed"}
            if bids:
                passed["bids"] = bids
            return passed
        contract = d["contract"]
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "taker": d["taker"],
            "contract": int(contract) if contract and contract.isdigit() else contract or None,
            "trump": d["trump"] or None,
        }
        level = self.level(d)
        if level:
            facts["coinche"] = level
        if bids:
            facts["bids"] = bids
        facts["card_points"] = [d["points_0"], d["points_1"]]
        facts["last_trick"] = d["last_trick"]
        if d.get("all_tricks") is not None:
            facts["all_tricks"] = d["all_tricks"]
        if d.get("alone"):
            facts["alone"] = True
        if d.get("belote") is not None:
            facts["belote"] = d["belote"]
        if self.announcements:
            declarations = self.declaration_facts()
            if declarations:
                facts["declarations"] = declarations
        return facts

    @staticmethod
    def level(d: dict[str, Any]) -> int:
        """The coinche level: 2 surcoinched, 1 coinched, else 0; naming who said it says so
        too."""
        if d.get("surcoinched") or d.get("surcoinched_by") is not None:
            return 2
        return 1 if d.get("coinched") or d.get("coinched_by") is not None else 0

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        bids = facts.get("bids") or []
        initial: dict[str, Any] = {"dealer": facts["dealer"], "auction": auction_text(bids)}
        for call in bids:
            if call.get("coinche"):
                initial["coinched_by"] = str(call["seat"])
            if call.get("surcoinche"):
                initial["surcoinched_by"] = str(call["seat"])
        if facts.get("outcome") == "passed":
            # A passed deal is four passes in turn: typed so, it says so again.
            initial["auction"] = initial["auction"] or "p p p p"
            return initial
        initial |= {
            "taker": facts["taker"],
            "contract": str(facts["contract"]),
            "trump": facts["trump"],
            "coinched": facts.get("coinche", 0) >= 1,
            "surcoinched": facts.get("coinche", 0) == 2,
            "points_0": facts["card_points"][0],
            "points_1": facts["card_points"][1],
            "last_trick": facts["last_trick"],
            "all_tricks": "" if facts.get("all_tricks") is None else str(facts["all_tricks"]),
            "alone": facts.get("alone", False),
            "belote": "" if facts.get("belote") is None else str(facts["belote"]),
        }
        initial.update(cls.declaration_initial(facts.get("declarations", [])))
        return initial

    def derived(self, fields: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
        """What follows from a tap or a typed auction, on every phone: the auction's last bid
        is the taker, the contract and the trump; naming who coinched (or surcoinched) sets
        the coinche; a team that won every trick has all the card points and the last
        trick."""
        out: dict[str, str] = {}
        dealer = fields.get("dealer", "")
        # A new dealer moves the taker of an auction already typed (`fields` are the hand in
        # progress as it now is, this change merged in).
        retold = {"auction", "dealer"} & set(changed) and fields.get("auction")
        if retold and dealer.isascii() and dealer.isdigit():
            try:
                calls = read_auction(fields.get("auction", ""))
            except forms.ValidationError:
                calls = []
            found = last_bid(calls, int(dealer) % 4)
            if found is not None:
                seat, call = found
                out |= {"taker": str(seat), "contract": str(call.value), "trump": str(call.suit)}
        if changed.get("surcoinched_by"):
            out |= {"coinched": "on", "surcoinched": "on"}
        elif changed.get("coinched_by"):
            out["coinched"] = "on"
        if changed.get("surcoinched") == "on":
            out["coinched"] = "on"
        side = changed.get("all_tricks", "")
        if side in ("0", "1"):
            won = int(side)
            out |= {
                f"points_{won}": str(DECK),
                f"points_{1 - won}": "0",
                "last_trick": side,
            }
        return {name: value for name, value in out.items() if self._offers(name, value)}

    def _offers(self, name: str, value: str) -> bool:
        """Whether a field of this form could hold `value` (a contract it offers)."""
        field = self.fields.get(name)
        choices = getattr(field, "choices", None)
        if field is None:
            return False
        return choices is None or value in {str(key) for key, _label in choices}

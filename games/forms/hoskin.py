"""Hoşkin and Tekli: the hand forms and the house rules."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.engine.cards import Rank
from games.engine.hoskin import CARDS
from games.forms.base import AFTER, BEFORE, DURING, SUITS, HandForm
from games.forms.fields import SeatField, WholeNumberField, named_field
from games.forms.hoskin_rules import SETTINGS_PARTNERS, SETTINGS_TEKLI, ihale_calls, read_ihale
from games.forms.house_rules import RuleWords
from games.forms.melds import MeldGridForm, meld_cells, meld_field, rank_names
from games.forms.widgets import Pad, SeatPad, SuitPad

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class HoskinHandForm(HandForm):
    """Hoşkin for partners: the ihale, koz, melds, trick points, the last trick, violations."""

    variant = "hoskin"
    game_name = pgettext_lazy("game", "Hoşkin")
    error_fields: ClassVar[dict[str, str]] = {
        "trick_points": "tricks_0",
        "melds": "meld_0",
        "bids": "contract",
        "outcome": "holder",
    }
    tekli: ClassVar[bool] = False
    """Whether the hand's template shows Tekli's fields (the gömü) rather than the
    partners' (the ihale as bid, the meld struck)."""
    meld_words: ClassVar[dict[str, StrOrPromise]] = {
        "title": gettext_lazy("Hoşkin meld calculator"),
        "heading": gettext_lazy("Hoşkin melds"),
        "hint": gettext_lazy(
            "Tap each card one player laid out — tap again for a second copy (up to four). "
            "The koz (trump) decides the seri and the trump evli."
        ),
        "trump": gettext_lazy("Koz (trump)"),
        "no_trump": gettext_lazy(
            "Choose the koz (trump) first: the seri and the trump evli need it."
        ),
    }
    rule_words: ClassVar[dict[str, RuleWords]] = SETTINGS_PARTNERS
    outcome_question = gettext_lazy("The deal is void?")
    outcome_labels: ClassVar[dict[str, StrOrPromise]] = {"void": gettext_lazy("Void deal: redeal")}
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        BEFORE: ("dealer", "auction", "holder", "contract", "forced", "trump"),
        DURING: (
            *(f"meld_{seat}" for seat in range(4)),
            "gomu_points",
            *(f"gomu_card_{i}" for i in range(5)),
        ),
        AFTER: (
            *(f"tricks_{side}" for side in range(4)),
            "last_trick",
            "violation",
            "struck",
            "recount_failed",
            "unannounced_burial",
        ),
    }
    # The fields of the other game of the family, left out of this one's form.
    OTHER_GAMES_FIELDS: ClassVar[tuple[str, ...]] = (
        "gomu_points",
        "recount_failed",
        "unannounced_burial",
    )

    outcome = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Outcome"),
        choices=[
            ("played", pgettext_lazy("hoskin deal", "played")),
            ("void", pgettext_lazy("hoskin deal", "void")),
        ],
    )
    holder = SeatField(widget=SeatPad, label=gettext_lazy("Ihale holder"))
    contract = WholeNumberField(label=gettext_lazy("Contract (kontrat)"))
    forced = forms.BooleanField(required=False, label=gettext_lazy("Forced"))
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Koz (trump)"))
    auction = forms.CharField(
        required=False,
        max_length=200,
        label=gettext_lazy("The ihale, bid by bid"),
        help_text=gettext_lazy("The speakers in turn, from the dealer's left: e.g. 550 560 p"),
    )
    last_trick = SeatField(sides=True, widget=Pad(teams=True), label=gettext_lazy("Last trick"))
    violation = forms.ChoiceField(
        required=False,
        widget=Pad,
        label=gettext_lazy("A false declaration by the holders"),
        choices=[
            ("", pgettext_lazy("no violation", "None")),
            ("meld_short", gettext_lazy("Recount short")),
            ("aces_claim_false", gettext_lazy("False aces claim")),
        ],
    )
    struck = WholeNumberField(
        required=False,
        min_value=0,
        label=gettext_lazy("Meld struck from the other side"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 10}),
    )
    gomu_points = WholeNumberField(
        required=False,
        label=gettext_lazy("Gömü points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    recount_failed = forms.BooleanField(required=False, label=gettext_lazy("Recount short"))
    unannounced_burial = forms.BooleanField(
        required=False, label=gettext_lazy("Unannounced burial")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        sides = list(self.engine.side_names(self.names))
        self.sides = sides
        for seat, name in enumerate(self.names):
            self.fields[f"meld_{seat}"] = named_field(
                meld_field(),
                _("%(name)s's melds") % {"name": name},
                _("Melds"),
            )
        for side, name in enumerate(sides):
            self.fields[f"tricks_{side}"] = named_field(
                WholeNumberField(
                    min_value=0,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                ),
                _("%(name)s's trick points") % {"name": name},
                _("Trick points"),
            )
        self.card_total = CARDS  # the trick points of a deal, the gömü's included
        self.add_own_fields()
        for name in self.OTHER_GAMES_FIELDS:
            del self.fields[name]
        self.bid_step = getattr(self.settings, "bid_step", 10)
        # The last trick goes to a side: in its colour when the sides are partnerships.
        self.fields["last_trick"].widget.teams = self.teams
        self.shape_contract()

    def add_own_fields(self) -> None:
        """Fields only this game of the family has, beyond the declared ones: none here."""

    def shape_contract(self) -> None:
        """The contract's box steps by the ihale's rise from the lowest contract."""
        contract = {"inputmode": "numeric", "step": self.bid_step, "min": 550, "placeholder": 550}
        self.fields["contract"].widget.attrs.update(contract)

    def meld_fields(self) -> list[tuple[int, str, forms.BoundField, MeldGridForm]]:
        return [
            (
                seat,
                name,
                self[f"meld_{seat}"],
                MeldGridForm(meld_cells(f"cards{seat}_", self.engine.ranks), self.data),
            )
            for seat, name in enumerate(self.names)
        ]

    def trick_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{side}"] for side in range(len(self.sides))]

    def trick_boxes(self) -> list[tuple[str, forms.BoundField]]:
        """Each side's name with its trick points box."""
        return list(zip(self.sides, self.trick_fields(), strict=True))

    def gomu_values_json(self) -> str:
        """What each card is worth in tricks, for the gömü pickers to sum on the phone."""
        return json.dumps(
            {
                rank.value: self.engine.card_points([rank], self.settings)
                for rank in self.engine.ranks
            }
        )

    def gomu_cards(self) -> list[forms.BoundField]:
        return [self[f"gomu_card_{i}"] for i in range(5)]

    def full_clean(self) -> None:
        # A void deal (redealt) needs only its dealer.
        if self.is_bound and self.data.get("outcome") == "void":
            for name, field in self.fields.items():
                field.required = name == "dealer"
        super().full_clean()

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        if d.get("outcome") == "void":
            return {"dealer": d["dealer"], "outcome": "void", **self.void_facts()}
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "holder": d["holder"],
            "contract": d["contract"],
        }
        if d.get("forced"):
            facts["forced"] = True
        facts.update(self.auction_facts())
        facts["trump"] = d["trump"]
        facts["melds"] = [d.get(f"meld_{seat}") for seat in range(len(self.names))]
        facts["trick_points"] = [d.get(f"tricks_{side}") for side in range(len(self.sides))]
        facts.update(self.gomu_facts())
        facts["last_trick"] = d["last_trick"]
        facts.update(self.failure_facts())
        return facts

    def void_facts(self) -> dict[str, Any]:
        """What a void deal records beyond its dealer: nothing for the partners."""
        return {}

    def auction_facts(self) -> dict[str, Any]:
        """The typed ihale, which is the auction the engine checks and stores."""
        d = self.cleaned_data
        if not d.get("auction"):
            return {}
        return {"bids": ihale_calls(d["auction"], d["dealer"], len(self.names))}

    def gomu_facts(self) -> dict[str, Any]:
        """The gömü's points, in the game that buries one: none here."""
        return {}

    def failure_facts(self) -> dict[str, Any]:
        """A false declaration by the holders, and the meld struck from the other side."""
        d = self.cleaned_data
        facts: dict[str, Any] = {}
        if d.get("violation"):
            facts["violation"] = d["violation"]
        if d.get("struck"):
            struck = [0, 0]
            struck[1 - d["holder"] % 2] = d["struck"]
            facts["struck"] = struck
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        keys = ("dealer", "outcome", "holder", "contract", "trump", "last_trick", "gomu_points")
        initial: dict[str, Any] = {key: facts.get(key) for key in keys}
        initial["violation"] = facts.get("violation") or ""
        for key in ("forced", "recount_failed", "unannounced_burial"):
            initial[key] = facts.get(key, False)
        for seat, meld in enumerate(facts.get("melds", [])):
            initial[f"meld_{seat}"] = meld
        for side, points in enumerate(facts.get("trick_points", [])):
            initial[f"tricks_{side}"] = points
        if facts.get("struck"):
            initial["struck"] = max(facts["struck"])
        return initial

    def clean_auction(self) -> list[int | None]:
        return read_ihale(self.cleaned_data.get("auction") or "")

    def derived(self, fields: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
        """Typing the ihale fills in the holder and the contract: the speakers are the
        player left of the dealer and the next player, bidding in turn."""
        dealer = fields.get("dealer", "")
        # A new dealer moves the holder of an ihale already typed (`fields` are the hand in
        # progress as it now is, this change merged in).
        if not {"auction", "dealer"} & set(changed) or not (dealer.isascii() and dealer.isdigit()):
            return {}
        try:
            auction = read_ihale(fields.get("auction", ""))
            calls = ihale_calls(auction, int(dealer), len(self.names))
        except forms.ValidationError:
            return {}
        if not calls:
            return {}
        bids = [c for c in calls if "bid" in c]
        if not bids:
            if len(calls) < 2:
                return {}
            # Both speakers passed: the first holds it at 550, forced.
            return {"holder": str(calls[0]["seat"]), "contract": "550", "forced": "on"}
        return {"holder": str(bids[-1]["seat"]), "contract": str(bids[-1]["bid"]), "forced": ""}


class HoskinTekliHandForm(HoskinHandForm):
    """Three players on the ladder: the contract by seat, and the gömü instead of the ihale
    as bid and the meld struck."""

    variant = "hoskin-tekli"
    game_name = pgettext_lazy("game", "Hoşkin Tekli")
    tekli = True
    OTHER_GAMES_FIELDS = ("violation", "struck", "auction")
    # The circle's tools list both games' calculators: each is named for its game.
    meld_words: ClassVar[dict[str, StrOrPromise]] = {
        **HoskinHandForm.meld_words,
        "title": gettext_lazy("Hoşkin Tekli meld calculator"),
        "heading": gettext_lazy("Hoşkin Tekli melds"),
    }

    rule_words = SETTINGS_TEKLI

    def shape_contract(self) -> None:
        """The ladder's three contracts are buttons: nothing to shape."""

    def add_own_fields(self) -> None:
        """The ladder's three contracts, and the gömü's five cards."""
        self.fields["contract"] = forms.TypedChoiceField(
            coerce=int,
            widget=Pad,
            label=_("Contract (kontrat)"),
            choices=[("550", "550"), ("650", "650"), ("750", "750")],
        )
        for i in range(5):
            self.fields[f"gomu_card_{i}"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *rank_names(self.engine.ranks)],
                label=_("Gömü card %(number)s") % {"number": i + 1},
            )

    def void_facts(self) -> dict[str, Any]:
        """P1 forced at 550 who showed no marriage; the engine checks the holder."""
        d = self.cleaned_data
        if not d.get("forced"):
            return {}
        facts = {k: d[k] for k in ("holder", "contract") if d.get(k) not in (None, "")}
        return {**facts, "forced": True}

    def auction_facts(self) -> dict[str, Any]:
        return {}

    def gomu_facts(self) -> dict[str, Any]:
        """The gömü's points as entered, or counted from its five cards by the engine."""
        d = self.cleaned_data
        gomu = d.get("gomu_points")
        cards = [d.get(f"gomu_card_{i}") for i in range(5)]
        if gomu is None and any(cards):
            gomu = self.engine.card_points([Rank(c) for c in cards if c], self.settings)
        return {"gomu_points": gomu}

    def failure_facts(self) -> dict[str, Any]:
        """The recount short, or an ace or koz buried unannounced."""
        d = self.cleaned_data
        return {key: True for key in ("recount_failed", "unannounced_burial") if d.get(key)}

    def derived(self, fields: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
        """Tapping the holder fills in the contract: the ladder gives P1 550, P2 650 and
        P3 750 (the spec's Tekli auction)."""
        holder, dealer = fields.get("holder", ""), fields.get("dealer", "")
        if not {"holder", "dealer"} & set(changed):
            return {}
        if not (holder.isdigit() and dealer.isdigit()) or fields.get("forced"):
            return {}
        place = (int(holder) - int(dealer) - 1) % len(self.names)
        return {"contract": str(550 + 100 * place)}

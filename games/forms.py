"""Forms parse what the table typed into engine facts; the engine says whether it is right."""

from __future__ import annotations

import json
import uuid
from typing import Any, ClassVar

from django import forms

from games.engine import VARIANTS, ScorerError
from games.engine.cards import Rank, Suit

SUITS = [(s.value, s.symbol) for s in Suit]
RANKS = [(r.value, r.value) for r in Rank]


def seat_choices(names: list[str]) -> list[tuple[str, str]]:
    return [(str(i), name) for i, name in enumerate(names)]


class HandForm(forms.Form):
    """A variant's hand form: fields in, engine facts out, engine errors beside the field.

    Subclasses list their fields, write `facts()` and `initial_from()`, and name in
    `error_fields` which form field shows an engine error about a hand key.
    """

    variant: ClassVar[str]
    template: ClassVar[str]
    error_fields: ClassVar[dict[str, str]] = {}

    key = forms.CharField(widget=forms.HiddenInput, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, names: list[str], settings: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.settings = settings
        self.declaration_errors: list[str] = []
        self.teams = VARIANTS[self.variant].teams
        if not self.is_bound and not self.initial.get("key"):
            self.initial["key"] = uuid.uuid4().hex

    def full_clean(self) -> None:
        for field in self.fields.values():
            field.error_messages["required"] = "still to fill in"
        super().full_clean()

    def facts(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError

    def engine_error(self, error: ScorerError) -> None:
        """Show an engine error beside the field it is about (or above the form)."""
        field = self.error_fields.get(error.field, error.field)
        if field == "declarations":
            self.declaration_errors.append(error.message)
        else:
            self.add_error(field if field in self.fields else None, error.message)


def _int(value: Any) -> int | None:
    return None if value in (None, "") else int(value)


class DeclarationRows:
    """Rows of declarations in the order announced: who, what, cards, top card, suit.

    Klaberjass rows are runs only, with Bella as a seat of its own; Terz rows also take a
    four of a kind (its rank in the "top" column) and a marriage (its suit).
    """

    ROWS = 4
    KINDS: ClassVar[list[tuple[str, str]]] = [("sequence", "Run")]
    BELLA = True
    PARTS = ("seat", "kind", "length", "top", "suit")
    fields: dict[str, forms.Field]
    cleaned_data: dict[str, Any]

    def add_declaration_fields(self, seats: list[tuple[str, str]]) -> None:
        if self.BELLA:
            self.fields["bella"] = forms.ChoiceField(
                required=False, widget=forms.RadioSelect, choices=[("", "None"), *seats]
            )
        for row in range(self.ROWS):
            self.fields[f"seq{row}_seat"] = forms.ChoiceField(
                required=False, choices=[("", "—"), *seats], label="Who"
            )
            if len(self.KINDS) > 1:
                self.fields[f"seq{row}_kind"] = forms.ChoiceField(
                    required=False, choices=[("", "—"), *self.KINDS], label="What"
                )
            self.fields[f"seq{row}_length"] = forms.TypedChoiceField(
                required=False,
                coerce=int,
                empty_value=None,
                label="Cards",
                choices=[("", "—")] + [(str(n), str(n)) for n in range(3, 9)],
            )
            self.fields[f"seq{row}_top"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *RANKS],
                label="Top card" if len(self.KINDS) == 1 else "Top",
            )
            self.fields[f"seq{row}_suit"] = forms.ChoiceField(
                required=False, choices=[("", "—"), *SUITS], label="Suit"
            )

    def sequence_rows(self) -> list[list[tuple[str, forms.BoundField]]]:
        """Per row, (part, field) for who, what, cards, top and suit."""
        return [
            [
                (part, self[f"seq{row}_{part}"])  # type: ignore[index]
                for part in self.PARTS
                if f"seq{row}_{part}" in self.fields
            ]
            for row in range(self.ROWS)
        ]

    def declaration_facts(self) -> list[dict[str, Any]]:
        d = self.cleaned_data
        declarations = []
        for row in range(self.ROWS):
            part = {p: d.get(f"seq{row}_{p}") for p in self.PARTS}
            if all(v in (None, "") for v in part.values()):
                continue
            kind = part["kind"] or "sequence"
            declaration: dict[str, Any] = {"seat": _int(part["seat"]), "kind": kind}
            if kind == "sequence":
                declaration["length"] = part["length"]
                declaration["top"] = part["top"] or None
                declaration["suit"] = part["suit"] or None
            elif kind == "four":
                declaration["rank"] = part["top"] or None
            else:
                declaration["suit"] = part["suit"] or None
            declarations.append(declaration)
        if d.get("bella") not in (None, ""):
            declarations.append({"seat": int(d["bella"]), "kind": "bella"})
        return declarations

    @classmethod
    def declaration_initial(cls, declarations: list[dict[str, Any]]) -> dict[str, Any]:
        initial: dict[str, Any] = {}
        row = 0
        for declaration in declarations:
            if declaration["kind"] == "bella":
                initial["bella"] = str(declaration["seat"])
            elif row < cls.ROWS:
                initial[f"seq{row}_seat"] = str(declaration["seat"])
                initial[f"seq{row}_kind"] = declaration["kind"]
                initial[f"seq{row}_length"] = str(declaration.get("length", ""))
                initial[f"seq{row}_top"] = declaration.get("top") or declaration.get("rank", "")
                initial[f"seq{row}_suit"] = declaration.get("suit", "")
                row += 1
        return initial


class TerzRows(DeclarationRows):
    ROWS = 6
    KINDS: ClassVar[list[tuple[str, str]]] = [
        ("sequence", "Run"),
        ("four", "Four of a kind"),
        ("marriage", "Marriage"),
    ]
    BELLA = False


class KlaberjassHandForm(DeclarationRows, HandForm):
    variant = "klaberjass"
    template = "games/hands/klaberjass.html"
    error_fields: ClassVar[dict[str, str]] = {
        "card_points": "points_0",
        "last_trick": "last_trick",
        "tricks": "tricks_0",
        "declarations": "declarations",
        "round": "round",
        "turned_up": "turned_up",
    }

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    caller = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)
    points_0 = forms.IntegerField(min_value=0, label="Card points")
    points_1 = forms.IntegerField(min_value=0, label="Card points")
    last_trick = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Last trick")
    round = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        choices=[("", "—"), ("1", "Round 1"), ("2", "Round 2"), ("bima", "Bima")],
    )
    turned_up = forms.ChoiceField(required=False, choices=[("", "—"), *SUITS])
    tricks_0 = forms.IntegerField(
        min_value=0,
        max_value=8,
        required=False,
        label="Tricks",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tricks_1 = forms.IntegerField(
        min_value=0,
        max_value=8,
        required=False,
        label="Tricks",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        teams = seat_choices(list(VARIANTS["klaberjass"].side_names(self.names)))
        self.fields["dealer"].choices = seats  # type: ignore[attr-defined]
        self.fields["caller"].choices = seats  # type: ignore[attr-defined]
        self.fields["last_trick"].choices = teams  # type: ignore[attr-defined]
        self.add_declaration_fields(seats)
        self.card_total = self.settings.card_total
        self.needs_tricks = self.settings.needs_tricks
        for side, (_, name) in enumerate(teams):
            self.fields[f"points_{side}"].label = f"{name}'s card points"
            self.fields[f"tricks_{side}"].label = f"{name}'s tricks"
        self.team_names = [name for _, name in teams]

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "caller": d["caller"],
            "trump": d["trump"],
            "card_points": [d["points_0"], d["points_1"]],
            "last_trick": d["last_trick"],
        }
        if d.get("round"):
            facts["round"] = d["round"] if d["round"] == "bima" else int(d["round"])
        if d.get("turned_up"):
            facts["turned_up"] = d["turned_up"]
        if d.get("tricks_0") is not None or d.get("tricks_1") is not None:
            facts["tricks"] = [d.get("tricks_0"), d.get("tricks_1")]
        declarations = self.declaration_facts()
        if declarations:
            facts["declarations"] = declarations
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "dealer": facts["dealer"],
            "caller": facts["caller"],
            "trump": facts["trump"],
            "points_0": facts["card_points"][0],
            "points_1": facts["card_points"][1],
            "last_trick": facts["last_trick"],
            "round": str(facts.get("round", "")),
            "turned_up": facts.get("turned_up", ""),
        }
        if "tricks" in facts:
            initial["tricks_0"], initial["tricks_1"] = facts["tricks"]
        initial.update(cls.declaration_initial(facts.get("declarations", [])))
        return initial


class EuchreHandForm(HandForm):
    """Made for speed: the maker, "alone", the makers' tricks, Save."""

    variant = "euchre"
    template = "games/hands/euchre.html"
    error_fields: ClassVar[dict[str, str]] = {"alone": "alone"}

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    outcome = forms.ChoiceField(
        required=False,
        choices=[
            ("played", "played"),
            ("passed_out", "passed out"),
            ("dealer_forfeit", "declined"),
        ],
    )
    maker = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=forms.RadioSelect, label="Maker"
    )
    alone = forms.BooleanField(required=False, label="Played alone")
    defender_alone = forms.BooleanField(required=False, label="A defender played alone")
    maker_tricks = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        widget=forms.RadioSelect,
        choices=[(str(n), str(n)) for n in range(6)],
        label="Makers' tricks",
    )
    trump = forms.ChoiceField(required=False, choices=SUITS, widget=forms.RadioSelect)
    round = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        choices=[("", "—"), ("1", "Ordered up (round 1)"), ("2", "Named (round 2)")],
    )
    turned_up = forms.ChoiceField(required=False, choices=[("", "—"), *SUITS])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        self.fields["dealer"].choices = seats  # type: ignore[attr-defined]
        self.fields["maker"].choices = seats  # type: ignore[attr-defined]
        self.all_pass = self.settings.all_pass
        self.defend_alone = self.settings.defend_alone

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        outcome = d.get("outcome") or "played"
        if outcome != "played":
            return {"dealer": d["dealer"], "outcome": outcome}
        facts: dict[str, Any] = {"dealer": d["dealer"], "maker": d.get("maker")}
        if d.get("trump"):
            facts["trump"] = d["trump"]
        if d.get("round"):
            facts["round"] = int(d["round"])
        if d.get("turned_up"):
            facts["turned_up"] = d["turned_up"]
        if d.get("alone"):
            facts["alone"] = True
        if d.get("defender_alone"):
            facts["defender_alone"] = True
        facts["maker_tricks"] = d.get("maker_tricks")
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        return {
            "dealer": facts["dealer"],
            "outcome": facts.get("outcome", "played"),
            "maker": facts.get("maker"),
            "alone": facts.get("alone", False),
            "defender_alone": facts.get("defender_alone", False),
            "maker_tricks": facts.get("maker_tricks"),
            "trump": facts.get("trump", ""),
            "round": str(facts.get("round", "")),
            "turned_up": facts.get("turned_up", ""),
        }


class TerzHandForm(TerzRows, HandForm):
    """Dealer, trump, one player's card points, the last trick, combinations as announced."""

    variant = "terz"
    template = "games/hands/terz.html"
    error_fields: ClassVar[dict[str, str]] = {"card_points": "points_0"}

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)
    points_0 = forms.IntegerField(min_value=0, label="Card points")
    points_1 = forms.IntegerField(min_value=0, label="Card points")
    last_trick = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Last trick")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        self.fields["dealer"].choices = seats  # type: ignore[attr-defined]
        self.fields["last_trick"].choices = seats  # type: ignore[attr-defined]
        self.add_declaration_fields(seats)
        self.card_total = self.settings.card_total
        for seat, name in enumerate(self.names):
            self.fields[f"points_{seat}"].label = f"{name}'s card points"

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "trump": d["trump"],
            "card_points": [d["points_0"], d["points_1"]],
            "last_trick": d["last_trick"],
        }
        declarations = self.declaration_facts()
        if declarations:
            facts["declarations"] = declarations
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        return {
            "dealer": facts["dealer"],
            "trump": facts["trump"],
            "points_0": facts["card_points"][0],
            "points_1": facts["card_points"][1],
            "last_trick": facts["last_trick"],
            **cls.declaration_initial(facts.get("declarations", [])),
        }


# What each card is worth in 304 (spec: Cards): for summing the widow's two cards.
CARD_POINTS_304 = {"J": 30, "9": 20, "A": 11, "10": 10, "K": 3, "Q": 2, "8": 0, "7": 0}


def parse_auction(text: str) -> list[int | None]:
    """Read "160 170 p 190 pass pass" into bids and passes (None)."""
    calls: list[int | None] = []
    for token in text.replace(",", " ").split():
        word = token.strip().lower()
        if word in ("p", "pass", "-", "x"):
            calls.append(None)
        elif word.isdigit():
            calls.append(int(word))
        else:
            raise forms.ValidationError(f"“{token}” is neither a bid nor a pass (write p)")
    return calls


class ThreeOFourHandForm(HandForm):
    """Bidder and bid, trump, the called card and its holder, marriages, points and tricks."""

    variant = "304"
    template = "games/hands/304.html"
    error_fields: ClassVar[dict[str, str]] = {
        "bids": "auction",
        "called_card": "called_rank",
        "marriages": "marriage_S",
    }
    WIDOW = False

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    bidder = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Bidder")
    bid = forms.IntegerField(
        label="Bid", widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5})
    )
    auction = forms.CharField(
        required=False,
        label="The auction, bid by bid",
        help_text="From the dealer's left, in turn: e.g. 160 170 p 190 p p",
    )
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)
    called_rank = forms.ChoiceField(
        required=False, choices=RANKS, widget=forms.RadioSelect, label="Called card"
    )
    called_suit = forms.ChoiceField(
        required=False, choices=SUITS, widget=forms.RadioSelect, label="Called card's suit"
    )
    partner = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=forms.RadioSelect, label="Partner"
    )
    partner_lost = forms.BooleanField(required=False, label="Called card lost: played alone")
    slam = forms.BooleanField(required=False, label="Slam declared")
    points = forms.IntegerField(
        label="Trick points", widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    tricks = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Tricks")
    widow_points = forms.IntegerField(
        required=False,
        label="Widow points",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    widow_card_1 = forms.ChoiceField(required=False, choices=[("", "card"), *RANKS])
    widow_card_2 = forms.ChoiceField(required=False, choices=[("", "card"), *RANKS])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        for name in ("dealer", "bidder", "partner"):
            self.fields[name].choices = seats  # type: ignore[attr-defined]
        all_tricks = 10 if self.WIDOW else 8
        self.fields["tricks"].choices = [(str(n), str(n)) for n in range(all_tricks + 1)]  # type: ignore[attr-defined]
        for suit, symbol in SUITS:
            self.fields[f"marriage_{suit}"] = forms.ChoiceField(
                required=False, choices=[("", "—"), *seats], label=f"K+Q{symbol}"
            )
        if self.WIDOW:
            for name in ("called_rank", "called_suit", "partner", "partner_lost"):
                del self.fields[name]
        else:
            for name in ("widow_points", "widow_card_1", "widow_card_2"):
                del self.fields[name]
        self.widow = self.WIDOW
        self.all_tricks = all_tricks

    def marriage_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(suit, self[f"marriage_{suit}"]) for suit, _ in SUITS]

    def clean_auction(self) -> list[int | None]:
        return parse_auction(self.cleaned_data.get("auction") or "")

    def facts(self) -> dict[str, Any]:
        from games.engine.three_o_four import seat_calls

        d = self.cleaned_data
        facts: dict[str, Any] = {"dealer": d["dealer"], "bidder": d["bidder"], "bid": d["bid"]}
        if d.get("auction"):
            facts["bids"] = seat_calls(d["auction"], d["dealer"], len(self.names))
        facts["trump"] = d["trump"]
        if not self.WIDOW:
            rank, suit = d.get("called_rank"), d.get("called_suit")
            facts["called_card"] = f"{rank}{suit}" if rank and suit else None
            facts["partner"] = d.get("partner")
            if d.get("partner_lost"):
                facts["partner_lost"] = True
        marriages = [
            {"seat": int(d[f"marriage_{suit}"]), "suit": suit}
            for suit, _ in SUITS
            if d.get(f"marriage_{suit}") not in (None, "")
        ]
        if marriages:
            facts["marriages"] = marriages
        facts["points"] = d["points"]
        if self.WIDOW:
            widow = d.get("widow_points")
            cards = [d.get("widow_card_1"), d.get("widow_card_2")]
            if widow is None and any(cards):
                widow = sum(CARD_POINTS_304[c] for c in cards if c)
            facts["widow_points"] = widow
        facts["tricks"] = d["tricks"]
        if d.get("slam"):
            facts["slam"] = True
        return facts

    @classmethod
    def initial_from(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial: dict[str, Any] = {
            key: facts.get(key)
            for key in (
                "dealer",
                "bidder",
                "bid",
                "trump",
                "partner",
                "points",
                "tricks",
                "widow_points",
            )
        }
        initial["slam"] = facts.get("slam", False)
        initial["partner_lost"] = facts.get("partner_lost", False)
        if facts.get("called_card"):
            initial["called_rank"], initial["called_suit"] = (
                facts["called_card"][:-1],
                facts["called_card"][-1],
            )
        for m in facts.get("marriages", []):
            initial[f"marriage_{m['suit']}"] = str(m["seat"])
        if facts.get("bids"):
            initial["auction"] = " ".join(
                "p" if call.get("pass") else str(call["bid"]) for call in facts["bids"]
            )
        return initial


class WidowHandForm(ThreeOFourHandForm):
    variant = "304-widow"
    WIDOW = True


HOSKIN_RANKS = [("A", "A"), ("10", "10"), ("K", "K"), ("Q", "Q"), ("J", "J")]


def meld_cells(prefix: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The meld calculator's grid: per suit, its symbol and (field name, rank) per card."""
    return [
        (suit, symbol, [(f"{prefix}{rank}{suit}", label) for rank, label in HOSKIN_RANKS])
        for suit, symbol in SUITS
    ]


def read_holding(data: Any, prefix: str) -> dict[Any, int]:
    """The cards a player laid out, from the calculator's grid (counts 0–4 per card)."""
    from games.engine.cards import Card

    holding = {}
    for suit, _ in SUITS:
        for rank, _label in HOSKIN_RANKS:
            raw = str(data.get(f"{prefix}{rank}{suit}") or "0").strip()
            count = int(raw) if raw.isdigit() else -1
            if not 0 <= count <= 4:
                raise forms.ValidationError(f"{rank}{suit}: 0 to 4 copies, not “{raw}”")
            if count:
                holding[Card.parse(f"{rank}{suit}")] = count
    return holding


class HoskinHandForm(HandForm):
    """Hoşkin for partners: the ihale, koz, melds, trick points, the last trick, violations."""

    variant = "hoskin"
    template = "games/hands/hoskin.html"
    error_fields: ClassVar[dict[str, str]] = {
        "trick_points": "tricks_0",
        "melds": "meld_0",
        "struck": "struck",
        "bids": "contract",
        "gomu_points": "gomu_points",
        "outcome": "holder",
    }
    TEKLI = False

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    outcome = forms.ChoiceField(required=False, choices=[("played", "played"), ("void", "void")])
    holder = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Ihale holder")
    contract = forms.IntegerField(label="Contract (kontrat)")
    forced = forms.BooleanField(required=False, label="Forced")
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect, label="Koz (trump)")
    last_trick = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect, label="Last trick")
    violation = forms.ChoiceField(
        required=False,
        widget=forms.RadioSelect,
        label="A false declaration by the holders",
        choices=[
            ("", "None"),
            ("meld_short", "Recount short"),
            ("aces_claim_false", "False aces claim"),
        ],
    )
    struck = forms.IntegerField(
        required=False,
        min_value=0,
        label="Meld struck from the other side",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 10}),
    )
    gomu_points = forms.IntegerField(
        required=False,
        label="Gömü points",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    recount_failed = forms.BooleanField(required=False, label="Recount short")
    unannounced_burial = forms.BooleanField(required=False, label="Unannounced burial")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        sides = list(VARIANTS[self.variant].side_names(self.names))
        self.fields["dealer"].choices = seats  # type: ignore[attr-defined]
        self.fields["holder"].choices = seats  # type: ignore[attr-defined]
        self.fields["last_trick"].choices = seat_choices(sides)  # type: ignore[attr-defined]
        self.sides = sides
        for seat, name in enumerate(self.names):
            self.fields[f"meld_{seat}"] = forms.IntegerField(
                min_value=0,
                label=f"{name}'s melds",
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 10}),
            )
        for side, name in enumerate(sides):
            self.fields[f"tricks_{side}"] = forms.IntegerField(
                min_value=0,
                label=f"{name}'s trick points",
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        if self.TEKLI:
            self.fields["contract"] = forms.TypedChoiceField(
                coerce=int,
                widget=forms.RadioSelect,
                label="Contract (kontrat)",
                choices=[("550", "550"), ("650", "650"), ("750", "750")],
            )
            for i in range(5):
                self.fields[f"gomu_card_{i}"] = forms.ChoiceField(
                    required=False, choices=[("", "card"), *HOSKIN_RANKS]
                )
            for name in ("violation", "struck"):
                del self.fields[name]
        else:
            for name in ("gomu_points", "recount_failed", "unannounced_burial"):
                del self.fields[name]
        self.tekli = self.TEKLI
        self.bid_step = getattr(self.settings, "bid_step", 10)

    def meld_fields(self) -> list[tuple[int, forms.BoundField, Any]]:
        return [
            (seat, self[f"meld_{seat}"], meld_cells(f"cards{seat}_"))
            for seat in range(len(self.names))
        ]

    def trick_fields(self) -> list[forms.BoundField]:
        return [self[f"tricks_{side}"] for side in range(len(self.sides))]

    def gomu_cards(self) -> list[forms.BoundField]:
        return [self[f"gomu_card_{i}"] for i in range(5)]

    def full_clean(self) -> None:
        # A void deal (redealt) needs only its dealer.
        if self.is_bound and self.data.get("outcome") == "void":
            for name, field in self.fields.items():
                field.required = name == "dealer"
        super().full_clean()

    def facts(self) -> dict[str, Any]:
        from games.engine.cards import Rank
        from games.engine.hoskin import card_points

        d = self.cleaned_data
        if d.get("outcome") == "void":
            return {"dealer": d["dealer"], "outcome": "void"}
        facts: dict[str, Any] = {
            "dealer": d["dealer"],
            "holder": d["holder"],
            "contract": d["contract"],
        }
        if d.get("forced"):
            facts["forced"] = True
        facts["trump"] = d["trump"]
        facts["melds"] = [d.get(f"meld_{seat}") for seat in range(len(self.names))]
        facts["trick_points"] = [d.get(f"tricks_{side}") for side in range(len(self.sides))]
        if self.TEKLI:
            gomu = d.get("gomu_points")
            cards = [d.get(f"gomu_card_{i}") for i in range(5)]
            if gomu is None and any(cards):
                gomu = card_points([Rank(c) for c in cards if c], self.settings.card_values)
            facts["gomu_points"] = gomu
        facts["last_trick"] = d["last_trick"]
        if self.TEKLI:
            for key in ("recount_failed", "unannounced_burial"):
                if d.get(key):
                    facts[key] = True
        else:
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


class HoskinTekliHandForm(HoskinHandForm):
    variant = "hoskin-tekli"
    TEKLI = True


HAND_FORMS: dict[str, type[HandForm]] = {
    form.variant: form
    for form in (
        KlaberjassHandForm,
        TerzHandForm,
        EuchreHandForm,
        ThreeOFourHandForm,
        WidowHandForm,
        HoskinHandForm,
        HoskinTekliHandForm,
    )
}


class CircleNameForm(forms.Form):
    name = forms.CharField(max_length=60, strip=True)


class NewGameForm(forms.Form):
    """Players in seat order, the first dealer, and the house rules."""

    variant = forms.ChoiceField(choices=[(k, v.name) for k, v in VARIANTS.items()])
    first_dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)

    def __init__(self, *args: Any, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = VARIANTS[variant]
        self.fields["first_dealer"].choices = [(str(i), str(i)) for i in range(self.engine.seats)]
        self.initial.setdefault("variant", variant)
        self.initial.setdefault("first_dealer", 0)
        for seat, default in enumerate(self.engine.default_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                max_length=40,
                strip=True,
                label=default,
                widget=forms.TextInput(attrs={"list": "circle-players", "autocomplete": "off"}),
            )
        self.settings_fields = SETTINGS_FIELDS.get(variant, [])
        defaults = self.engine.settings().full_dict()
        for spec in self.settings_fields:
            name = f"set_{spec.key}"
            if spec.choices:
                self.fields[name] = forms.ChoiceField(
                    choices=spec.choices, label=spec.label, help_text=spec.help, required=False
                )
            else:
                self.fields[name] = forms.IntegerField(
                    min_value=1,
                    label=spec.label,
                    help_text=spec.help,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            self.initial.setdefault(name, _choice_value(defaults[spec.key]))

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.engine.seats)]

    def main_settings(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if s.main]

    def house_rules(self) -> list[forms.BoundField]:
        return [self[f"set_{s.key}"] for s in self.settings_fields if not s.main]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [data.get(f"player_{seat}") for seat in range(self.engine.seats)]
        seen: dict[str, int] = {}
        for seat, name in enumerate(names):
            if name and name.casefold() in seen:
                self.add_error(f"player_{seat}", "Two seats have the same name.")
            elif name:
                seen[name.casefold()] = seat
        try:
            data["settings"] = self.engine.settings(self.settings_dict(data)).full_dict()
        except ScorerError as error:
            self.add_error(
                f"set_{error.field}" if f"set_{error.field}" in self.fields else None, error.message
            )
        data["players"] = names
        return data

    def settings_dict(self, data: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in self.settings_fields:
            value = data.get(f"set_{spec.key}")
            if value in (None, ""):
                continue
            out[spec.key] = json.loads(value) if spec.choices else value
        return out


# Where each seat sits, seen from seat 0; play goes to the left.
SEAT_PLACES = {
    2: ("You", "Opposite you"),
    3: ("You", "On your left", "On your right"),
    4: ("You", "On your left", "Across (partner)", "On your right"),
}


def _choice_value(value: Any) -> str:
    return (
        json.dumps(value) if not isinstance(value, int) or isinstance(value, bool) else str(value)
    )


class SettingSpec:
    def __init__(
        self,
        key: str,
        label: str,
        choices: list[tuple[Any, str]] | None = None,
        main: bool = False,
        help: str = "",
    ) -> None:
        self.key = key
        self.label = label
        self.main = main
        self.help = help
        self.choices = [(json.dumps(v), text) for v, text in choices] if choices else None


HOSKIN_COMMON = [
    SettingSpec("target", "Baraj (play to)", main=True),
    SettingSpec(
        "card_values",
        "Card values in tricks",
        [("ace_ten", "A 11, 10 10, K 4, Q 3, J 2"), ("tens", "A, 10, K 10 each; Q, J 0")],
    ),
    SettingSpec("last_trick_bonus", "Last trick", [(20, "+20"), (10, "+10"), (0, "Nothing")]),
]

SETTINGS_FIELDS: dict[str, list[SettingSpec]] = {
    "klaberjass": [
        SettingSpec("target", "Play to", main=True),
        SettingSpec(
            "tie_rule",
            "A tie",
            [
                ("forfeit", "Caller forfeits everything"),
                ("half", "Caller 0, opponents keep their own"),
            ],
        ),
        SettingSpec(
            "bella_on_forfeit",
            "Bella on a forfeit",
            [("opponents", "Goes to the opponents"), ("holder", "Stays with its team")],
        ),
        SettingSpec(
            "sequence_scope",
            "Who scores sequences",
            [("team", "The whole best team"), ("player", "Only the best player")],
        ),
        SettingSpec(
            "final_tiebreak",
            "Sequences tie exactly",
            [("seat", "Nearest the forehand wins"), ("none", "Nobody scores them")],
        ),
        SettingSpec("run5_value", "Run of 5 or more", [(50, "50"), (100, "100")]),
        SettingSpec(
            "capot",
            "All 8 tricks (capot)",
            [("none", "No bonus"), ("double", "Doubles"), ("plus90", "+90")],
        ),
        SettingSpec(
            "zero_trick_sequences",
            "A team with no trick",
            [(True, "Keeps its sequences"), (False, "Loses its sequences")],
        ),
        SettingSpec("yas_value", "Trump jack (Yas)", [(20, "20"), (22, "22")]),
        SettingSpec(
            "both_cross",
            "Both teams reach the target",
            [("higher", "Higher total wins"), ("caller", "Caller wins if made")],
        ),
    ],
    "terz": [
        SettingSpec("target", "Play to", main=True),
        SettingSpec(
            "card_values",
            "Card values",
            [
                ("seed", "A 11, 10 10, K 3, Q 2, J 1 — trump J 20, 9 13 (140)"),
                ("standard", "A 11, 10 10, K 4, Q 3, J 2 — trump J 20, 9 14 (152)"),
            ],
        ),
        SettingSpec(
            "marriage_suits", "Marriages", [("any", "In any suit"), ("trump", "Only in trumps")]
        ),
        SettingSpec(
            "combo_tiebreak",
            "Equal combinations",
            [("first", "The one announced first"), ("trump", "Trumps first, then the earlier")],
        ),
    ],
    "304": [
        SettingSpec("deals", "Deals in a game", main=True),
        SettingSpec(
            "failed_slam",
            "A declared slam that fails",
            [(-4, "−4"), (-1, "−1"), ("normal", "Scored as usual (+1 or −1)")],
        ),
        SettingSpec("allow_304_bid", "Bid 304 over 275 or more", [(False, "No"), (True, "Yes")]),
        SettingSpec(
            "tie",
            "Equal highest after the last deal",
            [("share", "Share the win"), ("extra_deals", "Play extra deals")],
        ),
    ],
    "hoskin": [
        *HOSKIN_COMMON,
        SettingSpec("bid_step", "Ihale rises in", [(10, "10s"), (50, "50s")]),
        SettingSpec(
            "both_cross",
            "Both sides reach the baraj",
            [("contract", "The contract side wins"), ("higher", "The higher total wins")],
        ),
    ],
    "hoskin-tekli": [
        *HOSKIN_COMMON,
        SettingSpec(
            "gomu_to",
            "The gömü's points go to",
            [("last_trick", "Whoever takes the last trick"), ("holder", "The ihale holder")],
        ),
        SettingSpec(
            "both_cross",
            "Several reach the baraj",
            [("contract", "The holder wins if among them"), ("higher", "The higher total wins")],
        ),
    ],
    "euchre": [
        SettingSpec("target", "Play to", main=True),
        SettingSpec(
            "all_pass",
            "When everyone passes twice",
            [
                ("redeal", "Redeal: nobody scores"),
                ("stick_the_dealer", "Stick the dealer: the dealer must name trump"),
                ("dealer_forfeit", "The dealer may decline: opponents +1"),
            ],
            main=True,
        ),
        SettingSpec(
            "stuck_dealer_any_suit",
            "A stuck dealer",
            [(False, "Names another suit"), (True, "May name the turned-down suit")],
        ),
        SettingSpec(
            "lone_euchre_points", "Euchring a lone hand", [(2, "2 points"), (4, "4 points")]
        ),
        SettingSpec(
            "defend_alone",
            "A defender may play alone",
            [(False, "No"), (True, "Yes: euchring a loner alone is 4")],
        ),
        SettingSpec(
            "super_euchre",
            "Makers take no trick (super-euchre)",
            [(False, "2 as usual"), (True, "4 points")],
        ),
    ],
}


SETTINGS_FIELDS["304-widow"] = SETTINGS_FIELDS["304"]


class ImportForm(forms.Form):
    record = forms.FileField(label="Game record (.json)")

    def clean_record(self) -> Any:
        upload = self.cleaned_data["record"]
        if upload.size > 2_000_000:
            raise forms.ValidationError("That file is too large for a game record.")
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise forms.ValidationError("That file is not a JSON game record.") from None


class DeclarationsForm(DeclarationRows, forms.Form):
    """The declarations helper: who declared what, the trump and the dealer (Klaberjass)."""

    variant = "klaberjass"
    teams = True

    dealer = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        seats = seat_choices(names)
        self.fields["dealer"].choices = seats
        self.add_declaration_fields(seats)


class TerzDeclarationsForm(TerzRows, forms.Form):
    """The declarations helper for Terz: combinations in the order announced, and trump."""

    variant = "terz"
    trump = forms.ChoiceField(choices=SUITS, widget=forms.RadioSelect)

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.add_declaration_fields(seat_choices(names))


HELPER_FORMS: dict[str, type[forms.Form]] = {
    "klaberjass": DeclarationsForm,
    "terz": TerzDeclarationsForm,
}

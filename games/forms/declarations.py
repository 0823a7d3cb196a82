"""Declarations entered row by row, in the order announced (Klaberjass and Terz)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.forms.base import RANKS, SUITS, HandForm, _int
from games.forms.fields import offer_seats, seat_choices
from games.forms.widgets import Pad, SuitPad

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class DeclarationRows:
    """Rows of declarations in the order announced: who, what, cards, top card, suit.

    Klaberjass rows are runs only, with Bella as a seat of its own; Terz rows also take a
    four of a kind (its rank in the "top" column) and a marriage (its suit).
    """

    ROWS = 4
    KINDS: ClassVar[list[tuple[str, StrOrPromise]]] = [
        ("sequence", pgettext_lazy("declaration", "Run"))
    ]
    SHAPES: ClassVar[dict[str, str]] = {"sequence": "run", "four": "rank", "marriage": "suit"}
    """What a row of each kind holds besides its seat: "run" (cards, top card and suit),
    "rank" (a rank, in the top column: four of a kind) or "suit" (a marriage's). The rows'
    script (static/js/scorer.js) reads them from the page (`shapes`), so a game's own kinds
    need no word of it."""
    BELLA = True
    PARTS = ("seat", "kind", "length", "top", "suit")
    fields: dict[str, forms.Field]
    cleaned_data: dict[str, Any]

    if TYPE_CHECKING:  # the form this mixes into has its fields by name

        def __getitem__(self, name: str) -> forms.BoundField: ...

    def add_declaration_fields(self, seats: list[tuple[str, str]]) -> None:
        if self.BELLA:
            self.fields["bella"] = forms.ChoiceField(
                required=False,
                widget=Pad,
                choices=[("", pgettext_lazy("nobody", "None")), *seats],
                label=gettext_lazy("Bella"),
            )
        for row in range(self.ROWS):
            self.fields[f"seq{row}_seat"] = forms.ChoiceField(
                required=False, choices=[("", "—"), *seats], label=gettext_lazy("Who")
            )
            if len(self.KINDS) > 1:
                self.fields[f"seq{row}_kind"] = forms.ChoiceField(
                    required=False, choices=[("", "—"), *self.KINDS], label=gettext_lazy("What")
                )
            self.fields[f"seq{row}_length"] = forms.TypedChoiceField(
                required=False,
                coerce=int,
                empty_value=None,
                label=gettext_lazy("Cards"),
                choices=[("", "—")] + [(str(n), str(n)) for n in range(3, 9)],
            )
            self.fields[f"seq{row}_top"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *RANKS],
                label=(
                    gettext_lazy("Top card")
                    if len(self.KINDS) == 1
                    else pgettext_lazy("top card or rank", "Top")
                ),
            )
            self.fields[f"seq{row}_suit"] = forms.ChoiceField(
                required=False, choices=[("", "—"), *SUITS], label=gettext_lazy("Suit")
            )

    # The builder's buttons: a declaration in four taps (who, cards, top card, suit).
    def seat_pairs(self) -> list[tuple[str, str]]:
        field = self.fields["seq0_seat"]
        assert isinstance(field, forms.ChoiceField) and isinstance(field.choices, list)
        return field.choices[1:]

    def run_lengths(self) -> range:
        return range(3, 9)

    def rank_pairs(self) -> list[tuple[str, str]]:
        return list(RANKS)

    def suit_pairs(self) -> list[tuple[str, str]]:
        return list(SUITS)

    def shape(self, kind: str) -> str:
        return self.SHAPES.get(kind, "suit")

    def shapes(self) -> str:
        """Each kind with its shape, for the rows' script: "sequence:run four:rank"."""
        return " ".join(f"{kind}:{self.shape(kind)}" for kind, _label in self.KINDS)

    @classmethod
    def row_field_names(cls) -> tuple[str, ...]:
        names = tuple(f"seq{row}_{part}" for row in range(cls.ROWS) for part in cls.PARTS)
        return (*names, "bella") if cls.BELLA else names

    def sequence_rows(self) -> list[list[tuple[str, forms.BoundField]]]:
        """Per row, (part, field) for who, what, cards, top and suit."""
        return [
            [
                (part, self[f"seq{row}_{part}"])
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
            shape = self.shape(kind)
            if shape == "run":
                declaration["length"] = part["length"]
                declaration["top"] = part["top"] or None
                declaration["suit"] = part["suit"] or None
            elif shape == "rank":
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
    KINDS: ClassVar[list[tuple[str, StrOrPromise]]] = [
        ("sequence", pgettext_lazy("declaration", "Run")),
        ("four", pgettext_lazy("declaration", "Four of a kind")),
        ("marriage", pgettext_lazy("declaration", "Marriage")),
    ]
    BELLA = False


class DeclarationsForm(DeclarationRows, forms.Form):
    """The declarations helper: who declared what, the trump and the dealer (Klaberjass)."""

    variant = "klaberjass"
    teams = True
    hint = gettext_lazy(
        "Klaberjass: enter what each player declared, the trump and the dealer. Only the "
        "best sequence at the table decides which team scores."
    )

    dealer = HandForm.declared_fields["dealer"]
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        offer_seats(self.fields, names, names, teams=True)
        self.add_declaration_fields(seat_choices(names))


class TerzDeclarationsForm(TerzRows, forms.Form):
    """The declarations helper for Terz: combinations in the order announced, and trump."""

    variant = "terz"
    hint = gettext_lazy(
        "Terz: enter the combinations in the order they were announced, and the trump. The "
        "senior combination's player scores all of his; marriages always score."
    )
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.add_declaration_fields(seat_choices(names))

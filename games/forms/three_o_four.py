"""304 and the three-hand widow game: the hand forms and house rules."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from games.engine.cards import Rank
from games.engine.numbers import shown, whole_number_or_none
from games.engine.three_o_four import seat_calls
from games.forms.base import AFTER, BEFORE, DURING, RANK_NAMES, RANKS, SUITS, HandForm, rank_label
from games.forms.fields import SeatField, WholeNumberField, choice_field, seat_choices
from games.forms.house_rules import RuleWords
from games.forms.widgets import Pad, SeatPad, SuitPad
from games.words import left_to_right


def parse_auction(text: str) -> list[int | None]:
    """Read "160 170 p 190 pass pass" into bids and passes (None)."""
    calls: list[int | None] = []
    for token in text.replace(",", " ").split():
        word = token.strip().lower()
        bid = whole_number_or_none(word)
        if word in ("p", "pass", "-", "x"):
            calls.append(None)
        elif bid is not None and bid >= 0:
            calls.append(bid)
        else:
            raise forms.ValidationError(
                _("%(word)s is neither a bid nor a pass (write p)") % {"word": shown(token)}
            )
    return calls


RULE_WORDS = {
    "deals": RuleWords(gettext_lazy("Deals in a game"), main=True),
    "failed_slam": RuleWords(
        gettext_lazy("A declared slam that fails"),
        {"normal": gettext_lazy("Scored as usual (+1 or −1)")},
    ),
    "allow_304_bid": RuleWords(
        gettext_lazy("Bid 304 over 275 or more"),
        {False: gettext_lazy("No"), True: gettext_lazy("Yes")},
    ),
    "tie": RuleWords(
        gettext_lazy("Equal highest after the last deal"),
        {
            "share": gettext_lazy("Share the win"),
            "extra_deals": gettext_lazy("Play extra deals"),
        },
    ),
}


class ThreeOFourHandForm(HandForm):
    """Bidder and bid, trump, the called card and its holder, marriages, points and tricks."""

    variant = "304"
    game_name = pgettext_lazy("game", "304")
    rule_words = RULE_WORDS
    error_fields: ClassVar[dict[str, str]] = {
        "bids": "auction",
        "called_card": "called_rank",
        "marriages": "marriage_S",
    }
    widow: ClassVar[bool] = False
    """Whether the hand's template shows the widow's fields rather than the partner's."""
    phase_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        BEFORE: ("dealer", "auction", "bidder", "bid", "trump", "called_rank", "called_suit"),
        DURING: ("marriage_S", "marriage_H", "marriage_D", "marriage_C", "slam", "partner_lost"),
        # The called card's holder is known once it falls; by the count everyone knows.
        AFTER: ("partner", "points", "widow_points", "widow_card_1", "widow_card_2", "tricks"),
    }

    bidder = SeatField(widget=SeatPad, label=gettext_lazy("Bidder"))
    bid = WholeNumberField(
        label=gettext_lazy("Bid"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 5, "data-start": 150}),
    )
    auction = forms.CharField(
        required=False,
        max_length=200,
        label=gettext_lazy("The auction, bid by bid"),
        help_text=gettext_lazy("From the dealer's left, in turn: e.g. 160 170 p 190 p p"),
    )
    trump = forms.ChoiceField(choices=SUITS, widget=SuitPad, label=gettext_lazy("Trump"))
    called_rank = forms.ChoiceField(
        required=False,
        choices=RANKS,
        widget=Pad(pad_class="rank-pad"),
        label=gettext_lazy("Called card"),
    )
    called_suit = forms.ChoiceField(
        required=False,
        choices=SUITS,
        widget=SuitPad,
        label=gettext_lazy("Called card's suit"),
    )
    partner = SeatField(
        required=False, empty_value=None, widget=SeatPad, label=gettext_lazy("Partner")
    )
    partner_lost = forms.BooleanField(
        required=False, label=gettext_lazy("Called card lost: played alone")
    )
    slam = forms.BooleanField(required=False, label=gettext_lazy("Slam declared"))
    points = WholeNumberField(
        label=gettext_lazy("Trick points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    tricks = forms.TypedChoiceField(
        coerce=int, widget=Pad(pad_class="trick-pad"), label=gettext_lazy("Tricks")
    )
    widow_points = WholeNumberField(
        required=False,
        label=gettext_lazy("Widow points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    widow_card_1 = forms.ChoiceField(
        required=False,
        choices=[("", pgettext_lazy("a card not chosen yet", "card")), *RANK_NAMES],
        label=gettext_lazy("Widow card 1"),
    )
    widow_card_2 = forms.ChoiceField(
        required=False,
        choices=[("", pgettext_lazy("a card not chosen yet", "card")), *RANK_NAMES],
        label=gettext_lazy("Widow card 2"),
    )

    # The fields of the other game of the family, left out of this one's form.
    OTHER_GAMES_FIELDS: ClassVar[tuple[str, ...]] = ("widow_points", "widow_card_1", "widow_card_2")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seats = seat_choices(self.names)
        all_tricks = self.engine.hand_class.all_tricks
        choice_field(self, "tricks").choices = [(str(n), str(n)) for n in range(all_tricks + 1)]
        # The bid's box steps by 5 from the lowest bid to the highest (the stepper's buttons).
        bid = pgettext("auction", "Bid: %(bid)s") % {"bid": 150}
        self.fields["bid"].widget.attrs.update({"min": 150, "max": 304, "placeholder": bid})
        for suit, symbol in SUITS:
            self.fields[f"marriage_{suit}"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *seats],
                # "K+Q♠", the ranks as the reader's language writes them, kept left to
                # right on a right-to-left page.
                label=left_to_right(f"{rank_label('K', 'rank')}+{rank_label('Q', 'rank')}{symbol}"),
            )
        for name in self.OTHER_GAMES_FIELDS:
            del self.fields[name]
        self.all_tricks = all_tricks

    def derived(self, fields: dict[str, str], changed: dict[str, str]) -> dict[str, str]:
        """Typing the auction fills in the bidder and the bid: the last bid, in turn from
        the dealer's left. A new dealer with an auction typed moves the bidder with it
        (`fields` are the hand in progress as it now is, this change merged in)."""
        dealer = fields.get("dealer", "")
        if not {"auction", "dealer"} & set(changed) or not (dealer.isascii() and dealer.isdigit()):
            return {}
        try:
            calls = parse_auction(fields.get("auction", ""))
        except forms.ValidationError:
            return {}
        bids = [
            c
            for c in seat_calls(calls, int(dealer) % len(self.names), len(self.names))
            if "bid" in c
        ]
        if not bids:
            return {}
        return {"bidder": str(bids[-1]["seat"]), "bid": str(bids[-1]["bid"])}

    def marriage_fields(self) -> list[tuple[str, forms.BoundField]]:
        return [(suit, self[f"marriage_{suit}"]) for suit, _ in SUITS]

    def clean_auction(self) -> list[int | None]:
        return parse_auction(self.cleaned_data.get("auction") or "")

    def facts(self) -> dict[str, Any]:
        d = self.cleaned_data
        facts: dict[str, Any] = {"dealer": d["dealer"], "bidder": d["bidder"], "bid": d["bid"]}
        if d.get("auction"):
            facts["bids"] = seat_calls(d["auction"], d["dealer"], len(self.names))
        facts["trump"] = d["trump"]
        facts.update(self.partner_facts())
        marriages = [
            {"seat": int(d[f"marriage_{suit}"]), "suit": suit}
            for suit, _ in SUITS
            if d.get(f"marriage_{suit}") not in (None, "")
        ]
        if marriages:
            facts["marriages"] = marriages
        facts["points"] = d["points"]
        facts.update(self.widow_facts())
        facts["tricks"] = d["tricks"]
        if d.get("slam"):
            facts["slam"] = True
        return facts

    def partner_facts(self) -> dict[str, Any]:
        """The called card, who held it, and whether it was lost."""
        d = self.cleaned_data
        rank, suit = d.get("called_rank"), d.get("called_suit")
        facts: dict[str, Any] = {
            "called_card": f"{rank}{suit}" if rank and suit else None,
            "partner": d.get("partner"),
        }
        if d.get("partner_lost"):
            facts["partner_lost"] = True
        return facts

    def widow_facts(self) -> dict[str, Any]:
        """The widow's points, in the game that sets one aside: none here."""
        return {}

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
    """The three-hand game: the bidder alone, and the widow's two cards instead of a partner."""

    variant = "304-widow"
    game_name = pgettext_lazy("game", "304, three-hand")
    widow = True
    OTHER_GAMES_FIELDS = ("called_rank", "called_suit", "partner", "partner_lost")

    def partner_facts(self) -> dict[str, Any]:
        return {}

    def widow_facts(self) -> dict[str, Any]:
        """The widow's points as entered, or counted from its two cards by the engine."""
        d = self.cleaned_data
        widow = d.get("widow_points")
        cards = [d.get("widow_card_1"), d.get("widow_card_2")]
        if widow is None and any(cards):
            widow = self.engine.card_points([Rank(c) for c in cards if c], self.settings)
        return {"widow_points": widow}

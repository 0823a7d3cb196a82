"""Everything the engine says to the table, as message ids with parameters.

A `Text` is a sentence the engine wrote: an id into `CATALOGUE` and the values that fill its
placeholders. As a `str` it is the English sentence, so the command line, the JSON output and
the engine's tests read English; `Text.render` writes it in another language, given a
translator (the web layer passes Django's gettext). Stored hands keep `Text.to_json()`, never
the sentence, so a hand saved in English reads in Turkish.

The catalogue below is the one place the engine's English lives. Each entry is written as
`_t(id, english)` or, when the sentence depends on a count, `_tn(id, singular, plural)`;
`manage.py makemessages` reads those calls (the id is the message's context), so every
sentence here reaches the translators. Placeholders are `{name}`; a plural entry counts its
`{count}`.

Parameters are:
- `str`: written as it is (player names, suit symbols, signed scores like "+20");
- `int`: a number, with a real minus sign ("−40");
- `Grouped`: a large number written with the reader's thousands separator ("5,000" in
  English, "5.000" in Turkish): the bounds of what may be typed, never a score;
- `Text`: a word or phrase of its own, rendered in the same language (a card's rank, "made").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games.engine.wording import MINUS, number

type Param = str | int | Text | Grouped
type Translate = Callable[[str, str], str]
"""(id, English) to the sentence in the reader's language: pgettext(id, English)."""
type TranslatePlural = Callable[[str, str, str, int], str]
"""(id, singular, plural, count) to the sentence: npgettext(id, singular, plural, count)."""

CATALOGUE: dict[str, str | tuple[str, str]] = {}
"""Message id to its English text, or (singular, plural) for a sentence that counts."""


def _t(id: str, english: str) -> None:
    """Add one sentence to the catalogue (makemessages reads these calls)."""
    if id in CATALOGUE:
        raise ValueError(f"message id {id!r} is in the catalogue twice")
    CATALOGUE[id] = english


def _tn(id: str, singular: str, plural: str) -> None:
    """Add one counting sentence: English picks `plural` unless `{count}` is 1."""
    if id in CATALOGUE:
        raise ValueError(f"message id {id!r} is in the catalogue twice")
    CATALOGUE[id] = (singular, plural)


class Language(Protocol):
    """What `Text.render` needs from a language: Django's pgettext and npgettext fit."""

    def pgettext(self, context: str, message: str) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str: ...


@dataclass(frozen=True)
class Grouped:
    """A number written with its thousands grouped the reader's way (bounds and limits)."""

    value: int


class English:
    """The catalogue as written."""

    def grouped(self, value: int) -> str:
        return f"{MINUS}{-value:,}" if value < 0 else f"{value:,}"

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


ENGLISH = English()


class Text(str):
    """A sentence of the catalogue with its parameters; as a str, its English."""

    id: str
    params: Mapping[str, Param]

    def __new__(cls, id: str, /, **params: Param) -> Text:
        if id not in CATALOGUE:
            raise KeyError(f"no message {id!r} in the catalogue")
        self = super().__new__(cls, _render(id, params, ENGLISH, None))
        self.id = id
        self.params = params
        return self

    def render(self, language: Language, isolate: Callable[[str], str] | None = None) -> str:
        """The sentence in `language`. `isolate` wraps each verbatim value (names, scores)
        for right-to-left pages, so "Ann" or "+20" keeps its own direction."""
        return _render(self.id, self.params, language, isolate)

    def to_json(self) -> dict[str, Any]:
        """The form stored with a hand: {"id": …, "params": {…}}, nested texts likewise."""
        return {"id": self.id, "params": {k: _encode(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        params = data.get("params") or {}
        return cls(str(data["id"]), **{str(k): _decode(v) for k, v in params.items()})

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_json, (self.to_json(),))


def _from_json(data: Mapping[str, Any]) -> Text:
    return Text.from_json(data)


def _encode(value: Param) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, Grouped):
        return {"grouped": value.value}
    return value


def _decode(value: Any) -> Param:
    if isinstance(value, dict) and isinstance(value.get("grouped"), int):
        return Grouped(value["grouped"])
    if isinstance(value, dict):
        return Text.from_json(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return str(value)
    return value


_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


def _render(
    id: str,
    params: Mapping[str, Param],
    language: Language,
    isolate: Callable[[str], str] | None,
) -> str:
    entry = CATALOGUE[id]
    if isinstance(entry, tuple):
        count = params.get("count")
        n = count if isinstance(count, int) else 0
        pattern = language.npgettext(id, entry[0], entry[1], n)
    else:
        pattern = language.pgettext(id, entry)
    values: dict[str, str] = {}
    for key, value in params.items():
        if isinstance(value, Text):
            values[key] = value.render(language, isolate)
            if isolate and not _RIGHT_TO_LEFT.search(values[key]):
                # A phrase with no right-to-left letter ("Q♥", "9–Q♥") is kept whole in its
                # own direction, its parts not isolated one by one.
                values[key] = isolate(value.render(language, None))
        else:
            if isinstance(value, Grouped):
                grouped = getattr(language, "grouped", ENGLISH.grouped)
                shown = grouped(value.value)
            else:
                shown = number(value) if isinstance(value, int) else value
            values[key] = isolate(shown) if isolate else shown
    try:
        return pattern.format_map(values)
    except (KeyError, IndexError, ValueError):
        # A translation that lost or broke a placeholder: English rather than an error.
        english = entry if isinstance(entry, str) else entry[0 if params.get("count") == 1 else 1]
        return english.format_map(values)


def say(id: str, /, **params: Param) -> Text:
    """The sentence `id` with its parameters: say("called", caller="Ann", trump="♠")."""
    return Text(id, **params)


# The catalogue. Ids are "module.what"; the English follows the house style in
# ../STYLE.md: players by name, real minus signs, verbs that agree with their subject.
# Each module's sentences stay in their own section.

# --- shared: cards, numbers, errors ------------------------------------------------------

# A rank as a card's label writes it ("K" in "K♠") and as a button or a sentence names it.
_t("card.rank.7", "7")
_t("card.rank.8", "8")
_t("card.rank.9", "9")
_t("card.rank.10", "10")
_t("card.rank.J", "J")
_t("card.rank.Q", "Q")
_t("card.rank.K", "K")
_t("card.rank.A", "A")
_t("card.name.7", "Seven")
_t("card.name.8", "Eight")
_t("card.name.9", "Nine")
_t("card.name.10", "Ten")
_t("card.name.J", "Jack")
_t("card.name.Q", "Queen")
_t("card.name.K", "King")
_t("card.name.A", "Ace")
_t("card.label", "{rank}{suit}")

# cards.py: what was typed ({value}) echoed as it was written.
_t("cards.not_a_suit", "{value} is not a suit (use S, H, D or C)")
_t("cards.not_a_rank", "{value} is not a rank (use 7, 8, 9, 10, J, Q, K or A)")
_t("cards.not_a_card", "{value} is not a card (write rank then suit, e.g. 10H)")
_t("cards.points_negative", "card points cannot be negative")
# {got} is the sum as typed: "140 + 10 = 150".
_t("cards.points_add_up", "must add up to {total} (got {got})")
_t("cards.no_one_point", "no card is worth 1 point")

# numbers.py: {most} and {least} are the bound written with its thousands: "1,000,000,000".
_t("numbers.not_whole", "must be a whole number, not {value}")
_t("numbers.too_large", "is too large: at most {most}")
_t("numbers.out_of_range", "must be a whole number from {least} to {most}")
_t("numbers.too_long_to_show", "a number that long")

# reading.py: {what} names the thing read, a phrase of its game ("Klaberjass hand").
_t("reading.not_an_object", "a {what} must be an object")
_t("reading.unknown_key", "is not a {what} key")
_t("reading.required", "is required")
_t("reading.not_positive", "must be a positive number, not {value}")
_t("reading.not_a_flag", "must be true or false, not {value}")
_t("reading.not_a_seat", "must be a seat from 0 to {last}, not {value}")
# {options} are the values allowed, as typed: "\"forfeit\", \"half\"".
_t("reading.not_one_of", "must be one of {options}, not {value}")
_tn(
    "reading.not_numbers",
    "must be a list of {count} whole number",
    "must be a list of {count} whole numbers",
)
_t("reading.not_a_list", "must be a list")

# rounds.py
_t("rounds.first_takes_turned_up", "in round 1 trump is the turned-up suit {suit}")
_t("rounds.second_names_another", "in round 2 the turned-up suit {suit} cannot be named")


# --- klaberjass --------------------------------------------------------------------------

_t("klaberjass.hand", "Klaberjass hand")
_t("klaberjass.setting", "Klaberjass setting")
# The score sheet's heading for the player who called trump.
_t("klaberjass.taker", "Caller")
_t("klaberjass.bima_caller", "on the Bima the dealer names trump, so the caller is the dealer")
_t("klaberjass.tricks_required", "is required with these house rules (capot or sequences)")
# {got} is the sum as typed: "5 + 4 = 9".
_t("klaberjass.tricks_add_up", "tricks must add up to 8 (got {got})")
_t(
    "klaberjass.no_trick_no_points",
    "a team that took no trick has no card points and not the last trick",
)
_t(
    "klaberjass.all_tricks_all_points",
    "a team that took all 8 tricks has every card point and the last trick",
)
_t("klaberjass.one_bella", "there is only one Bella ({king}+{queen} of trumps) in a hand")
# The hand in progress, once trump is known.
_t("klaberjass.player_called", "{player} called {trump}.")
_t("klaberjass.trump_is", "Trump is {trump}.")
# Notes: {side} and {others} are teams ("Ann & Cleo"); {trump} a suit symbol.
_t("klaberjass.capot", "Capot: {side} took all 8 tricks, {before} becomes {after}.")
_t("klaberjass.called_and_made", "{side} called {trump} and made {points} against {other}.")
_t(
    "klaberjass.tied_half",
    "{side} called {trump} and tied {points}–{other}: they score nothing; "
    "{others} keep their {other}.",
)
_t(
    "klaberjass.tied_forfeit",
    "{side} called {trump} and tied {points} with {other}: they forfeit; "
    "{others} take all {total}.",
)
_t(
    "klaberjass.lost_forfeit",
    "{side} called {trump} and made {points} against {other}: they forfeit; "
    "{others} take all {total}.",
)
_t("klaberjass.bella_kept", "Bella's {points} stays with {side} (house rule).")
_t("klaberjass.bella", "Bella scores {points} for {side}")
# {points} is signed: "+20".
_t("klaberjass.bella_note", "Bella: {player} {points} for {side}.")
# The rule of the sequence ladder that decided ({why} below); {tie} is a phrase of
# declarations ("equal 4-card runs to the Q").
_t("klaberjass.higher_value", "the higher value wins: {value} beats {other}")
_t(
    "klaberjass.higher_top",
    "equal value ({value}): the higher top card wins, {top} over {other}",
)
_t("klaberjass.run_in_trumps", "{tie}: the run in trumps wins")
_t("klaberjass.no_sequences_score", "{tie}, neither in trumps: no sequences score (house rule)")
_t("klaberjass.nearer_the_forehand", "{tie}, neither in trumps: {player} sits nearer the forehand")
_t("klaberjass.sequences_decided", "Sequences: {why}.")
# Verdicts on sequences; {best} describes the best one ("4-card run 9–Q♥").
_t("klaberjass.best_sequence", "the best sequence")
_t("klaberjass.best_sequence_because", "the best sequence ({why})")
_t("klaberjass.outranked", "outranked by {player}'s {best} ({why})")
_t("klaberjass.counts_with_best", "counts with {player}'s best sequence")
_t(
    "klaberjass.only_the_best_player",
    "only {player}, who holds the best sequence, scores (house rule)",
)
_t(
    "klaberjass.no_trick_no_sequences",
    "{side} took no trick, so their sequences do not score (house rule)",
)
_t(
    "klaberjass.best_scores",
    "Sequences: {player}'s {best} ({value}) is best; {side} score {points}.",
)
_t(
    "klaberjass.best_but_no_trick",
    "Sequences: {player}'s {best} ({value}) is best; {side} took no trick and score none.",
)
_t("klaberjass.sequences_count_nothing", "{side}'s sequences count for nothing.")


# --- declarations ------------------------------------------------------------------------

# What was declared: {low} and {top} are ranks, {king} and {queen} the ranks K and Q, {suit}
# a suit symbol.
_t("declarations.run", "{length}-card run {cards}")
# The cards of a run, lowest to top: "9–Q♥".
_t("declarations.run_cards", "{low}–{top}{suit}")
_t("declarations.four_jacks", "four jacks")
_t("declarations.four_queens", "four queens")
_t("declarations.four_kings", "four kings")
_t("declarations.four_aces", "four aces")
_t("declarations.four_tens", "four tens")
_t("declarations.four_nines", "four nines")
_t("declarations.four_eights", "four eights")
_t("declarations.four_sevens", "four sevens")
_t("declarations.four_of_a_kind", "four of a kind")
_t("declarations.bella", "Bella")
_t("declarations.bella_in", "Bella ({king}+{queen}{suit})")
_t("declarations.melds", "melds")
_t("declarations.marriage", "marriage {king}+{queen}{suit}")
# What the messages call one declaration ("is not a declaration key").
_t("declarations.declaration", "declaration")
# Problems with one declaration, numbered as the table listed them.
_t("declarations.unreadable", "declaration {declaration}: {field}: {problem}")
_t(
    "declarations.run_length",
    "declaration {declaration}: a run has 3 to {most} cards, not {length}",
)
_t(
    "declarations.run_top",
    "declaration {declaration}: a run of {length} cannot end at {top} (the lowest top is {lowest})",
)
_t(
    "declarations.shared_card",
    "declarations {first} and {second} both use {card}; there is only one deck",
)
# Ties between runs, inside a rule of the ladder ({tie} in the games' sentences).
_t("declarations.equal_runs", "equal {length}-card runs to the {top}")
_t("declarations.equal_value_runs", "runs of equal value ({value}) to the {top}")
# The hand in progress: {first} and {second} are the two sides.
_t("declarations.points", "Declarations: {first} {first_points}, {second} {second_points}.")
_t("declarations.choose_first", "Choose {what} first to judge the declarations.")
_t("declarations.waits_for", "waits for {what}")
_t("declarations.wait.dealer", "the dealer")
_t("declarations.wait.trump", "trump")
_t("declarations.wait.both", "the dealer and trump")
_tn(
    "declarations.still_being_entered",
    "{count} declaration still being entered.",
    "{count} declarations still being entered.",
)
# A declaration still being entered: what it is so far, and what it still needs.
_t("declarations.pending.sequence", "run")
_t("declarations.pending.four", "four of a kind")
_t("declarations.pending.marriage", "marriage")
_t("declarations.pending.bella", "bella")
_t("declarations.pending.unknown", "declaration")
_t("declarations.pending.run_of", "{length}-card run")
_t("declarations.pending.in_suit", "{what} in {suit}")
_t("declarations.still_to_enter", "still to enter: {what}")
_t("declarations.need.seat", "who")
_t("declarations.need.kind", "what")
_t("declarations.need.length", "how many cards")
_t("declarations.need.top", "the top card")
_t("declarations.need.suit", "the suit")
_t("declarations.need.rank", "the rank")
# A list of the above, one item and the rest: "who, what", "who, what, the suit".
_t("declarations.need.list", "{first}, {rest}")


# --- terz --------------------------------------------------------------------------------

_t("terz.hand", "Terz hand")
_t("terz.setting", "Terz setting")
# {rank} is a rank that makes no four ("9" in "not 9s").
_t(
    "terz.no_four",
    "declaration {declaration}: only jacks, aces, kings and queens make a four, not {rank}s",
)
_t(
    "terz.trump_marriage_only",
    "declaration {declaration}: only the trump marriage counts (house rule)",
)
_t(
    "terz.low_to_high",
    "declaration {declaration}: a run announced after a higher one in the same suit "
    "({earlier}) cannot count; announce runs from low to high",
)
_t("terz.trump_is", "Trump is {trump}.")
# The rule of the combinations' ladder that decided ({why} below); {tie} is a phrase of
# declarations ("equal 4-card runs to the Q").
_t("terz.higher_value", "the higher value wins: {value} beats {other}")
_t("terz.more_cards", "equal value ({value}): more cards win, {cards} over {other}")
_t("terz.higher_top_of_equal_runs", "equal runs: the higher top card wins, {top} over {other}")
_t("terz.higher_top", "equal value ({value}): the higher top card wins, {top} over {other}")
_t("terz.run_in_trumps", "{tie}: the run in trumps wins")
_t("terz.announced_first", "{tie}: {player} announced first")
_t("terz.combinations_decided", "Combinations: {why}.")
# Verdicts; {best} describes the senior combination ("4-card run 9–Q♥").
_t("terz.senior", "the senior combination")
_t("terz.senior_because", "the senior combination ({why})")
_t("terz.counts_with_senior", "counts with the senior")
_t("terz.outranked", "outranked by {player}'s {best} ({why})")
_t(
    "terz.senior_scores",
    "Combinations: {player}'s {best} ({value}) is senior; {player} scores {points} for "
    "combinations.",
)
_t("terz.combinations_count_nothing", "{player}'s combinations count for nothing.")
_t("terz.marriage", "a marriage always scores {points}")
# {points} is signed ("+20"); {marriage} describes it ("marriage K+Q♠").
_t("terz.marriage_note", "Marriage: {player} {points} ({marriage}).")
_t("terz.cards", "Cards {first}–{second}; {player} took the last trick ({points}).")


# --- euchre ------------------------------------------------------------------------------

# What the reader of a Euchre setting or hand calls it ("is not a Euchre hand key").
_t("euchre.reader.setting", "Euchre setting")
_t("euchre.reader.hand", "Euchre hand")
# The score sheet's heading for the player who made trump, and its words for a deal not played.
_t("euchre.taker", "Maker")
_t("euchre.unplayed.redeal", "redeal")
_t("euchre.unplayed.forfeit", "forfeit")
_t("euchre.error.stick_the_dealer", "with stick the dealer, the dealer must name trump")
_t("euchre.error.dealer_forfeit", "with dealer forfeit, the dealer names trump or declines")
_t("euchre.error.decline", "the dealer may decline only with the dealer-forfeit rule")
_t("euchre.error.nobody_made", "a hand nobody made has no maker, trump or tricks")
_t("euchre.error.nobody_made_alone", "a hand nobody made has nobody playing alone")
_t("euchre.error.maker_required", "is required: who ordered up or named trump?")
_t("euchre.error.tricks_required", "is required: how many tricks did the makers win?")
_t("euchre.error.tricks_range", "must be 0 to 5, not {tricks}")
_t("euchre.error.defend_alone_rule", "defending alone is not a house rule here")
_t("euchre.error.defender_alone", "a defender plays alone only against a loner")
_t("euchre.passed_out", "Everyone passed twice: a redeal, nobody scores.")
_t("euchre.dealer_declined", "Everyone passed and {dealer} declined to name trump: {side} +1.")
# The maker's call, the {call} of the notes below: by round, alone or not.
_t("euchre.call.ordered_up", "{maker} ordered up {trump}")
_t("euchre.call.named", "{maker} named {trump}")
_t("euchre.call.made", "{maker} made {trump}")
_t("euchre.call.made_trump", "{maker} made trump")
_t("euchre.call.alone_ordered_up", "{maker} alone ordered up {trump}")
_t("euchre.call.alone_named", "{maker} alone named {trump}")
_t("euchre.call.alone_made", "{maker} alone made {trump}")
_t("euchre.call.alone_made_trump", "{maker} alone made trump")
_tn(
    "euchre.made",
    "{call}; {makers} took {count} trick: {points}.",
    "{call}; {makers} took {count} tricks: {points}.",
)
_t("euchre.marched", "{call}; {makers} marched: {points}.")
_t("euchre.marched_alone", "{call}; {makers} took all 5 alone (march): {points}.")
_tn(
    "euchre.euchred",
    "{call} but {makers} took only {count} trick: {defenders} euchred, {points}.",
    "{call} but {makers} took only {count} tricks: {defenders} euchred, {points}.",
)
_tn(
    "euchre.euchred_lone_hand",
    "{call} but {makers} took only {count} trick: {defenders} euchred a lone hand, {points}.",
    "{call} but {makers} took only {count} tricks: {defenders} euchred a lone hand, {points}.",
)
_tn(
    "euchre.euchred_defending_alone",
    "{call} but {makers} took only {count} trick: "
    "{defenders} euchred a loner, defending alone, {points}.",
    "{call} but {makers} took only {count} tricks: "
    "{defenders} euchred a loner, defending alone, {points}.",
)
_tn(
    "euchre.super_euchre",
    "{call} but {makers} took only {count} trick: "
    "{defenders} super-euchre: the makers took no trick, {points}.",
    "{call} but {makers} took only {count} tricks: "
    "{defenders} super-euchre: the makers took no trick, {points}.",
)


# --- three_o_four ------------------------------------------------------------------------

# What the reader of a 304 setting, hand, call or marriage calls it ("is not a 304 hand key").
_t("three_o_four.reader.setting", "304 setting")
_t("three_o_four.reader.hand", "304 hand")
_t("three_o_four.reader.bid", "bid")
_t("three_o_four.reader.marriage", "marriage")
# How the scoreboard names the player left of the dealer, and the score sheet the bidder.
_t("three_o_four.opener", "bids first")
_t("three_o_four.taker", "Bidder")
_t("three_o_four.progress.deal", "deal {deal} of {deals}")
_t("three_o_four.progress.extra_deal", "extra deal {deal} (a tie after {deals})")
_t("three_o_four.error.bid", "a bid is a multiple of 5 from 150 to {top}, not {bid}")
_t(
    "three_o_four.error.unfinished",
    "the auction is not finished: keep going until all but one pass",
)
_t("three_o_four.error.over", "call {call}: the auction was already over")
_t("three_o_four.error.turn", "call {call}: it was {expected}'s turn, not {caller}'s")
_t("three_o_four.error.first_bid", "call {call}: the first bid is 150 to 180 in fives, not {bid}")
_t("three_o_four.error.304_after", "call {call}: 304 may only follow a bid of 275 or more")
_t("three_o_four.error.raise", "call {call}: a raise is 5 to 30 in fives over {high}, not {bid}")
_t("three_o_four.error.highest", "call {call}: the highest bid is {top}")
_t("three_o_four.error.call", "call {place}: {field}: {problem}")
_t("three_o_four.error.ends", "the auction ends with {winner} at {won}, not {bidder} at {bid}")
_t("three_o_four.error.ends_not_bidder", "the auction ends with {winner} at {won}, not {bidder}")
_t("three_o_four.error.ends_not_bid", "the auction ends with {winner} at {won}, not at {bid}")
_t(
    "three_o_four.error.partner",
    "the bidder calls a card he does not hold: the partner is another player",
)
_t("three_o_four.error.marriage", "marriage {place}: {field}: {problem}")
_t("three_o_four.error.marriage_twice", "marriage {marriage}: there is one K+Q{suit}")
_t(
    "three_o_four.error.marriage_bidder_early",
    "marriage {marriage}: the bidder's side showed it before winning a trick",
)
_t(
    "three_o_four.error.marriage_other_early",
    "marriage {marriage}: the other side showed it before winning a trick",
)
_t("three_o_four.error.tricks", "must be 0 to {most}, not {tricks}")
_t("three_o_four.error.points", "trick points are 0 to 304, never 1 or 303 (got {points})")
_t("three_o_four.error.no_trick", "a side that won no trick has no trick points")
_t("three_o_four.error.widow_points", "two cards hold 0 to 60 points, not {points}")
_t("three_o_four.error.widow_exceeds", "trick points and widow points exceed 304")
_t("three_o_four.error.widow_all_tricks", "all 10 tricks and the widow hold all 304 points")
_t("three_o_four.error.all_tricks", "all 8 tricks hold all 304 points")
# A marriage shown, judged: how far it moves the bidder's target.
_t(
    "three_o_four.lowers_in_trumps",
    "the bidder's side shows it in trumps: lowers the bidder's target by {points}",
)
_t("three_o_four.lowers", "the bidder's side shows it: lowers the bidder's target by {points}")
_t(
    "three_o_four.raises_in_trumps",
    "the other side shows it in trumps: raises the bidder's target by {points}",
)
_t("three_o_four.raises", "the other side shows it: raises the bidder's target by {points}")
# The deal in progress: each marriage being entered, and what it still waits for.
_t("three_o_four.marriage", "marriage")
_t("three_o_four.marriage_of", "marriage K+Q{suit}")
_t("three_o_four.still_to_enter_who", "still to enter: who")
_t("three_o_four.still_to_enter_suit", "still to enter: the suit")
_t("three_o_four.still_to_enter_both", "still to enter: who, the suit")
_t("three_o_four.waits_for", "waits for {facts}")
_t("three_o_four.fact.bidder", "the bidder")
_t("three_o_four.fact.trump", "trump")
_t("three_o_four.fact.partner", "the partner")
# Lists: facts still to choose ("the bidder and trump"), marriages in a note or a line.
_t("three_o_four.list.and", "{first} and {rest}")
_t("three_o_four.list.comma", "{first}, {rest}")
_t("three_o_four.list.semicolon", "{first}; {rest}")
_t("three_o_four.target", "Target {bid}.")
_t("three_o_four.target_moved", "Target {bid} → {target}: {shown}.")
_t("three_o_four.side_shows", "{player}'s side shows the {suit} marriage ({shift})")
_t(
    "three_o_four.side_shows_in_trumps",
    "{player}'s side shows the {suit} marriage in trumps ({shift})",
)
_t("three_o_four.target_waits", "Target {bid} → ?: choose {facts} first.")
_t("three_o_four.target_entering", "Target {bid} → ?: a marriage is being entered.")
_t("three_o_four.bid_moved", "The marriages move the bid by {shift}.")
# The contract as far as it is known, in the deal in progress.
_t("three_o_four.bid", "{bidder} bid {bid}.")
_t("three_o_four.bid_called", "{bidder} bid {bid}, called {card}.")
_t("three_o_four.bid_called_partner", "{bidder} bid {bid}, called {card} ({partner}).")
_t("three_o_four.bid_in", "{bidder} bid {bid} in {trump}.")
_t("three_o_four.bid_in_called", "{bidder} bid {bid} in {trump}, called {card}.")
_t(
    "three_o_four.bid_in_called_partner",
    "{bidder} bid {bid} in {trump}, called {card} ({partner}).",
)
_t("three_o_four.bids", "{bidder} bids.")
_t("three_o_four.bids_called", "{bidder} bids, called {card}.")
_t("three_o_four.bids_called_partner", "{bidder} bids, called {card} ({partner}).")
_t("three_o_four.bids_in", "{bidder} bids in {trump}.")
_t("three_o_four.bids_in_called", "{bidder} bids in {trump}, called {card}.")
_t("three_o_four.bids_in_called_partner", "{bidder} bids in {trump}, called {card} ({partner}).")
# The notes of a deal: the contract, then the result.
_t(
    "three_o_four.contract_marriages",
    "{bidder} bid {bid} in {trump}; marriages: {marriages}; target {target}.",
)
_t(
    "three_o_four.contract_called_marriages",
    "{bidder} bid {bid} in {trump}, called {card} ({partner}); marriages: {marriages}; "
    "target {target}.",
)
_t("three_o_four.marriage_shown", "{player} K+Q{suit} ({shift})")
_t("three_o_four.bidder_and_partner", "{bidder} and {partner}")
_tn(
    "three_o_four.slam_made",
    "Slam declared and all {count} trick won: {who} +4.",
    "Slam declared and all {count} tricks won: {who} +4.",
)
_t("three_o_four.slam_as_usual", "Slam declared and lost; scored as usual: {who} {result}.")
_t("three_o_four.slam_lost", "Slam declared but not all tricks won: {who} {result}.")
_t("three_o_four.reached", "{points} reached {target}: {who} {result}.")
_t("three_o_four.fell_short", "{points} fell short of {target}: {who} {result}.")
_t(
    "three_o_four.widow_reached",
    "{points} + {widow} in the widow reached {target}: {who} {result}.",
)
_t(
    "three_o_four.widow_fell_short",
    "{points} + {widow} in the widow fell short of {target}: {who} {result}.",
)
_t("three_o_four.played_alone", "{bidder} played on alone after the called card was lost.")


# --- hoskin ------------------------------------------------------------------------------

# Hoşkin keeps the table's Turkish words in English too: ihale (the auction), koz (trump),
# evli (a marriage), seri (the trump run), pinik (Q♠ + J♦), gömü (the buried five cards),
# baraj (the target).
# What the reader of a Hoşkin setting, hand or call calls it ("is not a Hoşkin hand key").
_t("hoskin.reader.setting", "Hoşkin setting")
_t("hoskin.reader.hand", "Hoşkin hand")
_t("hoskin.reader.bid", "bid")
# The score sheet's heading for the holder, its word for a void deal, and (Tekli) how the
# scoreboard names the player left of the dealer.
_t("hoskin.taker", "Holder")
_t("hoskin.unplayed.void", "void")
_t("hoskin.opener", "speaks first")
_t("hoskin.progress", "baraj {target}")
# The melds a player's cards make, as the meld calculator lists them.
_t("hoskin.meld.run", "Seri (run) in {trump}")
_t("hoskin.meld.double_run", "Double seri (run) in {trump}")
_t("hoskin.meld.triple_run", "Triple seri (run) in {trump}")
_t("hoskin.meld.quadruple_run", "Quadruple seri (run) in {trump}")
_t("hoskin.meld.marriage", "Evli K+Q{suit}")
_t("hoskin.meld.marriages", "Evli K+Q{suit} × {times}")
_t("hoskin.meld.aces", "Aces around (4 aces)")
_t("hoskin.meld.double_aces", "Double aces around (8 aces)")
_t("hoskin.meld.triple_aces", "Triple aces around (12 aces)")
_t("hoskin.meld.quadruple_aces", "Quadruple aces around (16 aces)")
_t("hoskin.meld.kings", "Kings around (4 kings)")
_t("hoskin.meld.double_kings", "Double kings around (8 kings)")
_t("hoskin.meld.triple_kings", "Triple kings around (12 kings)")
_t("hoskin.meld.quadruple_kings", "Quadruple kings around (16 kings)")
_t("hoskin.meld.queens", "Queens around (4 queens)")
_t("hoskin.meld.double_queens", "Double queens around (8 queens)")
_t("hoskin.meld.triple_queens", "Triple queens around (12 queens)")
_t("hoskin.meld.quadruple_queens", "Quadruple queens around (16 queens)")
_t("hoskin.meld.jacks", "Jacks around (4 jacks)")
_t("hoskin.meld.double_jacks", "Double jacks around (8 jacks)")
_t("hoskin.meld.triple_jacks", "Triple jacks around (12 jacks)")
_t("hoskin.meld.quadruple_jacks", "Quadruple jacks around (16 jacks)")
_t("hoskin.meld.pinik", "Pinik (Q♠ + J♦)")
_t("hoskin.meld.double_pinik", "Double pinik (Q♠ + J♦)")
_t("hoskin.meld.triple_pinik", "Triple pinik (Q♠ + J♦)")
_t("hoskin.meld.quadruple_pinik", "Quadruple pinik (Q♠ + J♦)")
_t("hoskin.error.not_in_pack", "{card} is not in the Hoşkin pack (A 10 K Q J)")
_t("hoskin.error.copies", "there are 4 copies of {card}, not {copies}")
_t("hoskin.error.void", "a void deal is redealt: nobody holds a contract")
_t("hoskin.error.forced", "a forced contract is held at 550")
_t(
    "hoskin.error.ends",
    "the auction ends with {winner} at {won}, not {holder} at {contract}",
)
_t(
    "hoskin.error.ends_forced",
    "the auction ends with {winner} at {won} (forced), not {holder} at {contract}",
)
_t("hoskin.error.negative_tricks", "trick points cannot be negative")
_t("hoskin.error.tricks_sum", "must add up to 480 (got {sum} = {total})")
_t("hoskin.error.struck_side", "meld is struck only from the side without the contract")
_t("hoskin.error.struck", "struck meld is in tens and at most that side's melds ({melds})")
_t(
    "hoskin.error.void_holder",
    "a deal is void only after three passes, when seat {seat} (speaking first) is forced at 550",
)
_t("hoskin.error.void_forced", "a deal is void only after three passes: it was forced")
_t("hoskin.error.forced_first", "after three passes the first speaker is forced at 550")
_t("hoskin.error.ladder_first", "{holder} speaks first, so takes the ihale at 550, not {contract}")
_t(
    "hoskin.error.ladder_second",
    "{holder} speaks second, so takes the ihale at 650, not {contract}",
)
_t("hoskin.error.ladder_third", "{holder} speaks third, so takes the ihale at 750, not {contract}")
_t("hoskin.error.gomu_points", "five cards hold 0 to {most}, not {points}")
_t(
    "hoskin.error.tekli_sum",
    "tricks and gömü must add up to 480 (got {sum} + {gomu} = {total})",
)
_t("hoskin.error.call", "call {call}: {field}: {problem}")
_t("hoskin.error.over", "call {call}: the ihale was already over")
_t("hoskin.error.answer", "call 2: the other team's speaker answers")
_t("hoskin.error.turn", "call {call}: it was {expected}'s turn")
_t("hoskin.error.opening", "call {call}: the ihale opens at 550 in {step}s")
_t("hoskin.error.rise", "call {call}: a bid rises over {high} in {step}s")
_t("hoskin.error.unfinished", "the ihale is not finished: it ends when one speaker passes")
_t("hoskin.error.contract", "the ihale opens at 550 and rises in {step}s; {contract} is not one")
_tn(
    "hoskin.error.meld_cards",
    "must list at most {count} player's cards",
    "must list at most {count} players' cards",
)
_t("hoskin.error.not_a_list", "{player}: must be a list of cards")
_t("hoskin.error.player", "{player}: {problem}")
_t("hoskin.error.melds", "{player}'s melds are 0 or more in tens, not {melds}")
_t("hoskin.error.gomu_cards", "the gömü is 5 cards, not {cards}")
_t("hoskin.error.gomu_worth", "the five gömü cards are worth {points}, not {given}")
# Why a contract fails whatever the points.
_t("hoskin.failure.meld_short", "a recount found less meld than declared")
_t("hoskin.failure.aces_claim_false", "a hidden aces claim proved false")
_t("hoskin.failure.recount", "the first-trick recount found less meld than declared")
_t("hoskin.failure.burial", "an ace or trump was buried without announcing it")
# The deal in progress: each player's melds and whether they count.
_t("hoskin.melds", "melds")
_t("hoskin.cards_laid_out", "cards laid out")
_t("hoskin.no_meld", "no meld")
_t("hoskin.meld_points", "{meld} {points}")
_t("hoskin.list.comma", "{first}, {rest}")
_t("hoskin.list.cards", "{first} {rest}")
_t("hoskin.waits_for_trump", "waits for trump")
_t("hoskin.cards_make", "the cards make {total}, not {entered} as entered; {reason}")
_t("hoskin.counts_unless", "counts unless the contract side fails")
# Partners: the side is a team; Tekli: the holder alone.
_t("hoskin.counts_if_side_makes", "counts if {side} make {contract}")
_t("hoskin.counts_if_side_makes_contract", "counts if {side} make the contract")
_t("hoskin.counts_if_holder_makes", "counts if {holder} makes {contract}")
_t("hoskin.counts_if_holder_makes_contract", "counts if {holder} makes the contract")
_t("hoskin.counts_side_keeps", "counts: the side without the contract keeps its points")
_t("hoskin.counts_holder_risks", "counts: only the holder risks his meld")
_t("hoskin.melds_line", "Melds: {melds}.")
_t("hoskin.side_melds", "{side} {points}")
_t("hoskin.holds", "{holder} holds the ihale at {contract}.")
_t("hoskin.holds_forced", "{holder} holds the ihale at {contract} (forced).")
_t("hoskin.holds_koz", "{holder} holds the ihale at {contract}, koz {trump}.")
_t("hoskin.holds_forced_koz", "{holder} holds the ihale at {contract} (forced), koz {trump}.")
_t("hoskin.holds_need", "{holder} holds the ihale at {contract}: {need}.")
_t("hoskin.holds_forced_need", "{holder} holds the ihale at {contract} (forced): {need}.")
_t("hoskin.holds_koz_need", "{holder} holds the ihale at {contract}, koz {trump}: {need}.")
_t(
    "hoskin.holds_forced_koz_need",
    "{holder} holds the ihale at {contract} (forced), koz {trump}: {need}.",
)
_t("hoskin.side_needs", "{side} need {points} more from play")
_t("hoskin.holder_needs", "{holder} needs {points} more from play")
# Tekli: the gömü as its cards are picked, and who will take its points.
_t("hoskin.gomu", "Gömü: {points}, {to}.")
_t("hoskin.gomu_cards", "Gömü: {points} ({cards}), {to}.")
_tn(
    "hoskin.gomu_to_pick",
    "Gömü: {points} ({cards}); {count} card still to pick, {to}.",
    "Gömü: {points} ({cards}); {count} cards still to pick, {to}.",
)
_t("hoskin.gomu_to_last_trick", "to whoever takes the last trick")
_t("hoskin.gomu_to_named_holder", "to {holder}, the holder (house rule)")
_t("hoskin.gomu_to_holder", "to the holder (house rule)")
# The melds' verdicts and the notes of a deal.
_t("hoskin.lost_with_contract", "lost with the contract")
_t("hoskin.counts", "counts")
_t("hoskin.void", "A void deal: redealt, nobody scores.")
_t(
    "hoskin.void_forced",
    "{holder} was forced at {contract} and holds no marriage: a void deal, redealt, nobody scores.",
)
_t("hoskin.made", "{side} held the ihale at {contract}, koz {trump}, and made {points}: {gain}.")
_t(
    "hoskin.made_forced",
    "{side} held the ihale at {contract} (forced), koz {trump}, and made {points}: {gain}.",
)
_t("hoskin.failed", "{side} held the ihale at {contract}, koz {trump}, but {why}: {loss}.")
_t(
    "hoskin.failed_forced",
    "{side} held the ihale at {contract} (forced), koz {trump}, but {why}: {loss}.",
)
_t("hoskin.made_only", "made only {points}")
# A side's points, added up: "melds 410 + tricks 300 + last trick 20 = 730".
_t("hoskin.side_points", "{side}: {sum} = {total}.")
_t("hoskin.plus", "{sum} + {part}")
_t("hoskin.minus", "{sum} − {part}")
_t("hoskin.part.melds", "melds {points}")
_t("hoskin.part.struck", "struck {points}")
_t("hoskin.part.tricks", "tricks {points}")
_t("hoskin.part.last_trick", "last trick {points}")
_t("hoskin.part.gomu", "gömü {points}")


# --- variant, game, record ---------------------------------------------------------------

_tn(
    "variant.players",
    "must list {count} name in seat order",
    "must list {count} names in seat order",
)
_t("variant.to_target", "to {target}")
# Translators: who has won. The form is chosen by how many players {names} holds (a team is
# two), so that the verb agrees; the number itself is not written.
_tn("variant.wins", "{names} wins", "{names} win")
_t("registry.unknown_game", "unknown game {game} (known: {known})")
# The command line's line for a hand that cannot be scored; {field} is the hand's key.
_t("game.hand_error", "hand {number}: {field}: {problem}")
_t("game.already_ended", "the game already ended after hand {number}")
_t("game.hand_not_an_object", "each hand must be an object")
_t("record.too_large", "is larger than {megabytes} MB, the most a record may be")
_t("record.too_deep_to_read", "is nested too deeply to be a game record")
# {problem} is what Python's JSON reader expected, in English: "Expecting value".
_t("record.not_json_at", "not JSON: {problem} (line {line})")
# Python's own words for text that is not UTF-8.
_t("record.unreadable", "{problem}")
_t("record.not_json", "not JSON")
_tn(
    "record.long_number",
    "holds a number of more than {count} digit",
    "holds a number of more than {count} digits",
)
_t("record.constant", "holds {constant}, which is not a number in JSON")
# {most} and {hands} are written with their thousands: "5,000".
_t("record.too_many_hands", "a record holds at most {most} hands; this one has {hands}")
_t("record.too_deep", "is nested too deeply for a game record")
_tn(
    "record.too_long",
    "is longer than {count} character",
    "is longer than {count} characters",
)
_tn("record.too_many_items", "holds more than {count} item", "holds more than {count} items")
_tn(
    "record.key_too_long",
    "has a key longer than {count} character",
    "has a key longer than {count} characters",
)
_t("record.not_an_object", "a game record must be a JSON object")
_t("record.unknown_key", "is not a game record key")
_t("record.format", "must be {format}")
_t("record.settings_not_an_object", "must be an object")
_tn(
    "record.players",
    "must list {count} name in seat order",
    "must list {count} names in seat order",
)
_t("record.hands_not_a_list", "must be a list")

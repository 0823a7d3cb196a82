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
- `Text`: a word or phrase of its own, rendered in the same language (a card's rank, "made").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from games.engine.wording import number

type Param = str | int | Text
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


class English:
    """The catalogue as written."""

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
    return value


def _decode(value: Any) -> Param:
    if isinstance(value, dict):
        return Text.from_json(value)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return str(value)
    return value


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
_t("declarations.run", "{length}-card run {low}–{top}{suit}")
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


# --- three_o_four ------------------------------------------------------------------------


# --- hoskin ------------------------------------------------------------------------------


# --- variant, game, record ---------------------------------------------------------------

_tn(
    "variant.players",
    "must list {count} name in seat order",
    "must list {count} names in seat order",
)
_t("variant.to_target", "to {target}")
# Translators: who has won. {count} is how many players the subject names (a team is two),
# so that the verb agrees; "{count:.0}" writes nothing.
_tn("variant.wins", "{names} wins{count:.0}", "{names} win{count:.0}")
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

"""The English sentences of declarations and the sequence contest (Klaberjass, Terz)."""

from games.engine.texts import _t, _tn

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

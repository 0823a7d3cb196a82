"""The English sentences of Terz."""

from games.engine.texts import _t

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

"""The English sentences of Klaberjass."""

from games.engine.texts import _t

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

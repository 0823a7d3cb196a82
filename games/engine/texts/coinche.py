"""The English sentences of Belote contrée (coinche)."""

from games.engine.texts import _t, _tn

# Coinche keeps the table's French words in English too: belote (K+Q of trumps), coinche
# (the double) and surcoinche (the redouble), capot (all eight tricks), générale (all eight
# by the taker alone), carré (four of a kind), dix de der (the last trick's 10).
# What the reader of a Coinche setting, hand or call calls it ("is not a Coinche hand key").
_t("coinche.reader.setting", "Coinche setting")
_t("coinche.reader.hand", "Coinche hand")
_t("coinche.reader.call", "call")
# The score sheet's heading for the taker, how the scoreboard names the forehand, and the
# sheet's word for a deal all four passed.
_t("coinche.taker", "Taker")
_t("coinche.opener", "speaks first")
_t("coinche.unplayed.passed", "passed")
# A contract as bid, with its trump suit: "100♥", "capot ♦", "générale ♥".
_t("coinche.bid.number", "{value}{suit}")
_t("coinche.bid.capot", "capot {suit}")
_t("coinche.bid.generale", "générale {suit}")
_t("coinche.contract.capot", "capot")
_t("coinche.contract.generale", "générale")
# The score sheet's contract when it was coinched (doubled) or surcoinched (redoubled):
# "100 ×2", "capot ×4"; {contract} is a number or one of the two words above.
_t("coinche.sheet.coinched", "{contract} ×2")
_t("coinche.sheet.surcoinched", "{contract} ×4")
# How far the auction went, in coinche.error.level.
_t("coinche.level.none", "without a coinche")
_t("coinche.level.coinche", "with a coinche")
_t("coinche.level.surcoinche", "with a surcoinche")
# A setting or a hand key that breaks a rule; {value} is what was typed.
_t("coinche.error.max_contract", "must be {least} to {most} in steps of {step}, not {value}")
_t("coinche.error.not_a_contract", 'must be a number, "capot" or "generale", not {value}')
_t("coinche.error.contract_low", "must be at least {least}, not {value}")
_t("coinche.error.contract_high", "must be at most {most}, not {value}")
_t("coinche.error.contract_step", "must be {least} or more in steps of {step}, not {value}")
_t("coinche.error.no_generale", "the générale is a bid only with the générale house rule")
_t("coinche.error.nobody_took", "nobody took a contract")
_t(
    "coinche.error.all_tricks",
    "a team that won every trick has all 152 card points and the last trick",
)
_t("coinche.error.alone", "a taker who won every trick alone is on the team that won them all")
_t("coinche.error.no_announcements", "announcements are not played at this table (house rule)")
# Announcements, numbered as the table listed them; {carre} names one ("four nines").
_t(
    "coinche.error.low_carre",
    "declaration {declaration}: a carré of sevens or eights scores nothing",
)
_t(
    "coinche.error.same_carre",
    "declarations {first} and {second} are both {carre}; there is only one deck",
)
_tn(
    "coinche.error.too_many_cards",
    "{player}'s announcements show {count} different card; a player holds 8",
    "{player}'s announcements show {count} different cards; a player holds 8",
)
_t(
    "coinche.error.belote_card",
    "declaration {declaration}: {card} is {player}'s, who has the belote",
)
# The auction's calls, numbered from 1 as they were made.
_t("coinche.error.call", "call {call}: {field}: {problem}")
_t(
    "coinche.error.call_kind",
    "call {call}: a call is one of a bid, a pass, a coinche or a surcoinche",
)
_t("coinche.error.turn", "call {call}: it was {expected}'s turn, not {caller}'s")
_t("coinche.error.not_higher", "call {call}: a bid must be higher than {high}")
_t("coinche.error.nothing_to_coinche", "call {call}: there is no bid to coinche")
_t("coinche.error.coinche_team", "call {call}: only the other team can coinche")
_t("coinche.error.no_coinche", "call {call}: a surcoinche answers a coinche")
_t("coinche.error.surcoinche_team", "call {call}: only the bidding team can surcoinche")
_t(
    "coinche.error.after_coinche",
    "call {call}: a coinche ends the bidding; only a surcoinche may follow",
)
_t("coinche.error.over", "call {call}: the auction was already over")
_t(
    "coinche.error.unfinished",
    "the auction is not finished: it ends with three passes after a bid, four passes, or a coinche",
)
_t("coinche.error.all_passed", "all four passed: the deal was passed, not played")
_t("coinche.error.not_passed", "the auction has a contract, so the deal was not passed")
# {won} and {contract} are bids ("100♥").
_t("coinche.error.ends", "the auction ends with {winner}'s {won}, not {taker}'s {contract}")
_t("coinche.error.level", "the auction ends {level}, not {given}")
# The notes of a deal: {side} and {others} are teams ("Ann & Cleo"), {contract} a bid.
_t("coinche.passed", "All four passed: the cards are thrown in and nobody scores.")
_t("coinche.took", "{player} took {contract} for {side}.")
_t("coinche.took_coinched", "{player} took {contract} for {side}, coinched (×2).")
_t(
    "coinche.took_surcoinched",
    "{player} took {contract} for {side}, coinched and surcoinched (×4).",
)
_t("coinche.every_trick", "{side} won every trick: {points} trick points.")
# {points} is signed: "+20".
_t("coinche.belote", "Belote: {player} {points} for {side}.")
_t("coinche.made", "{side} count {points} for the contract against {other}: {contract} is made.")
_t("coinche.short", "{side} count {points} for the contract, short of {value}: {contract} fails.")
_t(
    "coinche.not_more",
    "{side} count {points} for the contract against {other}, not more: {contract} fails.",
)
_t("coinche.capot_made", "{side} made {contract}.")
_t("coinche.capot_failed", "{side} did not win every trick: {contract} fails.")
_t("coinche.generale_made", "{player} won every trick alone: {contract} is made.")
_t("coinche.generale_failed", "{player} did not win every trick alone: {contract} fails.")
_t("coinche.belote_kept", "{side} keep their belote ({points}).")
_t("coinche.belote_goes", "{side}'s belote ({points}) goes to {others} (house rule).")
_t("coinche.announcements_go", "{side}'s announcements ({points}) go to {others}.")
# {sum} adds a side's score up: "(160 + 130) × 2 = 580", "113 + 100 = 213 → 210".
_t("coinche.scores", "{side} score {sum}.")
# The rule of the announcements' ladder that decided ({why} below); {tie} is a phrase of
# declarations ("equal 4-card runs to the Q").
_t("coinche.higher_value", "the higher value wins: {value} beats {other}")
_t("coinche.higher_card", "equal value ({value}): the higher card wins, {top} over {other}")
_t("coinche.run_in_trumps", "{tie}: the run in trumps wins")
_t("coinche.nearer_the_forehand", "{tie}, neither in trumps: {player} sits nearer the forehand")
_t("coinche.announcements_decided", "Announcements: {why}.")
# Verdicts on announcements; {best} describes the best one ("4-card run 8–J♠").
_t("coinche.best", "the best announcement")
_t("coinche.best_because", "the best announcement ({why})")
_t("coinche.outranked", "outranked by {player}'s {best} ({why})")
_t("coinche.counts_with_best", "counts with {player}'s best announcement")
_t(
    "coinche.best_scores",
    "Announcements: {player}'s {best} ({value}) is best; {side} score {points}.",
)
_t("coinche.count_nothing", "{side}'s announcements count for nothing.")
# The deal in progress: the auction so far, and what the takers need from the cards.
_t("coinche.auction_open", "Auction: no bid yet; {player} to speak.")
_t("coinche.auction_high", "Auction: {bidder} bid {contract}; {player} to speak.")
_t("coinche.need", "{side} need {points} of the {total} trick points to make {contract}.")
_t("coinche.need_every_trick", "{side} must win every trick to make {contract}.")
_t("coinche.need_alone", "{player} must win every trick alone to make {contract}.")
_t("coinche.cannot_make", "{side} cannot make {contract}, even winning every trick.")

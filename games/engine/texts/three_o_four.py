"""The English sentences of 304 and the three-hand widow form."""

from games.engine.texts import _t, _tn

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

"""The English sentences of Hoşkin and Hoşkin Tekli."""

from games.engine.texts import _t, _tn

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

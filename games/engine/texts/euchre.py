"""The English sentences of Euchre."""

from games.engine.texts import _t, _tn

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

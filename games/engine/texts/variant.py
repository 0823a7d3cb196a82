"""The English sentences of what every game says: progress, winners, reading a game and a record."""

from games.engine.texts import _t, _tn

_tn(
    "variant.players",
    "must list {count} name in seat order",
    "must list {count} names in seat order",
)
_t("variant.to_target", "to {target}")
# Where a game of a number of deals stands (a club night's round of N deals).
_t("variant.deal_of", "deal {deal} of {deals}")
# Translators: who has won. The form is chosen by how many players {names} holds (a team is
# two), so that the verb agrees; the number itself is not written.
_tn("variant.wins", "{names} wins", "{names} win")
_t("registry.unknown_game", "unknown game {game} (known: {known})")
# The command line's line for a hand that cannot be scored; {field} is the hand's key.
_t("game.hand_error", "hand {number}: {field}: {problem}")
_t("game.already_ended", "the game already ended after hand {number}")
_t("game.hand_not_an_object", "each hand must be an object")
# {most} is written with its thousands: "5,000".
_t("game.too_many_hands", "a game holds at most {most} hands: start a new game to play on")
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
# A lone surrogate ("\ud800" in JSON): half of a character, which nothing can store or show.
_t("record.not_text", "holds a broken character (half of a UTF-16 pair)")
_t("record.key_not_text", "has a key holding a broken character (half of a UTF-16 pair)")
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
# {example} is a moment written as a record writes it: "2026-12-01T21:30:00+01:00".
_t("record.played_not_text", "must be a date and time written as text, such as {example}")
_t(
    "record.played_format",
    "must be a date and time with its offset from UTC, such as {example}",
)
_t("record.played_year", "must be in a year from {first} to {last}")
_t("record.played_impossible", "is not a date and time that exists")

"""The English sentences of cards, numbers, reading, rounds: the pieces every game shares."""

from games.engine.texts import _t, _tn

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
# {points} is the number typed for one side, {total} the deck's card points.
_t("cards.points_over", "{points} is more than the {total} card points of the deck")
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
# A record wrote a number as text, in quotes: {value} is it as written, "0".
_t("reading.quoted_number", "must be a whole number, written without quotes, not {value}")
# A record wrote a number (or true, false, a list) where the spec has text: a suit, a card.
_t("reading.not_text", "must be text in quotes, not {value}")
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

# names.py: a name a person typed, quoted with its hidden characters written as <U+202E>;
# {code} is the code point of the character that is wrong ("U+202E").
_t("names.empty", "a name cannot be empty")
_t("names.blank", "{name} shows nothing: it is only blank or invisible characters")
_t("names.control", "{name} holds a control character ({code}), which cannot be shown")
_t(
    "names.direction",
    "{name} holds a direction mark ({code}), which would turn the text around it",
)
_t("names.not_text", "{name} holds a character that is not text ({code})")
_t(
    "names.twice",
    "two seats have the same name ({name}); case and invisible characters do not count",
)

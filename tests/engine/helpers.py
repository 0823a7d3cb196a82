"""What the engine tests share: a Klaberjass hand to vary and the declarations the Jack–Nine
games announce, the check that an entry is refused, and the pseudo-language that shows
whether what the table reads came from the catalogue."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from games.engine import GameState, InvalidHand, ScorerError, get_variant
from games.engine.game import HandError
from games.engine.numbers import NotANumber
from games.engine.texts import CATALOGUE, Text
from games.engine.variant import Interim, Variant

KLOB = get_variant("klaberjass")
PLAYERS = ("You", "West", "North", "East")


# --- Hands and declarations ---------------------------------------------------------------


def hand(**facts: Any) -> dict[str, Any]:
    """A Klaberjass hand: you call ♥ with East dealing and make 96 against 56; `facts` change
    any of it."""
    base: dict[str, Any] = {
        "dealer": 3,
        "caller": 0,
        "trump": "H",
        "card_points": [96, 56],
        "last_trick": 0,
    }
    base.update(facts)
    return base


def run(seat: int, length: int, top: str, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "length": length, "top": top, "suit": suit}


def four(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "four", "rank": rank}


def marriage(seat: int, suit: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "marriage", "suit": suit}


def bella(seat: int) -> dict[str, Any]:
    return {"seat": seat, "kind": "bella"}


def score(facts: dict[str, Any], **settings: Any) -> Any:
    """A Klaberjass hand scored on its own, as the first hand of a game, under these house
    rules."""
    s = KLOB.settings(settings)
    state = GameState(totals=(0, 0), sides=KLOB.side_names(PLAYERS), players=PLAYERS)
    return KLOB.score_hand(KLOB.hand(facts, s), s, state)


def rejects(
    variant: Variant[Any, Any] | str,
    facts: dict[str, Any],
    field: str,
    fragment: str,
    **settings: Any,
) -> str:
    """Asserts the game (a variant or its key) refuses the hand, naming `field`, with a message
    that says `fragment`; the message."""
    game = get_variant(variant) if isinstance(variant, str) else variant
    with pytest.raises(InvalidHand) as caught:
        game.hand(facts, game.settings(settings))
    assert caught.value.field == field
    assert fragment in caught.value.message
    return caught.value.message


# --- The catalogue's pseudo-language ---------------------------------------------------------


def placeholders(pattern: str) -> list[str]:
    return sorted({name for _, name, _, _ in string.Formatter().parse(pattern) if name})


class Pseudo:
    """Each sentence becomes ⟦id placeholders⟧: no word of its English survives."""

    def pgettext(self, context: str, message: str) -> str:
        return "⟦" + " ".join(["#", *(f"{{{p}}}" for p in placeholders(message))]) + "⟧"

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return self.pgettext(context, plural)


def leftover_english(rendered: str, known: set[str]) -> list[str]:
    """Words of three letters or more outside the markers that are not names or values."""
    stripped = re.sub(r"[⟦⟧#]", " ", rendered)
    return [w for w in re.findall(r"[A-Za-z]{3,}", stripped) if w not in known]


def ids_in(text: Text) -> set[str]:
    """The sentence's id and those of the words and phrases inside it."""
    nested = (ids_in(v) for v in text.params.values() if isinstance(v, Text))
    return {text.id}.union(*nested)


# --- What the table reads, case by case (Klaberjass, Terz and the shared pieces) -------------

# The players of those cases.
FOUR = ("Ann", "Ben", "Cleo", "Dov")
TWO = ("Ann", "Ben")

# name: (what the table reads, the words it may quote: names, keys and values as typed)
type Cases = dict[str, tuple[Callable[[], Iterable[str]], set[str]]]


def in_spades(**facts: Any) -> dict[str, Any]:
    """The Klaberjass hand of the catalogue cases: ♠ called, 100 against 52."""
    return hand(**({"trump": "S", "card_points": [100, 52]} | facts))


def terz_deal(**facts: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"dealer": 1, "trump": "C", "card_points": [80, 60], "last_trick": 1}
    return base | facts


def scored(
    variant: Any, facts: dict[str, Any], players: tuple[str, ...], **settings: Any
) -> list[str]:
    """The notes and the verdicts' reasons of one hand."""
    s = variant.settings(settings)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=players)
    score = variant.score_hand(variant.hand(facts, s, players), s, state)
    return [*score.notes, *(v.reason for v in score.verdicts)]


def told(interim: Interim) -> list[str]:
    """All an interim says: its lines, and each row's description and reason."""
    return [*interim.lines, *(t for row in interim.rows for t in (row.declared, row.reason))]


def in_progress(variant: Any, facts: Any, players: tuple[str, ...], **settings: Any) -> list[str]:
    return told(variant.interim(facts, variant.settings(settings), players))


def refused(attempt: Callable[[], object]) -> list[str]:
    """The message of the error an attempt raises (and a HandError's whole sentence)."""
    try:
        attempt()
    except ScorerError as error:
        return [error.message, *([error.text] if isinstance(error, HandError) else [])]
    except NotANumber as error:
        return [error.message]
    raise AssertionError("not refused")


def klob_refuses(facts: dict[str, Any], **settings: Any) -> list[str]:
    return refused(lambda: KLOB.hand(facts, KLOB.settings(settings), FOUR))


def terz_refuses(facts: dict[str, Any], **settings: Any) -> list[str]:
    terz = get_variant("terz")
    return refused(lambda: terz.hand(facts, terz.settings(settings), TWO))


def reads_only_catalogue(case: str, cases: Cases) -> None:
    """Asserts the case says something, all of it catalogue sentences with no English left in
    the pseudo-language but the names and the words it quotes."""
    say, quoted = cases[case]
    sentences = [s for s in say() if s]
    assert sentences, case
    known = set(FOUR) | quoted
    for sentence in sentences:
        assert isinstance(sentence, Text), f"{case}: not from the catalogue: {sentence!r}"
        assert leftover_english(sentence.render(Pseudo()), known) == [], sentence


def said_by(cases: Cases) -> set[str]:
    """Every sentence id the cases say."""
    said: set[str] = set()
    for say, _ in cases.values():
        said |= set().union(*(ids_in(s) for s in say() if isinstance(s, Text)))
    return said


# --- What the table reads, game by game (Euchre, 304 and Hoşkin) -----------------------------

type Said = tuple[str, object]

NAMES = {
    "euchre": ("North", "East", "South", "West"),
    "304": ("Asha", "Bala", "Chitra", "Dev"),
    "304-widow": ("Asha", "Bala", "Chitra"),
    "hoskin": ("Ali", "Berk", "Cem", "Deniz"),
    "hoskin-tekli": ("Ece", "Fatih", "Gül"),
}
# Names, and the hand keys an error names (a key is never translated).
KNOWN = {w for names in NAMES.values() for name in names for w in re.findall(r"[A-Za-z]+", name)}
KNOWN |= {"Player", "seat", "suit", "bid", "pass"}


def said_score(variant: Any, facts: dict[str, Any], **settings: Any) -> Any:
    players = NAMES[variant.key]
    s = variant.settings(settings)
    sides = variant.side_names(players)
    state = GameState(totals=(0,) * len(sides), sides=sides, players=players)
    hand = variant.hand(facts, s, players)
    return hand, variant.score_hand(hand, s, state)


def refusal(action: Callable[[], object]) -> object:
    with pytest.raises(ScorerError) as caught:
        action()
    return caught.value.message


def hand_refusal(variant: Any, facts: dict[str, Any], **settings: Any) -> object:
    return refusal(lambda: variant.hand(facts, variant.settings(settings), NAMES[variant.key]))


def interim_refusal(variant: Any, facts: dict[str, Any], **settings: Any) -> object:
    return refusal(lambda: variant.interim(facts, variant.settings(settings), NAMES[variant.key]))


def hand_texts(variant: Any, facts: dict[str, Any], **settings: Any) -> Iterator[object]:
    """A hand's notes and the reasons of its declarations' verdicts."""
    hand, result = said_score(variant, facts, **settings)
    yield from result.notes
    yield from (v.reason for v in result.verdicts)
    yield from (v.reason for _, v in variant.declared(hand, result))


def interim_texts(variant: Any, facts: dict[str, Any], **settings: Any) -> Iterator[object]:
    """The lines of a hand in progress, and each row's description and reason."""
    judged = variant.interim(facts, variant.settings(settings), NAMES[variant.key])
    yield from judged.lines
    for row in judged.rows:
        yield row.declared
        yield row.reason


def variant_texts(variant: Any) -> Iterator[object]:
    """The words a variant gives the scoreboard and the score sheet (Euchre's progress and
    opener are the shared defaults)."""
    if variant.key != "euchre":
        s = variant.settings({})
        yield from (variant.progress(s, played) for played in (0, 12))
    yield from (w for w in (variant.opener, variant.taker) if w)


def foreign(text: Text) -> set[str]:
    """Words of a plain message another module wrote, nested as a problem ("call 2: …"): that
    module's own tests check it; once it is a Text it is checked here too."""
    words: set[str] = set()
    for key, value in text.params.items():
        if isinstance(value, Text):
            words |= foreign(value)
        elif key == "problem":
            words |= set(re.findall(r"[A-Za-z]+", value if isinstance(value, str) else ""))
    return words


def says_only_catalogue(where: str, text: object) -> None:
    """Asserts the text is a catalogue sentence with no English left in the pseudo-language."""
    assert isinstance(text, Text), f"{where}: not from the catalogue: {text!r}"
    assert leftover_english(text.render(Pseudo()), KNOWN | foreign(text)) == [], text


def reader_names(variant: Any, hand: dict[str, Any], setting_id: str, hand_id: str) -> None:
    """Asserts the shared reader calls the game's settings and hands by the game's words."""
    setting = refusal(lambda: variant.settings({"colour": "H"}))
    refused = hand_refusal(variant, {**hand, "colour": "H"})
    for message, id in ((setting, setting_id), (refused, hand_id)):
        assert isinstance(message, str) and str(CATALOGUE[id]) in message
        if isinstance(message, Text):
            assert id in ids_in(message)


def reader_names_the_key(variant: Any, facts: dict[str, Any], id: str) -> None:
    """Asserts a call or marriage with an unknown key is refused in the game's words."""
    message = hand_refusal(variant, facts)
    assert isinstance(message, Text)
    problem = message.params["problem"]
    assert f"is not a {CATALOGUE[id]} key" == problem
    if isinstance(problem, Text):
        assert id in ids_in(problem)

"""The game record: one JSON document for export, import and the command line."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.errors import ParseError
from games.engine.game import MAX_HANDS as MAX_HANDS  # the record's cap is the game's
from games.engine.game import HandError, read_hands, score_game
from games.engine.names import check_names, name_key
from games.engine.registry import get_variant
from games.engine.texts import Grouped, Text, say
from games.engine.variant import BaseHand, BaseSettings, GameScore, Variant

FORMAT = "scorer-game/1"
KEYS = ("format", "variant", "settings", "players", "hands", "played")

# What a record may hold, checked before any of it is read, so that a hostile or broken file
# costs little. A game of MAX_HANDS (games.engine.game: 5,000) hands, the most a game holds,
# is several long evenings of play, and exported with declarations it is about 2 MB (the
# file's cap, in bytes of JSON).
MAX_BYTES = 3_000_000
MAX_DEPTH = 8  # record, hands, a hand, its declarations, one of them, and room to spare
MAX_TEXT = 100  # the longest string or key: names, suits, cards, kinds are all far shorter
MAX_ITEMS = 64  # the longest list or object other than the hands
MAX_DIGITS = 20  # a number written longer than this is not read at all

# When the game was played: ISO 8601's extended form, to the minute at least, with its offset
# from UTC ("2026-12-01T21:30:00+01:00", or "Z"). Without an offset a moment is not one: the
# same wall clock is another hour in each circle's time zone. The longest such text is 32
# characters; the years are those a card night can have been played in.
PLAYED = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}([.][0-9]{1,6})?)?(Z|[+-][0-9]{2}:[0-9]{2})",
    re.ASCII,
)
PLAYED_EXAMPLE = "2026-12-01T21:30:00+01:00"
MAX_PLAYED = 40
FIRST_YEAR, LAST_YEAR = 1900, 2200


def read_json(text: str | bytes) -> object:
    """Parse a record's JSON text within the caps above; ParseError says what is wrong."""
    data = parse_json(text, MAX_BYTES)
    check_size(data)
    return data


def parse_json(text: str | bytes, most: int) -> object:
    """Parse JSON text of at most `most` bytes as records are read (whole numbers of at most
    MAX_DIGITS digits, no NaN); ParseError says what is wrong. The caps on what it holds are
    the caller's."""
    if len(text) > most:
        raise ParseError("record", say("record.too_large", megabytes=most // 1_000_000))
    try:
        data = json.loads(text, parse_int=_int, parse_constant=_no_constant)
    except RecursionError:
        raise ParseError("record", say("record.too_deep_to_read")) from None
    except json.JSONDecodeError as error:
        # json's own words for what it expected stay as they are; the sentence around them
        # is the reader's language.
        problem = say("record.not_json_at", problem=error.msg, line=error.lineno)
        raise ParseError("record", problem) from None
    except (UnicodeDecodeError, ValueError) as error:
        raise ParseError("record", _why_not_json(error)) from None
    return data


def _why_not_json(error: ValueError) -> str:
    """What a ValueError from reading JSON says: a sentence of ours (raised by the hooks
    below), or Python's own words (bytes that are not UTF-8)."""
    said = error.args[0] if error.args else None
    if isinstance(said, Text):
        return said
    return say("record.unreadable", problem=str(error)) if str(error) else say("record.not_json")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(say("record.long_number", count=MAX_DIGITS))
    return int(text)


def _no_constant(text: str) -> object:
    raise ValueError(say("record.constant", constant=text))


def check_size(data: object) -> None:
    """Refuse a record nested too deeply, or with too many hands or too long a text."""
    if isinstance(data, Mapping):
        hands = data.get("hands")
        if isinstance(hands, list) and len(hands) > MAX_HANDS:
            most, count = Grouped(MAX_HANDS), Grouped(len(hands))
            raise ParseError("hands", say("record.too_many_hands", most=most, hands=count))
    # Depth first without recursion, so no nesting can exhaust the stack.
    stack: list[tuple[object, int, int, str]] = [(data, 1, 0, "")]
    while stack:
        value, depth, hand, key = stack.pop()
        problem = _too_big(value, depth, hand)
        if problem:
            field = key or "record"
            raise HandError(hand, field, problem) if hand else ParseError(field, problem)
        if isinstance(value, Mapping):
            for name, item in value.items():
                if depth == 1 and name == "hands" and isinstance(item, list):
                    # The hands list is capped above; each hand is named by its number.
                    stack.extend((h, depth + 2, number, "") for number, h in enumerate(item, 1))
                else:
                    name = _printable(str(name))
                    stack.append((item, depth + 1, hand, f"{key}.{name}" if key else name))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, hand, key) for item in value)


def _printable(text: str) -> str:
    """A key as a message names it: a lone surrogate (JSON's "\\ud800") cannot be written
    out in UTF-8, so it is shown as U+FFFD."""
    return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _too_big(value: object, depth: int, hand: int) -> str:
    if depth > MAX_DEPTH:
        return say("record.too_deep")
    # Half of a UTF-16 pair alone is no character: nothing could store or show it.
    if isinstance(value, str) and _has_surrogate(value):
        return say("record.not_text")
    if isinstance(value, Mapping) and any(_has_surrogate(str(k)) for k in value):
        return say("record.key_not_text")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        return say("record.too_long", count=MAX_TEXT)
    if isinstance(value, Mapping | list):
        if len(value) > MAX_ITEMS:
            return say("record.too_many_items", count=MAX_ITEMS)
        if isinstance(value, Mapping) and any(len(str(k)) > MAX_TEXT for k in value):
            return say("record.key_too_long", count=MAX_TEXT)
    return ""


def read_played(value: object) -> dt.datetime | None:
    """A record's `played`, when it has one: an aware moment; ParseError("played") says what
    is wrong with it."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ParseError("played", say("record.played_not_text", example=PLAYED_EXAMPLE))
    if len(value) > MAX_PLAYED:
        raise ParseError("played", say("record.too_long", count=MAX_PLAYED))
    if not PLAYED.fullmatch(value):
        raise ParseError("played", say("record.played_format", example=PLAYED_EXAMPLE))
    if not FIRST_YEAR <= int(value[:4]) <= LAST_YEAR:
        raise ParseError(
            "played", say("record.played_year", first=str(FIRST_YEAR), last=str(LAST_YEAR))
        )
    try:
        moment = dt.datetime.fromisoformat(value)
    except ValueError:
        # The shape is right and the numbers are not: 2026-02-30, 25:00, an offset of +24:00.
        raise ParseError("played", say("record.played_impossible")) from None
    return moment


def write_played(moment: dt.datetime) -> str:
    """A moment as a record writes it: to the second, with its offset ("Z" is "+00:00")."""
    return moment.isoformat(timespec="seconds")


@dataclass(frozen=True)
class GameRecord:
    variant: Variant[Any, Any]
    settings: BaseSettings
    players: tuple[str, ...]
    hands: tuple[BaseHand, ...]
    played: dt.datetime | None = None
    """When the game was played (it started), if the record says; aware."""

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read a record; ParseError for the record's own keys, HandError for a hand."""
        if not isinstance(data, Mapping):
            raise ParseError("record", say("record.not_an_object"))
        check_size(data)
        unknown = sorted(set(data) - set(KEYS))
        if unknown:
            raise ParseError(unknown[0], say("record.unknown_key"))
        if data.get("format") != FORMAT:
            raise ParseError("format", say("record.format", format=f'"{FORMAT}"'))
        variant = get_variant(str(data.get("variant")))
        settings_data = data.get("settings") or {}
        if not isinstance(settings_data, Mapping):
            raise ParseError("settings", say("record.settings_not_an_object"))
        settings = variant.settings(settings_data)
        players = data.get("players")
        if (
            not isinstance(players, list)
            or len(players) != variant.seats
            or not all(isinstance(p, str) and p.strip() for p in players)
        ):
            raise ParseError("players", say("record.players", count=variant.seats))
        players = check_names(players, "players")
        hands = data.get("hands") or []
        if not isinstance(hands, list):
            raise ParseError("hands", say("record.hands_not_a_list"))
        played = read_played(data.get("played"))
        read = read_hands(variant, settings, hands, players)
        return cls(variant, settings, tuple(players), tuple(read), played)

    def to_dict(self) -> dict[str, Any]:
        written: dict[str, Any] = {
            "format": FORMAT,
            "variant": self.variant.key,
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "hands": [hand.to_dict() for hand in self.hands],
        }
        if self.played is not None:
            written["played"] = write_played(self.played)
        return written

    def digest(self) -> str:
        """What makes two records one game, as a short text: the same variant, settings,
        players (compared as names are, `name_key`) and hands, each as the engine writes it
        (so a setting left out and one given at its default are alike), whenever it was
        played."""
        same = {**self.to_dict(), "players": [name_key(name) for name in self.players]}
        same.pop("played", None)
        text = json.dumps(same, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def score(self) -> GameScore:
        return score_game(self.variant, self.settings, self.hands, self.players)


def scored_output(record: GameRecord, game: GameScore) -> dict[str, Any]:
    """The command line's answer for a scored game (ARCHITECTURE.md, the game record)."""
    return {
        "variant": record.variant.key,
        "sides": list(game.sides),
        "hands": [
            {"scores": list(h.score.scores), "totals": list(h.totals), "notes": list(h.score.notes)}
            for h in game.hands
        ],
        "totals": list(game.totals),
        "finished": game.finished,
        "winners": list(game.winners),
    }

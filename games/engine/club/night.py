"""The night record `scorer-night/1` (rules/club.md, "The night record"): a whole event as one
JSON document, read strictly (every refusal naming its place), written back as it was read,
each table's game scored by the engine, the standings and the next round's proposal."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from games.engine.club.event import Event, number_out, robin_rounds
from games.engine.club.seating import (
    History,
    Layout,
    circle,
    progressive,
    random_draw,
    rotating,
    seat_table,
    sides_of,
    sitting_out,
    swiss,
    winning_side,
)
from games.engine.club.standings import (
    Played,
    Ranked,
    Result,
    Table,
    round_results,
    standings,
)
from games.engine.errors import ParseError, ScorerError
from games.engine.game import HandError, read_hands, score_game
from games.engine.names import check_name, name_key, quoted, repeated
from games.engine.numbers import shown
from games.engine.reading import Reader
from games.engine.record import MAX_TEXT, check_size
from games.engine.registry import get_variant
from games.engine.texts import say
from games.engine.variant import BaseHand, BaseSettings, GameScore, Variant

FORMAT = "scorer-night/1"
KEYS = ("format", "variant", "settings", "event", "players", "teams", "rounds")
# What a night may hold before its hands are read: a room of 100 tables, 30 rounds. Each
# table's hands are held to a game record's caps (record.check_size).
MAX_BYTES = 50_000_000
MOST_PLAYERS = 400
MOST_DEPTH = 7  # night, rounds, a round, its tables, a table, its players, a name
MOST_ITEMS = 400
SURROGATE = re.compile("[\ud800-\udfff]")


class NightError(ScorerError):
    """A night record that cannot be read, naming the place: `field` is "round 2, table 1",
    "round 2", or a key of the record ("event.rounds")."""


@dataclass(frozen=True)
class NightTable:
    """A table of a round: its players in seat order, its hands, and its game scored."""

    players: tuple[str, ...]
    hands: tuple[BaseHand, ...]
    game: GameScore

    @property
    def result(self) -> Table:
        return Table(self.players, self.game.totals, self.game.winners)


@dataclass(frozen=True)
class NightRound:
    tables: tuple[NightTable, ...]
    byes: tuple[str, ...] = ()
    """The entrants who sat out (players, or teams named "Ann & Ben")."""
    absent: tuple[str, ...] = ()
    """The entrants not there for the round: they get nothing for it."""

    @property
    def played(self) -> Played:
        return Played(tuple(t.result for t in self.tables), self.byes)


@dataclass(frozen=True)
class Proposal:
    """The next round as Scorer proposes it: each table's players in seat order, table 1
    first, and the entrants who sit out."""

    round: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class Night:
    variant: Variant[Any, Any]
    settings: BaseSettings
    """The game's settings as the record gives them."""
    event: Event
    players: tuple[str, ...]
    """In draw order."""
    teams: tuple[tuple[str, str], ...]
    """The teams of the team formats, in draw order (none in the individual formats)."""
    rounds: tuple[NightRound, ...]

    @property
    def layout(self) -> Layout:
        return layout_of(self.variant)

    @property
    def table_settings(self) -> BaseSettings:
        """Each table's settings: a round of N deals is the setting `deals: N`."""
        return table_settings(self.variant, self.settings, self.event)

    @property
    def entrants(self) -> tuple[str, ...]:
        """The entrants in draw order: the players, or the teams ("Ann & Ben")."""
        if self.event.teams:
            return tuple(team_name(team) for team in self.teams)
        return self.players

    @property
    def entrant_of(self) -> dict[str, str]:
        """Each player's entrant: themselves, or their team."""
        if self.event.teams:
            return {p: team_name(team) for team in self.teams for p in team}
        return {p: p for p in self.players}

    @property
    def round_count(self) -> int:
        return self.event.round_count(len(self.entrants))

    def results(self) -> list[dict[str, Result]]:
        """Each round's results by entrant."""
        return [
            round_results(
                r.played,
                self.entrant_of,
                self.layout.sides.__getitem__,
                self.event.bye_points,
                self.event.bye_win,
            )
            for r in self.rounds
        ]

    def withdrawn(self) -> frozenset[str]:
        """The entrants who were there and are absent from the last round played: they left
        (one absent from every round so far has not arrived yet)."""
        if not self.rounds:
            return frozenset()
        last = set(self.rounds[-1].absent)
        there = {e for r in self.rounds for e in r.byes}
        entrant_of = self.entrant_of
        there |= {entrant_of[p] for r in self.rounds for t in r.tables for p in t.players}
        return frozenset(last & there)

    def standings(self) -> list[Ranked]:
        return standings(self.entrants, self.results(), self.event.rank_by, self.withdrawn())

    @classmethod
    def from_dict(cls, data: object) -> Night:
        return read_night(data)

    def to_dict(self) -> dict[str, Any]:
        """The record as it was read: a key at its default, an empty `byes` or `absent`, left
        out."""
        written: dict[str, Any] = {"format": FORMAT, "variant": self.variant.key}
        settings = self.settings.to_dict()
        if settings:
            written["settings"] = settings
        event = self.event.to_dict()
        if event:
            written["event"] = event
        written["players"] = list(self.players)
        if self.event.teams:
            written["teams"] = [list(team) for team in self.teams]
        rounds = []
        for r in self.rounds:
            tables = [
                {"players": list(t.players), "hands": [h.to_dict() for h in t.hands]}
                for t in r.tables
            ]
            round: dict[str, Any] = {"tables": tables}
            if r.byes:
                round["byes"] = list(r.byes)
            if r.absent:
                round["absent"] = list(r.absent)
            rounds.append(round)
        written["rounds"] = rounds
        return written

    def propose(self, seed: str = "0") -> Proposal:
        return propose(self, seed)

    def with_round(self, data: object, scored: Sequence[Scored] = ()) -> Night:
        """The night with one more round, `data` as the record's `rounds` lists it, read and
        checked as `read_night` reads it (`scored`: its tables as already scored): a site
        that keeps the night read up to its last round reads that round alone."""
        number = len(self.rounds) + 1
        if number > self.round_count:
            problem = say("club.too_many_rounds", most=self.round_count, count=number)
            raise NightError("rounds", problem)
        _check_size({"rounds": [data]})
        return replace(self, rounds=(*self.rounds, _round(self, number, data, scored)))


def team_name(team: Sequence[str]) -> str:
    """A team as standings name it: its two names joined by " & " in the order listed."""
    return " & ".join(team)


def layout_of(variant: Variant[Any, Any]) -> Layout:
    return Layout(tuple(variant.side_of(seat) for seat in range(variant.seats)))


def table_settings(
    variant: Variant[Any, Any], settings: BaseSettings, event: Event
) -> BaseSettings:
    """A table's settings: the night's, and a round of N deals is the setting `deals: N`."""
    if event.round_length is None:
        return settings
    chosen: BaseSettings = variant.for_deals(settings, event.round_length)
    return chosen


def is_team_game(variant: Variant[Any, Any]) -> bool:
    """Two sides of two partners (Klaberjass, Euchre, Hoşkin, coinche)."""
    return variant.teams and variant.seats == 4


# --- Reading ---------------------------------------------------------------------------------


# A table's game as already scored: its totals and its winners (empty while unfinished).
type Scored = tuple[Sequence[int], Sequence[int]]


def read_night(data: object, scored: Sequence[Sequence[Scored]] = ()) -> Night:
    """Read a night record; NightError (a ScorerError) names the place of any problem.

    `scored` gives the tables of the first rounds as their games were already scored (a
    site that stores each game's totals and winners): their hands, left empty in `data`, are
    not read or scored again, and their seats are checked as any other's. Such a night
    counts and seats as if read whole, but writes no hands (to_dict)."""
    if not isinstance(data, Mapping):
        raise NightError("record", say("reading.not_an_object", what=say("club.what.night")))
    _check_size(data)
    unknown = sorted(set(map(str, data)) - set(KEYS))
    if unknown:
        raise NightError(unknown[0], say("reading.unknown_key", what=say("club.what.night")))
    if data.get("format") != FORMAT:
        raise NightError("format", say("club.format", format=f'"{FORMAT}"'))
    variant = get_variant(str(data.get("variant")))
    event = Event.from_dict(data.get("event") if data.get("event") is not None else {})
    settings = _settings(variant, data.get("settings"), event)
    players = _players(data.get("players"))
    _fits(variant, event, players)
    teams = _teams(data, event, players)
    night = Night(variant, settings, event, players, teams, ())
    rounds = data.get("rounds") if data.get("rounds") is not None else []
    if not isinstance(rounds, list):
        raise NightError("rounds", say("club.not_a_list"))
    if len(rounds) > night.round_count:
        problem = say("club.too_many_rounds", most=night.round_count, count=len(rounds))
        raise NightError("rounds", problem)
    read = tuple(
        _round(night, number, r, scored[number - 1] if number <= len(scored) else ())
        for number, r in enumerate(rounds, start=1)
    )
    return Night(variant, settings, event, players, teams, read)


def _check_size(data: Mapping[str, object]) -> None:
    """Refuse a night nested too deeply or too large before reading it; each table's hands
    are checked as a game record's are, when the table is read."""
    stack: list[tuple[object, int, str]] = [(data, 1, "")]
    while stack:
        value, depth, key = stack.pop()
        field = key or "record"
        if depth > MOST_DEPTH:
            raise NightError(field, say("record.too_deep"))
        if isinstance(value, str):
            if _broken(value):
                raise NightError(field, say("record.not_text"))
            if len(value) > MAX_TEXT:
                raise NightError(field, say("record.too_long", count=MAX_TEXT))
        if isinstance(value, Mapping | list) and len(value) > MOST_ITEMS:
            raise NightError(field, say("record.too_many_items", count=MOST_ITEMS))
        if isinstance(value, Mapping):
            for name, item in value.items():
                if _broken(str(name)):
                    raise NightError(field, say("record.key_not_text"))
                if len(str(name)) > MAX_TEXT:
                    raise NightError(field, say("record.key_too_long", count=MAX_TEXT))
                if name == "hands" or name == "settings":
                    continue  # read with the game's own caps
                stack.append((item, depth + 1, f"{key}.{name}" if key else str(name)))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, key) for item in value)


def _broken(text: str) -> bool:
    """A lone surrogate ("\\ud800"): half of a character, which nothing can store or show."""
    return SURROGATE.search(text) is not None


def _settings(variant: Variant[Any, Any], data: object, event: Event) -> BaseSettings:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise NightError("settings", say("record.settings_not_an_object"))
    try:
        check_size({"settings": data})
        if event.round_length is not None and data.get("deals") is not None:
            deals = event.round_length
            raise ParseError("deals", say("club.deals_twice", deals=deals))
        settings: BaseSettings = variant.settings(data)
    except ScorerError as error:
        raise NightError(f"settings.{error.field}", error.message) from None
    return settings


def _players(data: object) -> tuple[str, ...]:
    if (
        not isinstance(data, list)
        or not data
        or len(data) > MOST_PLAYERS
        or not all(isinstance(p, str) for p in data)
    ):
        raise NightError("players", say("club.players"))
    try:
        kept = [check_name(name, "players") for name in data]
    except ScorerError as error:
        raise NightError(error.field, error.message) from None
    for at in repeated(kept):
        raise NightError("players", say("club.players_twice", name=quoted(kept[at])))
    return tuple(kept)


def _fits(variant: Variant[Any, Any], event: Event, players: Sequence[str]) -> None:
    """The format fits the game and, for `progressive`, the number of players."""
    game = variant.name
    if event.teams and not is_team_game(variant):
        raise NightError("event.format", say("club.team_game", format=event.format, game=game))
    if event.format == "progressive":
        if variant.side_count != 2:
            raise NightError("event.format", say("club.progressive_game", game=game))
        seats, count = variant.seats, len(players)
        if count % seats or count < 2 * seats:
            problem = say("club.progressive_fill", seats=seats, least=2 * seats, count=count)
            raise NightError("players", problem)


def _teams(
    data: Mapping[str, object], event: Event, players: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    listed = data.get("teams")
    if not event.teams:
        if listed is not None:
            raise NightError("teams", say("club.teams_unwanted"))
        return ()
    if not isinstance(listed, list) or not listed:
        raise NightError("teams", say("club.teams"))
    known = {name_key(p): p for p in players}
    teams: list[tuple[str, str]] = []
    seen: set[str] = set()
    for team in listed:
        if (
            not isinstance(team, list)
            or len(team) != 2
            or not all(isinstance(n, str) for n in team)
        ):
            raise NightError("teams", say("club.teams"))
        a, b = (_player(known, name, "teams") for name in team)
        for name in (a, b):
            if name in seen:
                raise NightError("teams", say("club.in_two_teams", name=name))
            seen.add(name)
        teams.append((a, b))
    for name in players:
        if name not in seen:
            raise NightError("teams", say("club.in_no_team", name=name))
    if event.format == "round_robin" and event.rounds is not None:
        most = robin_rounds(len(teams))
        if event.rounds > most:
            problem = say("club.round_robin_rounds", teams=len(teams), count=most)
            raise NightError("event.rounds", problem)
    return tuple(teams)


@functools.lru_cache(maxsize=16)
def _known(players: tuple[str, ...]) -> Mapping[str, str]:
    """The night's players by their name key: read once for all its tables."""
    return MappingProxyType({name_key(p): p for p in players})


@functools.lru_cache(maxsize=16)
def _exact(players: tuple[str, ...]) -> frozenset[str]:
    """The night's players as it lists them."""
    return frozenset(players)


def _player(known: Mapping[str, str], name: str, place: str) -> str:
    """A name of the night's players, as the night lists it."""
    try:
        found = known.get(name_key(check_name(name, place)))
    except ScorerError as error:
        raise NightError(place, error.message) from None
    if found is None:
        raise NightError(place, say("club.unknown_player", name=quoted(name)))
    return found


def _round(night: Night, number: int, data: object, scored: Sequence[Scored] = ()) -> NightRound:
    place = say("club.place.round", round=number)
    if not isinstance(data, Mapping):
        raise NightError(place, say("reading.not_an_object", what=say("club.what.round")))
    try:
        r = Reader(data, say("club.what.round"), ("tables", "byes", "absent"))
        tables, byes, absent = r.items("tables"), r.items("byes"), r.items("absent")
    except ScorerError as error:
        raise NightError(
            place, say("club.keyed", field=error.field, problem=error.message)
        ) from None
    read = tuple(
        _table(night, number, t, item, scored[t - 1] if t <= len(scored) else None)
        for t, item in enumerate(tables, start=1)
    )
    entrants = _known(night.entrants)
    unknown = "club.unknown_team" if night.event.teams else "club.unknown_player"
    seen: dict[str, int] = {}
    for t, table in enumerate(read, start=1):
        for name in table.players:
            if name in seen:
                at = "club.two_seats" if seen[name] == t else "club.sits_twice"
                raise NightError(place, say(at, name=name))
            seen[name] = t
    if night.event.teams:
        _partners_are_teams(night, number, read)
    entrant_of = night.entrant_of
    seated = {entrant_of[p] for p in seen}
    out = _entrants(byes, entrants, place, unknown, "club.out_twice")
    for name in out:
        if name in seated:
            raise NightError(place, say("club.seated_and_out", name=name))
    away = _entrants(absent, entrants, place, unknown, "club.absent_twice")
    for name in away:
        if name in seated or name in out:
            raise NightError(place, say("club.absent_and_here", name=name))
    for entrant in night.entrants:
        if entrant not in seated and entrant not in out and entrant not in away:
            raise NightError(place, say("club.missing", name=entrant))
    return NightRound(read, out, away)


def _partners_are_teams(night: Night, number: int, tables: Sequence[NightTable]) -> None:
    """In the team formats each side of a table is one of the listed teams."""
    teams = {frozenset(team) for team in night.teams}
    for at, table in enumerate(tables, start=1):
        for side in sides_of(table.players, night.layout):
            if frozenset(side) not in teams:
                first, second = side
                problem = say("club.not_a_team", first=first, second=second)
                raise NightError(say("club.place.table", round=number, table=at), problem)


def _entrants(
    data: Sequence[object], known: Mapping[str, str], place: str, unknown: str, twice: str
) -> tuple[str, ...]:
    names: list[str] = []
    for item in data:
        if not isinstance(item, str):
            raise NightError(place, say(unknown, name=shown(item)))
        found = known.get(name_key(item))
        if found is None:
            raise NightError(place, say(unknown, name=quoted(item)))
        if found in names:
            raise NightError(place, say(twice, name=found))
        names.append(found)
    return tuple(names)


def _table(
    night: Night, round: int, number: int, data: object, scored: Scored | None = None
) -> NightTable:
    place = say("club.place.table", round=round, table=number)
    variant = night.variant
    if not isinstance(data, Mapping):
        raise NightError(place, say("reading.not_an_object", what=say("club.what.table")))
    try:
        r = Reader(data, say("club.what.table"), ("players", "hands"))
        listed = r.raw("players")
        if (
            not isinstance(listed, list)
            or len(listed) != variant.seats
            or not all(isinstance(p, str) for p in listed)
        ):
            raise ParseError("players", say("record.players", count=variant.seats))
        hands = r.items("hands")
        check_size({"hands": hands})
    except HandError as error:
        raise NightError(place, error.text) from None
    except ScorerError as error:
        raise NightError(
            place, say("club.keyed", field=error.field, problem=error.message)
        ) from None
    known, exact = _known(night.players), _exact(night.players)
    # A name as the night lists it is that player (most are: a site's tables name its
    # entrants as stored), with no need to check and compare it again.
    players = tuple(name if name in exact else _player(known, name, place) for name in listed)
    if scored is not None:
        totals, winners = tuple(scored[0]), tuple(scored[1])
        sides = night.layout.side_count
        if len(totals) != sides or any(not 0 <= w < sides for w in winners):
            raise NightError(place, say("record.players", count=variant.seats))
        return NightTable(players, (), GameScore((), totals, winners, None))
    settings = night.table_settings
    try:
        read = read_hands(variant, settings, hands, players)
        game = score_game(variant, settings, read, players)
    except HandError as error:
        raise NightError(place, error.text) from None
    return NightTable(players, tuple(read), game)


# --- The next round ---------------------------------------------------------------------------


def propose(night: Night, seed: str) -> Proposal:
    """The next round as the spec seats it (club.md, "Seating the next round"); the same night
    and seed give the same proposal. NightError("event") after the last round."""
    number = len(night.rounds) + 1
    if number > night.round_count:
        raise NightError("event", say("club.all_played", rounds=night.round_count))
    rng = random.Random(f"{FORMAT}/{seed}/{number}")
    ranked = night.standings()
    place = {row.standing.name: i for i, row in enumerate(ranked)}
    gone = night.withdrawn()
    present = [e for e in night.entrants if e not in gone]
    byes: dict[str, int] = {}
    for r in night.rounds:
        for name in r.byes:
            byes[name] = byes.get(name, 0) + 1
    layout = night.layout
    history = History.of(
        [[t.players for t in r.tables] for r in night.rounds], layout, night.entrant_of
    )
    fmt = night.event.format
    if fmt == "round_robin":
        return _round_robin(night, number, present, place)
    per_table = 2 if night.event.teams else layout.seats
    if len(present) < per_table:
        problem = say("club.too_few", count=len(present), seats=per_table)
        raise NightError("event", problem)
    out = sitting_out(present, len(present) % per_table, byes, place)
    playing = [e for e in present if e not in out]
    if fmt == "pairs":
        return _pairs(night, number, playing, out, place, history, rng)
    if fmt == "progressive" and night.rounds and _same_players(night, playing, out):
        return _progressive(night, number, place, history)
    if night.rounds:
        drawn = rotating(playing, layout, history, rng)
    else:
        drawn = random_draw(playing, layout, rng)
    tables = [seat_table(sides_of(t, layout), layout, place, listed=False) for t in drawn]
    if night.rounds or fmt == "rotating":
        tables.sort(key=lambda players: min(place[p] for p in players))
    return Proposal(number, tuple(tables), out)


def _same_players(night: Night, playing: Sequence[str], out: Sequence[str]) -> bool:
    """Whether the players of the next round are the last round's, all seated: progressive
    moves them. Otherwise (a late arrival, a withdrawal, a bye) the round is seated as a
    rotating one, the head table holding the highest in the standings."""
    last = night.rounds[-1]
    seated = [p for t in last.tables for p in t.players]
    return not out and not last.byes and sorted(seated) == sorted(playing)


def _progressive(night: Night, number: int, place: Mapping[str, int], history: History) -> Proposal:
    last = night.rounds[-1]
    draw = {name: i for i, name in enumerate(night.players)}
    layout = night.layout
    winners = [winning_side(t.players, t.result.won_by, layout, draw) for t in last.tables]
    moved = progressive([t.players for t in last.tables], winners, layout, history)
    tables = tuple(seat_table(sides, layout, place, listed=False) for sides in moved)
    return Proposal(number, tables, ())


def _team_seats(night: Night, pair: tuple[str, str], place: Mapping[str, int]) -> tuple[str, ...]:
    members = {team_name(team): team for team in night.teams}
    by_player = {p: place[name] for name, team in members.items() for p in team}
    sides = [members[pair[0]], members[pair[1]]]
    return seat_table(sides, night.layout, by_player, listed=True)


def _pairs(
    night: Night,
    number: int,
    playing: Sequence[str],
    out: tuple[str, ...],
    place: Mapping[str, int],
    history: History,
    rng: random.Random,
) -> Proposal:
    if night.rounds:
        ordered = sorted(playing, key=lambda name: place[name])
        pairs = swiss(ordered, lambda a, b: history.met.get(frozenset((a, b)), 0))
    else:
        drawn = list(playing)
        rng.shuffle(drawn)
        pairs = [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn), 2)]
        pairs.sort(key=lambda pair: min(place[name] for name in pair))
    tables = tuple(_team_seats(night, pair, place) for pair in pairs)
    return Proposal(number, tables, out)


def _round_robin(
    night: Night, number: int, present: Sequence[str], place: Mapping[str, int]
) -> Proposal:
    pairs, idle = circle(night.entrants, number)
    here = set(present)
    out = [idle] if idle is not None and idle in here else []
    kept = []
    for a, b in pairs:
        if a in here and b in here:
            kept.append((a, b))
        else:
            # A team whose opponent is absent has no game this round: it sits out.
            out += [name for name in (a, b) if name in here]
    draw = {name: i for i, name in enumerate(night.entrants)}
    kept.sort(key=lambda pair: min(draw[name] for name in pair))
    tables = tuple(_team_seats(night, pair, place) for pair in kept)
    return Proposal(number, tables, tuple(sorted(out, key=draw.__getitem__)))


# --- The command line's answers -----------------------------------------------------------


def night_output(night: Night) -> dict[str, Any]:
    """What `python -m games.engine night FILE` prints (club.md, "The night record")."""
    rows = [
        {
            "rank": row.rank,
            "name": row.standing.name,
            "played": row.standing.played,
            "won": number_out(row.standing.won),
            "byes": row.standing.byes,
            "points_for": row.standing.points_for,
            "points_against": row.standing.points_against,
            "difference": row.standing.difference,
            "tied": row.tied,
        }
        for row in night.standings()
    ]
    rounds = [
        {
            "tables": [
                {
                    "players": list(t.players),
                    "totals": list(t.game.totals),
                    "winners": list(t.game.winners),
                }
                for t in r.tables
            ],
            "byes": list(r.byes),
        }
        for r in night.rounds
    ]
    return {"standings": rows, "rounds": rounds}


def proposal_output(proposal: Proposal) -> dict[str, Any]:
    """What `python -m games.engine night FILE --next` prints."""
    return {
        "round": proposal.round,
        "tables": [{"players": list(players)} for players in proposal.tables],
        "byes": list(proposal.byes),
    }

"""Seating a club night's next round (club.md, "Seating the next round"): who sits out, who
sits at which table with whom, and in which seat. Pure functions; the randomness is a
`random.Random` the caller seeds, never the module's own."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

# How many player swaps the rotating search may weigh for one round: 300 a player (enough
# for the spec's guarantees at 8 to 20 players, over thousands of seeds), at most 10,000, so a
# round for 80 players whose history allows no seating without repeats takes about 50 ms of
# CPU here (one with a seating without repeats stops as soon as it finds one: 10–20 ms).
SEARCH_BUDGET = 10_000
PER_PLAYER = 300
# A partner repeat outweighs all the opponent repeats a round can hold (club.md: fewest
# partner repeats first, then the fewest opponent repeats). Two players seated as opponents
# again weigh the square of how often they were (0, 1, 4, …), at most 30² in a night of 30
# rounds, for at most 400 opponent pairs a round (400 players): 360,000 in all. The square
# keeps the spec's guarantee (never a third time over four or five rounds) by spreading the
# repeats.
PARTNER_WEIGHT = 1_000_000


@dataclass(frozen=True)
class Layout:
    """A table of the game: the side of each seat (seats 0 and 2 are partners in a four-seat
    team game; each seat its own side in a game with one player a side)."""

    sides: tuple[int, ...]

    @property
    def seats(self) -> int:
        return len(self.sides)

    @property
    def side_count(self) -> int:
        return len(set(self.sides))

    @property
    def partners(self) -> bool:
        """Whether a side has partners (more than one seat)."""
        return self.side_count < self.seats


@dataclass(frozen=True)
class History:
    """How often each two players were partners, and opponents (sat on opposite sides of one
    table; in a game with one player a side, shared a table), over the rounds played."""

    partners: Mapping[frozenset[str], int]
    opponents: Mapping[frozenset[str], int]
    met: Mapping[frozenset[str], int]
    """How often each two entrants (teams in the team formats) met at a table."""

    @classmethod
    def of(
        cls,
        rounds: Sequence[Sequence[Sequence[str]]],
        layout: Layout,
        entrant_of: Mapping[str, str],
    ) -> History:
        """From each round's tables, each a list of players in seat order."""
        partners: dict[frozenset[str], int] = {}
        opponents: dict[frozenset[str], int] = {}
        met: dict[frozenset[str], int] = {}
        for tables in rounds:
            for players in tables:
                for i, a in enumerate(players):
                    for j in range(i + 1, len(players)):
                        b = players[j]
                        pair = frozenset((a, b))
                        same = layout.sides[i] == layout.sides[j]
                        counts = partners if same else opponents
                        counts[pair] = counts.get(pair, 0) + 1
                entrants = {entrant_of[p] for p in players}
                for x in entrants:
                    for y in entrants:
                        if x < y:
                            pair = frozenset((x, y))
                            met[pair] = met.get(pair, 0) + 1
        return cls(partners, opponents, met)


def sitting_out(
    present: Sequence[str], count: int, byes: Mapping[str, int], place: Mapping[str, int]
) -> tuple[str, ...]:
    """The `count` entrants who sit out: the fewest byes so far, then the lowest in the
    standings (`place`: 0 for the top; round 1 is the draw order), in the order present."""
    chosen = sorted(present, key=lambda name: (byes.get(name, 0), -place[name]))[:count]
    return tuple(name for name in present if name in chosen)


def seat_table(
    sides: Sequence[Sequence[str]], layout: Layout, place: Mapping[str, int], listed: bool
) -> tuple[str, ...]:
    """A table's players in seat order (club.md, "Seats at a table"): the side holding the
    highest player (`place` 0 is the top) takes the first side's seats, that player first;
    a team (`listed`) keeps the order it is listed in."""
    ordered = [
        list(side) if listed else sorted(side, key=lambda name: place[name]) for side in sides
    ]
    ordered.sort(key=lambda side: min(place[name] for name in side))
    seats: list[str] = []
    taken = [0] * len(ordered)
    for side in layout.sides:
        seats.append(ordered[side][taken[side]])
        taken[side] += 1
    return tuple(seats)


def random_draw(players: Sequence[str], layout: Layout, rng: random.Random) -> list[list[str]]:
    """Round 1 of an individual format: the players drawn into tables at random, each table
    a list in the layout's seat order (its sides as drawn)."""
    drawn = list(players)
    rng.shuffle(drawn)
    k = layout.seats
    return [drawn[t * k : (t + 1) * k] for t in range(len(drawn) // k)]


def sides_of(players: Sequence[str], layout: Layout) -> list[list[str]]:
    """A table's players (seat order) grouped by side, sides in order."""
    grouped: list[list[str]] = [[] for _ in range(layout.side_count)]
    for seat, name in enumerate(players):
        grouped[layout.sides[seat]].append(name)
    return grouped


def rotating(
    players: Sequence[str], layout: Layout, history: History, rng: random.Random
) -> list[list[str]]:
    """A later round of `rotating`: a seating of the players (tables in seat order) with the
    fewest partner repeats, then the fewest opponent repeats, found by swapping players from
    random starts (club.md: Scorer need not find the best in every case)."""
    names = list(players)
    n, k = len(names), layout.seats
    index = {name: i for i, name in enumerate(names)}
    weight = [[0] * n for _ in range(n)]  # what seating i beside j as partners costs
    against = [[0] * n for _ in range(n)]  # … and as opponents
    for pair, count in history.partners.items():
        a, b = (index.get(p) for p in pair)
        if a is not None and b is not None:
            weight[a][b] = weight[b][a] = PARTNER_WEIGHT * count
    for pair, count in history.opponents.items():
        a, b = (index.get(p) for p in pair)
        if a is not None and b is not None:
            against[a][b] = against[b][a] = count * count
    relation = [
        [weight if layout.sides[i] == layout.sides[j] else against for j in range(k)]
        for i in range(k)
    ]
    return [[names[i] for i in table] for table in _search(n, k, relation, layout, rng)]


def _search(
    n: int,
    k: int,
    relation: list[list[list[list[int]]]],
    layout: Layout,
    rng: random.Random,
) -> list[list[int]]:
    """Hill-climbing over swaps of two players, from random starts, within SEARCH_BUDGET
    weighings: the best seating found (each table a list of player indices in seat order)."""
    tables = n // k
    seats = range(k)

    def cost_at(order: list[int], pos: int, player: int) -> int:
        """What `player` in position `pos` costs with the others at that table."""
        base, seat = pos - pos % k, pos % k
        row = relation[seat]
        return sum(row[s][player][order[base + s]] for s in seats if s != seat)

    def total(order: list[int]) -> int:
        return sum(cost_at(order, pos, order[pos]) for pos in range(n)) // 2

    best: list[int] = []
    best_cost = -1
    spent = 0
    budget = min(SEARCH_BUDGET, PER_PLAYER * n)
    while spent < budget:
        order = list(range(n))
        rng.shuffle(order)
        cost = total(order)
        improved = cost > 0
        while improved and spent < budget:
            improved = False
            positions = list(range(n))
            rng.shuffle(positions)
            for i in positions:
                if cost == 0:
                    break
                a = order[i]
                ca = cost_at(order, i, a)
                if ca == 0:
                    continue
                for j in range(n):
                    same_table = i // k == j // k
                    if same_table and layout.sides[i % k] == layout.sides[j % k]:
                        continue
                    spent += 1
                    b = order[j]
                    before = ca + cost_at(order, j, b)
                    order[i], order[j] = b, a
                    after = cost_at(order, i, b) + cost_at(order, j, a)
                    if same_table:
                        # a and b weigh on each other in both sums: count that pair once.
                        after -= relation[i % k][j % k][a][b]
                        before -= relation[i % k][j % k][a][b]
                    if after < before:
                        cost -= before - after
                        improved = True
                        a = order[i]
                        ca = cost_at(order, i, a)
                        if ca == 0:
                            break
                    else:
                        order[i], order[j] = a, b
        if best_cost < 0 or cost < best_cost:
            best, best_cost = order, cost
        if best_cost == 0:
            break
    return [best[t * k : (t + 1) * k] for t in range(tables)]


def progressive(
    last: Sequence[Sequence[str]],
    winners: Sequence[int],
    layout: Layout,
    history: History,
) -> list[list[list[str]]]:
    """The next round of `progressive` from the last one's tables (seat order, table 1
    first) and each table's winning side: each new table's sides, table 1 first. A table's
    winners move up (table 1's stay), its losers stay (table 1's go to the foot); two pairs
    at a table split, each partnering one of the other pair, the way with fewer partner
    repeats, or else the players of the lower seats together."""
    won = [sides_of(players, layout)[side] for players, side in zip(last, winners, strict=True)]
    lost = [
        sides_of(players, layout)[1 - side] for players, side in zip(last, winners, strict=True)
    ]
    count = len(last)
    arriving: list[tuple[list[str], list[str]]] = []
    for t in range(count):
        if count == 1:
            # Withdrawals left one table: it is the head and the foot, and keeps its pairs.
            arriving.append((won[0], lost[0]))
        elif t == 0:
            arriving.append((won[0], won[1]))
        elif t == count - 1:
            arriving.append((lost[t], lost[0]))
        else:
            arriving.append((lost[t], won[t + 1]))
    tables = []
    for x, y in arriving:
        if not layout.partners:
            tables.append([x, y])
            continue
        straight = [[x[0], y[0]], [x[1], y[1]]]
        crossed = [[x[0], y[1]], [x[1], y[0]]]

        def repeats(sides: list[list[str]]) -> int:
            return sum(history.partners.get(frozenset(side), 0) for side in sides)

        tables.append(crossed if repeats(crossed) < repeats(straight) else straight)
    return tables


def winning_side(
    players: Sequence[str], won_by: Sequence[int], layout: Layout, draw: Mapping[str, int]
) -> int:
    """The side that counts as a table's winner in `progressive`: the one winner, or of a
    shared win the side whose first seat holds the lower draw number."""
    if len(won_by) == 1:
        return won_by[0]
    first = {side: players[layout.sides.index(side)] for side in won_by}
    return min(won_by, key=lambda side: draw[first[side]])


def swiss(teams: Sequence[str], met: Callable[[str, str], int]) -> list[tuple[str, str]]:
    """The pairs of a later round of `pairs`: teams in standings order paired top down, each
    the highest it has not met that leaves the rest pairable (a search with backtracking);
    rematches only when none is possible without, as few as can be."""
    for allowed in range(len(teams) // 2 + 1):
        found = _pair(tuple(teams), allowed, met, {})
        if found is not None:
            return found
    raise AssertionError("teams can always be paired with enough rematches")


def _pair(
    teams: tuple[str, ...],
    allowed: int,
    met: Callable[[str, str], int],
    failed: dict[tuple[tuple[str, ...], int], None],
) -> list[tuple[str, str]] | None:
    if not teams:
        return []
    if (teams, allowed) in failed:
        return None
    # Each team that has met every other team left needs a rematch, and one rematch pairs two
    # of them at most: with fewer allowed, no pairing of these teams fits (a bound that keeps
    # the search short when rematches cannot be avoided).
    stuck = sum(1 for a in teams if all(met(a, b) for b in teams if b != a))
    if (stuck + 1) // 2 > allowed:
        failed[(teams, allowed)] = None
        return None
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        rematch = 1 if met(first, other) else 0
        if rematch > allowed:
            continue
        found = _pair(rest[:i] + rest[i + 1 :], allowed - rematch, met, failed)
        if found is not None:
            return [(first, other), *found]
    failed[(teams, allowed)] = None
    return None


def circle(teams: Sequence[str], round: int) -> tuple[list[tuple[str, str]], str | None]:
    """Round `round` (1-based) of a round robin by the circle method: team 1 stays, the
    others rotate one place a round (the last to the second place); first plays last, second
    plays second-to-last… The pairs, and the team paired with the empty place (sits out)."""
    places: list[str | None] = [*teams, *([None] if len(teams) % 2 else [])]
    rest = places[1:]
    turn = (round - 1) % len(rest) if rest else 0
    rest = rest[len(rest) - turn :] + rest[: len(rest) - turn]
    places = [places[0], *rest]
    pairs, out = [], None
    for i in range(len(places) // 2):
        a, b = places[i], places[-1 - i]
        if a is None or b is None:
            out = a if b is None else b
        else:
            pairs.append((a, b))
    return pairs, out

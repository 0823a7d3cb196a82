"""Scoring a whole game: running totals, game end and winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine.errors import InvalidHand, ScorerError
from games.engine.texts import Grouped, Text, say
from games.engine.variant import (
    BaseHand,
    BaseSettings,
    Carried,
    GameScore,
    GameState,
    ScoredHand,
    Variant,
)


class HandError(ScorerError):
    """A hand of a game (1-based `number`) that cannot be scored."""

    def __init__(self, number: int, field: str, message: str) -> None:
        super().__init__(field, message)
        self.number = number

    @property
    def text(self) -> Text:
        """The whole problem as a sentence: "hand 2: bids: call 1: it was Asha's turn…"."""
        return say("game.hand_error", number=self.number, field=self.field, problem=self.message)

    def __str__(self) -> str:
        return str(self.text)


# The most hands a game holds, saved or imported: a change to its first hand re-scores and
# rewrites every later one, and at this size that stays well within a second.
MAX_HANDS = 5_000


def score_game(
    variant: Variant[Any, Any],
    settings: BaseSettings,
    hands: Sequence[BaseHand],
    players: Sequence[str] | None = None,
    start: Carried | None = None,
) -> GameScore:
    """Score hands in order. A hand after the game has ended raises HandError.

    From `start`, the state a stored hand carried, the hands are the ones after it: the
    answer holds only those, numbered on from it, and is what scoring the whole game would
    say about them. Without hands, `next_dealer` is None. A hand after the MAX_HANDS-th
    raises HandError.
    """
    start = start or Carried.start(variant)
    if start.played + len(hands) > MAX_HANDS:
        most = Grouped(MAX_HANDS)
        raise HandError(MAX_HANDS + 1, "game", say("game.too_many_hands", most=most))
    players = tuple(players or variant.default_players)
    sides = variant.side_names(players)
    totals, winners = start.totals, list(start.winners)
    scored: list[ScoredHand] = []
    for number, hand in enumerate(hands, start=start.played + 1):
        if winners:
            raise HandError(number, "game", say("game.already_ended", number=number - 1))
        state = GameState(totals=totals, sides=sides, players=players, number=number)
        score = variant.score_hand(hand, settings, state)
        totals = tuple(t + s for t, s in zip(totals, score.scores, strict=True))
        winners = variant.game_winners(totals, hand, score, settings, number)
        scored.append(ScoredHand(hand, score, totals, number, tuple(winners)))
    next_dealer = variant.next_dealer(hands[-1], settings) if hands else None
    return GameScore(tuple(scored), totals, tuple(winners), next_dealer, sides)


def read_hands(
    variant: Variant[Any, Any],
    settings: BaseSettings,
    data: Sequence[object],
    players: Sequence[str] | None = None,
    first: int = 1,
) -> list[BaseHand]:
    """Build each hand from its dict; a problem raises HandError naming the hand (the first
    one is hand `first`).

    Messages name the `players` (seat order), or the game's default names without them.
    """
    names = variant.names(players)
    hands = []
    for number, item in enumerate(data, start=first):
        try:
            if not isinstance(item, dict):
                raise InvalidHand("hand", say("game.hand_not_an_object"))
            hands.append(variant.hand(item, settings, names))
        except ScorerError as error:
            raise HandError(number, error.field, error.message) from None
    return hands

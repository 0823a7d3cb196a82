"""What a club night's table shows on its game's page, without a request: the round and
table it is ("Round 2 · Table 3"), the way back to the night, and, once its game is over,
whether this phone may confirm its result (games/models/club_results.py) at the version
shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.models import ClubNight, Game
from games.pages.club_results_page import Confirmation, confirmation

# Who a phone is at a night: the draw number of the player it chose there, or None.
type ChosenPlayer = Callable[[ClubNight], int | None]


@dataclass(frozen=True)
class ClubTable:
    text: str
    """ "Round 2 · Table 3"."""
    night: ClubNight
    confirmation: Confirmation | None
    """The table's result as the night's confirmation sees it (None: a night that does not
    confirm results)."""


def club_table(game: Game, chosen: ChosenPlayer | None = None) -> ClubTable | None:
    """The club night a game is a table of, for its page (None: a game of no night); the
    confirmation as this phone (`chosen`) may give it."""
    table = getattr(game, "club_table", None)
    if table is None:
        return None
    said = _("Round %(round)s · Table %(table)s") % {
        "round": table.round.number,
        "table": table.number,
    }
    night = table.round.night
    me = chosen(night) if chosen is not None else None
    name = None
    if me is not None and night.confirm_results:
        entrant = night.entrants.select_related("player").filter(number=me).first()
        name = entrant.player.name if entrant is not None else None
    table.game = game
    return ClubTable(said, night, confirmation(night, table.round, table, name))

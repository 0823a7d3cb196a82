"""What happened at the table, by thing: circles and their players (circles.py), games and
their seats (games.py), the changes to their hands (changes.py) and the refusals of a change
based on a game that moved on (conflicts.py), hands and what their tables said (hands.py,
rows.py), the hand in progress (in_progress.py), the circle's roster (roster.py), its club
nights (club_nights.py; their changes in club_changes.py), the players' ratings
(ratings.py) and its seasons (seasons.py).

Every model is imported from here (`from games.models import Game`): the app label and the
model names are the migrations', unchanged.
"""

from games.engine.record import FORMAT
from games.models import announcements  # noqa: F401  (each change told to its streams)
from games.models.circles import Circle, Player, default_circle_name, new_slug, validate_language
from games.models.club_nights import ClubNight, Entrant, NightRound, NightTable
from games.models.club_results import NightChange
from games.models.conflicts import AlreadySaved, Conflict
from games.models.game_state import Seat, validate_variant
from games.models.games import AlreadyImported, Game
from games.models.hands import Bid, Declaration, Hand
from games.models.in_progress import HandInProgress, new_token
from games.models.ratings import Rating, RatingsLock
from games.models.roster import Merge, MergePlan, RosterError
from games.models.seasons import Season

__all__ = [
    "FORMAT",
    "AlreadyImported",
    "AlreadySaved",
    "Bid",
    "Circle",
    "ClubNight",
    "Conflict",
    "Declaration",
    "Entrant",
    "Game",
    "Hand",
    "HandInProgress",
    "Merge",
    "MergePlan",
    "NightChange",
    "NightRound",
    "NightTable",
    "Player",
    "Rating",
    "RatingsLock",
    "RosterError",
    "Season",
    "Seat",
    "default_circle_name",
    "new_slug",
    "new_token",
    "validate_language",
    "validate_variant",
]

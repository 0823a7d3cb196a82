"""The English sentences of a club night (rules/club.md): its event, its record and its seating.

Places name a round (1-based) and a table (1-based, table 1 the head); {name} and {team} are
players' names, a team's written "Ann & Ben".
"""

from games.engine.texts import _t, _tn

# Where a problem of a night record is: the command line prints "round 2, table 1: …".
_t("club.place.round", "round {round}")
_t("club.place.table", "round {round}, table {table}")
# The things a night record holds, for "is not a … key" and "a … must be an object".
_t("club.what.night", "night record")
_t("club.what.event", "club event")
_t("club.what.round", "round")
_t("club.what.table", "table")
# A problem of one key of a round or a table: "players: must list 4 names in seat order".
_t("club.keyed", "{field}: {problem}")
_t("club.format", "must be {format}")
_t("club.not_a_list", "must be a list")
_t("club.number_range", "must be a whole number from {least} to {most}, not {value}")
_t("club.round_length", 'must be "game" or a whole number from 1 to 50, not {value}')
_t("club.bye_points", 'must be "average" or a whole number of 0 or more, not {value}')
_t("club.bye_win", "must be 0, 0.5 or 1, not {value}")
_tn(
    "club.round_robin_rounds",
    "a round robin of {teams} teams plays at most {count} round",
    "a round robin of {teams} teams plays at most {count} rounds",
)
# {deals} is the event's round length: a table's game is that many deals already.
_t("club.deals_twice", "is the event's round_length ({deals}): leave it out of the settings")
_t("club.players", "must list the night's players by name")
_t(
    "club.players_twice",
    "two players have the same name ({name}); case and invisible characters do not count",
)
_t("club.teams", "must list the teams, each two of the players")
_t("club.teams_unwanted", "are listed only in the pairs and round_robin formats")
_t("club.in_two_teams", "{name} is in two teams")
_t("club.in_no_team", "{name} is in no team")
# {game} is the game's name ("Terz").
_t("club.team_game", "{format} needs a team game (two sides of two partners): not {game}")
_t("club.progressive_game", "progressive is for team games and Terz: {game} plays rotating")
_tn(
    "club.progressive_fill",
    "progressive needs a multiple of {seats} players, at least {least}: {count} is here",
    "progressive needs a multiple of {seats} players, at least {least}: {count} are here",
)
_tn(
    "club.too_many_rounds",
    "the event has {most} rounds; the record holds {count} round",
    "the event has {most} rounds; the record holds {count} rounds",
)
_t("club.unknown_player", "{name} is not one of the night's players")
_t("club.unknown_team", "{name} is not one of the night's teams")
_t("club.sits_twice", "{name} sits at two tables")
_t("club.two_seats", "{name} has two seats at one table")
_t("club.seated_and_out", "{name} sits at a table and sits out")
_t("club.out_twice", "{name} sits out twice")
_t("club.absent_and_here", "{name} is absent and at a table or sitting out")
_t("club.absent_twice", "{name} is absent twice")
_t("club.missing", "{name} is neither at a table, sitting out nor absent")
_t("club.not_a_team", "{first} and {second} are partners but not a team")
_t("club.all_played", "all {rounds} rounds are played")
_tn(
    "club.too_few",
    "{count} is here, too few for a table of {seats}",
    "{count} are here, too few for a table of {seats}",
)

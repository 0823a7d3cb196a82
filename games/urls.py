from django.urls import path, register_converter

from games.views import (
    circles,
    club_hall,
    club_nights,
    club_results,
    game_fixes,
    games,
    hand_in_progress,
    hands,
    health,
    pwa,
    roster,
    seasons,
    streams,
    tools,
)


class HandId:
    """A hand's identity in a link: ASCII digits that fit the database's id column."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class RowId(HandId):
    """A roster's row (a member, a merge) in a link: ASCII digits, as a hand's."""


register_converter(HandId, "hand")
register_converter(RowId, "row")

urlpatterns = [
    path("", circles.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline", pwa.offline, name="offline"),
    path("start", pwa.start, name="start"),
    path("apple-touch-icon.png", pwa.apple_touch_icon, name="apple_touch_icon"),
    path("circles/new", circles.circle_create, name="circle_create"),
    path("c/<str:circle>/", circles.circle, name="circle"),
    path("c/<str:circle>/rename", circles.circle_rename, name="circle_rename"),
    path("c/<str:circle>/language", circles.circle_language, name="circle_language"),
    path("c/<str:circle>/time-zone", circles.circle_time_zone, name="circle_time_zone"),
    path("c/<str:circle>/nights/<str:night>/", circles.night, name="night"),
    path("c/<str:circle>/stats", circles.circle_stats, name="circle_stats"),
    path("c/<str:circle>/ratings", circles.circle_ratings, name="ratings"),
    path("c/<str:circle>/history.csv", circles.history_export, name="history_export"),
    path("c/<str:circle>/roster", roster.roster_list, name="roster"),
    path("c/<str:circle>/roster/add", roster.member_add, name="member_add"),
    path("c/<str:circle>/roster/<row:member>/", roster.member, name="member"),
    path("c/<str:circle>/roster/<row:member>/rename", roster.member_rename, name="member_rename"),
    path("c/<str:circle>/roster/<row:member>/retire", roster.member_retire, name="member_retire"),
    path("c/<str:circle>/roster/<row:member>/merge", roster.member_merge, name="member_merge"),
    path(
        "c/<str:circle>/roster/<row:member>/merge/do",
        roster.member_merge_do,
        name="member_merge_do",
    ),
    path("c/<str:circle>/roster/merges/<row:merge>/undo", roster.merge_undo, name="merge_undo"),
    path("c/<str:circle>/roster/<row:member>/year", seasons.member_year, name="member_year"),
    path("c/<str:circle>/seasons/new", seasons.season_new, name="season_new"),
    path("c/<str:circle>/seasons/<row:season>/", seasons.season, name="season"),
    path("c/<str:circle>/seasons/<row:season>/edit", seasons.season_edit, name="season_edit"),
    path(
        "c/<str:circle>/seasons/<row:season>/remove",
        seasons.season_remove,
        name="season_remove",
    ),
    path(
        "c/<str:circle>/seasons/<row:season>/season.csv",
        seasons.season_download,
        name="season_csv",
    ),
    path("c/<str:circle>/new", games.game_new, name="game_new"),
    path("c/<str:circle>/club/new", club_nights.club_new, name="club_new"),
    path("c/<str:circle>/club/import", club_nights.club_import, name="club_import"),
    path("c/<str:circle>/club/<str:night>/", club_nights.club_night, name="club_night"),
    path("c/<str:circle>/club/<str:night>/swap", club_nights.club_swap, name="club_swap"),
    path("c/<str:circle>/club/<str:night>/start", club_nights.club_start, name="club_start"),
    path("c/<str:circle>/club/<str:night>/end", club_nights.club_end, name="club_end"),
    path(
        "c/<str:circle>/club/<str:night>/withdraw", club_nights.club_withdraw, name="club_withdraw"
    ),
    path("c/<str:circle>/club/<str:night>/late", club_nights.club_late, name="club_late"),
    path("c/<str:circle>/club/<str:night>/me", club_nights.club_me, name="club_me"),
    path(
        "c/<str:circle>/club/<str:night>/organiser/<str:key>",
        club_nights.club_organiser,
        name="club_organiser",
    ),
    path("c/<str:circle>/club/<str:night>/stream", streams.night_stream, name="night_stream"),
    path("c/<str:circle>/club/<str:night>/export", club_nights.club_export, name="club_export"),
    path("c/<str:circle>/club/<str:night>/hall", club_hall.club_hall, name="club_hall"),
    path(
        "c/<str:circle>/club/<str:night>/hall/live", club_hall.club_hall_live, name="club_hall_live"
    ),
    path(
        "c/<str:circle>/club/<str:night>/print/cards",
        club_hall.club_print_cards,
        name="club_print_cards",
    ),
    path(
        "c/<str:circle>/club/<str:night>/print/seating",
        club_hall.club_print_seating,
        name="club_print_seating",
    ),
    path(
        "c/<str:circle>/club/<str:night>/print/pads",
        club_hall.club_print_pads,
        name="club_print_pads",
    ),
    path(
        "c/<str:circle>/club/<str:night>/standings.csv",
        club_nights.club_standings_csv,
        name="club_standings_csv",
    ),
    path("c/<str:circle>/club/<str:night>/confirm", club_results.club_confirm, name="club_confirm"),
    path(
        "c/<str:circle>/club/<str:night>/standings/",
        club_results.club_standings,
        name="club_standings",
    ),
    path(
        "c/<str:circle>/club/<str:night>/head-to-head/",
        club_results.club_head_to_head,
        name="club_head_to_head",
    ),
    path("c/<str:circle>/import", games.game_import, name="game_import"),
    path("c/<str:circle>/declarations", tools.declarations_helper, name="declarations"),
    path("c/<str:circle>/melds", tools.melds, name="melds"),
    path("c/<str:circle>/g/<str:game>/", games.game, name="game"),
    path("c/<str:circle>/g/<str:game>/live", games.game_live, name="game_live"),
    path("c/<str:circle>/g/<str:game>/stream", streams.game_stream, name="game_stream"),
    path("c/<str:circle>/g/<str:game>/hands", hands.hand_record, name="hand_record"),
    path("c/<str:circle>/g/<str:game>/preview", hand_in_progress.hand_preview, name="hand_preview"),
    path(
        "c/<str:circle>/g/<str:game>/progress", hand_in_progress.hand_progress, name="hand_progress"
    ),
    path(
        "c/<str:circle>/g/<str:game>/declarations",
        tools.declarations_use,
        name="declarations_use",
    ),
    path("c/<str:circle>/g/<str:game>/hands/<hand:hand>/edit", hands.hand_edit, name="hand_edit"),
    path(
        "c/<str:circle>/g/<str:game>/hands/<hand:hand>/delete",
        hands.hand_delete,
        name="hand_delete",
    ),
    path("c/<str:circle>/g/<str:game>/hands/<hand:hand>/undo", hands.hand_undo, name="hand_undo"),
    path(
        "c/<str:circle>/g/<str:game>/hands/<hand:hand>/restore",
        hands.hand_restore,
        name="hand_restore",
    ),
    path("c/<str:circle>/g/<str:game>/export", games.game_export, name="game_export"),
    path("c/<str:circle>/g/<str:game>/sheet.csv", games.game_csv, name="game_csv"),
    path("c/<str:circle>/g/<str:game>/rematch", games.game_rematch, name="game_rematch"),
    path("c/<str:circle>/g/<str:game>/share", games.game_share, name="game_share"),
    path("c/<str:circle>/g/<str:game>/remove", game_fixes.game_remove, name="game_remove"),
    path("c/<str:circle>/g/<str:game>/restore", game_fixes.game_restore, name="game_restore"),
    path("c/<str:circle>/g/<str:game>/abandon", game_fixes.game_abandon, name="game_abandon"),
    path("c/<str:circle>/g/<str:game>/resume", game_fixes.game_resume, name="game_resume"),
    path("c/<str:circle>/g/<str:game>/rules", game_fixes.game_rules, name="game_rules"),
    path("c/<str:circle>/g/<str:game>/players", game_fixes.game_players, name="game_players"),
    path("w/<str:watch>/", games.watch, name="watch"),
    path("w/<str:watch>/live", games.watch_live, name="watch_live"),
    path("w/<str:watch>/stream", streams.watch_stream, name="watch_stream"),
]

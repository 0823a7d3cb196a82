from django.urls import path, register_converter

from games import pwa, views


class HandId:
    """A hand's identity in a link: ASCII digits that fit the database's id column."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(HandId, "hand")

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline", pwa.offline, name="offline"),
    path("start", pwa.start, name="start"),
    path("apple-touch-icon.png", pwa.apple_touch_icon, name="apple_touch_icon"),
    path("circles/new", views.circle_create, name="circle_create"),
    path("c/<str:circle>/", views.circle, name="circle"),
    path("c/<str:circle>/rename", views.circle_rename, name="circle_rename"),
    path("c/<str:circle>/language", views.circle_language, name="circle_language"),
    path("c/<str:circle>/time-zone", views.circle_time_zone, name="circle_time_zone"),
    path("c/<str:circle>/nights/<str:night>/", views.night, name="night"),
    path("c/<str:circle>/stats", views.circle_stats, name="circle_stats"),
    path("c/<str:circle>/history.csv", views.history_export, name="history_export"),
    path("c/<str:circle>/new", views.game_new, name="game_new"),
    path("c/<str:circle>/import", views.game_import, name="game_import"),
    path("c/<str:circle>/declarations", views.declarations_helper, name="declarations"),
    path("c/<str:circle>/melds", views.melds, name="melds"),
    path("c/<str:circle>/g/<str:game>/", views.game, name="game"),
    path("c/<str:circle>/g/<str:game>/live", views.game_live, name="game_live"),
    path("c/<str:circle>/g/<str:game>/hands", views.hand_record, name="hand_record"),
    path("c/<str:circle>/g/<str:game>/preview", views.hand_preview, name="hand_preview"),
    path("c/<str:circle>/g/<str:game>/progress", views.hand_progress, name="hand_progress"),
    path(
        "c/<str:circle>/g/<str:game>/declarations",
        views.declarations_use,
        name="declarations_use",
    ),
    path("c/<str:circle>/g/<str:game>/hands/<hand:hand>/edit", views.hand_edit, name="hand_edit"),
    path(
        "c/<str:circle>/g/<str:game>/hands/<hand:hand>/delete",
        views.hand_delete,
        name="hand_delete",
    ),
    path("c/<str:circle>/g/<str:game>/hands/<hand:hand>/undo", views.hand_undo, name="hand_undo"),
    path(
        "c/<str:circle>/g/<str:game>/hands/<hand:hand>/restore",
        views.hand_restore,
        name="hand_restore",
    ),
    path("c/<str:circle>/g/<str:game>/export", views.game_export, name="game_export"),
    path("c/<str:circle>/g/<str:game>/sheet.csv", views.game_csv, name="game_csv"),
    path("c/<str:circle>/g/<str:game>/rematch", views.game_rematch, name="game_rematch"),
    path("c/<str:circle>/g/<str:game>/share", views.game_share, name="game_share"),
    path("w/<str:watch>/", views.watch, name="watch"),
    path("w/<str:watch>/live", views.watch_live, name="watch_live"),
]

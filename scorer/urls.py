from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    # The menu's language picker posts to Django's set_language (i18n/setlang/), which keeps
    # the choice in the language cookie (settings.LANGUAGE_COOKIE_AGE).
    path("i18n/", include("django.conf.urls.i18n")),
]

from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    # The menu's language picker posts to Django's set_language (i18n/setlang/), which keeps
    # the choice in the language cookie (settings.LANGUAGE_COOKIE_AGE).
    path("i18n/", include("django.conf.urls.i18n")),
]

# A database out of reach is the site's 503 "try again" page, anything else its 500 page.
handler500 = "games.errors.server_error"

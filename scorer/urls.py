from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    # The menu's language picker posts to Django's set_language (i18n/setlang/), which keeps
    # the choice in the language cookie (settings.LANGUAGE_COOKIE_AGE).
    path("i18n/", include("django.conf.urls.i18n")),
]

# A request Django cannot read is the site's 400 page, however it failed; a database out of
# reach is the site's 503 "try again" page, anything else its 500 page.
handler400 = "games.views.error_pages.bad_request"
handler500 = "games.views.error_pages.server_error"

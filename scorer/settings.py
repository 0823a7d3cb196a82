"""Scorer's settings, read from the environment (README.md, "Production"; each one checked in
scorer/environment.py, and readable from a file through NAME_FILE)."""

from __future__ import annotations

from pathlib import Path

from django.utils.csp import CSP

from scorer.database import database
from scorer.environment import (
    SettingError,
    allowed_hosts,
    env,
    env_bool,
    env_int,
    env_list,  # noqa: F401 (imported from here by the tests)
    log_level,
    secret_key,
    trusted_origins,
)
from scorer.local_secret import local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent

# Development unless DEBUG=false says production, so `manage.py` works on a fresh clone with
# nothing set. The WSGI and ASGI entry points (what gunicorn loads) default to production
# instead (scorer/wsgi.py), so a server started without DEBUG=false is still production.
DEBUG = env_bool("DEBUG", True)

SECRET_KEY = secret_key(DEBUG) or local_secret_key(BASE_DIR / ".secret_key")

ALLOWED_HOSTS = allowed_hosts(DEBUG)
CSRF_TRUSTED_ORIGINS = trusted_origins()

# The folder of what the site keeps: the SQLite file when no DATABASE_URL is given (the
# container's one volume, /data; the project folder by default).
DATA_DIR = Path(env("DATA_DIR") or BASE_DIR)
if not DATA_DIR.is_dir():
    raise SettingError(f"DATA_DIR={str(DATA_DIR)!r} is not a folder.")

INSTALLED_APPS = [
    "whitenoise.runserver_nostatic",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_ratelimit",
    "games",
]

MIDDLEWARE = [
    # Outermost: the security headers on every answer, a refused host's and a static file's
    # too; then secret links only as the site spells them (games/middleware.py).
    "games.middleware.SecurityHeaders",
    # /healthz answered before the host is checked (games/health.py).
    "games.health.HealthCheck",
    "games.middleware.CanonicalSecretLinks",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx fragments compressed (static files come compressed from WhiteNoise): a
    # 20 KB game page is 4 KB on a phone's slow link. Django pads each compressed body with
    # random bytes against BREACH, and the CSRF token is masked anew on every response.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # After every middleware that adds a header, so that its 400 carries them all.
    "games.middleware.FormCharsetMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "django_ratelimit.middleware.RatelimitMiddleware",
]

ROOT_URLCONF = "scorer.urls"
WSGI_APPLICATION = "scorer.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                # LANGUAGE_CODE and LANGUAGE_BIDI: the page's lang and dir (templates/base.html).
                "django.template.context_processors.i18n",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx"],
        },
    }
]

# Form widgets drawn in Python where pages draw many, exactly as Django's templates draw them
# (games/forms/renderer.py).
FORM_RENDERER = "games.forms.renderer.FastRenderer"

DATABASES = {"default": database(env("DATABASE_URL"), DATA_DIR, env_int("CONN_MAX_AGE", 60))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
# The languages the tables play in (issue 14). A phone's choice (the menu's picker, kept in a
# cookie) comes first, then its circle's default, then the browser's Accept-Language.
LANGUAGES = [
    ("en", "English"),
    ("tr", "Türkçe"),
    ("ru", "Русский"),
    ("uk", "Українська"),
    ("ta", "தமிழ்"),
    ("he", "עברית"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Where a language's date formats differ from Django's own (scorer/formats/<code>/).
FORMAT_MODULE_PATH = ["scorer.formats"]
LANGUAGE_COOKIE_AGE = 400 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes and WhiteNoise serves from; the measurements use a folder of
# their own (bench/bench.py).
STATIC_ROOT = Path(env("STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or env_bool("STATIC_FROM_FINDERS", False)
            else "scorer.static_storage.StaticStorage"
        )
    }
}
WHITENOISE_USE_FINDERS = DEBUG or env_bool("STATIC_FROM_FINDERS", False)

# The site serves only its own files: no inline scripts, no inline styles but the game page's
# own sheet (with the response's nonce), nothing from outside.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    # The game page writes its style sheet into itself (templates/games/game.html), with the
    # response's nonce; no other inline style, and no style attribute, runs.
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    # The service worker (/sw.js) and the app manifest come from the site itself.
    "worker-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
# A page whose CSRF token has gone stale says so in the site's look (templates/403_csrf.html).
CSRF_FAILURE_VIEW = "games.views.error_pages.csrf_failure"

# Read in development too, so a mistyped value stops start-up wherever it is first tried.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
_ssl_redirect = env_bool("SECURE_SSL_REDIRECT", True)
_hsts_include_subdomains = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
_hsts_preload = env_bool("SECURE_HSTS_PRELOAD", True)
# `make lan`: production on a plain-HTTP address of the local network for a card night
# (scorer/lan.py). A browser drops a Secure cookie there, so no form could be sent; nothing
# redirects to an HTTPS that does not exist, and no HSTS pins the address to it.
PLAIN_HTTP = env_bool("PLAIN_HTTP", False)
if not DEBUG and PLAIN_HTTP:
    SECURE_SSL_REDIRECT = False
elif not DEBUG:
    SECURE_SSL_REDIRECT = _ssl_redirect
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _hsts_include_subdomains
    SECURE_HSTS_PRELOAD = _hsts_preload
    if BEHIND_TLS_PROXY:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# Every cookie the site sets goes over HTTPS only in production (not on make lan's plain
# HTTP): CSRF's and the session's above, the language choice, the circles a device has opened
# (a signed cookie, games/views/remembered_circles.py) and the chosen hands view
# (games/views/games.py, HANDS_COOKIE).
COOKIES_SECURE = not DEBUG and not PLAIN_HTTP
LANGUAGE_COOKIE_SECURE = COOKIES_SECURE
CIRCLE_COOKIE_SECURE = COOKIES_SECURE

# The default cache is for rate limits (games/ratelimits.py). It must be shared by every worker
# and every app server, and Scorer runs with nothing but its database, so it lives there: the
# table is made by `migrate` (games/apps.py). django-ratelimit asks for a cache whose
# increments are atomic (memcached, Redis); Django's database cache's are not, so Scorer's
# subclass increments a count with its row locked (AtomicDatabaseCache), and django-ratelimit's
# check, which knows only the backends it names, is silenced.
CACHES = {
    "default": {
        "BACKEND": "games.ratelimits.AtomicDatabaseCache",
        "LOCATION": "scorer_cache",
        "OPTIONS": {"MAX_ENTRIES": 10_000},
    },
    # Rendered hand rows (templates/games/game.html, hand-rows), kept in each process's
    # memory. A row's key holds everything the row shows that can change (games/pages/game_page.py,
    # row_key), so an entry is never stale and no process has to tell another to drop one:
    # a changed hand gets a new key, and the old entry ages out. A shared cache would cost a
    # round trip per page to save well under a millisecond of rendering per row, and a deploy
    # that changes the template restarts the processes, emptying it.
    "rows": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "hand-rows",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    },
}
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
RATELIMIT_IP_META_KEY = "games.ratelimits.client_address"
RATELIMIT_VIEW = "games.views.error_pages.rate_limited"

# Every line logged, by Django or the development server, has the secret part of circle,
# game and watch links masked (scorer/logs.py; gunicorn.conf.py does the same for gunicorn).
LOG_LEVEL = log_level()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"mask_secret_links": {"()": "scorer.logs.MaskSecretLinks"}},
    "formatters": {
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_secret_links"]},
        "server": {
            "class": "logging.StreamHandler",
            "formatter": "server",
            "filters": ["mask_secret_links"],
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own handlers are replaced, so nothing of it is written unmasked.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}

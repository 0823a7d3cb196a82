"""Settings for the test suite: production settings, with static files read from the source."""

from __future__ import annotations

import os

os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "tests-only-not-secret")
os.environ.setdefault("STATIC_FROM_FINDERS", "true")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from scorer.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
SECURE_HSTS_SECONDS = 0
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405 (live-server threads must not hold connections)

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared-cache memory: the browser tests' server threads then read while
    # another writes, as they do in production. Under pytest-xdist, pytest-django gives each
    # worker a file of its own (.test-db.sqlite3_gw0, _gw1, ...), as it does PostgreSQL's.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}  # noqa: F405

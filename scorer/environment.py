"""Settings read from the environment, each checked as it is read: a missing or mistyped one
stops start-up with one sentence naming it (scorer/start.py and manage.py print it alone).

Every setting may instead be read from a file named by the same name with `_FILE` after it
(`SECRET_KEY_FILE=/run/secrets/scorer_key`), as container secrets are mounted; the file's
content less its final line break is the value.
"""

from __future__ import annotations

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

TRUE = ("1", "true", "yes", "on")
FALSE = ("0", "false", "no", "off")


class SettingError(ImproperlyConfigured):
    """A setting missing or wrong, said in one sentence that names it."""


def env(name: str, default: str = "") -> str:
    """The setting `name`, from the environment or from the file `<name>_FILE` names."""
    path = os.environ.get(f"{name}_FILE", "")
    if not path:
        return os.environ.get(name, default)
    if os.environ.get(name):
        raise SettingError(f"{name} and {name}_FILE are both set: keep one of them.")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "not UTF-8 text"
        raise SettingError(f"{name}_FILE={path!r} cannot be read: {reason}.") from None
    return text.removesuffix("\n").removesuffix("\r")


def env_bool(name: str, default: bool) -> bool:
    """A yes-or-no setting; anything but the words below stops start-up (a typo is not "no")."""
    value = env(name).strip().lower()
    if not value:
        return default
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise SettingError(
        f"{name}={env(name)!r} is not a yes or no: use one of "
        f"{', '.join(TRUE)} (yes) or {', '.join(FALSE)} (no)."
    )


def env_int(name: str, default: int, minimum: int = 0) -> int:
    """A whole number of at least `minimum`."""
    value = env(name).strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise SettingError(f"{name}={value!r} is not a whole number.") from None
    if number < minimum:
        raise SettingError(f"{name}={value!r} is below {minimum}.")
    return number


def env_list(name: str, default: str = "") -> list[str]:
    """A comma-separated list, blanks left out."""
    return [item.strip() for item in (env(name) or default).split(",") if item.strip()]


def allowed_hosts(debug: bool) -> list[str]:
    """ALLOWED_HOSTS: required in production, where no host would be served without it."""
    hosts = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if debug else "")
    if not hosts:
        raise SettingError(
            "ALLOWED_HOSTS must be set in production (DEBUG=false): the names the site is "
            "reached by, comma-separated (scorer.example.org)."
        )
    for host in hosts:
        if "://" in host or "/" in host:
            raise SettingError(
                f"ALLOWED_HOSTS has {host!r}: a host name only, without scheme or path."
            )
    return hosts


def trusted_origins() -> list[str]:
    """CSRF_TRUSTED_ORIGINS: each a scheme and a host (https://scorer.example.org)."""
    origins = env_list("CSRF_TRUSTED_ORIGINS")
    for origin in origins:
        scheme, _, rest = origin.partition("://")
        if scheme not in ("http", "https") or not rest or "/" in rest:
            raise SettingError(
                f"CSRF_TRUSTED_ORIGINS has {origin!r}: an origin is a scheme and a host, "
                "such as https://scorer.example.org."
            )
    return origins


def secret_key(debug: bool) -> str:
    """SECRET_KEY: required in production ('' in development: the local one is made)."""
    key = env("SECRET_KEY")
    if not key and not debug:
        raise SettingError(
            "SECRET_KEY must be set in production (DEBUG=false); see README.md, Production."
        )
    return key


def log_level() -> str:
    level = env("LOG_LEVEL", "WARNING").strip().upper() or "WARNING"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise SettingError(
            f"LOG_LEVEL={level!r} is not one of DEBUG, INFO, WARNING, ERROR, CRITICAL."
        )
    return level

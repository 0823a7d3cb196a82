"""The development secret: made on first use and kept in a file git ignores (never production's)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def local_secret_key(path: Path) -> str:
    """The secret stored at `path`, written there first if there is none yet."""
    if not path.exists():
        # Written whole to a private temporary file, then linked into place: two processes
        # starting at once (runserver and its reloader) both end up reading the same key.
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50) + "\n")
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
    key = path.read_text().strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it and a new secret is made.")
    return key

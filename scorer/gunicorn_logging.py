"""gunicorn's logger with secret links masked in its access and error lines (gunicorn.conf.py)."""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from scorer.logs import MaskSecretLinks


class MaskingLogger(Logger):  # type: ignore[misc]
    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        # On the loggers rather than their handlers: setup() runs again on a reload and
        # replaces the handlers, and a log configuration may add handlers of its own.
        for log in (self.error_log, self.access_log):
            if not any(isinstance(f, MaskSecretLinks) for f in log.filters):
                log.addFilter(MaskSecretLinks())

#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorer.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 (read here: a wrong setting is one line, not a traceback)
    except ImproperlyConfigured as error:
        sys.exit(f"Scorer cannot start: {error}")
    execute_from_command_line(sys.argv)

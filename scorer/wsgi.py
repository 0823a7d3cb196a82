"""WSGI entry point: `gunicorn scorer.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorer.settings")
application = get_wsgi_application()

"""WSGI entry point: `gunicorn scorer.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorer.settings")
# An app server is production unless told otherwise (manage.py defaults to development).
os.environ.setdefault("DEBUG", "false")
application = get_wsgi_application()

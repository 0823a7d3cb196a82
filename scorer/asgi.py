"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorer.settings")
# An app server is production unless told otherwise (manage.py defaults to development).
os.environ.setdefault("DEBUG", "false")
application = get_asgi_application()

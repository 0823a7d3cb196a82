"""Whose requests the rate limits count (settings.RATELIMIT_IP_META_KEY).

The limits themselves are django-ratelimit decorators on the views that create rows in bulk:
circles and imports. They sit far above a card table's pace and stop only scripts.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The connecting address; behind our own proxy, the address that proxy saw.

    Only the last X-Forwarded-For entry is the proxy's own: anything before it came from the
    client and may be made up, so it is never read.
    """
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(forwarded))
        except ValueError:
            pass
    address = request.META.get("REMOTE_ADDR", "")
    if not address:
        raise ImproperlyConfigured(
            "REMOTE_ADDR is empty (a proxy on a Unix socket?): set BEHIND_TLS_PROXY=true "
            "so the rate limits count the proxy's X-Forwarded-For."
        )
    return str(address)

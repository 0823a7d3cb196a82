"""Whose requests the rate limits count (settings.RATELIMIT_IP_META_KEY), how long a refused
one waits (the 429's Retry-After), and the cache that counts them (settings.CACHES).

The limits themselves are django-ratelimit decorators on the views that create rows in bulk:
circles and imports. They sit far above a card table's pace and stop only scripts.
"""

from __future__ import annotations

import base64
import ipaddress
import pickle

from django.conf import settings
from django.core.cache.backends.db import DatabaseCache
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, models, router, transaction
from django.http import HttpRequest
from django.utils import timezone
from django_ratelimit.core import get_usage


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


# The limits of each limited view (games/views/, their @ratelimit decorators), by the view's
# name, which is also the limit's group: the 429 answer reads them to say when to try again.
LIMITS: dict[str, tuple[str, ...]] = {
    "circle_create": ("10/m", "60/h"),
    "game_import": ("20/10m",),
    "club_import": ("20/10m",),
}
# When the view is not known: a minute, the shortest window of any limit.
DEFAULT_RETRY_SECONDS = 60


def retry_after(request: HttpRequest) -> int:
    """Seconds until every limit the request has used up opens again (the 429's Retry-After)."""
    match = request.resolver_match
    group = match.url_name if match is not None else None
    waits = []
    for rate in LIMITS.get(group or "", ()):
        usage = get_usage(request, group=group, key="ip", rate=rate, increment=False)
        if usage is not None and usage["should_limit"]:
            waits.append(usage["time_left"])
    return max(1, max(waits)) if waits else DEFAULT_RETRY_SECONDS


class AtomicDatabaseCache(DatabaseCache):
    """The database cache, whose increments count every request (settings.CACHES).

    django-ratelimit counts a request with the cache's `incr`, and Django's database cache
    reads the count and writes it back: two workers reading 5 at once both write 6, so 30
    imports at once passed a limit of 20 (issue 21, 9). It also set the entry's expiry anew,
    to the cache's default of five minutes, shorter than the import limit's ten. Here the
    count is read with its row locked (SELECT … FOR UPDATE on PostgreSQL; SQLite's writing
    transaction, settings.DATABASES, locks the whole database) and written back in the same
    transaction, its expiry untouched."""

    _table: str  # the table's name, set by BaseDatabaseCache

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table = quote(self._table)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('value')}, {quote('expires')} FROM {table} "  # noqa: S608
                f"WHERE {quote('cache_key')} = %s{lock}",
                [key],
            )
            row = cursor.fetchone()
            if row is not None:
                expression = models.Expression(output_field=models.DateTimeField())
                expires = row[1]
                for converter in connection.ops.get_db_converters(
                    expression
                ) + expression.get_db_converters(connection):
                    expires = converter(expires, expression, connection)
            if row is None or expires < timezone.now():
                raise ValueError(f"Key '{key}' not found")
            value = pickle.loads(base64.b64decode(connection.ops.process_clob(row[0]).encode()))
            value += delta
            stored = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {quote('value')} = %s "  # noqa: S608
                f"WHERE {quote('cache_key')} = %s",
                [stored, key],
            )
        return int(value)

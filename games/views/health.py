"""/healthz (games/health.py answers GET and HEAD before the host is checked)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_safe

from games.health import health_response


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Whether this process can serve: its database reached, every migration applied."""
    return health_response()

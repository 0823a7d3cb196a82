"""/healthz: whether this app process can serve, for a container's health check or a load
balancer. Two queries at most, whatever the size of the site; no secret in the answer."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from django.db import DatabaseError, connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, HttpResponseBase, JsonResponse

Key = tuple[str, str]


def scorer_version() -> str:
    """The installed package's version (pyproject.toml), or "unknown" in a bare copy."""
    try:
        return version("scorer")
    except PackageNotFoundError:
        return "unknown"


VERSION = scorer_version()


@cache
def expected_migrations() -> dict[Key, tuple[Key, ...]]:
    """Every migration this code has, each with those it replaces (a squashed one): read from
    the files once per process, since they do not change while it runs."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    return {key: tuple(graph.nodes[key].replaces) for key in graph.nodes}


def missing_migrations(applied: set[Key]) -> list[str]:
    """The migrations of this code the database has not had, as app.name."""
    return sorted(
        f"{app}.{name}"
        for (app, name), replaces in expected_migrations().items()
        if (app, name) not in applied and not (replaces and set(replaces) <= applied)
    )


def health(alias: str = "default") -> tuple[bool, dict[str, Any]]:
    """(healthy, the answer): the database reached and every migration applied."""
    answer: dict[str, Any] = {"status": "ok", "version": VERSION, "database": "ok"}
    connection = connections[alias]
    try:
        applied = set(MigrationRecorder(connection).applied_migrations())
    except DatabaseError:
        # Which error it was would say the host, the user or the path: only that it failed.
        answer.update(status="error", database="unreachable")
        return False, answer
    missing = missing_migrations(applied)
    answer["migrations"] = {"missing": missing} if missing else "ok"
    if missing:
        answer["status"] = "error"
    return not missing, answer


def health_response() -> JsonResponse:
    healthy, answer = health()
    response = JsonResponse(answer, status=200 if healthy else 503)
    response["Cache-Control"] = "no-store"
    return response


class HealthCheck:
    """Answers GET /healthz before the host is checked or HTTPS insisted on: the container's
    own check asks on 127.0.0.1 over plain HTTP, whatever ALLOWED_HOSTS says. Other methods
    go on to the URL pattern (games/urls.py), which refuses them."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info == "/healthz" and request.method in ("GET", "HEAD"):
            return health_response()
        response: HttpResponseBase = self.get_response(request)
        return response

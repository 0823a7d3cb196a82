"""The flush that ends a transactional test is tried again when PostgreSQL ended it as one
side of a deadlock (tests/web/conftest.py), and for nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management.base import CommandError
from django.db import OperationalError

from tests.web.conftest import tried_again_after_a_deadlock


def failing(*errors: Exception) -> tuple[Any, list[int]]:
    calls: list[int] = []

    def handle(self: Any, **options: Any) -> str:
        calls.append(1)
        if len(calls) <= len(errors):
            raise CommandError("Database test couldn't be flushed.") from errors[len(calls) - 1]
        return "flushed"

    return handle, calls


def test_a_flush_ended_by_a_deadlock_goes_through_the_next_time() -> None:
    handle, calls = failing(OperationalError("deadlock detected"))
    assert tried_again_after_a_deadlock(handle)(None) == "flushed"
    assert len(calls) == 2


def test_any_other_failure_is_raised_at_once() -> None:
    handle, calls = failing(OperationalError("server closed the connection"))
    with pytest.raises(CommandError):
        tried_again_after_a_deadlock(handle)(None)
    assert len(calls) == 1


def test_a_deadlock_every_time_is_raised_after_five_tries() -> None:
    handle, calls = failing(*[OperationalError("deadlock detected")] * 6)
    with pytest.raises(CommandError):
        tried_again_after_a_deadlock(handle)(None)
    assert len(calls) == 5

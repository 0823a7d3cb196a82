from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[Any]:
    # Lets the browser fixture know whether the test failed, to keep the page for a look.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report

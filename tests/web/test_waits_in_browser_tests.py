"""How the browser tests wait: checked in their source, without a browser."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent

# `wait_for_function("an expression")` is evaluated in the page with eval() whenever the
# expression is not already true at the first look, and the site's Content Security Policy
# refuses eval(): such a wait passes when the page is quick and fails when it is slow. A
# function ("() => ...") is called instead, which the policy allows.
EXPRESSION = re.compile(r"wait_for_function\(\s*(?P<text>(?:\"|')[^\n]*)")


def test_every_waited_for_function_is_a_function_not_an_expression() -> None:
    bare = []
    for path in sorted(HERE.glob("test_browser*.py")):
        for match in EXPRESSION.finditer(path.read_text()):
            text = match["text"].lstrip("\"'")
            if not text.startswith("() =>"):
                line = path.read_text()[: match.start()].count("\n") + 1
                bare.append(f"{path.name}:{line}: {match['text'][:60]}")
    assert not bare, "waits that evaluate an expression with eval():\n" + "\n".join(bare)


def test_the_check_sees_an_expression() -> None:
    assert EXPRESSION.search('page.wait_for_function("window.x === 1")')
    assert EXPRESSION.search('page.wait_for_function(\n    "() => window.x === 1"\n)')

"""The engine's modules import one another in one direction: no circle, and no import
inside a function to dodge one (ARCHITECTURE.md, "The engine")."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"


def _modules() -> dict[str, ast.Module]:
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = ast.parse(path.read_text(), str(path))
    return found


def _imported(tree: ast.Module, name: str, known: set[str]) -> set[str]:
    """The engine modules `name` imports at its top level."""
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            base = node.module
            if node.level:
                package = name.rsplit(".", node.level)[0]
                base = f"{package}.{node.module}"
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in known else base)
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
    return out & known


def test_no_engine_module_imports_inside_a_function() -> None:
    inside = [
        f"{name}:{node.lineno}"
        for name, tree in _modules().items()
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert inside == []


def test_the_engine_modules_import_one_another_without_a_circle() -> None:
    modules = _modules()
    known = set(modules)
    graph = {name: _imported(tree, name, known) - {name} for name, tree in modules.items()}
    # The catalogue package loads its per-game modules, which add to it: they import the
    # package itself, by design, and nothing else of the engine.
    for name in graph:
        if name.startswith("games.engine.texts."):
            assert graph[name] == {"games.engine.texts"}, name
            graph[name] = set()
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            if state.get(other) == 1:
                circles.append([*path[path.index(other) :], other] if other in path else [other])
            elif other not in state:
                visit(other, [*path, other])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == []
    assert {"games.engine.variant", "games.engine.ladder"} <= graph["games.engine.coinche"]
    # The base the games build on imports no game and no declarations.
    assert graph["games.engine.variant"] & {"games.engine.declarations"} == set()

"""The web half's layout (ARCHITECTURE.md, "Layers"): arrows point down only.

Read from the source (ast), without importing it: no import circle anywhere under games/,
no import inside a function to escape one, and no module outside the engine and the
migrations longer than a reader can hold.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
MAX_LINES = 400

# The one import a function may hold: Django's AppConfig.ready, where an app registers what
# needs the models loaded (its system check); at the top of apps.py it would import the
# models before Django has read the apps.
READY = ("games.apps", "GamesConfig.ready")

# The layers from the bottom up: a module may import one on its own floor or below, never
# above. Modules not listed (middleware, rate limits, the circles cookie) stand beside them.
FLOORS = (
    ("games.engine",),
    ("games.words", "games.nights", "games.ratings"),
    ("games.models",),
    ("games.forms",),
    ("games.pages",),
    ("games.templatetags", "games.checks"),
    ("games.views",),
    ("games.urls",),
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(GAMES.rglob("*.py"))}


def run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of `tree` but those under `if TYPE_CHECKING:`: an import there is read by
    the type checker alone (models that name each other in annotations), never run."""
    found = []
    pending = [tree]
    while pending:
        node = pending.pop()
        found.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                pending.extend(child.orelse)
            else:
                pending.append(child)
    return found


def imported(name: str, tree: ast.AST, run_time: bool = False) -> list[tuple[str, ast.AST]]:
    """The modules of games/ that `tree` (module `name`) imports: all of them, those the type
    checker reads under `if TYPE_CHECKING:` included (a circle there is a circle all the
    same: two modules that each need the other to be read), or those it imports when it
    runs (`run_time`)."""
    package = name if MODULES.get(name, Path()).name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, ast.AST]] = []
    nodes = run_time_nodes(tree) if run_time else list(ast.walk(tree))
    for node in nodes:
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [base]
            targets += [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            # The module itself, or the package that holds a name imported from it.
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.append((target, node))
    return found


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        edges[name] = {target for target, _ in imported(name, tree)}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def is_package_of(package: str, module: str) -> bool:
    return module == package or module.startswith(package + ".")


def floor(module: str) -> int | None:
    for level, packages in enumerate(FLOORS):
        if any(is_package_of(package, module) for package in packages):
            return level
    return None


def imports_in_functions() -> list[str]:
    """Each import inside a function, as "module:function"; the migrations are history,
    kept as they were written (they import the engine of their day inside their steps)."""
    found = []
    for name, path in MODULES.items():
        if is_package_of("games.migrations", name):
            continue
        tree = ast.parse(path.read_text(), str(path))

        def walk(node: ast.AST, where: tuple[str, ...], inside: bool, name: str = name) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.Import | ast.ImportFrom) and inside:
                    if (name, ".".join(where)) != READY:
                        found.append(f"{name}:{'.'.join(where)}")
                elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    walk(child, (*where, child.name), True)
                elif isinstance(child, ast.ClassDef):
                    walk(child, (*where, child.name), inside)
                else:
                    walk(child, where, inside)

        walk(tree, (), False)
    return found


def test_the_walk_reads_the_packages_it_judges() -> None:
    assert "games.words" in MODULES
    assert "games.models" in MODULES
    assert any(is_package_of("games.views", name) for name in MODULES)
    assert any(is_package_of("games.pages", name) for name in MODULES)


def test_the_cycle_finder_finds_a_circle_and_only_one() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_under_games() -> None:
    assert cycles(graph()) == []


def test_no_import_inside_a_function_anywhere_in_games() -> None:
    assert sorted(imports_in_functions()) == []


def test_an_import_is_read_where_it_runs() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from games.models import Game\n"
        "def f():\n    from games import words\n"
    )
    assert [target for target, _ in imported("games.urls", tree, run_time=True)] == [
        "games",
        "games.words",
    ]
    every = {target for target, _ in imported("games.urls", tree)}
    assert every == {"games", "games.words", "games.models"}


def test_every_import_of_games_names_a_module_of_this_tree() -> None:
    """A moved module leaves no import of its old name behind (an installed copy of the
    package elsewhere could answer it)."""
    missing = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and not node.level:
                wanted = [node.module or ""]
            elif isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            else:
                continue
            missing += [
                f"{name}: {module}"
                for module in wanted
                if module.split(".")[0] == "games" and module not in MODULES
            ]
    assert missing == []


def test_arrows_point_down_only() -> None:
    upward = []
    for name, targets in graph().items():
        level = floor(name)
        if level is None:
            continue
        for target in sorted(targets):
            target_level = floor(target)
            if target_level is not None and target_level > level:
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_the_words_import_nothing_of_the_web_half_above_them() -> None:
    words = graph()["games.words"]
    assert {t for t in words if not is_package_of("games.engine", t)} == set()


@pytest.mark.parametrize(
    "name",
    [
        name
        for name in MODULES
        if not is_package_of("games.engine", name) and not is_package_of("games.migrations", name)
    ],
)
def test_no_module_outside_the_engine_is_longer_than_a_reader_holds(name: str) -> None:
    lines = len(MODULES[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines"

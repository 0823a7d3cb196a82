"""Every game Scorer knows, by key, found in the engine's own modules.

A game is one module of this package holding a concrete `Variant` subclass with its own `key`:
nothing is listed here. `VARIANTS` holds one instance of each, in the games' `order` (then by
key), so a game added later comes after the others unless it says otherwise.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from games.engine.errors import ParseError
from games.engine.texts import say
from games.engine.variant import Variant

AnyVariant = Variant[Any, Any]

# Modules of the package that are not imported to look for games: the command line runs
# when imported.
SKIPPED = frozenset({"__main__"})


def get_variant(key: str) -> AnyVariant:
    try:
        return VARIANTS[key]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ParseError(
            "variant", say("registry.unknown_game", game=repr(key), known=known)
        ) from None


def variants_in(modules: Iterable[ModuleType]) -> list[type[AnyVariant]]:
    """The game classes the modules define: Variant subclasses of their own, each naming its
    own `key` (a base that other games share names none)."""
    found: list[type[AnyVariant]] = []
    for module in modules:
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Variant)
                and value.__module__ == module.__name__
                and "key" in vars(value)
            ):
                found.append(value)
    return found


def package_modules(package: ModuleType) -> list[ModuleType]:
    """Every module of a package, imported (SKIPPED left out)."""
    return [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
        if info.name not in SKIPPED
    ]


def registry(classes: Iterable[type[AnyVariant]]) -> dict[str, AnyVariant]:
    """One instance of each game by key, in `order` then key; two games with one key is an
    error in the code, raised at once."""
    by_key: dict[str, AnyVariant] = {}
    for cls in sorted(classes, key=lambda c: (c.order, c.key)):
        if cls.key in by_key:
            other = type(by_key[cls.key])
            raise TypeError(
                f"two games have the key {cls.key!r}: {other.__qualname__} and {cls.__qualname__}"
            )
        by_key[cls.key] = cls()
    return by_key


def discover() -> dict[str, AnyVariant]:
    """Every game of the engine's package (this module's own; it may be importing still)."""
    return registry(variants_in(package_modules(sys.modules[__package__ or "games.engine"])))


# Filled in place, so that every `from … import VARIANTS` sees the same dict.
VARIANTS: dict[str, AnyVariant] = {}
VARIANTS.update(discover())

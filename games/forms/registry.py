"""The hand forms the games declare, found in this package's modules: each game's hand form
(a HandForm subclass naming its `variant`) is its one registration in the web layer, with the
house rules and declarations helper it declares. `games/checks.py` holds every engine game to
having one."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType, ModuleType

from games.engine import VARIANTS
from games.forms.base import HandForm, HelperFormClass
from games.forms.house_rules import SettingSpec

# The modules that hold no game's hand form and read this registry (the new-game form asks
# for each game's house rules): importing them from here would go round in a circle.
NOT_GAMES = {"club_night", "game", "game_rules", "registry", "season"}
PACKAGE = __name__.rpartition(".")[0]


def hand_forms_in(modules: Iterable[ModuleType]) -> list[type[HandForm]]:
    """The hand forms the modules define: HandForm subclasses naming a `variant` of their
    own (a base that other games' forms share names none)."""
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, HandForm)
        and value.__module__ == module.__name__
        and "variant" in vars(value)
    ]


def by_variant(found: Iterable[type[HandForm]]) -> dict[str, type[HandForm]]:
    """The hand forms by variant key, in the engine's order of games (then forms for keys
    the engine does not know, which the checks report); two forms for one game is an error
    in the code, raised at once."""
    forms_of: dict[str, type[HandForm]] = {}
    for form in found:
        if form.variant in forms_of:
            other = forms_of[form.variant]
            raise TypeError(
                f"two hand forms for {form.variant!r}: {other.__qualname__} and {form.__qualname__}"
            )
        forms_of[form.variant] = form
    order = {key: i for i, key in enumerate(VARIANTS)}
    return dict(sorted(forms_of.items(), key=lambda item: order.get(item[0], len(order))))


def _modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"{PACKAGE}.{info.name}")
        for info in pkgutil.iter_modules([str(Path(__file__).parent)])
        if info.name not in NOT_GAMES
    ]


class _Derived[T](Mapping[str, T]):
    """A read-only view of what each game's hand form declares (games without it left out),
    read from the forms as they are registered now."""

    def __init__(self, read: Callable[[type[HandForm]], T | None]) -> None:
        self._read = read

    def __getitem__(self, key: str) -> T:
        value = self._read(_HAND_FORMS[key])
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return (key for key, form in _HAND_FORMS.items() if self._read(form) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


_HAND_FORMS = by_variant(hand_forms_in(_modules()))

# Read-only views by variant key, for callers. Every engine game has its hand form, template
# and house rules: games/checks.py says so at start-up, so a look-up never falls back.
HAND_FORMS: Mapping[str, type[HandForm]] = MappingProxyType(_HAND_FORMS)
# The house rules a new game asks for, in the order shown.
SETTINGS_FIELDS: Mapping[str, Sequence[SettingSpec]] = _Derived(lambda form: form.settings_fields())
# The declarations helper's forms.
HELPER_FORMS: Mapping[str, HelperFormClass] = _Derived(lambda form: form.helper_form)

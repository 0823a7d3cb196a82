from collections.abc import Callable
from typing import TypeVar

from django.http import HttpRequest

_View = TypeVar("_View", bound=Callable[..., object])

# The decorated view keeps its signature (functools.wraps); over the limit it raises.
def ratelimit(
    group: str | Callable[[HttpRequest], str] | None = None,
    key: str | Callable[[str, HttpRequest], str] | None = None,
    rate: str
    | tuple[int, int]
    | Callable[[str, HttpRequest], str | tuple[int, int] | None]
    | None = None,
    method: str | list[str] | tuple[None] = ...,
    block: bool = True,
) -> Callable[[_View], _View]: ...

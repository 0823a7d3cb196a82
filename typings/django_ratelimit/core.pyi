from typing import TypedDict

from django.http import HttpRequest

class Usage(TypedDict):
    count: int
    limit: int
    should_limit: bool
    time_left: int

# A limit's count for the request; with increment=False it only reads it (None: limits off).
def get_usage(
    request: HttpRequest,
    group: str | None = None,
    fn: object = None,
    key: str | None = None,
    rate: str | None = None,
    method: str | list[str] | tuple[None] = ...,
    increment: bool = False,
) -> Usage | None: ...

# django-ratelimit ships no types: these stubs say what Scorer uses of it (mypy_path in
# pyproject.toml).

VERSION: tuple[int, int, int]
__version__: str
ALL: tuple[None]
UNSAFE: list[str]

"""How an error message quotes a player's name (games/engine/names.py, `quoted`): what does
not show by itself is written as its code point, and a long name is cut with an ellipsis."""

from __future__ import annotations

import pytest

from games.engine.names import quoted


@pytest.mark.parametrize(
    ("char", "code"),
    [
        ("\u200b", "200B"),  # a format character that draws nothing
        ("\u202e", "202E"),  # a bidi control: it would turn the message around
        ("\x07", "0007"),  # a control character
        ("\ud800", "D800"),  # a lone surrogate
        ("\ufffd", "FFFD"),  # the replacement character
    ],
)
def test_a_character_that_does_not_show_is_written_as_its_code_point(char: str, code: str) -> None:
    assert quoted(f"An{char}ne") == f'"An<U+{code}>ne"'


def test_letters_show_as_themselves() -> None:
    assert quoted("Chloé") == '"Chloé"'


def test_a_name_of_30_is_quoted_whole_and_a_longer_one_is_cut() -> None:
    assert quoted("a" * 30) == '"' + "a" * 30 + '"'
    assert quoted("a" * 31) == '"' + "a" * 29 + '…"'

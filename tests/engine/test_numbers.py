"""Whole numbers as the engine, the forms and the query parameters all read them."""

from __future__ import annotations

import pytest

from games.engine.errors import ParseError
from games.engine.numbers import LIMIT, NotANumber, OutOfRange, shown, whole_number
from games.engine.reading import Reader
from tests.engine.helpers import Cases, reads_only_catalogue, refused


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("152", 152), ("-40", -40), (" 7 ", 7)])
def test_it_reads_ascii_digits(text: str, number: int) -> None:
    assert whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    # "١٢" and "²" pass str.isdigit(); "1_000" and "+5" pass int(); none is what a table writes.
    ["١٢", "²", "٣", "1_000", "+5", "0x10", "1e3", "1.5", "", " ", "NaN", "9" * 5000, "-", "\x00"],
)
def test_it_refuses_what_is_not_ascii_digits(text: str) -> None:
    with pytest.raises(NotANumber):
        whole_number(text)


@pytest.mark.parametrize("value", [LIMIT + 1, -LIMIT - 1, "2147483648", "-9999999999"])
def test_it_refuses_numbers_beyond_what_the_database_stores(value: object) -> None:
    with pytest.raises(OutOfRange):
        whole_number(value)


def test_it_refuses_an_int_of_thousands_of_digits() -> None:
    with pytest.raises(OutOfRange):
        whole_number(10**5000)


def test_the_bound_fits_a_32_bit_database_column() -> None:
    assert whole_number(LIMIT) == LIMIT and LIMIT < 2**31


@pytest.mark.parametrize("value", [True, 5.0, None, [1], {"a": 1}])
def test_it_refuses_other_types(value: object) -> None:
    with pytest.raises(NotANumber):
        whole_number(value)


def test_a_record_number_beyond_the_bound_is_refused_naming_the_key() -> None:
    reader = Reader({"target": 10**12}, "settings", ["target"])
    with pytest.raises(ParseError) as error:
        reader.number("target")
    assert error.value.field == "target" and "1,000,000,000" in error.value.message


def test_messages_quote_values_briefly_whatever_their_size() -> None:
    assert shown(10**5000) == "a number that long"
    assert len(shown("x" * 10_000)) <= 24
    assert shown([[[[[1]]]]]) == "[[[...]]]"


# --- Through the catalogue ------------------------------------------------------------

CASES: Cases = {
    "numbers": (
        lambda: [
            *refused(lambda: whole_number(True)),
            *refused(lambda: whole_number("9" * 14)),
            *refused(lambda: whole_number(LIMIT + 1)),
        ],
        {"true"},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_what_the_table_reads_is_all_catalogue_sentences(case: str) -> None:
    reads_only_catalogue(case, CASES)

"""A record says when its game was played: `played`, optional, ISO 8601 with its offset.

Read strictly, like the rest of a record: text of the right shape, a moment that exists, in a
year a card night can have been played in; each refusal names the field, on the command line
as in the site's import. A record without it reads as before, and writes nothing for it. Two
records of one game (the same variant, settings, players and hands) have one digest, whenever
each says it was played.
"""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest

from games.engine.__main__ import main
from games.engine.errors import ParseError
from games.engine.record import MAX_PLAYED, GameRecord, read_json

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


def klaberjass(**more: Any) -> dict[str, Any]:
    return {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"target": 500},
        "players": ["Ann", "Ben", "Cleo", "Dov"],
        "hands": [
            {"dealer": 3, "caller": 0, "trump": "H", "card_points": [96, 56], "last_trick": 0}
        ],
        **more,
    }


def refusal(data: object) -> str:
    with pytest.raises(ParseError) as raised:
        GameRecord.from_dict(data)
    assert raised.value.field == "played"
    return str(raised.value)


class TestReading:
    @pytest.mark.parametrize(
        ("written", "moment"),
        [
            ("2026-12-01T21:30:00+01:00", dt.datetime(2026, 12, 1, 20, 30, tzinfo=dt.UTC)),
            ("2026-12-01T21:30+01:00", dt.datetime(2026, 12, 1, 20, 30, tzinfo=dt.UTC)),
            ("2026-12-01T21:30:00Z", dt.datetime(2026, 12, 1, 21, 30, tzinfo=dt.UTC)),
            ("2026-12-01T02:15:30.5-05:30", dt.datetime(2026, 12, 1, 7, 45, 30, 500000, dt.UTC)),
            ("2024-02-29T20:00:00+00:00", dt.datetime(2024, 2, 29, 20, tzinfo=dt.UTC)),
        ],
    )
    def test_a_moment_with_its_offset_is_read_as_that_moment(
        self, written: str, moment: dt.datetime
    ) -> None:
        played = GameRecord.from_dict(klaberjass(played=written)).played
        assert played == moment
        assert played is not None and played.utcoffset() is not None

    def test_a_record_without_it_has_none_and_writes_none(self) -> None:
        record = GameRecord.from_dict(klaberjass())
        assert record.played is None
        assert "played" not in record.to_dict()

    def test_null_is_the_same_as_leaving_it_out(self) -> None:
        assert GameRecord.from_dict(klaberjass(played=None)).played is None

    def test_it_is_written_to_the_second_with_its_offset_and_reads_back(self) -> None:
        record = GameRecord.from_dict(klaberjass(played="2026-12-01T21:30:15.25+01:00"))
        written = record.to_dict()
        assert written["played"] == "2026-12-01T21:30:15+01:00"
        again = GameRecord.from_dict(json.loads(json.dumps(written)))
        assert again.played == dt.datetime(2026, 12, 1, 20, 30, 15, tzinfo=dt.UTC)

    def test_the_spec_records_read_as_before(self) -> None:
        for path in RECORDS:
            data = json.loads(path.read_text())
            assert GameRecord.from_dict(data).to_dict().get("played") is None, path.name


class TestRefusals:
    @pytest.mark.parametrize("value", [1764620000, 1.5, True, ["2026-12-01T21:30Z"], {"at": 1}])
    def test_a_value_that_is_not_text_is_refused(self, value: object) -> None:
        assert "must be a date and time written as text" in refusal(klaberjass(played=value))

    @pytest.mark.parametrize(
        "value",
        [
            "2026-12-01T21:30:00",  # no offset: a wall clock, not a moment
            "2026-12-01",
            "2026-12-01 21:30:00+01:00",
            "2026-12-01t21:30:00z",
            "20261201T213000+0100",
            "2026-W49-2T21:30Z",
            "yesterday",
            "",
            " 2026-12-01T21:30Z",
            "2026-12-01T21:30:00+01:00:30",
            "２０２６-12-01T21:30Z",  # full-width digits are not ISO 8601's
        ],
    )
    def test_text_of_another_shape_is_refused_saying_the_shape(self, value: str) -> None:
        said = refusal(klaberjass(played=value))
        assert "with its offset from UTC, such as 2026-12-01T21:30:00+01:00" in said

    @pytest.mark.parametrize(
        "value",
        [
            "2026-02-30T20:00Z",
            "2025-02-29T20:00Z",
            "2026-13-01T20:00Z",
            "2026-12-00T20:00Z",
            "2026-12-01T24:00Z",
            "2026-12-01T21:60Z",
            "2026-12-01T21:30:61Z",
            "2026-12-01T21:30+24:00",
            "2026-12-01T21:30-99:00",
        ],
    )
    def test_a_moment_that_does_not_exist_is_refused(self, value: str) -> None:
        assert "is not a date and time that exists" in refusal(klaberjass(played=value))

    @pytest.mark.parametrize(
        "value",
        ["0000-01-01T00:00Z", "1899-12-31T23:59Z", "2201-01-01T00:00Z", "9999-12-31T23:59Z"],
    )
    def test_an_absurd_year_is_refused_saying_the_years(self, value: str) -> None:
        assert "must be in a year from 1900 to 2200" in refusal(klaberjass(played=value))

    @pytest.mark.parametrize("length", [MAX_PLAYED + 1, 99, 100])
    def test_an_over_long_text_is_refused_before_it_is_read(self, length: int) -> None:
        value = "2026-12-01T21:30:00.000000+01:00".ljust(length, "0")
        assert f"is longer than {MAX_PLAYED} characters" in refusal(klaberjass(played=value))

    def test_text_beyond_the_records_own_cap_is_refused_naming_the_field(self) -> None:
        with pytest.raises(ParseError) as raised:
            read_json(json.dumps(klaberjass(played="2" * 5000)))
        assert raised.value.field == "played"

    def test_the_command_line_names_the_field(self, capsys: pytest.CaptureFixture[str]) -> None:
        text = json.dumps(klaberjass(played="2026-02-30T20:00+01:00"))
        stdin = io.StringIO(text)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr("sys.stdin", stdin)
            code = main(["-"])
        out, err = capsys.readouterr()
        assert code == 2 and out == ""
        assert err.strip() == "record: played: is not a date and time that exists"


class TestDigest:
    def test_when_it_was_played_is_not_part_of_the_game(self) -> None:
        digests = {
            GameRecord.from_dict(klaberjass(**played)).digest()
            for played in (
                {},
                {"played": "2026-12-01T21:30Z"},
                {"played": "2020-01-01T10:00+03:00"},
            )
        }
        assert len(digests) == 1

    def test_a_setting_at_its_default_and_one_left_out_are_one_game(self) -> None:
        given = klaberjass()
        left_out = {**given, "settings": {}}
        assert given["settings"] == {"target": 500}  # Klaberjass's default target
        assert GameRecord.from_dict(given).digest() == GameRecord.from_dict(left_out).digest()

    def test_names_are_compared_as_names_are(self) -> None:
        written = klaberjass(players=["ann", "BEN", "Cle\u0301o", "Dov"])
        composed = klaberjass(players=["Ann", "Ben", "Cléo", "Dov"])
        assert GameRecord.from_dict(written).digest() == GameRecord.from_dict(composed).digest()

    @pytest.mark.parametrize(
        "change",
        [
            {"settings": {"target": 1000}},
            {"players": ["Ann", "Cleo", "Ben", "Dov"]},
            {"players": ["Ann", "Ben", "Cleo", "Dora"]},
            {"hands": []},
            {
                "hands": [
                    {
                        "dealer": 3,
                        "caller": 0,
                        "trump": "H",
                        "card_points": [97, 55],
                        "last_trick": 0,
                    }
                ]
            },
        ],
    )
    def test_another_variant_setting_seating_player_or_hand_is_another_game(
        self, change: dict[str, Any]
    ) -> None:
        base = GameRecord.from_dict(klaberjass()).digest()
        assert GameRecord.from_dict(klaberjass(**change)).digest() != base

    def test_another_variant_is_another_game(self) -> None:
        # Coinche's seats and an empty game's hands are Klaberjass's: only the variant differs.
        empty = {**klaberjass(), "hands": [], "settings": {}}
        coinche = {**empty, "variant": "coinche"}
        assert GameRecord.from_dict(empty).digest() != GameRecord.from_dict(coinche).digest()

    def test_every_spec_record_written_back_is_the_same_game(self) -> None:
        for path in RECORDS:
            record = GameRecord.from_dict(json.loads(path.read_text()))
            again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
            assert again.digest() == record.digest(), path.name

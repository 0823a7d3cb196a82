"""The engine's sentences are message ids with parameters (issue 14).

A pseudo-language renders every catalogue sentence as its id and its placeholders only, so
any English left in a rendered note was not written through the catalogue.
"""

from __future__ import annotations

import ast
import json
import pickle
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.record import GameRecord, read_json
from games.engine.texts import CATALOGUE, ENGLISH, Text
from tests.engine import (
    test_declarations,
    test_klaberjass_words,
    test_numbers,
    test_record,
    test_shared_pieces,
    test_terz_words,
    test_variant_and_game,
)
from tests.engine.helpers import Cases, Pseudo, leftover_english, placeholders, said_by

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


def scored_records() -> list[tuple[str, GameRecord]]:
    return [(p.stem, GameRecord.from_dict(read_json(p.read_text()))) for p in RECORDS]


@pytest.mark.parametrize(("name", "record"), scored_records(), ids=[p.stem for p in RECORDS])
def test_every_note_and_reason_of_the_records_is_a_catalogue_sentence(
    name: str, record: GameRecord
) -> None:
    game = record.score()
    known = {w for player in record.players for w in re.findall(r"[A-Za-z]+", player)}
    for hand in game.hands:
        said = [*hand.score.notes, *(v.reason for v in hand.score.verdicts)]
        for sentence in said:
            if not sentence:
                continue
            assert isinstance(sentence, Text), f"{name}: not from the catalogue: {sentence!r}"
            assert leftover_english(sentence.render(Pseudo()), known) == [], sentence


def test_a_text_is_its_english_and_keeps_its_id_and_parameters() -> None:
    text = Text("card.label", rank=Text("card.rank.K"), suit="♠")
    assert text == "K♠" and text.id == "card.label"
    assert Text.from_json(json.loads(json.dumps(text.to_json()))) == text
    assert pickle.loads(pickle.dumps(text)).to_json() == text.to_json()
    assert text.render(ENGLISH) == "K♠"


def test_an_unknown_id_is_refused() -> None:
    with pytest.raises(KeyError):
        Text("no.such.sentence")


def test_a_translation_that_breaks_a_placeholder_falls_back_to_english() -> None:
    class Broken:
        def pgettext(self, context: str, message: str) -> str:
            return "{nope} {rank"

        def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
            return "{nope}"

    assert Text("card.label", rank="K", suit="♠").render(Broken()) == "K♠"


def test_every_catalogue_sentence_is_used_by_the_engine_or_the_site_and_every_id_said_exists() -> (
    None
):
    said: set[str] = set()
    sources = [*(ROOT / "games").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    for path in sources:
        if path.parent.name == "texts" and path.parent.parent.name == "engine":
            continue
        source = path.read_text()
        said |= set(re.findall(r"""\bsay\(\s*["']([a-z0-9_.]+)["']""", source))
        said |= set(re.findall(r"""\bText\(\s*["']([a-z0-9_.]+)["']""", source))
        said |= set(re.findall(r"""["']([a-z0-9_]+\.[a-z0-9_.]+)["']""", source)) & set(CATALOGUE)
    prefixes = set(
        re.findall(r"""\bsay\(\s*f["']([a-z0-9_.]+)\{""", "".join(p.read_text() for p in sources))
    )
    missing = {i for i in said if i not in CATALOGUE}
    assert missing == set(), f"said but not in the catalogue: {sorted(missing)}"
    unused = {i for i in CATALOGUE if i not in said and not any(i.startswith(p) for p in prefixes)}
    unused -= {i for i in CATALOGUE if i.startswith(("card.rank.", "card.name."))}
    assert unused == set(), f"in the catalogue but never said: {sorted(unused)}"


def test_every_plural_sentence_is_said_with_its_count() -> None:
    """A counting sentence ("{count} hands", or "{sides} win" counting the players) picks
    its form from the `count` parameter, so every use of it must give one."""
    for id, entry in CATALOGUE.items():
        if isinstance(entry, tuple):
            singular, plural = entry
            assert set(placeholders(singular)) <= set(placeholders(plural)) | {"count"}, id
    with pytest.raises(KeyError):
        Text("card.label", suit="♠")  # a missing parameter is an error, not a blank


def test_the_engine_still_imports_no_django() -> None:
    for path in (ROOT / "games" / "engine").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("django") for a in node.names), path
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("django"), path


@pytest.mark.cli
@pytest.mark.parametrize("record", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_command_line_output_is_unchanged(record: Path) -> None:
    """The JSON the command line printed before sentences had ids, byte for byte."""
    result = subprocess.run(
        [sys.executable, "-S", "-E", "-m", "games.engine", str(record)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (record.parent / "output" / record.name).read_text()


def test_a_bound_is_grouped_the_readers_way_and_survives_storage() -> None:
    from games.engine.record import MAX_HANDS
    from games.engine.texts import Grouped

    text = Text("record.too_many_hands", most=Grouped(MAX_HANDS), hands=Grouped(MAX_HANDS + 1))
    assert text == "a record holds at most 5,000 hands; this one has 5,001"

    class Turkish(Pseudo):
        def grouped(self, value: int) -> str:
            return f"{value:,}".replace(",", ".")

    stored = Text.from_json(json.loads(json.dumps(text.to_json())))
    assert stored.render(Turkish()) == "⟦# {hands} {most}⟧".format(hands="5.001", most="5.000")
    assert Text("numbers.out_of_range", least=Grouped(-10_000), most=Grouped(10_000)) == (
        "must be a whole number from \u221210,000 to 10,000"
    )


def test_on_a_right_to_left_page_names_scores_and_card_phrases_keep_their_own_direction() -> None:
    """Each verbatim value is isolated; a nested phrase with no right-to-left letter (a card,
    a run's cards) is isolated whole, so "9–Q♥" is not read as "Q♥–9"."""
    from games.engine.cards import Rank, Suit
    from games.engine.declarations import Declaration

    class Hebrew:
        def pgettext(self, context: str, message: str) -> str:
            return {"declarations.run": "רצף של {length} קלפים {cards}"}.get(context, message)

        def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
            return singular if count == 1 else plural

    run = Declaration(seat=0, kind="sequence", length=4, top=Rank.QUEEN, suit=Suit.HEARTS)
    described = run.describe()
    assert described == "4-card run 9–Q♥"
    shown = described.render(Hebrew(), lambda v: f"\u2068{v}\u2069")
    assert shown == "רצף של \u20684\u2069 קלפים \u20689–Q♥\u2069"


@pytest.mark.parametrize("count", [1, 2])
def test_every_sentence_is_made_with_the_english_it_renders_in_english(count: int) -> None:
    # A Text writes its English when it is made, without rendering its nested texts again
    # (texts._english); that English is what rendering it in English gives, every sentence.
    from games.engine.texts import Grouped, say

    nested = say("card.rank.K")
    values: list[object] = [nested, Grouped(-12345), -7, "Ann", say("variant.to_target", target=5)]
    for id, entry in CATALOGUE.items():
        patterns = entry if isinstance(entry, tuple) else (entry,)
        keys = {k for p in patterns for _, k, _, _ in string.Formatter().parse(p) if k}
        params = {k: values[i % len(values)] for i, k in enumerate(sorted(keys))}
        if "count" in keys:
            params["count"] = count
        text = Text(id, **params)  # type: ignore[arg-type]
        assert str(text) == text.render(ENGLISH), id
    # A sentence without parameters is made once and shared.
    assert say("card.rank.K") is nested


# The sections of the catalogue the Jack–Nine games and the shared pieces own, and the modules
# whose cases render what the table reads in them.
SECTIONS = (
    "cards.",
    "numbers.",
    "reading.",
    "rounds.",
    "klaberjass.",
    "declarations.",
    "terz.",
    "variant.",
    "registry.",
    "game.",
    "record.",
    "names.",
)
CASES: Cases = (
    test_klaberjass_words.CASES
    | test_terz_words.CASES
    | test_declarations.CASES
    | test_shared_pieces.CASES
    | test_numbers.CASES
    | test_variant_and_game.CASES
    | test_record.CASES
)


def test_the_cases_say_every_sentence_of_the_jack_nine_games_and_the_shared_pieces() -> None:
    ours = {i for i in CATALOGUE if i.startswith(SECTIONS)}
    assert ours - said_by(CASES) == set()

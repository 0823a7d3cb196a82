"""The translation catalogues: complete, consistent, compiled and current (issue 14).

Every language other than English has locale/<code>/LC_MESSAGES/django.po. These tests fail on
an untranslated or fuzzy entry, a placeholder a translation lost or invented, a plural with
the wrong number of forms, a compiled django.mo that does not match its django.po, an engine
sentence the catalogue lacks, and (where xgettext is installed, always in CI) any string in
the code or templates that `make messages` would add.
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from games.engine.texts import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
BRACES = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
PERCENT = re.compile(r"%\(([a-z_][a-z0-9_]*)\)[sd]")
# Every translation carries all of its plural forms, as Django's own catalogues count them
# (makemessages copies their Plural-Forms): Turkish and Tamil two; Russian and Ukrainian four
# (one, few, many, and a fourth for fractions that whole counts never reach); Hebrew three
# (one, two, other).
PLURALS = {"tr": 2, "ta": 2, "ru": 4, "uk": 4, "he": 3}


def po_path(code: str) -> Path:
    return ROOT / "locale" / code / "LC_MESSAGES" / "django.po"


def catalogue(code: str) -> polib.POFile:
    return polib.pofile(str(po_path(code)), wrapwidth=0)


def entries(code: str) -> list[polib.POEntry]:
    return [e for e in catalogue(code) if not e.obsolete]


def placeholders(text: str) -> tuple[set[str], set[str]]:
    return set(BRACES.findall(text)), set(PERCENT.findall(text))


def test_every_language_of_the_settings_has_a_catalogue() -> None:
    assert set(LANGUAGES) == {"tr", "ru", "uk", "ta", "he"}
    for code in LANGUAGES:
        assert po_path(code).is_file(), code
        assert po_path(code).with_suffix(".mo").is_file(), f"{code}: django.mo not compiled"


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_entry_is_untranslated_or_fuzzy_or_obsolete(code: str) -> None:
    po = catalogue(code)
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    obsolete = [e.msgid for e in po.obsolete_entries()]
    assert untranslated == [], f"{code}: {len(untranslated)} untranslated, e.g. {untranslated[:5]}"
    assert fuzzy == [], f"{code}: {len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"
    assert obsolete == [], f"{code}: {len(obsolete)} obsolete, e.g. {obsolete[:5]}"
    assert not po.metadata_is_fuzzy, f"{code}: the header is fuzzy"
    assert po.percent_translated() == 100


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_plural_has_the_languages_forms(code: str) -> None:
    header = catalogue(code).metadata["Plural-Forms"]
    nplurals = int(re.search(r"nplurals\s*=\s*(\d+)", header).group(1))  # type: ignore[union-attr]
    assert nplurals == PLURALS[code], header
    for entry in entries(code):
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            assert sorted(forms) == list(range(nplurals)), entry.msgid
            assert all(forms.values()), f"{code}: a plural form is empty for {entry.msgid!r}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_translations_keep_every_placeholder_and_invent_none(code: str) -> None:
    wrong = []
    for entry in entries(code):
        if entry.msgid_plural:
            wanted = placeholders(entry.msgid_plural)
            found = [placeholders(s) for s in entry.msgstr_plural.values()]
            # A singular form may leave out the count ("one hand"); it may not add a name.
            ok = all(f[0] <= wanted[0] | {"count"} and f[1] <= wanted[1] for f in found)
            ok = ok and all(f[0] | {"count"} >= wanted[0] for f in found)
            ok = ok and all(f[1] | {"counter", "count", "n"} >= wanted[1] for f in found)
        else:
            ok = placeholders(entry.msgstr) == placeholders(entry.msgid)
        if not ok:
            wrong.append(entry.msgid)
    assert wrong == [], f"{code}: placeholders differ in {wrong[:5]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalogue_matches_its_source(code: str) -> None:
    """django.mo is committed (a fresh machine may have no msgfmt): it must be current."""
    with po_path(code).with_suffix(".mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    messages: dict[object, str] = dict(compiled._catalog)  # type: ignore[attr-defined]
    for entry in entries(code):
        key = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            for i, form in entry.msgstr_plural.items():
                assert messages.get((key, i)) == form, f"{code}: {entry.msgid!r} is stale in .mo"
        else:
            assert messages.get(key) == entry.msgstr, f"{code}: {entry.msgid!r} is stale in .mo"
    source_keys = {
        (f"{e.msgctxt}\x04{e.msgid}" if e.msgctxt else e.msgid) for e in entries(code)
    } | {""}
    compiled_keys = {k[0] if isinstance(k, tuple) else k for k in messages}
    assert compiled_keys <= source_keys, f"{code}: .mo has entries the .po lost"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_engine_sentence_is_in_the_catalogue(code: str) -> None:
    found = {(e.msgctxt, e.msgid, e.msgid_plural or None) for e in entries(code)}
    missing = []
    for id, english in CATALOGUE.items():
        singular, plural = (english, None) if isinstance(english, str) else english
        if (id, singular, plural) not in found:
            missing.append(id)
    assert missing == [], f"{code}: engine sentences missing: {missing[:10]}"


def test_the_catalogues_hold_every_string_of_the_code_and_templates(tmp_path: Path) -> None:
    """What `make messages` would extract now is exactly what the catalogues hold."""
    if not shutil.which("xgettext"):
        if os.environ.get("REQUIRE_GETTEXT"):
            raise AssertionError("REQUIRE_GETTEXT is set and xgettext is missing")
        pytest.skip("xgettext (Debian's gettext) is not installed; CI installs it")
    copy = tmp_path / "scorer"
    for name in ("games", "scorer", "templates", "static", "locale"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES],
        cwd=copy,
        env=env,
        check=True,
        capture_output=True,
        timeout=300,
    )
    for code in LANGUAGES:
        ours = {(e.msgctxt, e.msgid, e.msgid_plural) for e in entries(code)}
        fresh_po = polib.pofile(str(copy / "locale" / code / "LC_MESSAGES" / "django.po"))
        fresh = {(e.msgctxt, e.msgid, e.msgid_plural) for e in fresh_po if not e.obsolete}
        assert fresh - ours == set(), f"{code}: not in the catalogue: {sorted(fresh - ours)[:5]}"
        assert ours - fresh == set(), f"{code}: no longer in the code: {sorted(ours - fresh)[:5]}"


# The same options as the Makefile's `messages` target.
MAKEMESSAGES = [
    "makemessages",
    *(f"--locale={code}" for code in ("tr", "ru", "uk", "ta", "he")),
    "--no-obsolete",
    "--add-location=file",
    "--ignore=.venv",
    "--ignore=staticfiles",
    "--ignore=tests",
    "--ignore=bench",
]


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_translation_brings_a_straight_quote_or_markup_its_english_lacks(code: str) -> None:
    """A translation lands inside HTML attributes (titles, labels) as it is: a straight `"`
    or a tag the English does not have would break the page. Typographic quotes are fine."""
    wrong = []
    for entry in entries(code):
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        english = entry.msgid + (entry.msgid_plural or "")
        for form in forms:
            for mark in ('"', "<", ">"):
                if form.count(mark) > english.count(mark):
                    wrong.append((entry.msgid, form))
    assert wrong == [], f"{code}: {wrong[:5]}"

"""Names that cannot lie (issue 21, defect 6): one rule for every name a person types, and
every name isolated wherever a sentence includes it, so none can turn the text around it."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engine import ScorerError
from games.engine.names import check_name, check_names, contained, name_key
from games.engine.texts import say
from games.models import Circle, Game, Player
from games.templatetags.scorer_tags import element, isolated, isolated_list, isolated_text, say_html
from games.words import say_text
from tests.conftest import PLAYERS, hand_post

ROOT = Path(__file__).resolve().parents[2]

# (name, what the refusal says): each broke a page before the rule.
REFUSED = [
    ("\u202eAnn", "direction mark (U+202E)"),
    ("Ann\u202d", "direction mark (U+202D)"),
    ("\u2066\u2069", "direction mark (U+2066)"),
    ("A\u200fn", "direction mark (U+200F)"),
    ("A\u061cn", "direction mark (U+061C)"),
    ("\u200b", "shows nothing"),
    ("\u3164", "shows nothing"),
    ("\u115f\u1160", "shows nothing"),
    ("\uffa0", "shows nothing"),
    ("\u2800", "shows nothing"),
    ("\ufeff\u2060", "shows nothing"),
    ("\u00a0\u3000", "shows nothing"),
    ("A\x01n", "control character (U+0001)"),
    ("A\x1bn", "control character (U+001B)"),
    ("Ann\x7f", "control character (U+007F)"),
    ("A\ud800", "not text (U+D800)"),
]

# Names of real people, in the scripts Scorer's tables write: all kept as typed (in NFC).
KEPT = [
    "Ann",
    "José",
    "עלי",
    "Тарас",
    "தர்ஷினி",  # noqa: RUF001 (Tamil vowel signs are combining marks)
    "می\u200cخواهم",  # a Persian name with its zero-width non-joiner
    "👨\u200d👩\u200d👧",  # a family emoji, joined by zero-width joiners
    "Ann Lee",
]


class TestTheRule:
    @pytest.mark.parametrize(("name", "says"), REFUSED)
    def test_a_name_that_would_lie_is_refused_quoting_it_and_saying_why(
        self, name: str, says: str
    ) -> None:
        with pytest.raises(ScorerError) as raised:
            check_name(name, "players")
        message = str(raised.value)
        assert says in message
        assert message.startswith('players: "')
        # The message shows the hidden characters by their code point, never as themselves,
        # and can itself be written out.
        assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in message)
        message.encode("utf-8")

    @pytest.mark.parametrize("name", KEPT)
    def test_a_real_name_is_kept(self, name: str) -> None:
        assert check_name(name, "players") == unicodedata.normalize("NFC", name)

    def test_a_name_is_kept_in_nfc_without_invisible_ends(self) -> None:
        assert check_name("Jose\u0301", "players") == "Jos\u00e9"
        assert check_name("\u200bAnn\u200b ", "players") == "Ann"

    @pytest.mark.parametrize("other", ["ann", "ANN", "Ann\u200b", "A\u200bnn", "\u2060Ann"])
    def test_names_are_compared_without_case_or_invisible_characters(self, other: str) -> None:
        assert name_key(other) == name_key("Ann")
        with pytest.raises(ScorerError, match="same name"):
            check_names(["Ann", other], "players")

    def test_nfc_and_nfd_are_one_name(self) -> None:
        assert name_key("Jos\u00e9") == name_key("Jose\u0301")
        with pytest.raises(ScorerError, match="same name"):
            check_names(["Jos\u00e9", "Jose\u0301"], "players")

    def test_the_refusals_speak_the_readers_language(self) -> None:
        with pytest.raises(ScorerError) as raised:
            check_name("\u202eAnn", "players")
        with translation.override("tr"):
            turkish = say_text(raised.value.message)
        assert "yön işareti" in turkish and "<U+202E>Ann" in turkish


@pytest.mark.django_db
class TestEveryPlaceANameIsTyped:
    def new_game(self, client: Client, circle: Circle, **names: str) -> Any:
        data = {
            "variant": "klaberjass",
            "first_dealer": "1",
            "set_target": "500",
            **{f"player_{i}": n for i, n in enumerate(PLAYERS)},
            **names,
        }
        return client.post(reverse("game_new", args=[circle.slug]), data)

    @pytest.mark.parametrize(("name", "says"), REFUSED[:-1])  # a form cannot send a surrogate
    def test_the_new_game_form_refuses_it_beside_the_seat(
        self, client: Client, circle: Circle, name: str, says: str
    ) -> None:
        response = self.new_game(client, circle, player_1=name)
        assert response.status_code == 400 and not Game.objects.exists()
        # Spaces alone are stripped first, as the form has always done: a blank seat.
        said = says if name.strip() else "This field is required."
        assert said in response.content.decode()

    @pytest.mark.parametrize("other", ["ann", "Ann\u200b", "\u2060ANN"])
    def test_the_new_game_form_refuses_the_same_name_twice(
        self, client: Client, circle: Circle, other: str
    ) -> None:
        response = self.new_game(client, circle, player_2=other)
        assert response.status_code == 400 and not Game.objects.exists()
        assert "Two seats have the same name." in response.content.decode()

    def test_a_name_typed_in_nfd_is_stored_in_nfc(self, client: Client, circle: Circle) -> None:
        assert self.new_game(client, circle, player_0="Jose\u0301").status_code == 302
        assert Game.objects.get().player_names()[0] == "Jos\u00e9"

    def test_a_name_the_circle_knows_in_another_case_is_the_same_player(
        self, client: Client, game: Game
    ) -> None:
        assert self.new_game(client, game.circle, player_0="ann\u200b").status_code == 302
        new = Game.objects.exclude(pk=game.pk).get()
        assert new.seats.get(index=0).player == game.seats.get(index=0).player
        assert Player.objects.filter(circle=game.circle).count() == 4

    @pytest.mark.parametrize(("name", "says"), [REFUSED[0], REFUSED[5], REFUSED[12]])
    def test_a_circle_rename_refuses_it(
        self, client: Client, circle: Circle, name: str, says: str
    ) -> None:
        response = client.post(reverse("circle_rename", args=[circle.slug]), {"name": name})
        assert response.status_code == 400 and says in response.content.decode()
        circle.refresh_from_db()
        assert circle.name == "Friday"

    @pytest.mark.parametrize(("name", "says"), REFUSED)
    def test_an_import_refuses_it(
        self, client: Client, circle: Circle, name: str, says: str
    ) -> None:
        record = {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {},
            "players": [name, *PLAYERS[1:]],
            "hands": [],
        }
        file = SimpleUploadedFile("game.json", json.dumps(record).encode(), "application/json")
        response = client.post(reverse("game_import", args=[circle.slug]), {"record": file})
        assert response.status_code == 400 and not Game.objects.exists()
        page = response.content.decode()
        said = says if name.strip() else "a blank name"
        if "\ud800" in name:  # a record is read for broken characters before its names
            said = "half of a UTF-16 pair"
        assert said in page and "players" in page

    def test_the_command_line_refuses_it(self, tmp_path: Path) -> None:
        record = {
            "format": "scorer-game/1",
            "variant": "klaberjass",
            "settings": {},
            "players": ["\u202eAnn", *PLAYERS[1:]],
            "hands": [],
        }
        path = tmp_path / "game.json"
        path.write_text(json.dumps(record))
        ran = subprocess.run(
            [sys.executable, "-m", "games.engine", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        assert ran.returncode != 0
        assert "direction mark (U+202E)" in ran.stdout + ran.stderr


# -- isolation --------------------------------------------------------------------------

_EMBEDDINGS = set("\u202a\u202b\u202d\u202e")
_ISOLATES = set("\u2066\u2067\u2068")
_TOKEN = re.compile(
    r"<bdi\b[^>]*>|</bdi>|[\u202a-\u202e\u2066-\u2069]|[^<\u202a-\u202e\u2066-\u2069]+|<"
)


def leaks(text: str, *names: str, letters: bool = True) -> list[str]:
    """Where direction could leak out of a name, as the bidirectional algorithm reads `text`
    (<bdi> as an isolate, like U+2068 … U+2069): an embedding or override still open when
    its isolate or the text ends, a closing mark with nothing of its kind open (it would
    close what is around the name), and (`letters`) a right-to-left letter of the names
    outside any isolate, which would carry the numbers beside it."""
    found = []
    stack: list[str] = []
    strong = {c for n in names for c in n if unicodedata.bidirectional(c) in ("R", "AL")}
    seen = ""
    for token in _TOKEN.findall(text):
        seen = (seen + token)[-80:]
        if token.startswith("<bdi") or token in _ISOLATES:
            stack.append("isolate")
        elif token == "</bdi>" or token == "\u2069":
            if stack[-1:] == ["embedding"]:
                found.append(f"an embedding open at the end of its isolate: {seen!r}")
            if "isolate" not in stack:
                found.append(f"a closing isolate with none open: {seen!r}")
            while stack and stack.pop() != "isolate":
                pass
        elif token in _EMBEDDINGS:
            stack.append("embedding")
        elif token == "\u202c":
            if stack[-1:] != ["embedding"]:
                found.append(f"a U+202C closing what it did not open: {seen!r}")
            else:
                stack.pop()
        elif letters and "isolate" not in stack and strong & set(token):
            found.append(f"a right-to-left name outside any isolate: {seen!r}")
    if stack:
        found.append(f"still open at the end: {stack}")
    return found


HOSTILE_STORED = ["\u202eAnn", "\u2069\u202eBen", "Cleo\u202b", "\u2067Dov", "עלי"]


def test_the_checker_sees_a_leak() -> None:
    assert leaks("\u202eAnn called") and leaks("Ann\u2069 called") and leaks("עלי 94", "עלי")
    assert leaks("<bdi>\u202eAnn</bdi> called") and leaks("\u2068\u2069\u2069")
    assert not leaks("<bdi>\u202eAnn\u202c</bdi> called") and not leaks("\u202eAnn\u202c 94")


@pytest.mark.parametrize("language", ["en", "he"])
@pytest.mark.parametrize("name", HOSTILE_STORED)
def test_a_sentence_keeps_any_name_to_itself(language: str, name: str) -> None:
    sentence = say("names.twice", name=name)
    with translation.override(language):
        text, html = say_text(sentence), str(say_html(sentence))
        attribute, content = isolated_text(name), str(isolated(name))
        tag = str(element("strong", name))
    # On a Hebrew page the sentence's own letters are right to left: only the marks count.
    for shown in (text, html, attribute, content, tag):
        assert leaks(shown, name, letters=language == "en") == [], (language, shown)
    assert contained("\u202eAnn") == "\u202eAnn\u202c"
    assert contained("\u2069\u202c\u2066x") == "\u2066x\u2069"


def test_a_name_without_direction_is_written_as_it_was() -> None:
    with translation.override("en"):
        assert say_text(say("names.twice", name="Ann")).count("\u2068") == 0
        assert str(isolated("Ann & <b>")) == "Ann &amp; &lt;b&gt;"
        assert isolated_text("Ann") == "Ann"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "he"])
def test_names_stored_before_the_rule_display_isolated_on_every_page(
    client: Client, circle: Circle, language: str
) -> None:
    """Names the rules now refuse, stored before them (as a migration would have left them),
    still show, and on the game page, the watch page and the circle page no name turns the
    text around it."""
    game = Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)
    stored = ["\u202eAnn", "\u2069\u202eBen", "עלי", "\u2067Dov"]
    for seat, name in zip(game.seats.order_by("index"), stored, strict=True):
        Player.objects.filter(pk=seat.player_id).update(name=name)
    game.refresh_from_db()
    names = game.player_names()
    assert names == [contained(n) for n in stored]
    client.cookies["django_language"] = language
    url = reverse("game", args=[circle.slug, game.slug])
    page = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', page)
    assert token
    saved = client.post(f"{url}hands", {**hand_post(), "token": token.group(1)})
    assert saved.status_code == 302
    for path in (
        url,
        reverse("watch", args=[game.watch_slug]),
        reverse("circle", args=[circle.slug]),
    ):
        html = client.get(path).content.decode()
        title = re.search(r"<title>(.*?)</title>", html, re.S)
        assert title and leaks(title.group(1), *names, letters=language == "en") == [], path
        body = html[html.index("<body") :]
        # A list box shows each option on a line of its own, apart from any text.
        body = re.sub(r"<select\b.*?</select>", "", body, flags=re.S)
        assert "Ann" in body, path
        # Each name's own marks are closed; a right-to-left name in a sentence is isolated.
        problems = leaks(body, *names, letters=False)
        for sentence in re.findall(r'<ul class="notes">(.*?)</ul>', body, re.S):
            problems += leaks(sentence, *names, letters=language == "en")
        assert problems == [], (path, problems[:5])
    # In the history's CSV each name's marks are closed within its cell.
    export = client.get(reverse("history_export", args=[circle.slug])).content.decode()
    cells = [cell for line in csv.reader(io.StringIO(export)) for cell in line]
    assert any("Ann" in cell for cell in cells)
    assert all(contained(cell) == cell for cell in cells), cells


def test_a_list_of_names_isolates_each_so_commas_stay_between_them() -> None:
    shown = isolated_list(["אברהם בן-דוד", "Ann", "<b>"])
    assert shown == "<bdi>אברהם בן-דוד</bdi>, Ann, &lt;b&gt;"

"""What the web layer writes in Python follows the reader's language: the engine's sentences
stored as data and rendered when read, the words of forms, sheets, charts and CSV files, card
ranks, game names, numbers and dates.

The site's catalogues arrive later (the lead runs makemessages): these tests add a few
entries to Django's Turkish or Russian catalogue for their own duration, and check English
where nothing is translated.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

from games.engine.hoskin import HOSKIN_RANKS
from games.engine.texts import CATALOGUE, Text
from games.forms import HAND_FORMS
from games.forms.base import RANK_NAMES, RANKS
from games.forms.fields import WholeNumberField, number_text
from games.forms.melds import meld_cells
from games.models import Circle, Declaration, Game, Hand, HandInProgress
from games.nights import short_title, title
from games.pages.game_rows import percent_text
from games.pages.score_chart import score_chart
from games.pages.score_sheet import score_sheet
from games.pages.score_sheet_csv import sheet_csv
from games.words import ACTIVE, say_text, stored_text
from tests.conftest import PLAYERS, klob_hand
from tests.web.helpers import HTMX

type Entries = dict[tuple[str | None, str] | tuple[str | None, str, int], str]


@pytest.fixture(autouse=True)
def _english(db: Any) -> Iterator[None]:
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def catalogue() -> Iterator[Callable[[str, Entries], None]]:
    """Add entries to a language's catalogue for one test: (context, English) for a message,
    (context, English singular, plural form's index) for a counting one."""

    def add(language: str, entries: Entries) -> None:
        found = trans_real.translation(language)._catalog
        for key, text in entries.items():
            context, message = key[0], key[1]
            msgid = f"{context}\x04{message}" if context else message
            found[(msgid, key[2]) if len(key) == 3 else msgid] = text

    yield add
    # Read the catalogues afresh, without the entries.
    trans_real._translations = {}
    translation.deactivate()


RANK_NAMES_TR = {
    ("card.name.A", "Ace"): "As",
    ("card.name.10", "Ten"): "On",
    ("card.name.K", "King"): "Papaz",
    ("card.name.Q", "Queen"): "Kız",
    ("card.name.J", "Jack"): "Vale",
    ("card.rank.K", "K"): "P",
    ("card.rank.Q", "Q"): "K",
    ("card.rank.J", "J"): "V",
}


class TestEngineSentencesAreStoredAsData:
    def test_a_hands_notes_and_reasons_are_stored_as_ids_and_parameters(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create()
        game = Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)
        declared = [{"seat": 0, "kind": "sequence", "length": 3, "top": "Q", "suit": "H"}]
        hand = game.record_hand(klob_hand(declarations=declared))
        stored = Hand.objects.get(pk=hand.pk)
        assert stored.notes and all(n["id"] in CATALOGUE for n in stored.notes)
        reason = Declaration.objects.get(hand=hand).reason
        assert isinstance(reason, dict) and reason["id"] in CATALOGUE
        english = [say_text(note) for note in stored.notes]
        assert english[-1].startswith("Ann & Cleo called ♥ and made")
        catalogue("tr", {(reason["id"], CATALOGUE[reason["id"]]): "TR en iyi seri"})
        with translation.override("tr"):
            turkish = [say_text(n) for n in stored.notes]
            assert turkish[-1] == Text.from_json(stored.notes[-1]).render(ACTIVE)
            assert turkish[-1] != english[-1] and "Ann & Cleo" in turkish[-1]
            assert say_text(reason).startswith("TR ")
            assert Declaration.objects.get(hand=hand).reason_text.startswith("TR ")

    def test_a_sentence_renders_in_the_readers_language_with_its_words(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        card = Text("card.label", rank=Text("card.rank.K"), suit="♠")
        stored = json.loads(json.dumps(stored_text(card)))
        assert stored == {
            "id": "card.label",
            "params": {"rank": {"id": "card.rank.K", "params": {}}, "suit": "♠"},
        }
        assert say_text(stored) == "K♠"
        catalogue("tr", RANK_NAMES_TR)
        with translation.override("tr"):
            assert say_text(stored) == "P♠"
        with translation.override("ru"):
            assert say_text(stored) == "К♠"  # Cyrillic: король

    def test_text_stored_before_sentences_had_ids_reads_as_it_was(self) -> None:
        with translation.override("he"):
            assert say_text("West & East called ♠ and made 84 against 98.") == (
                "West & East called ♠ and made 84 against 98."
            )
        assert stored_text("plain") == "plain" and stored_text(None) == ""
        assert say_text({"id": "no.such.sentence", "params": {}}) == ""

    def test_a_deal_not_played_is_summed_up_by_its_note(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create()
        game = Game.create(circle, "euchre", ["Ann", "Ben", "Cleo", "Dov"], {})
        progress = HandInProgress.of(game)
        hand = game.record_hand({"dealer": 0, "outcome": "passed_out"}, token=progress.token)
        assert hand.summary(game.player_names()) == "Everyone passed twice: a redeal, nobody scores"
        saved = HandInProgress.of(game)
        assert isinstance(saved.saved_summary, dict)
        with translation.override("tr"):
            assert (
                saved.saved_text == "Herkes iki kez pas dedi: yeniden dağıtılır, kimse puan almaz"
            )


class TestWordsOfTheWebLayer:
    def test_card_ranks_are_named_when_shown_not_when_imported(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        names = [label for _, _, cells in meld_cells("c_", HOSKIN_RANKS)[:1] for _, label in cells]
        assert names == ["Ace", "Ten", "King", "Queen", "Jack"]
        catalogue("tr", RANK_NAMES_TR)
        with translation.override("tr"):
            names = [
                label for _, _, cells in meld_cells("c_", HOSKIN_RANKS)[:1] for _, label in cells
            ]
            assert names == ["As", "On", "Papaz", "Kız", "Vale"]
            assert dict((k, str(v)) for k, v in RANKS)["K"] == "P"
            assert dict((k, str(v)) for k, v in RANK_NAMES)["K"] == "Papaz"
            form = HAND_FORMS["304"](names=["A", "B", "C", "D"], settings=None)
            assert [str(label) for _, label in form.fields["called_rank"].choices][-4:] == [
                "V",
                "K",
                "P",
                "A",
            ]
        assert dict((k, str(v)) for k, v in RANKS)["K"] == "K"

    def test_the_meld_calculator_names_the_cards_in_the_readers_language(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create()
        catalogue("tr", RANK_NAMES_TR)
        page = Client(HTTP_ACCEPT_LANGUAGE="tr").get(reverse("melds", args=[circle.slug]))
        assert page["Content-Language"] == "tr"
        html = page.content.decode()
        for name in ("As", "Papaz", "Kız", "Vale"):
            assert f"<span>{name}</span>" in html

    def test_games_are_named_in_the_readers_language(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create(language="tr")
        game = Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)
        catalogue("tr", {("game", "Klaberjass"): "Klaverjas"})
        phone = Client()
        for path in (
            reverse("circle", args=[circle.slug]),
            reverse("game", args=[circle.slug, game.slug]),
            reverse("game_new", args=[circle.slug]),
        ):
            assert "Klaverjas" in phone.get(path).content.decode(), path
        with translation.override("tr"):
            assert game.engine.name == "Klaverjas" and game.engine.taker == "Koz seçen"
            assert game.rules.name == "Klaberjass"  # the engine's own, for scoring
        with translation.override("en"):
            assert game.engine.name == "Klaberjass"

    def test_the_sheet_and_its_csv_speak_the_readers_language(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create()
        game = Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)
        game.record_hand(klob_hand())
        game.record_hand(klob_hand(dealer=0, card_points=[40, 112]))
        catalogue(
            "tr",
            {
                ("taker", "Caller"): "Koz seçen",
                ("contract", "made"): "yaptı",
                ("contract", "failed"): "batar",
                ("sheet column", "Hand"): "El",
                (None, "%(side)s: total"): "%(side)s: toplam",
            },
        )
        with translation.override("tr"):
            sheet = score_sheet(game, game.live_hands(), game.player_names())
            assert sheet.taker == "Koz seçen"
            assert [row.result_text for row in sheet.rows] == ["yaptı", "batar"]
            assert [row.result for row in sheet.rows] == ["made", "failed"]
            rows = list(csv.reader(io.StringIO(sheet_csv(sheet).lstrip("\ufeff"))))
        assert rows[0][:3] == ["El", "Dağıtan", "Koz seçen"]
        assert "Ann & Cleo: toplam" in rows[0]
        assert rows[1][5] == "yaptı" and rows[2][5] == "batar"

    def test_conflicts_and_notices_are_said_in_the_readers_language(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        circle = Circle.objects.create(language="tr")
        game = Game.create(circle, "klaberjass", PLAYERS, {}, first_dealer=3)
        saved_english = "Hand %(number)s saved: %(summary)s."
        late_english = "Another phone just saved hand %(number)s: %(summary)s. Yours was not added."
        catalogue(
            "tr",
            {
                (None, saved_english): "El %(number)s kaydedildi: %(summary)s.",
                (None, late_english): (
                    "El %(number)s başka bir telefonda kaydedildi: %(summary)s. Seninki eklenmedi."
                ),
            },
        )
        token = HandInProgress.of(game).token
        post = {
            "dealer": "3",
            "caller": "0",
            "trump": "H",
            "points_0": "96",
            "points_1": "56",
            "last_trick": "0",
            "token": token,
        }
        url = reverse("hand_record", args=[circle.slug, game.slug])
        saved = Client().post(url, post, **HTMX).content.decode()
        assert "El 1 kaydedildi: Ann ♥ +106." in saved
        late = Client().post(url, post, **HTMX)
        assert late.status_code == 409
        assert "El 1 başka bir telefonda kaydedildi: Ann ♥ +106. Seninki eklenmedi." in (
            late.content.decode()
        )

    def test_a_new_circle_is_named_in_the_language_of_the_phone_that_starts_it(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        catalogue("tr", {(None, "Card night"): "Kâğıt gecesi"})
        Client(HTTP_ACCEPT_LANGUAGE="tr").post(reverse("circle_create"))
        Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("circle_create"))
        assert sorted(Circle.objects.values_list("name", flat=True)) == [
            "Card night",
            "Kâğıt gecesi",
        ]


class TestNumbersDatesAndPlurals:
    def test_a_percentage_is_written_as_the_locale_writes_it(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        assert percent_text(62) == "62%" and percent_text(62.5) == "62.5%"
        assert percent_text(None) == "–"
        catalogue("tr", {("percent", "%(number)s%%"): "%%%(number)s"})
        with translation.override("tr"):
            assert percent_text(62.5) == "%62,5"
        with translation.override("ru"):
            assert percent_text(62.5) == "62,5%"

    def test_numbers_are_grouped_as_the_locale_groups_them(self) -> None:
        assert number_text(-1_000_000) == "\u22121,000,000"
        with translation.override("tr"):
            assert number_text(1_000_000) == "1.000.000"
            field = WholeNumberField(min_value=0, max_value=8)
            with pytest.raises(Exception, match="0 ile 8 arasında bir sayı girin"):
                field.clean("1000000001")
            big = WholeNumberField()
            with pytest.raises(Exception, match="\u22121.000.000.000 ile 1.000.000.000 arasında"):
                big.clean("1000000001")

    def test_a_night_is_named_by_the_locales_date(self) -> None:
        friday = dt.date(2026, 6, 12)
        assert title(friday) == "Friday, June 12, 2026"
        with translation.override("tr"):
            assert title(friday) == "Cuma, 12 Haziran 2026"
            assert short_title(friday) == "12 Haziran"
        with translation.override("ru"):
            assert "2026" in title(friday) and "июня" in title(friday)

    def test_counts_take_the_plural_forms_of_the_language(
        self, catalogue: Callable[[str, Entries], None]
    ) -> None:
        one = "Running totals over %(count)s hand"
        catalogue(
            "ru",
            {
                (None, one, 0): "Счёт за %(count)s раздачу",
                (None, one, 1): "Счёт за %(count)s раздачи",
                (None, one, 2): "Счёт за %(count)s раздач",
            },
        )

        def chart_title(hands: int) -> str:
            chart = score_chart(["A", "B"], [(n, 0) for n in range(1, hands + 1)], [], 0)
            assert chart is not None
            return chart.title

        assert [chart_title(n) for n in (1, 2, 5)] == [
            "Running totals over 1 hand",
            "Running totals over 2 hands",
            "Running totals over 5 hands",
        ]
        with translation.override("ru"):
            assert [chart_title(n) for n in (1, 2, 5, 21)] == [
                "Счёт за 1 раздачу",
                "Счёт за 2 раздачи",
                "Счёт за 5 раздач",
                "Счёт за 21 раздачу",
            ]

    def test_the_manifest_speaks_the_phones_language_and_direction(self) -> None:
        hebrew = json.loads(Client(HTTP_ACCEPT_LANGUAGE="he").get("/manifest.webmanifest").content)
        assert (hebrew["lang"], hebrew["dir"]) == ("he", "rtl")
        english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/manifest.webmanifest")
        assert (json.loads(english.content)["dir"], english["Content-Language"]) == ("ltr", "en")
        assert "Accept-Language" in english["Vary"] and "Cookie" in english["Vary"]


def test_the_catalogue_holds_the_card_words_the_forms_ask_for() -> None:
    for rank, _ in RANKS:
        assert f"card.rank.{rank}" in CATALOGUE and f"card.name.{rank}" in CATALOGUE


def test_a_bound_in_a_message_uses_the_readers_thousands_separator() -> None:
    from games.engine.texts import Grouped

    text = Text("numbers.too_large", most=Grouped(1_000_000_000))
    assert say_text(text) == "is too large: at most 1,000,000,000"
    with translation.override("tr"):
        assert "1.000.000.000" in say_text(text)
    with translation.override("ru"):
        assert "1\xa0000\xa0000\xa0000" in say_text(text)


@pytest.mark.parametrize(("language", "said"), [("ru", "30 ноября"), ("uk", "30 листопада")])
def test_a_day_and_month_take_the_genitive_month(language: str, said: str) -> None:
    from django.utils.formats import date_format

    with translation.override(language):
        assert date_format(dt.date(2026, 11, 30), "MONTH_DAY_FORMAT") == said

"""Whole club nights as a club plays them, in Debian's Chromium: the organiser's phone starts
each round and reads the standings, and a phone at each table (each a browser context of its
own) taps its player's name, follows them to their table, round after round, and enters the
hands through the game's own form. Rounds are one deal, to keep the nights short; the
standings after each round are held against figures worked out here from the hands entered
(tests/engine/night_play.py, the spec's order) and the totals each deal must give.

- rotating Klaberjass for nine, so one sits out, and a tenth arriving before round 2, whom
  the organiser swaps in; a TV on the hall display follows it (round 1 played, round 2's
  seating, round 2 played) and round 2's table cards are printed;
- a progressive Euchre party of eight over three rounds, the winners moving up;
- Swiss pairs of coinche for six teams, set up on the organiser's phone, over two rounds."""

from __future__ import annotations

import os
import shutil
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import expect

from games.engine.club.night import read_night
from games.models import Circle, ClubNight, Game
from games.models.club_changes import create_night, night_record
from tests.engine.night_play import Sheet, ranked
from tests.web.test_browser import CHROMIUM, WANTED, phones, picture, record, save, shot, step
from tests.web.test_browser_roster import fits, taps_are_big

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

if not shutil.which(CHROMIUM) and not os.environ.get("REQUIRE_BROWSER"):
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def plain(text: str) -> str:
    """Text as read, without the marks that keep names and numbers in their direction."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf").strip()


def wins(won: Fraction) -> str:
    """A count of wins as the standings write it: 2, ½, 1½."""
    whole, part = divmod(won, 1)
    half = {Fraction(0): "", Fraction(1, 2): "½"}[part]
    return f"{whole}{half}" if whole or not half else half


def look(page: Any, name: str) -> None:
    """The screen as it is, fitting the phone; photographed in light and dark when asked."""
    fits(page, PHONE["width"])
    if WANTED in ("", "0"):
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"club-night-{name}-{scheme}")
    page.emulate_media(color_scheme="light")


@dataclass
class Club:
    """One night at the club: its record so far as the spec reads it (what was played, with
    each table's totals as worked out from the hands), and the phones."""

    night: ClubNight
    organiser: Any
    open_phone: Callable[..., Any]
    name: str
    sheet: Sheet = field(init=False)
    phones: dict[str, Any] = field(default_factory=dict)
    """The table phones, by the player each belongs to."""

    def __post_init__(self) -> None:
        self.sheet = Sheet(self.night.record(), [])
        self.sheet.record["rounds"] = []
        # The night was made here, not on the phone: the organiser's link makes it theirs.
        if self.night.organiser_key not in str(self.organiser.context.cookies()):
            self.organiser.goto(f"{self.path}organiser/{self.night.organiser_key}")
            self.organiser.locator("#club-organiser").wait_for(state="attached")

    @property
    def path(self) -> str:
        return f"/c/{self.night.circle.slug}/club/{self.night.slug}/"

    def start(self, number: int) -> tuple[list[list[str]], list[str]]:
        """The organiser starts round `number` as proposed: its tables, and who sits out."""
        page = self.organiser
        page.goto(self.path)
        page.get_by_role("heading", name=f"Round {number}: the seating").wait_for()
        taps_are_big(page, "#next-round .pick-btn, #next-round button.big")
        look(page, f"{self.name}-{number}-seating")
        page.get_by_role("button", name=f"Start round {number}").click()
        page.locator("h2", has_text=f"Round {number}").filter(has_text="being played").wait_for()
        return self.seating(number)

    def seating(self, number: int) -> tuple[list[list[str]], list[str]]:
        played = self.night.rounds.get(number=number)
        tables = [t.game.player_names() for t in played.table_rows()]
        names = self.night.entrant_names(self.night.entrant_rows())
        return [list(t) for t in tables], [names[n] for n in played.byes]

    def phone_of(self, name: str) -> Any:
        """A phone at the table taps its player's name and is sent to their table."""
        page = self.open_phone("light", PHONE)
        page.goto(self.path)
        page.locator("#club-me summary").click()
        page.locator("#club-me").get_by_role("button", name=name, exact=True).click()
        self.phones[name] = page
        return page

    def at_table(self, number: int, table: int, players: list[str]) -> Any:
        """The phone that follows a player of this table there (the organiser's, through
        the table's link, when no phone's player sits at it)."""
        for name, page in self.phones.items():
            if name in players:
                page.goto(self.path)
                break
        else:
            page = self.organiser
            page.goto(self.path)
            page.locator(f"section:has(h2#round-{number}) a.row-link").nth(table - 1).click()
        label = page.locator(".club-label")
        expect(label).to_have_text(f"Round {number} · Table {table}")
        return page

    def played(self, tables: list[list[str]], byes: list[str], totals: list[list[int]]) -> None:
        """The round as the spec reads it, with each table's worked-out totals."""
        rows = []
        for players, sums in zip(tables, totals, strict=True):
            best = max(sums)
            winners = [s for s, t in enumerate(sums) if t == best]
            rows.append({"players": players, "totals": sums, "winners": winners})
        self.sheet.tables.append(rows)
        self.sheet.record["rounds"].append({"byes": byes})

    def standings(self, name: str) -> None:
        """The organiser's page shows the standings as worked out."""
        page = self.organiser
        page.goto(self.path)
        rows = page.locator(".club-standings tbody tr")
        expect(rows).to_have_count(len(self.sheet.entrants))
        shown = [[plain(c) for c in r.locator("td, th").all_inner_texts()] for r in rows.all()]
        # A result not confirmed yet marks its entrants' lines (a night that confirms them).
        for line in shown:
            line[1] = line[1].removesuffix(" (provisional)")
        expected = [
            [
                "=" if tied else str(rank),
                row.name,
                str(row.played),
                wins(row.won),
                str(row.byes),
                str(row.points_for),
                str(row.points_against),
                str(row.difference).replace("-", "\N{MINUS SIGN}"),
            ]
            for rank, (row, tied) in enumerate(ranked(self.sheet), start=1)
        ]
        assert shown == expected
        look(page, f"{self.name}-{name}-standings")


def club_night(
    circle: Circle, variant: str, event: dict[str, Any], players: list[str], **more: Any
) -> ClubNight:
    night = create_night(circle, read_night(night_record(variant, {}, event, players, **more)))
    night.seed = "7"
    night.save(update_fields=["seed"])
    return night


def game_over(page: Any) -> None:
    page.locator(".banner").wait_for()


def hall_shot(tv: Any, name: str) -> None:
    """The hall display as the room sees it: no scrollbar on the TV."""
    size = tv.evaluate("[document.documentElement.scrollHeight, innerHeight]")
    assert size[0] <= size[1], size
    shot(tv, f"club-night-hall-{name}")


def cards_printed(club: Club) -> None:
    """The next round's table cards as printed (the print media), one photographed."""
    paper = club.open_phone("light", {"width": 1000, "height": 1300})
    paper.emulate_media(media="print")
    paper.goto(f"{club.path}print/cards")
    cards = paper.locator(".card")
    expect(cards.first.locator("svg.qr-code")).to_be_visible()
    expect(cards.first.locator(".card-side")).to_have_count(2)
    picture(cards.first, "club-night-print-card")


# --- Rotating Klaberjass, with a bye and a late arrival ----------------------------------------

KLOB = ["Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal", "Ivy"]


def klaberjass_deal(page: Any, players: list[str], caller: int, made: bool) -> list[int]:
    """One deal of Klaberjass at a table, through its form: the `caller` seat's team takes
    96 card points and the last trick and makes it (106–56), or takes 52 and fails: the
    other team scores 152 and the last trick's 10, the callers nothing. The totals, seat 0's
    team first."""
    team = caller % 2
    names = [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    ours = 96 if made else 52
    winner = team if made else 1 - team
    record(
        page,
        caller=players[caller],
        trump="H",
        points=ours if team == 0 else 152 - ours,
        last=names[winner],
    )
    game_over(page)
    sums = [106, 56] if made else [0, 162]
    return sums if team == 0 else sums[::-1]


def test_a_rotating_klaberjass_night_with_a_bye_and_a_late_arrival(live_server: Any) -> None:
    circle = Circle.objects.create(name="Thursday Klob")
    event = {"format": "rotating", "rounds": 2, "round_length": 1}
    night = club_night(circle, "klaberjass", event, KLOB)
    with phones(live_server) as open_phone:
        club = Club(night, open_phone("light", PHONE), open_phone, "klob")

        # Round 1: two tables of four, one sits out; a phone at each table (at table 2, the
        # phone of a player whose team will fail, and who will sit out round 2).
        tables, byes = club.start(1)
        assert len(tables) == 2 and len(byes) == 1
        for number, player in ((1, tables[0][0]), (2, tables[1][1])):
            page = club.phone_of(player)
            expect(page.locator(".club-label")).to_have_text(f"Round 1 · Table {number}")
        look(club.phones[tables[0][0]], "klob-1-table")
        # The TV in the hall follows the night, never reloaded: round 1 being played.
        tv = open_phone("dark", TV)
        tv.goto(f"{club.path}hall")
        expect(tv.get_by_role("heading", name="Round 1 of 2")).to_be_visible()
        expect(tv.locator(".hall-table")).to_have_count(2)
        expect(tv.locator(".hall-byes")).to_contain_text(byes[0])
        hall_shot(tv, "1-playing")
        sums = [
            klaberjass_deal(club.at_table(1, 1, tables[0]), tables[0], caller=0, made=True),
            klaberjass_deal(club.at_table(1, 2, tables[1]), tables[1], caller=1, made=False),
        ]
        # A table's game over leads back to the night: no rematch at a club table.
        over = club.phones[tables[1][1]]
        expect(
            over.locator(".banner").get_by_role("link", name="Back to the night")
        ).to_be_visible()
        expect(over.locator(".banner").get_by_role("button", name="Rematch")).to_have_count(0)
        look(over, "klob-1-table-over")
        club.played(tables, byes, sums)
        club.standings("1")

        # Jo comes late, added between the rounds: the two sitting out are the lowest in the
        # standings of those who have not sat out yet (Jo, with no points, is not the lowest).
        page = club.organiser
        page.locator("summary", has_text="late arrivals and withdrawals").click()
        page.get_by_label("A player who came late").fill("Jo")
        page.get_by_role("button", name="Add to the next round").click()
        expect(page.locator("#next-round")).to_contain_text("Jo")
        # The TV has moved on to round 2's seating, Jo in it.
        expect(tv.get_by_role("heading", name="Round 2: the seating")).to_be_visible()
        expect(tv.locator(".hall-tables")).to_contain_text("Jo")
        hall_shot(tv, "2-seating")
        cards_printed(club)
        club.sheet.record["players"].append("Jo")
        club.phone_of("Jo").get_by_role("heading", name="Round 2: the seating").wait_for()
        order = [row.name for row, _ in ranked(club.sheet)]
        waiting = [name for name in order if name not in byes]
        sitting_out = sorted(waiting[-2:], key=club.sheet.entrants.index)

        # Round 2: each phone follows its player to their new table (or, sitting out, to
        # the night's page); every table plays its deal.
        tables, byes = club.start(2)
        assert "Jo" in [p for t in tables for p in t]
        assert sorted(byes) == sorted(sitting_out)
        for name, page in club.phones.items():
            page.goto(club.path)
            at = [n for n, players in enumerate(tables, start=1) if name in players]
            if at:
                expect(page.locator(".club-label")).to_have_text(f"Round 2 · Table {at[0]}")
            else:
                assert name in byes
                expect(page.locator("#club-me summary")).to_have_text(f"This phone is {name}’s")
                sitting_out = page.locator("section:has(h2#round-2)").get_by_text("Sitting out:")
                expect(sitting_out).to_contain_text(name)
                expect(page.locator(".club-you-out")).to_have_text(
                    f"{name}, you sit out this round."
                )
                look(page, "klob-2-sitting-out")
        expect(tv.get_by_role("heading", name="Round 2 of 2")).to_be_visible()
        hall_shot(tv, "3-round-2")
        club.standings("2-playing")  # a round being played counts once it is over
        assert [name for name in club.phones if name in byes] == [
            club.sheet.tables[0][1]["players"][1]
        ]
        sums = [
            klaberjass_deal(club.at_table(2, 1, tables[0]), tables[0], caller=2, made=True),
            klaberjass_deal(club.at_table(2, 2, tables[1]), tables[1], caller=1, made=True),
        ]
        club.played(tables, byes, sums)
        club.standings("2")
        expect(club.organiser.get_by_role("heading", name="Round 3: the seating")).to_have_count(0)


# --- A progressive Euchre party ---------------------------------------------------------------

PARTY = ["Nia", "Eli", "Sam", "Wes", "Ada", "Bo", "Cy", "Di"]


def euchre_deal(page: Any, players: list[str], maker: int, tricks: int) -> list[int]:
    """One deal of Euchre: the `maker` seat's team takes `tricks` (3 or 4: 1 point; 5: 2;
    fewer: euchred, 2 to the others). The totals, seat 0's team first."""
    form = page.locator("#hand-form")
    form.locator("fieldset", has_text="Who made trump").get_by_text(
        players[maker], exact=True
    ).click()
    form.locator(".trick-pad").get_by_text(str(tricks), exact=True).click()
    save(page, 1)
    game_over(page)
    team = maker % 2
    points = 2 if tricks == 5 else 1 if tricks >= 3 else 0
    sums = [0, 0]
    if points:
        sums[team] = points
    else:
        sums[1 - team] = 2
    return sums


def test_a_progressive_euchre_party_of_eight_moves_the_winners_up(live_server: Any) -> None:
    circle = Circle.objects.create(name="Euchre party")
    event = {"format": "progressive", "rounds": 3, "round_length": 1}
    night = club_night(circle, "euchre", event, PARTY)
    with phones(live_server) as open_phone:
        club = Club(night, open_phone("light", PHONE), open_phone, "euchre")
        tables, byes = club.start(1)
        assert byes == [] and len(tables) == 2
        # Table 1's seat-1 team will win and stay; table 2's seat-0 team will lose and stay.
        for number, player in ((1, tables[0][1]), (2, tables[1][0])):
            page = club.phone_of(player)
            expect(page.locator(".club-label")).to_have_text(f"Round 1 · Table {number}")
        # Each round: table 1's seat-1 team marches; table 2's seat-0 team is euchred, so
        # seat 1's team wins there too.
        for number in (1, 2, 3):
            if number > 1:
                last = tables
                tables, byes = club.start(number)
                # Table 1's winners stay, table 2's come up; table 1's losers go to the foot.
                assert set(tables[0]) == set(last[0][1::2]) | set(last[1][1::2])
                assert set(tables[1]) == set(last[0][0::2]) | set(last[1][0::2])
                # The two pairs split: nobody partners last round's partner.
                for players in tables:
                    for before in last:
                        assert {frozenset(players[0::2]), frozenset(players[1::2])}.isdisjoint(
                            {frozenset(before[0::2]), frozenset(before[1::2])}
                        )
            head = euchre_deal(club.at_table(number, 1, tables[0]), tables[0], maker=1, tricks=5)
            foot = club.at_table(number, 2, tables[1])
            sums = [head, euchre_deal(foot, tables[1], maker=0, tricks=2)]
            if number == 1:
                look(foot, "euchre-1-table-over")
            club.played(tables, byes, sums)
            club.standings(str(number))


# --- Swiss pairs of coinche, set up on the phone -------------------------------------------------

COINCHE = ["Anne", "Bruno", "Chloé", "Denis", "Elise", "Fabien"]
COINCHE += ["Gaëlle", "Hugo", "Inès", "Jules", "Katia", "Léo"]


def coinche_deal(page: Any, players: list[str], taker: int, made: bool) -> list[int]:
    """One deal of coinche: the `taker` seat bids 80♥; its team takes 100 card points and the
    last trick and makes it (110 + 80 = 190, the others 52, rounded: 50), or takes 60 and
    falls short: the others score 160 and the contract, 240. Seat 0's team first."""
    form = page.locator("#hand-form")
    team = taker % 2
    names = [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    form.locator("fieldset", has_text="Who took").get_by_text(players[taker], exact=True).click()
    form.locator("fieldset", has_text="Contract").get_by_text("80", exact=True).click()
    form.locator("#phase-before .suit-btn.suit-H").click()
    step(form, "after")
    ours = 100 if made else 60
    form.locator("#id_points_0").fill(str(ours if team == 0 else 152 - ours))
    last = team if made else 1 - team
    form.locator("fieldset", has_text="Last trick").get_by_text(names[last], exact=True).click()
    page.locator("#preview .preview-title", has_text="This hand scores").wait_for()
    form.get_by_role("button", name="Save hand").click()
    game_over(page)
    sums = [190, 50] if made else [0, 240]
    return sums if team == 0 else sums[::-1]


def test_swiss_pairs_of_coinche_for_six_teams_set_up_on_the_phone(live_server: Any) -> None:
    circle = Circle.objects.create(name="Club de belote")
    with phones(live_server) as open_phone:
        page = open_phone("light", PHONE)
        page.goto(f"/c/{circle.slug}/")
        page.get_by_role("link", name="New club night").click()
        page.get_by_role("link", name="Coinche").click()
        page.get_by_text("Pairs: fixed teams, paired by standing").click()
        page.get_by_label("Rounds", exact=True).fill("2")
        page.get_by_label("Deals a round").fill("1")
        page.get_by_role("button", name="Next: who is here").last.click()
        for name in COINCHE:
            page.get_by_label("A new name").fill(name)
            page.get_by_role("button", name="Add", exact=True).last.click()
            expect(page.locator(".club-here")).to_contain_text(name)
        teams = [COINCHE[i : i + 2] for i in range(0, 12, 2)]
        shown = [plain(t) for t in page.locator(".club-here li").all_inner_texts()]
        assert shown == [" & ".join(t) for t in teams]
        look(page, "coinche-teams")
        page.get_by_role("button", name="Create the night").click()
        page.get_by_role("heading", name="Round 1: the seating").wait_for()
        night = circle.club_nights.get()
        night.seed = "7"
        night.save(update_fields=["seed"])
        club = Club(night, page, open_phone, "coinche")

        tables, byes = club.start(1)
        assert len(tables) == 3 and byes == []
        for players in tables:
            assert [players[0], players[2]] in teams and [players[1], players[3]] in teams
            club.phone_of(players[1])
        sums = [
            coinche_deal(club.at_table(1, 1, tables[0]), tables[0], taker=0, made=True),
            coinche_deal(club.at_table(1, 2, tables[1]), tables[1], taker=1, made=True),
            coinche_deal(club.at_table(1, 3, tables[2]), tables[2], taker=0, made=False),
        ]
        # At table 1 the phone of the side that lost confirms the result on the game's page.
        loser = club.phones[tables[0][1]]
        confirm = loser.locator(".banner").get_by_role("button", name="Confirm the result 190 – 50")
        expect(loser.locator(".banner")).to_contain_text("Provisional")
        look(loser, "coinche-1-table-confirm")
        confirm.click()
        # Back on the table's own page, the result confirmed; the night's page counts it.
        expect(loser.locator(".banner")).to_contain_text(f"Confirmed by {tables[0][1]}")
        look(loser, "coinche-1-table-confirmed")
        loser.goto(f"{club.path}?stay=1")
        for team in (tables[0][0::2], tables[0][1::2]):
            line = loser.locator(".club-standings tbody tr", has_text=" & ".join(team))
            expect(line).not_to_contain_text("provisional")
        line = loser.locator(".club-standings tbody tr", has_text=" & ".join(tables[1][0::2]))
        expect(line).to_contain_text("provisional")
        club.played(tables, byes, sums)
        club.standings("1")
        # Between rounds a late team may join: two names.
        page = club.organiser
        page.locator("summary", has_text="late arrivals and withdrawals").click()
        late = page.locator("form", has_text="A team that came late")
        expect(late.get_by_label("Their partner")).to_be_visible()
        look(page, "coinche-late-team")

        # Round 2: the winners meet (in standing order), and nobody meets a team again.
        tables, byes = club.start(2)
        # A table's seats 0 and 1 are the first players of its two teams.
        met = {frozenset(t["players"][:2]) for t in club.sheet.tables[0]}
        assert not {frozenset(t[:2]) for t in tables} & met
        order = [row.name for row, _ in ranked(club.sheet)]
        assert f"{tables[0][0]} & {tables[0][2]}" == order[0]
        sums = [
            coinche_deal(club.at_table(2, t, players), players, taker=1, made=True)
            for t, players in enumerate(tables, start=1)
        ]
        club.played(tables, byes, sums)
        club.standings("2")
        assert Game.objects.filter(club_table__round__night=night).count() == 6

"""What the game page shows: the scoreboard, the hands (each a HandRow), the removed hands, the
sheet and the chart, the hand in progress and its form. Built from the game alone, without a
request: the view says which hands (`before`), which view of them and for whom.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any

from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.engine import ScorerError
from games.engine.cards import Suit
from games.engine.names import contained
from games.forms import HAND_FORMS, HandForm
from games.models import Declaration, Game, Hand, HandInProgress
from games.pages.club_table_page import ChosenPlayer, club_table
from games.pages.hand_preview import hand_preview
from games.pages.score_chart import game_chart
from games.pages.score_sheet import newest_sheet
from games.words import shown_text

# The newest hands come with the page; earlier ones load on request, so the page costs the
# same at hand 500 as at hand 50.
HANDS_PER_PAGE = 40

# How the hands are shown, the sheet or the detailed list (chosen by the phone).
HANDS_VIEWS = ("list", "sheet")

# What a hand's row never shows: the columns the hands list does not read.
UNSHOWN = ("facts", "idempotency_key", "source", "created", "removed", "removed_number")


@dataclass(frozen=True)
class HandRow:
    """A saved hand as its row on the page shows it."""

    hand: Hand
    sides: list[tuple[str, int, int]]
    """Each side's name, score in this hand and total after it."""
    dealer_name: str
    declarer_name: str
    declared: list[tuple[str, Declaration]]
    """Who declared what, in the order declared."""
    key: str
    """What the rendered row is cached under (row_key)."""


@dataclass(frozen=True)
class RemovedRow:
    """A hand taken out of the game, as the removed hands list shows it."""

    hand: Hand
    summary: str
    recent: bool
    """Whether it went in the last minute ("removed just now")."""


def hand_form(game: Game, names: list[str], data: Any = None, **kwargs: Any) -> HandForm:
    """The game's hand form, for its players and house rules."""
    form_class = HAND_FORMS[game.variant]
    return form_class(data, names=names, settings=game.engine_settings(), **kwargs)


def new_hand_form(game: Game, names: list[str], progress: HandInProgress) -> HandForm:
    """The form for the next hand, holding what the phones have entered so far."""
    return hand_form(game, names, initial={"dealer": str(game.next_hand_dealer), **progress.fields})


def hand_in_progress(game: Game) -> HandInProgress:
    """The game's hand in progress: fetched with the game where it exists already."""
    try:
        return game.in_progress
    except HandInProgress.DoesNotExist:
        return HandInProgress.of(game)


def saved_text(number: int | None, summary: str) -> str:
    """The notice of a hand saved: "Hand 5 saved: Ann ♥ +130."."""
    return _("Hand %(number)s saved: %(summary)s.") % {"number": number, "summary": summary}


def game_page(
    game: Game,
    *,
    view: str = "list",
    before: int | None = None,
    form: HandForm | None = None,
    watching: bool = False,
    watch_url: str = "",
    state_only: bool = False,
    chosen: ChosenPlayer | None = None,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """Everything the game page shows; a watcher gets no form and no circle link, and
    neither a watcher nor a phone on a removed or abandoned game a control that changes
    its hands. `state_only`: only the scoreboard and the hand in progress (what a poll
    answers when only the hand in progress changed), without the hands, the sheet, the
    chart and the form. A club night's table shows its night, and the confirmation this
    phone may give (`chosen`: the player it chose at the night). `names`: the players' names
    in seat order (Game.player_names), when the caller has them already."""
    if names is None:
        seats = list(game.seats.select_related("player"))
        names = [contained(seat.player.name) for seat in seats]  # its own direction only
    engine = game.engine
    sides = engine.side_names(names)
    settings = game.engine_settings()
    # A table of a club night that plays N deals has no target: it says its deal instead.
    target = 0 if engine.round_of_deals(settings) is not None else settings.target
    # The sheet shows the hands itself: a phone on it needs only the newest (its undo).
    per_page = 1 if view == "sheet" and not watching else HANDS_PER_PAGE
    hands, more_before = ([], None) if state_only else _shown_hands(game, before, per_page)
    # A removed or abandoned game is read-only, as a watch page is: no hand entry, Edit,
    # Delete, Undo or Restore of a hand (its banner says why, and what reopens it).
    read_only = watching or game.closed
    rows = _hand_rows(game, hands, names, sides, read_only)
    sheeted = view == "sheet" and not state_only
    sheet, sheet_before = newest_sheet(game, names, before) if sheeted else (None, None)
    # A big screen shows the sheet beside the hands whichever view the list is in.
    watched = watching and not state_only
    watch_sheet = (sheet or newest_sheet(game, names, None)[0]) if watched else None
    progress = hand_in_progress(game)
    members = [
        [n for seat, n in enumerate(names) if engine.side_of(seat) == side]
        for side in range(len(sides))
    ]
    # The dealer is a link to the form's dealer wherever the form is shown.
    dealer_link = form is not None or (not watching and game.is_open)
    if not watching and form is None and game.is_open and not state_only:
        form = new_hand_form(game, names, progress)
    # The preview comes with the form, never asked for at load: of the typed hand, or of
    # the hand in progress as the form shows it.
    preview: dict[str, Any] = {}
    if form is not None and not state_only:
        bound = form if form.is_bound else hand_form(game, names, form.initial)
        preview = hand_preview(game, bound, game.hand_count + 1)
    newest = hands[0] if hands and hands[0].number == game.hand_count else None
    removed = [] if watching or state_only else _removed_rows(game, names)
    return {
        "circle": None if watching else game.circle,
        # A poll's answer about an open game shows no club result (nor its label).
        "club_table": (
            club_table(game, None if watching else chosen)
            if not state_only or game.is_finished
            else None
        ),
        "watching": watching,
        "read_only": read_only,
        "game": game,
        "engine": engine,
        "names": names,
        "board": [
            {
                "name": name,
                "members": members[i],
                "total": total,
                "progress": max(0, min(total, target)),
                "won": i in game.winners,
            }
            for i, (name, total) in enumerate(zip(sides, game.totals, strict=True))
        ],
        "target": target,
        "progress": shown_text(engine.progress(settings, game.hand_count)),
        "opener_name": (
            names[(game.next_dealer + 1) % engine.seats]
            if engine.opener and game.next_dealer is not None
            else ""
        ),
        "dealer_name": _dealer_name(game, names, progress),
        "win_sentence": shown_text(engine.win_sentence(sides, game.winners)),
        "hands": rows,
        "newest": newest,
        "undo_label": newest.summary(names) if newest else "",
        "removed": removed,
        "more_before": more_before,
        "view": view,
        "view_choices": (("sheet", _("Sheet")), ("list", _("Details"))),
        # The page's own address: a page shown in answer to a form post (without script)
        # stands at the post's address, where a link's bare "?hands=" would lead nowhere.
        "page_url": (
            reverse("watch", args=[game.watch_slug])
            if watching
            else reverse("game", args=[game.circle.slug, game.slug])
        ),
        "sheet": sheet,
        "watch_sheet": watch_sheet,
        "sheet_before": sheet_before,
        "chart": None if state_only else game_chart(game, sides, target),
        "form": form,
        "dealer_link": dealer_link,
        "in_progress": progress,
        "progress_json": json.dumps(progress.fields),
        "progress_line": progress_line(game, names, progress) if progress.started else "",
        # At the table the page is about the next hand: the scoreboard takes one line.
        "compact": not watching and game.is_open,
        "watch_url": watch_url,
        **preview,
    }


def _shown_hands(game: Game, before: int | None, per_page: int) -> tuple[list[Hand], int | None]:
    """The newest `per_page` live hands (before hand `before`, when given), newest first, and
    the number the link to the hands before them names (None when there are none)."""
    # A row shows what the hand scored, never the facts it was scored from.
    shown = game.live_hands().reverse().defer(*UNSHOWN)
    if before:
        shown = shown.filter(number__lt=before)
    # The live hands are numbered 1 to hand_count: the page's are one short range of the
    # (game, number) index, whatever the database knows of a long game's rows.
    top = min(game.hand_count, before - 1) if before else game.hand_count
    shown = shown.filter(number__gt=top - per_page - 1)
    hands = list(shown[: per_page + 1])
    more_before = hands[per_page - 1].number if len(hands) > per_page else None
    hands = hands[:per_page]
    for hand in hands:
        hand.game = game  # the summary reads the variant; spare a query per hand
    return hands, more_before


def _hand_rows(
    game: Game, hands: list[Hand], names: list[str], sides: tuple[str, ...], read_only: bool
) -> list[HandRow]:
    """The shown hands' rows; `read_only` (a watcher, a removed or abandoned game): rows
    without Edit and Delete, cached as a watcher's."""
    declared = _declared(hands)
    rows = []
    for hand in hands:
        row = HandRow(
            hand=hand,
            sides=list(zip(sides, hand.scores, hand.totals, strict=True)),
            dealer_name=names[hand.dealer],
            declarer_name=names[hand.declarer] if hand.declarer is not None else "",
            declared=[(names[d.seat], d) for d in declared.get(hand.pk, ())],
            key="",
        )
        rows.append(replace(row, key=row_key(game, row, read_only)))
    return rows


def _removed_rows(game: Game, names: list[str]) -> list[RemovedRow]:
    rows = []
    for hand in game.removed_hands()[:20]:
        hand.game = game
        assert hand.removed is not None  # every removed hand has the time it went
        recent = (timezone.now() - hand.removed).total_seconds() < 60
        rows.append(RemovedRow(hand, hand.summary(names), recent))
    return rows


def _declared(hands: list[Hand]) -> dict[int, list[Declaration]]:
    """The declarations of the shown hands, by hand, in their order: one query, each row
    knowing its hand (its label reads the game's variant)."""
    by_pk = {hand.pk: hand for hand in hands}
    declared: dict[int, list[Declaration]] = {}
    if by_pk:
        for row in Declaration.objects.filter(hand__in=list(by_pk)).order_by("order"):
            row.hand = by_pk[row.hand_id]
            declared.setdefault(row.hand_id, []).append(row)
    return declared


def row_key(game: Game, row: HandRow, watching: bool) -> str:
    """What a saved hand's rendered row is cached under (the "rows" cache): its identity and
    version, and all it shows that changes without a new version: its number, scores, totals,
    notes and verdicts after an earlier hand changed, the names, the row being read-only
    (`watching`: a watcher's, or a removed or abandoned game's: no Edit or Delete), and the
    language it is read in.

    The game's slug keeps a hand id that a database reuses (after a rollback) from ever
    meeting a row of another game.
    """
    hand = row.hand
    shown = (
        translation.get_language(),
        row.sides,
        hand.notes,
        hand.made,
        hand.trump,
        row.dealer_name,
        row.declarer_name,
        [
            (who, d.seat, d.kind, d.details, d.points, d.counted, d.reason)
            for who, d in row.declared
        ],
    )
    digest = hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()
    viewer = "watch" if watching else "play"
    return f"{game.slug}:{hand.pk}:{hand.version}:{hand.number}:{viewer}:{digest}"


def _dealer_name(game: Game, names: list[str], progress: HandInProgress) -> str:
    """Who deals the hand being entered: as the phones set it, else the game's next dealer."""
    chosen = progress.fields.get("dealer", "")
    if isinstance(chosen, str) and chosen.isascii() and chosen.isdigit() and len(chosen) < 3:
        seat = int(chosen)
        if seat < len(names):
            return names[seat]
    return names[game.next_dealer] if game.next_dealer is not None else ""


def progress_line(game: Game, names: list[str], progress: HandInProgress) -> str:
    """The hand in progress in one line, for the watch page and the other phones:
    "Hand 7 · Ann called ♥ · Ben: 4-card run 9–Q♥"."""
    form = hand_form(game, names, {"dealer": str(game.next_dealer or 0), **progress.fields})
    facts = form.partial_facts()
    parts = [_("Hand %(number)s") % {"number": game.hand_count + 1}]
    rules = game.rules
    declarer = facts.get(rules.declarer_key) if rules.declarer_key else None
    declarer = declarer if isinstance(declarer, int) else None
    trump = facts.get("trump")
    symbol = Suit(trump).symbol if trump in {s.value for s in Suit} else ""
    bid = facts.get(rules.contract_key) if rules.contract_key else None
    contract = shown_text(rules.describe_contract(bid)) or None
    if declarer is not None and 0 <= declarer < len(names):
        said = {"name": names[declarer], "contract": contract, "suit": symbol}
        if contract is not None and symbol:
            parts.append(_("%(name)s bid %(contract)s %(suit)s") % said)
        elif contract is not None:
            parts.append(_("%(name)s bid %(contract)s") % said)
        elif symbol:
            parts.append(_("%(name)s called %(suit)s") % said)
        else:
            parts.append(_("%(name)s called") % said)
    elif symbol:
        parts.append(_("trump %(suit)s") % {"suit": symbol})
    try:
        interim = game.engine.interim(facts, game.engine_settings(), names)
    except ScorerError:
        interim = None
    if interim is not None:
        for row in interim.rows:
            said = {"player": row.player, "declared": shown_text(row.declared)}
            if row.declared == "melds":
                said["points"] = row.points
                parts.append(_("%(player)s: melds %(points)s") % said)
            else:
                parts.append(_("%(player)s: %(declared)s") % said)
    return " · ".join(parts)

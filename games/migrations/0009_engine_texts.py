# Hands saved before issue 14 keep the engine's notes and reasons as English sentences, which
# no other language can show. Each stored game is scored again from its facts, exactly as
# Game.recompute does (its live hands in order, from its settings and players), and the
# sentences the engine gives are stored as data (Text.to_json()), so those hands read in
# every language.
#
# Only the texts are written. A game whose facts no longer score, or score to other numbers
# than the ones stored, is left as it is: its English still reads as before, and its notes
# never explain numbers it does not show. A row that holds its sentences as data already (a
# hand saved since, or one put back) is not written.
#
# Backwards, the older releases store English: every note, reason and saved summary held as
# data is written as its English sentence (what those releases stored and show), and the data
# is kept aside (games/migrations/_aside.py). Forwards, each comes back where its row still
# says that English, before the games are scored again; so a removed hand's, or an unscorable
# game's, sentences come back as data too.

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import migrations

from games.migrations._aside import english, keep, set_column, take

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps

    from games.engine.variant import BaseSettings, GameScore, Variant

BATCH = 500

# What a game's facts may raise once the engine's rules have moved on (ScorerError is a
# ValueError): such a game is left alone rather than stopping the migration.
UNSCORABLE = (ValueError, KeyError, TypeError, IndexError, AttributeError)


def stored(value: object) -> object:
    """An engine sentence as the database keeps it (games.models.stored_text)."""
    from games.engine.texts import Text

    if isinstance(value, Text):
        return value.to_json()
    return "" if value is None else str(value)


def rescored(
    variant: Variant[Any, Any], settings: BaseSettings, names: list[str], hands: list[Any]
) -> GameScore | None:
    """The engine's answer for `hands` (stored rows, in order), or None if it has none."""
    from games.engine.game import read_hands, score_game

    try:
        engine_hands = read_hands(variant, settings, [h.facts for h in hands], names, 1)
        return score_game(variant, settings, engine_hands, names, None)
    except UNSCORABLE:
        return None


# What the way back keeps aside: (model, column, what), each value by row.
TEXTS = (
    ('Hand', 'notes', 'hand notes'),
    ('Declaration', 'reason', 'declaration reason'),
    ('HandInProgress', 'saved_summary', 'saved summary'),
)


def is_data(value: object) -> bool:
    """A stored value holds a sentence as data: a note list with one, or one itself."""
    if isinstance(value, list):
        return any(isinstance(item, dict) for item in value)
    return isinstance(value, dict)


def in_english(value: object) -> object:
    if isinstance(value, list):
        return [english(item) for item in value]
    return english(value)


def write_english(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for name, column, what in TEXTS:
        model = apps.get_model('games', name)
        kept = []
        for row in model.objects.only('pk', column).order_by('pk').iterator(chunk_size=BATCH):
            value = getattr(row, column)
            if is_data(value):
                kept.append((row.pk, value))
        keep(schema_editor, what, kept)
        set_column(schema_editor, model, column, ((pk, in_english(value)) for pk, value in kept))


def put_back_texts(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor | None) -> None:
    """The sentences kept aside on the way back, where their row still says their English
    (the 0005 column held 200 characters of it)."""
    for name, column, what in TEXTS:
        model = apps.get_model('games', name)
        kept = take(schema_editor, what)
        if not kept:
            continue
        back = []
        for row in model.objects.only('pk', column).order_by('pk').iterator(chunk_size=BATCH):
            if row.pk not in kept:
                continue
            value, said = kept[row.pk], in_english(kept[row.pk])
            now = getattr(row, column)
            if now in (value, said) or (isinstance(said, str) and now == said[:200]):
                back.append((row.pk, value))
        set_column(schema_editor, model, column, back)


def recompute_texts(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor | None) -> None:
    from games.engine import VARIANTS

    put_back_texts(apps, schema_editor)
    Game = apps.get_model('games', 'Game')
    Hand = apps.get_model('games', 'Hand')
    Seat = apps.get_model('games', 'Seat')
    Declaration = apps.get_model('games', 'Declaration')
    for game in Game.objects.only('pk', 'variant', 'settings').iterator(chunk_size=BATCH):
        variant = VARIANTS.get(game.variant)
        if variant is None:
            continue
        seats = Seat.objects.filter(game_id=game.pk).order_by('index')
        names = list(seats.values_list('player__name', flat=True))
        hands = list(
            Hand.objects.filter(game_id=game.pk, removed=None)
            .order_by('number')
            .only('pk', 'facts', 'scores', 'totals', 'notes')
        )
        if not hands:
            continue
        try:
            settings = variant.settings(game.settings)
        except UNSCORABLE:
            continue
        scored = rescored(variant, settings, names, hands)
        if scored is None or len(scored.hands) != len(hands):
            continue
        same = all(
            list(result.score.scores) == list(hand.scores)
            and list(result.totals) == list(hand.totals)
            for hand, result in zip(hands, scored.hands)
        )
        if not same:
            continue
        reasons = {}
        texts = []
        for hand, result in zip(hands, scored.hands):
            if not is_data(hand.notes):
                hand.notes = [stored(note) for note in result.score.notes]
                texts.append(hand)
            try:
                declared = variant.declared(result.hand, result.score)
            except UNSCORABLE:
                declared = ()
            reasons[hand.pk] = [stored(verdict.reason) for _, verdict in declared]
        set_column(schema_editor, Hand, 'notes', ((hand.pk, hand.notes) for hand in texts))
        rows = list(Declaration.objects.filter(hand_id__in=reasons).only('pk', 'hand_id', 'order', 'reason'))
        changed = []
        for row in rows:
            said = reasons[row.hand_id]
            if row.order < len(said) and not is_data(row.reason):
                row.reason = said[row.order]
                changed.append(row)
        set_column(schema_editor, Declaration, 'reason', ((row.pk, row.reason) for row in changed))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_remove_english_texts'),
    ]

    operations = [
        migrations.RunPython(recompute_texts, write_english),
    ]

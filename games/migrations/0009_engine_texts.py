# Hands saved before issue 14 keep the engine's notes and reasons as English sentences, which
# no other language can show. Each stored game is scored again from its facts, exactly as
# Game.recompute does (its live hands in order, from its settings and players), and the
# sentences the engine gives are stored as data (Text.to_json()), so those hands read in
# every language.
#
# Only the texts are written. A game whose facts no longer score, or score to other numbers
# than the ones stored, is left as it is: its English still reads as before, and its notes
# never explain numbers it does not show. Backwards there is nothing to undo: the sentences
# read in English as well.

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import migrations

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


def recompute_texts(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from games.engine import VARIANTS

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
        for hand, result in zip(hands, scored.hands):
            hand.notes = [stored(note) for note in result.score.notes]
            try:
                declared = variant.declared(result.hand, result.score)
            except UNSCORABLE:
                declared = ()
            reasons[hand.pk] = [stored(verdict.reason) for _, verdict in declared]
        Hand.objects.bulk_update(hands, ['notes'], batch_size=BATCH)
        rows = list(Declaration.objects.filter(hand_id__in=reasons).only('pk', 'hand_id', 'order', 'reason'))
        changed = []
        for row in rows:
            said = reasons[row.hand_id]
            if row.order < len(said):
                row.reason = said[row.order]
                changed.append(row)
        Declaration.objects.bulk_update(changed, ['reason'], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_remove_english_texts'),
    ]

    operations = [
        migrations.RunPython(recompute_texts, migrations.RunPython.noop),
    ]

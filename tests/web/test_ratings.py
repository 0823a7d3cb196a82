"""The players' ratings (games/ratings.py, games/models/ratings.py): openskill's own answers,
stored per game, and always equal to a replay from scratch after any change."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from games.models import Circle, Game, Rating
from games.models.ratings import rated_games, replayed
from games.models.roster import merge, undo_merge
from games.ratings import Result, Skill, places, rate, win_chance
from tests.conftest import klob_hand

TEAM_0_WINS = klob_hand(caller=0, card_points=[96, 56])
TEAM_1_WINS = klob_hand(caller=1, card_points=[56, 96])


def one_deal(circle: Circle, players: list[str], hand: dict[str, Any]) -> Game:
    """A Klaberjass game of one deal (a club night's round of one deal), played."""
    game = Game.create(circle, "klaberjass", players, {"deals": 1}, first_dealer=3)
    game.record_hand(hand)
    game.refresh_from_db()
    assert game.is_finished
    return game


def stored(circle: Circle) -> list[tuple[int, int, float, float, float, float]]:
    rows = Rating.objects.filter(circle=circle).order_by("finished", "game_id", "player_id")
    fields = ("game_id", "player_id", "mu_before", "sigma_before", "mu", "sigma")
    return list(rows.values_list(*fields))


def from_scratch(circle: Circle) -> list[tuple[int, int, float, float, float, float]]:
    games = rated_games(Game.objects.counted().filter(circle=circle))
    rows = [
        (game.game_id, player, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma)
        for game, changes in replayed(games)
        for (player, _variant), c in changes.items()
    ]
    return sorted(rows, key=lambda row: ([g.game_id for g in games].index(row[0]), row[1]))


def latest(circle: Circle) -> dict[str, tuple[float, float]]:
    """Each player's skill after their last game, by name."""
    rows = Rating.objects.filter(circle=circle).order_by("finished", "game_id")
    named = rows.values_list("player__name", "mu", "sigma")
    return {name: (mu, sigma) for name, mu, sigma in named}


# -- the rating math alone -------------------------------------------------------------------


def test_winners_share_the_first_place_and_the_others_follow_by_their_totals() -> None:
    assert places([120, 80], [0]) == (1, 2)
    assert places([100, 100], [0, 1]) == (1, 1)
    assert places([301, 150, 220, 150], [0]) == (1, 3, 2, 3)
    assert places([90, 90, 40], [0, 1]) == (1, 1, 2)


def test_rating_games_in_order_is_openskill_called_game_by_game() -> None:
    model = PlackettLuce()
    ann, ben, cleo, dov = (model.rating() for _ in range(4))
    [[ann, cleo], [ben, dov]] = model.rate([[ann, cleo], [ben, dov]], ranks=[1.0, 2.0])
    [[ann], [ben], [cleo]] = model.rate([[ann], [ben], [cleo]], ranks=[2.0, 1.0, 2.0])
    games = [
        Result((("ann", "cleo"), ("ben", "dov")), (1, 2)),
        Result((("ann",), ("ben",), ("cleo",)), (2, 1, 2)),
    ]
    changes = rate(games)
    assert changes[1]["ann"].after == Skill(ann.mu, ann.sigma)
    assert changes[1]["ben"].after == Skill(ben.mu, ben.sigma)
    assert changes[1]["cleo"].before == changes[0]["cleo"].after
    assert changes[0]["dov"].after == Skill(dov.mu, dov.sigma)


def test_the_number_shown_is_the_ordinal_scaled_and_a_newcomer_starts_at_1000() -> None:
    assert Skill().shown == 1000
    assert Skill(30.0, 2.0).shown == round(1000 + 40 * (30.0 - 6.0))
    assert Skill(25.0, 2.0).spread == 80


def test_the_chance_of_winning_is_openskills_prediction_and_even_sides_are_even() -> None:
    model = PlackettLuce()
    strong, weak = Skill(30.0, 3.0), Skill(20.0, 3.0)
    expected = model.predict_win([[strong.rating(), weak.rating()], [weak.rating(), weak.rating()]])
    assert win_chance([strong, weak], [weak, weak]) == pytest.approx(expected[0])
    assert win_chance([strong, weak], [weak, strong]) == pytest.approx(0.5)


# -- stored per game ---------------------------------------------------------------------


def test_a_finished_game_rates_its_players_and_one_in_progress_does_not(circle: Circle) -> None:
    one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"], TEAM_0_WINS)
    going = Game.create(circle, "klaberjass", ["Ann", "Ben", "Cleo", "Dov"], {"target": 500})
    going.record_hand(TEAM_0_WINS)
    model = PlackettLuce()
    a, b, c, d = (model.rating() for _ in range(4))
    [[a, c], [b, d]] = model.rate([[a, c], [b, d]], ranks=[1.0, 2.0])
    assert latest(circle) == {
        "Ann": (a.mu, a.sigma),
        "Ben": (b.mu, b.sigma),
        "Cleo": (c.mu, c.sigma),
        "Dov": (d.mu, d.sigma),
    }
    assert Rating.objects.filter(game=going).count() == 0


def test_ratings_match_openskill_across_a_removal_and_an_edit(circle: Circle) -> None:
    first = one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"], TEAM_0_WINS)
    second = one_deal(circle, ["Ann", "Cleo", "Ben", "Dov"], TEAM_1_WINS)
    one_deal(circle, ["Dov", "Ann", "Ben", "Cleo"], TEAM_0_WINS)
    second.remove()
    hand = first.live_hands().get()
    first.edit_hand(hand.pk, TEAM_1_WINS, hand.version)

    model = PlackettLuce()
    ann, ben, cleo, dov = (model.rating() for _ in range(4))
    [[ann, cleo], [ben, dov]] = model.rate([[ann, cleo], [ben, dov]], ranks=[2.0, 1.0])
    [[dov, ben], [ann, cleo]] = model.rate([[dov, ben], [ann, cleo]], ranks=[1.0, 2.0])
    assert latest(circle) == {
        "Ann": (ann.mu, ann.sigma),
        "Ben": (ben.mu, ben.sigma),
        "Cleo": (cleo.mu, cleo.sigma),
        "Dov": (dov.mu, dov.sigma),
    }
    assert Rating.objects.filter(game=second).count() == 0


def test_a_shared_win_is_a_tie_and_four_players_are_ranked_by_their_totals(
    circle: Circle,
) -> None:
    game = Game.create(circle, "304", ["Ann", "Ben", "Cleo", "Dov"], {"deals": 1}, first_dealer=3)
    game.record_hand(
        {"dealer": 3, "bidder": 0, "bid": 180, "trump": "S", "called_card": "AH", "partner": 2,
         "points": 190, "tricks": 5}
    )  # fmt: skip
    game.refresh_from_db()
    ranks = [float(place) for place in places(game.totals, game.winners)]
    assert len(game.winners) == 2  # the bidder and the partner they called share the win
    model = PlackettLuce()
    teams = [[model.rating()] for _ in range(4)]
    expected = model.rate(teams, ranks=ranks)
    names = ["Ann", "Ben", "Cleo", "Dov"]
    assert latest(circle) == {
        name: (team[0].mu, team[0].sigma) for name, team in zip(names, expected, strict=True)
    }


def test_an_imported_game_played_earlier_is_rated_in_its_place(circle: Circle) -> None:
    one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"], TEAM_0_WINS)
    record = {
        "format": "scorer-game/1",
        "variant": "klaberjass",
        "settings": {"deals": 1},
        "players": ["Ann", "Cleo", "Ben", "Dov"],
        "hands": [TEAM_1_WINS],
        "played": "2020-01-01T20:00:00Z",
    }
    Game.import_record(circle, record)
    assert stored(circle) == from_scratch(circle)
    first = Rating.objects.filter(circle=circle).order_by("finished").first()
    assert first is not None and first.game.settings.get("deals") == 1
    assert first.mu_before == PlackettLuce().mu


def test_a_merge_and_its_undo_rate_the_circle_again(circle: Circle) -> None:
    one_deal(circle, ["Ann", "Ben", "Cleo", "Dov"], TEAM_0_WINS)
    one_deal(circle, ["Anne", "Cleo", "Ben", "Dov"], TEAM_1_WINS)
    ann, anne = circle.players.get(name="Ann"), circle.players.get(name="Anne")
    record, _plan = merge(circle, anne.pk, ann.pk)
    assert stored(circle) == from_scratch(circle)
    assert Rating.objects.filter(player=ann).count() == 2
    undo_merge(circle, record.pk)
    assert stored(circle) == from_scratch(circle)
    assert Rating.objects.filter(player=ann).count() == 1


# -- always a replay from scratch --------------------------------------------------------

NAMES = ["Ann", "Ben", "Cleo", "Dov", "Eve"]
steps = st.lists(
    st.tuples(
        st.sampled_from(["play", "remove", "restore", "edit", "undo", "seats", "rules"]),
        st.permutations(NAMES),
        st.booleans(),
        st.integers(min_value=0, max_value=20),
    ),
    max_size=12,
)


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_stored_ratings_always_equal_a_replay_from_scratch(
    changes: list[tuple[str, list[str], bool, int]],
) -> None:
    circle = Circle.objects.create(name="Property")
    games: list[Game] = []
    for action, names, team_0, pick in changes:
        hand = TEAM_0_WINS if team_0 else TEAM_1_WINS
        game = games[pick % len(games)] if games else None
        if action == "play" or game is None:
            games.append(one_deal(circle, names[:4], hand))
            continue
        game.refresh_from_db()
        if action == "remove":
            game.remove()
        elif action == "restore":
            game.restore()
        elif game.closed:
            continue
        elif action == "edit" and game.hand_count:
            last = game.live_hands().last()
            assert last is not None
            game.edit_hand(last.pk, hand, last.version)
        elif action == "undo" and game.hand_count:
            last = game.live_hands().last()
            assert last is not None
            game.undo_hand(last.pk)
        elif action == "seats":
            game.change_players(names[:4], game.version)
        elif action == "rules":
            deals = None if game.settings.get("deals") else 1
            game.change_settings({**game.settings, "deals": deals}, game.version)
        elif not game.hand_count:
            game.record_hand(hand)
        assert stored(circle) == from_scratch(circle)
    assert stored(circle) == from_scratch(circle)

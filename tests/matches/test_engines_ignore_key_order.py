"""A state read back from PostgreSQL (jsonb) has its objects' keys in another order than the state that was
written; every engine's ``apply`` must give the same state whichever order it reads (replay snapshots rely on it)."""

import random

import pytest

from apps.matches.engine import built_games, engine


def reordered(value):
    """The same value with the keys of every object in reverse order."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


@pytest.mark.parametrize("game", [entry.slug for entry in built_games()])
def test_apply_gives_the_same_state_whatever_the_order_of_the_keys(game):
    rules = engine(game)
    chooser = random.Random(5)
    for seed in (1, 2):
        state = rules.setup(rules.max_players, seed, {})
        for _ in range(120):
            seats = [s for s in rules.active_seats(state) if rules.legal_moves(state, s)]
            if rules.outcome(state) is not None or not seats:
                break
            seat = seats[0]
            move = chooser.choice(rules.legal_moves(state, seat))
            after = rules.apply(state, seat, move)
            assert rules.apply(reordered(state), seat, move) == after, (seed, move)
            state = after

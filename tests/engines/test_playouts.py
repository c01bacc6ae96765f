"""A thousand random games of each built game (its table sizes in turn) end with an outcome, keeping on every
step the game's own invariants (conservation, limits) and the protocol's, and leaking nothing.

What each game checks on each state, how often it scans every view for hidden strings (every view of every
step would take minutes) and how it scores at the end are its row in tests/engines/games.py. Innovation's
playouts (both editions, and how its games end) stay in tests/innovation.
"""

import json
import random

import pytest

from apps.matches.engine import engine
from tests.engines.games import random_game, rows

# Not traced under --cov: the tracer made them three times slower, and the engines they run are covered by
# each game's own tests.
pytestmark = pytest.mark.no_cover
GAMES = 1000
CHUNK = 100


@pytest.mark.parametrize("game, first", [
    pytest.param(game, first, id=f"{game.slug}-{first}") for game in rows("playouts")
    for first in range(0, GAMES, CHUNK)])
def test_random_games_all_end_keeping_their_invariants_and_leaking_nothing(game, first):
    rules, case = engine(game.slug), game.playouts
    low, high = game.players
    for number in range(first, first + CHUNK):
        players = low + number % (high - low + 1)
        check_state = case.each_state()
        steps = 0
        for state, seat, move in random_game(game.slug, players, number * 7919, random.Random(number),
                                             game.any_active):
            check_state(state)
            if case.scan_now(number, steps):
                case.scan(state)
            if move is None:
                result = rules.outcome(state)
                assert result is not None
                assert rules.active_seats(state) == []
                assert all(rules.legal_moves(state, s) == [] for s in range(players))
                json.dumps(result)
                assert len(result["scores"]) == players
                case.at_the_end(state, result)
                break
            active = rules.active_seats(state)
            assert seat in active if game.any_active else active == [seat]
            for other in active:
                assert other == seat or rules.legal_moves(state, other), f"active seat {other} has no legal move"
            steps += 1
            assert steps < case.max_steps, f"game {number} does not end"

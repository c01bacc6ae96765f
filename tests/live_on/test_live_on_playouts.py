"""A thousand random games (1 to 6 players) end with an outcome, within every limit, leaking nothing.

Limits and card counts are checked on every step; views are scanned for hidden strings on every
step of every 250th game and on one step in 50 of the others.
"""

import json
import random

import pytest
from test_live_on_helpers import assert_limits, assert_views_leak_nothing, random_game

from apps.live_on.engine import RULES

GAMES = 1000
CHUNK = 100
MAX_STEPS = 5000


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_end_within_their_limits_and_leak_nothing(first):
    for game in range(first, first + CHUNK):
        players = game % 6 + 1
        rnd = random.Random(game)
        steps = 0
        for state, seat, move in random_game(players, seed=game * 7919, rnd=rnd):
            assert_limits(state)
            if game % 250 == 0 or (steps + game) % 50 == 0:
                assert_views_leak_nothing(state)
            if move is None:
                result = RULES.outcome(state)
                assert result is not None and set(result) >= {"won", "scores", "winners", "reason"}
                assert RULES.active_seats(state) == []
                assert len(set(result["scores"])) == 1 and len(result["scores"]) == players
                assert result["winners"] == (list(range(players)) if result["won"] else [])
                json.dumps(result)
                assert_views_leak_nothing(state)
                break
            assert seat in RULES.active_seats(state)
            steps += 1
            assert steps < MAX_STEPS, f"game {game} does not end"


def test_heuristic_games_also_keep_every_limit_and_leak_nothing():
    chooser = RULES.bots()["heuristic"][1]
    for game in range(6):
        rnd = random.Random(game)
        for state, _seat, move in random_game(game % 6 + 1, seed=game, rnd=rnd, chooser=chooser):
            assert_limits(state)
            if move is None:
                assert RULES.outcome(state) is not None
                break
            if rnd.random() < 0.1:
                assert_views_leak_nothing(state)

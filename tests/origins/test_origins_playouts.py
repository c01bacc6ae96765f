"""A thousand random games of Origins (2 to 4 players in turn) end, conserve everything and leak nothing.

Pawns, tiles, cards, hunting tokens and straits are checked on every step. Views are checked for
leaks on every third step of the first three games (2, 3 and 4 players), on a rotating sample of
one step in 300 of the others and at the end of every game;
the log (the same for every viewer) is checked at every step.
"""

import json
import random

import pytest
from origins_helpers import (
    assert_conserved,
    assert_deck_colors,
    assert_log_leaks_nothing,
    assert_views_leak_nothing,
    random_game,
)

from apps.origins.engine import RULES

GAMES = 1000
CHUNK = 100
MAX_STEPS = 2000


def check_outcome(state):
    result = RULES.outcome(state)
    assert result is not None
    assert RULES.active_seats(state) == []
    assert all(RULES.legal_moves(state, seat) == [] for seat in range(state["players"]))
    json.dumps(result)
    assert len(result["scores"]) == state["players"] and result["winners"]
    assert [b["total"] for b in result["breakdown"]] == result["scores"]
    best = max(result["scores"])
    assert all(result["scores"][s] == best for s in result["winners"])


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_end_with_everything_conserved_and_nothing_leaked(first):
    for game in range(first, first + CHUNK):
        players = game % 3 + 2
        rnd = random.Random(game)
        steps = 0
        logged = 0
        for state, seat, move in random_game(players, seed=game * 7919, rnd=rnd):
            assert_conserved(state)
            assert_log_leaks_nothing(state, logged)
            logged = len(state["log"])
            if (game < 3 and steps % 3 == 0) or (steps + game) % 300 == 0:
                assert_views_leak_nothing(state, log=False)
            if move is None:
                check_outcome(state)
                assert_deck_colors(state)
                assert_views_leak_nothing(state)
                break
            assert RULES.active_seats(state) == [seat]
            steps += 1
            assert steps < MAX_STEPS, f"game {game} does not end"

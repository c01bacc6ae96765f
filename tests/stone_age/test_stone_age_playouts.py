"""A thousand random games of Stone Age (2 to 4 players) all end with an outcome, conserving everything.

Conservation and the turn invariants are checked on every step. Views (the spectator's and every
seat's) are checked for leaks on one step in 500, rotating through the games, and on every final
state (checking every view of every step would take minutes; the protocol and card tests check
views step by step in chosen positions).
"""

import json
import random

import pytest
from stone_age_helpers import assert_conserved, assert_views_leak_nothing, random_game

from apps.stone_age.engine import RULES

GAMES = 1000
CHUNK = 100
MAX_STEPS = 6000


def check_outcome(state: dict) -> None:
    result = RULES.outcome(state)
    players = state["players"]
    assert result is not None and state["end"] in ("buildings", "cards")
    assert RULES.active_seats(state) == []
    assert all(RULES.legal_moves(state, seat) == [] for seat in range(players))
    json.dumps(result)
    assert len(result["scores"]) == players and result["winners"]
    best = max(result["scores"])
    assert all(result["scores"][s] == best for s in result["winners"])
    if state["end"] == "buildings":
        assert any(not stack for stack in state["stacks"])


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_end_with_everything_accounted_for_and_nothing_leaked(first):
    for game in range(first, first + CHUNK):
        players = game % 3 + 2
        rnd = random.Random(game)
        steps = 0
        for state, seat, move in random_game(players, seed=game * 7919, rnd=rnd):
            assert_conserved(state)
            if (steps + game) % 500 == 0:
                assert_views_leak_nothing(state)
            if move is None:
                check_outcome(state)
                assert_views_leak_nothing(state)
                break
            assert RULES.active_seats(state) == [seat]
            steps += 1
            assert steps < MAX_STEPS, f"game {game} does not end"

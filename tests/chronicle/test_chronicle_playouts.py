"""A thousand random games of Chronicle (1 to 4 players in turn) finish, losing no card, leaking nothing.

Card conservation and the turn invariants are checked on every step. Views are checked for leaks
on every step of every 100th game and on a rotating sample of one step in 40 of the others
(checking every view of every step would take minutes).
"""

import json
import random

import pytest
from chronicle_helpers import assert_cards_conserved, assert_views_leak_nothing, random_game

from apps.chronicle.engine import RULES

GAMES = 1000
CHUNK = 100
MAX_STEPS = 600


def check_step(state: dict) -> None:
    assert_cards_conserved(state)
    active = RULES.active_seats(state)
    assert active, "someone must be able to move while the game runs"
    for seat in active:
        assert RULES.legal_moves(state, seat), f"active seat {seat} has no legal move"


def check_outcome(state: dict) -> None:
    result = RULES.outcome(state)
    players = state["players"]
    assert result is not None
    assert RULES.active_seats(state) == []
    assert all(RULES.legal_moves(state, seat) == [] for seat in range(players))
    assert all(len(player["told"]) == 9 for player in state["seats"])
    json.dumps(result)
    if players == 1:
        assert result["scores"] == [9] and result["winners"] == [0]
    else:
        assert sum(result["scores"]) == players
        best = max(result["scores"])
        assert result["winners"] == [s for s in range(players) if result["scores"][s] == best]


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games_all_end_with_every_card_accounted_for_and_nothing_leaked(first):
    for game in range(first, first + CHUNK):
        players = game % 4 + 1
        rnd = random.Random(game)
        steps = 0
        for state, _seat, move in random_game(players, seed=game * 7919, rnd=rnd):
            if game % 100 == 0 or (steps + game) % 40 == 0:
                assert_views_leak_nothing(state)
            if move is None:
                check_outcome(state)
                assert_cards_conserved(state)
                assert_views_leak_nothing(state)
                break
            check_step(state)
            steps += 1
            assert steps < MAX_STEPS, f"game {game} does not end"

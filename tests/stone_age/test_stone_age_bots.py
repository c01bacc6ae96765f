"""The heuristic bot plays only legal moves, at every seat, and beats the random bot."""

import random

from stone_age_helpers import assert_conserved

from apps.stone_age.engine import RULES

HEURISTIC = RULES.bots()["heuristic"][1]


def play_game(players, seed, kinds):
    """Play a whole game; ``kinds[seat]`` is "heuristic" or "random". Returns the final state."""
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    steps = 0
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        legal = RULES.legal_moves(state, seat)
        if kinds[seat] == "heuristic":
            move = HEURISTIC(RULES, state, seat, rnd)
            assert move in legal
        else:
            move = rnd.choice(legal)
        state = RULES.apply(state, seat, move)
        steps += 1
        assert steps < 5000
    return state


def test_heuristic_bots_fill_every_seat_of_a_game_with_legal_moves():
    for players in (2, 3, 4):
        state = play_game(players, 100 + players, ["heuristic"] * players)
        assert RULES.outcome(state) is not None
        assert_conserved(state)


def test_the_heuristic_bot_beats_the_random_bot_in_nearly_every_two_player_game():
    wins = 0
    for game in range(20):
        kinds = ["heuristic", "random"] if game % 2 == 0 else ["random", "heuristic"]
        state = play_game(2, 5000 + game, kinds)
        result = RULES.outcome(state)
        wins += result["winners"] == [kinds.index("heuristic")]
    assert wins >= 18, f"the heuristic bot won only {wins} of 20"


def test_the_heuristic_bot_builds_and_feeds_its_tribe():
    state = play_game(2, 77, ["heuristic", "heuristic"])
    for player in state["seats"]:
        assert player["buildings"] and player["people"] > 5 and player["scored"]["penalties"] == 0

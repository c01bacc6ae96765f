"""The heuristic bot plays only legal moves, at every seat, and beats the random bot."""

from stone_age_helpers import assert_conserved

from apps.stone_age.engine import RULES
from tests.engine_contract import bots_game


def play_game(players, seed, kinds):
    return bots_game(RULES, players, seed, kinds, limit=5000)


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

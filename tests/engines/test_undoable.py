"""Each game's word on taking a step back (``Rules.undoable``), checked at every step of random games: a step
that may be taken back left the mover to act, moved no generator and showed nobody anything; a game's final moves
never may; and every game has steps of both kinds."""

import random

import pytest

from apps.matches.engine import engine

GAMES = ["chronicle", "innovation", "live_on", "stone_age", "origins"]


def steps(game: str, players: int, seed: int, count: int = 300):
    rules = engine(game)
    rng = random.Random(seed)
    state = rules.setup(players, seed)
    for _ in range(count):
        active = rules.active_seats(state)
        if not active:
            return
        seat = rng.choice(active)
        move = rng.choice(rules.legal_moves(state, seat))
        after = rules.apply(state, seat, move)
        yield state, seat, move, after
        state = after


@pytest.mark.parametrize("game", GAMES)
def test_a_step_taken_back_revealed_nothing_and_left_the_mover_to_act(game):
    rules = engine(game)
    kinds = {True: 0, False: 0}
    for seed in range(3):
        for before, seat, move, after in steps(game, 3, seed):
            undoable = rules.undoable(before, seat, move, after)
            kinds[undoable] += 1
            if undoable:
                assert move["type"] not in rules.final_moves
                assert before["rng"] == after["rng"] and seat in rules.active_seats(after)
                for viewer in [None, *range(3)]:
                    assert rules.hidden_from(before, viewer) == rules.hidden_from(after, viewer), (move, viewer)
            elif move["type"] not in rules.final_moves and before["rng"] == after["rng"] \
                    and seat in rules.active_seats(after):
                assert any(rules.hidden_from(before, v) != rules.hidden_from(after, v) for v in [None, *range(3)])
    assert kinds[True] > 0 and kinds[False] > 0, kinds


@pytest.mark.parametrize("game", GAMES)
def test_a_games_final_moves_are_never_taken_back(game):
    rules = engine(game)
    for seed in range(3):
        for before, seat, move, after in steps(game, 3, seed):
            if move["type"] in rules.final_moves:
                assert not rules.undoable(before, seat, move, after)


def test_a_roll_or_a_draw_is_never_taken_back():
    """Stone Age: resolving a hunting spot rolls dice; Origins: drawing three cards shows them to the drawer."""
    stone, origins = engine("stone_age"), engine("origins")
    for before, seat, move, after in steps("stone_age", 2, 1, 400):
        if before["rng"] != after["rng"]:
            assert not stone.undoable(before, seat, move, after)
    seen = 0
    for before, seat, move, after in steps("origins", 2, 2, 400):
        if move["type"] == "draw3":
            seen += 1
            assert not origins.undoable(before, seat, move, after)
    assert seen

"""The strong bot's playouts leave out the marks of what each move changed, which only a table shows (issue 41: they
were some 30% of a playout's time), and nothing else: every state is the one ``apply`` makes, and the search measures
exactly the same rewards, so the bot plays the same moves."""

import random
from dataclasses import replace

from apps.matches.engine.search import Budget, appraise
from apps.stone_age.bots import STRONG, heuristic, unmarked
from apps.stone_age.engine import RULES


def heuristic_game(players: int, seed: int):
    """Every (state, seat, move) of a game of heuristic bots."""
    rng = random.Random(seed)
    state = RULES.setup(players, seed)
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        move = heuristic(RULES, state, seat, rng)
        yield state, seat, move
        state = RULES.apply(state, seat, move)


def test_a_playouts_move_makes_the_state_apply_makes_without_its_marks():
    assert STRONG.search.advance is unmarked
    marked = 0
    for players in (2, 4):
        for state, seat, move in heuristic_game(players, 40 + players):
            live, searched = RULES.apply(state, seat, move), unmarked(RULES, state, seat, move)
            assert searched["marks"] is None
            assert {**live, "marks": None} == searched
            marked += live["marks"] is not None
    assert marked > 100  # the live path still marks what changed


def test_the_strong_bot_measures_the_same_rewards_with_or_without_the_marks():
    marking = replace(STRONG.search, advance=None)
    positions = [(state, seat) for number, (state, seat, _) in enumerate(heuristic_game(3, 7))
                 if number % 37 == 0 and len(RULES.legal_moves(state, seat)) > 1][:6]
    assert len(positions) == 6
    for number, (state, seat) in enumerate(positions):
        old, new = (appraise(RULES, state, seat, random.Random(number), search, Budget(deals=2, seconds=600))
                    for search in (marking, STRONG.search))
        assert (old.totals, old.counts, old.candidates, old.follow) == (new.totals, new.counts, new.candidates,
                                                                         new.follow)

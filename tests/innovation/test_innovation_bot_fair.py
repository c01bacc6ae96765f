"""The Innovation bot decides only from what its seat sees (issue: "the Innovation bot looks at what it must not
see"): at decision points of random games, a state dealt again in everything the seat cannot see (another deck
order, other hands, another generator) gets the same choice from the bot with the same generator."""

import random

import pytest

from apps.innovation.bot import choose
from apps.innovation.determinize import determinized
from apps.innovation.engine import RULES
from apps.matches.engine import IllegalMove


def decision_points(players: int, seed: int, every: int = 3):
    """(state, seat) at every ``every``-th decision of a random game with more than one legal move."""
    rng = random.Random(seed)
    state = RULES.setup(players, seed)
    for step in range(400):
        active = RULES.active_seats(state)
        if not active:
            return
        seat = rng.choice(active)
        moves = RULES.legal_moves(state, seat)
        if len(moves) > 1 and step % every == 0:
            yield state, seat
        state = RULES.apply(state, seat, rng.choice(moves))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_bot_chooses_alike_in_states_its_seat_sees_alike(players, seed):
    points = differing = inside_dogma = 0
    for state, seat in decision_points(players, seed):
        twin = determinized(state, seat, random.Random(seed * 1000 + points))
        assert RULES.view(twin, seat) == RULES.view(state, seat)
        assert RULES.legal_moves(twin, seat) == RULES.legal_moves(state, seat)
        differing += twin["decks"] != state["decks"] or twin["seats"] != state["seats"]
        inside_dogma += state["pending"] is not None
        assert choose(RULES, state, seat, random.Random(7)) == choose(RULES, twin, seat, random.Random(7)), (
            f"decision {points}: the bot's choice depends on what seat {seat} cannot see")
        points += 1
    assert points >= 20 and differing >= points * 0.9 and inside_dogma >= 3, (points, differing, inside_dogma)


def test_the_copy_is_a_game_the_engine_plays_on():
    """Looking ahead on the copy works: nearly every legal move applies to it, inside a dogma too."""
    tried = refused = 0
    for state, seat in decision_points(3, 11, every=1):
        copy = determinized(state, seat, random.Random(5))
        for move in RULES.legal_moves(state, seat):
            tried += 1
            try:
                RULES.apply(copy, seat, move)
            except (IllegalMove, LookupError, ValueError):  # as the bot's lookahead allows
                refused += 1
    assert tried > 200 and refused <= tried * 0.02, (tried, refused)


def test_the_copy_leaves_the_state_untouched_and_keeps_what_the_seat_sees():
    state = RULES.setup(2, 99)
    before = repr(state)
    copy = determinized(state, 0, random.Random(1))
    assert repr(state) == before
    assert copy["seats"][0]["hand"] == state["seats"][0]["hand"]  # its own hand, as it is
    assert sorted(copy["seats"][1]["hand"]) != sorted(state["seats"][1]["hand"]) or \
        copy["decks"]["1"] != state["decks"]["1"]
    assert [len(cards) for cards in copy["decks"].values()] == [len(cards) for cards in state["decks"].values()]

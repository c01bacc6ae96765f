"""Random playouts of whole games: 1,000 games of 2 to 4 players (both editions) all end with an
outcome, no card is ever created, lost or duplicated, replays are identical, and no view leaks a
hidden card. Every view of every step is scanned in one game of each 50 here; the audit script
``bench/innovation_audit.py`` scans all 1,000."""

import json
import random

import pytest

from apps.innovation.cards import CARDS, SPECIALS
from apps.innovation.core import every_card_on_the_table
from apps.innovation.engine import RULES

pytestmark = pytest.mark.no_cover  # not traced under --cov: the tracer made it three times slower

EVERYTHING = frozenset(CARDS) | frozenset(SPECIALS)
GAMES = 1000
SCAN_EVERY = 50


def assert_nothing_leaks(state):
    for seat in [None, *range(state["players"])]:
        text = json.dumps(RULES.view(state, seat))
        leaked = [name for name in RULES.hidden_from(state, seat) if name in text]
        assert not leaked, (seat, leaked)


def play(game, scan=False):
    rnd = random.Random(game)
    players = 2 + game % 3
    options = {"edition": "third" if game % 2 else "first"}
    state = RULES.setup(players, game, options)
    moves = []
    while RULES.outcome(state) is None:
        active = RULES.active_seats(state)
        assert active, "a running game waits for someone"
        seat = active[rnd.randrange(len(active))]
        legal = RULES.legal_moves(state, seat)
        assert legal, "an active seat has a legal move"
        move = rnd.choice(legal)
        moves.append((seat, move))
        state = RULES.apply(state, seat, move)
        pieces = every_card_on_the_table(state)
        assert len(pieces) == len(EVERYTHING) and set(pieces) == EVERYTHING
        if scan:
            assert_nothing_leaks(state)
        assert len(moves) < 5000
    return players, options, state, moves


def test_a_thousand_random_games_end_with_an_outcome_and_keep_every_card():
    ends = {}
    for game in range(GAMES):
        players, options, final, moves = play(game, scan=game % SCAN_EVERY == 0)
        outcome = RULES.outcome(final)
        assert outcome["winners"] and set(outcome["winners"]) <= set(range(players))
        assert len(outcome["scores"]) == players and RULES.active_seats(final) == []
        ends[outcome["reason"]] = ends.get(outcome["reason"], 0) + 1
        if game % 50 == 0:
            replay = RULES.setup(players, game, options)
            for seat, move in moves:
                replay = RULES.apply(replay, seat, move)
            assert replay == final
    assert len(ends) >= 3  # the achievements, the draw above 10 and the dogmas all end games

"""Every game's bots decide only from what their seat sees (issue 21, item 9).

At many decision points of random playouts of each game, the state is paired with a twin the seat cannot tell from
it (``apps/<game>/determinize.py``: other hands, deck order and the generator dealt again). The twin's view and
legal moves for that seat are the real ones, its hidden parts differ, and every bot the game offers, given the same
seeded generator, chooses the same move in both.
"""

from __future__ import annotations

import importlib
import random

import pytest

from apps.matches.domain.bots import bot_kinds, choose
from apps.matches.engine import built_games, engine

GAMES = sorted(entry.slug for entry in built_games())
DECISIONS = 40  # checked per game and bot
EVERY = 3  # a check at every third decision with a choice


@pytest.fixture(autouse=True)
def small_search(settings):
    """The strong bot searches two deals a decision, and its clock never ends a search first: its choice is then a
    function of the state and the generator, as a fair bot's must be."""
    settings.STRONG_BOT_DEALS = 2
    settings.STRONG_BOT_SECONDS = 600


def decision_points(rules, seed: int):
    """(state, seat) at every ``EVERY``-th decision with more than one legal move of random games from ``seed``."""
    rnd = random.Random(seed)
    game = 0
    while True:
        players = rules.min_players + game % (rules.max_players - rules.min_players + 1)
        state = rules.setup(players, seed * 100 + game)
        step = 0
        while rules.outcome(state) is None and step < 600:
            seat = rnd.choice(rules.active_seats(state))
            moves = rules.legal_moves(state, seat)
            if len(moves) > 1 and step % EVERY == 0:
                yield state, seat
            state = rules.apply(state, seat, rnd.choice(moves))
            step += 1
        game += 1


def hidden_differs(rules, state, twin) -> bool:
    return any(state[key] != twin[key] for key in state if key != "rng")


def unfair_choices(slug: str, choose) -> tuple[int, int]:
    """(choices that differed between a state and its twin, twins differing in more than the generator) over
    ``DECISIONS`` decision points of ``slug``; ``choose(state, seat, rng)`` is the bot."""
    rules = engine(slug)
    determinize = importlib.import_module(f"apps.{slug}.determinize")
    checked = differing = unfair = 0
    for state, seat in decision_points(rules, seed=len(slug)):
        twin = determinize.determinized(state, seat, random.Random(checked))
        assert rules.view(twin, seat) == rules.view(state, seat), f"{slug}: the twin looks different to {seat}"
        assert rules.legal_moves(twin, seat) == rules.legal_moves(state, seat)
        assert twin["rng"] != state["rng"]
        differing += hidden_differs(rules, state, twin)
        unfair += choose(state, seat, random.Random(checked * 31 + 7)) != choose(twin, seat,
                                                                               random.Random(checked * 31 + 7))
        checked += 1
        if checked == DECISIONS:
            return unfair, differing
    raise AssertionError("the playouts ran out of decisions")


@pytest.mark.parametrize(("slug", "kind"), [(slug, kind) for slug in GAMES for kind in bot_kinds(slug)])
def test_every_bot_chooses_alike_in_states_its_seat_cannot_tell_apart(slug, kind):
    unfair, differing = unfair_choices(slug, lambda state, seat, rng: choose(slug, kind, state, seat, rng))
    assert unfair == 0, f"the {kind} bot of {slug} chose differently {unfair} times: it reads what it cannot see"
    assert differing >= DECISIONS // 2, f"{slug}: only {differing} twins differed in more than the generator"


@pytest.mark.parametrize("slug", GAMES)
def test_the_check_catches_a_bot_that_peeks_at_the_generator(slug):
    def peeking(state, seat, rng):
        moves = engine(slug).legal_moves(state, seat)
        return moves[state["rng"] % len(moves)]

    unfair, _ = unfair_choices(slug, peeking)
    assert unfair > DECISIONS // 4


@pytest.mark.parametrize("slug", GAMES)
def test_a_twin_leaves_the_state_untouched(slug):
    rules = engine(slug)
    determinize = importlib.import_module(f"apps.{slug}.determinize")
    state = rules.setup(rules.min_players if rules.min_players > 1 else 2, 5)
    before = repr(state)
    determinize.determinized(state, 0, random.Random(1))
    assert repr(state) == before

"""A hint (``apps/matches/engine/hint.py``) offers the seat's own legal moves, best first, and decides only from what
the seat sees: a state and its twin (everything the seat cannot see dealt again, ``apps/<game>/determinize.py``)
give the same hint for the same generator, in every game (issue 39, item 4)."""

from __future__ import annotations

import copy
import importlib
import random

import pytest

from apps.matches.engine import built_games, engine
from apps.matches.engine import hint as hints
from apps.matches.engine.search import Budget
from tests.engines.test_bots_play_fair import decision_points

GAMES = sorted(entry.slug for entry in built_games())
POINTS = 5  # decision points checked per game
# Two deals, and a clock that never ends a search first: the hint is then a function of the state and the generator.
BUDGET = Budget(deals=2, seconds=600)


def hint_at(slug, state, seat, seed):
    return hints.candidates(engine(slug), slug, state, seat, random.Random(seed), BUDGET)


def points(slug):
    found = decision_points(engine(slug), seed=len(slug) + 1)
    return [next(found) for _ in range(POINTS)]


@pytest.mark.parametrize("slug", GAMES)
def test_a_hint_offers_up_to_three_of_the_seats_legal_moves_with_their_chances(slug):
    rules = engine(slug)
    for k, (state, seat) in enumerate(points(slug)):
        found = hint_at(slug, state, seat, k)
        legal = rules.legal_moves(state, seat)
        moves = [c["move"] for c in found["candidates"]]
        assert 1 <= len(moves) <= min(3, len(legal))
        assert all(move in legal for move in moves) and len({repr(m) for m in moves}) == len(moves)
        assert found["basis"] == ("estimate" if "strong" in rules.bots() else "playouts")
        for c in found["candidates"]:
            assert 0.0 <= c["chance"] <= 1.0 and c["playouts"] == BUDGET.deals
            assert c["label"] == rules.describe_move(state, seat, c["move"])


@pytest.mark.parametrize("slug", [slug for slug in GAMES if "strong" in engine(slug).bots()])
def test_the_first_candidate_is_the_move_the_strong_bot_plays(slug):
    rules = engine(slug)
    strong = rules.bots()["strong"][1]
    for k, (state, seat) in enumerate(points(slug)):
        played = strong(rules, state, seat, random.Random(k), budget=BUDGET)
        assert hint_at(slug, state, seat, k)["candidates"][0]["move"] == played


def twins(slug):
    """(state, twin, seat) at the decision points: the twin looks the same to the seat, its hidden parts dealt anew."""
    determinize = importlib.import_module(f"apps.{slug}.determinize")
    rules = engine(slug)
    for k, (state, seat) in enumerate(points(slug)):
        twin = determinize.determinized(state, seat, random.Random(100 + k))
        assert rules.view(twin, seat) == rules.view(state, seat)
        yield state, twin, seat


@pytest.mark.parametrize("slug", GAMES)
def test_a_hint_depends_only_on_what_the_seat_sees(slug):
    for k, (state, twin, seat) in enumerate(twins(slug)):
        assert hint_at(slug, state, seat, k) == hint_at(slug, twin, seat, k), f"{slug}: the hint read a hidden part"


@pytest.mark.parametrize("slug", ["stone_age", "live_on"])
def test_the_check_catches_a_hint_that_searches_the_real_hidden_cards(slug, monkeypatch):
    found = hints.search_for(slug)
    search, basis = found
    peeking = type(search)(**{**search.__dict__, "determinize": lambda state, seat, rng: copy.deepcopy(state)})
    monkeypatch.setattr(hints, "search_for", lambda _slug: (peeking, basis))
    differing = sum(hint_at(slug, state, seat, k) != hint_at(slug, twin, seat, k)
                    for k, (state, twin, seat) in enumerate(twins(slug)))
    assert differing > 0

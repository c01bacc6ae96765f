"""The strong bot (issue 21, item 10): a search over the game's own rules within a budget per decision.

Each of Stone Age, Origins and Innovation offers it; it plays a legal move, the same one again for the same
generator and deal budget, stops at its time budget, and finds a winning move its playouts would miss.
"""

from __future__ import annotations

import random
import time

import pytest

from apps.matches.engine import Rules, engine
from apps.matches.engine.search import Budget, Search, choose, choose_in_worker

GAMES = ("stone_age", "innovation", "origins")


def positions(slug: str, count: int, seed: int = 3):
    """``count`` (state, seat) pairs with a choice, from a game of heuristic bots."""
    rules = engine(slug)
    heuristic = rules.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = rules.setup(2, seed)
    found = 0
    step = 0
    while rules.outcome(state) is None and found < count:
        seat = rules.active_seats(state)[0]
        if len(rules.legal_moves(state, seat)) > 1 and step % 7 == 0:
            yield state, seat
            found += 1
        state = rules.apply(state, seat, heuristic(rules, state, seat, rnd))
        step += 1


@pytest.mark.parametrize("slug", GAMES)
def test_the_game_offers_a_strong_bot(slug):
    label, _ = engine(slug).bots()["strong"]
    assert label == "Strong bot"


@pytest.mark.parametrize("slug", GAMES)
def test_it_plays_a_legal_move_and_the_same_one_again(slug):
    rules = engine(slug)
    strong = rules.bots()["strong"][1]
    for index, (state, seat) in enumerate(positions(slug, 4)):
        first = strong(rules, state, seat, random.Random(index), budget=Budget(deals=2, seconds=600))
        assert first in rules.legal_moves(state, seat)
        again = strong(rules, state, seat, random.Random(index), budget=Budget(deals=2, seconds=600))
        assert again == first


@pytest.mark.parametrize("slug", GAMES)
def test_it_stops_at_its_time_budget(slug):
    rules = engine(slug)
    strong = rules.bots()["strong"][1]
    state, seat = next(positions(slug, 1))
    started = time.perf_counter()
    strong(rules, state, seat, random.Random(1), budget=Budget(deals=10**9, seconds=0.2))
    # One deal always completes, and a deal stops only between playouts: a little over the budget at most.
    assert time.perf_counter() - started < 1.0


def test_a_worker_process_chooses_as_the_bot_would_here():
    rules = engine("stone_age")
    state, seat = next(positions("stone_age", 1))
    budget = Budget(deals=2, seconds=600)
    here = rules.bots()["strong"][1](rules, state, seat, random.Random("5:3:1"), budget=budget)
    assert choose_in_worker("stone_age", "strong", state, seat, "5:3:1", budget) == here


class Race(Rules):
    """A race to 10: each player in turn adds 1, 2 or 3 to the count; whoever reaches 10 exactly wins, and a move
    past 10 is not allowed. From 7, 8 or 9 the mover wins at once; from 6 every move loses."""

    slug = "race"
    min_players = max_players = 2

    def setup(self, players, seed, options=None):
        return {"players": 2, "count": 0, "turn": 0, "winner": None}

    def active_seats(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_moves(self, state, seat):
        return [{"type": "add", "n": n} for n in (1, 2, 3) if state["count"] + n <= 10]

    def apply(self, state, seat, move):
        count = state["count"] + move["n"]
        return {"players": 2, "count": count, "turn": 1 - seat, "winner": seat if count == 10 else None}

    def outcome(self, state):
        return None if state["winner"] is None else {"winners": [state["winner"]]}


def timid(rules, state, seat, rng):
    """A playout policy that always adds 1: it never sees the win."""
    return rules.legal_moves(state, seat)[0]


RACE = Search(determinize=lambda state, seat, rng: dict(state), rollout=timid, values=lambda state: [0.0, 0.0],
              scale=1.0, depth=20)


@pytest.mark.parametrize("count", [7, 8, 9])
def test_it_takes_a_win_its_playout_policy_would_miss(count):
    state = {"players": 2, "count": count, "turn": 0, "winner": None}
    no_lookahead = Search(determinize=RACE.determinize, rollout=timid, values=RACE.values, scale=1.0, depth=0)
    move = choose(Race(), state, 0, random.Random(0), no_lookahead, Budget(deals=2, seconds=600))
    assert count + move["n"] == 10


def test_it_leaves_a_count_from_which_the_other_cannot_win():
    # From 3, adding 3 leaves 6: every move of the other then lets this seat win.
    state = {"players": 2, "count": 3, "turn": 0, "winner": None}
    random_playout = Search(determinize=RACE.determinize, rollout=lambda r, s, seat, rng:
                            rng.choice(r.legal_moves(s, seat)), values=RACE.values, scale=1.0, depth=20)
    move = choose(Race(), state, 0, random.Random(0), random_playout, Budget(deals=200, seconds=600))
    assert move["n"] == 3


def test_when_nothing_tells_the_moves_apart_it_plays_the_heuristics_move():
    state = {"players": 2, "count": 0, "turn": 0, "winner": None}
    no_lookahead = Search(determinize=RACE.determinize, rollout=lambda r, s, seat, rng: r.legal_moves(s, seat)[-1],
                          values=RACE.values, scale=1.0, depth=0)
    move = choose(Race(), state, 0, random.Random(0), no_lookahead, Budget(deals=3, seconds=600))
    assert move["n"] == 3


def test_it_never_takes_back_a_half_made_action_the_heuristic_would_not():
    state = {"players": 2, "count": 0, "turn": 0, "winner": None}

    class WithCancel(Race):
        def legal_moves(self, state, seat):
            return [*super().legal_moves(state, seat), {"type": "cancel"}]

        def apply(self, state, seat, move):
            return dict(state) if move["type"] == "cancel" else super().apply(state, seat, move)

    # Whatever the playouts make of it, going back to where the bot was is not among the moves it weighs.
    move = choose(WithCancel(), state, 0, random.Random(0), RACE, Budget(deals=2, seconds=600))
    assert move["type"] == "add"


class Income(Rules):
    """Turns of several moves: each turn begins with an income of 2 points; the mover then banks 1 point (the turn
    passes) or stalls (three waits follow before the turn passes, for nothing)."""

    slug = "income"
    min_players = max_players = 2

    def setup(self, players, seed, options=None):
        return {"players": 2, "points": [0, 0], "turn": 0, "stall": 0}

    def active_seats(self, state):
        return [state["turn"]]

    def legal_moves(self, state, seat):
        return [{"type": "wait"}] if state["stall"] else [{"type": "bank"}, {"type": "stall"}]

    def apply(self, state, seat, move):
        state = {**state, "points": list(state["points"])}
        if move["type"] == "stall":
            state["stall"] = 3
            return state
        if move["type"] == "bank":
            state["points"][seat] += 1
        else:
            state["stall"] -= 1
            if state["stall"]:
                return state
        state["turn"] = 1 - seat
        state["points"][state["turn"]] += 2
        return state

    def outcome(self, state):
        return None


def test_playouts_end_at_the_bots_next_turn_so_ending_a_turn_early_is_not_punished():
    # Banking is worth a point; stalling nothing. Cut after two moves, banking lets the other's income and bank
    # into the playout while stalling keeps them out of it, so a count of moves prefers to stall.
    state = Income().setup(2, 0)
    policy = lambda rules, s, seat, rng: rules.legal_moves(s, seat)[0]  # noqa: E731 -- bank when it may
    points = lambda s: s["points"]  # noqa: E731
    by_moves = Search(determinize=lambda s, seat, rng: s, rollout=policy, values=points, scale=1.0, depth=2)
    by_turns = Search(determinize=lambda s, seat, rng: s, rollout=policy, values=points, scale=1.0, depth=50,
                      turn=lambda s: s["turn"])
    assert choose(Income(), state, 0, random.Random(0), by_moves, Budget(deals=2, seconds=600))["type"] == "stall"
    assert choose(Income(), state, 0, random.Random(0), by_turns, Budget(deals=2, seconds=600))["type"] == "bank"


def bot_turns(slug: str, budget: Budget, turns: int, seed: int = 5):
    """The strong bot (seat 0) planning ``turns`` of its turns against the heuristic: per turn, its decisions with
    a choice, the searches it ran, and the seconds it thought."""
    rules = engine(slug)
    strong, heuristic = rules.bots()["strong"][1], rules.bots()["heuristic"][1]
    rnd = random.Random(seed)
    state = rules.setup(2, seed)
    seen, plan, choices, seconds = [], None, 0, 0.0
    while rules.outcome(state) is None and len(seen) < turns:
        seat = rules.active_seats(state)[0]
        if seat == 0:
            choices += len(rules.legal_moves(state, seat)) > 1
            started = time.perf_counter()
            move, plan = strong.turn(rules, state, seat, rnd, budget=budget, plan=plan)
            seconds += time.perf_counter() - started
            assert move in rules.legal_moves(state, seat)
        else:
            if plan is not None:
                seen.append((choices, plan.searches, seconds))
                plan, choices, seconds = None, 0, 0.0
            move = heuristic(rules, state, seat, rnd)
        state = rules.apply(state, seat, move)
    return seen


def test_once_the_turns_budget_is_spent_its_later_steps_are_played_from_the_plan():
    # An Origins turn is several actions of two or three moves each (select a pawn, then where it goes). Each
    # decision may spend a part of what is left of the turn's time (0.6 of it); once less than 0.15 of it is left
    # (after three searches at most), the moves the playouts of every deal went on with are played, unsearched.
    seen = bot_turns("origins", Budget(deals=10**9, seconds=0.4), turns=5)
    assert len(seen) == 5 and any(choices >= 5 for choices, _, _ in seen), seen
    assert all(searches <= 3 for _, searches, _ in seen), seen


def test_one_budget_serves_the_whole_turn():
    seen = bot_turns("origins", Budget(deals=10**9, seconds=0.3), turns=3)
    # each decision may spend part of what the turn has left, and a deal stops only between playouts
    assert all(seconds < 0.3 + 0.5 for _, _, seconds in seen), seen

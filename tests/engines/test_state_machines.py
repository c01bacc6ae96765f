"""Every built engine driven by a hypothesis state machine: from a drawn table size and seed, legal moves of
active seats are drawn and applied, and the protocol's invariants are checked after each step (DESIGN.md,
"Rules engine protocol"). One machine class, one test case per game in the registry."""

import json
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from apps.matches.engine import IllegalMove, Rules, built_games, engine
from tests.engine_contract import assert_pending_record
from tests.engines.mutants import key, mutants

# Deterministic and cheap enough for every run of the suite: all five games take well under a minute.
MACHINE_SETTINGS = settings(derandomize=True, max_examples=8, stateful_step_count=12, deadline=None,
                            suppress_health_check=[HealthCheck.too_slow])


def frozen(state) -> str:
    return json.dumps(state, sort_keys=True)


class EngineMachine(RuleBasedStateMachine):
    """Plays one game of ``game`` (its RULES, set per machine) one drawn legal move at a time, or many at a stride."""

    game: Rules

    @initialize(data=st.data())
    def set_up(self, data):
        players = data.draw(st.integers(self.game.min_players, self.game.max_players), label="players")
        seed = data.draw(st.integers(0, 2**31), label="seed")
        self.state = self.game.setup(players, seed)

    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def applied(self, seat: int, move: dict):
        before = frozen(self.state)
        after = self.game.apply(self.state, seat, move)
        assert frozen(self.state) == before, ("apply changed its input", seat, move)
        return after

    @rule(data=st.data())
    def play_a_drawn_move(self, data):
        if self.over():
            return
        seat = data.draw(st.sampled_from(self.game.active_seats(self.state)), label="seat")
        move = data.draw(st.sampled_from(self.game.legal_moves(self.state, seat)), label="move")
        self.state = self.applied(seat, move)

    @rule(chooser=st.integers(0, 2**31), moves=st.integers(1, 400))
    def play_ahead(self, chooser, moves):
        """Many random moves at once, so that the invariants are also checked late in a game and at its end."""
        rnd = random.Random(chooser)
        for _ in range(moves):
            if self.over():
                return
            seat = rnd.choice(self.game.active_seats(self.state))
            self.state = self.applied(seat, rnd.choice(self.game.legal_moves(self.state, seat)))

    @rule()
    def go_on_from_its_json(self):
        """The server keeps the state as JSON: play continues from the decoded copy."""
        self.state = json.loads(json.dumps(self.state))

    @invariant()
    def the_state_survives_a_json_round_trip(self):
        assert json.loads(json.dumps(self.state)) == self.state

    @invariant()
    def active_seats_are_seats_and_have_moves_that_apply_until_the_end(self):
        players = self.state["players"]
        active = self.game.active_seats(self.state)
        assert len(set(active)) == len(active) and all(0 <= seat < players for seat in active), active
        if self.over():
            assert active == []
            assert all(self.game.legal_moves(self.state, seat) == [] for seat in range(players))
            return
        assert active, "a running game waits for someone"
        for seat in active:
            moves = self.game.legal_moves(self.state, seat)
            assert moves, f"active seat {seat} has no legal move"
            for move in moves:
                self.applied(seat, move)

    @invariant()
    def forged_moves_are_refused_and_change_nothing(self):
        """The near misses (1.0 or true for 1, a field dropped or added; tests/engines/mutants.py) of one legal
        move of each type of every active seat are refused, and the game goes on from where it was."""
        if self.over():
            return
        before = frozen(self.state)
        for seat in self.game.active_seats(self.state):
            legal = self.game.legal_moves(self.state, seat)
            legal_keys = {key(move) for move in legal}
            for move in {move["type"]: move for move in legal}.values():
                for _, forgery in mutants(move, legal, sorted(self.game.move_fields)):
                    if key(forgery) in legal_keys:
                        continue
                    try:
                        self.game.apply(self.state, seat, forgery)
                    except IllegalMove:
                        continue
                    raise AssertionError(f"a forged move was accepted: {forgery}")
        assert frozen(self.state) == before, "a refused move changed the state"

    @invariant()
    def every_view_is_json(self):
        for seat in [None, *range(self.state["players"])]:
            view = self.game.view(self.state, seat)
            assert json.loads(json.dumps(view)) == view, seat

    @invariant()
    def pending_is_the_decision_the_active_seats_owe(self):
        assert_pending_record(self.game, self.state)


def machine_for(slug: str) -> type[EngineMachine]:
    return type(f"{slug.title().replace('_', '')}Machine", (EngineMachine,), {"game": engine(slug)})


@pytest.mark.parametrize("slug", [entry.slug for entry in built_games()])
def test_the_engine_keeps_the_protocol_step_after_step(slug):
    run_state_machine_as_test(machine_for(slug), settings=MACHINE_SETTINGS)

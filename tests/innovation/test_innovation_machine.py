"""Innovation as a hypothesis state machine: from any table size, seed and edition, draw a seat that must act
and one of its legal moves, apply it, and check what must hold after every move (beside the seeded playouts)."""

import json

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from test_innovation_helpers import assert_census

from apps.innovation.engine import RULES


class InnovationGame(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.state = None

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(["first", "third"]))
    def set_up(self, players, seed, edition):
        self.state = RULES.setup(players, seed, {"edition": edition})

    @precondition(lambda self: RULES.outcome(self.state) is None)
    @rule(data=st.data())
    def play_a_legal_move(self, data):
        seat = data.draw(st.sampled_from(RULES.active_seats(self.state)), label="seat")
        move = data.draw(st.sampled_from(RULES.legal_moves(self.state, seat)), label="move")
        before = json.dumps(self.state, sort_keys=True)
        after = RULES.apply(self.state, seat, move)
        assert json.dumps(self.state, sort_keys=True) == before, "apply changed its input"
        self.state = after

    @invariant()
    def every_card_is_somewhere_once(self):
        assert_census(self.state)

    @invariant()
    def the_state_is_json(self):
        assert json.loads(json.dumps(self.state)) == self.state

    @invariant()
    def someone_acts_exactly_while_the_game_runs(self):
        pending = RULES.pending(self.state)
        over = RULES.outcome(self.state) is not None
        assert (pending is None) == over == (RULES.active_seats(self.state) == [])
        if pending is not None:
            for seat in pending["seats"]:
                legal = RULES.legal_moves(self.state, seat)
                assert legal and {move["type"] for move in legal} <= set(pending["options"])

    @invariant()
    def the_spectator_sees_no_hidden_card(self):
        text = json.dumps(RULES.view(self.state, None))
        assert not [name for name in RULES.hidden_from(self.state, None) if name in text]


InnovationGame.TestCase.settings = settings(max_examples=25, stateful_step_count=80, deadline=None, database=None)
TestInnovationGame = InnovationGame.TestCase

"""Live On's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks that a move is
one of the seat's legal moves, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. Each new state also records what the move changed on the table
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import marshal

from apps.matches.rules import FlowRules, IllegalMove, Move, Rng, State, seed_state

from . import bots, changes, flow, visibility, wording

__all__ = ["RULES", "LiveOnRules", "IllegalMove"]


def clone_state(state: State) -> State:
    """A copy of the state for ``apply``: log lines are never changed once written, so they are shared."""
    log = state["log"]
    new = marshal.loads(marshal.dumps({key: value for key, value in state.items() if key != "log"}))
    new["log"] = list(log)
    return new


class LiveOnRules(FlowRules):
    slug = "live_on"
    title = "Live On"
    min_players = 1
    max_players = 6
    flow = flow
    visibility = visibility

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        self.check_players(players)
        rng = Rng(seed_state(seed))
        state = flow.new_state(players, seed, rng)
        state["rng"] = rng.state
        return state

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            return []
        return flow.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        move = self.admit(state, seat, move)
        legal = flow.legal_moves(state, seat)
        if move not in legal:
            raise IllegalMove(wording.why_illegal(state, seat, move, legal))
        new = clone_state(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        new["changed"] = changes.between(state, new, seat)
        return new

    def not_your_turn(self, state: State, seat: int) -> str:
        return "It is not your turn: the band is waiting for someone else's decision."

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short label for a move, for buttons and screen readers."""
        return wording.describe(state, seat, self.check_move_shape(move))

    def bots(self) -> dict:
        return {"heuristic": ("Co-operative bot", bots.choose)}


RULES = LiveOnRules()

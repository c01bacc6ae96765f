"""Live On's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks that a move is
one of the seat's legal moves, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. Each new state also records what the move changed on the table
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import marshal

from apps.matches.engine import FlowRules, IllegalMove, Move, Pending, Rng, seed_state

from . import bots, changes, flow, visibility, wording
from .state import LiveOnState

__all__ = ["RULES", "LiveOnRules", "IllegalMove"]


def clone_state(state: LiveOnState) -> LiveOnState:
    """A copy of the state for ``apply``: log lines are never changed once written, so they are shared."""
    log = state["log"]
    new = marshal.loads(marshal.dumps({key: value for key, value in state.items() if key != "log"}))
    new["log"] = list(log)
    return new


class LiveOnRules(FlowRules[LiveOnState]):
    # Calling out another player's secret is said aloud to the whole band: it is never taken back.
    final_moves = frozenset({"call"})
    slug = "live_on"
    title = "Live On"
    min_players = 1
    max_players = 6
    flow = flow
    visibility = visibility

    def setup(self, players: int, seed: int, options: dict | None = None) -> LiveOnState:
        self.check_players(players)
        rng = Rng(seed_state(seed))
        state = flow.new_state(players, seed, rng)
        state["rng"] = rng.state
        return state

    def legal_moves(self, state: LiveOnState, seat: int) -> list[Move]:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            return []
        return flow.legal_moves(state, seat)

    def apply(self, state: LiveOnState, seat: int, move: Move) -> LiveOnState:
        move = self.admit(state, seat, move)
        legal = flow.legal_moves(state, seat)
        if move not in legal:
            raise IllegalMove(wording.why_illegal(state, seat, move, legal))
        new = self.clone(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        new["changed"] = changes.between(state, new, seat)
        return new

    def pending(self, state: LiveOnState) -> Pending | None:
        """The ask awaited, as the uniform record: its kind, the seats that answer it, the spectator's prompt."""
        if flow.is_over(state):
            return None
        ask = flow.awaited(state)
        seats = flow.active_seats(state)
        options = set(flow.ANSWER_TYPES[ask["kind"]])
        if any(flow.anytime_moves(state, ask, s) for s in seats):
            options.add("insight")
        return {"seats": seats, "kind": ask["kind"], "prompt": wording.prompt(state, None), "options": sorted(options)}

    def not_your_turn(self, state: LiveOnState, seat: int) -> str:
        return wording.NOT_YOUR_TURN

    def describe_move(self, state: LiveOnState, seat: int, move: Move) -> str:
        """A short label for a move, for buttons and screen readers."""
        return wording.describe(state, seat, self.check_move_shape(move))

    def clone(self, state: LiveOnState) -> LiveOnState:
        return clone_state(state)

    def bots(self) -> dict:
        return {"heuristic": ("Co-operative bot", bots.choose)}


RULES = LiveOnRules()

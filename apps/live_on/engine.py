"""Live On's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks that a move is
one of the seat's legal moves, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import marshal
from typing import Any

from apps.matches.rules import IllegalMove, Move, Rng, Rules, State, seed_state

from . import bots, flow, visibility, wording

__all__ = ["RULES", "LiveOnRules", "IllegalMove"]


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists and scalars)."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    if kind is list:
        return [clone(item) if type(item) in (dict, list) else item for item in value]
    return value


def clone_state(state: State) -> State:
    """A copy of the state for ``apply``: log lines are never changed once written, so they are shared."""
    log = state["log"]
    new = marshal.loads(marshal.dumps({key: value for key, value in state.items() if key != "log"}))
    new["log"] = list(log)
    return new


class LiveOnRules(Rules):
    slug = "live_on"
    title = "Live On"
    min_players = 1
    max_players = 6

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Live On is played by {self.min_players} to {self.max_players} players.")
        rng = Rng(seed_state(seed))
        state = flow.new_state(players, seed, rng)
        state["rng"] = rng.state
        return state

    def active_seats(self, state: State) -> list[int]:
        return flow.active_seats(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            return []
        return flow.legal_moves(state, seat)

    def outcome(self, state: State) -> dict | None:
        return flow.outcome(state)

    def view(self, state: State, seat: int | None) -> dict:
        return visibility.view(state, seat)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return visibility.hidden_from(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            raise IllegalMove(f"There is no seat {seat!r} at this table.")
        move = self.check_move_shape(move)
        if flow.is_over(state):
            raise IllegalMove("The game is over: no more moves can be made.")
        if seat not in flow.active_seats(state):
            raise IllegalMove("It is not your turn: the band is waiting for someone else's decision.")
        legal = flow.legal_moves(state, seat)
        if move not in legal:
            raise IllegalMove(wording.why_illegal(state, seat, move, legal))
        new = clone_state(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        return new

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short label for a move, for buttons and screen readers."""
        return wording.describe(state, seat, self.check_move_shape(move))

    def bots(self) -> dict:
        return {"heuristic": ("Co-operative bot", bots.choose)}


RULES = LiveOnRules()

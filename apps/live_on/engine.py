"""Live On's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks that a move is
one of the seat's legal moves, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. Each new state also records what the move changed on the table
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

import marshal

from apps.matches.engine import FlowRules, IllegalMove, MayOmit, Move, Pending, Rng, one_of, seed_state

from . import bots, changes, explain, flow, visibility, wording
from .state import LiveOnState

__all__ = ["RULES", "LiveOnRules", "IllegalMove"]

# Every move type with its fields and their types (``flow.moves`` makes them); a seat is an int, a loss is
# {trait: tokens}, and an id is a string.
MOVE_FIELDS: dict[str, dict[str, type | MayOmit]] = {
    "role": {"role": str},
    "go": {"zone": str, "card": MayOmit(str)},
    "call": {"target": int, "mark": str},
    "lose": {"tokens": dict},
    "pass": {},
    "spend": {"trait": str, "count": int, "plans": MayOmit(bool)},
    "cast": {"artifact": str},
    "option": {"index": int},
    "invoke": {},
    "protect": {"target": int},
    "reroll": {},
    "pick": {"trait": str},
    "tend": {"target": int},
    "scout": {"zone": str},
    "contribute": {"building": str},
    "fund": {"seat": int},
    "look": {"deck": str},
    "insight": {"target": int, "count": int},
    "give_art": {"to": int, "artifact": MayOmit(str)},
    "refuge": {},
    "pay": {"trait": str},
    "eat": {"count": int},
    "give_res": {"to": int},
    "store_res": {},
    "take_res": {},
    "store_art": {"artifact": str},
    "take_art": {"artifact": str},
    "done": {},
}


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
    move_fields = MOVE_FIELDS
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
        if not one_of(move, legal):
            raise IllegalMove(wording.why_illegal(state, seat, move, legal))
        new = self.clone(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        new["changed"] = changes.between(state, new, seat)
        # where "What just happened" on the seat's board starts: its own last move
        new["moved_at"] = {**state.get("moved_at", {}), str(seat): len(state["log"])}
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

    def explain_move(self, state: LiveOnState, seat: int, move: Move) -> str:
        """What a legal move will do, said before it is chosen: dice with their exact chance, tokens left."""
        return explain.explain(state, seat, self.check_move_shape(move))

    def round_label(self, state: LiveOnState) -> str:
        return f"Round {state['round']}" if state["round"] else "Setting out"

    def part_of_round(self, state: LiveOnState) -> str:
        return state["phase"]

    def new_log_lines(self, before: LiveOnState, after: LiveOnState, viewer: int | None) -> list[str]:
        """Lines written for the whole band, and those written to ``viewer`` alone."""
        return [line["text"] for line in after["log"][len(before["log"]):]
                if line["to"] is None or (viewer is not None and viewer in line["to"])]

    def clone(self, state: LiveOnState) -> LiveOnState:
        return clone_state(state)

    def consults_unseen(self, before: LiveOnState, seat: int, move: Move, after: LiveOnState) -> bool:
        """A step of an encounter with a secret event: what follows an option picked on a card the others
        cannot read (a roll asked for, or none) tells them about that card."""
        return visibility.secret_encounter(before) or visibility.secret_encounter(after)

    def bots(self) -> dict:
        return {"heuristic": ("Co-operative bot", bots.choose)}


RULES = LiveOnRules()

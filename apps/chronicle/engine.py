"""Chronicle's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks a
move, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. Each new state also records what the move changed on the table
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from apps.matches.rules import FlowRules, IllegalMove, Move, Rng, State, clone

from . import changes, flow, visibility, wording
from .content import ASPECT_LABELS, FILL_BY_ID

__all__ = ["RULES", "ChronicleRules", "IllegalMove"]

# Every move type with its fields and their types.
MOVE_FIELDS: dict[str, dict[str, type]] = {
    "pick_aspect": {"aspect": str},
    "choose_fill": {"card": str},
    "redraw": {},
    "take_reward": {"option": int},
    "skip_reward": {},
    "vote": {"for": int},
}


class ChronicleRules(FlowRules):
    slug = "chronicle"
    title = "Chronicle"
    min_players = 1
    max_players = 4
    move_fields = MOVE_FIELDS
    flow = flow
    visibility = visibility

    def apply(self, state: State, seat: int, move: Move) -> State:
        move = self.admit(state, seat, move)
        if move not in flow.legal_moves(state, seat):
            raise IllegalMove(self._why_illegal(state, seat, move))
        new = clone(state)
        rng = Rng(new["rng"])
        kind = move["type"]
        if kind == "pick_aspect":
            flow.do_pick_aspect(new, rng, seat, move["aspect"])
        elif kind == "choose_fill":
            flow.do_choose_fill(new, rng, seat, move["card"])
        elif kind == "redraw":
            flow.do_redraw(new, rng, seat)
        elif kind == "take_reward":
            flow.do_take_reward(new, rng, seat, move["option"])
        elif kind == "skip_reward":
            flow.do_skip_reward(new, rng, seat)
        elif kind == "vote":
            flow.do_vote(new, seat, move["for"])
        new["rng"] = rng.state
        new["changed"] = changes.between(state, new, seat)
        return new

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        move = self.check_move_shape(move)
        _, fate = flow.choosable_fills(state)
        return wording.describe(move, reward=flow.reward_alternatives(state), fate=fate)

    # --- Checks ---------------------------------------------------------------

    def not_your_turn(self, state: State, seat: int) -> str:
        if state["phase"] == flow.VOTE:
            return "You have already voted; waiting for the others."
        return "It is not your turn."

    def _why_illegal(self, state: State, seat: int, move: Move) -> str:
        kind = move["type"]
        phase = state["phase"]
        if phase == flow.BUILD:
            if kind != "pick_aspect":
                return "Choose an aspect for your Civilization Deck first."
            aspect = move["aspect"]
            if aspect not in ASPECT_LABELS:
                return f"There is no aspect called {aspect!r}."
            if aspect not in flow.build_choices(state):
                return (f"This card of your Civilization Deck must be "
                        f"{wording.choices_phrase(flow.build_choices(state))}.")
            return f"The {ASPECT_LABELS[aspect]} pile is empty."
        if phase == flow.VOTE:
            if kind != "vote":
                return "Everyone is voting now: vote for a telling."
            if move["for"] == seat:
                return "You cannot vote for your own telling."
            return f"There is no seat {move['for']} to vote for."
        if state["reward"] is not None:
            if kind == "take_reward":
                return "That reward is not offered, or its piles are empty."
            return "Take a reward or take none first."
        if kind == "choose_fill":
            card = move["card"]
            if card not in state["draw"]["fill"]:
                return "That fill card is not among the cards you drew."
            return (f"You cannot pay for {FILL_BY_ID[card].name} with the civilization cards you drew.")
        if kind == "redraw":
            return "You can pay for at least one drawn fill card: choose one instead of drawing again."
        return "That move is not possible now: fill the blank of the story card."


RULES = ChronicleRules()

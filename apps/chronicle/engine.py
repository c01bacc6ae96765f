"""Chronicle's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks a
move, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. Each new state also records what the move changed on the table
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from apps.matches.engine import BotChooser, FlowRules, IllegalMove, Move, Pending, Rng, clone, one_of

from . import changes, explain, flow, visibility, wording
from .bots import heuristic
from .content import ASPECT_LABELS
from .state import ChronicleState

__all__ = ["RULES", "ChronicleRules", "IllegalMove", "clone"]

# Every move type with its fields and their types.
MOVE_FIELDS: dict[str, dict[str, type]] = {
    "pick_aspect": {"aspect": str},
    "choose_fill": {"card": str},
    "redraw": {},
    "take_reward": {"option": int},
    "skip_reward": {},
    "vote": {"for": int},
}


class ChronicleRules(FlowRules[ChronicleState]):
    slug = "chronicle"
    title = "Chronicle"
    min_players = 1
    max_players = 4
    move_fields = MOVE_FIELDS
    # A vote is cast at once with everyone else's and counted as it comes: it is never taken back.
    final_moves = frozenset({"vote"})
    flow = flow
    visibility = visibility

    def bots(self) -> dict[str, tuple[str, BotChooser]]:
        return {"heuristic": ("Heuristic bot", heuristic)}

    def apply(self, state: ChronicleState, seat: int, move: Move) -> ChronicleState:
        move = self.admit(state, seat, move)
        if not one_of(move, flow.legal_moves(state, seat)):
            raise IllegalMove(self._why_illegal(state, seat, move))
        new = self.clone(state)
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

    def pending(self, state: ChronicleState) -> Pending | None:
        return flow.pending(state)

    def describe_move(self, state: ChronicleState, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        move = self.check_move_shape(move)
        _, fate = flow.choosable_fills(state)
        return wording.describe(move, reward=flow.reward_alternatives(state), fate=fate)

    def explain_move(self, state: ChronicleState, seat: int, move: Move) -> str:
        """What the move will do, before it is chosen (``explain``): which drawn cards pay for a fill card, what
        a pile or a reward adds to the Civilization Deck, what drawing again leads to; ``{pN}`` names seats."""
        return explain.explain(state, seat, self.check_move_shape(move))

    def round_label(self, state: ChronicleState) -> str:
        return wording.round_label(state["phase"], state["story"])

    # --- Checks ---------------------------------------------------------------

    def not_your_turn(self, state: ChronicleState, seat: int) -> str:
        return wording.ALREADY_VOTED if state["phase"] == flow.VOTE else wording.NOT_YOUR_TURN

    def _why_illegal(self, state: ChronicleState, seat: int, move: Move) -> str:
        """Why a well-formed move by the seat at turn is not among its legal moves."""
        decision = flow.decision_kind(state)
        if decision == flow.BUILD:
            return self._why_not_this_aspect(state, move)
        if decision == flow.VOTE:
            if move["type"] != "vote":
                return wording.VOTE_NOW
            return wording.OWN_TELLING if move["for"] == seat else wording.no_seat_to_vote_for(move["for"])
        if decision == flow.REWARD:
            return wording.REWARD_NOT_OFFERED if move["type"] == "take_reward" else wording.REWARD_FIRST
        return self._why_not_this_fill(state, move)

    def _why_not_this_aspect(self, state: ChronicleState, move: Move) -> str:
        if move["type"] != "pick_aspect":
            return wording.PICK_AN_ASPECT_FIRST
        aspect = move["aspect"]
        if aspect not in ASPECT_LABELS:
            return wording.no_such_aspect(aspect)
        if aspect not in flow.build_choices(state):
            return wording.aspect_not_allowed(flow.build_choices(state))
        return wording.pile_empty(aspect)

    def _why_not_this_fill(self, state: ChronicleState, move: Move) -> str:
        kind = move["type"]
        if kind == "choose_fill":
            card = move["card"]
            if card not in flow.drawn(state)["fill"]:
                return wording.FILL_NOT_DRAWN
            return explain.why_unpayable(card, flow.drawn(state)["civ"], named=True)
        if kind == "redraw":
            return wording.NO_NEED_TO_REDRAW
        return wording.FILL_THE_BLANK


RULES = ChronicleRules()

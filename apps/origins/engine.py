"""Origins' rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks a
move against ``legal_moves``, copies the state and lets ``flow`` change the copy;
``view`` and ``hidden_from`` come from ``visibility``; ``changed`` records what the move changed
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from apps.matches.rules import FlowRules, IllegalMove, Move, Rng, State

from . import bots as origin_bots
from . import changes, flow, visibility, wording
from .content import CARD_BY_ID, TERRITORY_BY_ID

__all__ = ["RULES", "OriginsRules", "IllegalMove"]

MOVE_FIELDS: dict[str, dict[str, type]] = {
    "select": {"pawn": int},
    "cancel": {},
    "evolve": {"form": str},
    "migrate": {"to": str},
    "swap": {"to": str},
    "place": {"to": str},
    "tile": {"tile": str},
    "draw3": {},
    "skip_reward": {},
    "return": {"card": str},
    "play": {"card": str},
    "choose": {"option": str},
    "end_turn": {},
}


class OriginsRules(FlowRules):
    slug = "origins"
    title = "Origins"
    min_players = 2
    max_players = 4
    move_fields = MOVE_FIELDS
    flow = flow
    visibility = visibility

    def bots(self) -> dict:
        return {"heuristic": ("Heuristic bot", origin_bots.heuristic)}

    def apply(self, state: State, seat: int, move: Move) -> State:
        move = self.admit(state, seat, move)
        if not flow.is_legal(state, seat, move):
            raise IllegalMove(self.why_illegal(state, seat, move))
        new = flow.copy_state(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        new["changed"] = changes.between(state, new, seat)
        return new

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        move = self.check_move_shape(move)
        pawn = None
        if move["type"] == "select":
            pawn = flow.pawn_by_id(state, move["pawn"])
        top = state["pending"][-1] if state["pending"] else None
        choosing = top["card"] if top and top["kind"] == "choose" else None
        return wording.describe(move, pawn_form=pawn["form"] if pawn else None,
                                pawn_at=pawn["at"] if pawn else None, choosing=choosing,
                                pawn_owner=pawn["owner"] if pawn else None)

    def why_illegal(self, state: State, seat: int, move: Move) -> str:
        """A message saying why a well-formed move of the active seat is not legal now."""
        kind = move["type"]
        top = state["pending"][-1] if state["pending"] else None
        pending = top["kind"] if top else None
        if pending == "return":
            return f"Return a {top['color']} card from your hand first."
        if pending == "choose":
            return f"Choose how to use {CARD_BY_ID[top['card']].name} first."
        if pending == "selected" and kind not in ("migrate", "swap", "evolve", "cancel"):
            return "You have selected a pawn: choose where it goes, or what it evolves into."
        if pending == "evolving" and kind not in ("place", "cancel"):
            return "Choose an empty territory next to the pawn for the new pawn."
        if pending == "reward" and kind in ("select", "end_turn"):
            return "Take your reward (or none) first."
        if kind in ("migrate", "swap", "place"):
            to = move["to"]
            if to not in TERRITORY_BY_ID:
                return f"There is no territory {to!r}."
            if kind == "migrate":
                return "That pawn cannot migrate there: it must be an empty territory within its height."
            if kind == "swap":
                return ("That pawn cannot swap there: it must be a thinner pawn of another player "
                        "within its height.")
            return "The new pawn must settle an empty territory next to the pawn it evolved from."
        if kind == "evolve":
            return ("That pawn is not compatible: it may differ in one attribute only, never shorter or "
                    "thinner, never two steps taller or wider, and it must be in the reserve.")
        if kind == "select":
            if pending is None and state["turn"]["acted"] >= state["turn"]["actions"]:
                return "You have already taken your action this turn."
            return "That pawn can neither move nor be evolved from now."
        if kind == "play":
            card = CARD_BY_ID.get(move["card"])
            if card is None or move["card"] not in state["seats"][seat]["hand"]:
                return "That card is not in your hand."
            if state["turn"]["played"][card.color] >= 1 and not (card.color == "purple" and state["turn"]["final"]):
                return f"You have already played a {card.color} card this turn."
            if card.color == "orange":
                return f"{card.name} needs an innovation tile of level {card.level} or higher."
            if card.color == "purple":
                return f"The board does not match {card.name} yet."
            return f"{card.name} has no effect now."
        if kind == "tile":
            return "You cannot take that tile: level 1 always, any other level only on a tile one lower."
        if kind == "return":
            return "There is nothing to return now."
        if kind == "cancel":
            return "There is nothing to put back now."
        return "That move is not possible now."


RULES = OriginsRules()

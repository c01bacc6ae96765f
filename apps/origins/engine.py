"""Origins' rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks a
move against ``legal_moves``, copies the state and lets ``flow`` change the copy;
``view`` and ``hidden_from`` come from ``visibility``; ``changed`` records what the move changed
(``changes.between``: public pieces only), so the board can mark it. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from apps.matches.engine import BotChooser, FlowRules, IllegalMove, Move, Pending, Rng

from . import bots as origin_bots
from . import changes, explain, flow, visibility, wording
from .content import TERRITORY_BY_ID
from .state import OriginsState

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


class OriginsRules(FlowRules[OriginsState]):
    slug = "origins"
    title = "Origins"
    min_players = 2
    max_players = 4
    move_fields = MOVE_FIELDS
    # The general rule (Rules.undoable) is enough: cards drawn or played are seen, so they are never taken back,
    # while selecting, evolving, migrating and placing within a turn may be.
    final_moves: frozenset[str] = frozenset()
    flow = flow
    visibility = visibility

    def bots(self) -> dict[str, tuple[str, BotChooser]]:
        return {"heuristic": ("Heuristic bot", origin_bots.heuristic), "strong": ("Strong bot", origin_bots.STRONG)}

    def apply(self, state: OriginsState, seat: int, move: Move, *, marks: bool = True) -> OriginsState:
        """``move`` played: a new state. ``marks=False`` (the strong bot's playouts, which no one sees) leaves out
        what the board marks as just changed (the new state has no ``changed``)."""
        move = self.admit(state, seat, move)
        if not flow.is_legal(state, seat, move):
            raise IllegalMove(self.why_illegal(state, seat, move))
        new = self.clone(state)
        rng = Rng(new["rng"])
        flow.apply_move(new, rng, seat, move)
        new["rng"] = rng.state
        if marks:
            new["changed"] = changes.between(state, new, seat)
        else:
            new.pop("changed", None)
        return new

    def pending(self, state: OriginsState) -> Pending | None:
        """The top of the pending stack (or, when it is empty, the turn itself) as the uniform record; its
        options are the move types the active seat may play now."""
        if state["over"]:
            return None
        seat = state["seat"]
        top = flow.top_entry(state)
        pawn = flow.pawn_of(state, top["pawn"]) if top is not None and "pawn" in top else None
        return {
            "seats": flow.active_seats(state),
            "kind": top["kind"] if top is not None else wording.TURN,
            "prompt": wording.pending_prompt(seat, top, pawn, state["turn"]["final"]),
            "options": sorted({move["type"] for move in flow.legal_moves(state, seat)}),
        }

    def clone(self, state: OriginsState) -> OriginsState:
        return flow.copy_state(state)

    def describe_move(self, state: OriginsState, seat: int, move: Move) -> str:
        move = self.check_move_shape(move)
        pawn = flow.pawn_by_id(state, move["pawn"]) if move["type"] == "select" else None
        top = flow.top_entry(state)
        choosing = top["card"] if top is not None and top["kind"] == "choose" else None
        if move["type"] == "choose" and choosing == "march":  # name the pawn as the map shows it, not by its id
            marcher_id, to = move["option"].split(">")
            marcher = flow.pawn_of(state, int(marcher_id))
            return wording.march_label(marcher["form"], marcher["at"], to)
        if move["type"] == "evolve" and top is not None and top["kind"] == "selected":
            return wording.evolve_label(move["form"], flow.pawn_of(state, top["pawn"])["form"])
        return wording.describe(move, pawn_form=pawn["form"] if pawn else None,
                                pawn_at=pawn["at"] if pawn else None, choosing=choosing,
                                pawn_owner=pawn["owner"] if pawn else None, mover=seat)

    def explain_move(self, state: OriginsState, seat: int, move: Move) -> str:
        """What a legal move will do (``explain``): where a pawn goes and what it gets there, what an evolved pawn
        is, what a card does now."""
        return explain.explain(state, seat, self.check_move_shape(move))

    def round_label(self, state: OriginsState) -> str:
        return "Final turns" if state["final"] is not None else f"Round {state['round']}"

    def why_illegal(self, state: OriginsState, seat: int, move: Move) -> str:
        """A message saying why a well-formed move of the active seat is not legal now."""
        kind = move["type"]
        top = flow.top_entry(state)
        first = wording.answer_first(top, kind)
        if first is not None:
            return first
        if kind in ("migrate", "swap", "place") and move["to"] not in TERRITORY_BY_ID:
            return wording.no_territory(move["to"])
        if kind == "select":
            turn = state["turn"]
            return wording.cannot_select(top is None and turn["acted"] >= turn["actions"])
        if kind == "play":
            return wording.cannot_play(move["card"], self.unplayable_because(state, seat, move["card"]))
        return wording.not_now(kind)

    def unplayable_because(self, state: OriginsState, seat: int, card_id: str) -> str:
        """Why a card may not be played now, as a reason of ``wording.CANNOT_PLAY``."""
        return flow.unplayable_because(state, seat, card_id)

RULES = OriginsRules()

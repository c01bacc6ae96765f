"""Stone Age's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks a move,
copies the state and lets ``flow`` change the copy; ``view`` and ``hidden_from`` come
from ``visibility``. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from typing import Any

from apps.matches.engine import BotChooser, FlowRules, IllegalMove, Move, Pending, Rng, clone, one_of

from . import changes, closed_places, explain, flow, visibility, wording
from .bots import STRONG, heuristic
from .content import BUILDING_BY_ID, CARD_BY_ID, PLACE_BY_ID, RESOURCE_VALUE, RESOURCES
from .state import StoneAgeState as State

__all__ = ["RULES", "IllegalMove", "StoneAgeRules", "clone"]

# Every move type with its fields and their types.
MOVE_FIELDS: dict[str, dict[str, type]] = {
    "place": {"where": str},
    "count": {"n": int},
    "cancel": {},
    "resolve": {"where": str},
    "tool": {"tile": int},
    "tool_card": {"card": str},
    "take": {},
    "pay": {"resource": str},
    "build": {},
    "decline": {},
    "two_resources": {},
    "choose": {"resource": str},
    "feed": {"resource": str},
    "starve": {},
    "pick_die": {"face": int},
}

HANDLERS = {
    "place": lambda s, r, seat, m: flow.do_place(s, r, seat, m["where"]),
    "count": lambda s, r, seat, m: flow.do_count(s, r, seat, m["n"]),
    "cancel": lambda s, r, seat, m: flow.do_cancel(s, r, seat),
    "resolve": lambda s, r, seat, m: flow.do_resolve(s, r, seat, m["where"]),
    "tool": lambda s, r, seat, m: flow.do_tool(s, r, seat, m["tile"]),
    "tool_card": lambda s, r, seat, m: flow.do_tool_card(s, r, seat, m["card"]),
    "take": lambda s, r, seat, m: flow.do_take(s, r, seat),
    "pay": lambda s, r, seat, m: flow.do_pay(s, r, seat, m["resource"]),
    "build": lambda s, r, seat, m: flow.do_build(s, r, seat),
    "decline": lambda s, r, seat, m: flow.do_decline(s, r, seat),
    "two_resources": lambda s, r, seat, m: flow.do_two_resources(s, r, seat),
    "choose": lambda s, r, seat, m: flow.do_choose(s, r, seat, m["resource"]),
    "feed": lambda s, r, seat, m: flow.do_feed(s, r, seat, m["resource"]),
    "starve": lambda s, r, seat, m: flow.do_starve(s, r, seat),
    "pick_die": lambda s, r, seat, m: flow.do_pick_die(s, r, seat, m["face"]),
}


class StoneAgeRules(FlowRules[State]):
    slug = "stone_age"
    title = "Stone Age"
    min_players = 2
    max_players = 4
    move_fields = MOVE_FIELDS
    # The general rule (Rules.undoable) is enough: a roll moves the generator and a card or hut taken is seen,
    # so neither is taken back, while placing people and paying within a turn may be.
    final_moves: frozenset[str] = frozenset()
    flow = flow
    visibility = visibility

    def apply(self, state: State, seat: int, move: Move, *, marks: bool = True) -> State:
        """``move`` played: a new state. ``marks=False`` (the strong bot's playouts, which no one sees) leaves out
        what the board marks as just changed, a third of a playout's time (the state's ``marks`` is then None)."""
        move = self.admit(state, seat, move)
        if not self._is_legal(state, seat, move):
            raise IllegalMove(self._why_illegal(state, seat, move))
        new = self.clone(state)
        rng = Rng(new["rng"])
        HANDLERS[move["type"]](new, rng, seat, move)
        flow.settle(new)
        new["rng"] = rng.state
        new["marks"] = changes.after_move(state, new, seat) if marks else None  # public: what the board marks
        return new

    def pending(self, state: State) -> Pending | None:
        """The decision awaited: the top of the pending stack, or the phase's turn; None once the game is over."""
        facts = flow.decision(state)
        if facts is None:
            return None
        return Pending(seats=[facts["seat"]], kind=facts["kind"], prompt=wording.pending_prompt(facts),
                       options=flow.decision_options(state, facts))

    def clone(self, state: State) -> State:
        """A copy of a Stone Age state for ``apply`` to change, faster than a deep copy.

        The top-level containers and every player's record are copied. The lists of the places and
        the lists and dicts inside a player's record are shared with the given state: ``flow``
        replaces them by a copy before changing them (copy-on-write), so the given state never changes.
        """
        new = state.copy()
        new["supply"] = dict(state["supply"])
        new["deck"] = state["deck"].copy()
        new["row"] = state["row"].copy()
        new["stacks"] = [stack.copy() for stack in state["stacks"]]
        new["places"] = dict(state["places"])
        new["order"] = state["order"].copy()
        new["log"] = state["log"].copy()
        new["pending"] = clone(state["pending"])
        if state["dice"] is not None:
            dice = state["dice"].copy()
            dice["values"] = dice["values"].copy()
            new["dice"] = dice
        new["seats"] = [player.copy() for player in state["seats"]]
        return new

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        move = self.check_move_shape(move)
        return wording.describe(move, self._label_context(state, seat, move))

    def explain_move(self, state: State, seat: int, move: Move) -> str:
        """What one of ``seat``'s legal moves will do, said before it is chosen (``explain``): odds included."""
        return explain.explain(state, seat, move)

    def round_label(self, state: State) -> str:
        return f"Round {state['round']}"

    def part_of_round(self, state: State) -> str:
        return state["phase"]

    def bots(self) -> dict[str, tuple[str, BotChooser]]:
        return {"heuristic": ("Heuristic bot", heuristic), "strong": ("Strong bot", STRONG)}

    # --- Checks ---------------------------------------------------------------

    def _is_legal(self, state: State, seat: int, move: Move) -> bool:
        """Whether ``move`` is among ``legal_moves(state, seat)``; placements are checked directly (their fields'
        types were checked by ``admit``)."""
        kind = move["type"]
        pending = state["pending"]
        if kind == "place" and not pending and state["phase"] == flow.PLACE:
            return move["where"] in PLACE_BY_ID and flow.place_max(state, seat, move["where"]) > 0
        if kind == "resolve" and not pending and state["phase"] == flow.ACTION:
            return move["where"] in PLACE_BY_ID and state["places"][move["where"]][seat] > 0
        if kind == "count" and pending and pending[-1]["kind"] == "count":
            return 1 <= move["n"] <= pending[-1]["max"]
        return one_of(move, flow.legal_moves(state, seat))

    def _why_illegal(self, state: State, seat: int, move: Move) -> str:
        kind = move["type"]
        pending = state["pending"]
        if pending:
            top = pending[-1]["kind"]
            asked = wording.ASKED[top]
            if kind in ("place", "resolve"):
                return asked
            if kind in ("pay", "feed", "choose") and move["resource"] not in RESOURCES:
                return f"There is no resource called {move['resource']!r}."
            if kind in ("pay", "feed"):
                return f"You cannot pay with {move['resource']} now."
            return f"That move is not possible now. {asked}"
        if state["phase"] == flow.PLACE:
            if kind != "place":
                return "It is the placement phase: place people on a free place."
            where = move["where"]
            if where not in PLACE_BY_ID:
                return f"There is no place called {where!r}."
            return f"{PLACE_BY_ID[where].label}: {closed_places.why_not_place(state, seat, where)}"
        if kind != "resolve":
            return "It is the action phase: use one of the places where your people stand."
        return "You have no people there to use."

    def _label_context(self, state: State, seat: int, move: Move) -> dict:
        context: dict[str, Any] = {}
        kind = move["type"]
        player = state["seats"][seat] if 0 <= seat < state["players"] else None
        top = state["pending"][-1] if state["pending"] else None
        if kind == "place" and move.get("where") in PLACE_BY_ID:
            context["single"] = flow.place_max(state, seat, move["where"]) == 1
        if player and kind == "tool":
            context["tile_values"] = dict(enumerate(player["tools"]))
        if top and top["kind"] == "tools" and kind == "take":
            total = flow.roll_total(state, top)
            context.update(amount=total // top["divisor"], yields=top["yields"], total=total)
        if top and top["kind"] == "feed":
            context["missing"] = top["missing"] - sum(top["paid"].values())
        if top and top["kind"] == "pay" and kind == "build" and top["what"] == "building":
            b = BUILDING_BY_ID[flow.pay_target(state, top)]
            if b.kind == "fixed":
                context["build_points"] = b.points
            else:
                context["build_points"] = sum(RESOURCE_VALUE[r] * n for r, n in top["paid"].items())
        if kind == "tool_card" and move.get("card") not in CARD_BY_ID:
            context["unknown"] = True
        return context


RULES = StoneAgeRules()

"""Innovation's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.engine`` only). ``apply`` checks a move against
``legal_moves``, copies the state and lets ``core`` run the action; a decision inside a dogma is a
``pending`` record answered by a ``choose`` or ``decline`` move (``RULES.pending`` puts the protocol's
uniform record in front of it). See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from collections.abc import Sequence

from apps.matches.engine import IllegalMove, Move, Pending, Rules, one_of

from . import ages, bot, changes, core, explain, visibility, wording  # noqa: F401  (ages registers every card's dogma)
from .core import InnovationState
from .peeks import peeks

__all__ = ["RULES", "IllegalMove", "InnovationRules"]

MOVE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "draw": {},
    "meld": {"card": (str,)},
    "achieve": {"age": (int,)},
    "dogma": {"card": (str,)},
    "choose": {"pick": (str, int)},
    "decline": {},
}


class InnovationRules(Rules[InnovationState]):
    slug = "innovation"
    title = "Innovation"
    min_players = 2
    max_players = 4
    move_fields = MOVE_FIELDS
    # An achievement claimed is announced to the table at once (and the game may end on it): never taken back.
    final_moves = frozenset({"achieve"})

    def setup(self, players: int, seed: int, options: dict | None = None) -> InnovationState:
        self.check_players(players)
        edition = (options or {}).get("edition", "first")
        if edition not in ("first", "third"):
            raise ValueError("The edition must be 'first' or 'third'.")
        return core.new_state(players, seed, edition)

    def option_fields(self) -> list[dict]:
        return [{
            "name": "edition",
            "label": "Card wording of the nine revised cards",
            "choices": [("first", "First edition"), ("third", "Third edition")],
            "default": "first",
        }]

    def active_seats(self, state: InnovationState) -> list[int]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "setup":
            return [s for s, card in enumerate(core.start_melds(state)) if card is None]
        if state["pending"] is not None:
            return [state["pending"]["seat"]]
        return [state["turn"]["seat"]]

    def legal_moves(self, state: InnovationState, seat: int) -> list[Move]:
        if seat not in self.active_seats(state):
            return []
        hand = state["seats"][seat]["hand"]
        if state["phase"] == "setup":
            return [{"type": "meld", "card": c} for c in sorted(hand)]
        pending = state["pending"]
        moves: list[Move]
        if pending is not None:
            moves = [{"type": "choose", "pick": o} for o in pending["options"]]
            if pending["optional"]:
                moves.append({"type": "decline"})
            return moves
        moves = [{"type": "draw"}]
        moves += [{"type": "meld", "card": c} for c in sorted(hand)]
        moves += [{"type": "achieve", "age": a} for a in sorted(set(core.claimable_ages(state, seat)))]
        moves += [{"type": "dogma", "card": c} for c in core.tops(state, seat)]
        return moves

    def apply(self, state: InnovationState, seat: int, move: Move) -> InnovationState:
        self.check_seat(state, seat)
        move = self.check_move_shape(move)
        if state["phase"] == "over":
            raise IllegalMove("The game is over: no more moves can be made.")
        if seat not in self.active_seats(state):
            raise IllegalMove(wording.NOT_YOUR_TURN if state["pending"] is None else wording.ANOTHER_DECIDES)
        if not one_of(move, self.legal_moves(state, seat)):
            raise IllegalMove(wording.why_illegal(state, move))
        new = self._apply(state, seat, move)
        new["marks"] = changes.after_move(state, new, seat)  # public: what the board marks as just changed
        return new

    def _apply(self, state: InnovationState, seat: int, move: Move) -> InnovationState:
        if state["phase"] == "setup":
            new = core.copy_state(state)
            melds = core.start_melds(new)
            melds[seat] = move["card"]
            if all(card is not None for card in melds):
                core.begin_play(new)
            return new
        if state["pending"] is not None:
            dogma = state["dogma"]
            if dogma is None:
                raise ValueError("A pending decision is kept with the action it interrupted.")
            answer = move["pick"] if move["type"] == "choose" else None
            snapshot = dogma["snapshot"]
            return core.run_action(core.copy_state(snapshot), dogma["seat"], dogma["move"],
                                   dogma["answers"] + [answer], snapshot)
        return core.run_action(core.copy_state(state), seat, move, [], state)

    def describe_move(self, state: InnovationState, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        return wording.move_label(state, seat, self.check_move_shape(move))

    def explain_move(self, state: InnovationState, seat: int, move: Move) -> str:
        """What the move will do, before it is chosen (``explain``): the age drawn, the icons a meld changes,
        what an achievement needs, who shares a dogma and who is demanded of; ``{pN}`` names seats."""
        return explain.explain(state, seat, self.check_move_shape(move))

    def round_label(self, state: InnovationState) -> str:
        return "Setup" if state["phase"] == "setup" else f"Turn {state['turn']['number']}"

    def new_log_lines(self, before: InnovationState, after: InnovationState, viewer: int | None) -> list[str]:
        """The records the step wrote (the log keeps only its latest ones: ``log_count`` counts them all), each
        naming the cards ``viewer`` could see after the step and only the ages of the others."""
        written = min(after["log_count"] - before["log_count"], len(after["log"]))
        if written <= 0:
            return []
        return visibility.render_logs({**after, "log": after["log"][-written:]}, [viewer],
                                      visibility.locations(after))[0]

    def pending(self, state: InnovationState) -> Pending | None:
        """Who must act and what may answer, read from the phase, the turn or the dogma's pending decision
        (no replay); the prompt is the spectator's line of the board, so anyone may read it."""
        if self.outcome(state) is not None:
            return None
        seats = self.active_seats(state)
        decision = state["pending"]
        if state["phase"] == "setup":
            kind = "start"
        elif decision is not None:
            kind = decision["kind"]
        else:
            kind = "action"
        source = "Dogma"
        card = decision.get("source") if decision is not None else None
        if card:
            source = card if core.visible_to(state, card, None) else wording.card_back(card)
        options = sorted({move["type"] for seat in seats for move in self.legal_moves(state, seat)})
        return {"seats": seats, "kind": kind, "prompt": wording.prompt(state, None, source), "options": options}

    def clone(self, state: InnovationState) -> InnovationState:
        """``core.copy_state``: fresh containers for everything ``apply`` changes, sharing the records it only
        ever replaces (log lines, the pending decision, the dogma snapshot, the result, the marks)."""
        return core.copy_state(state)

    def outcome(self, state: InnovationState) -> dict | None:
        return state["result"]

    def view(self, state: InnovationState, seat: int | None) -> dict:
        return visibility.view(state, seat)

    def views(self, state: InnovationState, seats: Sequence[int | None]) -> list[dict]:
        return visibility.views(state, seats)

    def hidden_from(self, state: InnovationState, seat: int | None) -> set[str]:
        return visibility.hidden_from(state, seat)

    def unseen(self, state: InnovationState, seat: int | None) -> frozenset[str]:
        return visibility.unseen(state, seat)

    def consults_unseen(self, before: InnovationState, seat: int, move: Move, after: InnovationState) -> bool:
        """A step that read a hand, a score pile or a supply pile (``peeks``): what it did or did not do tells
        the table about cards it cannot see."""
        return peeks(before, seat, move)

    def bots(self) -> dict:
        return {"heuristic": ("Heuristic bot", bot.choose), "strong": ("Strong bot", bot.STRONG)}


RULES = InnovationRules()

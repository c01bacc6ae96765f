"""Innovation's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks a move against
``legal_moves``, copies the state and lets ``core`` run the action; a decision inside a dogma is a
``pending`` record answered by a ``choose`` or ``decline`` move. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from apps.matches.rules import IllegalMove, Move, Rules, State

from . import ages, bot, changes, core, visibility  # noqa: F401  (ages registers every card's dogma)

__all__ = ["RULES", "IllegalMove", "InnovationRules"]

MOVE_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "draw": {},
    "meld": {"card": (str,)},
    "achieve": {"age": (int,)},
    "dogma": {"card": (str,)},
    "choose": {"pick": (str, int)},
    "decline": {},
}


class InnovationRules(Rules):
    slug = "innovation"
    title = "Innovation"
    min_players = 2
    max_players = 4
    move_fields = MOVE_FIELDS

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
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

    def active_seats(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "setup":
            return [s for s, card in enumerate(state["start_melds"]) if card is None]
        if state["pending"] is not None:
            return [state["pending"]["seat"]]
        return [state["turn"]["seat"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.active_seats(state):
            return []
        hand = state["seats"][seat]["hand"]
        if state["phase"] == "setup":
            return [{"type": "meld", "card": c} for c in sorted(hand)]
        pending = state["pending"]
        if pending is not None:
            moves = [{"type": "choose", "pick": o} for o in pending["options"]]
            if pending["optional"]:
                moves.append({"type": "decline"})
            return moves
        moves: list[Move] = [{"type": "draw"}]
        moves += [{"type": "meld", "card": c} for c in sorted(hand)]
        moves += [{"type": "achieve", "age": a} for a in sorted(set(core.claimable_ages(state, seat)))]
        moves += [{"type": "dogma", "card": c} for c in core.tops(state, seat)]
        return moves

    def apply(self, state: State, seat: int, move: Move) -> State:
        self.check_seat(state, seat)
        move = self.check_move_shape(move)
        if state["phase"] == "over":
            raise IllegalMove("The game is over: no more moves can be made.")
        if seat not in self.active_seats(state):
            raise IllegalMove("It is not your turn." if state["pending"] is None
                              else "Another player is making a decision.")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(self._why_illegal(state, seat, move))
        new = self._apply(state, seat, move)
        new["marks"] = changes.after_move(state, new, seat)  # public: what the board marks as just changed
        return new

    def _apply(self, state: State, seat: int, move: Move) -> State:
        if state["phase"] == "setup":
            new = core.copy_state(state)
            new["start_melds"][seat] = move["card"]
            if all(card is not None for card in new["start_melds"]):
                core.begin_play(new)
            return new
        if state["pending"] is not None:
            dogma = state["dogma"]
            answer = move["pick"] if move["type"] == "choose" else None
            snapshot = dogma["snapshot"]
            return core.run_action(core.copy_state(snapshot), dogma["seat"], dogma["move"],
                                   dogma["answers"] + [answer], snapshot)
        return core.run_action(core.copy_state(state), seat, move, [], state)

    def _why_illegal(self, state: State, seat: int, move: Move) -> str:
        kind = move["type"]
        if state["phase"] == "setup":
            return "Choose one of the two cards in your hand to meld first."
        if state["pending"] is not None:
            if kind not in ("choose", "decline"):
                return "Answer the decision first: " + state["pending"]["prompt"]
            if kind == "decline":
                return "This choice is not optional."
            return "That is not one of the options of this decision."
        if kind in ("choose", "decline"):
            return "There is no decision to answer."
        if kind == "meld":
            return "You can only meld a card from your hand."
        if kind == "dogma":
            return "You can only activate the dogma of one of your top cards."
        if kind == "achieve":
            return ("You need a score of five times the age and a top card of that age or higher, "
                    "and the achievement must still be available.")
        return "That move is not possible now."

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        move = self.check_move_shape(move)
        kind = move["type"]
        if kind == "draw":
            return f"Draw a {core.draw_age_for(state, seat)}"
        if kind == "meld":
            return f"Meld {move['card']}"
        if kind == "achieve":
            return f"Achieve age {move['age']}"
        if kind == "dogma":
            return f"Dogma of {move['card']}"
        if kind == "decline":
            return "Decline"
        pending = state.get("pending") or {}
        return visibility.pick_label(pending.get("kind", "card"), move["pick"])

    def outcome(self, state: State) -> dict | None:
        return state["result"]

    def view(self, state: State, seat: int | None) -> dict:
        return visibility.view(state, seat)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return visibility.hidden_from(state, seat)

    def bots(self) -> dict:
        return {"heuristic": ("Heuristic bot", bot.choose)}


RULES = InnovationRules()

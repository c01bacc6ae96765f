"""Chronicle's rules engine: the ``RULES`` object the site and the bots play through.

Pure Python (standard library and ``apps.matches.rules`` only). ``apply`` checks a
move, copies the state and lets ``flow`` change the copy; ``view`` and
``hidden_from`` come from ``visibility``. See DESIGN.md, "Rules engine protocol".
"""

from __future__ import annotations

from typing import Any

from apps.matches.rules import IllegalMove, Move, Rng, Rules, State

from . import flow, visibility, wording
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


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists and scalars); a list of scalars is copied flat."""
    kind = type(value)
    if kind is dict:
        return {key: clone(item) for key, item in value.items()}
    if kind is list:
        for item in value:
            if type(item) is dict or type(item) is list:
                return [clone(each) for each in value]
        return value.copy()
    return value


class ChronicleRules(Rules):
    slug = "chronicle"
    title = "Chronicle"
    min_players = 1
    max_players = 4

    def setup(self, players: int, seed: int, options: dict | None = None) -> State:
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Chronicle is played by {self.min_players} to {self.max_players} players.")
        return flow.new_state(players, seed)

    def active_seats(self, state: State) -> list[int]:
        return flow.active_seats(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return flow.legal_moves(state, seat)

    def outcome(self, state: State) -> dict | None:
        return flow.outcome(state)

    def view(self, state: State, seat: int | None) -> dict:
        return visibility.view(state, seat)

    def hidden_from(self, state: State, seat: int | None) -> set[str]:
        return visibility.hidden_from(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> State:
        self.check_seat(state, seat)
        move = self.check_move_shape(move)
        if state["phase"] == flow.OVER:
            raise IllegalMove("The game is over: no more moves can be made.")
        if seat not in flow.active_seats(state):
            raise IllegalMove(self._not_your_turn(state, seat))
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
        return new

    def describe_move(self, state: State, seat: int, move: Move) -> str:
        """A short human label for a move, for buttons and screen readers."""
        move = self.check_move_shape(move)
        _, fate = flow.choosable_fills(state)
        return wording.describe(move, reward=flow.reward_alternatives(state), fate=fate)

    # --- Checks ---------------------------------------------------------------

    def check_seat(self, state: State, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < state["players"]:
            raise IllegalMove(f"There is no seat {seat!r} at this table.")

    def check_move_shape(self, move: Any) -> Move:
        move = super().check_move_shape(move)
        kind = move["type"]
        if kind not in MOVE_FIELDS:
            known = ", ".join(sorted(MOVE_FIELDS))
            raise IllegalMove(f"Unknown move type {kind!r}; Chronicle's moves are: {known}.")
        fields = MOVE_FIELDS[kind]
        for name, expected in fields.items():
            if name not in move:
                raise IllegalMove(f"A {kind} move needs a {name!r} field.")
            value = move[name]
            if type(value) is not expected:
                wanted = "a string" if expected is str else "a whole number"
                raise IllegalMove(f"The {name!r} of a {kind} move must be {wanted}.")
        extra = sorted(set(move) - set(fields) - {"type"})
        if extra:
            raise IllegalMove(f"A {kind} move has no field {extra[0]!r}.")
        return move

    def _not_your_turn(self, state: State, seat: int) -> str:
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

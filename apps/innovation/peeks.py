"""Whether a step of Innovation looked at cards that some viewer cannot see, for ``Rules.consults_unseen``.

A dogma reads hands, score piles and supply piles: "meld any cards with a castle from your hand" met by none, or a
demand met by nothing, tells the whole table what a hand lacks though no card comes into sight. So a step is
known to be blind to hidden cards only if running it again, with a ``Game`` that notes every such read, notes
none. The run is the one ``engine.apply`` makes (the action, or a pending decision's action replayed from its
snapshot with the answers so far, this one included), on a copy; nothing is kept of it but the note.
"""

from __future__ import annotations

from apps.matches.engine import Move

from . import core
from .core import InnovationState


class _Watched(core.Game):
    """A ``Game`` that notes whether its effects read a hand, a score pile or a supply pile."""

    peeked = False

    def hand(self, seat: int) -> list[str]:
        self.peeked = True
        return super().hand(seat)

    def score_pile(self, seat: int) -> list[str]:
        self.peeked = True
        return super().score_pile(seat)

    def draw_card(self, age: int) -> str:
        self.peeked = True
        return super().draw_card(age)


def peeks(state: InnovationState, seat: int, move: Move) -> bool:
    """Whether ``seat``'s legal ``move`` in ``state`` reads any hand, score pile or supply pile. A first meld
    chosen at setup reads only the chooser's own hand, to take the card it named."""
    game = watched_run(state, seat, move)
    return game is not None and game.peeked


def watched_run(state: InnovationState, seat: int, move: Move) -> _Watched | None:
    """The run of a legal move in play, as ``engine.apply`` makes it, by a ``_Watched`` game (its ``s`` is the
    state the run left); None at setup, where no action runs."""
    if state["phase"] != "play":
        return None
    if state["pending"] is not None:
        dogma = state["dogma"]
        if dogma is None:
            raise ValueError("A pending decision is kept with the action it interrupted.")
        answer = move["pick"] if move["type"] == "choose" else None
        start, seat, move, answers = dogma["snapshot"], dogma["seat"], dogma["move"], [*dogma["answers"], answer]
    else:
        start, answers = state, []
    game = _Watched(core.copy_state(start), answers)
    try:
        core.do_action(game, seat, move)
    except (core.NeedDecision, core.GameEnds):
        pass
    return game

"""The heuristic bot: one-ply lookahead over the legal moves with a board evaluation.

Before looking ahead at a move of its own turn the bot reshuffles every supply pile with its own
generator, so its lookahead never learns the real order of the hidden decks.
"""

from __future__ import annotations

import random

from apps.matches.engine import IllegalMove, Move

from .core import AGE, ICONS, InnovationState, icon_counts, points, tops

WIN = 1_000_000.0


def evaluate(state: InnovationState, seat: int) -> float:
    """How good the state looks for ``seat``: its standing minus the best opponent's."""
    result = state["result"]
    if result is not None:
        if seat in result["winners"]:
            return WIN / len(result["winners"])
        return -WIN
    values = [standing(state, s) for s in range(state["players"])]
    mine = values[seat]
    return mine - max(v for s, v in enumerate(values) if s != seat)


def standing(state: InnovationState, s: int) -> float:
    seat = state["seats"][s]
    top_ages = [AGE[c] for c in tops(state, s)]
    counts = icon_counts(state, s)
    return (120.0 * len(seat["achievements"])
            + 3.0 * points(state, s)
            + 4.0 * sum(top_ages)
            + 6.0 * max(top_ages, default=0)
            + 0.8 * sum(counts[i] for i in ICONS)
            + 1.5 * len(seat["hand"])
            + 2.0 * sum(1 for c in seat["board"].values() if c["splay"] != "none"))


def reshuffled(state: InnovationState, rng: random.Random) -> InnovationState:
    """A copy of the state whose supply piles are in an order of the bot's own making."""
    copy = state.copy()
    decks = {}
    for age, cards in state["decks"].items():
        cards = list(cards)
        rng.shuffle(cards)
        decks[age] = cards
    copy["decks"] = decks
    return copy


def choose(rules, state: InnovationState, seat: int, rng: random.Random) -> Move:
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    base = state if state["pending"] is not None or state["phase"] != "play" else reshuffled(state, rng)
    best, best_value = moves[0], -float("inf")
    for move in moves:
        try:
            after = rules.apply(base, seat, move)
        except IllegalMove:
            continue
        value = evaluate(after, seat) + rng.random() * 0.01
        if move["type"] == "draw" and state["pending"] is None:
            value -= 1.0  # prefer doing something over a plain draw when equal
        if value > best_value:
            best, best_value = move, value
    return best

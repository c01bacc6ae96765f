"""The heuristic bot: one-ply lookahead over the legal moves with a board evaluation.

It looks ahead on a copy of the state in which everything its seat cannot see (the supply piles' order, others'
hands and score piles, the game's generator) is dealt again by its own generator (``determinize``), on its own
turn and inside a dogma alike: it never learns the next card of a pile or an opponent's hand.
"""

from __future__ import annotations

import random

from apps.matches.engine import IllegalMove, Move
from apps.matches.engine.search import Search, strong_bot

from .core import AGE, ICONS, InnovationState, icon_counts, points, tops
from .determinize import determinized

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


def choose(rules, state: InnovationState, seat: int, rng: random.Random) -> Move:
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    return _best(rules, determinized(state, seat, rng), seat, moves, rng)


def choose_in_deal(rules, state: InnovationState, seat: int, rng: random.Random) -> Move:
    """``choose`` inside a search's deal, whose hidden cards are already dealt from the searching seat's view: it
    looks ahead on the deal itself (dealing again costs most of a playout's time and hides nothing more)."""
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    return _best(rules, state, seat, moves, rng)


def _best(rules, base: InnovationState, seat: int, moves: list[Move], rng: random.Random) -> Move:
    best, best_value = moves[0], -float("inf")
    for move in moves:
        try:
            after = rules.apply(base, seat, move)
        except (IllegalMove, LookupError, ValueError):
            # Inside a dogma the copy replays the action from its start with cards dealt again, and a branch that
            # went one way for the real hands may go another (or fail) for the dealt ones: that move is not
            # judged on this copy.
            continue
        value = evaluate(after, seat) + rng.random() * 0.01
        if move["type"] == "draw" and base["pending"] is None:
            value -= 1.0  # prefer doing something over a plain draw when equal
        if value > best_value:
            best, best_value = move, value
    return best


def standings(state: InnovationState) -> list[float]:
    """Every seat's standing as the heuristic judges it (achievements weigh 120)."""
    return [standing(state, s) for s in range(state["players"])]


# The strong bot (``apps.matches.engine.search``): the heuristic looks one move ahead on every move, so playouts
# are dear (some 2.5 ms a move) and short: 6 moves, about a turn of each of two players. An achievement's worth
# (120) is most of a win.
STRONG = strong_bot(Search(determinize=determinized, rollout=choose, values=standings, scale=100.0, depth=6,
                           dealt_rollout=choose_in_deal))

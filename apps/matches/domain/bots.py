"""Which bots can sit at a game, and how a bot of each kind chooses its move."""

import random

from apps.matches.engine import Move, State, engine

RANDOM = "random"


def bot_kinds(game: str) -> dict[str, str]:
    """{kind: label} of the bots that can sit at this game, the random one first."""
    return {RANDOM: "Random bot", **{kind: label for kind, (label, _) in engine(game).bots().items()}}


def choose(game: str, kind: str, state: State, seat: int, rng: random.Random) -> Move:
    rules = engine(game)
    extra = rules.bots()
    if kind in extra:
        return extra[kind][1](rules, state, seat, rng)
    return rng.choice(rules.legal_moves(state, seat))

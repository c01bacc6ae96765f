"""Which bots can sit at a game, and how a bot of each kind chooses its move."""

import random

from django.conf import settings

from apps.matches.engine import Move, State, engine
from apps.matches.engine.search import Budget

RANDOM = "random"
# Kinds that search (``apps.matches.engine.search``): they take a ``budget`` and think for up to a second, so the
# live driver runs them in a worker process (``apps.matches.live.bot_driver``).
SEARCHING = frozenset({"strong"})


def bot_kinds(game: str) -> dict[str, str]:
    """{kind: label} of the bots that can sit at this game, the random one first."""
    return {RANDOM: "Random bot", **{kind: label for kind, (label, _) in engine(game).bots().items()}}


def search_budget(game: str = "") -> Budget:
    """A searching bot's budget: ``STRONG_BOT_SECONDS`` of time (for a whole turn at a table, ``search.choose_turn``,
    times the game's ``STRONG_BOT_TURN_SCALE``; for one decision in a hint), at most ``STRONG_BOT_DEALS`` deals and
    ``STRONG_BOT_DECISION_SECONDS`` a decision."""
    scale = settings.STRONG_BOT_TURN_SCALE.get(game, 1.0)
    return Budget(deals=settings.STRONG_BOT_DEALS, seconds=settings.STRONG_BOT_SECONDS * scale,
                  decision=settings.STRONG_BOT_DECISION_SECONDS)


def choose(game: str, kind: str, state: State, seat: int, rng: random.Random) -> Move:
    rules = engine(game)
    extra = rules.bots()
    if kind in SEARCHING and kind in extra:
        chooser: object = extra[kind][1]
        return chooser(rules, state, seat, rng, budget=search_budget())  # type: ignore[operator]
    if kind in extra:
        return extra[kind][1](rules, state, seat, rng)
    return rng.choice(rules.legal_moves(state, seat))

"""Live On's rules: the round as a queue of small tasks, and the decisions (``ask``) that wait for a move.

The state holds ``tasks`` (what happens next, first item first) and ``ask`` (the decision awaited
now, or None). ``run`` pops tasks until a task asks something or the game ends; a move answers the
ask and runs on. Everything is plain JSON data; dice come only from the ``Rng`` given in.

Layers, each importing only those before it: ``board`` (reading and changing the table), ``setup``,
``moves`` (who decides what), ``encounters``, ``tasks`` (the round), ``answers`` (what a move does).
This package re-exports what the engine, the views, the bot and the tests use.
"""

from __future__ import annotations

from .answers import apply_move
from .board import (
    ACTION,
    EVENT,
    KEEPING,
    OVER,
    PREP,
    SETUP,
    awaited,
    built,
    built_count,
    camp_key,
    cap,
    enc_options,
    encounter,
    food_need,
    gain_trait,
    group_of,
    health,
    hopeless,
    is_over,
    morale,
    outcome,
    put_artifact,
    receive_artifact,
    res_cap,
    secret_viewers,
    see,
    spends_last_health,
    succeeded,
    successes,
    tool_bonus,
    zone_label,
    zone_value,
)
from .moves import ANSWER_TYPES, active_seats, anytime_moves, legal_moves
from .setup import new_state
from .tasks import run

__all__ = [
    "ACTION", "ANSWER_TYPES", "EVENT", "KEEPING", "OVER", "PREP", "SETUP", "active_seats", "anytime_moves",
    "apply_move", "awaited",
    "built", "built_count", "camp_key", "cap", "enc_options", "encounter", "food_need", "gain_trait", "group_of",
    "health", "hopeless", "is_over", "legal_moves", "morale", "new_state", "outcome", "put_artifact",
    "receive_artifact", "res_cap", "run", "secret_viewers", "see", "spends_last_health", "succeeded", "successes",
    "tool_bonus",
    "zone_label", "zone_value",
]

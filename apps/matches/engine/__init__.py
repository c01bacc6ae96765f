"""What a game's engine is written against: the protocol, seeded randomness, seat placeholders and the registry.

Pure Python with no Django import, so engines and their tests run without a database.
"""

from apps.matches.engine.protocol import (
    BotChooser,
    FlowRules,
    Hidden,
    IllegalMove,
    MayOmit,
    Move,
    Pending,
    Rng,
    Rules,
    State,
    StateT,
    clone,
    one_of,
    same_json,
    seed_state,
)
from apps.matches.engine.registry import all_games, built_games, engine, game_entry, pages_module
from apps.matches.engine.seating import name_seats, seat_name, seat_token

__all__ = [
    "BotChooser", "FlowRules", "Hidden", "IllegalMove", "MayOmit", "Move", "Pending", "Rng", "Rules", "State", "StateT",
    "all_games", "built_games", "clone", "engine", "game_entry", "name_seats", "one_of", "pages_module",
    "same_json", "seat_name", "seat_token", "seed_state",
]

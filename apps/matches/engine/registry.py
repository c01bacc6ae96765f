"""The engines of the built games, loaded from the game registry in ``config/games.py``."""

from functools import cache
from importlib import import_module

from apps.matches.engine.protocol import Rules
from config.games import GAMES, GameEntry


@cache
def engine(slug: str) -> Rules:
    """The ``RULES`` object of a built game; KeyError for an unknown or unbuilt one."""
    entry = game_entry(slug)
    if entry.app is None:
        raise KeyError(slug)
    return import_module(f"{entry.app}.engine").RULES


def game_entry(slug: str) -> GameEntry:
    for entry in GAMES:
        if entry.slug == slug:
            return entry
    raise KeyError(slug)


def built_games() -> list[GameEntry]:
    return [entry for entry in GAMES if entry.app]


def all_games() -> list[GameEntry]:
    return list(GAMES)


def pages_module(slug: str):
    """The game's optional ``pages`` module (rules-page context), or None."""
    entry = game_entry(slug)
    try:
        return import_module(f"{entry.app}.pages")
    except ModuleNotFoundError:
        return None

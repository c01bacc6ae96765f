"""Every picture the site shows, gathered from each game's ``pictures`` module: the one list the sprite is built from.

A game app may hold ``pictures.py`` with ``PICTURES`` (term -> game-icons.net icon name; the term is the symbol
``#pic-<term>`` in ``static/civitas/pictures.svg``) and ``COVER`` (the icons and colours of its home card's
cover, ``static/civitas/covers/<slug>.svg``). ``scripts/pictures/build.py`` writes both files from this list; a
test checks that the sprite holds exactly these pictures. No Django import: the build script reads it too.
"""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path
from types import ModuleType

from config.games import GAMES

SPRITE = "civitas/pictures.svg"  # the static path of the sprite
COVERS = "civitas/covers"  # each built game's cover: <COVERS>/<slug>.svg
BOARDS = "civitas/boards"  # each built game's board in miniature: <BOARDS>/<slug>.svg


def _modules() -> dict[str, ModuleType]:
    found = {}
    for game in GAMES:
        if game.app:
            try:
                found[game.slug] = import_module(f"{game.app}.pictures")
            except ModuleNotFoundError:
                continue
    return found


def pictures() -> dict[str, str]:
    """Every term of every game -> its icon; a term claimed by two games is an error (one symbol per term)."""
    merged: dict[str, str] = {}
    for slug, module in _modules().items():
        for term, icon in getattr(module, "PICTURES", {}).items():
            if merged.get(term, icon) != icon:
                raise ValueError(f"picture {term!r} of {slug} is already another game's {merged[term]!r}")
            merged[term] = icon
    return merged


def covers() -> dict[str, dict]:
    """Each game's cover: its icons and colours (see the games' ``COVER``)."""
    return {slug: module.COVER for slug, module in _modules().items() if hasattr(module, "COVER")}


PICTURES = pictures()
# Each icon's artist, as game-icons.net credits it (written by the build script, listed on the about page).
AUTHORS: dict[str, str] = json.loads((Path(__file__).with_name("picture_authors.json")).read_text())

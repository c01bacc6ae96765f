"""A Stone Age state a seat cannot tell from the real one (``apps/matches/engine/hidden.py``): the deck, the
building tiles below the tops of the stacks and in the box, and the cards face down on other players' boards
dealt again into the same places, and a new generator.
"""

from __future__ import annotations

import copy
import random

from apps.matches.engine.hidden import deal_into, new_generator

from . import flow
from .state import StoneAgeState as State


def determinized(state: State, seat: int | None, rng: random.Random) -> State:
    twin = copy.deepcopy(state)
    cards: list[tuple[list[str], int]] = [(twin["deck"], i) for i in range(len(twin["deck"]))]
    for other, player in enumerate(twin["seats"]):
        if other != seat and state["phase"] != flow.OVER:  # face down until the end (visibility.face_down)
            kept = set(player["kept"])
            cards += [(player["cards"], i) for i, card in enumerate(player["cards"]) if card not in kept]
            cards += [(player["extra"], i) for i in range(len(player["extra"]))]
    tiles: list[tuple[list[str], int]] = [(stack, i) for stack in twin["stacks"] for i in range(len(stack) - 1)]
    tiles += [(twin["boxed"], i) for i in range(len(twin["boxed"]))]
    deal_into(cards, rng)
    deal_into(tiles, rng)
    twin["rng"] = new_generator(rng)
    return twin

"""A Chronicle state a seat cannot tell from the real one (``apps/matches/engine/hidden.py``): the unseen cards of
each fill deck and of each character pile below its top dealt again, and a new generator. Chronicle keeps nothing
private to one seat, so every viewer's twin hides the same things.
"""

from __future__ import annotations

import copy
import random

from apps.matches.engine.hidden import new_generator, reshuffled

from .state import ChronicleState


def determinized(state: ChronicleState, seat: int | None, rng: random.Random) -> ChronicleState:
    twin = copy.deepcopy(state)
    seen = set(state["seen"])
    for aspect in sorted(twin["piles"]):
        pile = twin["piles"][aspect]
        if pile:
            twin["piles"][aspect] = reshuffled(pile[:-1], seen.__contains__, rng) + pile[-1:]
    for player in twin["seats"]:
        for kind in sorted(player["fill"]):
            player["fill"][kind] = reshuffled(player["fill"][kind], seen.__contains__, rng)
    twin["rng"] = new_generator(rng)
    return twin

"""An Origins state a seat cannot tell from the real one (``apps/matches/engine/hidden.py``): the cards of other
players' hands and of the decks that the seat has not seen, dealt again colour by colour into the same places (a
hand's count of each colour is public), and a new generator.
"""

from __future__ import annotations

import random

from apps.matches.engine.hidden import deal_into, new_generator

from .content import CARD_BY_ID
from .flow import copy_state
from .state import OriginsState as State


def determinized(state: State, seat: int | None, rng: random.Random) -> State:
    twin = copy_state(state)
    revealed = set(state["revealed"])
    for color in sorted(twin["decks"]):
        places: list[tuple[list[str], int]] = []
        for other, player in enumerate(twin["seats"]):
            if other != seat:
                places += [(player["hand"], i) for i, card in enumerate(player["hand"])
                           if CARD_BY_ID[card].color == color and card not in revealed]
        deck = twin["decks"][color]
        places += [(deck, i) for i, card in enumerate(deck) if card not in revealed]
        deal_into(places, rng)
    twin["rng"] = new_generator(rng)
    return twin

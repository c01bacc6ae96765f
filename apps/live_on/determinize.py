"""A Live On state a seat cannot tell from the real one (``apps/matches/engine/hidden.py``): the cards of each
event deck and of the artifact deck that the seat has not seen dealt again into their own places, the secrets
other players hold that the seat has not read exchanged with unseen secrets of the same deck, and a new generator.
A card the seat knows (seen face up, or shown to it alone: an augury, an insight) stays where it is.
"""

from __future__ import annotations

import copy
import random

from apps.matches.engine.hidden import new_generator, reshuffled

from .content import EVENT_BY_ID
from .state import LiveOnState


def determinized(state: LiveOnState, seat: int | None, rng: random.Random) -> LiveOnState:
    twin = copy.deepcopy(state)
    known = set(state["seen"]) | set(state["private"].get(str(seat), []) if seat is not None else [])
    unknown_secrets = [(other, held) for other, player in enumerate(twin["seats"]) if other != seat
                       for held in player["secrets"] if held["id"] not in known]
    mapping: dict[str, str] = {}
    for deck in sorted(twin["decks"]):
        cards = twin["decks"][deck]
        held_ids = [h["id"] for _, h in unknown_secrets if EVENT_BY_ID[h["id"]].deck == deck]
        spare = [c for c in cards if c not in known and EVENT_BY_ID[c].kind == "secret"]
        pool = held_ids + spare
        dealt = sorted(pool)  # not in the order they lie: which secret is where is what the seat cannot see
        rng.shuffle(dealt)
        mapping.update(zip(pool, dealt, strict=True))
        cards[:] = [mapping.get(c, c) for c in cards]
        twin["decks"][deck] = reshuffled(cards, known.__contains__, rng)

    def relabel(card: str) -> str:
        prefix = "back:" if card.startswith("back:") else ""
        return prefix + mapping.get(card[len(prefix):], card[len(prefix):])

    for other, held in unknown_secrets:
        held["id"] = relabel(held["id"])
        private = twin["private"][str(other)]
        private[:] = [relabel(c) for c in private]
    for task in twin["tasks"]:  # a secret's prep-phase encounter names it
        if isinstance(task.get("card"), str):
            task["card"] = relabel(task["card"])
    if twin["enc"] is not None and twin["enc"]["src"] == "event":
        twin["enc"]["card"] = relabel(twin["enc"]["card"])
    twin["art_deck"] = reshuffled(twin["art_deck"], lambda c: c in known or "art:front:" + c in known, rng)
    twin["rng"] = new_generator(rng)
    return twin

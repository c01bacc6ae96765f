"""Why a place on the board is closed to a player now, in the words the refusal and the board use."""

from __future__ import annotations

from . import wording as w
from .content import PLACE_BY_ID, RESOURCE_PLAYERS_LIMIT, VILLAGE_IDS, VILLAGE_LIMIT
from .flow import State, available


def why_not_place(state: State, seat: int, place_id: str) -> str:
    """Why ``seat`` may not put people on this place now, as the refusal says it; "" when it may
    (exactly when ``place_max`` is above 0)."""
    if available(state, seat) <= 0:
        return "You have no people left to place this round."
    here = state["places"][place_id]
    if here[seat]:
        return "You already have people there this round."
    place = PLACE_BY_ID[place_id]
    players = state["players"]
    if place.kind == "resource":
        limit = RESOURCE_PLAYERS_LIMIT[players]
        if sum(1 for n in here if n) >= limit:
            others = "another player is" if limit == 1 else f"{limit} others are"
            return f"With {players} players only {w.plural(limit, 'player')} may gather here a round; {others} here."
        if sum(here) >= place.capacity:
            return f"Full: {place.capacity} of {place.capacity} people."
        return ""
    if place.kind == "hunting":
        return ""
    if sum(here):
        return "Taken by another player this round."
    if place.kind == "village":
        limit = VILLAGE_LIMIT[players]
        if sum(1 for v in VILLAGE_IDS if sum(state["places"][v])) >= limit:
            return f"Closed: with {players} players only {limit} of the 3 village places are used a round."
        if place_id == "hut" and available(state, seat) < 2:
            return "The Hut needs exactly 2 of your people at once; you have 1 left."
        return ""
    if place.kind == "card":
        return "" if state["row"][int(place_id[4:]) - 1] else "No card lies here this round."
    index = int(place_id[5:]) - 1
    return "" if index < len(state["stacks"]) and state["stacks"][index] else "This stack is empty."

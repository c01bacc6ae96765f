"""What the last move changed on the table, read from public parts of the state only.

``between(before, after, seat)`` compares the two states a move joined and names the pieces that differ:
the seats whose panel changed (and which traits), who went to a zone, the zones whose presence, players,
events or scouting changed, the buildings that gained resources, whether the phase or the encounter's
rolls changed. The board marks those pieces so a player who looked away sees what the others did.
Nothing hidden is compared: no deck, no secret's identity (only how many a seat holds), no generator state.
"""

from __future__ import annotations

from .content import BUILDINGS, TRAITS, ZONE_ORDER
from .flow import camp_key
from .state import LiveOnState


def between(before: LiveOnState, after: LiveOnState, seat: int) -> dict:
    old, new = before["seats"], after["seats"]
    traits = {str(s): [t for t in TRAITS if old[s]["traits"][t] != new[s]["traits"][t]] for s in range(len(new))}
    panels = [s for s in range(len(new))
              if traits[str(s)] or any(old[s][k] != new[s][k] for k in ("res", "arts", "past", "gift"))
              or len(old[s]["secrets"]) != len(new[s]["secrets"])]
    return {
        "by": seat,
        "phase": before["phase"] != after["phase"] or before["round"] != after["round"],
        "seats": panels,
        "traits": {s: ts for s, ts in traits.items() if ts},
        "res": [s for s in range(len(new)) if old[s]["res"] != new[s]["res"]],
        "moved": [s for s in range(len(new)) if new[s]["zone"] and old[s]["zone"] != new[s]["zone"]],
        "zones": [z for z in ZONE_ORDER if _zone(before, z) != _zone(after, z)],
        "buildings": [b.id for b in BUILDINGS if before["buildings"][b.id] != after["buildings"][b.id]],
        "rolled": _rolled(before, after),
    }


def _zone(state: LiveOnState, zone: str) -> tuple:
    stack = state["spots"].get(zone)
    return (state["presence"][zone], [entry["id"] for entry in stack] if stack is not None else None,
            state["scouted"].get(camp_key(zone)), state["scouted_next"].get(camp_key(zone)))


def _rolled(before: LiveOnState, after: LiveOnState) -> list[int]:
    enc, old = after["enc"], before["enc"]
    if not enc:
        return []
    old_rolls = old["rolls"] if old else {}
    return [s for s in enc["seats"] if enc["rolls"].get(str(s)) != old_rolls.get(str(s))]

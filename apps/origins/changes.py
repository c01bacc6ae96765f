"""What the last Origins move changed on the table, read from public parts of the two states only.

``between(before, after, seat)`` names the pawns that moved, were born, or were picked or put back (a half-made
action), the territories they left or reached, whether the turn or its half-made action changed, the seats whose
public panel changed (hand size, tiles, cards in play, objectives, hunting and strait tokens), the straits that
changed hands and the supply columns that lost a tile. The board marks those pieces so a player who looked away
sees what the others did. Nothing hidden is compared: no card in a hand (only how many), no deck order, no
generator state.
"""

from __future__ import annotations

from typing import Literal

from .content import START, STRAITS, TILE_COLUMNS
from .state import OriginsState

State = OriginsState
STRAIT_VALUES = tuple((strait.id, strait.value) for strait in STRAITS)
PANEL: tuple[Literal["permanents", "completed", "tiles", "hunts"], ...] = ("permanents", "completed", "tiles", "hunts")


def between(before: State, after: State, seat: int) -> dict:
    old = {p["id"]: p for p in before["pawns"]}
    pawns = [p["id"] for p in after["pawns"] if p["id"] not in old or old[p["id"]]["at"] != p["at"]]
    if before["pending"] != after["pending"]:  # a pawn picked, put back, or given a form to evolve into
        pawns += [p for p in {_picked(before), _picked(after)} if p is not None and p not in pawns]
    spaces = {p["at"] for p in after["pawns"] if p["id"] in pawns}
    spaces |= {old[i]["at"] for i in pawns if i in old and old[i]["at"] != START}
    spaces.discard(START)
    players = range(after["players"])
    # A seat's score is its objectives, hand size, hunting tokens, straits and tiles: with the panel and the hand's
    # size unchanged, only its straits can change it.
    seats = [s for s in players
             if any(before["seats"][s][k] != after["seats"][s][k] for k in PANEL)
             or len(before["seats"][s]["hand"]) != len(after["seats"][s]["hand"])
             or straits_points(before, s) != straits_points(after, s)]
    return {
        "by": seat,
        "turn": any(before[k] != after[k] for k in ("seat", "pending", "over")),
        "pawns": sorted(pawns),
        "spaces": sorted(spaces),
        "seats": seats,
        "straits": sorted(k for k, v in after["straits"].items() if before["straits"][k] != v),
        "supply": [c for c in TILE_COLUMNS if before["supply"][c] != after["supply"][c]],
    }


def straits_points(state: State, seat: int) -> int:
    """The points of the strait tokens ``seat`` holds (its score's "straits")."""
    return sum(value for strait, value in STRAIT_VALUES if state["straits"][strait] == seat)


def _picked(state: State) -> int | None:
    """The pawn of the half-made action (selected, or being evolved from), if any."""
    for entry in reversed(state["pending"]):
        if entry["kind"] in ("selected", "evolving"):
            return entry["pawn"]
    return None

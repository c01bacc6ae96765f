"""What one move changed on the table, so the board can mark it for a player who looked away.

``between(before, after, seat)`` compares the state before a move with the state after it (the move
and everything the game did by itself after it: rolls, feeding, a new round) and names the changed
pieces: places whose people changed (and where people were added), card spaces, building stacks,
whether the dice changed, and per player the parts of their board that changed. Only public facts
(place ids, space numbers, field names), never a card or building id, so it may go into every view.
Pure Python; ``RULES.apply`` stores ``after_move``'s answer in the state as ``marks``.
"""

from __future__ import annotations

from .content import RESOURCES
from .state import SeatState, StoneAgeState

State = StoneAgeState


def after_move(before: State, after: State, seat: int) -> dict | None:
    """The marks to show after a move: what it changed, or, for a move that changed nothing on the table
    (tapping a place that then asks how many, cancelling that), the marks of the move before, so the
    previous player's move stays marked until something new happens."""
    marks = between(before, after, seat)
    if marks["places"] or marks["row"] or marks["stacks"] or marks["dice"] or any(marks["boards"]):
        return marks
    return before.get("marks")


def between(before: State, after: State, seat: int) -> dict:
    places, added = [], []
    for place_id in sorted(after["places"]):  # not the dict's order, which a state read back from PostgreSQL changes
        now, was = after["places"][place_id], before["places"][place_id]
        if now is not was and now != was:
            places.append(place_id)
            if any(n > o for n, o in zip(now, was, strict=True)):
                added.append(place_id)
    return {
        "seat": seat,
        "places": places,
        "added": added,
        "row": [i + 1 for i, (o, n) in enumerate(zip(before["row"], after["row"], strict=True)) if o != n],
        "stacks": [i + 1 for i, (o, n) in enumerate(zip(before["stacks"], after["stacks"], strict=True))
                   if len(o) != len(n)],
        "dice": after["dice"] is not None and before["dice"] != after["dice"],
        "boards": [_board_changes(o, n) for o, n in zip(before["seats"], after["seats"], strict=True)],
    }


def _board_changes(was: SeatState, now: SeatState) -> list[str]:
    if was is now:
        return []
    out = [r for r in RESOURCES if was["res"][r] != now["res"][r]]
    if was["people"] != now["people"] or was["placed"] != now["placed"]:
        out.append("people")
    for key in ("food", "agriculture", "score"):
        if was[key] != now[key]:
            out.append(key)
    if was["tools"] != now["tools"] or was["used"] != now["used"]:
        out.append("tools")
    if was["cards"] != now["cards"] or was["kept"] != now["kept"] or len(was["extra"]) != len(now["extra"]):
        out.append("cards")
    if len(was["buildings"]) != len(now["buildings"]):
        out.append("buildings")
    return out

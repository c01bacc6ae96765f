"""Filters the Stone Age templates use: seat names, people on a place, finding a legal move, and the
small sums the drawn board needs (rings on a place, a roll's result, a score's place on the track).

``{% load stone_age_tags %}``, then for example ``{{ 1|seat_name:names }}``,
``{% with m=legal|legal_any:place.moves %}...{{ m.json }}...{% endwith %}`` or
``{% for m in legal|decision_moves %}``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django import template

from apps.matches.engine import name_seats, seat_name
from apps.stone_age.content import CARD_BY_ID, GATHER_PLACES

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)

# Moves drawn on the board's places (cards and stacks included); every other legal move is a
# button of the decision panel.
PLACE_MOVES = ("place", "resolve")


@register.filter
def legal_any(legal: Sequence[dict] | None, moves: Sequence[dict]) -> dict | None:
    """The entry of ``legal`` (``{"move", "json", "label"}``) for any of these moves, or None."""
    for entry in legal or []:
        if entry.get("move") in moves:
            return entry
    return None


@register.filter
def why_id(entry: dict | None) -> str:
    """The page-unique id of the text that says what a legal move does (its ``why``), made of the move's values:
    ``sa-why-place-forest``, ``sa-why-count-3``. Legal moves differ, so their ids do."""
    move = (entry or {}).get("move") or {}
    return "sa-why-" + "-".join(re.sub(r"[^a-z0-9_]", "", str(value).lower()) for value in move.values())


@register.filter
def decision_moves(legal: Sequence[dict] | None) -> list[dict]:
    """The legal entries that are not drawn on a place: counts, tools, payments, feeding, dice."""
    return [entry for entry in legal or [] if entry.get("move", {}).get("type") not in PLACE_MOVES]


@register.filter
def occupants(people: Sequence[int]) -> list[dict]:
    """[{"seat", "n"}] for every seat with people on a place."""
    return [{"seat": seat, "n": n} for seat, n in enumerate(people or []) if n]


@register.filter
def times(count: int) -> range:
    """``{% for _ in n|times %}``: repeat n times."""
    return range(count if isinstance(count, int) and count > 0 else 0)


@register.filter
def signed(number: int) -> str:
    return f"+{number}" if isinstance(number, int) and number > 0 else str(number)


# --- Drawing the board -----------------------------------------------------------------------------

# Moves drawn on a place itself: the count of people is chosen on the place the player tapped.
ON_PLACE_MOVES = ("place", "resolve", "count")


@register.filter
def panel_moves(legal: Sequence[dict] | None) -> list[dict]:
    """The legal entries drawn in the decision panel: tools, payments, feeding, dice, resources."""
    return [entry for entry in legal or [] if entry.get("move", {}).get("type") not in ON_PLACE_MOVES]


@register.filter
def count_moves(legal: Sequence[dict] | None) -> list[dict]:
    """The "how many people" entries, drawn on the place being filled."""
    return [entry for entry in legal or [] if entry.get("move", {}).get("type") == "count"]


@register.filter
def at(items: Sequence | None, index: int):
    """``items[index]``, or None: ``{% with mine=view.marks.boards|at:b.seat %}``."""
    try:
        return items[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def free(people: Sequence[int], capacity: int) -> int:
    """How many rings of a place are free (0 for the hunting grounds, which have no limit)."""
    return max(0, (capacity or 0) - sum(people or []))


@register.filter
def who_stands(people: Sequence[int], names: Sequence[str]) -> str:
    """"Ada 2, Bo 1" for the people on a place, or "nobody"."""
    parts = [f"{seat_name(seat, names)} {n}" for seat, n in enumerate(people or []) if n]
    return ", ".join(parts) or "nobody"


@register.filter
def roll_yield(dice: dict | None) -> dict | None:
    """For a roll at a gathering place or a roll-for-a-resource card: {"yields", "divisor", "amount"}."""
    if not dice:
        return None
    what = dice.get("what", "")
    place = next((p for p in GATHER_PLACES if p.label == what), None)
    if place is None and what.startswith("card No. ") and what[9:].isdigit():
        card = CARD_BY_ID.get(f"civ-{int(what[9:]):02d}")
        if card and card.top == "roll":
            place = next((p for p in GATHER_PLACES if p.yields == card.resource), None)
    if place is None:
        return None
    return {"yields": place.yields, "divisor": place.divisor, "amount": dice.get("total", 0) // place.divisor}


@register.filter
def track_x(score: int) -> int:
    """Where a score stands on the drawn 0-100 score track (2 units a point; laps past 100 stay at the end)."""
    return 6 + 2 * min(max(score if isinstance(score, int) else 0, 0), 100)


@register.filter
def cost_tokens(building: dict | None) -> list[str]:
    """A fixed building's cost as one resource name per token: ["wood", "wood", "clay"]."""
    return [c["resource"] for c in (building or {}).get("cost", []) for _ in range(c["n"])]


@register.filter
def has(items: Sequence | None, item) -> bool:
    """``item in items`` for ``{% with %}``, which takes no operators."""
    return bool(items) and item in items


@register.filter
def asking_on(pending: dict | None, place_id: str) -> bool:
    """Whether the pending decision is "how many people on this place"."""
    return bool(pending) and pending.get("kind") == "count" and pending.get("where") == place_id


@register.filter
def marks_space(marks: dict | None, space: dict) -> bool:
    """Whether the last move changed this card space (its card or the person on it)."""
    return bool(marks) and (space["space"] in marks.get("row", ()) or space["place"] in marks.get("places", ()))


@register.filter
def marks_stack(marks: dict | None, stack: dict) -> bool:
    """Whether the last move changed this building stack (its top or the person on it)."""
    return bool(marks) and (stack["stack"] in marks.get("stacks", ()) or stack["place"] in marks.get("places", ()))

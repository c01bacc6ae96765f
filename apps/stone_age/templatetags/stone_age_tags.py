"""Filters the Stone Age templates use: seat names, people on a place, finding a legal move.

``{% load stone_age_tags %}``, then for example ``{{ 1|seat_name:names }}``,
``{% with m=legal|legal_any:place.moves %}...{{ m.json }}...{% endwith %}`` or
``{% for m in legal|decision_moves %}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from apps.matches.seating import name_seats, seat_name

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

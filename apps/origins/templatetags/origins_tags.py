"""Filters the Origins templates use: seat names, and finding the legal move a map element carries.

``{% load origins_tags %}``, then for example ``{{ view.prompt|seat_names:names }}`` or
``{% with m=legal|move_to:territory.id %}...{{ m.json }}...{% endwith %}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from apps.matches.seating import name_seats, seat_name
from apps.origins.geometry import map_context

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)

MAP_TYPES = ("select", "migrate", "swap", "place")


@register.filter
def move_to(legal: Sequence[dict] | None, territory: str) -> dict | None:
    """The legal migrate, swap or place move onto this territory, or None."""
    for entry in legal or []:
        move = entry.get("move", {})
        if move.get("type") in ("migrate", "swap", "place") and move.get("to") == territory:
            return entry
    return None


@register.filter
def select_pawn(legal: Sequence[dict] | None, pawn: int) -> dict | None:
    """The legal move selecting this pawn, or None."""
    for entry in legal or []:
        move = entry.get("move", {})
        if move.get("type") == "select" and move.get("pawn") == pawn:
            return entry
    return None


@register.filter
def off_map(legal: Sequence[dict] | None) -> list[dict]:
    """The legal moves that are not drawn on the map (cards, rewards, forms, end of turn)."""
    return [e for e in legal or [] if e.get("move", {}).get("type") not in MAP_TYPES]


@register.filter
def on_map(legal: Sequence[dict] | None) -> list[dict]:
    return [e for e in legal or [] if e.get("move", {}).get("type") in MAP_TYPES]


@register.filter
def get(mapping: dict | None, key):
    return (mapping or {}).get(key)


@register.simple_tag
def origins_map() -> dict:
    """The static drawing of the world map: ``{% origins_map as geo %}``."""
    return map_context()

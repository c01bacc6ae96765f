"""Filters for Live On's templates: seat names and picking legal moves out of the ``legal`` list.

``{% load live_on_tags %}``, then ``{{ text|seat_names:names }}``, ``{{ seat|seat_name:names }}``,
``{% for m in legal|zone_moves:zone.zone %}`` or ``{% for m in legal|other_moves %}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template

from apps.matches.seating import name_seats, seat_name

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)


@register.filter
def zone_moves(legal: Sequence[dict] | None, zone: str) -> list[dict]:
    """The legal 'go' moves into this zone (several at a spot when the vantage point lets you dig)."""
    return [e for e in legal or [] if e["move"].get("type") == "go" and e["move"].get("zone") == zone]


@register.filter
def other_moves(legal: Sequence[dict] | None) -> list[dict]:
    """Every legal move that is not a 'go' move: the decision panel."""
    return [e for e in legal or [] if e["move"].get("type") != "go"]


@register.filter
def repeat(count: int, _unused: str = "") -> range:
    return range(count if isinstance(count, int) and count > 0 else 0)


@register.filter
def minus(a: int, b: int) -> int:
    return (a or 0) - (b or 0)

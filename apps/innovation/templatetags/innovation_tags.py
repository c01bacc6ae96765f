"""Tags the Innovation templates use: ``{% load innovation_tags %}``, then
``{% innovation_layout view legal seat names as lay %}`` (see ``apps.innovation.layout``) and
``{{ name|innovation_card }}`` for one card's data in the summary and rules pages."""

from __future__ import annotations

from django import template

from apps.innovation.layout import board_layout, card_info

register = template.Library()


@register.simple_tag
def innovation_layout(view: dict, legal: list | None, seat: int | None, names: list | None) -> dict:
    return board_layout(view, legal or [], seat, list(names or []))


@register.filter
def innovation_card(name: str, edition: str = "first") -> dict:
    return card_info(name, edition or "first")


@register.filter
def innovation_seat_name(seat: int, names: list | None) -> str:
    names = list(names or [])
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"Seat {int(seat) + 1}"

"""Tags the Innovation templates use: ``{% load innovation_tags %}``, then
``{% innovation_layout view legal seat names as lay %}`` (see ``apps.innovation.layout``),
``{{ name|innovation_card }}`` for one card's data in the summary and rules pages, and the card icons' pictures:
``{% innovation_pictures %}`` once per page, then ``{% in_icon i.icon i.label %}`` for each icon."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.innovation.layout import board_layout, card_info
from apps.innovation.pictures import ICONS, TILES
from apps.matches.pictures import SPRITE

register = template.Library()


# The hexagon printed where a card has no icon: drawn here, it is no picture of the set.
HEXAGON = '<symbol id="in-p-hex" viewBox="0 0 20 20"><path fill="none" stroke="#999" stroke-width="1.5" ' \
          'd="M6 2.5h8L18 10l-4 7.5H6L2 10z"/></symbol>'


@register.simple_tag
def innovation_pictures() -> SafeString:
    """The card icons, once per page, as symbols: each icon's picture from the site's sprite, white on the icon's
    colour tile. An icon on a card then says ``<use href="#in-p-crown"/>``, a third of the sprite's address, and a
    frame carries a hundred icons or more."""
    tiles = format_html_join(
        "", '<symbol id="in-p-{}" viewBox="0 0 512 512"><rect width="512" height="512" rx="90" fill="{}"/>'
        '<use href="{}#pic-in-{}" x="44" y="44" width="424" height="424" color="#fff"/></symbol>',
        ((icon, TILES[icon], static(SPRITE), icon) for icon in ICONS))
    return format_html('<svg class="in-defs" aria-hidden="true">{}{}</svg>', tiles, mark_safe(HEXAGON))


@register.simple_tag
def in_icon(icon: str, label: str = "", hidden: bool = False, css: str = "") -> SafeString:
    """One printed icon (below ``{% innovation_pictures %}``), an image named ``label``; ``hidden`` when words nearby
    say it, and with neither inside an element that names it (its children are not read out). No class: a frame
    carries a hundred icons or more, sized by where they stand (innovation.css, "Icons")."""
    attrs = format_html(' class="{}"', css) if css else mark_safe("")
    if hidden:
        attrs += mark_safe(' aria-hidden="true"')
    elif label:
        attrs += format_html(' role="img" aria-label="{}"', label)
    return format_html('<svg{}><use href="#in-p-{}"/></svg>', attrs, icon)


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

"""Filters the Chronicle templates use: aspect icons, seat names, and finding a legal move.

``{% load chronicle_tags %}``, then for example ``{{ "heat"|icon }}``,
``{{ view.prompt|seat_names:names }}`` or
``{% with m=legal|legal_for:card.move %}...{{ m.json }}...{% endwith %}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.chronicle.content import ASPECT_GLYPHS, ASPECT_LABELS, KIND_LABELS
from apps.chronicle.explain import why_unpayable as unpayable_reason
from apps.chronicle.pages import TERMS
from apps.matches.engine import name_seats, seat_name

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)


@register.filter
def icon(aspect: str) -> SafeString:
    """One aspect badge: an emoji with the aspect's name as its accessible label."""
    label = ASPECT_LABELS.get(aspect, aspect)
    return format_html(
        '<span class="icon icon-{}" role="img" aria-label="{}" title="{}">{}</span>',
        aspect, label, label, ASPECT_GLYPHS.get(aspect, "?"),
    )


@register.filter
def icons(aspects: Sequence[str]) -> SafeString:
    """Several aspect badges side by side."""
    return format_html_join("", "{}", ((icon(a),) for a in aspects))


@register.filter
def alternatives(alts: Sequence[Sequence[str]]) -> SafeString:
    """A cost or reward: alternatives separated by 'or'; a group of icons is one bordered pill."""
    parts = []
    for i, alt in enumerate(alts):
        if i:
            parts.append(mark_safe('<span class="alt-or">or</span>'))
        group = " alt-group" if len(alt) > 1 else ""
        title = " + ".join(ASPECT_LABELS.get(a, a) for a in alt)
        parts.append(format_html('<span class="alt{}" title="{}">{}</span>', group, title, icons(alt)))
    return format_html_join("", "{}", ((p,) for p in parts))


@register.filter
def why_unpayable(card_id: str, draw: dict) -> str:
    """What a drawn fill card's cost needs that the drawn civilization cards (``view.draw``) do not show."""
    return unpayable_reason(card_id, [card["id"] for card in draw.get("civ", [])])


@register.filter
def aspect_label(aspect: str) -> str:
    return ASPECT_LABELS.get(aspect, aspect)


@register.filter
def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind)


@register.filter
def legal_for(legal: Sequence[dict] | None, move: dict) -> dict | None:
    """The entry of ``legal`` (``{"move", "json", "label"}``) for exactly this move, or None."""
    for entry in legal or []:
        if entry.get("move") == move:
            return entry
    return None


@register.filter
def legal_of_type(legal: Sequence[dict] | None, kind: str) -> dict | None:
    """The first entry of ``legal`` whose move has this type, or None."""
    for entry in legal or []:
        if entry.get("move", {}).get("type") == kind:
            return entry
    return None


@register.filter
def ordinal_word(number: int) -> str:
    """1 -> 'First', 2 -> 'Second', ... (up to Ninth)."""
    words = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth")
    return words[number - 1] if isinstance(number, int) and 1 <= number <= len(words) else str(number)


@register.filter
def roman(number: int) -> str:
    """1 -> 'I', ..., 9 -> 'IX': story cards are numbered like the chapters of a book."""
    numerals = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
    return numerals[number - 1] if isinstance(number, int) and 1 <= number <= len(numerals) else str(number)


@register.filter
def joined_for(changed: dict | None, seat: int) -> list[str]:
    """The ids of the character cards the last move added to this seat's civilization."""
    return list((changed or {}).get("joined", {}).get(str(seat), []))


@register.simple_tag
def chronicle_terms() -> list[dict]:
    return [{"key": key, "title": title, "passages": passages} for key, title, passages in TERMS]

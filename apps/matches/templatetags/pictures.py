"""``{% picture "lo-resource" %}``: one of the site's pictures, drawn from the sprite ``static/civitas/pictures.svg``.

The picture is a reference (``<use href="…pictures.svg#pic-<term>">``): the icons travel once, in the cached
sprite, and a pushed frame carries only these few bytes each. Beside words that say the same it is decorative
(``aria-hidden``); standing alone, give it a label: ``{% picture "lo-hall" label="Hall" %}`` is ``role="img"``.
A term with no picture (``apps.matches.pictures.PICTURES``) draws nothing, so a template may ask for
``{% picture "lo-"|add:zone.action %}`` where only some actions have one.
"""

from __future__ import annotations

from functools import cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from apps.matches.pictures import PICTURES, SPRITE

register = template.Library()


@cache
def sprite() -> str:
    """The sprite's address: the same for every picture, while this process lives (static files do not change under
    it), and asking the static storage for it cost more than the picture's markup."""
    return static(SPRITE)


def picture_svg(term: str, label: str = "", css: str = "") -> SafeString:
    """The picture of ``term`` as inline SVG markup, or "" when the term has none."""
    if term not in PICTURES:
        return mark_safe("")
    classes = f"pic {css}".strip()
    href = f"{sprite()}#pic-{term}"
    if label:
        return format_html('<svg class="{}" role="img" aria-label="{}"><use href="{}"/></svg>', classes, label, href)
    return format_html('<svg class="{}" aria-hidden="true"><use href="{}"/></svg>', classes, href)


def picture_in_badge(term: str) -> SafeString:
    """The bare picture inside an element that is already ``role="img"`` with a label (its children are not read
    out): no class nor ``aria-hidden``, so a table of many badges stays light; style it as ``.badge svg``."""
    if term not in PICTURES:
        return mark_safe("")
    return format_html('<svg><use href="{}#pic-{}"/></svg>', sprite(), term)


@register.simple_tag
def picture(term: str, label: str = "", css: str = "") -> SafeString:
    return picture_svg(str(term), label, css)

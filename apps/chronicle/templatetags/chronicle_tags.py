"""Filters the Chronicle templates use: aspect icons, seat names, and finding a legal move.

``{% load chronicle_tags %}``, then for example ``{{ "heat"|icon }}``,
``{{ view.prompt|seat_names:names }}`` or
``{% with m=legal|legal_for:card.move %}...{{ m.json }}...{% endwith %}``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.chronicle.content import ASPECT_LABELS, ASPECTS, BUILD_STEPS, CHARACTERS, KIND_LABELS
from apps.chronicle.explain import why_payable as payable_reason
from apps.chronicle.explain import why_unpayable as unpayable_reason
from apps.chronicle.pages import CHOOSING, TERMS, goal, how, tie_break_note
from apps.matches.engine import name_seats, seat_name
from apps.matches.templatetags.pictures import picture_in_badge, sprite

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)

LONG, LONGER = 10, 12  # letters in a title's longest word: "Glassblower", "Shieldmaiden"


@register.filter
def title_fit(name: str) -> str:
    """A character card title's size class by its longest word (a hyphen being the name's own break), so that word
    fits on one line of the narrowest card, a phone's hand of three, at a smaller size rather than breaking inside
    ("Glassblowe-r")."""
    longest = max(len(word) for word in re.split(r"[\s-]+", name) if word)
    return "is-longer" if longest >= LONGER else "is-long" if longest >= LONG else ""


@register.simple_tag
def aspect_pictures() -> SafeString:
    """The board's nine aspect pictures, once per board, as uses of the site's sprite (each a symbol with its own
    viewBox, so a use of the use fills its badge as a use of the symbol would): a badge on the board
    (``|icon:"board"``) then says ``<use href="#ch-a-heat">``, half the bytes of the sprite's address, and a
    Chronicle frame carries dozens of badges."""
    uses = format_html_join("", '<use id="ch-a-{}" href="{}#pic-ch-{}"/>', ((a, sprite(), a) for a in ASPECTS))
    return format_html('<svg class="ch-defs" aria-hidden="true"><defs>{}</defs></svg>', uses)


@register.filter
def icon(aspect: str, where: str = "") -> SafeString:
    """One aspect badge: the aspect's picture, named by its title, the aspect's name (a picture's accessible name
    when it has no label: an ``aria-label`` saying the same would be a fifth of a badge, and a frame carries dozens;
    at the table glossary.js turns the title into that label and shows the term's meaning instead of a tooltip). On
    the board (``where="board"``, below ``{% aspect_pictures %}``) the picture is the board's own symbol; so it is
    in a pile's stack (``where="pile"``), which is hidden from screen readers (the pile names its aspect), so the
    badge has no role there."""
    label = ASPECT_LABELS.get(aspect, aspect)
    picture = (format_html('<svg><use href="#ch-a-{}"/></svg>', aspect)
               if where in ("board", "pile") and aspect in ASPECTS else picture_in_badge(f"ch-{aspect}"))
    role = "" if where == "pile" else ' role="img"'
    return format_html('<span class="icon icon-{}"{} title="{}">{}</span>', aspect, mark_safe(role), label, picture)


@register.filter
def icons(aspects: Sequence[str], where: str = "") -> SafeString:
    """Several aspect badges side by side."""
    return format_html_join("", "{}", ((icon(a, where),) for a in aspects))


@register.filter
def alternatives(alts: Sequence[Sequence[str]], where: str = "") -> SafeString:
    """A cost or reward: alternatives separated by 'or'; a group of icons is one bordered pill."""
    parts = []
    for i, alt in enumerate(alts):
        if i:
            parts.append(mark_safe('<span class="alt-or">or</span>'))
        group = " alt-group" if len(alt) > 1 else ""
        title = " + ".join(ASPECT_LABELS.get(a, a) for a in alt)
        parts.append(format_html('<span class="alt{}" title="{}">{}</span>', group, title, icons(alt, where)))
    return format_html_join("", "{}", ((p,) for p in parts))


@register.filter
def pile_groups(piles: Sequence[dict]) -> list[list[dict]]:
    """The character piles (``view.piles``) in the groups the first three building choices offer, then the rest:
    the market lays each group out side by side, as the game board has a spot for each."""
    groups, rest = [], list(piles)
    for step in BUILD_STEPS[:-1]:
        groups.append([pile for pile in rest if pile["aspect"] in step])
        rest = [pile for pile in rest if pile["aspect"] not in step]
    return [group for group in groups + [rest] if group]


@register.filter
def draw_piles(view: dict) -> dict | None:
    """Beside a draw (``view.draw``): the drawing seat's fill deck and discard pile of the kind drawn, and what is
    left of its Civilization Deck once the cards in hand are out of it (None without a draw)."""
    draw = view["draw"]
    if draw is None:
        return None
    civ = view["civilizations"][draw["seat"]]
    return {"kind": draw["kind"], "deck": civ["fill_decks"][draw["kind"]], "discard": civ["discards"][draw["kind"]],
            "civ_deck": civ["size"] - len(draw["civ"])}


@register.filter
def why_unpayable(card_id: str, draw: dict) -> str:
    """What a drawn fill card's cost needs that the drawn civilization cards (``view.draw``) do not show."""
    return unpayable_reason(card_id, [card["id"] for card in draw.get("civ", [])])


@register.filter
def why_payable(card_id: str, draw: dict) -> str:
    """Who pays for a payable drawn fill card that is no move of the viewer's, and what it rewards."""
    return payable_reason(card_id, [card["id"] for card in draw.get("civ", [])])


PART_NUMBERS = {**{aspect: str(i) for i, aspect in enumerate(ASPECTS)},
                **{card.id: str(i) for i, card in enumerate(CHARACTERS)}}


@register.filter
def part_id(key: str, prefix: str) -> str:
    """A board part's short id: ``prefix`` and the number of an aspect or a character card (``key``), as each id is
    in every frame that carries its part, and a frame carries a hundred of them."""
    return prefix + PART_NUMBERS.get(key, key)


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
def only(value: dict | None, keys: str) -> dict:
    """``value`` narrowed to the space-separated ``keys`` (``a.b`` keeps ``b`` of ``a``): what a ``{% part %}`` of
    the board reads of the view, so a move that changes the view elsewhere does not draw it again."""
    value = value or {}
    out: dict = {}
    for key in keys.split():
        head, _, rest = key.partition(".")
        if rest:
            out.setdefault(head, {}).update(only(value.get(head), rest))
        else:
            out[head] = value.get(head)
    return out


@register.filter
def telling_view(view: dict, seat: int) -> dict:
    """What one seat's telling reads of the view (``only``'s reason): whether the last move told its story is all
    it reads of what that move changed."""
    told = (view.get("changed") or {}).get("told") or []
    return {"phase": view.get("phase"), "stories_total": view.get("stories_total"),
            "changed": {"told": [seat] if seat in told else []}}


@register.filter
def is_seat(by: int | None, seat: int | None) -> bool:
    """Whether the seat ``by`` is the viewer's (``seat``; None for a spectator)."""
    return by is not None and by == seat


@register.filter
def has(items, item) -> bool:
    """``item in items``, for a part's value (a tag's argument takes no operators)."""
    return bool(items) and item in items


@register.filter
def when(value, condition):
    """``value`` if ``condition`` holds, else None: a part's value that matters only then (its key stays the same
    otherwise)."""
    return value if condition else None


@register.filter
def is_number(page: dict, number) -> bool:
    """Whether this page of a telling is story card ``number`` (None: no page is)."""
    return number is not None and page.get("number") == number


@register.filter
def joined_for(changed: dict | None, seat: int) -> list[str]:
    """The ids of the character cards the last move added to this seat's civilization."""
    return list((changed or {}).get("joined", {}).get(str(seat), []))


@register.simple_tag
def chronicle_goal(players: int) -> str:
    """How the game is won, in the rules page's words (``pages.goal``)."""
    return "".join(goal(players))


@register.simple_tag
def chronicle_how(players: int) -> str:
    """How a game goes, for the deck-building screen, in the rules page's words (``pages.how``)."""
    return "".join(how(players))


@register.simple_tag
def chronicle_choosing() -> str:
    """Why one aspect over another, in the rules page's words (``pages.CHOOSING``)."""
    return CHOOSING


@register.simple_tag
def chronicle_tie_break(tie: dict, names: Sequence[str]) -> str:
    """What happens on a tie, while everyone votes, in the rules page's words (``pages.tie_break_note``)."""
    return name_seats("".join(tie_break_note(tie)), names)


@register.simple_tag
def chronicle_terms() -> list[dict]:
    return [{"key": key, "title": title, "passages": passages} for key, title, passages in TERMS]

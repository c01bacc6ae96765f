"""Filters the Stone Age templates use: seat names, people on a place, finding a legal move, and the
small sums the drawn board needs (rings on a place, a roll's result, each seat's marker on the score and food
tracks of the board's edge), and the drawn resource tokens (``{% token "wood" %}``).

``{% load stone_age_tags %}``, then for example ``{{ 1|seat_name:names }}``,
``{% with m=legal|legal_any:place.moves %}...{{ m.json }}...{% endwith %}`` or
``{% for m in legal|decision_moves %}``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from django import template
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.matches.engine import name_seats, seat_name
from apps.matches.pictures import PICTURES
from apps.matches.templatetags.pictures import sprite
from apps.stone_age.content import CARD_BY_ID, GATHER_PLACES, RESOURCE_VALUE
from apps.stone_age.wording import end_scoring_text

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)

# Moves drawn on the board's places (cards and stacks included); every other legal move is a
# button of the decision panel.
PLACE_MOVES = ("place", "resolve")


@register.filter
def tied_at_top(scores: Sequence[int]) -> bool:
    """Whether more than one seat has the best score (only then does the tie-break decide)."""
    return bool(scores) and list(scores).count(max(scores)) > 1


@register.filter
def legal_any(legal: Sequence[dict] | None, moves: Sequence[dict]) -> dict | None:
    """The entry of ``legal`` (``{"move", "json", "label"}``) for any of these moves, or None."""
    for entry in legal or []:
        if entry.get("move") in moves:
            return entry
    return None


ODDS_RATE = re.compile(r" \(1 \w+ per \d on the dice\)")


@register.filter
def odds_rate(why: str) -> SafeString:
    """A gathering place's odds with the rate its plaque already shows ("(1 wood per 3 on the dice)") in a span of
    its own, which a phone leaves out so the odds cover less of the place's picture."""
    found = ODDS_RATE.search(why)
    if not found:
        return format_html("{}", why)
    return format_html("{}<span>{}</span>{}", why[:found.start()], found.group(0), why[found.end():])


BUILDING_DEAL = re.compile(r"^Building No\. \d+: [^.]*\. (?=You have)")
CANNOT_PAY = "You cannot pay for this now"


@register.filter
def spot_why(why: str) -> SafeString:
    """What placing on a card space or a building stack does, as the board shows it under the card or the tile:
    without the building's cost and points (its tile, named by them, says both) and with "You cannot pay for this
    now" in bold, so that the eye finds the warning among the words."""
    why = BUILDING_DEAL.sub("", why, count=1)
    head, cant, tail = why.partition(CANNOT_PAY)
    if not cant:
        return format_html("{}", why)
    return format_html("{}<b>{}</b>{}", head, cant, tail)


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
def cost_tokens(building: dict | None) -> list[str]:
    """A fixed building's cost as one resource name per token: ["wood", "wood", "clay"]."""
    return [c["resource"] for c in (building or {}).get("cost", []) for _ in range(c["n"])]


@register.filter
def has(items: Sequence | None, item) -> bool:
    """``item in items`` for ``{% with %}``, which takes no operators."""
    return bool(items) and item in items


@register.filter
def stock_of(board: dict) -> dict:
    """What a player board's stock shows (its people, food and resources): the part that draws it reads no more,
    so a move that changes the board elsewhere does not draw it again."""
    return {key: board.get(key) for key in ("seat", "people", "available", "placed", "food", "res_list")}


@register.filter
def people_of(board: dict) -> dict:
    """What a player board's people show (the stock's first count: it changes with each person placed)."""
    return {key: board.get(key) for key in ("seat", "people", "available", "placed")}


@register.filter
def cards_of(board: dict) -> dict:
    """What a player board's civilization cards show (``stock_of``'s reason)."""
    return {key: board.get(key) for key in ("seat", "held", "cards", "extra", "backs", "secret")}


@register.filter
def suffixed(prefix: str, value) -> str:
    """``"k"|suffixed:space.space`` is "k1": a short part id (Django's ``add`` makes no text of a number)."""
    return f"{prefix}{value}"


@register.filter
def head_of(board: dict) -> dict:
    """What a player board's heading shows besides whose turn it is (``stock_of``'s reason)."""
    return {key: board.get(key) for key in ("seat", "is_start", "score")}


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


# --- Pictures: tokens, cards and the tracks on the board's edge ----------------------------------------

RESOURCE_TOKENS = ("food", "wood", "clay", "stone", "gold")
TRACK_LEFT, TRACK_WIDTH = 12, 376  # the drawn tracks' 0 and full length, in the units of landscape.svg's scales
LANE_TOP, LANE_STEP = 25, 10  # the first seat's marker row below a track's scale, and the step between rows


@register.simple_tag(takes_context=True)
def token(context, kind: str, inside: str = "") -> SafeString:
    """A resource token, drawn: ``{% token "wood" %}`` is a wood-coloured piece with the wood picture on it (the
    picture from the site's sprite); ``"any"`` (a resource of any kind) is a plain ring. Always decorative: what it
    counts is said by the words or the labelled element around it, so it is ``aria-hidden`` unless ``inside`` an
    element already ``role="img"`` or hidden (``{% token r.resource "img" %}``), whose children are not read out.

    The piece is the ``<svg>`` itself (a frame carries dozens of tokens). On a board, below ``{% token_pictures %}``
    (``sa_pictures`` in the context), the picture is the board's own reference, ``#sa-t-wood``, not the sprite's
    address."""
    hidden = mark_safe("" if inside else ' aria-hidden="true"')
    if kind not in RESOURCE_TOKENS:
        return format_html('<i class="sa-token t-{}"></i>', kind)
    href = f"#sa-t-{kind}" if context.get("sa_pictures") else f"{sprite()}#pic-sa-{kind}"
    return format_html('<svg class="sa-token t-{}"{}><use href="{}"/></svg>', kind, hidden, href)


@register.simple_tag(takes_context=True)
def value_tokens(context) -> SafeString:
    """What a variable building scores per resource paid, each value beside its token (wood 3, clay 4, stone 5,
    gold 6): inside a building tile, whose name says it in words."""
    return format_html_join("", '<span>{}{}</span>',
                            ((token(context, kind, "img"), value) for kind, value in RESOURCE_VALUE.items()))


@register.simple_tag
def token_pictures() -> SafeString:
    """The tokens' pictures, once per board (with ``sa_pictures`` set for the tokens below it): each an element
    that points into the site's sprite, so that a token says ``<use href="#sa-t-wood"/>``, a third of the sprite's
    address."""
    uses = format_html_join("", '<use id="sa-t-{}" href="{}#pic-sa-{}"/>',
                            ((kind, sprite(), kind) for kind in RESOURCE_TOKENS))
    return format_html('<svg class="sa-defs" aria-hidden="true">{}</svg>', uses)


@register.simple_tag
def sa_picture(term: str, css: str = "", inside: str = "") -> SafeString:
    """One of the site's pictures as the board draws it: ``{% sa_picture "sa-forest" "sa-pic" %}`` is
    ``{% picture %}`` without the general ``pic`` class (each Stone Age class sizes its own, stone_age.css), and
    not ``aria-hidden`` ``inside`` an element already hidden. A term with no picture draws nothing."""
    term = str(term)
    if term not in PICTURES:
        return mark_safe("")
    attrs = format_html(' class="{}"', css) if css else mark_safe("")
    if not inside:
        attrs += mark_safe(' aria-hidden="true"')
    return format_html('<svg{}><use href="{}#pic-{}"/></svg>', attrs, sprite(), term)


@register.simple_tag
def landscape(part: str) -> str:
    """The address of a part of the board's static drawing: ``{% landscape "score-scale" %}`` is
    ``/static/stone_age/landscape.svg#score-scale`` (fetched once and cached; a frame carries only this)."""
    return f"{_landscape()}#{part}"


@cache
def _landscape() -> str:
    return static("stone_age/landscape.svg")


@register.filter
def card_symbol(card: dict | None) -> str:
    """The picture term of a civilization card's lower section: its culture symbol, or its profession."""
    card = card or {}
    if card.get("culture"):
        return f"sa-{card['culture']}"
    profession = card.get("profession") or ""
    return "sa-toolmaker-symbol" if profession == "toolmaker" else f"sa-{profession}" if profession else ""


@register.filter
def edge_marks(boards: Sequence[dict] | None, track: str) -> list[dict]:
    """Each seat's marker on a track drawn on the board's edge, ``track`` "score" (0 to 100, a score past 100
    goes round again, below 0 stands at 0) or "agriculture" (0 to 10): {"seat", "x", "y", "lap", "note"} in the
    units of the track's scale, "note" the words drawn beside the marker ("+100" past a lap, "−7" for a score
    below 0); each seat has its own row, so equal values never hide each other."""
    top = 100 if track == "score" else 10
    marks = []
    for row, board in enumerate(boards or []):
        raw = int(board.get(track) or 0)
        value = max(raw, 0)
        lap, at = divmod(value, top) if track == "score" else (0, min(value, top))
        if track == "score" and lap and not at:
            lap, at = lap - 1, top  # exactly 100 (or 200) stands on the last space, not back at 0
        note = f"+{lap}00" if lap else f"−{-raw}" if raw < 0 else ""
        marks.append({"seat": board["seat"], "x": TRACK_LEFT + TRACK_WIDTH * at // top,
                      "y": LANE_TOP + LANE_STEP * row, "lap": lap, "note": note})
    return marks


@register.simple_tag(takes_context=True)
def final_totals(context, boards: Sequence[dict] | None) -> list[dict]:
    """The players' boards with, once the game is over (``outcome`` in the context), each score replaced by its
    final total from the result (cards, professions and resources added), so the score track agrees with the
    result panel."""
    outcome = context.get("outcome")
    if not outcome or "scores" not in outcome:
        return list(boards or [])
    scores = outcome["scores"]
    return [{**board, "score": scores[board["seat"]]} if board["seat"] < len(scores) else board
            for board in boards or []]


@register.filter
def end_text(end: dict | None) -> str:
    """A player's final scoring so far in one line (``wording.end_scoring_text`` of ``scoring.end_scoring``)."""
    return end_scoring_text(end) if end else ""


@register.filter
def edge_height(boards: Sequence[dict] | None) -> int:
    """The height of a drawn edge track: its scale and one row of markers per seat."""
    return LANE_TOP + LANE_STEP * max(len(boards or []), 1) - 2


# --- Parts of the board (``{% part %}``): what each part reads, and nothing of the board around it --------------

@register.filter
def when(value, flag):
    """``value`` if ``flag``, else None: a part reads a value only where it shows it (``seat|when:asking``), so a
    change elsewhere does not draw it again."""
    return value if flag else None


@register.filter
def is_seat(index: int | None, seat: int | None) -> bool:
    """Whether a board's seat is the viewer's (``b.seat|is_seat:seat``)."""
    return seat is not None and index == seat


@register.filter
def track_of(boards: Sequence[dict] | None, key: str) -> list[dict]:
    """Only what a track on the board's edge reads of the players' boards: [{"seat", key}]."""
    return [{"seat": board["seat"], key: board.get(key)} for board in boards or []]


@register.filter
def place_marks(marks: dict | None, place_id: str) -> dict | None:
    """What the last move marked at a place: {"seat" (whose move), "here" (the place changed), "added" (that seat's
    people came)}, or None."""
    if not marks:
        return None
    here, added = place_id in marks.get("places", ()), place_id in marks.get("added", ())
    return {"seat": marks.get("seat"), "here": here, "added": added} if here or added else None


@register.filter
def spot_marks(marks: dict | None, spot: dict) -> dict | None:
    """As ``place_marks`` for a card space or a building stack (its card or top changed, or people came)."""
    if not marks:
        return None
    here = marks_space(marks, spot) if "space" in spot else marks_stack(marks, spot)
    added = spot["place"] in marks.get("added", ())
    return {"seat": marks.get("seat"), "here": here, "added": added} if here or added else None


@register.filter
def dice_mark(marks: dict | None) -> int | None:
    """Whose move the last roll was, if the last move rolled (the tray is marked), else None."""
    return marks.get("seat") if marks and marks.get("dice") else None

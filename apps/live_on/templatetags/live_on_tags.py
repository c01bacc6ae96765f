"""Filters for Live On's templates: seat names, picking legal moves out of the ``legal`` list, drawing helpers.

``{% load live_on_tags %}``, then ``{{ text|seat_names:names }}``, ``{{ seat|seat_name:names }}``,
``{% for m in legal|zone_moves:zone.zone %}``, ``{% for m in legal|decision_moves:view.encounter %}``,
``{% with m=legal|option_move:forloop.counter0 %}``, ``{% for m in legal|call_moves:pl.seat %}``,
``{% for group in legal|role_choices:view %}``, ``{{ view.closed.zones|whynot:zone.zone }}``,
``{% for on in roll|pips %}``, ``{{ m.why|why_brief }}`` / ``{{ m.why|why_more }}`` (an explanation's first
sentence, shown at once, and the rest, on demand), ``{{ text|odds_badge }}`` (a roll's chance as a badge) and
``{% live_on_terms as terms %}`` (the board's words, explained in the rules page's own words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from apps.live_on import flow
from apps.live_on.content import GIFTS, PASTS, ROLE_BY_ID
from apps.live_on.pages import SETTLING_AHEAD, TERMS, role_row
from apps.matches.engine import name_seats, seat_name
from apps.matches.pictures import PICTURES

register = template.Library()
register.filter("seat_names", name_seats)
register.filter("seat_name", seat_name)

# Which of a die's 3 x 3 pip places are filled, per face.
PIPS = {1: {4}, 2: {0, 8}, 3: {0, 4, 8}, 4: {0, 2, 6, 8}, 5: {0, 2, 4, 6, 8}, 6: {0, 2, 3, 5, 6, 8}}


@register.filter
def lo_picture(card: dict) -> str:
    """The picture term of an event or artifact card: its own (each spirit, each artifact) or else its deck's."""
    own = f"lo-{card.get('id')}"
    return own if own in PICTURES else f"lo-{card.get('deck', 'artifact')}"


@register.filter
def zone_moves(legal: Sequence[dict] | None, zone: str) -> list[dict]:
    """The legal 'go' moves into this zone (several at a spot when the vantage point lets you dig)."""
    return [e for e in legal or [] if e["move"].get("type") == "go" and e["move"].get("zone") == zone]


@register.filter
def other_moves(legal: Sequence[dict] | None) -> list[dict]:
    """Every legal move that is not a 'go' move."""
    return [e for e in legal or [] if e["move"].get("type") != "go"]


@register.filter
def decision_moves(legal: Sequence[dict] | None, encounter: dict | None) -> list[dict]:
    """The decision panel: every move but 'go' (on the zones) and, when the card is shown, 'option' (on it). Eating
    lists the most food first, going hungry last: a newcomer's first tap should not cost health."""
    on_card = bool(encounter and not encounter.get("secret"))
    moves = [e for e in other_moves(legal)
             if e["move"].get("type") != "call" and not (on_card and e["move"].get("type") == "option")]
    return sorted(moves, key=lambda e: -e["move"]["count"] if e["move"].get("type") == "eat" else 0)


@register.filter
def zone_moves_any(legal: Sequence[dict] | None) -> bool:
    return any(e["move"].get("type") == "go" for e in legal or [])


@register.filter
def call_moves(legal: Sequence[dict] | None, target: int) -> list[dict]:
    """The legal moves calling out this seat's secret, one per mark: shown on that seat's panel."""
    return [e for e in legal or [] if e["move"].get("type") == "call" and e["move"].get("target") == target]


@register.filter
def has_events(zones: Sequence[dict]) -> bool:
    return any(zone.get("stack") for zone in zones or [])


@register.filter
def option_move(legal: Sequence[dict] | None, index: int) -> dict | None:
    """The legal move choosing this option of the encounter card, if there is one."""
    return next((e for e in legal or [] if e["move"].get("type") == "option" and e["move"].get("index") == index),
                None)


@register.filter
def why_id(entry: dict, legal: Sequence[dict]) -> str:
    """The id of the visible text that says what a legal move will do (its ``why``): unique on the board, as
    each move is once in ``legal``."""
    return f"lo-why-{list(legal).index(entry)}"


# Where an explanation's first sentence ends: a full stop before the next sentence's capital (or seat placeholder),
# so that "66.7%" or "(first)." inside a sentence do not split it.
SENTENCE_END = re.compile(r"(?<=\.)\s+(?=[A-Z{])")


@register.filter
def why_brief(text: str) -> str:
    """An explanation's first sentence: what its move shows at once (explain.py puts the chance or the cost there)."""
    return SENTENCE_END.split(text or "", maxsplit=1)[0]


# A roll's chance in an explanation: "88.9% to succeed" (explain.roll_text), shown as a badge of its own.
ODDS = re.compile(r"\d+(?:\.\d+)?% to succeed\.?")


@register.filter
def odds_badge(text: str) -> SafeString:
    """``text`` escaped, its chance of success ("88.9% to succeed") in a ``<b>``: a choice's badge (CSS)."""
    return mark_safe(ODDS.sub(lambda m: f"<b>{m.group(0)}</b>", str(conditional_escape(text))))


@register.filter
def why_more(text: str) -> str:
    """The rest of an explanation, shown on demand under "Details" ("" when it is one sentence)."""
    parts = SENTENCE_END.split(text or "", maxsplit=1)
    return parts[1] if len(parts) > 1 else ""


@register.filter
def why_ids(entry: dict, legal: Sequence[dict]) -> str:
    """What a move's aria-describedby names: its brief, and its details when it has more than one sentence."""
    ident = why_id(entry, legal)
    return f"{ident} {ident}-more" if why_more(entry.get("why", "")) else ident


@register.filter
def role_card(role: str) -> dict:
    """A past's or gift's card, from the content the rules page shows too: name, trait, slots, ability."""
    return role_row(ROLE_BY_ID[role])


@register.filter
def role_choices(legal: Sequence[dict] | None, view: dict) -> list[dict]:
    """Setup's cards, pasts then gifts: each with its legal move, or else why it is closed (``view.closed``); a kind
    with no card to show (a lesson offers one past) has no row."""
    moves = {e["move"].get("role"): e for e in legal or [] if e["move"].get("type") == "role"}
    closed = (view.get("closed") or {}).get("roles", {})
    groups = [{"kind": kind, "cards": [{"role": role_row(r), "entry": moves.get(r.id), "why_not": closed.get(r.id, "")}
                                       for r in roles if r.id in moves or r.id in closed]}
              for kind, roles in (("past", PASTS), ("gift", GIFTS))]
    return [group for group in groups if group["cards"]]


@register.filter
def whynot(reasons: dict | None, key) -> str:
    """Why the piece ``key`` names is closed to the viewer (a group of ``view.closed``), or ""."""
    return (reasons or {}).get(str(key), "")


@register.filter
def move_trait(move: dict) -> str:
    """The trait colour a move is about: the trait it spends or regains, or a past's or gift's trait."""
    if move.get("type") == "role" and move.get("role") in ROLE_BY_ID:
        return ROLE_BY_ID[move["role"]].trait
    tokens = move.get("tokens")
    if move.get("type") == "lose" and isinstance(tokens, dict) and len(tokens) == 1:
        return next(iter(tokens))  # a loss from one trait wears that trait's colour
    trait = move.get("trait")
    return trait if isinstance(trait, str) else ""


@register.filter
def last_health(move: dict, view: dict) -> bool:
    """Whether this move of the viewer's spends their last health token (the board asks for a second tap)."""
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return False
    health = view["seats"][viewer].get("health") or 0
    return flow.spends_last_health(health, move)


@register.filter
def changed_traits(changed: dict | None, seat: int) -> list[str]:
    return (changed or {}).get("traits", {}).get(str(seat), [])


@register.filter
def pips(face: int) -> list[bool]:
    return [i in PIPS.get(face, set()) for i in range(9)]


@register.filter
def initial(name: str) -> str:
    return (name or "?").strip()[:1].upper() or "?"


@register.filter
def repeat(count: int, _unused: str = "") -> range:
    return range(count if isinstance(count, int) and count > 0 else 0)


@register.filter
def minus(a: int, b: int) -> int:
    return (a or 0) - (b or 0)


@register.simple_tag
def live_on_terms() -> list[dict]:
    return [{"key": key, "title": title, "passages": passages} for key, title, passages in TERMS]


@register.simple_tag
def settling_ahead() -> str:
    """What a player resting while another settles is asked next, in the rules page's words."""
    return SETTLING_AHEAD

"""Filters the Origins templates use: seat names, and finding the legal move a map element carries.

``{% load origins_tags %}``, then for example ``{{ view.prompt|seat_names:names }}`` or
``{% with m=legal|move_to:territory.id %}...{{ m.json }}...{% endwith %}``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django import template

from apps.matches.engine import name_seats, seat_name
from apps.origins.content import GRID, START, TERRITORY_BY_ID, parse_form
from apps.origins.geometry import CELL, SHAPES, map_context
from apps.origins.visibility import PAWN_FILL
from apps.origins.wording import form_words

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


# --- The drawn board --------------------------------------------------------------------------
# Pawns are drawn as a block of width x height little squares on a base in the owner's colour, so
# colour, height and width read at a glance; every tappable thing carries a transparent square of
# HIT x HIT map units (the map is never drawn narrower than 740 px for its 960 units, so >= 46 px).

HIT = 58
BLOCK = 6
CRADLE_PER_ROW = 2
CRADLE_STEP = 64
NAME_LINE = 10


def _label_lines(name: str) -> list[str]:
    """A territory name on one line, or two when long (split at the space nearest the middle)."""
    if len(name) <= 10 or " " not in name:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _pawn_art(pawn: dict, x: int, y: int) -> dict:
    """Coordinates of one pawn standing on (x, y): body, inner grid, base, hit square."""
    w, h = 6 + BLOCK * pawn["width"], 6 + BLOCK * pawn["height"]
    left, top = x - w // 2, y + 4 - h
    grid = "".join(f"M{left + w * i / pawn['width']:g} {top}v{h}" for i in range(1, pawn["width"]))
    grid += "".join(f"M{left} {top + h * i / pawn['height']:g}h{w}" for i in range(1, pawn["height"]))
    return {"x": left, "y": top, "w": w, "h": h, "grid": grid, "base_x": left - 3, "base_y": y + 4,
            "base_w": w + 6, "hit_x": x - HIT // 2, "hit_y": y - HIT // 2 - 4, "cx": x, "cy": y}


@functools.cache
def _bounds(territory: str) -> tuple[int, int, int, int]:
    cells = [(c, r) for r, row in enumerate(GRID) for c, ch in enumerate(row) if ch == TERRITORY_BY_ID[territory].code]
    xs, ys = [c for c, _ in cells], [r for _, r in cells]
    return min(xs) * CELL, min(ys) * CELL, (max(xs) + 1) * CELL, (max(ys) + 1) * CELL


def _area(territory: str) -> int:
    x1, y1, x2, y2 = _bounds(territory)
    return (x2 - x1) * (y2 - y1)


@functools.cache
def _territory_hit(territory: str) -> dict | None:
    """A transparent square widening a territory too small to tap to HIT units each way, or None."""
    x1, y1, x2, y2 = _bounds(territory)
    if x2 - x1 >= HIT and y2 - y1 >= HIT:
        return None
    w, h = max(HIT, x2 - x1), max(HIT, y2 - y1)
    return {"x": (x1 + x2 - w) // 2, "y": (y1 + y2 - h) // 2, "w": w, "h": h}


@register.simple_tag
def origins_board(view: dict, legal: Sequence[dict] | None) -> dict:
    """Everything the map draws for one view: ``{% origins_board view legal as board %}``.

    Territories carry their name lines, the legal move onto them and whether the last move touched them;
    pawns carry their drawing, the legal move selecting them, and whether they are picked or just changed."""
    geo = map_context()
    changed = view.get("changed") or {}
    moved, spaces = set(changed.get("pawns", [])), set(changed.get("spaces", []))
    pending = view.get("pending") or {}
    targets = {e["move"]["to"]: e for e in legal or [] if e.get("move", {}).get("type") in ("migrate", "swap", "place")}
    selects = {e["move"]["pawn"]: e for e in legal or [] if e.get("move", {}).get("type") == "select"}
    territories = []
    for t in view["territories"]:
        lines = _label_lines(t["name"])
        label_y = t["y"] + 19 if t["y"] + 19 + NAME_LINE * len(lines) <= geo["height"] else t["y"] - 36
        territories.append(dict(t, path=geo["paths"][t["id"]], target=targets.get(t["id"]),
                                changed=t["id"] in spaces, lines=lines, label_y=label_y,
                                hit=_territory_hit(t["id"])))
    # Small territories last, so their hit squares lie over their big neighbours, not under them.
    territories.sort(key=lambda t: (t["target"] is not None, -_area(t["id"])))
    pawns, at_start = [], 0
    start = geo["start"]
    for p in view["pawns"]:
        if p["at"] == START:
            x = start["x"] + 48 + (at_start % CRADLE_PER_ROW) * CRADLE_STEP
            y = start["y"] + 62 + (at_start // CRADLE_PER_ROW) * 62
            at_start += 1
        else:
            x, y = SHAPES[p["at"]]["x"], SHAPES[p["at"]]["y"]
        pawns.append(dict(p, art=_pawn_art(p, x, y), move=selects.get(p["id"]), changed=p["id"] in moved,
                          picked=pending.get("pawn") == p["id"]))
    return {"geo": geo, "territories": territories, "pawns": pawns, "has_targets": bool(targets),
            "straits": set(changed.get("straits", [])), "seats": set(changed.get("seats", [])),
            "supply": set(changed.get("supply", []))}


@register.simple_tag
def pawn_glyph(form: str) -> dict:
    """A reserve form drawn the way the map draws pawns (for the evolve buttons)."""
    color, height, width = parse_form(form)
    art = _pawn_art({"width": width, "height": height}, 20, 36)
    return dict(art, fill=PAWN_FILL[color], words=form_words(form))

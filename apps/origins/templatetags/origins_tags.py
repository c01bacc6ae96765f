"""Filters the Origins templates use: seat names, finding the legal move a map element carries, and the picture of
each move and card kind.

``{% load origins_tags %}``, then for example ``{{ view.prompt|seat_names:names }}`` or
``{% with m=legal|move_to:territory.id %}...{{ m.json }}...{% endwith %}``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django import template
from django.templatetags.static import static

from apps.matches.engine import name_seats, seat_name, seat_token
from apps.origins import geometry
from apps.origins.content import (
    CARD_BY_ID,
    CARD_COLORS,
    MARKERS_PER_PLAYER,
    MAX_HEIGHT,
    MAX_WIDTH,
    OBJECTIVES_TO_END,
    PAWN_COLORS,
    START,
    TILE_LEVELS,
    form_id,
    parse_form,
)
from apps.origins.geometry import HUNTS, LABELS, SHAPES, map_context
from apps.origins.pictures import ACTIONS, CARD_KINDS
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


# Off the map, the choices of the decision at hand come above the map, their quiet way out (no reward, the pawn put
# back) last; cards to play and the end of the turn come after the map, the end of the turn last of all (issue 39).
QUIET = ("skip_reward", "cancel")
LATER = ("play", "end_turn")


@register.filter
def off_map(legal: Sequence[dict] | None) -> list[dict]:
    """The choices of the decision at hand that are not drawn on the map (a new pawn's form, a reward, a card to
    return, an action card's option), the way out of it last."""
    moves = [e for e in legal or [] if e.get("move", {}).get("type") not in MAP_TYPES + LATER]
    return sorted(moves, key=lambda e: e["move"]["type"] in QUIET)


@register.filter
def after_map(legal: Sequence[dict] | None) -> list[dict]:
    """The cards the player may play now, then the end of the turn."""
    moves = [e for e in legal or [] if e.get("move", {}).get("type") in LATER]
    return sorted(moves, key=lambda e: e["move"]["type"] == "end_turn")


@register.filter
def on_map(legal: Sequence[dict] | None, view: dict | None = None) -> list[dict]:
    """The moves drawn on the map, the viewer's own pawns to pick before a rival's (picked only to evolve from)."""
    moves = [e for e in legal or [] if e.get("move", {}).get("type") in MAP_TYPES]
    if not view:
        return moves
    owner = {p["id"]: p["owner"] for p in view.get("pawns", [])}
    rival = [e for e in moves if e["move"]["type"] == "select" and owner.get(e["move"]["pawn"]) != view.get("viewer")]
    return [e for e in moves if e not in rival] + rival


def _reward_short(place: dict, swap: bool) -> str:
    """What settling ``place`` brings, in a few words (``explain.reward_words`` says it in full)."""
    if place["color"] == "green":
        if swap:
            return "no reward"
        return f"hunting token {place['hunt']} VP" if place.get("hunt") else "no hunting token left"
    if place["color"] == "brown":
        return "brown tiles"
    return f"{place['color']} tile and card"


@register.simple_tag
def map_picks(view: dict, legal: Sequence[dict] | None) -> list[dict]:
    """The lit pawns and places of the decision at hand as short rows for the list under the map (issue 39: it
    was a wall of text): the pawn drawn as its piece (``glyph``, in its owner's ``seat`` colour) or the place's
    ``color``, the ``place``, one short ``line`` (seats written {pN}), and the legal ``entry``, whose ``why`` the
    row folds away under a disclosure."""
    pawns = {p["id"]: p for p in view.get("pawns", [])}
    places = {t["id"]: t for t in view.get("territories", [])}
    standing = {p["at"]: p for p in view.get("pawns", [])}
    rows = []
    for entry in on_map(legal, view):
        move = entry["move"]
        if move["type"] == "select":
            pawn = pawns[move["pawn"]]
            form = form_words(pawn["form"])
            line = (f"yours, {form}: move it, or evolve from it" if pawn["owner"] == view.get("viewer")
                    else f"{seat_token(pawn['owner'])}'s {form}: evolve a pawn of yours from it")
            rows.append({"entry": entry, "glyph": pawn_glyph(pawn["form"]), "seat": pawn["owner"],
                         "place": pawn["where"], "line": line})
            continue
        place = places[move["to"]]
        if move["type"] == "swap":
            victim = standing[move["to"]]
            doing = f"swap: {seat_token(victim['owner'])}'s {form_words(victim['form'])} goes to the Cradle"
        else:
            doing = "move here" if move["type"] == "migrate" else "settle here"
        risk = "can be swapped back" if "Risk:" in entry.get("why", "") else "safe"
        rows.append({"entry": entry, "color": place["color"], "place": place["name"],
                     "line": f"{doing}; {_reward_short(place, move['type'] == 'swap')}; {risk}"})
    return rows


def _evolve_short(form: str, source: str | None) -> tuple[str, str]:
    """An evolve choice in a few words: the pawn it makes and, in brackets, what it changes."""
    if source is None:
        return f"Evolve: {form_words(form)}", ""
    c1, h1, w1 = parse_form(source)
    c2, h2, w2 = parse_form(form)
    change = ("new colour" if c2 != c1 else f"moves {h2}" if h2 > h1 else f"strength {w2}" if w2 > w1
              else "a copy")
    return f"Evolve: {form_words(form)}", f"({change})"


@register.simple_tag
def compact_choices(view: dict, legal: Sequence[dict] | None) -> list[dict]:
    """The off-map choices of a step that also lights the map (a picked pawn's forms to evolve into, the way
    back), as compact buttons right above the map (issue 39: below the map a phone player had to hunt for them):
    each with its ``entry``, its ``words`` and ``more`` (what it makes, in brackets) and, for an evolve, the
    ``glyph`` of the new pawn; what each does in full waits under a disclosure below the map."""
    pending = view.get("pending") or {}
    source = next((p["form"] for p in view.get("pawns", []) if p["id"] == pending.get("pawn")), None)
    rows = []
    for entry in off_map(legal):
        move = entry["move"]
        if move["type"] == "evolve":
            words, more = _evolve_short(move["form"], source)
            rows.append({"entry": entry, "words": words, "more": more, "glyph": pawn_glyph(move["form"])})
        else:  # "Put the pawn back (choose another)": the bracket on a line of its own
            words, _, more = entry["label"].partition(" (")
            rows.append({"entry": entry, "words": words, "more": f"({more}" if more else "", "glyph": None})
    return rows


@register.filter
def why_id(entry: dict, legal: Sequence[dict]) -> str:
    """The id of the text saying what a legal move does (``explain_move``): unique on the page, as the move's place
    in ``legal``; its control points at it with ``aria-describedby`` ("" for no move: a pawn nobody may pick)."""
    if entry is None:
        return ""
    return f"og-why-{next(i for i, e in enumerate(legal) if e is entry)}"


@register.filter
def move_picture(entry: dict) -> str:
    """The picture term of a legal move (``{% picture e|move_picture %}``): its type's, or for a card played its
    kind's (action, permanent, objective); "" when it has none."""
    move = entry.get("move", {})
    if move.get("type") == "play":
        return card_picture(CARD_BY_ID[move["card"]].color)
    if move.get("type") == "choose":  # only action cards ask their player to choose
        return card_picture("yellow")
    return f"or-{move['type']}" if move.get("type") in ACTIONS else ""


@register.filter
def card_picture(color: str) -> str:
    """The picture term of a card colour's kind: ``{% picture "yellow"|card_picture %}`` draws an action card."""
    return f"or-{CARD_KINDS[color]}"


@register.filter
def card_kind(color: str) -> str:
    """A card colour's kind as the rules page names it: "yellow" is "action", "orange" "permanent", "purple"
    "objective"."""
    return CARD_KINDS[color]


@register.filter
def oid(prefix: str, value) -> str:
    """``"o-p"|oid:pawn.id`` is "o-p7": a short part id (Django's ``add`` makes no text of a number)."""
    return f"{prefix}{value}"


@register.filter
def holds(items, item) -> bool:
    """``board.seats|holds:s.seat``: whether ``item`` is among ``items`` (a part's input is a value, not a test)."""
    return item in (items or ())


@register.filter
def get(mapping: dict | None, key):
    return (mapping or {}).get(key)


@register.filter
def vp_of(view: dict, seat: int | None) -> dict | None:
    """The viewing seat's VP by source (its view's ``vp``, from ``flow.score_of``); None for a spectator."""
    return None if seat is None else view["seats"][seat].get("vp")


@register.filter
def tile_of(tile: str) -> dict:
    """``e.move.tile|tile_of``: a tile id ("yellow-2") as its ``column`` and ``level``, to draw its chip."""
    column, _, level = tile.rpartition("-")
    return {"column": column, "level": level}


@register.filter
def hand_of(view: dict, seat: int | None) -> dict | None:
    """The viewing seat's hand in short, for the line at the top of the board (issue 39: at 1280 px the cards came
    below the first screen): ``backs``, its count per colour; None for a spectator."""
    if seat is None:
        return None
    counts = view["seats"][seat]["hand_counts"]
    return {"backs": [{"color": c, "count": counts[c]} for c in CARD_COLORS]}


@register.filter
def card(card_id: str):
    """``e.move.card|card``: the card itself (its name, text and points), for a choice that names one."""
    return CARD_BY_ID[card_id]


@register.simple_tag
def origins_world() -> str:
    """The URL of the land and territory shapes the map's ``<use>`` elements point into."""
    return static("origins/world.svg")


@register.simple_tag
def origins_goal() -> int:
    """How many completed objectives bring the final turns (the goal line quotes the rules page's end)."""
    return OBJECTIVES_TO_END


@register.simple_tag
def origins_map() -> dict:
    """The static drawing of the world map: ``{% origins_map as geo %}``."""
    return map_context()


# --- The drawn board --------------------------------------------------------------------------
# A pawn is a piece of PIECE_W x PIECE_H map units (about 29 px tall at desktop width) whose body is in the pawn's own
# colour (white, brown or black: what every text names, "white 2x1"), inside a thick ring in its owner's colour
# (issue 39: a newcomer read a piece in the owner's colour as the pawn's colour); on the body its number reads
# height x width (13.5 units: >= 10 px wherever the map is drawn >= 754 px wide), written as every text names a pawn
# (with a letter x), and under it a block of width x height squares, so colour, owner, height and width read at a
# glance. The ring's outer edge keeps within the piece's box plus 1 unit, so no piece covers a name or another piece
# (scripts/origins_world/build.py places them); a picked or just-changed pawn glows, it grows no wider mark. Every
# tappable thing carries a transparent square of HIT x HIT map units (>= 44 px wherever the map is drawn >= 760 px).

HIT = 58
PIECE_W, PIECE_H = geometry.PIECE_W, geometry.PIECE_H
BLOCK = 4.2
RING = 5  # the owner's ring: a stroke this wide, centred on the piece's rect (origins.css .og-piece)
GLYPH_BLOCK = 5  # a glyph has no number: its block is larger, in the middle of the body (4 wide: the body's width)
INSET = RING / 2 - 1  # the rect inside the piece's box, so the ring's outer edge is the box plus 1 unit


def _pawn_art(pawn: dict, x: float, y: float, block: float = BLOCK, middle: bool = False) -> dict:
    """Coordinates of one pawn's piece centred on (x, y): the piece (its rect inside the owner's ring), its block of
    squares (under its number; in the ``middle`` of the body for a glyph, which has no number), its number, the hit
    square."""
    w, h = block * pawn["width"], block * pawn["height"]
    left = x - w / 2
    top = y - h / 2 if middle else y + PIECE_H / 2 - INSET - RING / 2 - 1 - h  # 1 unit above the ring
    grid = "".join(f"M{left + block * i:g} {top:g}v{h:g}" for i in range(1, pawn["width"]))
    grid += "".join(f"M{left:g} {top + block * i:g}h{w:g}" for i in range(1, pawn["height"]))
    return {"x": f"{left:g}", "y": f"{top:g}", "w": f"{w:g}", "h": f"{h:g}", "grid": grid,
            "px": f"{x - PIECE_W / 2 + INSET:g}", "py": f"{y - PIECE_H / 2 + INSET:g}",
            "pw": f"{PIECE_W - 2 * INSET:g}", "ph": f"{PIECE_H - 2 * INSET:g}",
            "hit_x": f"{x - HIT / 2:g}", "hit_y": f"{y - HIT / 2:g}",
            "cx": f"{x:g}", "cy": f"{y:g}", "size_y": f"{y - PIECE_H / 2 + 15.5:g}",
            "size": f"{pawn['height']}x{pawn['width']}"}


# A lit territory's square grows up to TARGET_HIT units (about 57 px at 1280 px) while it keeps clear of every other lit
# territory's spot, so one lit alone or apart is easy to hit, and lit neighbours still each own their middle.
TARGET_HIT = 76


@functools.cache
def _territory_hit(territory: str, size: int = HIT) -> dict:
    """A transparent square of ``size`` units around the territory's spot, so even Tasmania is a thumb wide."""
    x, y = SHAPES[territory]["x"], SHAPES[territory]["y"]
    return {"x": f"{x - size / 2:g}", "y": f"{y - size / 2:g}", "w": size, "h": size, "cx": f"{x:g}", "cy": f"{y:g}"}


def _target_hit_size(territory: str, lit: Sequence[str]) -> int:
    """The side of a lit territory's hit square: as large as TARGET_HIT, never reaching another lit spot, >= HIT."""
    x, y = SHAPES[territory]["x"], SHAPES[territory]["y"]
    near = min((max(abs(SHAPES[t]["x"] - x), abs(SHAPES[t]["y"] - y)) for t in lit if t != territory),
               default=TARGET_HIT)
    return max(HIT, min(TARGET_HIT, int(2 * near) - 4))


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
    for n, t in enumerate(view["territories"]):  # n: its short part id (o-t12)
        label = LABELS[t["id"]]
        hunt = HUNTS.get(t["id"])
        territories.append(dict(t, n=n, target=targets.get(t["id"]), changed=t["id"] in spaces, lines=label["lines"],
                                label_x=label["x"], label_y=label["y"],
                                hit=_territory_hit(t["id"], _target_hit_size(t["id"], targets) if t["id"] in targets
                                                   else HIT),
                                hunt_x=hunt[0] if hunt else None, hunt_y=hunt[1] if hunt else None))
    named = list(territories)  # the names in the map's own order, whichever are lit (a part each, never moved)
    # Targets last, so their hit squares lie over the other territories, not under them.
    territories.sort(key=lambda t: t["target"] is not None)
    pawns, at_start = [], 0
    for p in view["pawns"]:
        if p["at"] == START:
            x, y = geometry.cradle_slot(at_start)
            at_start += 1
        else:
            x, y = SHAPES[p["at"]]["x"], SHAPES[p["at"]]["y"]
        pawns.append(dict(p, art=_pawn_art(p, x, y), x=x, move=selects.get(p["id"]), changed=p["id"] in moved,
                          picked=pending.get("pawn") == p["id"]))
    return {"geo": geo, "territories": territories, "pawns": pawns, "has_targets": bool(targets),
            "focus": _focus(view, pawns, targets, spaces),
            "map_choices": bool(targets or selects), "world": static("origins/world.svg"),
            "straits": sorted(changed.get("straits", [])), "seats": sorted(changed.get("seats", [])),
            "supply": sorted(changed.get("supply", [])), "named": named,
            "outlined": [t["id"] for t in territories if t["changed"]]}


def _focus(view: dict, pawns: list[dict], targets: dict, spaces: set[str]) -> str:
    """What the decision is about, as the span of the map to show and the point that must stay in sight when the
    span is wider than the screen: ``"lo hi anchor"``, fractions of the map's width (``data-scroll-span``; the page
    centres a zoomed map on it whenever it changes). A picked pawn with the territories it may reach or settle; else
    the lit territories; else the viewer's own pawns to pick (the newest kept in sight; the Cradle at the start), or
    any pawn to pick; else the territory being rewarded; else what the last move changed; else the viewer's pawns."""
    pending = view.get("pending") or {}
    picked = [p["x"] for p in pawns if p["picked"]]
    lit = [SHAPES[t]["x"] for t in targets]
    mine = [p for p in pawns if p["move"] and p["owner"] == view.get("viewer")]
    if picked:
        xs, anchor = picked + lit, picked[0]
    elif lit:
        xs, anchor = lit, lit[0]
    elif mine or any(p["move"] for p in pawns):
        xs = [p["x"] for p in mine or [p for p in pawns if p["move"]]]
        anchor = max(mine, key=lambda p: p["id"])["x"] if mine else xs[0]
    elif pending.get("kind") == "reward":
        xs = [SHAPES[pending["space"]]["x"]]
        anchor = xs[0]
    else:
        xs = [p["x"] for p in pawns if p["changed"]] + [SHAPES[t]["x"] for t in sorted(spaces) if t in SHAPES]
        xs = xs or [p["x"] for p in pawns if p["owner"] == view.get("viewer")] or [SHAPES[START]["x"]]
        anchor = xs[0]
    width = geometry.WIDTH
    lo, hi = max(0, min(xs) - HIT / 2), min(width, max(xs) + HIT / 2)
    return f"{lo / width:.4f} {hi / width:.4f} {anchor / width:.4f}"


ENDS_TURN = " ends their turn."  # how ``flow.do_end_turn`` logs the end of a turn: "{pN} ends their turn."


# A turn's lines that follow from the action before them (its reward, the cards it drew), told with that action.
FOLLOWS = ("takes ", "draws ", "returns ", "No ")
SHOWN_ACTIONS = 2  # a phone shows this many of a turn's actions; the rest wait behind "more"


@register.simple_tag
def last_turn(view: dict, seat: int | None) -> dict | str:
    """What the last finished turn of another player did, from the log: ``head`` ("{p1}'s last turn:"), and one
    entry per action (a move or a card played) with what followed from it (``then``: its reward, cards drawn),
    the first SHOWN_ACTIONS in ``shown`` and the rest in ``more``, so whoever plays next sees what just happened
    in a line or two without opening the log; "" when there is none (the first turn, or the last finished turn was
    the viewer's own)."""
    log = view.get("log") or []
    ends = [i for i, line in enumerate(log) if line.endswith(ENDS_TURN)]
    if not ends:
        return ""
    who = log[ends[-1]][: -len(ENDS_TURN)]
    if seat is not None and who == seat_token(seat):
        return ""
    lines = log[ends[-2] + 1 if len(ends) > 1 else 0:ends[-1]]
    while lines and not lines[0].startswith(who + " "):  # the new world, or the previous turn's announcements
        lines = lines[1:]
    actions: list[dict] = []
    for line in lines:
        said = line.removeprefix(who + " ").rstrip(".")
        if actions and said.startswith(FOLLOWS):
            then = actions[-1]["then"]
            if then and then[-1][0] == said:
                then[-1][1] += 1
            else:
                then.append([said, 1])
        else:
            actions.append({"did": said, "then": []})
    for action in actions:
        action["then"] = "; ".join(said if n == 1 else f"{said} (x{n})" for said, n in action["then"])
    return {"head": f"{who}'s last turn:", "shown": actions[:SHOWN_ACTIONS], "more": actions[SHOWN_ACTIONS:]}


@register.simple_tag
def pawn_glyph(form: str, numbered: bool = False) -> dict:
    """A reserve form drawn the way the map draws pawns (for the evolve buttons, the lit pawns' list, the reserve;
    ``numbered``, for the key, exactly as on the map, number and all): its body in its ``color`` (class
    ``pc-<color>``), the ring in whichever seat's colour the drawing's class names; without a number, its block of
    squares is larger and in the middle of the body."""
    color, height, width = parse_form(form)
    art = (_pawn_art({"width": width, "height": height}, 20, 22) if numbered  # the key: exactly as on the map
           else _pawn_art({"width": width, "height": height}, 20, 22, block=GLYPH_BLOCK, middle=True))
    return dict(art, fill=PAWN_FILL[color], color=color, words=form_words(form))


# --- Player panels and the supply, drawn as a table top ---------------------------------------------------------
# A pile's depth (1 to 4) is how many edges its drawing shows behind it; the number on it is the count. Each group
# carries role="img" with the same facts in words for screen readers.


def _depth(count: int) -> int:
    return 0 if count <= 0 else min(4, 1 + (count - 1) // 3)


@register.simple_tag
def seat_panel(seat_record: dict, view: dict) -> dict:
    """One player's things as pieces: card backs per colour, village markers, tiles by level, tokens."""
    counts = seat_record["hand_counts"]
    backs = [{"color": c, "count": counts[c], "depth": _depth(counts[c])} for c in CARD_COLORS]
    hand_words = ", ".join(f"{counts[c]} {c}" for c in CARD_COLORS)
    left = seat_record["markers_left"]
    tiles = [{"column": t["column"], "level": t["level"]} for t in seat_record["tiles"] for _ in range(t["count"])]
    tiles.sort(key=lambda t: (t["level"], t["column"]))
    owner = seat_record["seat"]
    straits = [{"name": st["name"], "value": st["value"]} for st in view["straits"] if st["owner"] == owner]
    return {
        "backs": backs,
        "hand_words": f"{seat_record['hand_count']} cards in hand: {hand_words} (objective limit "
                      f"{seat_record['objective_limit']})",
        "markers": [i < left for i in range(MARKERS_PER_PLAYER)],
        "markers_words": f"Village markers: {left} of {MARKERS_PER_PLAYER} left, {MARKERS_PER_PLAYER - left} on pawns",
        "tiles": tiles,
        "tiles_words": "Innovation tiles: " + (", ".join(f"{t['column']} level {t['level']}" for t in tiles) or "none"),
        "straits": straits,
    }


@register.simple_tag
def supply_piles(view: dict) -> dict:
    """The supply as piles: each tile column's stacks by level, the three decks, the played action cards, and the
    pawn reserve as one grid per colour (rows: height, columns: width), each pawn drawn with how many are left."""
    columns = [{"column": col["column"],
                "levels": [dict(lv, depth=_depth(lv["count"])) for lv in col["levels"]],
                "words": f"{col['column']} column: " + ", ".join(f"level {lv['level']}: {lv['count']}"
                                                                  for lv in col["levels"])}
               for col in view["supply"]]
    decks = [{"color": c, "count": view["decks"][c], "depth": _depth(view["decks"][c])} for c in CARD_COLORS]
    left = {r["form"]: r["count"] for r in view["reserve"]}
    reserve = []
    for color in PAWN_COLORS:
        rows = [[dict(pawn_glyph(form), count=left.get(form, 0))
                 for form in (form_id(color, height, width) for width in range(1, MAX_WIDTH + 1))]
                for height in range(MAX_HEIGHT, 0, -1)]
        total = sum(g["count"] for row in rows for g in row)
        reserve.append({"color": color, "rows": rows, "total": total,
                        "words": f"{color} pawns in the reserve: {total}; " + ", ".join(
                            f"{g['words']}: {g['count']}" for row in rows for g in row if g["count"])})
    return {"columns": columns, "decks": decks, "reserve": reserve, "levels": TILE_LEVELS,
            "discard": view["discard"], "discard_depth": _depth(len(view["discard"]))}

"""Where things are drawn on Origins' world map, in map units (the viewBox of ``static/origins/world.svg``).

The land and each territory's shape come from Natural Earth's coastlines (``scripts/origins_world/build.py`` writes
``world.svg``, sent once and cached, and ``world_layout``): a board draws a territory with ``<use>`` pointing into
that file, so no frame carries a coastline. This module gives each territory its spot (where its pawn stands),
its name's place, each strait's sea lane, the land bridges of the rules that real coastlines do not show, and the
Cradle with its pawn slots.
"""

from __future__ import annotations

from . import world_layout as layout
from .content import ADJACENT, START, START_EXITS, STRAITS, TERRITORIES

WIDTH = layout.WIDTH
HEIGHT = layout.HEIGHT
PIECE_W, PIECE_H = layout.PIECE
_bx1, _by1, _bx2, _by2 = layout.CRADLE_BOX
START_BOX = (round(_bx1), round(_by1), round(_bx2 - _bx1), round(_by2 - _by1))  # x, y, width, height
CRADLE_SLOTS: list[tuple[float, float]] = [(x, y) for x, y in layout.CRADLE_SLOTS]
BORDERS = ""  # each territory's shape draws its own border

SHAPES: dict[str, dict] = {t.id: {"path": "", "x": layout.SPOTS[t.id][0], "y": layout.SPOTS[t.id][1]}
                           for t in TERRITORIES}
SHAPES[START] = {"path": "", "x": round(_bx1 + _bx2) / 2, "y": round(_by1 + _by2) / 2}
LABELS: dict[str, dict] = layout.LABELS
HUNTS: dict[str, tuple[float, float]] = {k: (v[0], v[1]) for k, v in layout.HUNTS.items()}

STRAIT_LINES = {s.id: [tuple(layout.LANES[s.id])] for s in STRAITS}
BRIDGE_LINES = [tuple(v) for v in layout.BRIDGES.values()]
START_LINES = [(SHAPES[START]["x"], _by1 + 6, SHAPES[t]["x"], SHAPES[t]["y"]) for t in START_EXITS]
assert set(ADJACENT[START]) == set(START_EXITS)


def cradle_slot(i: int) -> tuple[float, float]:
    """Where the i-th pawn on the Cradle stands: its slots, then further rows below them."""
    if i < len(CRADLE_SLOTS):
        return CRADLE_SLOTS[i]
    x, y = CRADLE_SLOTS[i % 3]
    return x, y + (len(CRADLE_SLOTS) // 3 + (i - len(CRADLE_SLOTS)) // 3) * (CRADLE_SLOTS[3][1] - CRADLE_SLOTS[0][1])


def _line(a: float, b: float, c: float, d: float) -> dict:
    return {"x1": a, "y1": b, "x2": c, "y2": d}


def map_context() -> dict:
    """The unchanging drawing of the board, for the templates (kept out of the per-move view)."""
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "borders": BORDERS,
        "paths": {t.id: "" for t in TERRITORIES},
        "bridges": [_line(*b) for b in BRIDGE_LINES],
        "start": {"x": START_BOX[0], "y": START_BOX[1], "w": START_BOX[2], "h": START_BOX[3], "name": "the Cradle",
                  "cx": SHAPES[START]["x"], "lines": [_line(*line) for line in START_LINES]},
    }

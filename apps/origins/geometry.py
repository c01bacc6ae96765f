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
START_LINES = [(_bx1 + 4, _by1 + 20, SHAPES[t]["x"], SHAPES[t]["y"]) for t in START_EXITS]
assert set(ADJACENT[START]) == set(START_EXITS)


def cradle_slot(i: int) -> tuple[float, float]:
    """Where the i-th pawn on the Cradle stands: its slots, then further rows below them."""
    if i < len(CRADLE_SLOTS):
        return CRADLE_SLOTS[i]
    x, y = CRADLE_SLOTS[i % 3]
    return x, y + (len(CRADLE_SLOTS) // 3 + (i - len(CRADLE_SLOTS)) // 3) * (CRADLE_SLOTS[3][1] - CRADLE_SLOTS[0][1])


# The Cradle's outline, as fractions of its box: a rounded, uneven island (a place, not a panel), and the gorge
# drawn across it (the Rift it stands for), from its western shore.
_CRADLE_OUTLINE = [(0.1, 0.03), (0.45, 0.0), (0.82, 0.04), (1.0, 0.2), (0.96, 0.5), (1.0, 0.8), (0.88, 0.98),
                   (0.5, 0.94), (0.16, 1.0), (0.0, 0.84), (0.04, 0.5), (0.0, 0.18)]
_CRADLE_GORGE = [(0.0, 0.12), (0.14, 0.15), (0.1, 0.3), (0.2, 0.42), (0.12, 0.6), (0.22, 0.78), (0.16, 0.95)]


def _cradle_paths() -> tuple[str, str]:
    """The Cradle's island (a smooth closed path through its outline's points) and its gorge, in map units."""
    x, y, w, h = START_BOX
    pts = [(x + fx * w, y + fy * h) for fx, fy in _CRADLE_OUTLINE]
    mids = [((ax + bx) / 2, (ay + by) / 2) for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True)]
    island = f"M{mids[-1][0]:.1f} {mids[-1][1]:.1f}" + "".join(
        f"Q{px:.1f} {py:.1f} {mx:.1f} {my:.1f}" for (px, py), (mx, my) in zip(pts, mids, strict=True)) + "Z"
    gorge = "M" + "L".join(f"{x + fx * w:.1f} {y + fy * h:.1f}" for fx, fy in _CRADLE_GORGE)
    return island, gorge


CRADLE_ISLAND, CRADLE_GORGE = _cradle_paths()


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
        "start": {"x": START_BOX[0], "y": START_BOX[1], "w": START_BOX[2], "h": START_BOX[3], "name": "The Cradle",
                  "cx": SHAPES[START]["x"], "label_y": START_BOX[1] + 16, "path": CRADLE_ISLAND,
                  "rift": CRADLE_GORGE, "lines": [_line(*line) for line in START_LINES]},
    }

"""Where things are drawn: the SVG outline of every territory, computed once from the map grid.

A territory is the union of its grid cells (one ``<path>``); the coastlines and the
borders between territories are one more path drawn over them. Each territory has an
anchor (the cell nearest its middle) where its pawn and hunting token are drawn.
"""

from __future__ import annotations

from .content import (
    ADJACENT,
    GRID,
    GRID_COLS,
    GRID_ROWS,
    START,
    START_EXITS,
    STRAITS,
    TERRITORIES,
)

CELL = 20
WIDTH = GRID_COLS * CELL
HEIGHT = GRID_ROWS * CELL
START_BOX = (600, 244, 160, 170)  # x, y, width, height of the Cradle, in the Indian Ocean


def _cells(code: str) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(GRID) for c, ch in enumerate(row) if ch == code]


def _territory_path(cells: list[tuple[int, int]]) -> str:
    return "".join(f"M{c * CELL} {r * CELL}h{CELL}v{CELL}h-{CELL}z" for r, c in cells)


def _anchor(cells: list[tuple[int, int]]) -> tuple[int, int]:
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    r, c = min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))
    return c * CELL + CELL // 2, r * CELL + CELL // 2


def _borders() -> str:
    """Every cell side between two different codes (land and water, or two territories)."""
    parts = []

    def code(r: int, c: int) -> str:
        if 0 <= r < GRID_ROWS and 0 <= c < GRID_COLS:
            return GRID[r][c]
        return "."

    for r in range(GRID_ROWS + 1):
        for c in range(GRID_COLS):
            if code(r - 1, c) != code(r, c):
                parts.append(f"M{c * CELL} {r * CELL}h{CELL}")
    for r in range(GRID_ROWS):
        for c in range(GRID_COLS + 1):
            if code(r, c - 1) != code(r, c):
                parts.append(f"M{c * CELL} {r * CELL}v{CELL}")
    return "".join(parts)


SHAPES: dict[str, dict] = {}
for _t in TERRITORIES:
    _c = _cells(_t.code)
    _x, _y = _anchor(_c)
    SHAPES[_t.id] = {"path": _territory_path(_c), "x": _x, "y": _y}
_bx, _by, _bw, _bh = START_BOX
SHAPES[START] = {"path": "", "x": _bx + _bw // 2, "y": _by + _bh // 2}

BORDERS = _borders()


def _segments(a: str, b: str) -> list[tuple[int, int, int, int]]:
    x1, y1 = SHAPES[a]["x"], SHAPES[a]["y"]
    x2, y2 = SHAPES[b]["x"], SHAPES[b]["y"]
    if abs(x1 - x2) > WIDTH // 2:  # across the edge of the map (Bering)
        left, right = ((x1, y1), (x2, y2)) if x1 < x2 else ((x2, y2), (x1, y1))
        return [(left[0], left[1], 0, left[1]), (right[0], right[1], WIDTH, right[1])]
    return [(x1, y1, x2, y2)]


STRAIT_LINES = {s.id: _segments(*s.ends) for s in STRAITS}
START_LINES = [(SHAPES[START]["x"], SHAPES[START]["y"], SHAPES[t]["x"], SHAPES[t]["y"]) for t in START_EXITS]
assert set(ADJACENT[START]) == set(START_EXITS)


def map_context() -> dict:
    """The unchanging drawing of the board, for the templates (kept out of the per-move view)."""
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "borders": BORDERS,
        "paths": {t.id: SHAPES[t.id]["path"] for t in TERRITORIES},
        "start": {"x": START_BOX[0], "y": START_BOX[1], "w": START_BOX[2], "h": START_BOX[3], "name": "the Cradle",
                  "lines": [{"x1": a, "y1": b, "x2": c, "y2": d} for a, b, c, d in START_LINES]},
    }

"""A rating's history as a small line chart, drawn on the server as SVG coordinates (no script, no library)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WIDTH, HEIGHT, PAD = 320, 96, 8


@dataclass(frozen=True)
class Chart:
    points: str  # the polyline's points attribute, "x,y x,y ..."
    last_x: float
    last_y: float
    low: int
    high: int
    first: int
    last: int
    count: int  # rated matches drawn
    width: int = WIDTH
    height: int = HEIGHT


def rating_chart(values: Sequence[int]) -> Chart | None:
    """The chart of shown ratings in order (the one before the first match, then after each); None for fewer
    than two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (WIDTH - 2 * PAD) / (len(values) - 1)
    coords = [(PAD + i * step, PAD + (high - value) * (HEIGHT - 2 * PAD) / span) for i, value in enumerate(values)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
    return Chart(points, round(coords[-1][0], 1), round(coords[-1][1], 1), low, high, values[0], values[-1],
                 len(values) - 1)

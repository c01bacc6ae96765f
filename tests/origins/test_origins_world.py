"""The drawn world map agrees with the rules' map: two territories share a drawn land border exactly when the rules
make them neighbours by land (``content.LAND_BORDERS``), except the Ice Age's land bridges, which the map draws as
bands between the two shores; every strait's sea lane joins its two territories.

Read from what scripts/origins_world/build.py committed (``static/origins/world.svg`` and ``world_layout``), in pure
Python: a border is where the outlines of two territories run along each other for more than 2 map units (a corner
is no border), as the build measures it."""

from __future__ import annotations

import functools
import math
import re
from collections import defaultdict
from pathlib import Path

from apps.origins import world_layout as layout
from apps.origins.content import LAND_BORDERS, START_EXITS, STRAITS, TERRITORIES

WORLD = Path(__file__).resolve().parents[2] / "apps" / "origins" / "static" / "origins" / "world.svg"
BORDER = 2.0  # map units a shared outline must run to be a border (the build's threshold)
ALONG = 0.15  # how far apart two edges may lie and still be one border (the drawing rounds to 0.1)
CELL = 8.0

Point = tuple[float, float]
Segment = tuple[Point, Point]


@functools.cache
def outlines() -> dict[str, list[Segment]]:
    """Each territory's outline in world.svg (``<path id="t-<id>">``, polygons of M/L/Z), as edges."""
    shapes = {}
    for territory, d in re.findall(r'<path id="t-([a-z_]+)" d="([^"]*)"', WORLD.read_text()):
        edges = []
        for ring in re.findall(r"M([^Z]*)Z", d):
            points = [tuple(float(v) for v in pair.split()) for pair in ring.split("L")]
            edges += [(a, b) for a, b in zip(points, points[1:] + points[:1], strict=True) if a != b]
        shapes[territory] = edges
    return shapes


def shared_length(s1: Segment, s2: Segment) -> float:
    """How long ``s2`` runs along ``s1`` (both ends within ALONG of its line), measured on ``s1``."""
    (ax, ay), (bx, by) = s1
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    spots = []
    for px, py in s2:
        if abs((px - ax) * dy - (py - ay) * dx) / length > ALONG:
            return 0.0
        spots.append(((px - ax) * dx + (py - ay) * dy) / length / length)
    return max(0.0, min(1.0, max(spots)) - max(0.0, min(spots))) * length


def cells(segment: Segment) -> set[tuple[int, int]]:
    (ax, ay), (bx, by) = segment
    xs = range(int((min(ax, bx) - ALONG) // CELL), int((max(ax, bx) + ALONG) // CELL) + 1)
    ys = range(int((min(ay, by) - ALONG) // CELL), int((max(ay, by) + ALONG) // CELL) + 1)
    return {(x, y) for x in xs for y in ys}


@functools.cache
def drawn_borders() -> dict[frozenset[str], float]:
    """Pairs of territories whose outlines run along each other, with how far."""
    grid: dict[tuple[int, int], list[tuple[str, int]]] = defaultdict(list)
    shapes = outlines()
    for territory, edges in shapes.items():
        for i, edge in enumerate(edges):
            for cell in cells(edge):
                grid[cell].append((territory, i))
    lengths: dict[frozenset[str], float] = defaultdict(float)
    for territory, edges in shapes.items():
        for edge in edges:
            near = {found for cell in cells(edge) for found in grid[cell] if found[0] > territory}
            for other, j in near:
                lengths[frozenset((territory, other))] += shared_length(edge, shapes[other][j])
    return {pair: length for pair, length in lengths.items() if length > BORDER}


def distance_to_segment(p: Point, segment: Segment) -> float:
    (ax, ay), (bx, by) = segment
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segment_distance(s1: Segment, s2: Segment) -> float:
    """0 where the two segments cross, else the least distance from an end of one to the other."""
    (p, q), (r, t) = s1, s2
    if cross(p, q, r) * cross(p, q, t) < 0 and cross(r, t, p) * cross(r, t, q) < 0:
        return 0.0
    return min(distance_to_segment(p, s2), distance_to_segment(q, s2), distance_to_segment(r, s1),
               distance_to_segment(t, s1))


def distance_to_outline(p: Point, territory: str) -> float:
    return min(distance_to_segment(p, edge) for edge in outlines()[territory])


def test_every_territory_is_drawn_once_and_nothing_else():
    assert sorted(outlines()) == sorted(t.id for t in TERRITORIES)
    assert all(len(edges) >= 3 for edges in outlines().values())


def test_the_drawn_land_borders_are_the_rules_land_borders_save_the_bridges():
    drawn = set(drawn_borders())
    bridged = {frozenset(key.split("|")) for key in layout.BRIDGES}
    assert not drawn - LAND_BORDERS, "drawn but not in the rules: " + str(sorted(map(sorted, drawn - LAND_BORDERS)))
    assert LAND_BORDERS - drawn == bridged, "a land border of the rules is neither drawn nor bridged"
    assert not drawn & bridged, "a bridge is drawn where the land already meets"


def test_the_build_recorded_the_borders_it_drew():
    assert {frozenset(pair) for pair in layout.DRAWN_BORDERS} == set(drawn_borders())


def test_each_land_bridge_joins_the_shores_of_its_two_territories():
    for key, (x1, y1, x2, y2) in layout.BRIDGES.items():
        a, b = key.split("|")
        assert distance_to_outline((x1, y1), a) < 0.5 and distance_to_outline((x2, y2), b) < 0.5, key


def test_each_straits_sea_lane_reaches_both_of_its_territories():
    for strait in STRAITS:
        x1, y1, x2, y2 = layout.LANES[strait.id]
        lane = ((x1, y1), (x2, y2))
        for territory in strait.ends:
            nearest = min(segment_distance(lane, edge) for edge in outlines()[territory])
            assert nearest < 1.0, (strait.id, territory)


def test_the_cradle_leads_to_the_rules_exits():
    assert set(layout.CRADLE_EXITS) == set(START_EXITS)

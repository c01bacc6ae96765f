"""Builds Origins' world map from Natural Earth's land outlines: run once, commit what it writes.

Reads ``node_modules/world-atlas/land-110m.json`` (the npm package ``world-atlas`` pinned in package.json beside
this script: Natural Earth's public-domain 1:110m land, as TopoJSON) and writes

- ``apps/origins/static/origins/world.svg``: the land, and each territory as a shape on it (``#t-<id>``), sent once
  and cached; every board frame draws a territory with ``<use href="world.svg#t-<id>">``;
- ``apps/origins/world_layout.py``: where each territory's pawn, name and hunting token stand, the sea lanes of
  the straits, the land bridges, and the Cradle (pure data, read by ``apps/origins/geometry.py``).

The land is projected equirectangular (the grid of ``content.GRID`` used the same frame), cropped to 84 N..78 S.
A territory is the land nearest its seed points (Voronoi cells of the seeds, clipped to the land), so borders
run where the rules say two territories meet; ``tests/origins/test_origins_world.py`` checks that the drawn land
borders are exactly the rules' ones. Names are placed so that none overlaps another name, a pawn or a token.

Run from the repository root::

    (cd scripts/origins_world && npm ci)
    .venv/bin/pip install "shapely>=2,<3"
    .venv/bin/python scripts/origins_world/build.py
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from shapely import affinity, ops, voronoi_polygons
from shapely import geometry as geo

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from apps.origins.content import LAND_BORDERS, START_EXITS, STRAITS, TERRITORIES  # noqa: E402

SOURCE = Path(__file__).resolve().parent / "node_modules" / "world-atlas" / "land-110m.json"
SVG_OUT = ROOT / "apps" / "origins" / "static" / "origins" / "world.svg"
PY_OUT = ROOT / "apps" / "origins" / "world_layout.py"

WIDTH = 1000
LAT_TOP, LAT_BOTTOM = 84.0, -86.0
K = WIDTH / 360
HEIGHT = round((LAT_TOP - LAT_BOTTOM) * K)

# A pawn is drawn as a piece PIECE_W x PIECE_H map units around its spot (templatetags/origins_tags.py draws it),
# its size mark 13.5 units tall so that it reads >= 10 px where the map is drawn 754 px wide; a ring of RING units
# around it marks it picked or just changed. No piece (with its ring) may touch another, whatever is where.
PIECE_W, PIECE_H = 28, 38
RING = 1
HUNT_R = 8
FONT = 13.5  # map units (>= 10 px at 754 px wide); the name's box is estimated generously (bold sans)
CHAR_W = 8.8
LINE_H = 15

# Seeds (lon, lat) of each territory: the land nearest them is theirs. The first is where its pawn stands unless
# SPOTS says otherwise.
SEEDS: dict[str, list[tuple[float, float]]] = {
    "alaska": [(-152, 64), (-160, 60), (-163, 66)],
    "boreal": [(-110, 60), (-85, 56), (-72, 52), (-95, 72), (-75, 68), (-120, 54)],
    "greenland": [(-42, 72)],
    "plains": [(-103, 42), (-115, 40), (-120, 46)],
    "woodlands": [(-82, 36), (-74, 43), (-88, 44)],
    "mesoamerica": [(-102, 22), (-88, 15), (-80, 8.5)],
    "amazonia": [(-62, -4), (-66, 5), (-54, 2), (-74, 7)],
    "andes": [(-78, -3), (-75, -12), (-69, -20), (-70, -30)],
    "cerrado": [(-46, -11), (-40, -6), (-48, -20)],
    "pampas": [(-60, -32), (-54, -26), (-63, -24)],
    "patagonia": [(-68, -45), (-71, -52)],
    "maghreb": [(-6, 31), (6, 34), (15, 31)],
    "sahara": [(2, 23), (14, 20), (20, 16), (-11, 21), (24, 10)],
    "nile": [(30, 24), (31, 17), (30, 10), (30, 30)],
    "sahel": [(-10, 14), (-4, 10), (4, 11)],
    "congo": [(20, 0), (14, -6), (24, 4)],
    "highlands": [(44, 8), (42, 4), (47, 4)],
    "rift": [(38, 13), (36, 8), (37, 0), (34, -7), (36, -16), (47, -19), (30, 4)],
    "kalahari": [(22, -24), (18, -18), (28, -30), (27, -15)],
    "iberia": [(-4, 40)],
    "europe": [(10, 50), (25, 52), (16, 63), (-2, 53), (38, 55), (18, 44), (24, 40)],
    "anatolia": [(33, 39), (28, 41)],
    "levant": [(36, 32)],
    "arabia": [(46, 24), (44, 33), (52, 19)],
    "steppe": [(62, 45), (78, 45), (56, 33), (50, 48), (58, 60), (66, 38)],
    "siberia": [(100, 62), (130, 64), (80, 64), (115, 55), (140, 58), (136, 47)],
    "chukotka": [(168, 66), (160, 58), (179, 65), (-178, 67)],
    "india": [(78, 21), (70, 28), (81, 8), (88, 24)],
    "china": [(106, 32), (116, 28), (96, 22), (123, 44), (90, 35), (103, 45), (127, 38), (127.5, 35.5)],
    "sundaland": [(102, 4), (113, 0), (110, -7), (120, -2), (104, 13), (123, 12)],
    "japan": [(138, 36), (131.5, 32), (141, 40), (143, 43)],
    "new_guinea": [(142, -5)],
    "arnhem": [(133, -15), (143, -15)],
    "outback": [(122, -25)],
    "murray": [(145, -30), (140, -35), (146, -37)],
    "tasmania": [(147, -42)],
    "aotearoa": [(172, -41)],
    "peninsula": [(-63, -69), (-68, -74)],
    "ellsworth": [(-100, -75), (-140, -78), (-170, -80), (-88, -82)],
    "queen_maud": [(0, -72), (-25, -75), (40, -70), (-45, -83)],
    "wilkes": [(110, -70), (150, -72), (80, -70), (175, -80)],
}
# Where the pawn stands when not on the first seed (lon, lat): crowded regions spread out.
SPOTS: dict[str, tuple[float, float]] = {
    "iberia": (-5.5, 40), "maghreb": (6, 30), "sahara": (14, 15), "sahel": (-6, 14), "nile": (25.5, 20),
    "levant": (36.5, 27.5), "anatolia": (34, 42.5), "arabia": (48.5, 24), "highlands": (44, 9), "rift": (35.5, -6.5),
    "sundaland": (112, 0), "arnhem": (133, -20), "outback": (121.5, -25.5), "murray": (145, -28),
    "tasmania": (147, -43), "wilkes": (110, -72), "patagonia": (-69, -47),
}
# A point in each strait's water: its lane joins the nearest coasts of its two territories.
STRAIT_WATER = {"gibraltar": (-5.6, 36), "bab": (43.4, 12.6), "korea": (129, 34.5), "wallace": (130, -4),
                "bass": (146, -40), "tasman": (160, -38), "southern": (147, -55), "drake": (-65, -58),
                "bering": (-169, 66), "davis": (-58, 66)}
# Africa's land (lon, lat), cut from Asia's along the Suez isthmus and the middle of the Red Sea.
AFRICA = [(-30, 38), (10, 38), (12, 37.5), (20, 34.5), (32.3, 31.8), (32.5, 29.9), (43.4, 12.6), (53, 12.5),
          (60, -45), (-30, -45)]
CRADLE = (72.0, -15.5)  # the middle of the Cradle's first row (lon, lat), in the Indian Ocean off East Africa
CRADLE_COLS, CRADLE_ROWS = 3, 2
CRADLE_STEP_X, CRADLE_STEP_Y = 33, 43


def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon + 180) * K, (LAT_TOP - lat) * K


# --- TopoJSON --------------------------------------------------------------------------------------


def _land_lonlat() -> geo.MultiPolygon:
    topo = json.loads(SOURCE.read_text())
    scale, translate = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * scale[0] + translate[0], y * scale[1] + translate[1]))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        """The ring's points, its longitudes kept continuous across the antimeridian (170 E is followed by
        190 E, not by 170 W), so no edge runs across the whole map."""
        out: list[tuple[float, float]] = []
        for i in indices:
            pts = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
            for lon, lat in pts if not out else pts[1:]:
                if out:
                    lon += 360 * round((out[-1][0] - lon) / 360)
                out.append((lon, lat))
        return out

    polygons = []
    for obj in topo["objects"]["land"]["geometries"]:
        for poly in obj["arcs"] if obj["type"] == "MultiPolygon" else [obj["arcs"]]:
            rings = [ring(r) for r in poly]
            polygons.append(geo.Polygon(rings[0], rings[1:]))
    return geo.MultiPolygon(polygons)


def land() -> geo.base.BaseGeometry:
    lonlat = _land_lonlat()
    parts = []
    for poly in lonlat.geoms:
        shell = [project(*p) for p in poly.exterior.coords]
        holes = [[project(*p) for p in r.coords] for r in poly.interiors]
        shape = geo.Polygon(shell, holes).buffer(0)
        for shift in (-WIDTH, 0, WIDTH):  # what lies past one edge of the map shows at the other
            parts.append(affinity.translate(shape, shift, 0))
    whole = ops.unary_union(parts).intersection(geo.box(0, 0, WIDTH, HEIGHT))
    return whole.simplify(0.35, preserve_topology=True).buffer(0)


# --- Territories -----------------------------------------------------------------------------------


def territories(world: geo.base.BaseGeometry) -> dict[str, geo.base.BaseGeometry]:
    """Each territory's land: the Voronoi cells of its seeds, clipped to the land. An island (a piece of land
    mostly in one territory's cells) goes wholly to that territory, so no Voronoi edge cuts Sicily in two."""
    points, owners = [], []
    for tid, seeds in SEEDS.items():
        for lon, lat in seeds:
            points.append(geo.Point(project(lon, lat)))
            owners.append(tid)
    cells = voronoi_polygons(geo.MultiPoint(points), extend_to=geo.box(-500, -500, WIDTH + 500, HEIGHT + 500))
    by_owner: dict[str, list] = {tid: [] for tid in SEEDS}
    for cell in cells.geoms:
        i = next(i for i, p in enumerate(points) if cell.contains(p))
        by_owner[owners[i]].append(cell)
    africa = geo.Polygon([project(*p) for p in AFRICA])
    regions = {tid: ops.unary_union([cell.buffer(1e-6) for cell in c]) for tid, c in by_owner.items()}
    for t in TERRITORIES:  # Spain is never Maghreb's, Yemen never the Rift's: each continent keeps its land
        region = regions[t.id]
        regions[t.id] = region.intersection(africa) if t.continent == "africa" else region.difference(africa)
    parts: dict[str, list] = {tid: [] for tid in SEEDS}
    for piece in getattr(world, "geoms", [world]):
        shares = {tid: piece.intersection(region) for tid, region in regions.items()}
        main = max(shares, key=lambda tid: shares[tid].area)
        if shares[main].area == 0:  # an island inside the other continent's cut: the nearest seed's
            main = owners[min(range(len(points)), key=lambda i: points[i].distance(piece))]
        if piece.area < 400 or shares[main].area > 0.9 * piece.area:
            parts[main].append(piece)
        else:
            for tid, share in shares.items():
                if share.area > 0:
                    parts[tid].append(share.buffer(0))
    return {tid: ops.unary_union(p).buffer(0) for tid, p in parts.items()}


def drawn_borders(shapes: dict[str, geo.base.BaseGeometry]) -> set[frozenset[str]]:
    """Pairs of territories whose shapes share a border longer than 2 units (a corner is no border)."""
    out = set()
    ids = list(shapes)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            shared = shapes[a].buffer(0.2).intersection(shapes[b].buffer(0.2))  # about 0.4 x the border's length
            if shared.area > 0.8:
                out.add(frozenset((a, b)))
    return out


def path_of(shape: geo.base.BaseGeometry) -> str:
    polys = [shape] if shape.geom_type == "Polygon" else [g for g in getattr(shape, "geoms", []) if
                                                            g.geom_type == "Polygon"]
    out = []
    for poly in polys:
        if poly.area < 0.8:
            continue
        for ring in [poly.exterior, *poly.interiors]:
            coords = list(ring.coords)[:-1]
            out.append("M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in coords).replace(".0 ", " ").replace(".0L", "L")
                       + "Z")
    return "".join(out)


# --- Layout: pawns, names, tokens ------------------------------------------------------------------


Box = tuple[float, float, float, float]


def overlaps(a: Box, b: Box, gap: float = 1.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def piece_box(x: float, y: float) -> Box:
    return (x - PIECE_W / 2 - RING, y - PIECE_H / 2 - RING, x + PIECE_W / 2 + RING, y + PIECE_H / 2 + RING)


def label_lines(name: str) -> list[str]:
    if len(name) <= 10 or " " not in name:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def label_size(lines: list[str]) -> tuple[float, float]:
    return max(len(line) for line in lines) * CHAR_W + 4, LINE_H * len(lines) + 2


def layout(shapes: dict[str, geo.base.BaseGeometry]) -> dict:  # noqa: C901
    spots = {t.id: project(*SPOTS.get(t.id, SEEDS[t.id][0])) for t in TERRITORIES}
    obstacles: list[tuple[str, Box]] = [(f"pawn {tid}", piece_box(*xy)) for tid, xy in spots.items()]
    hunts = {}
    for t in TERRITORIES:
        if t.hunt:
            x, y = spots[t.id]
            cx, cy = x + PIECE_W / 2 + RING + HUNT_R + 1, y - PIECE_H / 2 + HUNT_R
            if cx + HUNT_R > WIDTH:  # no room right of the piece (Aotearoa): left of it
                cx = x - PIECE_W / 2 - RING - HUNT_R - 1
            hunts[t.id] = (round(cx, 1), round(cy, 1))
            obstacles.append((f"hunt {t.id}", (cx - HUNT_R, cy - HUNT_R, cx + HUNT_R, cy + HUNT_R)))
    cx, cy = project(*CRADLE)
    cradle_slots = [(round(cx + (i % CRADLE_COLS - 1) * CRADLE_STEP_X, 1),
                     round(cy + (i // CRADLE_COLS) * CRADLE_STEP_Y, 1))
                    for i in range(CRADLE_COLS * CRADLE_ROWS)]
    cradle_box = (cx - CRADLE_STEP_X * 1.5 - 4, cy - PIECE_H / 2 - 18,
                  cx + CRADLE_STEP_X * 1.5 + 4, cy + (CRADLE_ROWS - 1) * CRADLE_STEP_Y + PIECE_H / 2 + 4)
    obstacles.append(("cradle", cradle_box))
    clashes = []
    for a, (na, ba) in enumerate(obstacles):
        for nb, bb in obstacles[a + 1:]:
            if overlaps(ba, bb, 0):
                clashes.append(f"{na} overlaps {nb}")
    if clashes:
        raise SystemExit("move the SPOTS apart: " + "; ".join(clashes))
    # The most crowded first, the larger of two names as crowded first; each name takes the free place nearest its
    # piece (beside it, else a little off).
    def crowd(t: object) -> float:
        x, y = spots[t.id]  # type: ignore[attr-defined]
        w, h = label_size(label_lines(t.name))  # type: ignore[attr-defined]
        return -sum(math.hypot(x - ox, y - oy) < 70 for ox, oy in spots.values()) * w * h

    def candidates(x: float, y: float, w: float, h: float) -> list[Box]:
        boxes = []
        for dx in range(-105, 106, 3):
            for dy in range(-66, 67, 3):
                boxes.append((x + dx - w / 2, y + dy - h / 2, x + dx + w / 2, y + dy + h / 2))
        return sorted(boxes, key=lambda b: (math.hypot((b[0] + b[2]) / 2 - x, 1.6 * ((b[1] + b[3]) / 2 - y)),
                                            b[1], b[0]))

    def place(order: list) -> dict | str:
        """Every name in ``order`` placed, or the name of the territory that found no room."""
        taken = list(obstacles)
        labels = {}
        for t in order:
            x, y = spots[t.id]
            lines = label_lines(t.name)
            w, h = label_size(lines)
            best = next((box for box in candidates(x, y, w, h)
                         if box[0] >= 2 and box[1] >= 2 and box[2] <= WIDTH - 2 and box[3] <= HEIGHT - 2
                         and not any(overlaps(box, b) for _, b in taken)), None)
            if best is None:
                return t.id
            taken.append((f"name {t.id}", best))
            labels[t.id] = {"x": round((best[0] + best[2]) / 2, 1), "y": round(best[1] + FONT + 1, 1),
                            "lines": lines, "box": [round(v, 1) for v in best]}
        return labels

    # A name that finds no room goes first next time; give up after a few rounds.
    order = sorted(TERRITORIES, key=crowd)
    for _ in range(60):
        labels = place(order)
        if isinstance(labels, dict):
            break
        stuck = next(t for t in order if t.id == labels)
        order.remove(stuck)
        order.insert(0, stuck)
    else:
        raise SystemExit(f"no room for the name of {labels}")
    return {"spots": {k: (round(x, 1), round(y, 1)) for k, (x, y) in spots.items()}, "hunts": hunts,
            "labels": labels, "cradle": {"slots": cradle_slots, "box": [round(v, 1) for v in cradle_box]}}


def lanes(shapes: dict[str, geo.base.BaseGeometry]) -> dict[str, list[float]]:
    """A strait's sea lane: from coast to coast where its two territories are nearest, reaching a little inland."""
    out = {}
    for strait in STRAITS:
        water = geo.Point(project(*STRAIT_WATER[strait.id]))
        pa, pb = (ops.nearest_points(shapes[e], water)[0] for e in strait.ends)
        dx, dy = pb.x - pa.x, pb.y - pa.y
        length = math.hypot(dx, dy) or 1
        reach = max(4, (22 - length) / 2)  # a short crossing still shows a lane of >= 22 units
        ux, uy = dx / length, dy / length
        out[strait.id] = [round(v, 1) for v in (pa.x - ux * reach, pa.y - uy * reach,
                                                   pb.x + ux * reach, pb.y + uy * reach)]
    return out


def bridges(shapes: dict[str, geo.base.BaseGeometry], drawn: set[frozenset[str]]) -> dict[str, list[float]]:
    """Land borders of the rules that real coastlines do not draw (the Ice Age's land bridges, e.g. Sahul)."""
    out = {}
    for pair in sorted(LAND_BORDERS - drawn, key=sorted):
        a, b = sorted(pair)
        pa, pb = ops.nearest_points(shapes[a], shapes[b])
        out[f"{a}|{b}"] = [round(v, 1) for v in (pa.x, pa.y, pb.x, pb.y)]
    return out


def main() -> None:
    world = land()
    shapes = territories(world)
    drawn = drawn_borders(shapes)
    extra = drawn - LAND_BORDERS
    for pair in sorted(extra, key=sorted):
        print("drawn but not in the rules:", sorted(pair), file=sys.stderr)
    for pair in sorted(LAND_BORDERS - drawn, key=sorted):
        print("in the rules, bridged:", sorted(pair), file=sys.stderr)
    placed = layout(shapes)
    cradle = placed["cradle"]
    exits = {t: placed["spots"][t] for t in START_EXITS}
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">',
           "<!-- Land: Natural Earth 1:110m (public domain, naturalearthdata.com), via the npm package world-atlas "
           "2.0.2 (ISC licence, Michael Bostock). Built by scripts/origins_world/build.py; do not edit. -->",
           f'<path id="land" d="{path_of(world)}"/>']
    for t in TERRITORIES:
        svg.append(f'<path id="t-{t.id}" d="{path_of(shapes[t.id])}"/>')
    svg.append("</svg>\n")
    SVG_OUT.write_text("\n".join(svg))
    data = {"WIDTH": WIDTH, "HEIGHT": HEIGHT, "PIECE": (PIECE_W, PIECE_H), "SPOTS": placed["spots"],
            "HUNTS": placed["hunts"], "LABELS": placed["labels"], "LANES": lanes(shapes),
            "BRIDGES": bridges(shapes, drawn), "CRADLE_SLOTS": cradle["slots"], "CRADLE_BOX": cradle["box"],
            "CRADLE_EXITS": exits, "DRAWN_BORDERS": sorted(sorted(p) for p in drawn)}
    body = "\n".join(f"{name} = {json.dumps(value)}" for name, value in data.items())
    PY_OUT.write_text('"""Where Origins\' world map puts things, in map units. Written by '
                      'scripts/origins_world/build.py '
                      '(do not edit by hand)."""\n\n# ruff: noqa: E501\n# fmt: off\n' + body + "\n")
    print(f"wrote {SVG_OUT.relative_to(ROOT)} ({SVG_OUT.stat().st_size} bytes) and {PY_OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

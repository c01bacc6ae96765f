"""Data for Origins' pages outside a match: ``rules_context()`` feeds origins/rules.html."""

from __future__ import annotations

from . import geometry
from .content import (
    ACTIONS,
    ADJACENT,
    COLOR_HEX,
    CONTINENT_NAMES,
    CONTINENTS,
    MARKERS_PER_PLAYER,
    MAX_HEIGHT,
    MAX_WIDTH,
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVE_HAND_LIMIT_WITH_FAMILY,
    OBJECTIVES,
    OBJECTIVES_TO_END,
    PAWN_COLORS,
    PERMANENTS,
    RESERVE,
    ROUND_LIMIT,
    START,
    START_EXITS,
    STARTING_HAND,
    STRAITS,
    TERRITORIES,
    TILES_PER_LEVEL,
    form_id,
)
from .visibility import card_record
from .wording import space_name


def rules_context() -> dict:
    """Everything rules.html shows: the map, the pawns, the tiles, every card and the numbers in the rules."""
    return {
        "map": {**geometry.map_context(),
                "territories": [{"id": t.id, "name": t.name, "hex": COLOR_HEX[t.color], "label": geometry.LABELS[t.id],
                                 "hunt_at": geometry.HUNTS.get(t.id), "hunt": t.hunt} for t in TERRITORIES],
                "straits": [{"name": s.name, "lines": [{"x1": a, "y1": b, "x2": c, "y2": d}
                                                       for a, b, c, d in geometry.STRAIT_LINES[s.id]]}
                            for s in STRAITS]},
        "continents": [
            {"name": CONTINENT_NAMES[c], "territories": [
                {"name": t.name, "color": t.color, "hunt": t.hunt,
                 "neighbours": [space_name(n) for n in ADJACENT[t.id]]}
                for t in TERRITORIES if t.continent == c]}
            for c in CONTINENTS
        ],
        "territory_count": len(TERRITORIES),
        "start_name": space_name(START),
        "start_exits": [space_name(t) for t in START_EXITS],
        "straits": [{"name": s.name, "ends": [space_name(e) for e in s.ends], "value": s.value} for s in STRAITS],
        "pawn_colors": PAWN_COLORS,
        "max_height": MAX_HEIGHT,
        "max_width": MAX_WIDTH,
        "reserve_rows": [
            {"height": h, "counts": [RESERVE[form_id("brown", h, w)] for w in range(1, MAX_WIDTH + 1)]}
            for h in range(1, MAX_HEIGHT + 1)
        ],
        "founders": RESERVE[form_id("white", 1, 1)],
        "pawn_total": sum(RESERVE.values()),
        "widths": list(range(1, MAX_WIDTH + 1)),
        "tiles_per_level": [{"level": lv, "count": n} for lv, n in TILES_PER_LEVEL.items()],
        "actions": [card_record(c.id) for c in ACTIONS],
        "permanents": [card_record(c.id) for c in PERMANENTS],
        "objectives": [card_record(c.id) for c in OBJECTIVES],
        "markers": MARKERS_PER_PLAYER,
        "limit": OBJECTIVE_HAND_LIMIT,
        "limit_family": OBJECTIVE_HAND_LIMIT_WITH_FAMILY,
        "objectives_to_end": OBJECTIVES_TO_END,
        "round_limit": ROUND_LIMIT,
        "starting_hand": STARTING_HAND,
    }

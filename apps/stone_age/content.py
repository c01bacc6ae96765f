"""Stone Age's components as data: the places, the 36 civilization cards and the 28 buildings.

Every entry follows /work/shared/rules/stone_age.reference.json (ids C01..C36 and
B01..B28 there are ``civ-01``..``civ-36`` and ``bld-01``..``bld-28`` here: longer ids
cannot turn up by chance inside other text, which matters for the leak checks).
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Resources, food, tools ----------------------------------------------------

RESOURCES: tuple[str, ...] = ("wood", "clay", "stone", "gold")
RESOURCE_VALUE: dict[str, int] = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}
RESOURCE_LABELS: dict[str, str] = {"wood": "Wood", "clay": "Clay", "stone": "Stone", "gold": "Gold"}

# The general supply at setup. Resources and food are not limited (reference: "Resources are
# not limited. If need be, use replacement pieces."): these counts may go below zero, which
# stands for replacement pieces; the engine keeps the ledger only to prove conservation.
START_SUPPLY: dict[str, int] = {"wood": 28, "clay": 18, "stone": 12, "gold": 10, "food": 198}
TOOL_TILES_12 = 12  # double-sided 1/2 tiles
TOOL_TILES_34 = 6  # double-sided 3/4 tiles
MAX_TOOL_TILES = 3

START_PEOPLE = 5
MAX_PEOPLE = 10
START_FOOD = 12
MAX_AGRICULTURE = 10
FEEDING_PENALTY = 10

# --- Places ------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    id: str
    label: str
    kind: str  # "hunting", "resource", "village", "card", "building"
    capacity: int  # people; 0 = unlimited
    yields: str = ""  # "food" or a resource
    divisor: int = 0  # dice total divided by this, rounded down


GATHER_PLACES: tuple[Place, ...] = (
    Place("hunting", "Hunting grounds", "hunting", 0, "food", 2),
    Place("forest", "Forest", "resource", 7, "wood", 3),
    Place("clay_pit", "Clay pit", "resource", 7, "clay", 4),
    Place("quarry", "Quarry", "resource", 7, "stone", 5),
    Place("river", "River", "resource", 7, "gold", 6),
)
VILLAGE_PLACES: tuple[Place, ...] = (
    Place("toolmaker", "Toolmaker's hut", "village", 1),
    Place("hut", "Hut", "village", 2),
    Place("field", "Field", "village", 1),
)
CARD_PLACES: tuple[Place, ...] = tuple(
    Place(f"card{n}", f"Civilization card space {n} (costs {n})", "card", 1) for n in range(1, 5)
)
BUILDING_PLACES: tuple[Place, ...] = tuple(
    Place(f"stack{n}", f"Building stack {n}", "building", 1) for n in range(1, 5)
)
PLACES: tuple[Place, ...] = GATHER_PLACES + VILLAGE_PLACES + CARD_PLACES + BUILDING_PLACES
PLACE_BY_ID: dict[str, Place] = {p.id: p for p in PLACES}
PLACE_IDS: tuple[str, ...] = tuple(p.id for p in PLACES)
VILLAGE_IDS: tuple[str, ...] = tuple(p.id for p in VILLAGE_PLACES)

# With 2 or 3 players: how many of the 3 village places may be used in one round, and how
# many different players one resource place (forest, clay pit, quarry, river) may hold.
VILLAGE_LIMIT = {2: 2, 3: 2, 4: 3}
RESOURCE_PLAYERS_LIMIT = {2: 1, 3: 2, 4: 4}

# The dice of "all players take a reward": face -> reward.
DICE_FOR_ALL_FACES: dict[int, str] = {1: "wood", 2: "clay", 3: "stone", 4: "gold", 5: "tool", 6: "agriculture"}

# --- Civilization cards ----------------------------------------------------------------

CULTURES: tuple[str, ...] = ("medicine", "art", "music", "writing", "sundial", "pottery", "transport", "weaving")
CULTURE_LABELS: dict[str, str] = {c: c.capitalize() for c in CULTURES}
PROFESSIONS: tuple[str, ...] = ("farmer", "toolmaker", "builder", "shaman")
PROFESSION_LABELS: dict[str, str] = {"farmer": "Farmer", "toolmaker": "Toolmaker", "builder": "Builder",
                                     "shaman": "Shaman"}
# What each profession multiplies in final scoring.
PROFESSION_ELEMENT: dict[str, str] = {"farmer": "agriculture", "toolmaker": "tool value",
                                      "builder": "buildings", "shaman": "people"}


@dataclass(frozen=True)
class CivCard:
    id: str
    top: str  # dice_for_all, extra_card, food, two_resources, tool, roll, points, agriculture, resource, one_use_tool
    amount: int = 0  # food, points, resource count, one-use tool value, 2 for two_resources, 1 for tool/agriculture
    resource: str = ""  # for resource and roll
    culture: str = ""  # green cards
    profession: str = ""  # sand cards
    count: int = 0  # profession symbols

    @property
    def number(self) -> int:
        return int(self.id[4:])

    @property
    def green(self) -> bool:
        return bool(self.culture)


def _g(n: int, top: str, culture: str, amount: int = 0, resource: str = "") -> CivCard:
    return CivCard(f"civ-{n:02d}", top, amount, resource, culture=culture)


def _s(n: int, top: str, profession: str, count: int, amount: int = 0, resource: str = "") -> CivCard:
    return CivCard(f"civ-{n:02d}", top, amount, resource, profession=profession, count=count)


CARDS: tuple[CivCard, ...] = (
    _g(1, "dice_for_all", "writing"),
    _g(2, "extra_card", "writing"),
    _g(3, "food", "medicine", 5),
    _g(4, "two_resources", "medicine", 2),
    _g(5, "food", "pottery", 7),
    _g(6, "dice_for_all", "pottery"),
    _g(7, "tool", "art", 1),
    _g(8, "roll", "art", 0, "gold"),
    _g(9, "points", "music", 3),
    _g(10, "points", "music", 3),
    _g(11, "food", "weaving", 3),
    _g(12, "food", "weaving", 1),
    _g(13, "agriculture", "sundial", 1),
    _g(14, "dice_for_all", "sundial"),
    _g(15, "resource", "transport", 2, "stone"),
    _g(16, "dice_for_all", "transport"),
    _s(17, "agriculture", "farmer", 1, 1),
    _s(18, "resource", "farmer", 1, 1, "stone"),
    _s(19, "dice_for_all", "farmer", 1),
    _s(20, "food", "farmer", 2, 3),
    _s(21, "dice_for_all", "farmer", 2),
    _s(22, "one_use_tool", "toolmaker", 1, 4),
    _s(23, "one_use_tool", "toolmaker", 1, 3),
    _s(24, "one_use_tool", "toolmaker", 2, 2),
    _s(25, "dice_for_all", "toolmaker", 2),
    _s(26, "dice_for_all", "toolmaker", 2),
    _s(27, "food", "builder", 1, 4),
    _s(28, "dice_for_all", "builder", 1),
    _s(29, "food", "builder", 2, 2),
    _s(30, "dice_for_all", "builder", 2),
    _s(31, "points", "builder", 3, 3),
    _s(32, "resource", "shaman", 1, 1, "stone"),
    _s(33, "resource", "shaman", 1, 1, "gold"),
    _s(34, "roll", "shaman", 1, 0, "stone"),
    _s(35, "resource", "shaman", 2, 1, "clay"),
    _s(36, "roll", "shaman", 2, 0, "wood"),
)
CARD_BY_ID: dict[str, CivCard] = {c.id: c for c in CARDS}
CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
CARD_SPACES = 4
ROLL_DICE = 2  # dice rolled by the three "roll for a resource" cards
# The cards kept beside the board until used.
KEPT_TOPS = ("one_use_tool", "two_resources")

TOP_LABELS: dict[str, str] = {
    "dice_for_all": "All players take a reward",
    "extra_card": "Extra card for final scoring",
    "food": "Food",
    "two_resources": "2 resources of your choice",
    "tool": "New tool",
    "roll": "Roll 2 dice for a resource",
    "points": "Points",
    "agriculture": "Agriculture",
    "resource": "Resources",
    "one_use_tool": "Single-use tool",
}

# --- Buildings ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Building:
    id: str
    kind: str  # "fixed", "kinds" (exactly N resources of exactly K kinds), "any" (1 to 7 of any)
    cost: tuple[tuple[str, int], ...] = ()  # fixed
    points: int = 0  # fixed
    count: int = 0  # kinds: N resources
    kinds: int = 0  # kinds: K different kinds

    @property
    def number(self) -> int:
        return int(self.id[4:])

    @property
    def cost_dict(self) -> dict[str, int]:
        return dict(self.cost)


def _fixed(n: int, points: int, **cost: int) -> Building:
    return Building(f"bld-{n:02d}", "fixed", tuple((r, cost[r]) for r in RESOURCES if r in cost), points)


BUILDINGS: tuple[Building, ...] = (
    _fixed(1, 10, wood=2, clay=1),
    _fixed(2, 11, wood=2, stone=1),
    _fixed(3, 11, wood=1, clay=2),
    _fixed(4, 12, wood=2, gold=1),
    _fixed(5, 12, wood=1, clay=1, stone=1),
    _fixed(6, 12, wood=1, clay=1, stone=1),
    _fixed(7, 13, wood=1, stone=2),
    _fixed(8, 13, clay=2, stone=1),
    _fixed(9, 13, wood=1, clay=1, gold=1),
    _fixed(10, 13, wood=1, clay=1, gold=1),
    _fixed(11, 14, clay=2, gold=1),
    _fixed(12, 14, clay=1, stone=2),
    _fixed(13, 14, wood=1, stone=1, gold=1),
    _fixed(14, 14, wood=1, stone=1, gold=1),
    _fixed(15, 15, clay=1, stone=1, gold=1),
    _fixed(16, 15, clay=1, stone=1, gold=1),
    _fixed(17, 16, stone=2, gold=1),
    Building("bld-18", "kinds", count=4, kinds=1),
    Building("bld-19", "kinds", count=4, kinds=2),
    Building("bld-20", "kinds", count=4, kinds=3),
    Building("bld-21", "kinds", count=4, kinds=4),
    Building("bld-22", "kinds", count=5, kinds=1),
    Building("bld-23", "kinds", count=5, kinds=2),
    Building("bld-24", "kinds", count=5, kinds=3),
    Building("bld-25", "kinds", count=5, kinds=4),
    Building("bld-26", "any"),
    Building("bld-27", "any"),
    Building("bld-28", "any"),
)
BUILDING_BY_ID: dict[str, Building] = {b.id: b for b in BUILDINGS}
BUILDING_IDS: tuple[str, ...] = tuple(b.id for b in BUILDINGS)
STACK_SIZE = 7
ANY_MIN, ANY_MAX = 1, 7

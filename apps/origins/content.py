"""Origins as data: the world map, the pawns, the innovation tiles, the cards and the objectives.

The map is drawn as a grid of cells (one character a cell, ``.`` is water), so the
picture on screen and the land borders between territories come from the same
data: two territories are adjacent when two of their cells share a side. Straits
are the crossings over water, listed separately; a strait also joins its two
territories for movement.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Players, colours, continents -------------------------------------------------

PLAYER_COLORS = ("red", "blue", "green", "violet")
PLAYER_HEX = ("#c0392b", "#2e6fbf", "#2f8f4e", "#8e44ad")
MARKERS_PER_PLAYER = 10  # village markers: at most 10 pawns of a player on the board

TERRITORY_COLORS = ("yellow", "orange", "purple", "brown", "green")
COLOR_HEX = {
    "yellow": "#ecd46b",
    "orange": "#e59a4f",
    "purple": "#a98cc6",
    "brown": "#a67c58",
    "green": "#6fae6a",
}
CARD_COLORS = ("yellow", "orange", "purple")
TILE_COLUMNS = ("yellow", "orange", "purple", "brown")

CONTINENTS = ("africa", "eurasia", "oceania", "south_america", "north_america", "antarctica")
CONTINENT_NAMES = {
    "africa": "Africa",
    "eurasia": "Eurasia",
    "oceania": "Oceania",
    "south_america": "South America",
    "north_america": "North America",
    "antarctica": "Antarctica",
}

START = "cradle"
START_NAME = "the Cradle"


@dataclass(frozen=True)
class Territory:
    id: str
    code: str
    name: str
    continent: str
    color: str
    hunt: int = 0  # value of the hunting token lying there at the start (green territories)


TERRITORIES: tuple[Territory, ...] = (
    # North America
    Territory("alaska", "a", "Alaska", "north_america", "purple"),
    Territory("boreal", "b", "Boreal Woods", "north_america", "green", 2),
    Territory("greenland", "g", "Greenland", "north_america", "brown"),
    Territory("plains", "p", "Great Plains", "north_america", "yellow"),
    Territory("woodlands", "w", "Eastern Woodlands", "north_america", "green", 2),
    Territory("mesoamerica", "m", "Mesoamerica", "north_america", "orange"),
    # South America
    Territory("amazonia", "z", "Amazonia", "south_america", "green", 3),
    Territory("andes", "d", "Andes", "south_america", "purple"),
    Territory("cerrado", "h", "Cerrado", "south_america", "yellow"),
    Territory("pampas", "s", "Pampas", "south_america", "yellow"),
    Territory("patagonia", "t", "Patagonia", "south_america", "brown"),
    # Africa
    Territory("maghreb", "M", "Maghreb", "africa", "brown"),
    Territory("sahara", "S", "Sahara", "africa", "orange"),
    Territory("nile", "N", "Nile Valley", "africa", "orange"),
    Territory("sahel", "W", "Sahel", "africa", "yellow"),
    Territory("congo", "C", "Congo Basin", "africa", "green", 2),
    Territory("highlands", "H", "Ethiopian Highlands", "africa", "purple"),
    Territory("rift", "R", "Rift Valley", "africa", "yellow"),
    Territory("kalahari", "K", "Kalahari", "africa", "orange"),
    # Eurasia
    Territory("iberia", "I", "Iberia", "eurasia", "purple"),
    Territory("europe", "E", "Europe", "eurasia", "green", 2),
    Territory("anatolia", "A", "Anatolia", "eurasia", "purple"),
    Territory("levant", "L", "Levant", "eurasia", "orange"),
    Territory("arabia", "B", "Arabia", "eurasia", "orange"),
    Territory("steppe", "T", "Steppe", "eurasia", "yellow"),
    Territory("siberia", "Y", "Siberia", "eurasia", "brown"),
    Territory("chukotka", "U", "Chukotka", "eurasia", "brown"),
    Territory("india", "D", "India", "eurasia", "orange"),
    Territory("china", "Q", "China", "eurasia", "yellow"),
    Territory("sundaland", "V", "Sundaland", "eurasia", "green", 2),
    Territory("japan", "J", "Japan", "eurasia", "purple"),
    # Oceania
    Territory("new_guinea", "1", "New Guinea", "oceania", "green", 3),
    Territory("arnhem", "2", "Arnhem Land", "oceania", "brown"),
    Territory("outback", "3", "Outback", "oceania", "orange"),
    Territory("murray", "4", "Murray Basin", "oceania", "yellow"),
    Territory("tasmania", "5", "Tasmania", "oceania", "purple"),
    Territory("aotearoa", "6", "Aotearoa", "oceania", "green", 3),
    # Antarctica
    Territory("peninsula", "7", "Antarctic Peninsula", "antarctica", "purple"),
    Territory("ellsworth", "8", "Ellsworth Land", "antarctica", "brown"),
    Territory("queen_maud", "9", "Queen Maud Land", "antarctica", "brown"),
    Territory("wilkes", "0", "Wilkes Land", "antarctica", "brown"),
)
TERRITORY_BY_ID = {t.id: t for t in TERRITORIES}
TERRITORY_BY_CODE = {t.code: t for t in TERRITORIES}

GRID_COLS = 48
GRID_ROWS = 24
# Each row: (first column, the codes of consecutive cells). An equirectangular world:
# one cell is 7.5 degrees, column 0 is 180 W, row 0 is 90 N.
_ROW_SEGMENTS: tuple[tuple[tuple[int, str], ...], ...] = (
    ((18, "gggg"),),
    ((10, "bbbbbb"), (17, "gggggg")),
    ((2, "aaa"), (6, "bbbbbbbbbb"), (17, "gggggg"), (36, "YYYYYY")),
    ((1, "aaaaa"), (6, "bbbbbbbbbb"), (18, "gggg"), (25, "EEE"), (30, "YYYYYYYYYYYYYYY"), (45, "UUU")),
    ((1, "aaaaa"), (6, "bbbbbbbbbbb"), (19, "gg"), (24, "EEEEE"), (29, "TTT"), (32, "YYYYYYYYYYYY"), (44, "UUU")),
    ((7, "bbbbbbbbb"), (23, "EEEEEEE"), (30, "TTTTTTTT"), (38, "YYYYY"), (44, "U")),
    ((8, "pppp"), (12, "wwww"), (22, "II"), (24, "EEEE"), (28, "AA"), (30, "TTTTTTTTT"), (39, "QQQ"), (43, "J")),
    ((8, "pppp"), (12, "wwww"), (29, "AA"), (31, "TTTTT"), (36, "QQQQQ"), (42, "JJ")),
    ((9, "mmmm"), (13, "ww"), (22, "MMMM"), (26, "NNN"), (29, "L"), (30, "BB"), (32, "TT"), (34, "DD"),
     (36, "QQQQQ")),
    ((10, "mmmm"), (22, "SSSSSS"), (28, "N"), (30, "BB"), (33, "DDDD"), (37, "QQQQ")),
    ((12, "mmmm"), (21, "WWWWW"), (26, "SS"), (28, "N"), (34, "DD"), (37, "VVVV")),
    ((15, "zz"), (22, "WWWWW"), (27, "C"), (28, "R"), (29, "HHH"), (35, "D"), (37, "VVVVV")),
    ((14, "d"), (15, "zzzz"), (25, "CCC"), (28, "RR"), (38, "VVV"), (42, "111")),
    ((14, "d"), (15, "zzzz"), (19, "h"), (25, "CCC"), (28, "RR"), (42, "11")),
    ((14, "dd"), (16, "zz"), (18, "hh"), (26, "CC"), (28, "R"), (39, "33"), (41, "222")),
    ((14, "dd"), (16, "ss"), (18, "hh"), (26, "KKK"), (39, "333"), (42, "22")),
    ((14, "d"), (15, "sss"), (18, "h"), (26, "KKK"), (39, "333"), (42, "444")),
    ((14, "d"), (15, "ss"), (26, "KK")),
    ((14, "tt"), (43, "5"), (46, "66")),
    ((14, "tt"), (46, "6")),
    ((15, "t"),),
    ((16, "77"), (22, "999999999"), (33, "000000000000")),
    ((4, "8888888888888"), (17, "7"), (18, "99999999999999"), (32, "0000000000000")),
    ((0, "888888888888888888"), (18, "99999999999999"), (32, "0000000000000000")),
)


def _build_grid() -> tuple[str, ...]:
    rows = []
    for segments in _ROW_SEGMENTS:
        row = ["."] * GRID_COLS
        for start, codes in segments:
            for i, code in enumerate(codes):
                row[start + i] = code
        rows.append("".join(row))
    return tuple(rows)


GRID: tuple[str, ...] = _build_grid()


@dataclass(frozen=True)
class Strait:
    id: str
    name: str
    ends: tuple[str, str]
    value: int  # victory points of its strait token


STRAITS: tuple[Strait, ...] = (
    Strait("gibraltar", "Strait of Gibraltar", ("maghreb", "iberia"), 1),
    Strait("bab", "Bab-el-Mandeb", ("highlands", "arabia"), 1),
    Strait("korea", "Korea Strait", ("china", "japan"), 1),
    Strait("wallace", "Wallace Line", ("sundaland", "new_guinea"), 2),
    Strait("bass", "Bass Strait", ("murray", "tasmania"), 1),
    Strait("tasman", "Tasman Sea", ("murray", "aotearoa"), 2),
    Strait("southern", "Southern Ocean", ("tasmania", "wilkes"), 3),
    Strait("drake", "Drake Passage", ("patagonia", "peninsula"), 2),
    Strait("bering", "Bering Strait", ("chukotka", "alaska"), 2),
    Strait("davis", "Davis Strait", ("boreal", "greenland"), 1),
)
STRAIT_BY_ID = {s.id: s for s in STRAITS}

START_EXITS = ("rift", "highlands", "congo")  # the Cradle touches these three territories


def _land_borders() -> set[frozenset[str]]:
    borders: set[frozenset[str]] = set()
    for r, row in enumerate(GRID):
        for c, code in enumerate(row):
            if code == ".":
                continue
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < GRID_ROWS and cc < GRID_COLS:
                    other = GRID[rr][cc]
                    if other != "." and other != code:
                        borders.add(frozenset((TERRITORY_BY_CODE[code].id, TERRITORY_BY_CODE[other].id)))
    return borders


LAND_BORDERS: frozenset[frozenset[str]] = frozenset(_land_borders())
SPACES: tuple[str, ...] = (START,) + tuple(t.id for t in TERRITORIES)


def _adjacency() -> dict[str, tuple[str, ...]]:
    adj: dict[str, set[str]] = {s: set() for s in SPACES}
    for pair in LAND_BORDERS:
        a, b = tuple(pair)
        adj[a].add(b)
        adj[b].add(a)
    for strait in STRAITS:
        a, b = strait.ends
        adj[a].add(b)
        adj[b].add(a)
    for t in START_EXITS:
        adj[START].add(t)
        adj[t].add(START)
    order = {s: i for i, s in enumerate(SPACES)}
    return {s: tuple(sorted(n, key=order.__getitem__)) for s, n in adj.items()}


ADJACENT: dict[str, tuple[str, ...]] = _adjacency()


def _distances() -> dict[str, dict[str, int]]:
    out = {}
    for source in SPACES:
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for s in frontier:
                for n in ADJACENT[s]:
                    if n not in dist:
                        dist[n] = dist[s] + 1
                        nxt.append(n)
            frontier = nxt
        out[source] = dist
    return out


DISTANCE: dict[str, dict[str, int]] = _distances()
# From each space, every territory (never the Cradle) with its distance, nearest first.
WITHIN: dict[str, tuple[tuple[str, int], ...]] = {
    s: tuple(sorted(((t, d) for t, d in DISTANCE[s].items() if t != START and d > 0),
                    key=lambda td: (td[1], SPACES.index(td[0]))))
    for s in SPACES
}

# --- Pawns ------------------------------------------------------------------------

PAWN_COLORS = ("white", "brown", "black")
MAX_HEIGHT = 4
MAX_WIDTH = 4
FOUNDER = "white-1-1"  # every player's first pawn, taken from the reserve, starts on the Cradle


def form_id(color: str, height: int, width: int) -> str:
    return f"{color}-{height}-{width}"


_PARSED: dict[str, tuple[str, int, int]] = {}


def parse_form(form: str) -> tuple[str, int, int]:
    parsed = _PARSED.get(form)
    if parsed is None:
        color, height, width = form.split("-")
        parsed = _PARSED[form] = (color, int(height), int(width))
    return parsed


def _reserve() -> dict[str, int]:
    counts = {}
    for color in PAWN_COLORS:
        for h in range(1, MAX_HEIGHT + 1):
            for w in range(1, MAX_WIDTH + 1):
                counts[form_id(color, h, w)] = 3 if h + w <= 4 else 2
    counts[FOUNDER] = 7
    return counts


RESERVE: dict[str, int] = _reserve()  # every pawn in the game, founders included
FORMS: tuple[str, ...] = tuple(RESERVE)


def compatible(source: str, target: str, stretch: int = 1) -> bool:
    """May ``target`` be evolved from ``source``? At most one attribute differs, never shorter or
    thinner, never more than ``stretch`` steps taller or wider (1 by the rules; 2 with a card)."""
    c1, h1, w1 = parse_form(source)
    c2, h2, w2 = parse_form(target)
    differences = (c1 != c2) + (h1 != h2) + (w1 != w2)
    if differences > 1:
        return False
    if h2 < h1 or w2 < w1:
        return False
    return h2 - h1 <= stretch and w2 - w1 <= stretch


# For each form and stretch (1 or 2), the forms that may be evolved from it.
EVOLUTIONS: dict[tuple[str, int], tuple[str, ...]] = {
    (source, stretch): tuple(f for f in FORMS if compatible(source, f, stretch))
    for source in FORMS for stretch in (1, 2)
}


# --- Innovation tiles --------------------------------------------------------------

TILE_LEVELS = (1, 2, 3, 4, 5)
TILES_PER_LEVEL = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}  # in each of the four columns


def tile_id(color: str, level: int) -> str:
    return f"{color}-{level}"


def tile_points(level: int) -> int:
    return 5 if level == 5 else 1


# --- Cards -----------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    color: str  # yellow (action), orange (permanent), purple (objective)
    text: str
    level: int = 0  # orange: the innovation level needed to play it
    points: int = 0  # purple: victory points
    goal: tuple = ()  # purple: the condition, see objectives.py


ACTIONS: tuple[Card, ...] = (
    Card("spark", "Spark of Genius", "yellow",
         "Take a level 1 innovation tile from any column."),
    Card("copper", "Copper Find", "yellow",
         "Take any innovation tile you may claim from the brown column."),
    Card("raid", "Night Raid", "yellow",
         "Take a random card from the hand of an opponent of your choice."),
    Card("theft", "Idea Theft", "yellow",
         "Take an innovation tile from the top of an opponent's collection, if you may claim it."),
    Card("pirates", "Pirate Canoes", "yellow",
         "Take a strait token from an opponent."),
    Card("camp", "Seasonal Camp", "yellow",
         "Take a second action this turn."),
    Card("wanderlust", "Wanderlust Song", "yellow",
         "This turn your migrations and swaps reach 2 spaces further."),
    Card("ambush", "Ambush Tactics", "yellow",
         "This turn you may also swap onto a pawn as wide as yours."),
    Card("breeding", "Selective Breeding", "yellow",
         "This turn you may evolve a pawn two steps taller or two steps wider."),
    Card("stories", "Storytelling Night", "yellow",
         "Draw 2 cards from one deck of your choice."),
    Card("harvest", "Bountiful Harvest", "yellow",
         "Draw a yellow card and an orange card."),
    Card("vision", "Vision Quest", "yellow",
         "Draw 2 objective cards (then return any above your hand limit)."),
    Card("hunt", "Great Hunt", "yellow",
         "Take the hunting token of an unsettled green territory within 2 spaces of one of your pawns."),
    Card("march", "Forced March", "yellow",
         "Move one of your pawns to an adjacent empty territory (no reward; straits are checked)."),
)

PERMANENTS: tuple[Card, ...] = (
    Card("family", "Extended Family", "orange", "You may hold 3 objective cards instead of 2.", level=2),
    Card("canoes", "Dugout Canoes", "orange", "Your migrations and swaps reach 1 space further.", level=1),
    Card("spears", "Spear Throwers", "orange", "You may swap onto a pawn as wide as yours.", level=3),
    Card("palisades", "Palisades", "orange",
         "Your pawns can only be swapped by a pawn at least two steps wider.", level=2),
    Card("granaries", "Granaries", "orange", "A brown reward gives you up to 3 brown tiles instead of 2.", level=3),
    Card("starlore", "Star Lore", "orange", "When you draw 3 as a reward, you return only 1 card.", level=2),
    Card("firekeepers", "Fire Keepers", "orange",
         "Whenever a reward gives you innovation tiles, also draw a yellow card (once a reward).", level=1),
    Card("elders", "Watchful Elders", "orange", "No one can take cards from your hand.", level=1),
    Card("caches", "Hidden Caches", "orange", "No one can take your innovation tiles or strait tokens.", level=2),
    Card("kilns", "Pottery Kilns", "orange",
         "When a reward gives you a tile and a card, draw 2 cards instead of 1.", level=2),
    Card("looms", "Weaving Looms", "orange", "Whenever you complete an objective, draw an orange card.", level=3),
    Card("gatherings", "Clan Gatherings", "orange", "You may play two yellow cards each turn.", level=4),
)

OBJECTIVES: tuple[Card, ...] = (
    Card("o_green", "Forest Dwellers", "purple", "2 of your pawns on green territories.",
         points=3, goal=("color", "green", 2)),
    Card("o_brown", "Earth Shapers", "purple", "3 of your pawns on brown territories.",
         points=4, goal=("color", "brown", 3)),
    Card("o_orange", "Desert Wanderers", "purple", "3 of your pawns on orange territories.",
         points=4, goal=("color", "orange", 3)),
    Card("o_yellow", "Grassland Herders", "purple", "3 of your pawns on yellow territories.",
         points=4, goal=("color", "yellow", 3)),
    Card("o_africa", "Out of Africa", "purple", "3 of your pawns in Africa.",
         points=3, goal=("continent", "africa", 3)),
    Card("o_eurasia", "Silk Road Pioneers", "purple", "3 of your pawns in Eurasia.",
         points=5, goal=("continent", "eurasia", 3)),
    Card("o_oceania", "Sahul Voyagers", "purple", "3 of your pawns in Oceania.",
         points=5, goal=("continent", "oceania", 3)),
    Card("o_samerica", "Andean Trailblazers", "purple", "3 of your pawns in South America.",
         points=6, goal=("continent", "south_america", 3)),
    Card("o_namerica", "Prairie Pathfinders", "purple", "3 of your pawns in North America.",
         points=6, goal=("continent", "north_america", 3)),
    Card("o_antarctica", "Polar Pioneers", "purple", "3 of your pawns in Antarctica.",
         points=6, goal=("continent", "antarctica", 3)),
    Card("o_chain1", "Kinship Chain", "purple",
         "4 of your pawns on 4 adjacent territories of 1 continent.", points=5, goal=("chain", 1)),
    Card("o_chain2", "Bridge of Peoples", "purple",
         "4 of your pawns on 4 adjacent territories spanning exactly 2 continents.", points=5, goal=("chain", 2)),
    Card("o_four", "Four Horizons", "purple", "4 of your pawns on 4 different continents.",
         points=5, goal=("spread", 4)),
    Card("o_strong", "Mighty Lineage", "purple", "3 of your pawns of the greatest width (4).",
         points=4, goal=("width", MAX_WIDTH, 3)),
    Card("o_tall", "Towering Lineage", "purple", "3 of your pawns of the greatest height (4).",
         points=4, goal=("height", MAX_HEIGHT, 3)),
    Card("o_colors", "Many Faces", "purple", "2 white, 2 brown and 2 black pawns of yours.",
         points=5, goal=("colors", 2)),
    Card("o_tiles1", "First Sparks", "purple", "3 innovation tiles of level 1.",
         points=4, goal=("tiles", 1, 3)),
    Card("o_tiles2", "Growing Knowledge", "purple", "3 innovation tiles of level 2.",
         points=6, goal=("tiles", 2, 3)),
    Card("o_tiles3", "Master Crafts", "purple", "2 innovation tiles of level 3.",
         points=6, goal=("tiles", 3, 2)),
    Card("o_straits", "Sea Lords", "purple", "3 strait tokens.", points=5, goal=("straits", 3)),
)

CARDS: tuple[Card, ...] = ACTIONS + PERMANENTS + OBJECTIVES
CARD_BY_ID = {c.id: c for c in CARDS}
DECK_OF_COLOR = {"yellow": ACTIONS, "orange": PERMANENTS, "purple": OBJECTIVES}

# --- Hand limit, end of the game -----------------------------------------------------

OBJECTIVE_HAND_LIMIT = 2
OBJECTIVE_HAND_LIMIT_WITH_FAMILY = 3
OBJECTIVES_TO_END = 4  # a player completing their 4th objective triggers the final turns
ROUND_LIMIT = 12  # otherwise the final turns are triggered at the end of round 12
STARTING_HAND = {"yellow": 1, "orange": 1, "purple": 2}

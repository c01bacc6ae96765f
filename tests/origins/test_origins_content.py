"""Origins' content as data: the map, the pawns and their evolution tree, the tiles, the cards."""

import json

from origins_helpers import scenario

from apps.origins.content import (
    ACTIONS,
    ADJACENT,
    CARDS,
    CONTINENTS,
    DISTANCE,
    EVOLUTIONS,
    FORMS,
    FOUNDER,
    GRID,
    GRID_COLS,
    LAND_BORDERS,
    OBJECTIVES,
    PERMANENTS,
    RESERVE,
    START,
    STRAITS,
    TERRITORIES,
    TERRITORY_COLORS,
    TILES_PER_LEVEL,
)
from apps.origins.engine import RULES


def test_the_map_has_territories_of_every_colour_on_all_six_continents():
    assert {t.continent for t in TERRITORIES} == set(CONTINENTS)
    for continent in CONTINENTS:
        assert sum(t.continent == continent for t in TERRITORIES) >= 4, continent
    for color in TERRITORY_COLORS:
        assert sum(t.color == color for t in TERRITORIES) >= 7, color
    assert len({t.id for t in TERRITORIES}) == len({t.name for t in TERRITORIES}) == len(TERRITORIES) == 41


def test_every_territory_is_one_connected_region_of_the_grid():
    assert all(len(row) == GRID_COLS for row in GRID)
    for t in TERRITORIES:
        cells = {(r, c) for r, row in enumerate(GRID) for c, ch in enumerate(row) if ch == t.code}
        assert cells, t.name
        seen, stack = set(), [next(iter(cells))]
        while stack:
            r, c = stack.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            stack += [n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells]
        assert seen == cells, t.name


def test_adjacency_is_symmetric_and_every_territory_is_reachable_from_the_cradle():
    for a, neighbours in ADJACENT.items():
        for b in neighbours:
            assert a in ADJACENT[b]
    assert set(DISTANCE[START]) == {START} | {t.id for t in TERRITORIES}


def test_straits_join_territories_across_water_only():
    assert len(STRAITS) == 10
    for strait in STRAITS:
        assert frozenset(strait.ends) not in LAND_BORDERS, strait.name
    continents = {t.id: t.continent for t in TERRITORIES}
    crossings = {frozenset((continents[a], continents[b])) for s in STRAITS for a, b in [s.ends]}
    assert frozenset(("eurasia", "north_america")) in crossings
    assert frozenset(("south_america", "antarctica")) in crossings
    assert frozenset(("oceania", "antarctica")) in crossings


def test_the_map_leaves_room_for_the_four_territory_objectives_on_every_continent():
    by_continent = {c: [t.id for t in TERRITORIES if t.continent == c] for c in CONTINENTS}
    for continent, members in by_continent.items():
        # a connected group of four inside the continent exists
        found = False
        for start in members:
            group, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for n in ADJACENT[here]:
                    if n in members and n not in group:
                        group.add(n)
                        frontier.append(n)
            found = found or len(group) >= 4
        assert found, continent


def test_the_evolution_tree_is_rich_but_finite():
    assert len(FORMS) == 48
    reachable, frontier = {FOUNDER}, [FOUNDER]
    while frontier:
        form = frontier.pop()
        for nxt in EVOLUTIONS[form, 1]:
            if nxt not in reachable:
                reachable.add(nxt)
                frontier.append(nxt)
    assert reachable == set(FORMS)
    assert all(4 <= len(EVOLUTIONS[f, 1]) <= 5 for f in FORMS if f.endswith("-1-1"))
    assert EVOLUTIONS["black-4-4", 1] == ("white-4-4", "brown-4-4", "black-4-4")


def test_the_reserve_and_the_tiles():
    assert sum(RESERVE.values()) == 118 and RESERVE[FOUNDER] == 7
    assert all(n >= 2 for n in RESERVE.values())
    assert TILES_PER_LEVEL == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}


def test_there_are_enough_cards_and_their_names_are_distinct_and_distinctive():
    assert len(ACTIONS) >= 12 and len(PERMANENTS) >= 12 and len(OBJECTIVES) == 20
    names = [c.name for c in CARDS]
    assert len(set(names)) == len(names) and len({c.id for c in CARDS}) == len(CARDS)
    assert all(c.level in (1, 2, 3, 4) for c in PERMANENTS)
    # no card name occurs in the text of a view where every hand is hidden
    state = scenario(players=4, pawns=[(s, "white-1-1", "cradle") for s in range(4)])
    text = json.dumps(RULES.view(state, None))
    for name in names:
        assert name not in text
        for other in names:
            assert other == name or name not in other

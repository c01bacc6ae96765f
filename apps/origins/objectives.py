"""Does the board match an objective card? One small function per kind of goal.

Every check reads only the state (pawns on the board, the seat's tiles and strait
tokens), so the same function serves the rules, the bots and the tests.
"""

from __future__ import annotations

from itertools import combinations

from .content import (
    ADJACENT,
    CARD_BY_ID,
    PAWN_COLORS,
    START,
    TERRITORY_BY_ID,
    TILE_COLUMNS,
    TILE_LEVELS,
    parse_form,
    tile_id,
)
from .state import OriginsState, Pawn

State = OriginsState


def seat_pawns(state: State, seat: int) -> list[Pawn]:
    return [p for p in state["pawns"] if p["owner"] == seat]


def evolved_on_board(state: State, seat: int) -> list[Pawn]:
    """The seat's evolved pawns on territories, which the pawn objectives count ("Your evolved pawns on the board
    must meet these characteristics"): not its founder, and none waiting on the Cradle."""
    return [p for p in seat_pawns(state, seat) if not is_founder(state, p) and p["at"] != START]


def is_founder(state: State, pawn: Pawn) -> bool:
    """A player's first pawn; in games begun before pawns said so, the founders are the first ids."""
    return pawn.get("founder", pawn["id"] < state["players"])


def seat_territories(state: State, seat: int) -> list[str]:
    return [p["at"] for p in state["pawns"] if p["owner"] == seat and p["at"] != START]


COLOR_OF = {t: territory.color for t, territory in TERRITORY_BY_ID.items()}
CONTINENT_OF = {t: territory.continent for t, territory in TERRITORY_BY_ID.items()}


TILE_LEVEL = {tile_id(column, level): level for column in TILE_COLUMNS for level in TILE_LEVELS}


def tile_levels(tiles: list[str]) -> list[int]:
    counts = [0] * 6
    for tile in tiles:
        counts[TILE_LEVEL[tile]] += 1
    return counts


def connected(group: tuple[str, ...] | list[str]) -> bool:
    members = set(group)
    start = next(iter(members))
    seen = {start}
    stack = [start]
    while stack:
        here = stack.pop()
        for n in ADJACENT[here]:
            if n in members and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(members)


def chain_of(territories: list[str], continents: int) -> tuple[str, ...] | None:
    """Four territories forming one connected group that spans exactly ``continents`` continents."""
    for group in combinations(sorted(territories), 4):
        if len({TERRITORY_BY_ID[t].continent for t in group}) == continents and connected(group):
            return group
    return None


def progress(state: State, seat: int, goal: tuple, mine: list[Pawn] | None = None) -> tuple[int, int]:
    """(how much the seat has, how much the goal needs), for the bots and the board. ``mine``: the seat's pawns, when
    the caller has them (a bot judging many hypothetical boards), else read from the state."""
    kind = goal[0]
    if mine is None:
        mine = seat_pawns(state, seat)
    if kind == "color":
        have = sum(COLOR_OF[p["at"]] == goal[1] for p in mine if p["at"] != START)
        return have, goal[2]
    if kind == "continent":
        have = sum(CONTINENT_OF[p["at"]] == goal[1] for p in mine if p["at"] != START)
        return have, goal[2]
    if kind == "chain":
        territories = [p["at"] for p in mine if p["at"] != START]
        if chain_of(territories, goal[1]):
            return 4, 4
        best = 0
        for t in territories:
            group = {t}
            frontier = [t]
            while frontier:
                here = frontier.pop()
                for n in ADJACENT[here]:
                    if n in territories and n not in group:
                        group.add(n)
                        frontier.append(n)
            best = max(best, min(len(group), 3))
        return best, 4
    if kind == "spread":
        have = len({CONTINENT_OF[p["at"]] for p in mine if p["at"] != START})
        return min(have, goal[1]), goal[1]
    if kind in ("width", "height"):
        index = 2 if kind == "width" else 1
        have = sum(parse_form(p["form"])[index] >= goal[1] for p in mine if p["at"] != START
                   and not is_founder(state, p))
        return min(have, goal[2]), goal[2]
    if kind == "colors":
        colors = [parse_form(p["form"])[0] for p in mine if p["at"] != START and not is_founder(state, p)]
        have = sum(min(colors.count(c), goal[1]) for c in PAWN_COLORS)
        return have, goal[1] * len(PAWN_COLORS)
    if kind == "tiles":
        have = tile_levels(state["seats"][seat]["tiles"])[goal[1]]
        return min(have, goal[2]), goal[2]
    if kind == "straits":
        have = sum(owner == seat for owner in state["straits"].values())
        return min(have, goal[1]), goal[1]
    raise ValueError(f"unknown goal {goal!r}")


def holds(state: State, seat: int, card_id: str) -> bool:
    """Does the board match this objective for this seat now?"""
    goal = CARD_BY_ID[card_id].goal
    if goal[0] == "chain":
        return chain_of(seat_territories(state, seat), goal[1]) is not None
    have, need = progress(state, seat, goal)
    return have >= need

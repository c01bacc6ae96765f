"""The heuristic bot: a fixed order of preferences, no search.

It grows its tribe and its agriculture early, keeps enough food coming, gathers wood
and better resources, builds every building it can pay for (the most valuable
resources first on the variable ones), buys cheap cards, adds tools only when they
lift a roll to the next step, and feeds with resources only when that costs less than
the 10-point penalty.
"""

from __future__ import annotations

import random
from typing import Any

from apps.matches.engine.search import Search, strong_bot

from . import flow, payments, scoring
from .content import BUILDING_BY_ID, CARD_BY_ID, MAX_PEOPLE, PLACE_BY_ID
from .determinize import determinized
from .state import Decision, SeatState, StoneAgeState

State = StoneAgeState
Move = dict[str, Any]

CHEAP_FIRST = ("wood", "clay", "stone", "gold")
DEAR_FIRST = ("gold", "stone", "clay", "wood")
FEED_COST = {"wood": 2, "clay": 2.5, "stone": 3, "gold": 3.5}  # what a resource is worth to this bot
DIE_PREFERENCE = (6, 5, 4, 3, 2, 1)
RESOLVE_ORDER = ("hunting", "forest", "clay_pit", "quarry", "river", "toolmaker", "hut", "field",
                 "stack1", "stack2", "stack3", "stack4", "card1", "card2", "card3", "card4")


def heuristic(rules, state: State, seat: int, rng: random.Random) -> Move:
    moves = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    player = state["seats"][seat]
    top = state["pending"][-1] if state["pending"] else None
    if top is None:
        if state["phase"] == flow.PLACE:
            return _place(state, seat, player, moves)
        return _resolve(moves)
    kind = top["kind"]
    if kind == "count":
        return _count(state, seat, player, top, moves)
    if kind == "tools":
        return _tools(state, player, top, moves)
    if kind == "pay":
        return _pay(state, player, top, moves)
    if kind == "feed":
        return _feed(player, top, moves)
    if kind == "pick_die":
        return _pick_die(player, moves)
    return {"type": "choose", "resource": "gold"}


def _food_short(state: State, player: SeatState) -> int:
    return player["people"] - player["agriculture"] - player["food"]


def _place_value(state: State, seat: int, player: SeatState, where: str) -> float:
    place = PLACE_BY_ID[where]
    res = player["res"]
    short = _food_short(state, player)
    if place.kind == "building":
        building = state["stacks"][int(where[5:]) - 1][-1]
        if payments.building_affordable(building, res):
            b = BUILDING_BY_ID[building]
            return 100 + (b.points if b.kind == "fixed" else 10)
        return 5
    if place.kind == "card":
        cost = int(where[4:])
        if sum(res.values()) >= cost:
            card = CARD_BY_ID[flow.card_on(state, cost)]
            bonus = 10 if card.top in ("agriculture", "tool", "points") or (card.top == "food" and short > 0) else 0
            return 60 - 8 * cost + bonus
        return 1
    if where == "hut":
        return 85 if player["people"] < MAX_PEOPLE and state["round"] < 14 else 2
    if where == "field":
        return 80 if player["agriculture"] < 10 else 2
    if where == "toolmaker":
        return 70 - 4 * sum(player["tools"]) if sum(player["tools"]) < 12 else 2
    if where == "hunting":
        return 90 if short > 0 else 20
    return {"forest": 50, "clay_pit": 48, "quarry": 47, "river": 46}[where]


def _place(state: State, seat: int, player: SeatState, moves: list[Move]) -> Move:
    return max(moves, key=lambda m: _place_value(state, seat, player, m["where"]))


def _count(state: State, seat: int, player: SeatState, top: Decision, moves: list[Move]) -> Move:
    most = top["max"]
    if top["where"] == "hunting":
        short = max(1, _food_short(state, player))
        want = min(most, max(1, (short * 2 + 2) // 3))
    else:
        good_left = sum(1 for p in ("hut", "field", "toolmaker", "stack1", "stack2", "stack3", "stack4")
                        if flow.place_max(state, seat, p) and _place_value(state, seat, player, p) > 60)
        want = max(1, most - min(good_left, 2))
    return {"type": "count", "n": want}


def _resolve(moves: list[Move]) -> Move:
    if {"type": "two_resources"} in moves:
        return {"type": "two_resources"}
    return min(moves, key=lambda m: RESOLVE_ORDER.index(m["where"]))


def _tools(state: State, player: SeatState, top: Decision, moves: list[Move]) -> Move:
    total = flow.roll_total(state, top)
    need = (total // top["divisor"] + 1) * top["divisor"] - total
    tiles = [(player["tools"][m["tile"]], m) for m in moves if m["type"] == "tool"]
    best = None
    for mask in range(1, 1 << len(tiles)):
        chosen = [tiles[i] for i in range(len(tiles)) if mask >> i & 1]
        value = sum(v for v, _ in chosen)
        if value >= need and (best is None or value < best[0]):
            best = (value, max(chosen, key=lambda t: t[0])[1])
    if best:
        return best[1]
    cards = [(CARD_BY_ID[m["card"]].amount, m) for m in moves if m["type"] == "tool_card"]
    if top["yields"] in ("stone", "gold"):
        for value, move in sorted(cards, key=lambda c: c[0]):
            if value + sum(v for v, _ in tiles) >= need:
                return move
    return {"type": "take"}


def _pay(state: State, player: SeatState, top: Decision, moves: list[Move]) -> Move:
    if {"type": "build"} in moves:
        target = BUILDING_BY_ID[flow.pay_target(state, top)]
        if target.kind == "fixed" or not any(m["type"] == "pay" for m in moves):
            return {"type": "build"}
    pays = [m["resource"] for m in moves if m["type"] == "pay"]
    if not pays:
        if {"type": "two_resources"} in moves:
            return {"type": "two_resources"}
        return {"type": "decline"}
    order = CHEAP_FIRST if top["what"] == "card" else DEAR_FIRST
    return {"type": "pay", "resource": next(r for r in order if r in pays)}


def _feed(player: SeatState, top: Decision, moves: list[Move]) -> Move:
    still = top["missing"] - sum(top["paid"].values())
    res = dict(player["res"])
    cost, left = 0.0, still
    for r in CHEAP_FIRST:
        take = min(res[r], left)
        cost += take * FEED_COST[r]
        left -= take
    if left == 0 and cost < 10:
        return {"type": "feed", "resource": next(r for r in CHEAP_FIRST if res[r])}
    if left and {"type": "two_resources"} in moves:
        return {"type": "two_resources"}
    return {"type": "starve"}


def _pick_die(player: SeatState, moves: list[Move]) -> Move:
    faces = [m["face"] for m in moves]
    for face in DIE_PREFERENCE:
        if face == 6 and player["agriculture"] >= 10:
            continue
        if face in faces:
            return {"type": "pick_die", "face": face}
    return moves[0]


def payable(state: State, seat: int, where: str) -> bool:
    """Whether ``seat`` could pay, with the resources it has now, for what a person placed at ``where`` takes: a
    civilization card (its space's cost in any resources) or a building (its stack's top tile); other places ask
    for nothing."""
    res = state["seats"][seat]["res"]
    if where.startswith("card"):
        return sum(res.values()) >= int(where[4:])
    if where.startswith("stack"):
        return payments.building_affordable(state["stacks"][int(where[5:]) - 1][-1], res)
    return True


def sensible(state: State, seat: int, moves: list[Move]) -> list[Move]:
    """The moves the strong bot may choose: no person on a card or building it cannot pay for while another place
    is open. Its playouts would gather first and pay after, which the real dice often do not allow (in round 1 it
    put people on cards with nothing to pay)."""
    kept = [m for m in moves if m.get("type") != "place" or payable(state, seat, m["where"])]
    return kept if any(m.get("type") == "place" for m in kept) else moves


def standings(state: State) -> list[float]:
    """Every seat's points as if the game ended now (buildings, cards, culture, professions and resources)."""
    return [float(part["total"]) for part in scoring.final_scores(state)]


def unmarked(rules, state: State, seat: int, move: Move) -> State:
    """A move as the search's playouts play it: without the marks of what it changed, which only a table shows."""
    return rules.apply(state, seat, move, marks=False)


# The strong bot (``apps.matches.engine.search``): a round of two players is some 40 moves, so a playout of 60 sees
# the candidate's placements resolved, fed and paid for; a lead of 20 points is most of a win.
STRONG = strong_bot(Search(determinize=determinized, rollout=heuristic, values=standings, scale=20.0, depth=60,
                           allowed=sensible, advance=unmarked))

"""The heuristic bot: completes objectives as soon as it can, and otherwise plays the
action whose result scores best for it (points now, objective progress, rewards).

It keeps no memory between moves: each call rebuilds its plan from the state, so a
two-step action (select a pawn, then a territory) always follows the same plan. (It keeps a
cache of how near pawns are to objectives, ``_CLOSENESS``: the same answers, sooner.)
"""

from __future__ import annotations

import random
from typing import Any

from apps.matches.engine.search import Search, strong_bot

from . import flow, objectives
from .content import (
    CARD_BY_ID,
    CONTINENTS,
    DISTANCE,
    RESERVE,
    START,
    STRAITS,
    TERRITORIES,
    TERRITORY_BY_ID,
    Strait,
    parse_form,
)
from .determinize import determinized
from .state import Entry, OriginsState, Pawn

State = OriginsState
Move = dict[str, Any]

GOOD_ACTIONS = ("spark", "copper", "raid", "theft", "pirates", "hunt", "harvest", "vision", "stories")
BEFORE_ACTION = ("camp", "wanderlust", "ambush", "breeding")


def evaluate(state: State, seat: int, fixed: tuple[float, float] | None = None) -> float:
    """How good a (possibly hypothetical) position is for ``seat``. ``fixed``: what ``fixed_parts`` says of the seat's
    points and tiles in it, when only the pawns differ from the position it was worked out in."""
    points, tiles = fixed or fixed_parts(state, seat)
    return pawns_value(state, seat, [p for p in state["pawns"] if p["owner"] == seat], points, tiles)


def pawns_value(state: State, seat: int, mine: list[Pawn], points: float, tiles: float,
                pawns_key: tuple | None = None, purple: list[Objective] | None = None) -> float:
    """``evaluate`` of a position where the seat's pawns are ``mine`` (and the rest is ``state``'s), the seat's points
    and tiles' part given: the bot judges many such positions a move, each differing from ``state`` by one pawn.
    ``pawns_key`` (what tells ``mine`` from any other pawns of the seat) and ``purple`` (``objectives_in_hand``),
    if the caller has them."""
    value = points
    if purple is None:
        purple = objectives_in_hand(state, seat, mine)
    judged = None
    for card, weight, goal, near in purple:
        if near is None:
            if judged is None:
                if pawns_key is None:
                    pawns_key = pawns_key_of(state, mine)
                judged = _CLOSENESS.get(pawns_key)
                if judged is None:
                    if len(_CLOSENESS) >= CLOSENESS_KEPT:
                        _CLOSENESS.clear()
                    judged = _CLOSENESS[pawns_key] = {}
            near = judged.get(card)
            if near is None:
                near = judged[card] = closeness(state, seat, goal, mine)
        value += weight * near
    value += 0.4 * len(mine)
    value += 0.05 * sum([HEIGHT[p["form"]] for p in mine])
    value += tiles
    return value


Objective = tuple[str, float, tuple, float | None]


def objectives_in_hand(state: State, seat: int, mine: list[Pawn]) -> list[Objective]:
    """The seat's objective cards in hand, in order, each with what its closeness weighs (0.9 of its points), its goal,
    and its closeness if that does not depend on the pawns (else None)."""
    out: list[Objective] = []
    for card in state["seats"][seat]["hand"]:
        info = CARD_BY_ID[card]
        if info.color == "purple":
            near = None if info.goal[0] in PAWN_GOALS else closeness(state, seat, info.goal, mine)
            out.append((card, 0.9 * info.points, info.goal, near))
    return out


def pawns_key_of(state: State, pawns: list[Pawn]) -> tuple:
    """The seat's pawns as the closeness of its goals sees them: where each is, its form, whether it is a founder
    (``objectives.is_founder``), in no particular order."""
    return tuple(sorted([pawn_item(state, p) for p in pawns]))


def pawn_item(state: State, pawn: Pawn) -> tuple[str, str, bool]:
    return pawn["at"], pawn["form"], pawn.get("founder", pawn["id"] < state["players"])


# The goals whose closeness depends on the seat's pawns alone (where they are, their forms, which is a founder), and
# the closeness of such goals already worked out, by pawns and card: the heuristic judges the same boards again and
# again (a pawn's plans once to pick the action, once more to finish it; a search's playouts from one position).
PAWN_GOALS = frozenset({"color", "continent", "chain", "spread", "width", "height", "colors"})
_CLOSENESS: dict[tuple, dict[str, float]] = {}
CLOSENESS_KEPT = 200_000
HEIGHT = {form: parse_form(form)[1] for form in RESERVE}


def fixed_parts(state: State, seat: int) -> tuple[float, float]:
    """The parts of ``evaluate`` that the pawns do not change: the seat's points, and what its best tile adds."""
    levels = objectives.tile_levels(state["seats"][seat]["tiles"])
    return flow.score_of(state, seat)["total"], 0.3 * max([lv for lv in range(1, 6) if levels[lv]], default=0)


# Steps from every space to the nearest territory of every continent.
TO_CONTINENT = {
    space: {c: min(d for t, d in dists.items() if t != START and TERRITORY_BY_ID[t].continent == c)
            for c in CONTINENTS}
    for space, dists in DISTANCE.items()
}
assert len(TO_CONTINENT) == len(TERRITORIES) + 1


def closeness(state: State, seat: int, goal: tuple, mine: list[Pawn] | None = None) -> float:
    """How near the seat is to an objective, from 0 to 1 (squared, so the last steps weigh most).
    Pawn-size goals earn partial credit for every step grown towards the greatest size. ``mine``: the seat's pawns
    (by default, the state's)."""
    if mine is None:
        mine = [p for p in state["pawns"] if p["owner"] == seat]
    if goal[0] in ("width", "height"):
        index = 2 if goal[0] == "width" else 1
        sizes = sorted((parse_form(p["form"])[index] for p in mine), reverse=True)
        best = sizes[: goal[2]]
        return (sum(min(size, goal[1]) for size in best) / (goal[1] * goal[2])) ** 2
    have, need = objectives.progress(state, seat, goal, mine)
    if goal[0] == "continent" and have < need:
        # pawns on their way earn a little: the nearer the continent, the more
        away = [TO_CONTINENT[p["at"]][goal[1]] for p in mine
                if p["at"] == START or TERRITORY_BY_ID[p["at"]].continent != goal[1]]
        bonus = sum(0.5 / d for d in sorted(away)[: need - have])
        return (min(have + bonus, need - 0.5) / need) ** 2
    return (have / need) ** 2


def with_pawns(state: State, pawns: list[Pawn]) -> State:
    hypothetical = state.copy()
    hypothetical["pawns"] = pawns
    return hypothetical


def moved_to(pawn: Pawn, at: str) -> Pawn:
    moved = pawn.copy()
    moved["at"] = at
    return moved


# Per territory, the straits it is a shore of, each with its other shore.
ACROSS: dict[str, list[tuple[str, Strait]]] = {
    t: [(b if a == t else a, strait) for strait in STRAITS for a, b in [strait.ends] if t in (a, b)]
    for t in TERRITORY_BY_ID
}


def strait_gain(state: State, seat: int, pawns: list[Pawn]) -> float:
    occupied = {p["at"]: p["owner"] for p in pawns}
    gain = 0.0
    for strait in STRAITS:
        a, b = strait.ends
        if state["straits"][strait.id] != seat and occupied.get(a) == seat and occupied.get(b) == seat:
            gain += strait.value
    return gain


def settle_value(state: State, seat: int, territory: str, swapped: bool) -> float:
    color = TERRITORY_BY_ID[territory].color
    if color == "green":
        return 0.0 if swapped else float(state["hunts"].get(territory, 0))
    return 2.0


def action_plans(state: State, seat: int, pawn_ids: list[int] | None = None) -> list[tuple[float, list[Move]]]:
    """Every complete action (as its list of moves) with its value.

    Each plan's position differs from ``state`` by one pawn (moved, or born; a swapped pawn goes to the Cradle, which
    no strait touches), so its value is worked out from the seat's pawns and who holds each strait's shores, not
    from a copy of the state: the same sums, in the same order, as ``evaluate`` and ``strait_gain`` of that copy."""
    plans: list[tuple[float, list[Move]]] = []
    points, tiles = fixed_parts(state, seat)  # the plans move pawns only
    pawns = state["pawns"]
    mine = [p for p in pawns if p["owner"] == seat]
    occupied = flow.occupants(state)
    shores = {p["at"] for p in mine}
    # The straits the seat does not hold whose shores are both its already (a strait taken by Pirates): a pawn that
    # leaves one loses it; one that settles a shore of a strait the seat does not hold gains it if the other is its.
    straits = state["straits"]
    held = [strait for strait in STRAITS if straits[strait.id] != seat and strait.ends[0] in shores
            and strait.ends[1] in shores]
    held_value = sum([strait.value for strait in held])

    def gain(settled: str, left: str | None) -> float:
        """``strait_gain`` once a pawn of the seat settled ``settled`` (and one left ``left``): whole points."""
        total = held_value
        if held and left is not None:
            total -= sum([strait.value for strait in held if left in strait.ends])
        for other, strait in ACROSS[settled]:
            if other in shores and other != left and straits[strait.id] != seat:
                total += strait.value
        return float(total)

    purple = objectives_in_hand(state, seat, mine)
    owned = len(mine)
    mine_key = None
    for pawn in pawns:
        if pawn_ids is not None and pawn["id"] not in pawn_ids:
            continue
        if pawn["owner"] == seat:
            migrate, swap = flow.destinations(state, seat, pawn, occupied)
            rest = [p for p in mine if p is not pawn]
            rest_key = pawns_key_of(state, rest)
            left = pawn["at"]
            founder = pawn_item(state, pawn)[2]
            for to in migrate + swap:
                swapped = to in swap
                key = ("one more", rest_key, (to, pawn["form"], founder))
                value = (pawns_value(state, seat, [moved_to(pawn, to)] + rest, points, tiles, key, purple)
                         + settle_value(state, seat, to, swapped) + gain(to, left))
                value += 0.5 if swapped else 0.0
                kind = "swap" if swapped else "migrate"
                plans.append((value, [{"type": "select", "pawn": pawn["id"]}, {"type": kind, "to": to}]))
        forms = flow.evolution_forms(state, seat, pawn, occupied, owned)
        if forms:
            if mine_key is None:
                mine_key = pawns_key_of(state, mine)
            for to in flow.empty_neighbours(state, pawn["at"], occupied):
                for form in forms:
                    new: Pawn = {"id": -1, "form": form, "owner": seat, "at": to}
                    key = ("one more", mine_key, pawn_item(state, new))
                    value = (pawns_value(state, seat, mine + [new], points, tiles, key, purple)
                             + settle_value(state, seat, to, False))
                    value += gain(to, None)
                    plans.append((value, [{"type": "select", "pawn": pawn["id"]}, {"type": "evolve", "form": form},
                                          {"type": "place", "to": to}]))
    return plans


def best_plan(state: State, seat: int, pawn_ids: list[int] | None = None) -> list[Move] | None:
    plans = action_plans(state, seat, pawn_ids)
    if not plans:
        return None
    return max(plans, key=lambda plan: plan[0])[1]


def card_keep_value(state: State, seat: int, card: str) -> float:
    info = CARD_BY_ID[card]
    if info.color == "purple":
        have, need = objectives.progress(state, seat, info.goal)
        return info.points * (0.2 + (have / need) ** 2)
    if info.color == "orange":
        return 2.0 if flow.highest_tile(state, seat) >= info.level else 1.0 + 0.1 * (4 - info.level)
    return 1.5 if card in GOOD_ACTIONS else 1.0


def choose_reward(state: State, seat: int, reward: Entry, moves: list[Move]) -> Move:
    pawns = [p for p in state["pawns"] if p["owner"] == seat]
    pawns_key = pawns_key_of(state, pawns)

    def value(move: Move) -> float:
        if move["type"] == "tile":
            mine = state["seats"][seat].copy()
            mine["tiles"] = mine["tiles"] + [move["tile"]]
            hyp = state.copy()
            hyp["seats"] = list(state["seats"])
            hyp["seats"][seat] = mine
            worth = pawns_value(hyp, seat, pawns, *fixed_parts(hyp, seat), pawns_key)  # = evaluate(hyp, seat)
            if reward["color"] != "brown" and state["decks"][reward["color"]]:
                worth += 1.0
            return worth + 0.1 * int(move["tile"].rsplit("-", 1)[1])
        if move["type"] == "draw3":
            return evaluate(state, seat) + 1.2
        return evaluate(state, seat)

    return max(moves, key=value)  # the first of the best, as the values are never negative


def choose_option(state: State, seat: int, moves: list[dict], rng: random.Random) -> dict:
    card = state["pending"][-1]["card"]
    if card in ("spark", "copper", "theft"):
        def level(move):
            option = move["option"]
            return int(option.rsplit("-", 1)[1]) if "-" in option else 1
        return max(moves, key=level)
    if card == "hunt":
        return max(moves, key=lambda m: state["hunts"][m["option"]])
    if card == "pirates":
        values = {s.id: s.value for s in STRAITS}
        return max(moves, key=lambda m: values[m["option"]])
    if card == "stories":
        for move in moves:
            if move["option"] == "orange":
                return move
    if card == "raid":
        return max(moves, key=lambda m: len(state["seats"][int(m["option"].split("-")[1])]["hand"]))
    return rng.choice(moves)


def heuristic(rules: Any, state: State, seat: int, rng: random.Random) -> Move:
    moves: list[Move] = rules.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    top = flow.top_entry(state)
    if top is None or top["kind"] == "reward":
        return play_turn(state, seat, moves, top)
    if top["kind"] == "return":
        return min(moves, key=lambda m: card_keep_value(state, seat, m["card"]))
    if top["kind"] == "choose":
        return choose_option(state, seat, moves, rng)
    if top["kind"] == "evolving":
        return place_evolved(state, seat, moves, top)
    plan = best_plan(state, seat, [top["pawn"]])  # selected: the second move of the best plan for that pawn
    if plan and plan[1] in moves:
        return plan[1]
    return moves[0]


def place_evolved(state: State, seat: int, moves: list[Move], top: Entry) -> Move:
    """Where to settle the new pawn: the territory whose position is worth most."""
    best_move, best_value = None, None
    fixed = fixed_parts(state, seat)
    for move in moves:
        if move["type"] != "place":
            continue
        new: Pawn = {"id": -1, "form": top["form"], "owner": seat, "at": move["to"]}
        pawns = state["pawns"] + [new]
        value = (evaluate(with_pawns(state, pawns), seat, fixed) + settle_value(state, seat, move["to"], False)
                 + strait_gain(state, seat, pawns))
        if best_value is None or value > best_value:
            best_move, best_value = move, value
    return best_move or moves[0]


def play_turn(state: State, seat: int, moves: list[Move], reward: Entry | None) -> Move:
    """Nothing half made, or a reward to take: objectives first, then permanents, good actions, the reward,
    the best action with a pawn, March, and last the end of the turn."""
    plays = [m for m in moves if m["type"] == "play"]
    for move in plays:
        if CARD_BY_ID[move["card"]].color == "purple":
            return move
    for move in plays:
        if CARD_BY_ID[move["card"]].color == "orange":
            return move
    acting = state["turn"]["acted"] < state["turn"]["actions"]
    for move in plays:
        card = move["card"]
        if card in GOOD_ACTIONS or (card in BEFORE_ACTION and acting and reward is None):
            return move
    if reward is not None:
        return choose_reward(state, seat, reward, [m for m in moves if m["type"] != "play"])
    if any(m["type"] == "select" for m in moves):
        plan = best_plan(state, seat)
        if plan and plan[0] in moves:
            return plan[0]
    for move in plays:
        if move["card"] == "march":
            return move
    return next(m for m in moves if m["type"] == "end_turn")


def standings(state: State) -> list[float]:
    """Every seat's position as the heuristic judges it: points now plus objectives in reach, pawns and tiles."""
    return [evaluate(state, seat) for seat in range(state["players"])]


def whose_turn(state: State) -> int:
    return state["seat"]


def unmarked(rules: Any, state: State, seat: int, move: Move) -> State:
    """A move as the search's playouts play it: without the marks of what it changed, which only a table shows."""
    return rules.apply(state, seat, move, marks=False)


# The strong bot (``apps.matches.engine.search``): a playout runs to the start of the bot's next turn, and a lead of
# 5 points is most of a win (a two-player game ends near 40 to 55). Many of a turn's moves are close (which pawn,
# which territory), so the heuristic's own move keeps an edge of a tenth of a win: the search overrules it only
# when the playouts clearly disagree.
STRONG = strong_bot(Search(determinize=determinized, rollout=heuristic, values=standings, scale=5.0, depth=200,
                           turn=whose_turn, edge=0.1, advance=unmarked))

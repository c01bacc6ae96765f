"""Live On's co-operative heuristic bot: keeps everyone alive, feeds the band, and builds the settlement.

``choose(rules, state, seat, rng)`` returns one of the seat's legal moves. It reads only what that
seat may see: public tokens and boards, and the fronts of options (never an unflipped back).
"""

from __future__ import annotations

import random
from math import comb

from . import flow
from .content import BUILDINGS, HEALTH_TRAITS, MORALE_TRAITS, SPOTS, TRAITS
from .state import LiveOnState

VALUES = {"health": 2.5, "morale": 1.2, "res": 1.0, "art": 1.2, "resolve": 0.2, "reveal": 1.0, "perfail": -0.8}
BUILD_ORDER = ("plans", "altar", "hearth", "storage", "vantage", "hall")


def p_success(dice: int, needed: int) -> float:
    """Chance of at least ``needed`` rolls of 4 or lower among ``dice`` six-sided dice."""
    if needed <= 0:
        return 1.0
    q = 4 / 6
    return sum(comb(dice, k) * q ** k * (1 - q) ** (dice - k) for k in range(needed, dice + 1))


def spare(state: LiveOnState, seat: int, trait: str) -> int:
    """Tokens of a trait the bot is willing to spend: keep health above 3 and morale above 2."""
    have = state["seats"][seat]["traits"][trait]
    if trait in HEALTH_TRAITS:
        return max(0, min(have, flow.health(state, seat) - 3))
    return max(0, min(have, flow.morale(state, seat) - 2))


def effect_value(state: LiveOnState, seat: int, effects: tuple) -> float:
    total = 0.0
    low_health = flow.health(state, seat) <= 3
    for name, n in effects:
        if name == "health":
            total += n * VALUES["health"] * (2 if low_health and n < 0 else 1)
        elif name == "morale":
            total += n * VALUES["morale"]
        elif name == "res":
            total += n * VALUES["res"]
        elif name in TRAITS:
            total += 0.6 * n
        elif name in VALUES:
            total += VALUES[name] * (n or 1)
    return total


def option_score(state: LiveOnState, seat: int, option) -> float:
    dice = 1 + spare(state, seat, option.trait) + flow.tool_bonus(state, seat, option.trait)
    chance = p_success(dice, option.diamonds)
    fail = effect_value(state, seat, option.failure)
    if ("perfail", 0) in option.failure:
        fail -= 0.8 * (dice - 1)
    return chance * effect_value(state, seat, option.success) + (1 - chance) * fail


def zone_plan(state: LiveOnState, seat: int, moves: list[dict]) -> dict:
    pl = state["seats"][seat]
    taken: dict[str, int] = {}
    for other in state["seats"]:
        if other["zone"]:
            key = flow.camp_key(other["zone"])
            taken[key] = taken.get(key, 0) + 1
    go = {m["zone"]: m for m in moves if m["type"] == "go" and m["zone"] not in SPOTS}
    health, morale = flow.health(state, seat), flow.morale(state, seat)
    max_health = sum(flow.cap(state, seat, t) for t in HEALTH_TRAITS)
    max_morale = sum(flow.cap(state, seat, t) for t in MORALE_TRAITS)
    need = sum(b.cost - min(b.cost, state["buildings"][b.id]) for b in BUILDINGS)
    band_res = sum(p["res"] for p in state["seats"])
    if health <= max(2, max_health // 2) or morale <= max(1, max_morale // 3):
        return go["rest"]
    if pl["res"] >= 3 or (pl["res"] >= 2 and band_res >= need):
        return go["settle"]
    if state["region"] == "mountains" and taken.get("special", 0) == 0 and health < max_health - 1:
        return go["special"]
    if taken.get("gather", 0) >= 2:
        if pl["res"] >= 1:
            return go["settle"]
        if flow.health(state, seat) < max_health:
            return go["rest"]
    return go["gather"]


ROLE_PREFERENCE = ("forester", "farmer", "spouse", "woken", "empath", "chosen", "soldier", "seer", "whisperer",
                   "mage", "priest", "advisor")


def choose(rules, state: LiveOnState, seat: int, rng: random.Random) -> dict:
    ask = flow.awaited(state)
    extra = flow.anytime_moves(state, ask, seat) if ask["kind"] not in ("role", "zones") else []
    moves = [m for m in rules.legal_moves(state, seat) if m not in extra]  # the bot answers; it uses no insight
    if moves[0]["type"] == "lose":  # the engine's own way to lose tokens is offered first
        return moves[0]
    chooser = CHOOSERS.get(ask["kind"])
    return chooser(state, seat, ask, moves) if chooser else moves[0]


def passing() -> dict:
    return {"type": "pass"}


def _first(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return moves[0]


def _pass(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return passing()


def _of_type(moves: list[dict], kind: str) -> list[dict]:
    return [m for m in moves if m["type"] == kind]


def choose_role(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    for role in ROLE_PREFERENCE:
        if {"type": "role", "role": role} in moves:
            return {"type": "role", "role": role}
    return moves[0]


def choose_zone(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return zone_plan(state, seat, moves)


def choose_option(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    options = flow.enc_options(flow.encounter(state))
    best = max(range(3), key=lambda i: option_score(state, seat, options[i]))
    return {"type": "option", "index": best}


def choose_invoke(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    enc = flow.encounter(state)
    option = flow.enc_options(enc)[enc["picks"][str(seat)]]
    got = flow.successes(enc["rolls"][str(seat)])
    return {"type": "invoke"} if got < option.diamonds else passing()


def choose_protect(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    """Protect the failing player whose failure costs most, if it costs anything."""
    enc = flow.encounter(state)
    worst = None
    for m in _of_type(moves, "protect"):
        t = m["target"]
        if not flow.succeeded(state, t):
            option = flow.enc_options(enc)[enc["picks"][str(t)]]
            value = effect_value(state, t, option.failure)
            if worst is None or value < worst[0]:
                worst = (value, m)
    return worst[1] if worst and worst[0] < 0 else passing()


def choose_whisper(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return {"type": "reroll"} if state["face"] in ("spirit", "phenomenon") else passing()


def choose_pick(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    """Regain health first when it runs low, otherwise the trait with the most empty slots."""
    picks = _of_type(moves, "pick")
    if not picks:
        return passing()
    health_low = flow.health(state, seat) <= 3

    def need(m):
        t = m["trait"]
        have, slots = state["seats"][seat]["traits"][t], flow.cap(state, seat, t)
        return (health_low and t in HEALTH_TRAITS, slots - have, -TRAITS.index(t))
    return max(picks, key=need)


def choose_tend(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return min(moves, key=lambda m: (flow.health(state, m["target"]), flow.morale(state, m["target"])))


def choose_contribute(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    """The building nearest completion, in the bot's order of usefulness on a tie."""
    options = _of_type(moves, "contribute")
    if not options:
        return passing()

    def remaining(m):
        b = m["building"]
        cost = next(x.cost for x in BUILDINGS if x.id == b)
        return (cost - state["buildings"][b], BUILD_ORDER.index(b))
    return min(options, key=remaining)


def choose_funder(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return max(moves, key=lambda m: state["seats"][m["seat"]]["res"])


def choose_hall(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    ok = all(flow.morale(state, s) >= 2 for s in ask["group"])
    return {"type": "refuge"} if ok else passing()


def choose_hall_pay(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return max(moves, key=lambda m: (m["trait"] in MORALE_TRAITS, state["seats"][seat]["traits"][m["trait"]]))


def choose_eat(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return {"type": "eat", "count": eat_count(state, seat, moves)}


def choose_spell(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    return (_of_type(moves, "cast") or [passing()])[0]


def eat_count(state: LiveOnState, seat: int, moves: list[dict]) -> int:
    most = max(m["count"] for m in moves)
    group = flow.group_of(state, seat)
    group_ate = any(state["seats"][s].get("ate") for s in group if s != seat)
    total = sum(p.get("ate", 0) for p in state["seats"])
    need = flow.food_need(state)
    later = [s for s in range(seat + 1, state["players"]) if state["seats"][s]["res"]]
    if not group_ate:
        return 1
    if total < need and len(later) < need - total:
        return min(most, need - total)
    return 0


def choose_spend(state: LiveOnState, seat: int, ask: dict, moves: list[dict]) -> dict:
    passing = {"type": "pass"}
    spends = [m for m in moves if m["type"] == "spend" and not m.get("plans")]
    plan_moves = [m for m in moves if m["type"] == "spend" and m.get("plans")]
    kind = ask["kind"]
    if kind == "mage":
        return {"type": "spend", "trait": "communing", "count": 1} if spare(state, seat, "communing") else passing
    if kind == "advise":
        return {"type": "spend", "trait": "wise", "count": 1} if spare(state, seat, "wise") else passing
    purpose = ask["purpose"]
    want = {"gather": 1, "settle": 1 if state["seats"][seat]["res"] >= 2 else 0, "rest": 2, "scout": 0,
            "cave": 1, "avoid": 1, "encounter": 0}[purpose]
    if purpose == "encounter":
        enc = flow.encounter(state)
        option = flow.enc_options(enc)[enc["picks"][str(seat)]]
        want = max(0, option.diamonds * 2 - 1)
    best = None
    for m in spends:
        if m["count"] <= min(want, spare(state, seat, m["trait"])):
            if best is None or m["count"] > best["count"]:
                best = m
    if plan_moves and want:
        return min(plan_moves, key=lambda m: m["count"])
    return best or passing


# How the bot answers each kind of decision; a kind not listed takes its first legal move.
CHOOSERS = {
    "role": choose_role, "zones": choose_zone, "spend": choose_spend, "mage": choose_spend,
    "advise": choose_spend, "augury": _pass, "option": choose_option, "invoke": choose_invoke,
    "protect": choose_protect, "whisper": choose_whisper, "pick": choose_pick, "woken": choose_pick,
    "tend": choose_tend, "scout": _first, "contribute": choose_contribute, "funder": choose_funder,
    "augury_deck": _first, "insight": _pass, "gift_art": _first, "hall": choose_hall, "hall_pay": choose_hall_pay,
    "eat": choose_eat, "trade": lambda state, seat, ask, moves: {"type": "done"}, "spell": choose_spell,
}

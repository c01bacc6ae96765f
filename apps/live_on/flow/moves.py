"""The decision awaited now and its legal moves: whose turn it is (``active_seats``) and what they may answer.
"""

from __future__ import annotations

from collections.abc import Callable

from apps.matches.engine import Move

from ..content import (
    ARTIFACT_BY_ID,
    BUILDINGS,
    DECKS,
    GIFTS,
    MAX_ARTIFACTS,
    PASTS,
    SECRET_BY_MARK,
    SPOTS,
    TRAITS,
    ZONE_ORDER,
)
from ..state import Ask, LiveOnState
from .board import (
    POOLS,
    SCOUTABLE,
    awaited,
    built,
    cap,
    core_traits,
    encounter,
    food_need,
    group_of,
    has_role,
    hopeless,
    is_over,
    loss_choices,
    morale,
    res_cap,
)

# --- Legal moves --------------------------------------------------------------

def active_seats(state: LiveOnState) -> list[int]:
    ask = state["ask"]
    if is_over(state) or ask is None:
        return []
    if ask["kind"] == "role":
        return [s for s in ask["seats"] if not state["seats"][s].get("picked")]
    if ask["kind"] == "zones":
        return [s for s in ask["seats"] if state["seats"][s]["zone"] is None or state["seats"][s].get("owes")]
    return [ask["seat"]]


def legal_moves(state: LiveOnState, seat: int) -> list[dict]:
    if seat not in active_seats(state):
        return []
    ask = awaited(state)
    if ask["kind"] in ("role", "zones"):
        return seat_moves(state, ask, seat)
    return ask_moves(state, ask) + anytime_moves(state, ask, seat)


def anytime_moves(state: LiveOnState, ask: Ask, seat: int) -> list[dict]:
    """Moves a seat may make at any decision of its own besides answering it: the empath's insight ("at any
    time", while someone else in the group holds a secret the empath has not read). They leave the decision
    waiting."""
    if ask["kind"] in ("insight", "lose") or not has_role(state, seat, "empath"):
        return []
    return [m for m in _insight(state, {"seat": seat}) if m["type"] == "insight"]


def seat_moves(state: LiveOnState, ask: Ask, seat: int) -> list[dict]:
    if ask["kind"] == "role":
        taken_p = {pl["past"] for pl in state["seats"] if pl.get("picked")}
        taken_g = {pl["gift"] for pl in state["seats"] if pl.get("picked")}
        return ([{"type": "role", "role": r.id} for r in PASTS if r.id not in taken_p]
                + [{"type": "role", "role": r.id} for r in GIFTS if r.id not in taken_g])
    pl = state["seats"][seat]
    if pl.get("owes"):  # a loss from a call is settled before anything else
        owed = pl["owes"][0]
        return [{"type": "lose", "tokens": way} for way in loss_choices(state, seat, POOLS[owed["pool"]], owed["n"])]
    moves = zone_moves(state, seat)
    if not pl["called"] and morale(state, seat) >= 1:
        for target, other in enumerate(state["seats"]):
            if target != seat and other["secrets"]:
                moves += [{"type": "call", "target": target, "mark": m} for m in SECRET_BY_MARK]
    return moves


def zone_moves(state: LiveOnState, seat: int) -> list[dict]:
    moves = []
    for zone in ZONE_ORDER:
        if zone in SPOTS:
            stack = [c["id"] for c in state["spots"][zone]]
            if not stack:
                continue
            fixed = state["visit_card"].get(zone)
            if fixed:
                moves.append({"type": "go", "zone": zone, "card": fixed})
                continue
            moves.append({"type": "go", "zone": zone, "card": stack[-1]})
            if built(state, "vantage") and state["vantage_spot"] in (None, zone):
                moves += [{"type": "go", "zone": zone, "card": c} for c in stack[:-1]]
        else:
            moves.append({"type": "go", "zone": zone})
    return moves


def spend_moves(state: LiveOnState, seat: int, traits: list[str], plans: bool = True) -> list[dict]:
    moves: list[Move] = [{"type": "pass"}]
    can_plan = plans and built(state, "plans") and not state["plans_used"]
    for t in traits:
        have = state["seats"][seat]["traits"][t]
        moves += [{"type": "spend", "trait": t, "count": k} for k in range(1, have + 1)]
        if can_plan:
            moves += [{"type": "spend", "trait": t, "count": k, "plans": True} for k in range(1, have + 2)]
    return moves


def pick_traits(state: LiveOnState, ask: Ask) -> list[str]:
    seat = ask["seat"]
    if ask.get("own", True) and hopeless(state, seat):
        return []
    traits = state["seats"][seat]["traits"]
    out = [t for t in TRAITS if traits[t] < cap(state, seat, t)]
    if ask.get("exclude_key"):
        out = [t for t in out if t != state["pick_memory"].get(f"{seat}:{ask['exclude_key']}")]
    if ask["kind"] == "woken":
        out = [t for t in out if t in core_traits(state, seat)]
    return out


def _spell(state: LiveOnState, ask: Ask) -> list[dict]:
    spells = [a["id"] for a in state["seats"][ask["seat"]]["arts"] if ARTIFACT_BY_ID[a["id"]].kind == "spell"]
    return [{"type": "cast", "artifact": a} for a in spells] + [{"type": "pass"}] if spells else []


def _unless_only_pass(moves: list[dict]) -> list[dict]:
    """A spending decision with nothing to spend is skipped."""
    return moves if len(moves) > 1 else []


def _spend(state: LiveOnState, ask: Ask) -> list[dict]:
    if ask["purpose"] == "avoid" and state["explore"] and state["explore"]["avoided"]:
        return []
    return _unless_only_pass(spend_moves(state, ask["seat"], ask["traits"]))


def _mage(state: LiveOnState, ask: Ask) -> list[dict]:
    return _unless_only_pass(spend_moves(state, ask["seat"], ["communing"], plans=False))


def _augury(state: LiveOnState, ask: Ask) -> list[dict]:
    return _unless_only_pass(spend_moves(state, ask["seat"], ["communing"]))


def _option(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "option", "index": i} for i in range(3)]


def _advise(state: LiveOnState, ask: Ask) -> list[dict]:
    wise = state["seats"][ask["seat"]]["traits"]["wise"]
    if wise == 0:
        return []
    return [{"type": "pass"}] + [{"type": "spend", "trait": "wise", "count": k} for k in range(1, wise + 1)]


def _invoke(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "invoke"}, {"type": "pass"}]


def _protect(state: LiveOnState, ask: Ask) -> list[dict]:
    others = [s for s in encounter(state)["seats"] if s != ask["seat"]]
    return [{"type": "protect", "target": s} for s in others] + [{"type": "pass"}]


def _whisper(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "reroll"}, {"type": "pass"}]


def _pick(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "pick", "trait": t} for t in pick_traits(state, ask)]


def _woken(state: LiveOnState, ask: Ask) -> list[dict]:
    moves = _pick(state, ask)
    return moves + [{"type": "pass"}] if moves else moves


def _tend(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "tend", "target": s} for s in ask["to"]]


def _scout(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "scout", "zone": z} for z in SCOUTABLE if z not in state["scouted_next"]]


def _contribute(state: LiveOnState, ask: Ask) -> list[dict]:
    if state["seats"][ask["seat"]]["res"] == 0:
        return []
    open_ = [b.id for b in BUILDINGS if not built(state, b.id)]
    return [{"type": "contribute", "building": b} for b in open_] + [{"type": "pass"}]


def _funder(state: LiveOnState, ask: Ask) -> list[dict]:
    payers = ask.get("payers") or ask["settling"]  # asks saved before any player at camp could pay name settlers
    return [{"type": "fund", "seat": s} for s in payers if state["seats"][s]["res"]]


def _augury_deck(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "look", "deck": d} for d in (*DECKS, "artifact")]


def _insight(state: LiveOnState, ask: Ask) -> list[dict]:
    seat = ask["seat"]
    targets = insight_targets(state, seat)
    caring = state["seats"][seat]["traits"]["caring"]
    if not targets or caring == 0:
        return []
    return [{"type": "insight", "target": t, "count": k} for t in targets
            for k in range(1, caring + 1)] + [{"type": "pass"}]


def _gift_art(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "give_art", "to": s} for s in ask["to"]] + [{"type": "pass"}]


def _hall(state: LiveOnState, ask: Ask) -> list[dict]:
    return [{"type": "refuge"}, {"type": "pass"}]


def _hall_pay(state: LiveOnState, ask: Ask) -> list[dict]:
    traits = state["seats"][ask["seat"]]["traits"]
    return [{"type": "pay", "trait": t} for t in TRAITS if traits[t]]


def _eat(state: LiveOnState, ask: Ask) -> list[dict]:
    res = state["seats"][ask["seat"]]["res"]
    if res == 0:
        return []
    most = max(1, food_need(state))
    return [{"type": "eat", "count": k} for k in range(0, min(res, most) + 1)]


def _lose(state: LiveOnState, ask: Ask) -> list[dict]:
    ways = loss_choices(state, ask["seat"], POOLS[ask["pool"]], ask["n"])
    return [{"type": "lose", "tokens": way} for way in ways]


def insight_targets(state: LiveOnState, seat: int) -> list[int]:
    out = []
    for s in group_of(state, seat):
        if s != seat and any(seat not in sec["known"] for sec in state["seats"][s]["secrets"]):
            out.append(s)
    return out


def trade_moves(state: LiveOnState, ask: Ask) -> list[dict]:
    seat = ask["seat"]
    pl = state["seats"][seat]
    moves = []
    others = [s for s in ask["resting"] if s != seat]
    for o in others:
        if pl["res"] and state["seats"][o]["res"] < res_cap(state, o):
            moves.append({"type": "give_res", "to": o})
        if len(state["seats"][o]["arts"]) < MAX_ARTIFACTS:
            moves += [{"type": "give_art", "to": o, "artifact": a["id"]} for a in pl["arts"]]
    if built(state, "storage"):
        mode = state["trade_mode"]
        if pl["res"] and mode.get("res") != "take":
            moves.append({"type": "store_res"})
        if state["storage"]["res"] and pl["res"] < res_cap(state, seat) and mode.get("res") != "store":
            moves.append({"type": "take_res"})
        if mode.get("art") != "take":
            moves += [{"type": "store_art", "artifact": a["id"]} for a in pl["arts"]]
        if len(pl["arts"]) < MAX_ARTIFACTS and mode.get("art") != "store":
            moves += [{"type": "take_art", "artifact": a["id"]} for a in state["storage"]["arts"]]
    return moves + [{"type": "done"}] if moves else []


# The moves of each decision one seat answers alone, and the move types that may answer it (``pending``'s options).
ASK_MOVES: dict[str, Callable[[LiveOnState, dict], list[dict]]] = {
    "spell": _spell, "spend": _spend, "mage": _mage, "option": _option, "advise": _advise, "invoke": _invoke,
    "protect": _protect, "whisper": _whisper, "pick": _pick, "woken": _woken, "tend": _tend, "scout": _scout,
    "contribute": _contribute, "funder": _funder, "augury": _augury, "augury_deck": _augury_deck,
    "insight": _insight, "gift_art": _gift_art, "hall": _hall, "hall_pay": _hall_pay, "eat": _eat,
    "trade": trade_moves, "lose": _lose,
}


def ask_moves(state: LiveOnState, ask: Ask) -> list[dict]:
    """The moves answering an ask; empty means the ask is skipped."""
    return ASK_MOVES[ask["kind"]](state, ask)


# The move types that may answer each decision, sorted: ``pending``'s options (``legal_moves`` gives the moves now).
ANSWER_TYPES: dict[str, tuple[str, ...]] = {
    "role": ("role",), "zones": ("call", "go", "lose"), "spell": ("cast", "pass"), "spend": ("pass", "spend"),
    "mage": ("pass", "spend"), "option": ("option",), "advise": ("pass", "spend"), "invoke": ("invoke", "pass"),
    "protect": ("pass", "protect"), "whisper": ("pass", "reroll"), "pick": ("pick",), "woken": ("pass", "pick"),
    "tend": ("tend",), "scout": ("scout",), "contribute": ("contribute", "pass"), "funder": ("fund",),
    "augury": ("pass", "spend"), "augury_deck": ("look",), "insight": ("insight", "pass"),
    "gift_art": ("give_art", "pass"), "hall": ("pass", "refuge"), "hall_pay": ("pay",), "eat": ("eat",),
    "trade": ("done", "give_art", "give_res", "store_art", "store_res", "take_art", "take_res"), "lose": ("lose",),
}

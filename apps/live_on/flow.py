"""Live On's rules: the round as a queue of small tasks, and the decisions (``ask``) that wait for a move.

The state holds ``tasks`` (what happens next, first item first) and ``ask`` (the decision awaited
now, or None). ``run`` pops tasks until a task asks something or the game ends; a move answers the
ask and runs on. Everything is plain JSON data; dice come only from the ``Rng`` given in.
"""

from __future__ import annotations

from typing import Any

from apps.matches.rules import Rng

from .content import (
    ARTIFACT_BY_ID,
    ARTIFACTS,
    BUILDING_BY_ID,
    BUILDINGS,
    CAMP,
    DECKS,
    EVENT_BY_ID,
    EVENT_DIE,
    EVENT_SUCCESS,
    EVENTS,
    GIFTS,
    HEALTH_TRAITS,
    MAX_ARTIFACTS,
    MORALE_TRAITS,
    PASTS,
    REGION_BY_ID,
    REGIONS,
    RESOURCE_SLOTS,
    ROLE_BY_ID,
    SECRET_BY_MARK,
    SPOTS,
    STARTING_RESOURCES,
    TRAITS,
    WINTER_ROUND,
    ZONE_ORDER,
    zone_action,
)

State = dict[str, Any]
SETUP, PREP, ACTION, EVENT, KEEPING, OVER = "setup", "prep", "action", "event", "keeping", "over"
SCOUTABLE = ("gather", "explore1", "special", "explore2", "camp", *SPOTS)


# --- Setup ---------------------------------------------------------------------

def new_state(players: int, seed: int, rng: Rng) -> State:
    region = REGIONS[rng.below(len(REGIONS))].id
    decks = {d: [e.id for e in EVENTS if e.deck == d] for d in DECKS}
    for d in DECKS:
        rng.shuffle(decks[d])
    art = [a.id for a in ARTIFACTS]
    rng.shuffle(art)
    state: State = {
        "game": "live_on", "players": players, "round": 0, "phase": SETUP, "region": region,
        "seats": [{"past": None, "gift": None, "traits": {t: 0 for t in TRAITS}, "res": 0, "arts": [],
                   "secrets": [], "zone": None, "called": False} for _ in range(players)],
        "decks": decks, "discard": {d: [] for d in DECKS}, "art_deck": art, "art_discard": [],
        "spots": {s: [] for s in SPOTS}, "presence": {z: 0 for z in ZONE_ORDER},
        "scouted": {}, "scouted_next": {}, "sheltered": [],
        "buildings": {b.id: 0 for b in BUILDINGS}, "storage": {"res": 0, "arts": []},
        "plans_used": False, "visit_card": {}, "vantage_spot": None, "groups": [],
        "tasks": [], "ask": {"kind": "role", "seats": list(range(players))}, "enc": None, "roll": {},
        "explore": None, "face": None, "trade_mode": {},
        "seen": [], "backs": [], "private": {str(s): [] for s in range(players)},
        "foresight": {}, "log": [], "result": None, "refuge": False, "pick_memory": {},
    }
    log(state, f"The band sets out into the {REGION_BY_ID[region].name}. Each player chooses a past or a gift.")
    return state


# --- Small helpers -------------------------------------------------------------

def log(state: State, text: str, to: list[int] | None = None) -> None:
    state["log"].append({"text": text, "to": to})


def p(seat: int) -> str:
    return f"{{p{seat}}}"


def roles(state: State, seat: int):
    player = state["seats"][seat]
    return ROLE_BY_ID[player["past"]], ROLE_BY_ID[player["gift"]]


def has_role(state: State, seat: int, role: str) -> bool:
    player = state["seats"][seat]
    return role in (player["past"], player["gift"])


def cap(state: State, seat: int, trait: str) -> int:
    i = TRAITS.index(trait)
    past, gift = roles(state, seat)
    return past.slots[i] + gift.slots[i]


def health(state: State, seat: int) -> int:
    return sum(state["seats"][seat]["traits"][t] for t in HEALTH_TRAITS)


def morale(state: State, seat: int) -> int:
    return sum(state["seats"][seat]["traits"][t] for t in MORALE_TRAITS)


def hopeless(state: State, seat: int) -> bool:
    return morale(state, seat) == 0


def tool_sides(state: State, seat: int):
    for art in state["seats"][seat]["arts"]:
        card = ARTIFACT_BY_ID[art["id"]]
        if card.kind == "tool":
            yield card.back if art["up"] and card.back else card.front


def tool_bonus(state: State, seat: int, key: str) -> int:
    return sum(n for side in tool_sides(state, seat) for k, n in side.bonus if k == key)


def res_cap(state: State, seat: int) -> int:
    return RESOURCE_SLOTS + tool_bonus(state, seat, "slots")


def core_traits(state: State, seat: int) -> list[str]:
    past, gift = roles(state, seat)
    return [past.trait, gift.trait]


def zone_value(state: State, zone: str) -> int:
    region = REGION_BY_ID[state["region"]]
    action = zone_action(state["region"], zone)
    value = region.values[zone]
    for stack in state["spots"].values():
        for card in stack:
            aura = EVENT_BY_ID[card["id"]].aura
            if aura and (aura[0] == action or (aura[0] == "explore" and action == "deepwoods")):
                value += aura[1]
    return max(1, min(6, value))


def is_over(state: State) -> bool:
    return state["result"] is not None


def end(state: State, won: bool, reason: str) -> None:
    if state["result"] is None:
        state["result"] = {"won": won, "reason": reason}
        state["phase"] = OVER
        state["tasks"] = []
        state["ask"] = None
        log(state, reason)


def built(state: State, building: str) -> bool:
    return state["buildings"][building] >= BUILDING_BY_ID[building].cost


def built_count(state: State) -> int:
    return sum(built(state, b.id) for b in BUILDINGS)


# --- Gains and losses ----------------------------------------------------------

def gain_trait(state: State, seat: int, trait: str, n: int = 1, own: bool = True) -> int:
    if own and hopeless(state, seat):
        return 0
    player = state["seats"][seat]
    got = max(0, min(n, cap(state, seat, trait) - player["traits"][trait]))
    player["traits"][trait] += got
    return got


def spend_trait(state: State, seat: int, trait: str, n: int) -> None:
    state["seats"][seat]["traits"][trait] -= n
    check_death(state, seat)


def lose_pool(state: State, seat: int, pool: tuple, n: int) -> int:
    """Lose n tokens from a pool: each time from the trait held most (earliest trait on a tie)."""
    traits = state["seats"][seat]["traits"]
    lost = 0
    for _ in range(n):
        best = max(pool, key=lambda t: (traits[t], -pool.index(t)))
        if traits[best] == 0:
            break
        traits[best] -= 1
        lost += 1
    return lost


def gain_pool(state: State, seat: int, pool: tuple, n: int, own: bool = True) -> int:
    """Gain n tokens into a pool: each time into the trait with the most open slots."""
    if own and hopeless(state, seat):
        return 0
    traits = state["seats"][seat]["traits"]
    got = 0
    for _ in range(n):
        best = max(pool, key=lambda t: (cap(state, seat, t) - traits[t], -pool.index(t)))
        if cap(state, seat, best) - traits[best] <= 0:
            break
        traits[best] += 1
        got += 1
    return got


def check_death(state: State, seat: int) -> None:
    if health(state, seat) <= 0 and not is_over(state):
        end(state, False, f"{p(seat)} has died. The band has lost.")


def gain_res(state: State, seat: int, n: int, own: bool = True) -> int:
    if own and hopeless(state, seat):
        return 0
    player = state["seats"][seat]
    got = max(0, min(n, res_cap(state, seat) - player["res"]))
    player["res"] += got
    return got


def lose_res(state: State, seat: int, n: int) -> int:
    player = state["seats"][seat]
    lost = min(n, player["res"])
    player["res"] -= lost
    return lost


# --- Decks ---------------------------------------------------------------------

def draw_event(state: State, rng: Rng, deck: str) -> str | None:
    if not state["decks"][deck]:
        state["decks"][deck] = state["discard"][deck]
        state["discard"][deck] = []
        rng.shuffle(state["decks"][deck])
    if not state["decks"][deck]:
        return None
    return state["decks"][deck].pop(0)


def discard_event(state: State, card: str) -> None:
    state["discard"][EVENT_BY_ID[card].deck].append(card)


def draw_artifact(state: State, rng: Rng, tool_only: bool = False) -> str | None:
    if not state["art_deck"]:
        state["art_deck"] = state["art_discard"]
        state["art_discard"] = []
        rng.shuffle(state["art_deck"])
    if not tool_only:
        return state["art_deck"].pop(0) if state["art_deck"] else None
    drawn = []
    found = None
    while state["art_deck"]:
        card = state["art_deck"].pop(0)
        if ARTIFACT_BY_ID[card].kind == "tool":
            found = card
            break
        drawn.append(card)
    state["art_deck"].extend(drawn)
    if drawn:
        rng.shuffle(state["art_deck"])
    return found


def see(state: State, card: str) -> None:
    if card not in state["seen"]:
        state["seen"].append(card)


def see_back(state: State, card: str) -> None:
    if card not in state["backs"]:
        state["backs"].append(card)


def see_private(state: State, seat: int, card: str) -> None:
    known = state["private"][str(seat)]
    if card not in known:
        known.append(card)


def receive_artifact(state: State, seat: int, card: str, group: list[int]) -> None:
    """Gain an artifact, or (holding three) give it to a group member or discard it."""
    see(state, card)
    if len(state["seats"][seat]["arts"]) < MAX_ARTIFACTS:
        put_artifact(state, seat, card)
        log(state, f"{p(seat)} gains the artifact {ARTIFACT_BY_ID[card].name}.")
        return
    others = [s for s in group if s != seat and len(state["seats"][s]["arts"]) < MAX_ARTIFACTS]
    if not others:
        state["art_discard"].append(card)
        log(state, f"{p(seat)} finds {ARTIFACT_BY_ID[card].name}, but no one in the group can carry it: discarded.")
        return
    push(state, {"t": "ask", "ask": {"kind": "gift_art", "seat": seat, "card": card, "to": others}})


def put_artifact(state: State, seat: int, card: str) -> None:
    art = ARTIFACT_BY_ID[card]
    state["seats"][seat]["arts"].append({"id": card, "time": list(range(1, art.unveil + 1)), "up": False})


# --- Effects -------------------------------------------------------------------

def apply_effects(state: State, rng: Rng, seat: int, effects: tuple, *, own: bool = True, failed: int = 0,
                  zone: str | None = None, group: list[int] | None = None) -> dict:
    """Apply parsed effects to one player; returns flags ("resolve", "reveal")."""
    flags = {"resolve": False, "reveal": False}
    for name, n in effects:
        if is_over(state):
            break
        if name == "health":
            if n < 0:
                lose_pool(state, seat, HEALTH_TRAITS, -n)
                check_death(state, seat)
            else:
                gain_pool(state, seat, HEALTH_TRAITS, n, own)
        elif name == "morale":
            if n < 0:
                lose_pool(state, seat, MORALE_TRAITS, -n)
            else:
                gain_pool(state, seat, MORALE_TRAITS, n, own)
        elif name == "perfail":
            if failed:
                lose_pool(state, seat, MORALE_TRAITS, failed)
        elif name == "res":
            if n < 0:
                lose_res(state, seat, -n)
            else:
                gain_res(state, seat, n, own)
        elif name in TRAITS:
            gain_trait(state, seat, name, n, own)
        elif name == "art":
            if own and hopeless(state, seat):
                continue
            card = draw_artifact(state, rng)
            if card:
                receive_artifact(state, seat, card, group or [seat])
        elif name == "presence":
            if zone:
                state["presence"][zone] += n
        elif name in ("resolve", "reveal"):
            flags[name] = True
    return flags


# --- The task runner -----------------------------------------------------------

def push(state: State, *tasks: dict) -> None:
    """Put tasks at the front of the queue, in the order given (nothing once the game is over)."""
    if is_over(state):
        return
    state["tasks"][:0] = list(tasks)


def run(state: State, rng: Rng) -> None:
    while state["ask"] is None and state["tasks"] and not is_over(state):
        task = state["tasks"].pop(0)
        TASKS[task["t"]](state, rng, task)


def t_ask(state: State, rng: Rng, task: dict) -> None:
    ask = task["ask"]
    if ask_moves(state, ask):
        state["ask"] = ask


# --- Rounds ----------------------------------------------------------------------

def t_round(state: State, rng: Rng, task: dict) -> None:
    limit = WINTER_ROUND[state["players"]]
    if state["round"] >= limit:
        end(state, False, f"Winter comes at the end of round {limit} and the settlement is not finished. "
                          "The band has lost.")
        return
    state["round"] += 1
    state["phase"] = PREP
    state["plans_used"] = False
    state["scouted"] = state["scouted_next"]
    state["scouted_next"] = {}
    state["sheltered"] = []
    state["visit_card"] = {}
    state["vantage_spot"] = None
    state["groups"] = []
    for player in state["seats"]:
        player["zone"] = None
        player["called"] = False
    log(state, f"Round {state['round']} begins.")
    tasks = []
    for seat, player in enumerate(state["seats"]):
        for sec in player["secrets"]:
            tasks.append({"t": "secret_prep", "seat": seat, "card": sec["id"]})
    for seat in range(state["players"]):
        tasks.append({"t": "ask", "ask": {"kind": "spell", "seat": seat}})
    tasks.append({"t": "action_start"})
    push(state, *tasks)


def t_secret_prep(state: State, rng: Rng, task: dict) -> None:
    seat = task["seat"]
    if any(s["id"] == task["card"] for s in state["seats"][seat]["secrets"]):
        log(state, f"{p(seat)} encounters a secret.")
        push(state, {"t": "enc_start", "card": task["card"], "src": "event", "seats": [seat], "ctx": "prep",
                     "zone": None})


def t_action_start(state: State, rng: Rng, task: dict) -> None:
    state["phase"] = ACTION
    state["ask"] = {"kind": "zones", "seats": list(range(state["players"]))}


def camp_key(zone: str) -> str:
    return "camp" if zone in CAMP else zone


def form_groups(state: State) -> list[dict]:
    groups: dict[str, dict] = {}
    for zone in ZONE_ORDER:
        seats = [s for s, pl in enumerate(state["seats"]) if pl["zone"] == zone]
        if not seats:
            continue
        key = camp_key(zone)
        group = groups.setdefault(key, {"key": key, "seats": [], "zones": []})
        group["seats"].extend(seats)
        group["zones"].append(zone)
    for group in groups.values():
        group["seats"].sort()
    return list(groups.values())


def group_of(state: State, seat: int) -> list[int]:
    for group in state["groups"]:
        if seat in group["seats"]:
            return group["seats"]
    return [seat]


def t_actions(state: State, rng: Rng, task: dict) -> None:
    state["groups"] = form_groups(state)
    tasks = []
    for seat in range(state["players"]):
        if has_role(state, seat, "empath"):
            tasks.append({"t": "ask", "ask": {"kind": "insight", "seat": seat}})
    for group in state["groups"]:
        tasks.append({"t": "act", "key": group["key"]})
    tasks += [{"t": "presence"}, {"t": "event_phase"}]
    push(state, *tasks)


def t_act(state: State, rng: Rng, task: dict) -> None:
    group = next(g for g in state["groups"] if g["key"] == task["key"])
    seats = group["seats"]
    state["roll"] = {}
    if task["key"] == "camp":
        resting = [s for s in seats if state["seats"][s]["zone"] == "rest"]
        settling = [s for s in seats if state["seats"][s]["zone"] == "settle"]
        tasks = []
        if resting:
            tasks += [spend_task(s, ["caring"], "rest", seats) for s in resting]
            tasks.append({"t": "rest_roll", "seats": resting, "group": seats})
            tasks += [{"t": "ask", "ask": {"kind": "augury", "seat": s}} for s in resting if has_role(state, s, "seer")]
            tasks += [{"t": "trade_start", "seat": s, "resting": resting} for s in resting]
            tasks.append({"t": "hooks", "action": "rest", "seats": resting})
        if settling:
            tasks.append({"t": "clear_roll"})
            tasks += [spend_task(s, ["active"], "settle", seats) for s in settling]
            tasks.append({"t": "settle_roll", "seats": settling, "group": seats})
            tasks.append({"t": "hooks", "action": "settle", "seats": settling})
        push(state, *tasks)
        return
    zone = task["key"]
    action = zone_action(state["region"], zone)
    tasks = []
    if action == "gather":
        tasks += [spend_task(s, ["active", "keen"], "gather", seats) for s in seats]
        tasks.append({"t": "gather_roll", "zone": zone, "seats": seats})
    elif action in ("explore", "deepwoods"):
        tasks.append({"t": "explore_roll", "zone": zone, "seats": seats, "deep": action == "deepwoods"})
    elif action == "scout":
        tasks += [spend_task(s, ["wise"], "scout", seats) for s in seats]
        tasks.append({"t": "scout_roll", "zone": zone, "seats": seats})
    elif action == "cave":
        tasks += [spend_task(s, ["wise"], "cave", seats) for s in seats]
        tasks.append({"t": "cave_roll", "zone": zone, "seats": seats})
    else:
        tasks.append({"t": "visit", "zone": zone, "seats": seats})
    tasks.append({"t": "hooks", "action": action, "seats": seats})
    push(state, *tasks)


def t_clear_roll(state: State, rng: Rng, task: dict) -> None:
    state["roll"] = {}


def spend_task(seat: int, traits: list[str], purpose: str, group: list[int], then: dict | None = None) -> dict:
    return {"t": "ask", "ask": {"kind": "spend", "seat": seat, "traits": traits, "purpose": purpose,
                                "group": group, "then": then}}


def extra(state: State, seat: int) -> int:
    return state["roll"].get(str(seat), {}).get("extra", 0)


def spent(state: State, seat: int, trait: str) -> int:
    entry = state["roll"].get(str(seat), {})
    return entry.get("spent", 0) if entry.get("trait") == trait else 0


def roll_dice(rng: Rng, n: int) -> list[int]:
    return [rng.die() for _ in range(max(0, n))]


# --- Actions -----------------------------------------------------------------------

def t_gather_roll(state: State, rng: Rng, task: dict) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    rolls = {s: roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "gather")) for s in seats}
    for s in seats:
        wins = sum(r <= value for r in rolls[s])
        got = gain_res(state, s, wins)
        log(state, f"{p(s)} gathers: rolls {fmt(rolls[s])} against {value}, {wins} success(es), "
                   f"+{got} resource(s).")
    all_rolls = [(r, s) for s in seats for r in rolls[s]]
    if all_rolls:
        low, low_seat = min(all_rolls, key=lambda x: (x[0], seats.index(x[1])))
        if value - low > 0:
            got = gain_res(state, low_seat, value - low)
            log(state, f"{p(low_seat)} rolled the group's lowest ({low}): +{got} bonus resource(s).")
        for s in seats:
            if has_role(state, s, "forester") and spent(state, s, "keen") and any(r <= value for r in rolls[s]):
                mine = sorted(rolls[s])
                use = mine[0]
                if s == low_seat and mine[0] == low:
                    use = mine[1] if len(mine) > 1 else None
                if use is not None and value - use > 0:
                    got = gain_res(state, s, value - use)
                    log(state, f"{p(s)}'s bounty: their roll of {use} gives +{got} resource(s).")


def t_explore_roll(state: State, rng: Rng, task: dict) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    wins = 0
    for s in seats:
        rolls = roll_dice(rng, 1 + tool_bonus(state, s, "explore"))
        wins += sum(r <= value for r in rolls)
        log(state, f"{p(s)} explores: rolls {fmt(rolls)} against {value}.")
    state["explore"] = {"zone": zone, "seats": seats, "left": wins, "deep": task["deep"], "avoided": False}
    push(state, {"t": "explore_step"})


def t_explore_step(state: State, rng: Rng, task: dict) -> None:
    ex = state["explore"]
    if ex is None or ex["left"] <= 0:
        state["explore"] = None
        return
    ex["left"] -= 1
    face = EVENT_DIE[rng.below(6)]
    state["face"] = face
    log(state, f"The event die shows {face}.")
    push(state, *whisper_tasks(state, ex["seats"]), {"t": "explore_face"})


def whisper_tasks(state: State, seats: list[int]) -> list[dict]:
    return [{"t": "ask", "ask": {"kind": "whisper", "seat": s}} for s in seats if has_role(state, s, "whisperer")][:1]


def t_explore_face(state: State, rng: Rng, task: dict) -> None:
    ex = state["explore"]
    face = state["face"]
    ex["avoided"] = False
    if face == "location" and not ex["deep"]:
        card = draw_event(state, rng, "location")
        if card and EVENT_BY_ID[card].kind == "secret":
            state["explore"] = None  # a secret is not placed: someone keeps it, and the action ends
            start_drawn_event(state, rng, card, ex["seats"], "explore", ex["zone"])
            return
        if card:
            place_location(state, card)
        push(state, {"t": "explore_step"})
        return
    trait = "wise" if face == "location" else "keen"
    tasks = [spend_task(s, [trait], "avoid", ex["seats"], then={"t": "avoid_roll", "seat": s}) for s in ex["seats"]]
    push(state, *tasks, {"t": "avoid_end"})


def t_avoid_roll(state: State, rng: Rng, task: dict) -> None:
    ex = state["explore"]
    s = task["seat"]
    rolls = roll_dice(rng, extra(state, s))
    state["roll"].pop(str(s), None)
    value = zone_value(state, ex["zone"])
    if any(r <= value for r in rolls):
        ex["avoided"] = True
    log(state, f"{p(s)} rolls {fmt(rolls)} against {value}.")


def t_avoid_end(state: State, rng: Rng, task: dict) -> None:
    ex = state["explore"]
    face = state["face"]
    if face == "location":  # deepwoods
        card = draw_event(state, rng, "location")
        if card is None:
            push(state, {"t": "explore_step"})
            return
        if ex["avoided"] or EVENT_BY_ID[card].kind == "secret":
            state["explore"] = None
            start_drawn_event(state, rng, card, ex["seats"], "deep", ex["zone"])
        else:
            see(state, card)
            discard_event(state, card)
            log(state, f"The group glimpses {EVENT_BY_ID[card].name} in the deepwoods, but loses the way to it.")
            push(state, {"t": "explore_step"})
        return
    if ex["avoided"]:
        log(state, f"The {face} is seen ahead of time and avoided.")
        push(state, {"t": "explore_step"})
        return
    card = draw_event(state, rng, face)
    state["explore"] = None
    if card:
        start_drawn_event(state, rng, card, ex["seats"], "deep" if ex["deep"] else "explore", ex["zone"])


def t_scout_roll(state: State, rng: Rng, task: dict) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    tasks = []
    for s in seats:
        rolls = roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "scout"))
        wins = sum(r <= value for r in rolls)
        log(state, f"{p(s)} scouts: rolls {fmt(rolls)} against {value}, {wins} success(es).")
        for i in range(wins):
            tasks.append({"t": "ask", "ask": {"kind": "scout", "seat": s, "face": wins >= 2 and i == 0}})
    push(state, *tasks)


def t_cave_roll(state: State, rng: Rng, task: dict) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    wins = 0
    for s in seats:
        rolls = roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "cave"))
        wins += sum(r <= value for r in rolls)
        log(state, f"{p(s)} shelters: rolls {fmt(rolls)} against {value}.")
    if wins >= len(seats):
        state["sheltered"].append(zone)
        log(state, "The cave hides the group: no presence tokens and no event for them this round.")
        tasks = []
        for s in seats:
            tasks.append({"t": "ask", "ask": pick_ask(s, own=True, why="cave", key="cave1")})
            tasks.append({"t": "ask", "ask": pick_ask(s, own=True, why="cave", key="cave2", exclude_key="cave1")})
        push(state, *tasks)
    else:
        log(state, "Too few successes: the cave gives no shelter.")


def pick_ask(seat: int, own: bool, why: str, key: str = "", exclude_key: str = "") -> dict:
    return {"kind": "pick", "seat": seat, "own": own, "why": why, "key": key, "exclude_key": exclude_key}


def t_visit(state: State, rng: Rng, task: dict) -> None:
    zone, seats = task["zone"], task["seats"]
    card = state["visit_card"].get(zone)
    stack = [c["id"] for c in state["spots"][zone]]
    if card not in stack:
        log(state, "The event the group set out to visit is gone.")
        return
    if card != stack[-1] and not any(pl["zone"] == "rest" for pl in state["seats"]):
        log(state, "No one rests at camp to keep the lookout: the group cannot get past the top event.")
        return
    push(state, {"t": "enc_start", "card": card, "src": "event", "seats": seats, "ctx": "visit", "zone": zone})


def t_rest_roll(state: State, rng: Rng, task: dict) -> None:
    resting, group = task["seats"], task["group"]
    value = zone_value(state, "rest")
    tasks = []
    for s in resting:
        if not has_role(state, s, "woken"):
            for t in core_traits(state, s):
                gain_trait(state, s, t, 1)
        rolls = roll_dice(rng, 1 + tool_bonus(state, s, "rest"))
        ok = any(r <= value for r in rolls)
        log(state, f"{p(s)} rests: rolls {fmt(rolls)} against {value}" + (", a success." if ok else "."))
        if ok:
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "rest", key="rest1")})
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "rest", key="rest2", exclude_key="rest1")})
        care = roll_dice(rng, extra(state, s))
        if care:
            hits = sum(r <= value for r in care)
            if has_role(state, s, "spouse") and hits:
                hits = len(care)
            log(state, f"{p(s)} tends to the others: rolls {fmt(care)}, {hits} success(es).")
            others = [o for o in group if o != s]
            for _ in range(hits if others else 0):
                tasks.append({"t": "ask", "ask": {"kind": "tend", "seat": s, "to": others}})
        if built(state, "hearth"):
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "hearth")})
    push(state, *tasks)


def t_trade_start(state: State, rng: Rng, task: dict) -> None:
    state["trade_mode"] = {}
    push(state, {"t": "ask", "ask": {"kind": "trade", "seat": task["seat"], "resting": task["resting"]}})


def t_settle_roll(state: State, rng: Rng, task: dict) -> None:
    settling, group = task["seats"], task["group"]
    value = zone_value(state, "settle")
    tasks = []
    pooled = 0
    for s in settling:
        own = roll_dice(rng, 1 + tool_bonus(state, s, "settle"))
        more = roll_dice(rng, extra(state, s))
        wins = sum(r <= value for r in own)
        pooled += sum(r <= value for r in more)
        log(state, f"{p(s)} settles: rolls {fmt(own)}" + (f" and {fmt(more)}" if more else "")
            + f" against {value}.")
        tasks += [{"t": "ask", "ask": {"kind": "contribute", "seat": s}} for _ in range(wins)]
        if has_role(state, s, "farmer") and spent(state, s, "active") and 1 in own + more:
            tasks.append({"t": "craft", "seat": s, "group": group})
    if pooled:
        log(state, f"The extra dice give {pooled} success(es), paid from one settler's resources.")
        tasks.append({"t": "ask", "ask": {"kind": "funder", "seat": settling[0], "count": pooled,
                                          "settling": settling}})
    push(state, *tasks)


def t_craft(state: State, rng: Rng, task: dict) -> None:
    card = draw_artifact(state, rng, tool_only=True)
    if card:
        log(state, f"{p(task['seat'])} crafts a tool.")
        receive_artifact(state, task["seat"], card, task["group"])


def t_hooks(state: State, rng: Rng, task: dict) -> None:
    action = task["action"]
    for holder, player in enumerate(state["seats"]):
        for sec in list(player["secrets"]):
            card = EVENT_BY_ID[sec["id"]]
            trigger, who, effects = card.hook
            special = action in ("scout", "deepwoods", "cave")
            if trigger == action or (trigger == "special" and special):
                targets = [holder] if who == "holder" else task["seats"]
                for t in targets:
                    apply_effects(state, rng, t, effects, own=False)


def t_presence(state: State, rng: Rng, task: dict) -> None:
    for pl in state["seats"]:
        if pl["zone"] and pl["zone"] not in state["sheltered"]:
            state["presence"][pl["zone"]] += 1


# --- Event phase -------------------------------------------------------------------

def t_event_phase(state: State, rng: Rng, task: dict) -> None:
    state["phase"] = EVENT
    push(state, *[{"t": "group_event", "key": g["key"]} for g in state["groups"]], {"t": "keeping"})


def group_zones(key: str) -> list[str]:
    return list(CAMP) if key == "camp" else [key]


def t_group_event(state: State, rng: Rng, task: dict) -> None:
    key = task["key"]
    group = next(g for g in state["groups"] if g["key"] == key)
    if key in state["sheltered"]:
        return
    tokens = sum(state["presence"][z] for z in group_zones(key))
    scouted = state["scouted"].get(key)
    roll = scouted["roll"] if scouted else rng.die()
    if roll > tokens:
        log(state, f"Presence roll {roll} against {tokens} token(s): no event for this group.")
        return
    for z in group_zones(key):
        state["presence"][z] = 0
    log(state, f"Presence roll {roll} against {tokens} token(s): an event occurs.")
    tasks = []
    if key == "camp" and built(state, "hall"):
        tasks.append({"t": "ask", "ask": {"kind": "hall", "seat": group["seats"][0], "group": group["seats"]}})
    tasks.append({"t": "event_die", "key": key, "face": scouted.get("face") if scouted else None})
    push(state, *tasks)


def t_event_die(state: State, rng: Rng, task: dict) -> None:
    if state.get("refuge"):
        state["refuge"] = False
        return
    group = next(g for g in state["groups"] if g["key"] == task["key"])
    face = task["face"] or EVENT_DIE[rng.below(6)]
    state["face"] = face
    log(state, f"The event die shows {face}.")
    push(state, *whisper_tasks(state, group["seats"]), {"t": "event_draw", "key": task["key"]})


def t_event_draw(state: State, rng: Rng, task: dict) -> None:
    group = next(g for g in state["groups"] if g["key"] == task["key"])
    card = draw_event(state, rng, state["face"])
    if card is None:
        log(state, f"The {state['face']} deck is empty: nothing happens.")
        return
    zone = task["key"] if task["key"] != "camp" else "rest"
    start_drawn_event(state, rng, card, group["seats"], "event", zone)


def start_drawn_event(state: State, rng: Rng, card: str, seats: list[int], ctx: str, zone: str) -> None:
    drawer = seats[rng.below(len(seats))]
    event = EVENT_BY_ID[card]
    if event.kind == "secret":
        state["seats"][drawer]["secrets"].append({"id": card, "known": []})
        see_private(state, drawer, card)
        log(state, f"{p(drawer)} draws a card and keeps it: a secret.")
        log(state, f"Your secret: {event.name}.", to=[drawer])
        return
    see(state, card)
    who = seats if event.kind == "group" else [drawer]
    log(state, f"{p(drawer)} draws {event.name} ({event.deck}, {event.kind} event).")
    push(state, {"t": "enc_start", "card": card, "src": "event", "seats": who, "ctx": ctx, "zone": zone,
                 "group": seats})


# --- Encounters ----------------------------------------------------------------------

def enc_options(enc: dict) -> tuple:
    if enc["src"] == "artifact":
        return ARTIFACT_BY_ID[enc["card"]].options
    return EVENT_BY_ID[enc["card"]].options


def t_enc_start(state: State, rng: Rng, task: dict) -> None:
    state["enc"] = {"card": task["card"], "src": task["src"], "ctx": task["ctx"], "zone": task["zone"],
                    "seats": task["seats"], "group": task.get("group", task["seats"]), "picks": {},
                    "rolls": {}, "helped": {}, "invoked": [], "protected": [], "flipped": False, "resolved": False,
                    "revealed": False}
    state["roll"] = {}
    tasks = [{"t": "ask", "ask": {"kind": "option", "seat": s}} for s in task["seats"]]
    push(state, *tasks, {"t": "enc_flip"}, {"t": "enc_end"})


def after_pick(state: State, seat: int) -> list[dict]:
    enc = state["enc"]
    option = enc_options(enc)[enc["picks"][str(seat)]]
    tasks = [spend_task(seat, [option.trait], "encounter", enc["group"])]
    if enc["ctx"] == "visit" and option.trait == "wise":
        for adv in range(state["players"]):
            if adv != seat and has_role(state, adv, "advisor"):
                tasks.append({"t": "ask", "ask": {"kind": "advise", "seat": adv, "for": seat}})
    tasks.append({"t": "enc_roll", "seat": seat})
    return tasks


def t_enc_roll(state: State, rng: Rng, task: dict) -> None:
    enc = state["enc"]
    seat = task["seat"]
    option = enc_options(enc)[enc["picks"][str(seat)]]
    n = 1 + extra(state, seat) + enc["helped"].get(str(seat), 0) + tool_bonus(state, seat, option.trait)
    if enc["ctx"] == "visit" and option.trait == "communing" and built(state, "altar"):
        n += 1
    rolls = roll_dice(rng, n)
    if has_role(state, seat, "priest") and option.trait == "communing":
        failed = [r for r in rolls if r > EVENT_SUCCESS]
        if failed:
            rolls.remove(failed[0])
            log(state, f"{p(seat)}'s prayer removes a failed roll of {failed[0]}.", to=private_to(state, seat))
    enc["rolls"][str(seat)] = rolls
    log(state, f"{p(seat)} rolls {fmt(rolls)}: {successes(rolls)} success(es).", to=private_to(state, seat))
    event = EVENT_BY_ID.get(enc["card"]) if enc["src"] == "event" else None
    if event and event.deck == "spirit" and has_role(state, seat, "chosen") and rolls:
        push(state, {"t": "ask", "ask": {"kind": "invoke", "seat": seat}})


def private_to(state: State, seat: int) -> list[int] | None:
    enc = state["enc"]
    if enc and enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind == "secret":
        return secret_viewers(state, enc["card"])
    return None


def secret_viewers(state: State, card: str) -> list[int]:
    for holder, pl in enumerate(state["seats"]):
        for sec in pl["secrets"]:
            if sec["id"] == card:
                return sorted({holder, *sec["known"]})
    return []


def successes(rolls: list[int]) -> int:
    return sum(r <= EVENT_SUCCESS for r in rolls)


def succeeded(state: State, seat: int) -> bool:
    enc = state["enc"]
    option = enc_options(enc)[enc["picks"][str(seat)]]
    return successes(enc["rolls"][str(seat)]) >= option.diamonds


def t_enc_flip(state: State, rng: Rng, task: dict) -> None:
    enc = state["enc"]
    enc["flipped"] = True
    card = enc["card"]
    if enc["src"] == "artifact":
        see_back(state, "art:" + card)
    elif EVENT_BY_ID[card].kind == "secret":
        for s in secret_viewers(state, card):
            see_private(state, s, "back:" + card)
    else:
        see_back(state, card)
    tasks = []
    event = EVENT_BY_ID.get(card) if enc["src"] == "event" else None
    if event and event.deck == "spirit" and len(enc["seats"]) > 1:
        for s in enc["seats"]:
            option = enc_options(enc)[enc["picks"][str(s)]]
            if has_role(state, s, "soldier") and option.trait == "strong" and succeeded(state, s):
                tasks.append({"t": "ask", "ask": {"kind": "protect", "seat": s}})
    tasks += [{"t": "enc_outcome", "seat": s} for s in enc["seats"]]
    push(state, *tasks)


def t_enc_outcome(state: State, rng: Rng, task: dict) -> None:
    enc = state["enc"]
    seat = task["seat"]
    if seat in enc["protected"]:
        log(state, f"{p(seat)} is protected: the encounter has no effect on them.")
        return
    option = enc_options(enc)[enc["picks"][str(seat)]]
    ok = succeeded(state, seat)
    rolls = enc["rolls"][str(seat)]
    failed = sum(r > EVENT_SUCCESS for r in rolls)
    effects = option.success if ok else option.failure
    log(state, f"{p(seat)} {'succeeds' if ok else 'fails'}.", to=private_to(state, seat))
    flags = apply_effects(state, rng, seat, effects, failed=failed, zone=enc["zone"], group=enc["group"])
    enc["resolved"] = enc["resolved"] or flags["resolve"]
    enc["revealed"] = enc["revealed"] or flags["reveal"]


def t_enc_end(state: State, rng: Rng, task: dict) -> None:
    enc = state["enc"]
    state["enc"] = None
    state["roll"] = {}
    card = enc["card"]
    if enc["src"] == "artifact":
        state["art_discard"].append(card)
        return
    event = EVENT_BY_ID[card]
    if event.kind == "secret":
        if enc["revealed"]:
            holder = enc["seats"][0]
            remove_secret(state, holder, card)
            log(state, f"{p(holder)} reveals a secret: {event.name}. Hidden rule: {event.hidden}")
        return
    if enc["ctx"] == "visit":
        if enc["resolved"]:
            stack = state["spots"][enc["zone"]]
            state["spots"][enc["zone"]] = [c for c in stack if c["id"] != card]
            discard_event(state, card)
            log(state, f"{event.name} is resolved.")
        return
    if not event.regional or enc["resolved"] or enc["ctx"] == "deep":
        discard_event(state, card)
        return
    if event.deck == "location":
        place_location(state, card)
    else:
        place_over(state, card, enc["zone"] if enc["zone"] in SPOTS else None)


def remove_secret(state: State, holder: int, card: str) -> None:
    pl = state["seats"][holder]
    pl["secrets"] = [s for s in pl["secrets"] if s["id"] != card]
    see(state, card)
    see_back(state, card)
    discard_event(state, card)


def place_location(state: State, card: str) -> None:
    see(state, card)
    event = EVENT_BY_ID[card]
    for spot in SPOTS:
        if not state["spots"][spot]:
            state["spots"][spot].append({"id": card, "time": list(range(1, event.duration + 1))})
            log(state, f"{event.name} is placed at {spot_name(state, spot)}.")
            return
    discard_event(state, card)
    log(state, f"There is no vacant spot for {event.name}: it is discarded.")


def place_over(state: State, card: str, spot: str | None) -> None:
    event = EVENT_BY_ID[card]
    if spot is None:
        for s in SPOTS:
            stack = state["spots"][s]
            if not stack or EVENT_BY_ID[stack[-1]["id"]].deck == "location":
                spot = s
                break
    if spot is None:
        discard_event(state, card)
        log(state, f"There is nowhere to place {event.name}: it is discarded.")
        return
    state["spots"][spot].append({"id": card, "time": list(range(1, event.duration + 1))})
    log(state, f"{event.name} settles over {spot_name(state, spot)}.")


def spot_name(state: State, spot: str) -> str:
    return REGION_BY_ID[state["region"]].spots[SPOTS.index(spot)]


# --- Keeping phase ---------------------------------------------------------------------

def food_need(state: State) -> int:
    return state["players"] // 2


def t_keeping(state: State, rng: Rng, task: dict) -> None:
    state["phase"] = KEEPING
    for pl in state["seats"]:
        pl["ate"] = 0
    tasks = [{"t": "ask", "ask": {"kind": "eat", "seat": s}} for s in range(state["players"])]
    push(state, *tasks, {"t": "food_check"}, {"t": "time_die"})


def t_food_check(state: State, rng: Rng, task: dict) -> None:
    total = sum(pl["ate"] for pl in state["seats"])
    log(state, f"The band eats {total} resource token(s) (need {food_need(state)}, at least one per group).")
    for group in state["groups"]:
        if not any(state["seats"][s]["ate"] for s in group["seats"]):
            for s in group["seats"]:
                log(state, f"{p(s)} goes hungry: -1 health, -1 morale.")
                lose_pool(state, s, MORALE_TRAITS, 1)
                lose_pool(state, s, HEALTH_TRAITS, 1)
                check_death(state, s)


def t_time_die(state: State, rng: Rng, task: dict) -> None:
    roll = rng.die()
    log(state, f"The time die shows {roll}.")
    for seat, pl in enumerate(state["seats"]):
        for art in pl["arts"]:
            if art["time"] and roll in art["time"]:
                art["time"] = []
                art["up"] = True
                card = ARTIFACT_BY_ID[art["id"]]
                see_back(state, "art:" + art["id"])
                log(state, f"{p(seat)}'s {card.front.name} is unveiled: {card.back.name}.")
    for spot in SPOTS:
        keep = []
        for entry in state["spots"][spot]:
            if entry["time"] and roll not in entry["time"]:
                discard_event(state, entry["id"])
                log(state, f"{EVENT_BY_ID[entry['id']].name} passes.")
            else:
                keep.append(entry)
        state["spots"][spot] = keep
    tasks = [{"t": "ask", "ask": {"kind": "woken", "seat": s}}
             for s in range(state["players"]) if has_role(state, s, "woken")]
    push(state, *tasks, {"t": "round"})


TASKS = {
    "ask": t_ask, "round": t_round, "secret_prep": t_secret_prep, "action_start": t_action_start,
    "actions": t_actions, "act": t_act, "clear_roll": t_clear_roll, "gather_roll": t_gather_roll,
    "explore_roll": t_explore_roll, "explore_step": t_explore_step, "explore_face": t_explore_face,
    "avoid_roll": t_avoid_roll, "avoid_end": t_avoid_end, "scout_roll": t_scout_roll, "cave_roll": t_cave_roll,
    "visit": t_visit, "rest_roll": t_rest_roll, "trade_start": t_trade_start, "settle_roll": t_settle_roll,
    "craft": t_craft, "hooks": t_hooks, "presence": t_presence, "event_phase": t_event_phase,
    "group_event": t_group_event, "event_die": t_event_die, "event_draw": t_event_draw, "enc_start": t_enc_start,
    "enc_roll": t_enc_roll, "enc_flip": t_enc_flip, "enc_outcome": t_enc_outcome, "enc_end": t_enc_end,
    "keeping": t_keeping, "food_check": t_food_check, "time_die": t_time_die,
}


def fmt(rolls: list[int]) -> str:
    return "[" + " ".join(str(r) for r in rolls) + "]" if rolls else "no dice"


# --- Legal moves -------------------------------------------------------------------------

def active_seats(state: State) -> list[int]:
    ask = state["ask"]
    if is_over(state) or ask is None:
        return []
    if ask["kind"] == "role":
        return [s for s in ask["seats"] if not state["seats"][s].get("picked")]
    if ask["kind"] == "zones":
        return [s for s in ask["seats"] if state["seats"][s]["zone"] is None]
    return [ask["seat"]]


def legal_moves(state: State, seat: int) -> list[dict]:
    if seat not in active_seats(state):
        return []
    ask = state["ask"]
    if ask["kind"] in ("role", "zones"):
        return seat_moves(state, ask, seat)
    return ask_moves(state, ask)


def seat_moves(state: State, ask: dict, seat: int) -> list[dict]:
    if ask["kind"] == "role":
        taken_p = {pl["past"] for pl in state["seats"] if pl.get("picked")}
        taken_g = {pl["gift"] for pl in state["seats"] if pl.get("picked")}
        return ([{"type": "role", "role": r.id} for r in PASTS if r.id not in taken_p]
                + [{"type": "role", "role": r.id} for r in GIFTS if r.id not in taken_g])
    moves = zone_moves(state, seat)
    pl = state["seats"][seat]
    if not pl["called"] and morale(state, seat) >= 1:
        for target, other in enumerate(state["seats"]):
            if target != seat and other["secrets"]:
                moves += [{"type": "call", "target": target, "mark": m} for m in SECRET_BY_MARK]
    return moves


def zone_moves(state: State, seat: int) -> list[dict]:
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


def spend_moves(state: State, seat: int, traits: list[str], plans: bool = True) -> list[dict]:
    moves = [{"type": "pass"}]
    can_plan = plans and built(state, "plans") and not state["plans_used"]
    for t in traits:
        have = state["seats"][seat]["traits"][t]
        moves += [{"type": "spend", "trait": t, "count": k} for k in range(1, have + 1)]
        if can_plan:
            moves += [{"type": "spend", "trait": t, "count": k, "plans": True} for k in range(1, have + 2)]
    return moves


def pick_traits(state: State, ask: dict) -> list[str]:
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


def ask_moves(state: State, ask: dict) -> list[dict]:
    """The moves answering an ask; empty means the ask is skipped."""
    kind = ask["kind"]
    seat = ask.get("seat")
    pl = state["seats"][seat] if seat is not None else None
    if kind == "spell":
        spells = [a["id"] for a in pl["arts"] if ARTIFACT_BY_ID[a["id"]].kind == "spell"]
        return [{"type": "cast", "artifact": a} for a in spells] + [{"type": "pass"}] if spells else []
    if kind == "spend":
        if ask["purpose"] == "avoid" and state["explore"] and state["explore"]["avoided"]:
            return []
        moves = spend_moves(state, seat, ask["traits"])
        return moves if len(moves) > 1 else []
    if kind == "mage":
        moves = spend_moves(state, seat, ["communing"], plans=False)
        return moves if len(moves) > 1 else []
    if kind == "option":
        return [{"type": "option", "index": i} for i in range(3)]
    if kind == "advise":
        if pl["traits"]["wise"] == 0:
            return []
        return [{"type": "pass"}] + [{"type": "spend", "trait": "wise", "count": k}
                                     for k in range(1, pl["traits"]["wise"] + 1)]
    if kind == "invoke":
        return [{"type": "invoke"}, {"type": "pass"}]
    if kind == "protect":
        others = [s for s in state["enc"]["seats"] if s != seat]
        return [{"type": "protect", "target": s} for s in others] + [{"type": "pass"}]
    if kind == "whisper":
        return [{"type": "reroll"}, {"type": "pass"}]
    if kind in ("pick", "woken"):
        traits = pick_traits(state, ask)
        moves = [{"type": "pick", "trait": t} for t in traits]
        return moves + [{"type": "pass"}] if moves and kind == "woken" else moves
    if kind == "tend":
        return [{"type": "tend", "target": s} for s in ask["to"]]
    if kind == "scout":
        return [{"type": "scout", "zone": z} for z in SCOUTABLE if z not in state["scouted_next"]]
    if kind == "contribute":
        if pl["res"] == 0:
            return []
        open_ = [b.id for b in BUILDINGS if not built(state, b.id)]
        return [{"type": "contribute", "building": b} for b in open_] + [{"type": "pass"}]
    if kind == "funder":
        return [{"type": "fund", "seat": s} for s in ask["settling"] if state["seats"][s]["res"]] or []
    if kind == "augury":
        moves = spend_moves(state, seat, ["communing"])
        return moves if len(moves) > 1 else []
    if kind == "augury_deck":
        return [{"type": "look", "deck": d} for d in (*DECKS, "artifact")]
    if kind == "insight":
        targets = insight_targets(state, seat)
        if not targets or pl["traits"]["caring"] == 0:
            return []
        return [{"type": "insight", "target": t, "count": k} for t in targets
                for k in range(1, pl["traits"]["caring"] + 1)] + [{"type": "pass"}]
    if kind == "gift_art":
        return [{"type": "give_art", "to": s} for s in ask["to"]] + [{"type": "pass"}]
    if kind == "hall":
        return [{"type": "refuge"}, {"type": "pass"}]
    if kind == "hall_pay":
        return [{"type": "pay", "trait": t} for t in TRAITS if pl["traits"][t]]
    if kind == "eat":
        if pl["res"] == 0:
            return []
        most = max(1, food_need(state))
        return [{"type": "eat", "count": k} for k in range(0, min(pl["res"], most) + 1)]
    if kind == "trade":
        return trade_moves(state, ask)
    raise ValueError(kind)


def insight_targets(state: State, seat: int) -> list[int]:
    out = []
    for s in group_of(state, seat):
        if s != seat and any(seat not in sec["known"] for sec in state["seats"][s]["secrets"]):
            out.append(s)
    return out


def trade_moves(state: State, ask: dict) -> list[dict]:
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


# --- Answering -----------------------------------------------------------------------------

def apply_move(state: State, rng: Rng, seat: int, move: dict) -> None:
    ask = state["ask"]
    kind = ask["kind"]
    if kind == "role":
        answer_role(state, rng, seat, move["role"])
    elif kind == "zones":
        answer_zones(state, rng, seat, move)
    else:
        state["ask"] = None
        ANSWERS[kind](state, rng, seat, ask, move)
    run(state, rng)


def answer_role(state: State, rng: Rng, seat: int, role: str) -> None:
    pl = state["seats"][seat]
    r = ROLE_BY_ID[role]
    pl["picked"] = role
    if r.kind == "past":
        pl["past"] = role
    else:
        pl["gift"] = role
    log(state, f"{p(seat)} chooses the {r.name} {r.kind}.")
    if active_seats(state):
        return
    pasts = [r.id for r in PASTS if r.id not in {pl["past"] for pl in state["seats"]}]
    gifts = [r.id for r in GIFTS if r.id not in {pl["gift"] for pl in state["seats"]}]
    rng.shuffle(pasts)
    rng.shuffle(gifts)
    for s, pl in enumerate(state["seats"]):
        if pl["past"] is None:
            pl["past"] = pasts.pop()
        if pl["gift"] is None:
            pl["gift"] = gifts.pop()
        for t in TRAITS:
            pl["traits"][t] = cap(state, s, t)
        pl["res"] = STARTING_RESOURCES
        log(state, f"{p(s)} plays the {ROLE_BY_ID[pl['gift']].name} {ROLE_BY_ID[pl['past']].name}.")
    state["ask"] = None
    push(state, {"t": "round"})


def answer_zones(state: State, rng: Rng, seat: int, move: dict) -> None:
    pl = state["seats"][seat]
    if move["type"] == "call":
        pl["called"] = True
        target = move["target"]
        card = SECRET_BY_MARK[move["mark"]]
        held = [s for s in state["seats"][target]["secrets"] if s["id"] == card.id]
        if held:
            log(state, f"{p(seat)} calls out {p(target)}'s secret as {card.mark}, and is right: "
                       f"{card.name} is discovered. Hidden rule: {card.hidden} {card.discovered_text}")
            remove_secret(state, target, card.id)
            apply_effects(state, rng, target, card.discovered, own=False)
        else:
            lose_pool(state, seat, MORALE_TRAITS, 1)
            log(state, f"{p(seat)} calls out {p(target)}'s secret as {card.mark}, and is wrong: -1 morale.")
        return
    zone = move["zone"]
    pl["zone"] = zone
    if zone in SPOTS:
        card = move["card"]
        state["visit_card"][zone] = card
        if card != state["spots"][zone][-1]["id"]:
            state["vantage_spot"] = zone
        log(state, f"{p(seat)} goes to visit {EVENT_BY_ID[card].name}.")
    else:
        log(state, f"{p(seat)} goes to {zone_label(state, zone)}.")
    if not active_seats(state):
        state["ask"] = None
        push(state, {"t": "actions"})


def zone_label(state: State, zone: str) -> str:
    if zone in SPOTS:
        return spot_name(state, zone)
    action = zone_action(state["region"], zone)
    return {"explore1": "explore (first)", "explore2": "explore (second)"}.get(zone, action)


def a_spell(state, rng, seat, ask, move):
    if move["type"] == "pass":
        return
    card = move["artifact"]
    pl = state["seats"][seat]
    pl["arts"] = [a for a in pl["arts"] if a["id"] != card]
    log(state, f"{p(seat)} casts {ARTIFACT_BY_ID[card].name}.")
    push(state, {"t": "enc_start", "card": card, "src": "artifact", "seats": [seat], "ctx": "spell", "zone": None},
         {"t": "ask", "ask": {"kind": "spell", "seat": seat}})


def use_plans(state: State, move: dict) -> int:
    if move.get("plans"):
        state["plans_used"] = True
        return move["count"] - 1
    return move["count"]


def a_spend(state, rng, seat, ask, move):
    tasks = []
    if move["type"] == "spend":
        own = use_plans(state, move)
        spend_trait(state, seat, move["trait"], own)
        state["roll"][str(seat)] = {"extra": move["count"], "trait": move["trait"], "spent": move["count"]}
        log(state, f"{p(seat)} spends {move['count']} {move['trait']} token(s)" + (" (one from the plans)"
                                                                                   if move.get("plans") else "") + ".")
        mages = [m for m in ask["group"] if has_role(state, m, "mage") and state["seats"][m]["traits"]["communing"]]
        tasks += [{"t": "ask", "ask": {"kind": "mage", "seat": m, "for": seat}} for m in mages[:1]]
    if ask.get("then"):
        tasks.append(ask["then"])
    push(state, *tasks)


def a_mage(state, rng, seat, ask, move):
    if move["type"] != "spend":
        return
    spend_trait(state, seat, "communing", move["count"])
    rolls = roll_dice(rng, move["count"])
    fails = [r for r in rolls if r <= 2]
    if has_role(state, seat, "priest") and fails:
        rolls.remove(fails[0])
    wins = sum(3 <= r <= 4 for r in rolls)
    losses = sum(r <= 2 for r in rolls)
    entry = state["roll"].setdefault(str(ask["for"]), {"extra": 0})
    entry["extra"] = max(0, entry["extra"] + wins - losses)
    log(state, f"{p(seat)} communes for {p(ask['for'])}: rolls {fmt(rolls)}, +{wins} and -{losses} dice.")


def a_option(state, rng, seat, ask, move):
    enc = state["enc"]
    enc["picks"][str(seat)] = move["index"]
    option = enc_options(enc)[move["index"]]
    log(state, f"{p(seat)} chooses the {option.trait} option ({option.diamonds} diamond(s)).",
        to=private_to(state, seat))
    push(state, *after_pick(state, seat))


def a_advise(state, rng, seat, ask, move):
    if move["type"] != "spend":
        return
    spend_trait(state, seat, "wise", move["count"])
    helped = state["enc"]["helped"]
    helped[str(ask["for"])] = helped.get(str(ask["for"]), 0) + move["count"]
    log(state, f"{p(seat)} advises {p(ask['for'])}, spending {move['count']} wise token(s).")


def a_invoke(state, rng, seat, ask, move):
    if move["type"] != "invoke":
        return
    enc = state["enc"]
    rolls = enc["rolls"][str(seat)]
    enc["rolls"][str(seat)] = [1] * len(rolls)
    enc["invoked"].append(seat)
    for _ in rolls:
        zone = min(ZONE_ORDER, key=lambda z: (state["presence"][z], ZONE_ORDER.index(z)))
        state["presence"][zone] += 1
    log(state, f"{p(seat)} invokes their patron god: every roll counts as a 1, and {len(rolls)} presence "
               f"token(s) are added to the quietest zones.")


def a_protect(state, rng, seat, ask, move):
    if move["type"] == "protect":
        state["enc"]["protected"].append(move["target"])
        log(state, f"{p(seat)} protects {p(move['target'])}.")


def a_whisper(state, rng, seat, ask, move):
    if move["type"] == "reroll":
        state["face"] = EVENT_DIE[rng.below(6)]
        log(state, f"{p(seat)} asks the beasts and trees: the event die is rerolled and shows {state['face']}.")


def a_pick(state, rng, seat, ask, move):
    if move["type"] != "pick":
        return
    got = gain_trait(state, seat, move["trait"], 1, own=ask["own"])
    if ask.get("key"):
        state["pick_memory"][f"{seat}:{ask['key']}"] = move["trait"]
    log(state, f"{p(seat)} regains a {move['trait']} token." if got else f"{p(seat)} has no room for it.")


def a_tend(state, rng, seat, ask, move):
    target = move["target"]
    log(state, f"{p(seat)} tends to {p(target)}.")
    push(state, {"t": "ask", "ask": pick_ask(target, own=False, why="tended")})


def a_scout(state, rng, seat, ask, move):
    zone = move["zone"]
    entry = {"roll": rng.die(), "face": EVENT_DIE[rng.below(6)] if ask["face"] else None}
    state["scouted_next"][zone] = entry
    log(state, f"{p(seat)} scouts {zone}: presence roll {entry['roll']}"
        + (f", event die {entry['face']}." if entry["face"] else "."))


def contribute(state: State, seat: int, building: str) -> None:
    state["seats"][seat]["res"] -= 1
    state["buildings"][building] += 1
    b = BUILDING_BY_ID[building]
    log(state, f"{p(seat)} contributes a resource to the {b.name} ({state['buildings'][building]}/{b.cost}).")
    if built(state, building):
        log(state, f"The {b.name} is built.")
        if built_count(state) == len(BUILDINGS):
            end(state, True, "All six buildings of the settlement stand. The band has won: they live on.")


def a_contribute(state, rng, seat, ask, move):
    if move["type"] == "contribute":
        contribute(state, seat, move["building"])


def a_funder(state, rng, seat, ask, move):
    funder = move["seat"]
    log(state, f"The extra successes are paid from {p(funder)}'s resources.")
    push(state, *[{"t": "ask", "ask": {"kind": "contribute", "seat": funder}} for _ in range(ask["count"])])


def a_augury(state, rng, seat, ask, move):
    if move["type"] != "spend":
        return
    own = use_plans(state, move)
    spend_trait(state, seat, "communing", own)
    rolls = roll_dice(rng, move["count"])
    log(state, f"{p(seat)} seeks an augury: rolls {fmt(rolls)}.")
    if any(r <= EVENT_SUCCESS for r in rolls):
        push(state, {"t": "ask", "ask": {"kind": "augury_deck", "seat": seat}})


def a_augury_deck(state, rng, seat, ask, move):
    deck = move["deck"]
    cards = (state["art_deck"] if deck == "artifact" else state["decks"][deck])[:2]
    for c in cards:
        if deck == "artifact":
            see_private(state, seat, "art:front:" + c)
        elif EVENT_BY_ID[c].kind != "secret":  # a secret's front is only ever shown to its holder
            see_private(state, seat, c)
    state["foresight"][str(seat)] = {"deck": deck, "cards": list(cards), "round": state["round"]}
    log(state, f"{p(seat)} looks at the top of the {deck} deck.")


def a_insight(state, rng, seat, ask, move):
    if move["type"] != "insight":
        return
    spend_trait(state, seat, "caring", move["count"])
    rolls = roll_dice(rng, move["count"])
    target = move["target"]
    if sum(r <= EVENT_SUCCESS for r in rolls) >= 2:
        sec = next(s for s in state["seats"][target]["secrets"] if seat not in s["known"])
        sec["known"].append(seat)
        see_private(state, seat, sec["id"])
        log(state, f"{p(seat)} reads {p(target)} with care: rolls {fmt(rolls)}, and understands a secret.")
        log(state, f"{p(target)}'s secret: {EVENT_BY_ID[sec['id']].name}.", to=[seat])
    else:
        log(state, f"{p(seat)} tries to read {p(target)}: rolls {fmt(rolls)}, and learns nothing.")


def a_gift_art(state, rng, seat, ask, move):
    card = ask["card"]
    if move["type"] == "give_art":
        put_artifact(state, move["to"], card)
        log(state, f"{p(seat)} hands {ARTIFACT_BY_ID[card].name} to {p(move['to'])}.")
    else:
        state["art_discard"].append(card)
        log(state, f"{p(seat)} leaves {ARTIFACT_BY_ID[card].name} behind.")


def a_hall(state, rng, seat, ask, move):
    if move["type"] == "refuge":
        state["refuge"] = True
        log(state, "The camp takes refuge in the hall; everyone spends a trait token.")
        push(state, *[{"t": "ask", "ask": {"kind": "hall_pay", "seat": s}} for s in ask["group"]])


def a_hall_pay(state, rng, seat, ask, move):
    spend_trait(state, seat, move["trait"], 1)


def a_eat(state, rng, seat, ask, move):
    state["seats"][seat]["res"] -= move["count"]
    state["seats"][seat]["ate"] = move["count"]


def a_woken(state, rng, seat, ask, move):
    if move["type"] == "pick":
        gain_trait(state, seat, move["trait"], 1)
        log(state, f"{p(seat)} is restless and regains a {move['trait']} token.")


def a_trade(state, rng, seat, ask, move):
    kind = move["type"]
    if kind == "done":
        return
    pl = state["seats"][seat]
    mode = state["trade_mode"]
    if kind == "give_res":
        pl["res"] -= 1
        state["seats"][move["to"]]["res"] += 1
        log(state, f"{p(seat)} gives a resource to {p(move['to'])}.")
    elif kind == "give_art":
        art = next(a for a in pl["arts"] if a["id"] == move["artifact"])
        pl["arts"].remove(art)
        state["seats"][move["to"]]["arts"].append(art)
        log(state, f"{p(seat)} gives {ARTIFACT_BY_ID[art['id']].name} to {p(move['to'])}.")
    elif kind == "store_res":
        pl["res"] -= 1
        state["storage"]["res"] += 1
        mode["res"] = "store"
    elif kind == "take_res":
        pl["res"] += 1
        state["storage"]["res"] -= 1
        mode["res"] = "take"
    elif kind == "store_art":
        art = next(a for a in pl["arts"] if a["id"] == move["artifact"])
        pl["arts"].remove(art)
        state["storage"]["arts"].append(art)
        mode["art"] = "store"
    elif kind == "take_art":
        art = next(a for a in state["storage"]["arts"] if a["id"] == move["artifact"])
        state["storage"]["arts"].remove(art)
        pl["arts"].append(art)
        mode["art"] = "take"
    push(state, {"t": "ask", "ask": ask})


ANSWERS = {
    "spell": a_spell, "spend": a_spend, "mage": a_mage, "option": a_option, "advise": a_advise,
    "invoke": a_invoke, "protect": a_protect, "whisper": a_whisper, "pick": a_pick, "woken": a_woken,
    "tend": a_tend, "scout": a_scout, "contribute": a_contribute, "funder": a_funder, "augury": a_augury,
    "augury_deck": a_augury_deck, "insight": a_insight, "gift_art": a_gift_art, "hall": a_hall,
    "hall_pay": a_hall_pay, "eat": a_eat, "trade": a_trade,
}


def outcome(state: State) -> dict | None:
    result = state["result"]
    if result is None:
        return None
    score = built_count(state)
    players = state["players"]
    return {"won": result["won"], "scores": [score] * players,
            "winners": list(range(players)) if result["won"] else [], "reason": result["reason"],
            "rounds": state["round"]}


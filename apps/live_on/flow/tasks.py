"""The round as a queue of tasks (prep, actions, events, keeping) and ``run``, which works through it until a
task asks a decision or the game ends.
"""

from __future__ import annotations

from apps.matches.engine import Rng

from ..content import (
    ARTIFACT_BY_ID,
    CAMP,
    EVENT_BY_ID,
    EVENT_DIE,
    HEALTH_TRAITS,
    MORALE_TRAITS,
    SPOTS,
    WINTER_ROUND,
    zone_action,
)
from ..state import LiveOnState, Task
from .board import (
    ACTION,
    EVENT,
    KEEPING,
    POOLS,
    PREP,
    apply_effects,
    built,
    core_traits,
    counted,
    discard_event,
    draw_artifact,
    draw_event,
    end,
    exploration,
    extra,
    fmt,
    food_need,
    form_groups,
    gain_res,
    gain_trait,
    has_role,
    is_over,
    log,
    lose,
    loss_choices,
    p,
    pick_ask,
    push,
    receive_artifact,
    roll_dice,
    rolled_face,
    see,
    see_back,
    spend_task,
    spent,
    take_tokens,
    tool_bonus,
    zone_label,
    zone_value,
)
from .encounters import place_location, start_drawn_event, t_enc_end, t_enc_flip, t_enc_outcome, t_enc_roll, t_enc_start
from .moves import ask_moves

# --- The task runner ----------------------------------------------------------

def run(state: LiveOnState, rng: Rng) -> None:
    while state["ask"] is None and state["tasks"] and not is_over(state):
        task = state["tasks"].pop(0)
        TASKS[task["t"]](state, rng, task)


def t_ask(state: LiveOnState, rng: Rng, task: Task) -> None:
    ask = task["ask"]
    if ask_moves(state, ask):
        state["ask"] = ask


# --- Rounds -------------------------------------------------------------------

def t_round(state: LiveOnState, rng: Rng, task: Task) -> None:
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


def t_secret_prep(state: LiveOnState, rng: Rng, task: Task) -> None:
    seat = task["seat"]
    if any(s["id"] == task["card"] for s in state["seats"][seat]["secrets"]):
        log(state, f"{p(seat)} encounters a secret.")
        push(state, {"t": "enc_start", "card": task["card"], "src": "event", "seats": [seat], "ctx": "prep",
                     "zone": None})


def t_action_start(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["phase"] = ACTION
    state["ask"] = {"kind": "zones", "seats": list(range(state["players"]))}


def t_actions(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["groups"] = form_groups(state)
    tasks = []
    for seat in range(state["players"]):
        if has_role(state, seat, "empath"):
            tasks.append({"t": "ask", "ask": {"kind": "insight", "seat": seat}})
    for group in state["groups"]:
        tasks.append({"t": "act", "key": group["key"]})
    tasks += [{"t": "presence"}, {"t": "event_phase"}]
    push(state, *tasks)


def t_act(state: LiveOnState, rng: Rng, task: Task) -> None:
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
            tasks += [spend_task(s, ["active"], "settle", seats) for s in seats]  # resting players are in the group
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


def t_clear_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["roll"] = {}


# --- Actions ------------------------------------------------------------------

def t_gather_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    rolls = {s: roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "gather")) for s in seats}
    for s in seats:
        wins = sum(r <= value for r in rolls[s])
        got = gain_res(state, s, wins)
        log(state, f"{p(s)} gathers: rolls {fmt(rolls[s])}, needing {value} or less: {counted(wins, 'success')}, "
                   f"{counted(got, 'resource')} gained.")
    all_rolls = [(r, s) for s in seats for r in rolls[s]]
    if all_rolls:
        low, low_seat = min(all_rolls, key=lambda x: (x[0], seats.index(x[1])))
        if value - low > 0:
            got = gain_res(state, low_seat, value - low)
            log(state, f"{p(low_seat)} rolled the group's lowest die, {low}: {value - low} under the zone's {value} "
                       f"gives {counted(got, 'bonus resource')}.")
        for s in seats:
            if has_role(state, s, "forester") and spent(state, s, "keen") and any(r <= value for r in rolls[s]):
                mine = sorted(rolls[s])
                use: int | None = mine[0]
                if s == low_seat and mine[0] == low:
                    use = mine[1] if len(mine) > 1 else None
                if use is not None and value - use > 0:
                    got = gain_res(state, s, value - use)
                    log(state, f"{p(s)}'s bounty: their roll of {use} gives {counted(got, 'more resource')}.")


def t_explore_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    wins = 0
    for s in seats:
        rolls = roll_dice(rng, 1 + tool_bonus(state, s, "explore"))
        wins += sum(r <= value for r in rolls)
        log(state, f"{p(s)} explores: rolls {fmt(rolls)}, needing {value} or less: "
                   f"{counted(sum(r <= value for r in rolls), 'event')} found.")
    state["explore"] = {"zone": zone, "seats": seats, "left": wins, "deep": task["deep"], "avoided": False}
    push(state, {"t": "explore_step"})


def t_explore_step(state: LiveOnState, rng: Rng, task: Task) -> None:
    ex = state["explore"]
    if ex is None or ex["left"] <= 0:
        state["explore"] = None
        return
    ex["left"] -= 1
    face = EVENT_DIE[rng.below(6)]
    state["face"] = face
    log(state, f"The event die picks the {face} deck.")
    push(state, *whisper_tasks(state, ex["seats"]), {"t": "explore_face"})


def whisper_tasks(state: LiveOnState, seats: list[int]) -> list[dict]:
    return [{"t": "ask", "ask": {"kind": "whisper", "seat": s}} for s in seats if has_role(state, s, "whisperer")][:1]


def t_explore_face(state: LiveOnState, rng: Rng, task: Task) -> None:
    ex = exploration(state)
    face = rolled_face(state)
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


def t_avoid_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    ex = exploration(state)
    s = task["seat"]
    rolls = roll_dice(rng, extra(state, s))
    state["roll"].pop(str(s), None)
    value = zone_value(state, ex["zone"])
    if any(r <= value for r in rolls):
        ex["avoided"] = True
    log(state, f"{p(s)} rolls {fmt(rolls)} to see it coming, needing {value} or less." if rolls
        else f"{p(s)} rolls no dice to see it coming.")


def t_avoid_end(state: LiveOnState, rng: Rng, task: Task) -> None:
    ex = exploration(state)
    face = rolled_face(state)
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


def t_scout_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    tasks = []
    for s in seats:
        rolls = roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "scout"))
        wins = sum(r <= value for r in rolls)
        log(state, f"{p(s)} scouts: rolls {fmt(rolls)}, needing {value} or less: {counted(wins, 'success')}.")
        for i in range(wins):
            tasks.append({"t": "ask", "ask": {"kind": "scout", "seat": s, "face": wins >= 2 and i == 0}})
    push(state, *tasks)


def t_cave_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    zone, seats = task["zone"], task["seats"]
    value = zone_value(state, zone)
    wins = 0
    for s in seats:
        rolls = roll_dice(rng, 1 + extra(state, s) + tool_bonus(state, s, "cave"))
        wins += sum(r <= value for r in rolls)
        log(state, f"{p(s)} seeks shelter: rolls {fmt(rolls)}, needing {value} or less: "
                   f"{counted(sum(r <= value for r in rolls), 'success')}.")
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


def t_visit(state: LiveOnState, rng: Rng, task: Task) -> None:
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


def t_rest_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    resting, group = task["seats"], task["group"]
    value = zone_value(state, "rest")
    tasks = []
    for s in resting:
        if not has_role(state, s, "woken"):
            for t in core_traits(state, s):
                gain_trait(state, s, t, 1)
        rolls = roll_dice(rng, 1 + tool_bonus(state, s, "rest"))
        ok = any(r <= value for r in rolls)
        log(state, f"{p(s)} rests: rolls {fmt(rolls)}, needing {value} or less" + (", a success." if ok else
                                                                                     ": no success."))
        if ok:
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "rest", key="rest1")})
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "rest", key="rest2", exclude_key="rest1")})
        care = roll_dice(rng, extra(state, s))
        if care:
            hits = sum(r <= value for r in care)
            if has_role(state, s, "spouse") and hits:
                hits = len(care)
            log(state, f"{p(s)} tends to the others: rolls {fmt(care)}, {counted(hits, 'success')}.")
            others = [o for o in group if o != s]
            for _ in range(hits if others else 0):
                tasks.append({"t": "ask", "ask": {"kind": "tend", "seat": s, "to": others}})
        if built(state, "hearth"):
            tasks.append({"t": "ask", "ask": pick_ask(s, True, "hearth")})
    push(state, *tasks)


def t_trade_start(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["trade_mode"] = {}
    push(state, {"t": "ask", "ask": {"kind": "trade", "seat": task["seat"], "resting": task["resting"]}})


def t_settle_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    settling, group = task["seats"], task["group"]
    value = zone_value(state, "settle")
    tasks = []
    pooled = 0
    for s in settling:
        own = roll_dice(rng, 1 + tool_bonus(state, s, "settle"))
        more = roll_dice(rng, extra(state, s))
        wins = sum(r <= value for r in own)
        pooled += sum(r <= value for r in more)
        log(state, f"{p(s)} settles: rolls {fmt(own + more)}, needing {value} or less: "
                   f"{counted(wins + sum(r <= value for r in more), 'success')}.")
        tasks += [{"t": "ask", "ask": {"kind": "contribute", "seat": s}} for _ in range(wins)]
        if has_role(state, s, "farmer") and spent(state, s, "active") and 1 in own + more:
            tasks.append({"t": "craft", "seat": s, "group": group})
    for s in group:
        if s not in settling and extra(state, s):
            more = roll_dice(rng, extra(state, s))
            pooled += sum(r <= value for r in more)
            log(state, f"{p(s)} lends a hand from the rest zone: rolls {fmt(more)}, needing {value} or less: "
                       f"{counted(sum(r <= value for r in more), 'success')}.")
    if pooled:
        log(state, f"The extra dice give {counted(pooled, 'success')}, paid from the resources of one player at "
                   "camp.")
        tasks.append({"t": "ask", "ask": {"kind": "funder", "seat": settling[0], "count": pooled,
                                          "settling": settling, "payers": group}})
    push(state, *tasks)


def t_craft(state: LiveOnState, rng: Rng, task: Task) -> None:
    card = draw_artifact(state, rng, tool_only=True)
    if card:
        log(state, f"{p(task['seat'])} crafts a tool.")
        receive_artifact(state, task["seat"], card, task["group"])


def t_hooks(state: LiveOnState, rng: Rng, task: Task) -> None:
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


def t_presence(state: LiveOnState, rng: Rng, task: Task) -> None:
    for pl in state["seats"]:
        if pl["zone"] and pl["zone"] not in state["sheltered"]:
            state["presence"][pl["zone"]] += 1


# --- Event phase --------------------------------------------------------------

def t_event_phase(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["phase"] = EVENT
    push(state, *[{"t": "group_event", "key": g["key"]} for g in state["groups"]], {"t": "keeping"})


def group_zones(key: str) -> list[str]:
    return list(CAMP) if key == "camp" else [key]


def t_group_event(state: LiveOnState, rng: Rng, task: Task) -> None:
    key = task["key"]
    group = next(g for g in state["groups"] if g["key"] == key)
    if key in state["sheltered"]:
        return
    tokens = sum(state["presence"][z] for z in group_zones(key))
    scouted = state["scouted"].get(key)
    roll = scouted["roll"] if scouted else rng.die()
    check = (f"Event check at {'the camp' if key == 'camp' else zone_label(state, key)}: "
             f"{'scouted roll' if scouted else 'rolled'} {roll}")
    if roll > tokens:
        log(state, f"{check}, over its {counted(tokens, 'presence token')}: no event.")
        return
    for z in group_zones(key):
        state["presence"][z] = 0
    log(state, f"{check}, not over its {counted(tokens, 'presence token')}: an event comes.")
    tasks: list[Task] = []
    if key == "camp" and built(state, "hall"):
        tasks.append({"t": "ask", "ask": {"kind": "hall", "seat": group["seats"][0], "group": group["seats"]}})
    tasks.append({"t": "event_die", "key": key, "face": scouted.get("face") if scouted else None})
    push(state, *tasks)


def t_event_die(state: LiveOnState, rng: Rng, task: Task) -> None:
    if state.get("refuge"):
        state["refuge"] = False
        return
    group = next(g for g in state["groups"] if g["key"] == task["key"])
    face = task["face"] or EVENT_DIE[rng.below(6)]
    state["face"] = face
    log(state, f"The event die picks the {face} deck.")
    push(state, *whisper_tasks(state, group["seats"]), {"t": "event_draw", "key": task["key"]})


def t_event_draw(state: LiveOnState, rng: Rng, task: Task) -> None:
    group = next(g for g in state["groups"] if g["key"] == task["key"])
    face = rolled_face(state)
    card = draw_event(state, rng, face)
    if card is None:
        log(state, f"The {face} deck is empty: nothing happens.")
        return
    zone = task["key"] if task["key"] != "camp" else "rest"
    start_drawn_event(state, rng, card, group["seats"], "event", zone)


# --- Keeping phase ------------------------------------------------------------

def t_keeping(state: LiveOnState, rng: Rng, task: Task) -> None:
    state["phase"] = KEEPING
    for pl in state["seats"]:
        pl["ate"] = 0
    tasks = [{"t": "ask", "ask": {"kind": "eat", "seat": s}} for s in range(state["players"])]
    push(state, *tasks, {"t": "food_check"}, {"t": "time_die"})


def t_food_check(state: LiveOnState, rng: Rng, task: Task) -> None:
    """The band must eat ``food_need`` tokens in all, at least one per group. A band short of its total goes
    hungry as a whole; otherwise each group that ate nothing does. Nobody goes hungry twice in one keeping."""
    total = sum(pl["ate"] for pl in state["seats"])
    need = food_need(state)
    log(state, f"The band eats {counted(total, 'resource')} ({need} needed, at least one per group).")
    if total < need:
        log(state, f"The band is {counted(need - total, 'resource')} short: everyone goes hungry.")
        hungry = list(range(state["players"]))
    else:
        hungry = [s for group in state["groups"] if not any(state["seats"][m]["ate"] for m in group["seats"])
                  for s in group["seats"]]
    for s in sorted(hungry):
        log(state, f"{p(s)} goes hungry: loses 1 health and 1 morale.")
    for s in sorted(hungry, reverse=True):  # each loss asked goes to the front of the queue: seat 0's comes first
        lose(state, s, HEALTH_TRAITS, 1)
        lose(state, s, MORALE_TRAITS, 1)


def t_lose(state: LiveOnState, rng: Rng, task: Task) -> None:
    """A loss with a choice of tokens: ask the player, unless by now only one way is left."""
    seat, pool = task["seat"], POOLS[task["pool"]]
    ways = loss_choices(state, seat, pool, task["n"])
    if len(ways) > 1:
        state["ask"] = {"kind": "lose", "seat": seat, "pool": task["pool"], "n": task["n"]}
    else:
        take_tokens(state, seat, ways[0])


def t_time_die(state: LiveOnState, rng: Rng, task: Task) -> None:
    roll = rng.die()
    changes = any(roll in art["time"] for pl in state["seats"] for art in pl["arts"]) or any(
        entry["time"] and roll not in entry["time"] for spot in SPOTS for entry in state["spots"][spot])
    log(state, f"The time die shows {roll}{':' if changes else ': nothing changes.'}")
    for seat, pl in enumerate(state["seats"]):
        for art in pl["arts"]:
            if art["time"] and roll in art["time"]:
                art["time"] = []
                art["up"] = True
                card = ARTIFACT_BY_ID[art["id"]]
                assert card.back is not None, "only an artifact with a back has a time token"
                see_back(state, "art:" + art["id"])
                log(state, f"{p(seat)}'s {card.front.name} is unveiled (its time token has {roll}): {card.back.name}.")
    for spot in SPOTS:
        keep = []
        for entry in state["spots"][spot]:
            if entry["time"] and roll not in entry["time"]:
                discard_event(state, entry["id"])
                log(state, f"{EVENT_BY_ID[entry['id']].name} ends: its time token lacks {roll}.")
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
    "keeping": t_keeping, "food_check": t_food_check, "lose": t_lose, "time_die": t_time_die,
}

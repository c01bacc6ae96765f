"""Reading and changing a Live On table: a seat's tokens, the decks, card effects, groups and the task queue.

Everything the tasks, the legal moves and the answers share; it imports no other part of the flow.
"""

from __future__ import annotations

from typing import TypeVar

from apps.matches.engine import Rng

from ..content import (
    ARTIFACT_BY_ID,
    BUILDING_BY_ID,
    BUILDINGS,
    CAMP,
    EVENT_BY_ID,
    EVENT_SUCCESS,
    HEALTH_TRAITS,
    MAX_ARTIFACTS,
    MORALE_TRAITS,
    REGION_BY_ID,
    RESOURCE_SLOTS,
    ROLE_BY_ID,
    SPOTS,
    TRAITS,
    ZONE_ORDER,
    Option,
    Role,
    zone_action,
)
from ..state import Ask, Encounter, Exploration, Group, LiveOnState

T = TypeVar("T")

SETUP, PREP, ACTION, EVENT, KEEPING, OVER = "setup", "prep", "action", "event", "keeping", "over"


SCOUTABLE = ("gather", "explore1", "special", "explore2", "camp", *SPOTS)


# --- Small helpers ------------------------------------------------------------

def log(state: LiveOnState, text: str, to: list[int] | None = None) -> None:
    state["log"].append({"text": text, "to": to})


def p(seat: int) -> str:
    return f"{{p{seat}}}"


def roles(state: LiveOnState, seat: int) -> tuple[Role, Role]:
    player = state["seats"][seat]
    past, gift = player["past"], player["gift"]
    if past is None or gift is None:
        raise RuntimeError(f"seat {seat} has no character yet: roles are read only once play has begun")
    return ROLE_BY_ID[past], ROLE_BY_ID[gift]


def has_role(state: LiveOnState, seat: int, role: str) -> bool:
    player = state["seats"][seat]
    return role in (player["past"], player["gift"])


def cap(state: LiveOnState, seat: int, trait: str) -> int:
    i = TRAITS.index(trait)
    past, gift = roles(state, seat)
    return past.slots[i] + gift.slots[i]


def health(state: LiveOnState, seat: int) -> int:
    return sum(state["seats"][seat]["traits"][t] for t in HEALTH_TRAITS)


def morale(state: LiveOnState, seat: int) -> int:
    return sum(state["seats"][seat]["traits"][t] for t in MORALE_TRAITS)


def hopeless(state: LiveOnState, seat: int) -> bool:
    return morale(state, seat) == 0


def tool_sides(state: LiveOnState, seat: int):
    for art in state["seats"][seat]["arts"]:
        card = ARTIFACT_BY_ID[art["id"]]
        if card.kind == "tool":
            yield card.back if art["up"] and card.back else card.front


def tool_bonus(state: LiveOnState, seat: int, key: str) -> int:
    return sum(n for side in tool_sides(state, seat) for k, n in side.bonus if k == key)


def res_cap(state: LiveOnState, seat: int) -> int:
    return RESOURCE_SLOTS + tool_bonus(state, seat, "slots")


def core_traits(state: LiveOnState, seat: int) -> list[str]:
    past, gift = roles(state, seat)
    return [past.trait, gift.trait]


def zone_value(state: LiveOnState, zone: str) -> int:
    region = REGION_BY_ID[state["region"]]
    action = zone_action(state["region"], zone)
    value = region.values[zone]
    for stack in state["spots"].values():
        for card in stack:
            aura = EVENT_BY_ID[card["id"]].aura
            if aura and (aura[0] == action or (aura[0] == "explore" and action == "deepwoods")):
                value += aura[1]
    return max(1, min(6, value))


def is_over(state: LiveOnState) -> bool:
    return state["result"] is not None


def end(state: LiveOnState, won: bool, reason: str) -> None:
    if state["result"] is None:
        state["result"] = {"won": won, "reason": reason}
        state["phase"] = OVER
        state["tasks"] = []
        state["ask"] = None
        log(state, reason)


def built(state: LiveOnState, building: str) -> bool:
    return state["buildings"][building] >= BUILDING_BY_ID[building].cost


def built_count(state: LiveOnState) -> int:
    return sum(built(state, b.id) for b in BUILDINGS)


# --- Gains and losses ---------------------------------------------------------

def gain_trait(state: LiveOnState, seat: int, trait: str, n: int = 1, own: bool = True) -> int:
    if own and hopeless(state, seat):
        return 0
    player = state["seats"][seat]
    got = max(0, min(n, cap(state, seat, trait) - player["traits"][trait]))
    player["traits"][trait] += got
    return got


def spend_trait(state: LiveOnState, seat: int, trait: str, n: int) -> None:
    state["seats"][seat]["traits"][trait] -= n
    check_death(state, seat)


def default_loss(traits: dict[str, int], pool: tuple, n: int) -> dict[str, int]:
    """The engine's own way to lose n tokens of a pool, {trait: tokens}: each from the trait held most (the
    earliest trait on a tie), until the pool is empty."""
    left = dict(traits)
    loss: dict[str, int] = {}
    for _ in range(n):
        best = max(pool, key=lambda t: (left[t], -pool.index(t)))
        if left[best] == 0:
            break
        left[best] -= 1
        loss[best] = loss.get(best, 0) + 1
    return loss


def lose_pool(state: LiveOnState, seat: int, pool: tuple, n: int) -> int:
    """Lose n tokens from a pool the engine's own way (``default_loss``); returns how many were lost."""
    traits = state["seats"][seat]["traits"]
    loss = default_loss(traits, pool, n)
    for trait, k in loss.items():
        traits[trait] -= k
    return sum(loss.values())


POOLS = {"health": HEALTH_TRAITS, "morale": MORALE_TRAITS}


def pool_name(pool: tuple) -> str:
    return "health" if pool == HEALTH_TRAITS else "morale"


def loss_choices(state: LiveOnState, seat: int, pool: tuple, n: int) -> list[dict[str, int]]:
    """Every way to lose ``n`` tokens of a pool (all it holds, if fewer), as {trait: tokens lost} without
    zeros; the engine's own way (``default_loss``) first, so one tap keeps it."""
    traits = state["seats"][seat]["traits"]
    n = min(n, sum(traits[t] for t in pool))
    first = default_loss(traits, pool, n)
    ways = [first]
    a, b, c = pool
    for x in range(min(traits[a], n) + 1):
        for y in range(min(traits[b], n - x) + 1):
            z = n - x - y
            way = {t: k for t, k in zip(pool, (x, y, z), strict=True) if k}
            if z <= traits[c] and way != first:
                ways.append(way)
    return ways


def lose(state: LiveOnState, seat: int, pool: tuple, n: int) -> None:
    """A loss of health or morale: the player removes "any combination" of the pool's tokens. With one way to
    do it, it happens now; with several, the player is asked (``lose`` task) before the game goes on."""
    if len(loss_choices(state, seat, pool, n)) <= 1:
        lose_pool(state, seat, pool, n)
        check_death(state, seat)
    elif state["ask"] is not None and state["ask"]["kind"] == "zones":
        # Everyone is choosing a zone at once (a call was made): the loser owes it, and settles it first.
        state["seats"][seat].setdefault("owes", []).append({"pool": pool_name(pool), "n": n})
    else:
        push(state, {"t": "lose", "seat": seat, "pool": pool_name(pool), "n": n})


def settle_owed(state: LiveOnState, seat: int, tokens: dict[str, int]) -> None:
    """Pay the first loss a seat owes with the tokens chosen, then any left that has only one way to go."""
    owes = state["seats"][seat]["owes"]
    owed = owes.pop(0)
    take_tokens(state, seat, tokens)
    log(state, f"{p(seat)} loses {owed['n']} {owed['pool']}: {tokens_text(tokens)}.")
    while owes and len(loss_choices(state, seat, POOLS[owes[0]["pool"]], owes[0]["n"])) <= 1:
        owed = owes.pop(0)
        lose_pool(state, seat, POOLS[owed["pool"]], owed["n"])
        check_death(state, seat)
    if not owes:
        del state["seats"][seat]["owes"]


def tokens_text(tokens: dict[str, int]) -> str:
    return " and ".join(f"{k} {t}" for t, k in tokens.items()) or "nothing"


def take_tokens(state: LiveOnState, seat: int, tokens: dict[str, int]) -> None:
    for trait, k in tokens.items():
        state["seats"][seat]["traits"][trait] -= k
    check_death(state, seat)


def gain_pool(state: LiveOnState, seat: int, pool: tuple, n: int, own: bool = True) -> int:
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


def spends_last_health(health_now: int, move: dict) -> bool:
    """Whether a move spends every health token a player has left (strong, active and keen together): it
    kills them, which ends the game for the whole band."""
    if move.get("type") not in ("spend", "pay") or move.get("trait") not in HEALTH_TRAITS:
        return False
    own = move.get("count", 1) - (1 if move.get("plans") else 0)
    return health_now > 0 and own >= health_now


def check_death(state: LiveOnState, seat: int) -> None:
    if health(state, seat) <= 0 and not is_over(state):
        end(state, False, f"{p(seat)} has died. The band has lost.")


def gain_res(state: LiveOnState, seat: int, n: int, own: bool = True) -> int:
    if own and hopeless(state, seat):
        return 0
    player = state["seats"][seat]
    got = max(0, min(n, res_cap(state, seat) - player["res"]))
    player["res"] += got
    return got


def lose_res(state: LiveOnState, seat: int, n: int) -> int:
    player = state["seats"][seat]
    lost = min(n, player["res"])
    player["res"] -= lost
    return lost


# --- Decks --------------------------------------------------------------------

def draw_event(state: LiveOnState, rng: Rng, deck: str) -> str | None:
    if not state["decks"][deck]:
        state["decks"][deck] = state["discard"][deck]
        state["discard"][deck] = []
        rng.shuffle(state["decks"][deck])
    if not state["decks"][deck]:
        return None
    return state["decks"][deck].pop(0)


def discard_event(state: LiveOnState, card: str) -> None:
    state["discard"][EVENT_BY_ID[card].deck].append(card)


def draw_artifact(state: LiveOnState, rng: Rng, tool_only: bool = False) -> str | None:
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


def see(state: LiveOnState, card: str) -> None:
    if card not in state["seen"]:
        state["seen"].append(card)


def see_back(state: LiveOnState, card: str) -> None:
    if card not in state["backs"]:
        state["backs"].append(card)


def see_private(state: LiveOnState, seat: int, card: str) -> None:
    known = state["private"][str(seat)]
    if card not in known:
        known.append(card)


def receive_artifact(state: LiveOnState, seat: int, card: str, group: list[int]) -> None:
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


def put_artifact(state: LiveOnState, seat: int, card: str) -> None:
    art = ARTIFACT_BY_ID[card]
    state["seats"][seat]["arts"].append({"id": card, "time": list(range(1, art.unveil + 1)), "up": False})


# --- Effects ------------------------------------------------------------------

def apply_effects(state: LiveOnState, rng: Rng, seat: int, effects: tuple, *, own: bool = True, failed: int = 0,
                  zone: str | None = None, group: list[int] | None = None) -> dict:
    """Apply parsed effects to one player; returns flags ("resolve", "reveal")."""
    flags = {"resolve": False, "reveal": False}
    for name, n in effects:
        if is_over(state):
            break
        if name in ("resolve", "reveal"):
            flags[name] = True
        elif name == "perfail":
            if failed:
                lose(state, seat, MORALE_TRAITS, failed)
        elif name == "art":
            if own and hopeless(state, seat):
                continue
            card = draw_artifact(state, rng)
            if card:
                receive_artifact(state, seat, card, group or [seat])
        elif name == "presence":
            if zone:
                state["presence"][zone] += n
        else:
            change_tokens(state, seat, name, n, own)
    return flags


def change_tokens(state: LiveOnState, seat: int, name: str, n: int, own: bool) -> None:
    """A token effect: health or morale (a pool), resources, or one trait; gained, or lost when ``n`` < 0."""
    if name == "health":
        if n < 0:
            lose(state, seat, HEALTH_TRAITS, -n)
        else:
            gain_pool(state, seat, HEALTH_TRAITS, n, own)
    elif name == "morale":
        if n < 0:
            lose(state, seat, MORALE_TRAITS, -n)
        else:
            gain_pool(state, seat, MORALE_TRAITS, n, own)
    elif name == "res":
        if n < 0:
            lose_res(state, seat, -n)
        else:
            gain_res(state, seat, n, own)
    elif name in TRAITS:
        gain_trait(state, seat, name, n, own)


# --- The task queue -----------------------------------------------------------

def push(state: LiveOnState, *tasks: dict) -> None:
    """Put tasks at the front of the queue, in the order given (nothing once the game is over)."""
    if is_over(state):
        return
    state["tasks"][:0] = list(tasks)


# --- Groups, extra dice, and the asks several tasks build ---------------------

def camp_key(zone: str) -> str:
    return "camp" if zone in CAMP else zone


def form_groups(state: LiveOnState) -> list[Group]:
    groups: dict[str, Group] = {}
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


def group_of(state: LiveOnState, seat: int) -> list[int]:
    for group in state["groups"]:
        if seat in group["seats"]:
            return group["seats"]
    return [seat]


def spend_task(seat: int, traits: list[str], purpose: str, group: list[int], then: dict | None = None) -> dict:
    return {"t": "ask", "ask": {"kind": "spend", "seat": seat, "traits": traits, "purpose": purpose,
                                "group": group, "then": then}}


def extra(state: LiveOnState, seat: int) -> int:
    return state["roll"].get(str(seat), {}).get("extra", 0)


def spent(state: LiveOnState, seat: int, trait: str) -> int:
    entry = state["roll"].get(str(seat), {})
    return entry.get("spent", 0) if entry.get("trait") == trait else 0


def roll_dice(rng: Rng, n: int) -> list[int]:
    return [rng.die() for _ in range(max(0, n))]


def pick_ask(seat: int, own: bool, why: str, key: str = "", exclude_key: str = "") -> dict:
    return {"kind": "pick", "seat": seat, "own": own, "why": why, "key": key, "exclude_key": exclude_key}


# --- Under way: the decision, the die face, the encounter, the exploration ------

def _under_way(value: T | None, missing: str) -> T:
    """``value``, which the caller's step only runs while it is there; ``RuntimeError(missing)`` if not."""
    if value is None:
        raise RuntimeError(missing)
    return value


def awaited(state: LiveOnState) -> Ask:
    """The decision awaited: there is one whenever a running game waits for a move."""
    return _under_way(state["ask"], "no decision is awaited")


def rolled_face(state: LiveOnState) -> str:
    """The event die's face, read only by the tasks that follow its roll."""
    return _under_way(state["face"], "the event die has not been rolled")


def encounter(state: LiveOnState) -> Encounter:
    """The encounter under way: its tasks and decisions run only between enc_start and enc_end."""
    return _under_way(state["enc"], "no encounter is under way")


def exploration(state: LiveOnState) -> Exploration:
    """The exploration under way: its tasks run only between explore_roll and the step that ends it."""
    return _under_way(state["explore"], "no exploration is under way")


def enc_options(enc: Encounter) -> tuple[Option, ...]:
    if enc["src"] == "artifact":
        return ARTIFACT_BY_ID[enc["card"]].options
    return EVENT_BY_ID[enc["card"]].options


def private_to(state: LiveOnState, seat: int) -> list[int] | None:
    enc = state["enc"]
    if enc and enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind == "secret":
        return secret_viewers(state, enc["card"])
    return None


def secret_viewers(state: LiveOnState, card: str) -> list[int]:
    for holder, pl in enumerate(state["seats"]):
        for sec in pl["secrets"]:
            if sec["id"] == card:
                return sorted({holder, *sec["known"]})
    return []


def successes(rolls: list[int]) -> int:
    return sum(r <= EVENT_SUCCESS for r in rolls)


def succeeded(state: LiveOnState, seat: int) -> bool:
    enc = encounter(state)
    option = enc_options(enc)[enc["picks"][str(seat)]]
    return successes(enc["rolls"][str(seat)]) >= option.diamonds


def spot_name(state: LiveOnState, spot: str) -> str:
    return REGION_BY_ID[state["region"]].spots[SPOTS.index(spot)]


# --- Food, dice, zone names and the outcome -----------------------------------

def food_need(state: LiveOnState) -> int:
    return state["players"] // 2


def article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def counted(n: int, word: str, plural: str = "") -> str:
    """'1 success', '2 successes', '0 resources': a count a log line reads aloud."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural or word + ('es' if word.endswith('s') else 's')}"


def effect_text(effects: tuple) -> str:
    """English for parsed effects: 'lose 2 health, gain 1 resource, the event is resolved'."""
    parts = []
    for name, n in effects:
        if name in ("health", "morale"):
            parts.append(f"{'gain' if n > 0 else 'lose'} {abs(n)} {name}")
        elif name == "res":
            parts.append(f"{'gain' if n > 0 else 'lose'} {abs(n)} resource{'s' if abs(n) != 1 else ''}")
        elif name == "art":
            parts.append("gain an artifact")
        elif name == "presence":
            parts.append(f"add {n} presence token{'s' if n != 1 else ''} to this zone")
        elif name == "resolve":
            parts.append("the event is resolved")
        elif name == "reveal":
            parts.append("the secret is revealed and resolved")
        elif name == "perfail":
            parts.append("lose 1 morale for each failed roll")
        else:
            parts.append(f"gain {n} {name} token{'s' if n != 1 else ''}")
    return ", ".join(parts) if parts else "nothing happens"


def fmt(rolls: list[int]) -> str:
    """'6', '6 and 1', '6, 1 and 2': dice as a sentence says them."""
    said = [str(r) for r in rolls]
    return " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said) or "no dice"


def zone_label(state: LiveOnState, zone: str) -> str:
    if zone in SPOTS:
        return spot_name(state, zone)
    action = zone_action(state["region"], zone)
    return {"explore1": "explore (first)", "explore2": "explore (second)"}.get(zone, action)


def outcome(state: LiveOnState) -> dict | None:
    result = state["result"]
    if result is None:
        return None
    score = built_count(state)
    players = state["players"]
    return {"won": result["won"], "scores": [score] * players,
            "winners": list(range(players)) if result["won"] else [], "reason": result["reason"],
            "rounds": state["round"]}

"""Encounters: an event, secret or spell met by a player or a group, from the option chosen to the card's fate.
"""

from __future__ import annotations

from typing import cast

from apps.matches.engine import Rng

from ..content import (
    EVENT_BY_ID,
    EVENT_SUCCESS,
    SPOTS,
)
from ..state import Encounter, LiveOnState, Task
from .board import (
    apply_effects,
    built,
    counted,
    discard_event,
    effect_text,
    enc_options,
    encounter,
    extra,
    fmt,
    has_role,
    log,
    p,
    private_to,
    push,
    roll_dice,
    secret_viewers,
    see,
    see_back,
    see_private,
    spend_task,
    spot_name,
    succeeded,
    successes,
    tool_bonus,
)

# --- Event phase --------------------------------------------------------------

def start_drawn_event(state: LiveOnState, rng: Rng, card: str, seats: list[int], ctx: str, zone: str) -> None:
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
    meets = "the group meets it" if event.kind == "group" else "only they meet it"
    log(state, f"{p(drawer)} draws {event.name} ({event.deck} deck): {meets}.")
    push(state, {"t": "enc_start", "card": card, "src": "event", "seats": who, "ctx": ctx, "zone": zone,
                 "group": seats})


# --- Encounters ---------------------------------------------------------------

def t_enc_start(state: LiveOnState, rng: Rng, task: Task) -> None:
    enc: Encounter = {"card": task["card"], "src": task["src"], "ctx": task["ctx"], "zone": task["zone"],
                      "seats": task["seats"], "group": task["group"] if "group" in task else task["seats"], "picks": {},
                      "rolls": {}, "helped": {}, "invoked": [], "protected": [], "flipped": False,
                      "resolved": False, "revealed": False}
    state["enc"] = enc
    state["roll"] = {}
    tasks = [{"t": "ask", "ask": {"kind": "option", "seat": s}} for s in task["seats"]]
    push(state, *tasks, {"t": "enc_flip"}, {"t": "enc_end"})


def after_pick(state: LiveOnState, seat: int) -> list[dict]:
    enc = encounter(state)
    option = enc_options(enc)[enc["picks"][str(seat)]]
    tasks = [spend_task(seat, [option.trait], "encounter", enc["group"])]
    if enc["ctx"] == "visit" and option.trait == "wise":
        for adv in range(state["players"]):
            if adv != seat and has_role(state, adv, "advisor"):
                tasks.append({"t": "ask", "ask": {"kind": "advise", "seat": adv, "for": seat}})
    tasks.append({"t": "enc_roll", "seat": seat})
    return tasks


def t_enc_roll(state: LiveOnState, rng: Rng, task: Task) -> None:
    enc = encounter(state)
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
    log(state, f"{p(seat)} rolls {fmt(rolls)}, needing 4 or less: {counted(successes(rolls), 'success')}.",
        to=private_to(state, seat))
    event = EVENT_BY_ID.get(enc["card"]) if enc["src"] == "event" else None
    if event and event.deck == "spirit" and has_role(state, seat, "chosen") and rolls:
        push(state, {"t": "ask", "ask": {"kind": "invoke", "seat": seat}})


def t_enc_flip(state: LiveOnState, rng: Rng, task: Task) -> None:
    enc = encounter(state)
    enc["flipped"] = True
    card = enc["card"]
    if enc["src"] == "artifact":
        see_back(state, "art:" + card)
    elif EVENT_BY_ID[card].kind == "secret":
        for s in secret_viewers(state, card):
            see_private(state, s, "back:" + card)
    else:
        see_back(state, card)
    tasks: list[Task] = []
    event = EVENT_BY_ID.get(card) if enc["src"] == "event" else None
    if event and event.deck == "spirit" and len(enc["seats"]) > 1:
        for s in enc["seats"]:
            option = enc_options(enc)[enc["picks"][str(s)]]
            if has_role(state, s, "soldier") and option.trait == "strong" and succeeded(state, s):
                tasks.append({"t": "ask", "ask": {"kind": "protect", "seat": s}})
    tasks += [{"t": "enc_outcome", "seat": s} for s in enc["seats"]]
    push(state, *tasks)


def t_enc_outcome(state: LiveOnState, rng: Rng, task: Task) -> None:
    enc = encounter(state)
    seat = task["seat"]
    if seat in enc["protected"]:
        log(state, f"{p(seat)} is protected: the encounter has no effect on them.")
        return
    option = enc_options(enc)[enc["picks"][str(seat)]]
    ok = succeeded(state, seat)
    rolls = enc["rolls"][str(seat)]
    failed = sum(r > EVENT_SUCCESS for r in rolls)
    effects = option.success if ok else option.failure
    log(state, f"{p(seat)} {'succeeds' if ok else 'fails'} ({counted(successes(rolls), 'success')}, "
               f"{option.diamonds} needed): {effect_text(effects)}.", to=private_to(state, seat))
    flags = apply_effects(state, rng, seat, effects, failed=failed, zone=enc["zone"], group=enc["group"])
    enc["resolved"] = enc["resolved"] or flags["resolve"]
    enc["revealed"] = enc["revealed"] or flags["reveal"]


def t_enc_end(state: LiveOnState, rng: Rng, task: Task) -> None:
    enc = encounter(state)
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
            spot = cast(str, enc["zone"])  # a visit's zone is the spot visited, never None
            state["spots"][spot] = [c for c in state["spots"][spot] if c["id"] != card]
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


def remove_secret(state: LiveOnState, holder: int, card: str) -> None:
    pl = state["seats"][holder]
    pl["secrets"] = [s for s in pl["secrets"] if s["id"] != card]
    see(state, card)
    see_back(state, card)
    discard_event(state, card)


def place_location(state: LiveOnState, card: str) -> None:
    see(state, card)
    event = EVENT_BY_ID[card]
    for spot in SPOTS:
        if not state["spots"][spot]:
            state["spots"][spot].append({"id": card, "time": list(range(1, event.duration + 1))})
            log(state, f"{event.name} is placed at {spot_name(state, spot)}.")
            return
    discard_event(state, card)
    log(state, f"There is no vacant spot for {event.name}: it is discarded.")


def place_over(state: LiveOnState, card: str, spot: str | None) -> None:
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
    log(state, f"{event.name} lingers over {spot_name(state, spot)}.")

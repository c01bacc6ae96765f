"""How a move answers the decision awaited, one handler per kind of decision, and then the round runs on.
"""

from __future__ import annotations

from apps.matches.engine import Move, Rng

from ..content import (
    ARTIFACT_BY_ID,
    BUILDING_BY_ID,
    BUILDINGS,
    EVENT_BY_ID,
    EVENT_DIE,
    EVENT_SUCCESS,
    GIFTS,
    MAGE_FAILURE,
    MORALE_TRAITS,
    PASTS,
    ROLE_BY_ID,
    SECRET_BY_MARK,
    SPOTS,
    STARTING_RESOURCES,
    TRAITS,
    ZONE_ORDER,
)
from ..state import Ask, LiveOnState, Scouted
from .board import (
    apply_effects,
    article,
    awaited,
    built,
    built_count,
    cap,
    counted,
    enc_options,
    encounter,
    end,
    fmt,
    gain_trait,
    has_role,
    log,
    lose,
    p,
    pick_ask,
    private_to,
    push,
    put_artifact,
    roles,
    roll_dice,
    see_private,
    settle_owed,
    spend_trait,
    take_tokens,
    tokens_text,
    zone_label,
)
from .encounters import after_pick, remove_secret
from .moves import active_seats, ask_moves
from .tasks import run

# --- Answering ----------------------------------------------------------------

def apply_move(state: LiveOnState, rng: Rng, seat: int, move: Move) -> None:
    ask = awaited(state)
    kind = ask["kind"]
    if move["type"] == "insight" and kind != "insight":  # at any time: the decision waits on
        a_insight(state, rng, seat, ask, move)
        if kind not in SHARED_ANSWERS and not ask_moves(state, ask):
            state["ask"] = None  # the caring tokens it spent were all the decision could use: skipped, as if asked now
    elif kind in SHARED_ANSWERS:
        SHARED_ANSWERS[kind](state, rng, seat, move)
    else:
        state["ask"] = None
        ANSWERS[kind](state, rng, seat, ask, move)
    run(state, rng)


def answer_role(state: LiveOnState, rng: Rng, seat: int, move: Move) -> None:
    role = move["role"]
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
        past, gift = roles(state, s)
        log(state, f"{p(s)} plays the {gift.name} {past.name}.")
    state["ask"] = None
    push(state, {"t": "round"})


def answer_zones(state: LiveOnState, rng: Rng, seat: int, move: Move) -> None:
    pl = state["seats"][seat]
    if move["type"] == "lose":
        settle_owed(state, seat, move["tokens"])
    elif move["type"] == "call":
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
            log(state, f"{p(seat)} calls out {p(target)}'s secret as {card.mark}, and is wrong: loses 1 morale.")
            lose(state, seat, MORALE_TRAITS, 1)
    else:
        choose_zone(state, seat, move)
    if not active_seats(state):
        state["ask"] = None
        push(state, {"t": "actions"})


def choose_zone(state: LiveOnState, seat: int, move: Move) -> None:
    pl = state["seats"][seat]
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


def a_spell(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "pass":
        return
    card = move["artifact"]
    pl = state["seats"][seat]
    pl["arts"] = [a for a in pl["arts"] if a["id"] != card]
    log(state, f"{p(seat)} casts {ARTIFACT_BY_ID[card].name}.")
    push(state, {"t": "enc_start", "card": card, "src": "artifact", "seats": [seat], "ctx": "spell", "zone": None},
         {"t": "ask", "ask": {"kind": "spell", "seat": seat}})


def use_plans(state: LiveOnState, move: Move) -> int:
    if move.get("plans"):
        state["plans_used"] = True
        return move["count"] - 1
    return move["count"]


def a_spend(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    tasks = []
    if move["type"] == "spend":
        own = use_plans(state, move)
        spend_trait(state, seat, move["trait"], own)
        state["roll"][str(seat)] = {"extra": move["count"], "trait": move["trait"], "spent": move["count"]}
        plans = " (one from the plans)" if move.get("plans") else ""
        log(state, f"{p(seat)} spends {counted(move['count'], move['trait'] + ' token')}{plans} to roll "
                   f"{counted(move['count'], 'more die', 'more dice')}.")
        mages = [m for m in ask["group"] if has_role(state, m, "mage") and state["seats"][m]["traits"]["communing"]]
        tasks += [{"t": "ask", "ask": {"kind": "mage", "seat": m, "for": seat}} for m in mages[:1]]
    if ask.get("then"):
        tasks.append(ask["then"])
    push(state, *tasks)


def a_mage(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] != "spend":
        return
    spend_trait(state, seat, "communing", move["count"])
    rolls = roll_dice(rng, move["count"])
    # A 4 or lower is a communing success and a 2 or lower also a failure, so a 1 or 2 adds a die and takes one.
    wins = sum(r <= EVENT_SUCCESS for r in rolls)
    losses = sum(r <= MAGE_FAILURE for r in rolls)
    if has_role(state, seat, "priest") and losses:
        losses -= 1  # the prayer: one failure is forgiven, and its roll counts as the success it also is
    entry = state["roll"].setdefault(str(ask["for"]), {"extra": 0})
    entry["extra"] = max(0, entry["extra"] + wins - losses)
    log(state, f"{p(seat)} communes for {p(ask['for'])}: rolls {fmt(rolls)}, so {p(ask['for'])} rolls "
               f"{counted(wins, 'more die', 'more dice')} and {counted(losses, 'die', 'dice')} fewer.")


def a_option(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    enc = encounter(state)
    enc["picks"][str(seat)] = move["index"]
    option = enc_options(enc)[move["index"]]
    log(state, f"{p(seat)} chooses the {option.trait} option (it needs {counted(option.diamonds, 'success')}).",
        to=private_to(state, seat))
    push(state, *after_pick(state, seat))


def a_advise(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] != "spend":
        return
    spend_trait(state, seat, "wise", move["count"])
    helped = encounter(state)["helped"]
    helped[str(ask["for"])] = helped.get(str(ask["for"]), 0) + move["count"]
    log(state, f"{p(seat)} advises {p(ask['for'])}, spending {counted(move['count'], 'wise token')}: "
               f"{counted(move['count'], 'more die', 'more dice')} for them.")


def a_invoke(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] != "invoke":
        return
    enc = encounter(state)
    rolls = enc["rolls"][str(seat)]
    enc["rolls"][str(seat)] = [1] * len(rolls)
    enc["invoked"].append(seat)
    for _ in rolls:
        zone = min(ZONE_ORDER, key=lambda z: (state["presence"][z], ZONE_ORDER.index(z)))
        state["presence"][zone] += 1
    log(state, f"{p(seat)} invokes their patron god: every roll counts as a 1, and "
               f"{counted(len(rolls), 'presence token')} go to the zones with the fewest.")


def a_protect(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "protect":
        encounter(state)["protected"].append(move["target"])
        log(state, f"{p(seat)} protects {p(move['target'])}.")


def a_whisper(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "reroll":
        state["face"] = EVENT_DIE[rng.below(6)]
        log(state, f"{p(seat)} asks the beasts and trees: the event die is rerolled and shows {state['face']}.")


def a_pick(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] != "pick":
        return
    got = gain_trait(state, seat, move["trait"], 1, own=ask["own"])
    if ask.get("key"):
        state["pick_memory"][f"{seat}:{ask['key']}"] = move["trait"]
    log(state, f"{p(seat)} regains {article(move['trait'])} {move['trait']} token." if got
        else f"{p(seat)} has no room for it.")


def a_tend(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    target = move["target"]
    log(state, f"{p(seat)} tends to {p(target)}.")
    push(state, {"t": "ask", "ask": pick_ask(target, own=False, why="tended")})


def a_scout(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    zone = move["zone"]
    entry: Scouted = {"roll": rng.die(), "face": EVENT_DIE[rng.below(6)] if ask["face"] else None}
    state["scouted_next"][zone] = entry
    where = "the camp" if zone == "camp" else zone_label(state, zone)
    face = f", and an event would come from the {entry['face']} deck." if entry["face"] else "."
    log(state, f"{p(seat)} scouts {where}: its event check next round will roll {entry['roll']}{face}")


def contribute(state: LiveOnState, seat: int, building: str) -> None:
    state["seats"][seat]["res"] -= 1
    state["buildings"][building] += 1
    b = BUILDING_BY_ID[building]
    log(state, f"{p(seat)} contributes a resource to the {b.name} ({state['buildings'][building]} of {b.cost}).")
    if built(state, building):
        log(state, f"The {b.name} is built.")
        if built_count(state) == len(BUILDINGS):
            end(state, True, "All six buildings of the settlement stand. The band has won: they live on.")


def a_contribute(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "contribute":
        contribute(state, seat, move["building"])


def a_funder(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    funder = move["seat"]
    log(state, f"The extra successes are paid from {p(funder)}'s resources.")
    push(state, *[{"t": "ask", "ask": {"kind": "contribute", "seat": funder}} for _ in range(ask["count"])])


def a_augury(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] != "spend":
        return
    own = use_plans(state, move)
    spend_trait(state, seat, "communing", own)
    rolls = roll_dice(rng, move["count"])
    log(state, f"{p(seat)} seeks an augury: rolls {fmt(rolls)}.")
    if any(r <= EVENT_SUCCESS for r in rolls):
        push(state, {"t": "ask", "ask": {"kind": "augury_deck", "seat": seat}})


def a_augury_deck(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    deck = move["deck"]
    cards = (state["art_deck"] if deck == "artifact" else state["decks"][deck])[:2]
    for c in cards:
        if deck == "artifact":
            see_private(state, seat, "art:front:" + c)
        elif EVENT_BY_ID[c].kind != "secret":  # a secret's front is only ever shown to its holder
            see_private(state, seat, c)
    state["foresight"][str(seat)] = {"deck": deck, "cards": list(cards), "round": state["round"]}
    log(state, f"{p(seat)} looks at the top of the {deck} deck.")


def a_insight(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
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


def a_gift_art(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    card = ask["card"]
    if move["type"] == "give_art":
        put_artifact(state, move["to"], card)
        log(state, f"{p(seat)} hands {ARTIFACT_BY_ID[card].name} to {p(move['to'])}.")
    else:
        state["art_discard"].append(card)
        log(state, f"{p(seat)} leaves {ARTIFACT_BY_ID[card].name} behind.")


def a_hall(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "refuge":
        state["refuge"] = True
        log(state, "The camp takes refuge in the hall; everyone spends a trait token.")
        push(state, *[{"t": "ask", "ask": {"kind": "hall_pay", "seat": s}} for s in ask["group"]])


def a_hall_pay(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    spend_trait(state, seat, move["trait"], 1)


def a_eat(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    state["seats"][seat]["res"] -= move["count"]
    state["seats"][seat]["ate"] = move["count"]


def a_lose(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    take_tokens(state, seat, move["tokens"])
    log(state, f"{p(seat)} loses {ask['n']} {ask['pool']}: {tokens_text(move['tokens'])}.")


def a_woken(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
    if move["type"] == "pick":
        gain_trait(state, seat, move["trait"], 1)
        log(state, f"{p(seat)} is restless and regains {article(move['trait'])} {move['trait']} token.")


def a_trade(state: LiveOnState, rng: Rng, seat: int, ask: Ask, move: Move) -> None:
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
    "hall_pay": a_hall_pay, "eat": a_eat, "trade": a_trade, "lose": a_lose,
}

# Decisions every seat answers (the ask stays until the last has): the handler gets the seat's move.
SHARED_ANSWERS = {"role": answer_role, "zones": answer_zones}

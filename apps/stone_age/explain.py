"""What each of a Stone Age player's choices will do, said before it is chosen (``Rules.explain_move``), and
what is about to happen to them at feeding (``feeding_forecast``).

Pure Python, deterministic, reading only what the deciding seat may see: the board, everyone's public
stock, and their own cards. Every roll states its target and its exact chance (``odds``), with and
without the tools the player still has this round. The gains of the village places are the engine's own
(``flow.gain_tool`` and its kin, run on a throwaway copy of the seat), so the words never drift from
what happens.
"""

from __future__ import annotations

from collections.abc import Callable

from . import flow, odds, payments
from . import wording as w
from .content import (
    BUILDING_BY_ID,
    CARD_BY_ID,
    CULTURES,
    FEEDING_PENALTY,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    PLACE_BY_ID,
    PROFESSION_ELEMENT,
    PROFESSION_LABELS,
    RESOURCE_VALUE,
    ROLL_DICE,
    Place,
)
from .scoring import culture_points, profession_element
from .state import Decision, StoneAgeState

State = StoneAgeState
Move = dict


# --- Rolls -------------------------------------------------------------------------------------

def tools_left(state: State, seat: int) -> int:
    """The bonus every tool still usable this round would add: unused tiles and kept single-use cards."""
    player = state["seats"][seat]
    tiles = sum(v for v, used in zip(player["tools"], player["used"], strict=True) if not used)
    return tiles + sum(CARD_BY_ID[c].amount for c in player["kept"] if CARD_BY_ID[c].top == "one_use_tool")


def roll_target(state: State, seat: int, place: Place, dice: int) -> tuple[int, str]:
    """What a roll aims at, and why: at the hunting grounds the food the tribe lacks at feeding (one food per
    hunter when it lacks none); elsewhere the amount the dice bring on average without tools (at least 1)."""
    if place.yields == "food":
        short = food_short(state, seat)
        if short > 0:
            return short, " (what you lack at feeding)"
        return dice, ""
    return max(1, int(odds.expected_gather(dice, 0, place.divisor))), ""


def roll_sentence(state: State, seat: int, place: Place, dice: int, opening: str) -> str:
    """"Roll 3 dice (1 wood per 3 on the dice): 3 wood or more 74.1%, 88.4% adding all your tools (+2); 3.2 on
    average." The chance is exact, and the tools counted are those not used yet this round."""
    goods, divisor = place.yields, place.divisor
    target, why = roll_target(state, seat, place, dice)
    bonus = tools_left(state, seat)
    chance = odds.percent(odds.chance_to_gather(dice, 0, divisor, target))
    with_tools = (f", {odds.percent(odds.chance_to_gather(dice, bonus, divisor, target))} adding all your tools "
                  f"(+{bonus})") if bonus else ""
    average = odds.decimal(odds.expected_gather(dice, 0, divisor))
    return (f"{opening} (1 {goods} per {divisor} on the dice): {target} {goods} or more{why} {chance}"
            f"{with_tools}; {average} on average.")


def amount_words(amount: int, goods: str) -> str:
    """"3 wood", or "no wood" rather than "0 wood"."""
    return f"{amount} {goods}" if amount else f"no {goods}"


def dice_words(dice: int) -> str:
    return "1 die" if dice == 1 else f"{dice} dice"


# --- What a gain would bring --------------------------------------------------------------------------

def preview(state: State, seat: int, gain: Callable[[State, int], str]) -> str:
    """The words of one of ``flow``'s gains (tool, person, agriculture) for this seat, on a throwaway copy."""
    seats = list(state["seats"])
    seats[seat] = seats[seat].copy()  # flow copies the seat's lists before changing them
    probe = state.copy()
    probe["seats"], probe["supply"] = seats, dict(state["supply"])
    return gain(probe, seat)


def village_words(state: State, seat: int, place_id: str) -> str:
    player = state["seats"][seat]
    if place_id == "toolmaker":
        return (f"{preview(state, seat, flow.gain_tool)}; each tool adds its value to one roll a round, "
                f"after you see the dice")
    if place_id == "hut":
        got = preview(state, seat, flow.gain_person)
        if player["people"] >= MAX_PEOPLE or player["reserve"] <= 0:
            return got
        return f"{got}, one more to feed ({player['people'] + 1} food at each feeding)"
    return preview(state, seat, flow.gain_agriculture)


# --- Cards and buildings ------------------------------------------------------------------------------

def own_cards(state: State, seat: int) -> list[str]:
    player = state["seats"][seat]
    return player["cards"] + player["extra"]


def bottom_words(state: State, seat: int, card_id: str) -> str:
    """What the lower half of a card adds to this player's final score, from what they hold now."""
    card = CARD_BY_ID[card_id]
    held = [CARD_BY_ID[c] for c in own_cards(state, seat)]
    if card.culture:
        counts = {c: sum(1 for h in held if h.culture == c) for c in CULTURES}
        before = culture_points(counts)
        counts[card.culture] += 1
        new = "a culture you lack" if counts[card.culture] == 1 else "a culture you have already"
        return f"{w.bottom_text(card_id)}, {new}: +{w.plural(culture_points(counts) - before, 'point')} at the end"
    element = profession_element(state["seats"][seat], card.profession)
    label = PROFESSION_LABELS[card.profession].lower()
    return (f"{card.count} {label}{'s' if card.count > 1 else ''}: {card.count} x your "
            f"{PROFESSION_ELEMENT[card.profession]} at the end ({card.count * element} points now)")


def top_words(state: State, seat: int, card_id: str) -> str:
    card = CARD_BY_ID[card_id]
    said = w.top_text(card_id)
    if card.top == "roll":
        place = next(p for p in PLACE_BY_ID.values() if p.yields == card.resource)
        chance = odds.percent(odds.chance_to_gather(ROLL_DICE, 0, place.divisor, 1))
        return f"{said}: 1 {card.resource} or more {chance}"
    if card.top == "dice_for_all":
        return (f"{state['players']} dice rolled, you pick one first, then the others "
                f"(1 wood, 2 clay, 3 stone, 4 gold, 5 tool, 6 agriculture)")
    return said


def card_words(state: State, seat: int, space: int) -> str:
    card_id = state["row"][space - 1]
    if card_id is None:
        return "The card on this space is gone."
    return f"{top_words(state, seat, card_id)}; {bottom_words(state, seat, card_id)}"


def card_cost_words(state: State, seat: int, space: int) -> str:
    have = sum(state["seats"][seat]["res"].values())
    return f"Pay {w.plural(space, 'resource')} of any kind (you have {have})"


def building_shortfall(building_id: str, res: dict[str, int]) -> str:
    """What a player lacks to pay for a building ("you need 1 clay more"), the engine's own reason; "" if none."""
    lack = payments.building_shortfall(building_id, res)
    return f"you need{lack[5:]}" if lack else ""


def building_words(state: State, seat: int, building_id: str) -> str:
    b = BUILDING_BY_ID[building_id]
    if b.kind == "fixed":
        deal = f"Pay {w.resources_phrase(b.cost_dict)} for {b.points} points"
    elif b.kind == "kinds":
        deal = f"Pay {w.building_cost_text(building_id)}; it scores what you pay (wood 3, clay 4, stone 5, gold 6)"
    else:
        deal = "Pay 1 to 7 resources of any kinds; it scores what you pay (wood 3, clay 4, stone 5, gold 6)"
    return f"Building No. {b.number}: {deal}"


def holdings(state: State, seat: int) -> str:
    return w.resources_phrase(state["seats"][seat]["res"])


# --- Feeding -------------------------------------------------------------------------------------------

def feeding_needs(state: State, seat: int) -> tuple[int, int, int]:
    """(people to feed, food, food from agriculture) at this round's feeding, counting the Hut and the Field
    this player stands on (used before feeding), before what hunting and cards may still bring."""
    player = state["seats"][seat]
    places = state["places"]
    more_people = bool(places["hut"][seat]) and player["people"] < MAX_PEOPLE and player["reserve"] > 0
    more_agriculture = bool(places["field"][seat]) and player["agriculture"] < MAX_AGRICULTURE
    return player["people"] + more_people, player["food"], player["agriculture"] + more_agriculture


def food_short(state: State, seat: int) -> int:
    people, food, agriculture = feeding_needs(state, seat)
    return people - food - agriculture


def feeding_forecast(state: State, seat: int) -> str:
    """What feeding will do to this player if nothing else comes in, said during placing and actions."""
    if state["phase"] not in (flow.PLACE, flow.ACTION):
        return ""
    people, food, agriculture = feeding_needs(state, seat)
    has = f"{food} food" + (f" + {agriculture} from agriculture" if agriculture else "")
    short = people - food - agriculture
    if short <= 0:
        return f"Feeding this round: {people} people eat {people} food; you have {has}, enough ({-short} to spare)."
    hunters = state["places"]["hunting"][seat]
    hunt = ""
    if hunters:
        chance = odds.chance_to_gather(hunters, tools_left(state, seat), 2, short)
        hunt = (f" Your {w.plural(hunters, 'hunter')} bring {short} food or more: {odds.percent(chance)} "
                "(with all your tools).")
    resources = sum(state["seats"][seat]["res"].values()) + (2 if flow.has_two_resources(state, seat) else 0)
    if resources >= short:
        then = f"pay {w.plural(short, 'resource')} (you have {resources}) or lose {FEEDING_PENALTY} points"
    else:
        what = f"only {w.plural(resources, 'resource')}" if resources else "no resources"
        then = f"you will lose {FEEDING_PENALTY} points ({what} to pay with)"
    return (f"Feeding this round: {people} people eat {people} food; you have {has}: "
            f"{short} food short, so {then}.{hunt}")


# --- Each kind of move -------------------------------------------------------------------------------

def explain(state: State, seat: int, move: Move) -> str:
    top = state["pending"][-1] if state["pending"] else None
    return EXPLAINERS[move["type"]](state, seat, move, top)


def _place(state: State, seat: int, move: Move, top: Decision | None) -> str:
    where = move["where"]
    place = PLACE_BY_ID[where]
    most = flow.place_max(state, seat, where)
    if place.kind in ("hunting", "resource"):
        opening = f"With {most} people, {most} dice" if most > 1 else "1 person rolls 1 die"
        return roll_sentence(state, seat, place, most, opening)
    if place.kind == "village":
        people = "2 people" if where == "hut" else "1 person"
        return f"{people}; when you use it: {village_words(state, seat, where)}."
    backup = flow.has_two_resources(state, seat)
    if place.kind == "card":
        space = int(where[4:])
        said = f"{card_cost_words(state, seat, space)} when you use it, for: {card_words(state, seat, space)}."
        short = sum(state["seats"][seat]["res"].values()) < space and not backup
        return f"{said} {cannot_pay(state, seat)}" if short else said
    building = state["stacks"][int(where[5:]) - 1][-1]
    lack = building_shortfall(building, state["seats"][seat]["res"])
    said = f"{building_words(state, seat, building)}. You have {holdings(state, seat)}: {lack or 'enough'}."
    return f"{said} {cannot_pay(state, seat)}" if lack and not backup else said


def cannot_pay(state: State, seat: int) -> str:
    """A placement on a card or a building the player cannot pay for now: the person will come back with nothing
    when used, unless the player's people may still gather (others already on a hunting or resource place, or people
    left to place after this one: places are used in the order the player likes)."""
    gathering = any(state["places"][pid][seat] for pid, p in PLACE_BY_ID.items() if p.kind in ("hunting", "resource"))
    more = gathering or flow.available(state, seat) > 1
    unless = ", unless your people gather enough before you use it" if more else ""
    return f"You cannot pay for this now: this person will come back with nothing{unless}."


def _count(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    place = PLACE_BY_ID[top["where"]]
    return roll_sentence(state, seat, place, move["n"], f"Roll {dice_words(move['n'])}")


def _cancel(state: State, seat: int, move: Move, top: Decision | None) -> str:
    return "Put nobody here and choose another place."


def _resolve(state: State, seat: int, move: Move, top: Decision | None) -> str:
    where = move["where"]
    place = PLACE_BY_ID[where]
    n = state["places"][where][seat]
    res = state["seats"][seat]["res"]
    backup = " (or use your 2-resources card)" if flow.has_two_resources(state, seat) else ""
    if place.kind in ("hunting", "resource"):
        return roll_sentence(state, seat, place, n, f"Roll your {dice_words(n)}")
    if place.kind == "village":
        return f"You get {village_words(state, seat, where)}."
    if place.kind == "card":
        space = int(where[4:])
        have = sum(res.values())
        if have < space and not backup:
            return f"You need {w.plural(space, 'resource')} and have {have}: the person comes back with nothing."
        return f"{card_cost_words(state, seat, space)}{backup} for: {card_words(state, seat, space)}. You may decline."
    building = state["stacks"][int(where[5:]) - 1][-1]
    lack = building_shortfall(building, res)
    if lack and not backup:
        return f"{building_words(state, seat, building)}; {lack}: the person comes back with nothing."
    return f"{building_words(state, seat, building)}{backup}. You may decline."


def _after_tool(top: Decision, add: int, spent: str) -> str:
    total = sum(top["dice"]) + top["bonus"]
    divisor, goods = top["divisor"], top["yields"]
    now, then = total // divisor, (total + add) // divisor
    if then > now:
        return f"Total {total + add}: {then} {goods} instead of {now}. {spent}."
    return (f"Total {total + add}: still {amount_words(now, goods)} ({now + 1} needs {(now + 1) * divisor}). "
            f"{spent}.")


def _tool(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    value = state["seats"][seat]["tools"][move["tile"]]
    return _after_tool(top, value, "The tool is then spent until next round")


def _tool_card(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    return _after_tool(top, CARD_BY_ID[move["card"]].amount, "The card is then discarded")


def _take(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    total = sum(top["dice"]) + top["bonus"]
    divisor, goods = top["divisor"], top["yields"]
    amount = total // divisor
    need = (amount + 1) * divisor - total
    left = tools_left(state, seat)
    reach = "your unused tools" + (" can" if left >= need else " cannot") + f" add that (+{left})"
    return (f"Take {amount_words(amount, goods)} now ({total} ÷ {divisor}, rounded down). {amount + 1} {goods} "
            f"needs +{need}: {reach}.")


def _pay(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    resource = move["resource"]
    paid = sum(top["paid"].values()) + 1
    if top["what"] == "card":
        space = int(top["where"][4:])
        if paid == space:
            return (f"Give 1 {resource}: the card is paid ({paid} of {space}) and yours: "
                    f"{card_words(state, seat, space)}.")
        return f"Give 1 {resource} towards the card ({paid} of {space} paid)."
    b = BUILDING_BY_ID[flow.pay_target(state, top)]
    worth = sum(RESOURCE_VALUE[r] * n for r, n in top["paid"].items()) + RESOURCE_VALUE[resource]
    if b.kind == "kinds":
        done = " and the building is yours" if paid == b.count else ""
        kinds = "1 kind" if b.kinds == 1 else f"{b.kinds} kinds"
        return f"Give 1 {resource} ({paid} of {b.count}, of {kinds}): worth {worth} points so far{done}."
    done = ": the building is yours (7 is the most)" if paid == 7 else ""
    return f"Give 1 {resource}, worth {RESOURCE_VALUE[resource]}: the building would score {worth}{done}."


def _build(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    b = BUILDING_BY_ID[flow.pay_target(state, top)]
    if b.kind == "fixed":
        return f"Pay {w.resources_phrase(b.cost_dict)} and score {b.points} points now."
    points = sum(RESOURCE_VALUE[r] * n for r, n in top["paid"].items())
    return f"Build with what you gave ({w.resources_phrase(top['paid'])}) and score {points} points now."


def _decline(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    back = f"; the {w.resources_phrase(top['paid'])} you gave is given back" if top["paid"] else ""
    what = "card" if top["what"] == "card" else "building"
    return f"Take the person back without the {what}: it stays for others{back}."


def _two_resources(state: State, seat: int, move: Move, top: Decision | None) -> str:
    return "Play your card now: take any 2 resources (the card is then used up; its lower half still counts)."


def _choose(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    resource = move["resource"]
    more = "; then 1 more to choose" if top["left"] > 1 else ""
    return f"Take 1 {resource} (worth {RESOURCE_VALUE[resource]} on a building that scores what you pay){more}."


def _feed(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    still = top["missing"] - sum(top["paid"].values()) - 1
    if still:
        return f"Give 1 {move['resource']} for 1 missing food; {still} still to give after this."
    return f"Give 1 {move['resource']} for the last missing food: no penalty."


def _starve(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    score = state["seats"][seat]["score"]
    back = f"; the {w.resources_phrase(top['paid'])} you gave is given back" if top["paid"] else ""
    return (f"Keep your resources and lose {FEEDING_PENALTY} points for the tribe's hunger "
            f"(your score goes from {score} to {score - FEEDING_PENALTY}){back}.")


def _pick_die(state: State, seat: int, move: Move, top: Decision | None) -> str:
    assert top is not None
    face = move["face"]
    rest = list(top["dice"])
    rest.remove(face)
    after = (f"; {w.seat_token(top['order'][0])} picks next from {w.join_words([str(d) for d in rest])}"
             if top["order"] else "")
    reward = face_gain(state, seat, face)
    return f"Take the die showing {face}: {reward}{after}."


def face_gain(state: State, seat: int, face: int) -> str:
    reward = w.face_reward(face)
    if reward == "+1 tool":
        return preview(state, seat, flow.gain_tool)
    if reward == "+1 agriculture":
        return preview(state, seat, flow.gain_agriculture)
    return reward


EXPLAINERS: dict[str, Callable[[State, int, Move, Decision | None], str]] = {
    "place": _place,
    "count": _count,
    "cancel": _cancel,
    "resolve": _resolve,
    "tool": _tool,
    "tool_card": _tool_card,
    "take": _take,
    "pay": _pay,
    "build": _build,
    "decline": _decline,
    "two_resources": _two_resources,
    "choose": _choose,
    "feed": _feed,
    "starve": _starve,
    "pick_die": _pick_die,
}

"""How a game of Stone Age moves: the state, whose input is awaited, the legal moves, and
what each move does.

The state is plain JSON data. Deck and stack tops are the *last* item of their list;
``row[0]`` is card space 1 (the rightmost, costing 1 resource). A decision inside an
action (how many people, which tools, what to pay with, what to feed with, which die)
is a *pending* decision on the stack ``state["pending"]`` (top = last), answered by an
ordinary move. The ``do_*`` functions change the state they are given: the engine hands
them a fresh copy.
"""

from __future__ import annotations

from typing import Any, Literal

from apps.matches.engine import Move, Rng, seed_state

from . import wording as w
from .content import (
    ANY_MAX,
    ANY_MIN,
    BUILDING_BY_ID,
    BUILDING_IDS,
    CARD_BY_ID,
    CARD_IDS,
    CARD_SPACES,
    DICE_FOR_ALL_FACES,
    FEEDING_PENALTY,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_TILES,
    PLACE_BY_ID,
    PLACE_IDS,
    RESOURCE_PLAYERS_LIMIT,
    RESOURCE_VALUE,
    RESOURCES,
    ROLL_DICE,
    STACK_SIZE,
    START_FOOD,
    START_PEOPLE,
    START_SUPPLY,
    TOOL_TILES_12,
    TOOL_TILES_34,
    VILLAGE_IDS,
    VILLAGE_LIMIT,
)
from .payments import building_affordable, building_shortfall, kinds_feasible
from .scoring import final_scores, result
from .state import Decision, DecisionFacts, SeatState, StoneAgeState

State = StoneAgeState
# The lists and dicts of a player's record that ``apply`` shares with the state it was given (see ``_mut``).
SharedKey = Literal["res", "tools", "used", "cards", "kept", "extra", "buildings", "scored"]

PLACE, ACTION, FEED, OVER = "place", "action", "feed", "over"
GATHER_IDS = ("hunting", "forest", "clay_pit", "quarry", "river")
CARD_IDS_BY_SPACE = ("card1", "card2", "card3", "card4")
STACK_IDS = ("stack1", "stack2", "stack3", "stack4")
LOG_KEEP, LOG_MAX = 120, 160


# --- Setup -------------------------------------------------------------------------

def new_seat() -> SeatState:
    return {
        "people": START_PEOPLE,
        "reserve": MAX_PEOPLE - START_PEOPLE,  # people of this colour still in the general supply
        "placed": 0,
        "food": START_FOOD,
        "res": {r: 0 for r in RESOURCES},
        "agriculture": 0,
        "tools": [],  # tool tile values
        "used": [],  # per tile: used this round
        "cards": [],  # civilization cards taken, in that order; face down (only the owner sees them) but the kept
        "kept": [],  # single-use cards not used yet, face up beside the board (a subset of cards)
        "extra": [],  # extra cards from the deck, face down too
        "buildings": [],  # [{"id", "points"}]
        "score": 0,
        "scored": {"buildings": 0, "cards": 0, "penalties": 0},
    }


def new_state(players: int, seed: int) -> State:
    rng = Rng(seed_state(seed))
    deck = list(CARD_IDS)
    rng.shuffle(deck)
    tiles = list(BUILDING_IDS)
    rng.shuffle(tiles)
    stacks = [tiles[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(4)]
    supply = dict(START_SUPPLY)
    supply["food"] -= START_FOOD * players
    supply["tiles12"] = TOOL_TILES_12
    supply["tiles34"] = TOOL_TILES_34
    state: State = {
        "game": "stone_age",
        "players": players,
        "rng": rng.state,
        "round": 1,
        "phase": PLACE,
        "start": 0,
        "turn": 0,
        "order": [],
        "supply": supply,
        "deck": deck,
        "row": [deck.pop() for _ in range(CARD_SPACES)],
        "stacks": stacks[:players],
        "boxed": [t for stack in stacks[players:] for t in stack],
        "places": {p: [0] * players for p in PLACE_IDS},
        "seats": [new_seat() for _ in range(players)],
        "pending": [],
        "dice": None,
        "ending": False,
        "end": None,
        "log": [f"Round 1 begins. {w.seat_token(0)} is the start player."],
    }
    return state


# --- Questions -------------------------------------------------------------------------

def active_seats(state: State) -> list[int]:
    if state["pending"]:
        return [state["pending"][-1]["seat"]]
    if state["phase"] in (PLACE, ACTION):
        return [state["turn"]]
    return []


def available(state: State, seat: int) -> int:
    player = state["seats"][seat]
    return player["people"] - player["placed"]


def place_max(state: State, seat: int, place_id: str) -> int:
    """How many people ``seat`` may put on this place now (0 = not allowed)."""
    free = available(state, seat)
    if free <= 0:
        return 0
    here = state["places"][place_id]
    if here[seat]:
        return 0  # never a second visit in one round
    place = PLACE_BY_ID[place_id]
    kind = place.kind
    if kind == "hunting":
        return free
    total = sum(here)
    players = state["players"]
    if kind == "resource":
        others = sum(1 for count in here if count)
        if others >= RESOURCE_PLAYERS_LIMIT[players] or total >= place.capacity:
            return 0
        return min(free, place.capacity - total)
    if total:
        return 0
    if kind == "village":
        used = sum(1 for v in VILLAGE_IDS if sum(state["places"][v]))
        if used >= VILLAGE_LIMIT[players]:
            return 0
        if place_id == "hut":
            return 2 if free >= 2 else 0
        return 1
    if kind == "card":
        return 1 if state["row"][int(place_id[4:]) - 1] else 0
    index = int(place_id[5:]) - 1
    return 1 if index < len(state["stacks"]) and state["stacks"][index] else 0



def legal_places(state: State, seat: int) -> list[str]:
    """Every place ``seat`` may put people on now (``place_max`` > 0), in board order, in one pass."""
    free = available(state, seat)
    if free <= 0:
        return []
    places = state["places"]
    players = state["players"]
    limit = RESOURCE_PLAYERS_LIMIT[players]
    out = []
    for place_id in GATHER_IDS:
        here = places[place_id]
        if here[seat]:
            continue
        if place_id != "hunting":
            if sum(here) >= 7 or (players < 4 and sum(1 for c in here if c) >= limit):
                continue
        out.append(place_id)
    if sum(1 for v in VILLAGE_IDS if any(places[v])) < VILLAGE_LIMIT[players]:
        for v in VILLAGE_IDS:
            if not any(places[v]) and (v != "hut" or free >= 2):
                out.append(v)
    row = state["row"]
    for i, place_id in enumerate(CARD_IDS_BY_SPACE):
        if row[i] and not any(places[place_id]):
            out.append(place_id)
    for i, stack in enumerate(state["stacks"]):
        if stack and not any(places[STACK_IDS[i]]):
            out.append(STACK_IDS[i])
    return out


def can_place(state: State, seat: int) -> bool:
    if available(state, seat) <= 0:
        return False
    if not state["places"]["hunting"][seat]:
        return True  # the hunting grounds take anybody who has not been there this round
    return bool(legal_places(state, seat))


def usable_tools(state: State, seat: int, pending: Decision) -> tuple[list[int], list[str]]:
    player = state["seats"][seat]
    tiles = [i for i, used in enumerate(player["used"]) if not used]
    cards = [c for c in player["kept"] if CARD_BY_ID[c].top == "one_use_tool"]
    return tiles, cards


def roll_total(state: State, pending: Decision) -> int:
    return sum(pending["dice"]) + pending["bonus"]


def has_two_resources(state: State, seat: int) -> bool:
    return any(CARD_BY_ID[c].top == "two_resources" for c in state["seats"][seat]["kept"])


def card_on(state: State, space: int) -> str:
    """The card on card space ``space`` (1-4), where a person stands or a payment is made, so it is there."""
    card = state["row"][space - 1]
    if card is None:
        raise ValueError(f"Card space {space} is empty.")
    return card


def pay_target(state: State, pending: Decision) -> str:
    """The card or building a pay decision is for."""
    where = pending["where"]
    if pending["what"] == "card":
        return card_on(state, int(where[4:]))
    return state["stacks"][int(where[5:]) - 1][-1]


def legal_moves(state: State, seat: int) -> list[Move]:
    if state["phase"] == OVER or seat not in active_seats(state):
        return []
    pending = state["pending"]
    player = state["seats"][seat]
    moves: list[Move]
    if not pending:
        if state["phase"] == PLACE:
            return [{"type": "place", "where": p} for p in legal_places(state, seat)]
        moves = [{"type": "resolve", "where": p} for p in PLACE_IDS if state["places"][p][seat]]
    else:
        top = pending[-1]
        kind = top["kind"]
        if kind == "count":
            return [{"type": "count", "n": n} for n in range(1, top["max"] + 1)] + [{"type": "cancel"}]
        if kind == "tools":
            moves = [{"type": "tool", "tile": i} for i, used in enumerate(player["used"]) if not used]
            moves += [{"type": "tool_card", "card": c} for c in player["kept"] if CARD_BY_ID[c].top == "one_use_tool"]
            return moves + [{"type": "take"}]
        if kind == "choose":
            return [{"type": "choose", "resource": r} for r in RESOURCES]
        if kind == "pick_die":
            return [{"type": "pick_die", "face": f} for f in sorted(set(top["dice"]))]
        if kind == "pay":
            moves = _payment_moves(state, top, player["res"]) + [{"type": "decline"}]
        else:  # feed
            moves = [{"type": "feed", "resource": r} for r in RESOURCES if player["res"][r]] + [{"type": "starve"}]
    # The "2 resources of your choice" card may be played while acting, paying or feeding.
    if has_two_resources(state, seat):
        moves.append({"type": "two_resources"})
    return moves


def _payment_moves(state: State, top: Decision, res: dict[str, int]) -> list[Move]:
    """The pay and build moves of a payment for a card or a building (declining is always possible)."""
    paid = top["paid"]
    if top["what"] == "card":
        if sum(res.values()) + sum(paid.values()) >= int(top["where"][4:]):
            return [{"type": "pay", "resource": r} for r in RESOURCES if res[r]]
        return []
    b = BUILDING_BY_ID[pay_target(state, top)]
    if b.kind == "fixed":
        return [{"type": "build"}] if building_affordable(b.id, res) else []
    moves: list[Move] = []
    if b.kind == "kinds":
        for r in RESOURCES:
            if res[r]:
                after_paid = dict(paid)
                after_paid[r] = after_paid.get(r, 0) + 1
                after_res = dict(res)
                after_res[r] -= 1
                if kinds_feasible(after_paid, after_res, b.count, b.kinds):
                    moves.append({"type": "pay", "resource": r})
        return moves
    if sum(paid.values()) < ANY_MAX:
        moves = [{"type": "pay", "resource": r} for r in RESOURCES if res[r]]
    if sum(paid.values()) >= ANY_MIN:
        moves.append({"type": "build"})
    return moves


# --- The decision awaited --------------------------------------------------------------------

# The move types that answer each kind of decision; ``decision_options`` narrows tools and payments.
ANSWERS = {
    "place": ("place",),
    "action": ("resolve",),
    "count": ("cancel", "count"),
    "tools": ("take", "tool", "tool_card"),
    "choose": ("choose",),
    "pick_die": ("pick_die",),
    "feed": ("feed", "starve"),
}
# A payment by what is bought: a card, or a building by how its cost is paid (``Building.kind``).
PAY_ANSWERS = {
    "card": ("decline", "pay"),
    "fixed": ("build", "decline"),
    "kinds": ("decline", "pay"),
    "any": ("build", "decline", "pay"),
}
# Decisions during which a kept "2 resources of your choice" card may be played.
TWO_RESOURCES_DURING = frozenset({"action", "pay", "feed"})


def decision(state: State) -> DecisionFacts | None:
    """The decision the game waits for, as public facts: ``kind``, ``seat`` and what its wording needs.

    The top of the pending stack when there is one, else the phase's turn (placing, or using the
    places); None once the game is over (``settle`` never leaves a feeding phase without a pending
    decision).
    """
    pending = state["pending"]
    if pending:
        top = pending[-1]
        kind = top["kind"]
        facts: DecisionFacts = {"kind": kind, "seat": top["seat"]}
        if kind == "count":
            facts["where"] = top["where"]
        elif kind == "tools":
            facts["total"] = total = roll_total(state, top)
            facts["amount"] = total // top["divisor"]
            facts["yields"], facts["label"] = top["yields"], top["label"]
        elif kind == "pay":
            facts["what"], facts["where"] = top["what"], top["where"]
        elif kind == "feed":
            facts["still"] = top["missing"] - sum(top["paid"].values())
        elif kind == "choose":
            facts["left"] = top["left"]
        return facts
    if state["phase"] == PLACE:
        return {"kind": "place", "seat": state["turn"], "free": available(state, state["turn"])}
    if state["phase"] == ACTION:
        return {"kind": "action", "seat": state["turn"]}
    return None


def decision_options(state: State, facts: DecisionFacts) -> list[str]:
    """The move types that may answer the decision ``facts`` describes, sorted."""
    kind, seat = facts["kind"], facts["seat"]
    if kind == "pay":
        top = state["pending"][-1]
        bought = "card" if top["what"] == "card" else BUILDING_BY_ID[pay_target(state, top)].kind
        types = set(PAY_ANSWERS[bought])
    elif kind == "tools":
        tiles, cards = usable_tools(state, seat, state["pending"][-1])
        types = {"take"} | ({"tool"} if tiles else set()) | ({"tool_card"} if cards else set())
    else:
        types = set(ANSWERS[kind])
    if kind in TWO_RESOURCES_DURING and has_two_resources(state, seat):
        types.add("two_resources")
    return sorted(types)


# --- Small changes -----------------------------------------------------------------------

def _mut(player: SeatState, key: SharedKey) -> Any:
    """Copy-on-write: replace a player's list or dict by a copy before changing it.

    ``apply`` copies each player's record but shares its lists and dicts with the state it was
    given; every change to one of them goes through here, so the given state is never touched.
    """
    value: Any = player[key].copy()
    player[key] = value
    return value


def _set_people(state: State, where: str, seat: int, n: int) -> None:
    """Copy-on-write for the people on a place (``apply`` shares the lists of the places)."""
    people = state["places"][where].copy()
    people[seat] = n
    state["places"][where] = people


def _log(state: State, line: str) -> None:
    """Add a line to the log, which keeps the last ``LOG_KEEP`` to ``LOG_MAX`` lines (the table shows
    the latest ones; a replay rebuilds every state from the seed and the moves, not from the log)."""
    log = state["log"]
    log.append(line)
    if len(log) > LOG_MAX:
        del log[:-LOG_KEEP]


def gain(state: State, seat: int, what: str, amount: int) -> None:
    """Move resources or food from the general supply to a player (unlimited supply: may go below 0)."""
    if amount <= 0:
        return
    state["supply"][what] -= amount
    player = state["seats"][seat]
    if what == "food":
        player["food"] += amount
    else:
        _mut(player, "res")[what] += amount


def gain_tool(state: State, seat: int) -> str:
    """One tool, as at the toolmaker's hut: a new value-1 tile, else upgrade the lowest tile."""
    player = state["seats"][seat]
    tiles, used = _mut(player, "tools"), _mut(player, "used")
    supply = state["supply"]
    if len(tiles) < MAX_TOOL_TILES:
        if supply["tiles12"] <= 0:
            return "no tool tile is left"
        supply["tiles12"] -= 1
        tiles.append(1)
        used.append(False)
        return "a new tool (value 1)"
    low = min(tiles)
    if low == 4:
        return "nothing: the tools are at their maximum"
    lows = [i for i, v in enumerate(tiles) if v == low]
    index = next((i for i in lows if not used[i]), lows[0])
    if low == 2:
        if supply["tiles34"] <= 0:
            return "nothing: no value 3/4 tool tile is left"
        supply["tiles34"] -= 1
        supply["tiles12"] += 1
    tiles[index] = low + 1
    return f"a tool upgraded to value {low + 1}"


def gain_agriculture(state: State, seat: int) -> str:
    player = state["seats"][seat]
    if player["agriculture"] >= MAX_AGRICULTURE:
        return "nothing: agriculture is at its maximum"
    player["agriculture"] += 1
    return f"+1 agriculture (now {player['agriculture']}: {player['agriculture']} free food at each feeding)"


def gain_person(state: State, seat: int) -> str:
    player = state["seats"][seat]
    if player["people"] >= MAX_PEOPLE or player["reserve"] <= 0:
        return "nothing: the tribe has 10 people already"
    player["people"] += 1
    player["reserve"] -= 1
    return f"a new person (now {player['people']})"


def add_points(state: State, seat: int, points: int, part: str) -> None:
    player = state["seats"][seat]
    player["score"] += points
    _mut(player, "scored")[part] += points


def _refund(state: State, seat: int, paid: dict[str, int]) -> None:
    res = _mut(state["seats"][seat], "res")
    for r, n in paid.items():
        res[r] += n


def _spend(state: State, paid: dict[str, int]) -> None:
    for r, n in paid.items():
        state["supply"][r] += n


# --- Placement -----------------------------------------------------------------------------

def do_place(state: State, rng: Rng, seat: int, where: str) -> None:
    most = place_max(state, seat, where)
    if where == "hut":
        _put(state, seat, where, 2)
    elif most == 1:
        _put(state, seat, where, 1)
    else:
        state["pending"].append({"kind": "count", "seat": seat, "where": where, "max": most})


def do_count(state: State, rng: Rng, seat: int, n: int) -> None:
    top = state["pending"].pop()
    _put(state, seat, top["where"], n)


def do_cancel(state: State, rng: Rng, seat: int) -> None:
    state["pending"].pop()


def _put(state: State, seat: int, where: str, n: int) -> None:
    _set_people(state, where, seat, state["places"][where][seat] + n)
    state["seats"][seat]["placed"] += n
    _log(state, f"{w.seat_token(seat)} places {w.plural(n, 'person')}: {w.place_label(where)}.")
    players = state["players"]
    for step in range(1, players + 1):
        other = (seat + step) % players
        if can_place(state, other):
            state["turn"] = other
            return
    _begin_actions(state)


def _begin_actions(state: State) -> None:
    state["phase"] = ACTION
    players = state["players"]
    state["order"] = [(state["start"] + i) % players for i in range(players)]
    state["turn"] = state["order"][0]
    _log(state, "Every person is placed. The players use their actions, start player first.")


# --- Actions ---------------------------------------------------------------------------------

def do_resolve(state: State, rng: Rng, seat: int, where: str) -> None:
    player = state["seats"][seat]
    n = state["places"][where][seat]
    _set_people(state, where, seat, 0)
    player["placed"] -= n
    place = PLACE_BY_ID[where]
    who = w.seat_token(seat)
    if place.kind in ("hunting", "resource"):
        dice = [rng.die() for _ in range(n)]
        _start_roll(state, seat, dice, place.yields, place.divisor, place.label)
    elif where == "toolmaker":
        _log(state, f"{who} uses the Toolmaker's hut: {gain_tool(state, seat)}.")
    elif where == "hut":
        _log(state, f"{who} uses the Hut: {gain_person(state, seat)}.")
    elif where == "field":
        _log(state, f"{who} uses the Field: {gain_agriculture(state, seat)}.")
    elif place.kind == "card":
        need = int(where[4:])
        res = player["res"]
        if sum(res.values()) < need and not has_two_resources(state, seat):
            _log(state, f"{who} cannot pay {need} resources for the card on space {need} (has "
                        f"{sum(res.values())}) and takes the person back.")
        else:
            state["pending"].append({"kind": "pay", "seat": seat, "what": "card", "where": where, "paid": {}})
    else:
        building = state["stacks"][int(where[5:]) - 1][-1]
        if not building_affordable(building, player["res"]) and not has_two_resources(state, seat):
            _log(state, f"{who} cannot pay for the building on {place.label.lower()} "
                        f"({building_shortfall(building, player['res'])}) and takes the person back.")
        else:
            state["pending"].append({"kind": "pay", "seat": seat, "what": "building", "where": where, "paid": {}})


def _start_roll(state: State, seat: int, dice: list[int], yields: str, divisor: int, label: str) -> None:
    state["dice"] = {"seat": seat, "what": label, "values": list(dice), "bonus": 0}
    pending: Decision = {"kind": "tools", "seat": seat, "dice": dice, "bonus": 0, "yields": yields, "divisor": divisor,
               "label": label}
    _log(state, f"{w.seat_token(seat)} rolls {w.join_words([str(d) for d in dice])} at {label} "
                f"(total {sum(dice)}).")
    tiles, cards = usable_tools(state, seat, pending)
    if tiles or cards:
        state["pending"].append(pending)
    else:
        _finish_roll(state, pending)


def _finish_roll(state: State, pending: Decision) -> None:
    seat = pending["seat"]
    total = sum(pending["dice"]) + pending["bonus"]
    amount = total // pending["divisor"]
    goods, divisor = pending["yields"], pending["divisor"]
    gain(state, seat, goods, amount)
    shown = f"the dice show {sum(pending['dice'])}" + (f", {total} with tools" if pending["bonus"] else "")
    if amount:
        _log(state, f"{w.seat_token(seat)} takes {amount} {goods} ({shown}; 1 {goods} per {divisor}).")
    else:
        _log(state, f"{w.seat_token(seat)} takes no {goods} this time ({shown}; 1 {goods} needs {divisor}).")


def do_tool(state: State, rng: Rng, seat: int, tile: int) -> None:
    top = state["pending"][-1]
    player = state["seats"][seat]
    _mut(player, "used")[tile] = True
    _add_bonus(state, top, player["tools"][tile])


def do_tool_card(state: State, rng: Rng, seat: int, card: str) -> None:
    top = state["pending"][-1]
    _mut(state["seats"][seat], "kept").remove(card)
    _add_bonus(state, top, CARD_BY_ID[card].amount)


def _add_bonus(state: State, top: Decision, value: int) -> None:
    top["bonus"] += value
    dice = state["dice"]
    if dice is None:
        raise ValueError("A roll waiting for tools has its dice on the board.")
    dice["bonus"] = top["bonus"]
    tiles, cards = usable_tools(state, top["seat"], top)
    if not tiles and not cards:
        state["pending"].pop()
        _finish_roll(state, top)


def do_take(state: State, rng: Rng, seat: int) -> None:
    _finish_roll(state, state["pending"].pop())


# --- Paying for cards and buildings -----------------------------------------------------------------

def do_pay(state: State, rng: Rng, seat: int, resource: str) -> None:
    top = state["pending"][-1]
    _mut(state["seats"][seat], "res")[resource] -= 1
    top["paid"][resource] = top["paid"].get(resource, 0) + 1
    paid = sum(top["paid"].values())
    if top["what"] == "card":
        if paid == int(top["where"][4:]):
            _take_card(state, rng, seat, state["pending"].pop())
        return
    b = BUILDING_BY_ID[pay_target(state, top)]
    if (b.kind == "kinds" and paid == b.count) or (b.kind == "any" and paid == ANY_MAX):
        _take_building(state, seat, state["pending"].pop())


def do_build(state: State, rng: Rng, seat: int) -> None:
    top = state["pending"][-1]
    b = BUILDING_BY_ID[pay_target(state, top)]
    if b.kind == "fixed":
        res = _mut(state["seats"][seat], "res")
        for r, n in b.cost:
            res[r] -= n
        top["paid"] = b.cost_dict
    _take_building(state, seat, state["pending"].pop())


def do_decline(state: State, rng: Rng, seat: int) -> None:
    top = state["pending"].pop()
    _refund(state, seat, top["paid"])
    what = "card" if top["what"] == "card" else "building"
    _log(state, f"{w.seat_token(seat)} declines the {what} at {w.place_label(top['where'])} "
                f"and takes the person back.")


def _take_building(state: State, seat: int, top: Decision) -> None:
    stack = state["stacks"][int(top["where"][5:]) - 1]
    building = stack.pop()
    b = BUILDING_BY_ID[building]
    paid = top["paid"]
    points = b.points if b.kind == "fixed" else sum(RESOURCE_VALUE[r] * n for r, n in paid.items())
    _spend(state, paid)
    _mut(state["seats"][seat], "buildings").append({"id": building, "points": points})
    add_points(state, seat, points, "buildings")
    _log(state, f"{w.seat_token(seat)} builds building No. {b.number} with {w.resources_phrase(paid)} "
                f"and scores {points} points.")
    if not stack and not state["ending"]:
        state["ending"] = True
        _log(state, f"{w.place_label(top['where'])} is empty: the game ends after this round.")


def _take_card(state: State, rng: Rng, seat: int, top: Decision) -> None:
    index = int(top["where"][4:]) - 1
    card_id = card_on(state, index + 1)
    state["row"][index] = None
    _spend(state, top["paid"])
    player = state["seats"][seat]
    _mut(player, "cards").append(card_id)
    card = CARD_BY_ID[card_id]
    who = w.seat_token(seat)
    _log(state, f"{who} pays {w.resources_phrase(top['paid'])} for card No. {card.number}: "
                f"{w.top_text(card_id)}; {w.bottom_text(card_id)} for final scoring.")
    kind = card.top
    if kind == "food":
        gain(state, seat, "food", card.amount)
        _log(state, f"{who} takes {card.amount} food.")
    elif kind == "resource":
        gain(state, seat, card.resource, card.amount)
        _log(state, f"{who} takes {card.amount} {card.resource}.")
    elif kind == "points":
        add_points(state, seat, card.amount, "cards")
        _log(state, f"{who} scores {card.amount} points.")
    elif kind == "agriculture":
        _log(state, f"{who} gains {gain_agriculture(state, seat)}.")
    elif kind == "tool":
        _log(state, f"{who} gains {gain_tool(state, seat)}.")
    elif kind in ("one_use_tool", "two_resources"):
        _mut(player, "kept").append(card_id)
        _log(state, f"{who} keeps the card beside the board until it is used.")
    elif kind == "extra_card":
        if state["deck"]:
            _mut(player, "extra").append(state["deck"].pop())
            _log(state, f"{who} takes the top card of the deck face down for final scoring.")
        else:
            _log(state, "The deck is empty: there is no extra card to take.")
    elif kind == "roll":
        place = next(p for p in PLACE_BY_ID.values() if p.yields == card.resource)
        dice = [rng.die() for _ in range(ROLL_DICE)]
        _start_roll(state, seat, dice, card.resource, place.divisor, f"card No. {card.number}")
    else:
        players = state["players"]
        dice = [rng.die() for _ in range(players)]
        state["dice"] = {"seat": seat, "what": f"card No. {card.number} (all players take a reward)",
                         "values": list(dice), "bonus": 0}
        _log(state, f"{who} rolls {w.join_words([str(d) for d in dice])} for all players: each picks one die, "
                    f"{who} first.")
        order = [(seat + i) % players for i in range(1, players)]
        state["pending"].append({"kind": "pick_die", "seat": seat, "dice": sorted(dice), "order": order})
        _auto_pick(state)


def _auto_pick(state: State) -> None:
    """Take the die for the player to choose when every die left shows the same face."""
    while state["pending"] and state["pending"][-1]["kind"] == "pick_die":
        top = state["pending"][-1]
        if len(set(top["dice"])) > 1:
            return
        _pick(state, top, top["dice"][0])


def _pick(state: State, top: Decision, face: int) -> None:
    seat = top["seat"]
    top["dice"].remove(face)
    reward = DICE_FOR_ALL_FACES[face]
    if reward == "tool":
        got = gain_tool(state, seat)
    elif reward == "agriculture":
        got = gain_agriculture(state, seat)
    else:
        gain(state, seat, reward, 1)
        got = f"1 {reward}"
    _log(state, f"{w.seat_token(seat)} picks the die showing {face}: {got}.")
    if top["order"]:
        top["seat"] = top["order"].pop(0)
    else:
        state["pending"].pop()


def do_pick_die(state: State, rng: Rng, seat: int, face: int) -> None:
    _pick(state, state["pending"][-1], face)
    _auto_pick(state)


# --- Two resources of your choice ---------------------------------------------------------------------

def do_two_resources(state: State, rng: Rng, seat: int) -> None:
    player = state["seats"][seat]
    card = next(c for c in player["kept"] if CARD_BY_ID[c].top == "two_resources")
    _mut(player, "kept").remove(card)
    state["pending"].append({"kind": "choose", "seat": seat, "left": 2})
    _log(state, f"{w.seat_token(seat)} uses the card to take 2 resources of their choice.")


def do_choose(state: State, rng: Rng, seat: int, resource: str) -> None:
    top = state["pending"][-1]
    gain(state, seat, resource, 1)
    top["left"] -= 1
    _log(state, f"{w.seat_token(seat)} takes 1 {resource}.")
    if not top["left"]:
        state["pending"].pop()


# --- Feeding ---------------------------------------------------------------------------------------------

def _begin_feeding(state: State) -> None:
    state["phase"] = FEED
    players = state["players"]
    state["order"] = [(state["start"] + i) % players for i in range(players)]
    _log(state, "Every person has been used. Feeding: each tribe eats 1 food per person.")


def _feed(state: State, seat: int) -> None:
    """Feed one tribe: agriculture first, then food; push a decision when food is short."""
    player = state["seats"][seat]
    who = w.seat_token(seat)
    gain(state, seat, "food", player["agriculture"])
    need = player["people"]
    if player["food"] >= need:
        player["food"] -= need
        state["supply"]["food"] += need
        farmed = f", {player['agriculture']} of it from agriculture" if player["agriculture"] else ""
        _log(state, f"{who} feeds {w.plural(need, 'person')}: {need} food eaten{farmed}; "
                    f"{player['food'] or 'no'} food left.")
        return
    short = need - player["food"]
    state["supply"]["food"] += player["food"]
    player["food"] = 0
    can = sum(player["res"].values()) + (2 if has_two_resources(state, seat) else 0)
    if can >= short:
        state["pending"].append({"kind": "feed", "seat": seat, "missing": short, "paid": {}})
        return
    _starve(state, seat)
    has = "no resources" if not can else f"only {w.plural(can, 'resource')}"
    _log(state, f"{who} is {short} food short and has {has} to give instead: loses {FEEDING_PENALTY} points.")


def _starve(state: State, seat: int) -> None:
    add_points(state, seat, -FEEDING_PENALTY, "penalties")


def do_feed(state: State, rng: Rng, seat: int, resource: str) -> None:
    top = state["pending"][-1]
    _mut(state["seats"][seat], "res")[resource] -= 1
    top["paid"][resource] = top["paid"].get(resource, 0) + 1
    if sum(top["paid"].values()) == top["missing"]:
        state["pending"].pop()
        _spend(state, top["paid"])
        _log(state, f"{w.seat_token(seat)} gives {w.resources_phrase(top['paid'])} for the {top['missing']} "
                    f"missing food.")


def do_starve(state: State, rng: Rng, seat: int) -> None:
    top = state["pending"].pop()
    _refund(state, seat, top["paid"])
    _starve(state, seat)
    _log(state, f"{w.seat_token(seat)} keeps their resources and loses {FEEDING_PENALTY} points for the "
                f"{top['missing']} missing food.")


# --- Moving on -------------------------------------------------------------------------------------------

def settle(state: State) -> None:
    """Move the game on until someone must decide (or the game is over)."""
    while not state["pending"]:
        phase = state["phase"]
        if phase == PLACE:
            return  # ``_put`` passes the placement turn on, or starts the actions
        elif phase == ACTION:
            order = state["order"]
            while order and not state["seats"][order[0]]["placed"]:
                order.pop(0)
            if order:
                state["turn"] = order[0]
                return
            _begin_feeding(state)
        elif phase == FEED:
            order = state["order"]
            if not order:
                _end_round(state)
                continue
            seat = order.pop(0)
            state["turn"] = seat
            _feed(state, seat)
        else:
            return


def _end_round(state: State) -> None:
    players = state["players"]
    if state["ending"]:
        _game_over(state, "buildings")
        return
    kept: list[str | None] = [c for c in state["row"] if c]
    need = CARD_SPACES - len(kept)
    if len(state["deck"]) < need:
        _log(state, "The deck cannot fill the four card spaces.")
        _game_over(state, "cards")
        return
    state["row"] = kept + [state["deck"].pop() for _ in range(need)]
    state["start"] = (state["start"] + 1) % players
    state["turn"] = state["start"]
    state["round"] += 1
    state["phase"] = PLACE
    state["order"] = []
    for player in state["seats"]:
        player["used"] = [False] * len(player["tools"])
    _log(state, f"Round {state['round']} begins. {w.seat_token(state['start'])} is the start player.")


def _game_over(state: State, reason: str) -> None:
    state["phase"] = OVER
    state["end"] = reason
    state["order"] = []
    _log(state, "The game is over. Final scoring:")
    for seat, part in enumerate(final_scores(state)):
        _log(state, f"{w.seat_token(seat)}: {part['during_game']} during the game, {part['culture']} for culture, "
                    f"{part['professions']} for professions, {part['resources']} for resources: "
                    f"{part['total']} points.")


def outcome(state: State) -> dict | None:
    if state["phase"] != OVER:
        return None
    return result(state)

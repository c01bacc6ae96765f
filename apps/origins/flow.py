"""Origins' rules as functions of the state: what may be done now, and doing it (on a copy).

The engine copies the state before calling a ``do_*`` function, so everything
here may change ``state`` in place. A turn is a small stack of pending
decisions (``state["pending"]``): a selected pawn, an evolution being placed, a
reward to choose, cards to return, a choice asked by an action card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.matches.engine import IllegalMove, Rng, one_of, seed_state

from . import objectives
from .content import (
    ACTIONS,
    ADJACENT,
    CARD_BY_ID,
    CARD_COLORS,
    DECK_OF_COLOR,
    DISTANCE,
    EVOLUTIONS,
    FOUNDER,
    MARKERS_PER_PLAYER,
    OBJECTIVE_HAND_LIMIT,
    OBJECTIVE_HAND_LIMIT_WITH_FAMILY,
    OBJECTIVES,
    OBJECTIVES_TO_END,
    PERMANENTS,
    RESERVE,
    ROUND_LIMIT,
    START,
    STARTING_HAND,
    STRAITS,
    TERRITORIES,
    TERRITORY_BY_ID,
    TILE_COLUMNS,
    TILE_LEVELS,
    TILES_PER_LEVEL,
    WITHIN,
    parse_form,
    tile_id,
    tile_points,
)
from .state import Entry, OriginsState, Pawn, Seat, Turn
from .wording import form_words, seat_token, space_name

State = OriginsState
Move = dict[str, Any]

TERRITORY_IDS = tuple(t.id for t in TERRITORIES)


# --- Setup ---------------------------------------------------------------------------

def new_state(players: int, seed: int) -> State:
    rng = Rng(seed_state(seed))
    decks: dict[str, list[str]] = {}
    for color in CARD_COLORS:
        deck = [card.id for card in DECK_OF_COLOR[color]]
        rng.shuffle(deck)
        decks[color] = deck
    reserve = dict(RESERVE)
    pawns: list[Pawn] = []
    for seat in range(players):
        reserve[FOUNDER] -= 1
        pawns.append({"id": seat, "form": FOUNDER, "owner": seat, "at": START, "founder": True})
    seats: list[Seat] = []
    for _ in range(players):
        hand = []
        for color in CARD_COLORS:
            for _ in range(STARTING_HAND[color]):
                hand.append(decks[color].pop(0))
        seats.append({"hand": hand, "permanents": [], "completed": [], "tiles": [], "hunts": []})
    state: State = {
        "game": "origins",
        "players": players,
        "rng": rng.state,
        "round": 1,
        "seat": 0,
        "turn": fresh_turn(False),
        "pending": [],
        "final": None,
        "over": False,
        "pawns": pawns,
        "next_pawn": players,
        "reserve": reserve,
        "supply": {c: [TILES_PER_LEVEL[level] for level in TILE_LEVELS] for c in TILE_COLUMNS},
        "hunts": {t.id: t.hunt for t in TERRITORIES if t.hunt},
        "straits": {s.id: None for s in STRAITS},
        "decks": decks,
        "discard": [],
        "seats": seats,
        "revealed": [],
        "log": [f"A new world: {players} peoples leave {space_name(START)}."],
    }
    return state


def fresh_turn(final: bool) -> Turn:
    return {"acted": 0, "actions": 1, "played": {"yellow": 0, "orange": 0, "purple": 0},
            "reach": 0, "ambush": False, "breeding": False, "cancels": 0, "final": final}


def copy_state(state: State) -> State:
    """A deep copy of an Origins state, field by field (much faster than a generic deep copy)."""
    new = state.copy()
    turn = new["turn"] = state["turn"].copy()
    turn["played"] = dict(turn["played"])
    new["pending"] = [p.copy() for p in state["pending"]]
    new["final"] = list(state["final"]) if state["final"] is not None else None
    new["pawns"] = [p.copy() for p in state["pawns"]]
    new["reserve"] = dict(state["reserve"])
    new["supply"] = {k: list(v) for k, v in state["supply"].items()}
    new["hunts"] = dict(state["hunts"])
    new["straits"] = dict(state["straits"])
    new["decks"] = {k: list(v) for k, v in state["decks"].items()}
    new["discard"] = list(state["discard"])
    new["seats"] = [{"hand": list(p["hand"]), "permanents": list(p["permanents"]), "completed": list(p["completed"]),
                     "tiles": list(p["tiles"]), "hunts": [list(h) for h in p["hunts"]]} for p in state["seats"]]
    new["revealed"] = list(state["revealed"])
    new["log"] = list(state["log"])
    return new


# --- Small queries ----------------------------------------------------------------------

def active_seats(state: State) -> list[int]:
    return [] if state["over"] else [state["seat"]]


def has(state: State, seat: int, card: str) -> bool:
    return card in state["seats"][seat]["permanents"]


def occupants(state: State) -> dict[str, Pawn]:
    return {p["at"]: p for p in state["pawns"] if p["at"] != START}


def pawn_by_id(state: State, pawn_id: int) -> Pawn | None:
    for p in state["pawns"]:
        if p["id"] == pawn_id:
            return p
    return None


def pawn_of(state: State, pawn_id: int) -> Pawn:
    """A pawn the state itself names (a half-made action, an option of March), so one on the board."""
    pawn = pawn_by_id(state, pawn_id)
    if pawn is None:
        raise LookupError(f"There is no pawn {pawn_id} on the board.")
    return pawn


def top_entry(state: State) -> Entry | None:
    """The decision on top of the pending stack; None while the turn has nothing half made."""
    return state["pending"][-1] if state["pending"] else None


def objective_limit(state: State, seat: int) -> int:
    return OBJECTIVE_HAND_LIMIT_WITH_FAMILY if has(state, seat, "family") else OBJECTIVE_HAND_LIMIT


def hand_of_color(state: State, seat: int, color: str) -> list[str]:
    return [c for c in state["seats"][seat]["hand"] if CARD_BY_ID[c].color == color]


def level_counts(state: State, seat: int) -> list[int]:
    return objectives.tile_levels(state["seats"][seat]["tiles"])


def claimable(state: State, seat: int, level: int) -> bool:
    """Level 1 always; any other level only on top of a tile one lower (one level-2 tile carries
    one level-3 tile)."""
    if level == 1:
        return True
    counts = level_counts(state, seat)
    return counts[level - 1] > counts[level]


def top_tile_levels(state: State, seat: int) -> list[int]:
    """Levels of the tiles lying on top of a stack (the ones that can be taken away)."""
    counts = level_counts(state, seat)
    return [lv for lv in TILE_LEVELS if counts[lv] and (lv == 5 or counts[lv + 1] < counts[lv])]


def highest_tile(state: State, seat: int) -> int:
    counts = level_counts(state, seat)
    return max([lv for lv in TILE_LEVELS if counts[lv]], default=0)


def claimable_tiles(state: State, seat: int, columns: tuple[str, ...]) -> list[str]:
    out = []
    for column in columns:
        for level in TILE_LEVELS:
            if state["supply"][column][level - 1] and claimable(state, seat, level):
                out.append(tile_id(column, level))
    return out


def reach(state: State, seat: int, pawn: Pawn) -> int:
    _, height, _ = parse_form(pawn["form"])
    return height + state["turn"]["reach"] + (1 if has(state, seat, "canoes") else 0)


def swap_needs(state: State, seat: int, victim: Pawn) -> int:
    """The width a pawn of ``seat`` needs to swap onto ``victim``."""
    width = parse_form(victim["form"])[2]
    needed = width if (state["turn"]["ambush"] or has(state, seat, "spears")) else width + 1
    if has(state, victim["owner"], "palisades"):
        needed = max(needed, width + 2)
    return needed


def destinations(state: State, seat: int, pawn: Pawn, occupied: dict[str, Pawn] | None = None,
                 first_only: bool = False) -> tuple[list[str], list[str]]:
    """(territories it may migrate to, territories it may swap onto), nearest first; with
    ``first_only``, stop at the first one found."""
    if occupied is None:
        occupied = occupants(state)
    limit = reach(state, seat, pawn)
    width = parse_form(pawn["form"])[2]
    migrate, swap = [], []
    for t, d in WITHIN[pawn["at"]]:
        if d > limit:
            break
        other = occupied.get(t)
        if other is None:
            migrate.append(t)
        elif other["owner"] != seat and width >= swap_needs(state, seat, other):
            swap.append(t)
        else:
            continue
        if first_only:
            break
    return migrate, swap


def evolution_forms(state: State, seat: int, pawn: Pawn, occupied: dict[str, Pawn] | None = None,
                    owned: int | None = None) -> list[str]:
    """Forms from the reserve a seat may evolve from this pawn (empty if nowhere to place one)."""
    if owned is None:
        owned = sum(p["owner"] == seat for p in state["pawns"])
    if owned >= MARKERS_PER_PLAYER:
        return []
    if not empty_neighbours(state, pawn["at"], occupied):
        return []
    stretch = 2 if state["turn"]["breeding"] else 1
    reserve = state["reserve"]
    return [f for f in EVOLUTIONS[pawn["form"], stretch] if reserve[f]]


def empty_neighbours(state: State, space: str, occupied: dict[str, Pawn] | None = None) -> list[str]:
    if occupied is None:
        occupied = occupants(state)
    return [t for t in ADJACENT[space] if t != START and t not in occupied]


def selectable_pawns(state: State, seat: int) -> list[int]:
    """Pawns the seat may act with: its own that can migrate or swap, and any pawn that can be
    evolved from. Identical pawns of one owner on the Cradle are offered once."""
    out = []
    seen_at_start = set()
    occupied = occupants(state)
    owned = sum(p["owner"] == seat for p in state["pawns"])
    can_evolve = owned < MARKERS_PER_PLAYER
    stretch = 2 if state["turn"]["breeding"] else 1
    reserve = state["reserve"]
    form_ok: dict[str, bool] = {}
    space_ok: dict[str, bool] = {}
    for pawn in state["pawns"]:
        at = pawn["at"]
        if at == START:
            key = (pawn["owner"], pawn["form"])
            if key in seen_at_start:
                continue
        usable = False
        if pawn["owner"] == seat:
            migrate, swap = destinations(state, seat, pawn, occupied, first_only=True)
            usable = bool(migrate or swap)
        if not usable and can_evolve:
            form = pawn["form"]
            if form not in form_ok:
                form_ok[form] = any(reserve[f] for f in EVOLUTIONS[form, stretch])
            if form_ok[form]:
                if at not in space_ok:
                    space_ok[at] = any(t != START and t not in occupied for t in ADJACENT[at])
                usable = space_ok[at]
        if usable:
            if at == START:
                seen_at_start.add((pawn["owner"], pawn["form"]))
            out.append(pawn["id"])
    return out


def yellow_limit(state: State, seat: int) -> int:
    return 2 if has(state, seat, "gatherings") else 1


def playable_cards(state: State, seat: int) -> list[str]:
    turn = state["turn"]
    out = []
    for card_id in state["seats"][seat]["hand"]:
        card = CARD_BY_ID[card_id]
        if card.color == "yellow":
            if turn["played"]["yellow"] < yellow_limit(state, seat) and action_usable(state, seat, card_id):
                out.append(card_id)
        elif card.color == "orange":
            if turn["played"]["orange"] < 1 and highest_tile(state, seat) >= card.level:
                out.append(card_id)
        elif (turn["played"]["purple"] < 1 or turn["final"]) and objectives.holds(state, seat, card_id):
            out.append(card_id)
    return sorted(set(out), key=state["seats"][seat]["hand"].index)


def unplayable_because(state: State, seat: int, card_id: str) -> str:
    """Why a card may not be played now, as a reason of ``wording.CANNOT_PLAY`` (or "not_held")."""
    card = CARD_BY_ID.get(card_id)
    if card is None or card_id not in state["seats"][seat]["hand"]:
        return "not_held"
    turn = state["turn"]
    limit = yellow_limit(state, seat) if card.color == "yellow" else 1
    if turn["played"][card.color] >= limit and not (card.color == "purple" and turn["final"]):
        return "played"
    return card.color


# --- Action cards: when usable, and the options they ask for -----------------------------

def opponents(state: State, seat: int) -> list[int]:
    return [s for s in range(state["players"]) if s != seat]


def choice_options(state: State, seat: int, card: str) -> list[str]:
    """The options an action card asks its player to choose between (strings)."""
    if card == "spark":
        return [c for c in TILE_COLUMNS if state["supply"][c][0]]
    if card == "copper":
        return claimable_tiles(state, seat, ("brown",))
    if card == "raid":
        return [f"seat-{s}" for s in opponents(state, seat)
                if state["seats"][s]["hand"] and not has(state, s, "elders")]
    if card == "theft":
        out = []
        for s in opponents(state, seat):
            if has(state, s, "caches"):
                continue
            tops = top_tile_levels(state, s)
            for tile in sorted(set(state["seats"][s]["tiles"])):
                level = int(tile.rsplit("-", 1)[1])
                if level in tops and claimable(state, seat, level):
                    out.append(f"{s}:{tile}")
        return out
    if card == "pirates":
        return [sid for sid, owner in state["straits"].items()
                if owner is not None and owner != seat and not has(state, owner, "caches")]
    if card == "stories":
        return [c for c in CARD_COLORS if state["decks"][c]]
    if card == "hunt":
        mine = [p["at"] for p in state["pawns"] if p["owner"] == seat]
        settled = occupants(state)
        return [t for t in TERRITORY_IDS if t in state["hunts"] and t not in settled
                and any(DISTANCE[a][t] <= 2 for a in mine)]
    if card == "march":
        out = []
        for pawn in state["pawns"]:
            if pawn["owner"] == seat and pawn["at"] != START:
                out += [f"{pawn['id']}>{t}" for t in empty_neighbours(state, pawn["at"])]
        return out
    return []


CHOOSING = ("spark", "copper", "raid", "theft", "pirates", "stories", "hunt", "march")


def action_usable(state: State, seat: int, card: str) -> bool:
    if card in CHOOSING:
        return bool(choice_options(state, seat, card))
    if card == "camp":
        return state["turn"]["actions"] == 1
    if card == "harvest":
        return bool(state["decks"]["yellow"] or state["decks"]["orange"])
    if card == "vision":
        return bool(state["decks"]["purple"])
    return True  # wanderlust, ambush, breeding


# --- Legal moves ----------------------------------------------------------------------------

def legal_moves(state: State, seat: int) -> list[Move]:
    if state["over"] or seat != state["seat"]:
        return []
    top = top_entry(state)
    if top is None:
        return turn_moves(state, seat)
    return ANSWERS[top["kind"]](state, seat, top)


def turn_moves(state: State, seat: int) -> list[Move]:
    """Nothing half made: play a card, act with a pawn (while an action is left), or end the turn."""
    turn = state["turn"]
    moves: list[Move] = [{"type": "play", "card": c} for c in playable_cards(state, seat)]
    if turn["acted"] < turn["actions"]:
        moves += [{"type": "select", "pawn": p} for p in selectable_pawns(state, seat)]
    moves.append({"type": "end_turn"})
    return moves


def selected_moves(state: State, seat: int, top: Entry) -> list[Move]:
    pawn = pawn_of(state, top["pawn"])
    moves: list[Move] = []
    if pawn["owner"] == seat:
        migrate, swap = destinations(state, seat, pawn)
        moves += [{"type": "migrate", "to": t} for t in migrate]
        moves += [{"type": "swap", "to": t} for t in swap]
    moves += [{"type": "evolve", "form": f} for f in evolution_forms(state, seat, pawn)]
    moves.append({"type": "cancel"})  # a half-made action can always be taken back (issue 19)
    return moves


def evolving_moves(state: State, seat: int, top: Entry) -> list[Move]:
    pawn = pawn_of(state, top["pawn"])
    moves: list[Move] = [{"type": "place", "to": t} for t in empty_neighbours(state, pawn["at"])]
    moves.append({"type": "cancel"})
    return moves


def reward_or_play_moves(state: State, seat: int, top: Entry) -> list[Move]:
    return reward_moves(state, seat, top) + [{"type": "play", "card": c} for c in playable_cards(state, seat)]


# The moves that answer each kind of pending decision.
ANSWERS: dict[str, Callable[[State, int, Entry], list[Move]]] = {
    "return": lambda state, seat, top: [{"type": "return", "card": c}
                                        for c in hand_of_color(state, seat, top["color"])],
    "choose": lambda state, seat, top: [{"type": "choose", "option": o}
                                        for o in choice_options(state, seat, top["card"])],
    "selected": selected_moves,
    "evolving": evolving_moves,
    "reward": reward_or_play_moves,
}


def is_legal(state: State, seat: int, move: Move) -> bool:
    """``move in legal_moves(state, seat)``, computed for the move's kind only (a well-formed move: its fields'
    types were checked by ``admit``, so comparing their values is enough)."""
    if state["over"] or seat != state["seat"]:
        return False
    kind = move["type"]
    top = top_entry(state)
    if top is None:
        return is_legal_in_turn(state, seat, move)
    waiting = top["kind"]
    if waiting == "return":
        return kind == "return" and move["card"] in hand_of_color(state, seat, top["color"])
    if waiting == "choose":
        return kind == "choose" and move["option"] in choice_options(state, seat, top["card"])
    if waiting in ("selected", "evolving"):
        return is_legal_half_made(state, seat, top, move)
    if kind == "play":
        return move["card"] in playable_cards(state, seat)
    return kind in ("tile", "draw3", "skip_reward") and one_of(move, reward_moves(state, seat, top))


def is_legal_in_turn(state: State, seat: int, move: Move) -> bool:
    kind = move["type"]
    if kind == "play":
        return move["card"] in playable_cards(state, seat)
    if kind == "end_turn":
        return True
    if kind == "select":
        turn = state["turn"]
        return turn["acted"] < turn["actions"] and pawn_selectable(state, seat, move["pawn"])
    return False


def is_legal_half_made(state: State, seat: int, top: Entry, move: Move) -> bool:
    """A move while a pawn is selected or an evolution is being placed."""
    kind = move["type"]
    if kind == "cancel":
        return True
    pawn = pawn_of(state, top["pawn"])
    if top["kind"] == "evolving":
        return kind == "place" and move["to"] in empty_neighbours(state, pawn["at"])
    if kind == "evolve":
        return move["form"] in evolution_forms(state, seat, pawn)
    if kind in ("migrate", "swap") and pawn["owner"] == seat:
        migrate, swap = destinations(state, seat, pawn)
        return move["to"] in (migrate if kind == "migrate" else swap)
    return False


def pawn_selectable(state: State, seat: int, pawn_id: int) -> bool:
    """``pawn_id in selectable_pawns(state, seat)``, checking that pawn only."""
    pawn = pawn_by_id(state, pawn_id)
    if pawn is None:
        return False
    if pawn["at"] == START:
        for other in state["pawns"]:
            if other is pawn:
                break
            if other["at"] == START and other["owner"] == pawn["owner"] and other["form"] == pawn["form"]:
                return False  # an identical pawn before it on the Cradle stands for it
    occupied = occupants(state)
    if pawn["owner"] == seat:
        migrate, swap = destinations(state, seat, pawn, occupied, first_only=True)
        if migrate or swap:
            return True
    return bool(evolution_forms(state, seat, pawn, occupied))


def reward_moves(state: State, seat: int, reward: Entry) -> list[Move]:
    color = reward["color"]
    if color == "brown":
        columns = ("brown",) if reward["taken"] else TILE_COLUMNS
        moves = [{"type": "tile", "tile": t} for t in claimable_tiles(state, seat, columns)]
    else:
        moves = [{"type": "tile", "tile": t} for t in claimable_tiles(state, seat, (color,))]
        if state["decks"][color]:
            moves.append({"type": "draw3"})
    moves.append({"type": "skip_reward"})
    return moves


# --- Doing things --------------------------------------------------------------------------

def log(state: State, line: str) -> None:
    state["log"].append(line)


def draw(state: State, seat: int, color: str, count: int) -> int:
    deck = state["decks"][color]
    drawn = 0
    while drawn < count and deck:
        state["seats"][seat]["hand"].append(deck.pop(0))
        drawn += 1
    return drawn


def take_tile(state: State, seat: int, tile: str) -> None:
    column, level = tile.rsplit("-", 1)
    state["supply"][column][int(level) - 1] -= 1
    state["seats"][seat]["tiles"].append(tile)


def settle(state: State) -> None:
    """After every move: a player above the objective hand limit must return the extras."""
    if state["over"]:
        return
    seat = state["seat"]
    pending = state["pending"]
    if pending and pending[-1]["kind"] == "return":
        return
    extra = len(hand_of_color(state, seat, "purple")) - objective_limit(state, seat)
    if extra > 0:
        pending.append({"kind": "return", "color": "purple", "count": extra, "why": "limit"})


def do_select(state: State, seat: int, pawn_id: int) -> None:
    state["pending"].append({"kind": "selected", "pawn": pawn_id})


def do_cancel(state: State, seat: int) -> None:
    state["pending"].pop()
    state["turn"]["cancels"] += 1


def do_evolve(state: State, seat: int, form: str) -> None:
    top = state["pending"].pop()
    state["pending"].append({"kind": "evolving", "pawn": top["pawn"], "form": form})


def check_straits(state: State, seats: list[int]) -> None:
    occupied = occupants(state)
    for seat in seats:
        for strait in STRAITS:
            a, b = strait.ends
            if state["straits"][strait.id] == seat:
                continue
            first, second = occupied.get(a), occupied.get(b)
            if first is not None and second is not None and first["owner"] == seat == second["owner"]:
                before = state["straits"][strait.id]
                state["straits"][strait.id] = seat
                source = " from " + seat_token(before) if before is not None else ""
                log(state, f"{seat_token(seat)} controls both shores of the {strait.name} and takes its "
                           f"strait token{source}.")


def after_settling(state: State, seat: int, territory: str, swapped: bool, others: list[int]) -> None:
    state["turn"]["acted"] += 1
    check_straits(state, [seat] + others)
    color = TERRITORY_BY_ID[territory].color
    if color == "green":
        if swapped or territory not in state["hunts"]:
            log(state, f"No hunting token for {seat_token(seat)} in {space_name(territory)}: no reward.")
            return
        value = state["hunts"].pop(territory)
        state["seats"][seat]["hunts"].append([territory, value])
        log(state, f"{seat_token(seat)} takes the hunting token of {space_name(territory)} ({value} VP).")
        return
    reward: Entry = {"kind": "reward", "color": color, "space": territory}
    if color == "brown":
        reward["taken"] = 0
        reward["most"] = 3 if has(state, seat, "granaries") else 2
    state["pending"].append(reward)


def do_migrate(state: State, seat: int, to: str) -> None:
    top = state["pending"].pop()
    pawn = pawn_of(state, top["pawn"])
    origin = pawn["at"]
    pawn["at"] = to
    log(state, f"{seat_token(seat)} migrates a {form_words(pawn['form'])} pawn from {space_name(origin)} "
               f"to {space_name(to)}.")
    after_settling(state, seat, to, False, [])


def do_swap(state: State, seat: int, to: str) -> None:
    top = state["pending"].pop()
    pawn = pawn_of(state, top["pawn"])
    victim = occupants(state)[to]
    origin = pawn["at"]
    pawn["at"] = to
    victim["at"] = START  # "The other player's pawn is moved to the starting square."
    log(state, f"{seat_token(seat)} swaps a {form_words(pawn['form'])} pawn from {space_name(origin)} onto "
               f"{space_name(to)}; {seat_token(victim['owner'])}'s {form_words(victim['form'])} pawn goes back to "
               f"{space_name(START)}.")
    after_settling(state, seat, to, True, [victim["owner"]])


def do_place(state: State, seat: int, to: str) -> None:
    top = state["pending"].pop()
    form = top["form"]
    state["reserve"][form] -= 1
    state["pawns"].append({"id": state["next_pawn"], "form": form, "owner": seat, "at": to, "founder": False})
    state["next_pawn"] += 1
    source = pawn_of(state, top["pawn"])
    log(state, f"{seat_token(seat)} evolves a {form_words(form)} pawn from the {form_words(source['form'])} pawn "
               f"in {space_name(source['at'])} and settles {space_name(to)}.")
    after_settling(state, seat, to, False, [])


def reward_draw(state: State, seat: int, color: str) -> None:
    count = 2 if has(state, seat, "kilns") else 1
    got = draw(state, seat, color, count)
    if got:
        log(state, f"{seat_token(seat)} draws {got} {color} card{'s' if got > 1 else ''}.")


def firekeepers(state: State, seat: int) -> None:
    if has(state, seat, "firekeepers") and draw(state, seat, "yellow", 1):
        log(state, f"{seat_token(seat)} draws a yellow card (Fire Keepers).")


def do_tile(state: State, seat: int, tile: str) -> None:
    reward = state["pending"][-1]
    take_tile(state, seat, tile)
    log(state, f"{seat_token(seat)} takes the {tile_words(tile)} innovation tile.")
    if reward["color"] == "brown":
        first = reward["taken"] == 0
        reward["taken"] += 1
        if first:
            firekeepers(state, seat)
        if not tile.startswith("brown-") or reward["taken"] >= reward["most"]:
            state["pending"].pop()
        elif not claimable_tiles(state, seat, ("brown",)):
            state["pending"].pop()
        return
    state["pending"].pop()
    reward_draw(state, seat, reward["color"])
    firekeepers(state, seat)


def do_draw3(state: State, seat: int) -> None:
    reward = state["pending"].pop()
    color = reward["color"]
    got = draw(state, seat, color, 3)
    log(state, f"{seat_token(seat)} draws {got} {color} card{'s' if got != 1 else ''}.")
    count = min(1 if has(state, seat, "starlore") else 2, len(hand_of_color(state, seat, color)))
    if count:
        state["pending"].append({"kind": "return", "color": color, "count": count, "why": "reward"})


def do_skip_reward(state: State, seat: int) -> None:
    state["pending"].pop()
    log(state, f"{seat_token(seat)} takes no further reward.")


def do_return(state: State, seat: int, card: str) -> None:
    top = state["pending"][-1]
    state["seats"][seat]["hand"].remove(card)
    state["decks"][top["color"]].append(card)
    top["count"] -= 1
    if top["count"] <= 0:
        state["pending"].pop()
    log(state, f"{seat_token(seat)} returns a {top['color']} card to the bottom of its deck.")


def reveal(state: State, card: str) -> None:
    if card not in state["revealed"]:
        state["revealed"].append(card)


def do_play(state: State, seat: int, card_id: str) -> None:
    card = CARD_BY_ID[card_id]
    player = state["seats"][seat]
    turn = state["turn"]
    player["hand"].remove(card_id)
    reveal(state, card_id)
    turn["played"][card.color] += 1
    if card.color == "purple":
        player["completed"].append(card_id)
        log(state, f"{seat_token(seat)} completes the objective {card.name} ({card.points} VP).")
        if turn["played"]["purple"] == 1 and draw(state, seat, "purple", 1):
            log(state, f"{seat_token(seat)} draws a replacement objective card.")
        if has(state, seat, "looms") and draw(state, seat, "orange", 1):
            log(state, f"{seat_token(seat)} draws an orange card (Weaving Looms).")
        return
    if card.color == "orange":
        player["permanents"].append(card_id)
        log(state, f"{seat_token(seat)} plays the permanent card {card.name}.")
        return
    state["discard"].append(card_id)
    log(state, f"{seat_token(seat)} plays the action card {card.name}.")
    if card_id in CHOOSING:
        state["pending"].append({"kind": "choose", "card": card_id})
    elif card_id == "camp":
        turn["actions"] = 2
    elif card_id == "wanderlust":
        turn["reach"] += 2
    elif card_id == "ambush":
        turn["ambush"] = True
    elif card_id == "breeding":
        turn["breeding"] = True
    elif card_id == "harvest":
        got = draw(state, seat, "yellow", 1) + draw(state, seat, "orange", 1)
        log(state, f"{seat_token(seat)} draws {got} card{'s' if got != 1 else ''}.")
    elif card_id == "vision":
        got = draw(state, seat, "purple", 2)
        log(state, f"{seat_token(seat)} draws {got} objective card{'s' if got != 1 else ''}.")


def do_choose(state: State, rng: Rng, seat: int, option: str) -> None:
    top = state["pending"].pop()
    card = top["card"]
    me = seat_token(seat)
    if card == "spark":
        tile = tile_id(option, 1)
        take_tile(state, seat, tile)
        log(state, f"{me} takes the {tile_words(tile)} innovation tile.")
    elif card == "copper":
        take_tile(state, seat, option)
        log(state, f"{me} takes the {tile_words(option)} innovation tile.")
    elif card == "raid":
        victim = int(option.split("-")[1])
        hand = state["seats"][victim]["hand"]
        taken = hand.pop(rng.below(len(hand)))
        state["seats"][seat]["hand"].append(taken)
        log(state, f"{me} takes a random {CARD_BY_ID[taken].color} card from {seat_token(victim)}'s hand.")
    elif card == "theft":
        victim_text, tile = option.split(":")
        victim = int(victim_text)
        state["seats"][victim]["tiles"].remove(tile)
        state["seats"][seat]["tiles"].append(tile)
        log(state, f"{me} takes the {tile_words(tile)} innovation tile from {seat_token(victim)}.")
    elif card == "pirates":
        before = state["straits"][option]
        state["straits"][option] = seat
        strait = next(s for s in STRAITS if s.id == option)
        source = f" from {seat_token(before)}" if before is not None else ""  # Pirates only offers owned tokens
        log(state, f"{me} takes the {strait.name} strait token{source}.")
    elif card == "stories":
        got = draw(state, seat, option, 2)
        log(state, f"{me} draws {got} {option} card{'s' if got != 1 else ''}.")
    elif card == "hunt":
        value = state["hunts"].pop(option)
        state["seats"][seat]["hunts"].append([option, value])
        log(state, f"{me} takes the hunting token of {space_name(option)} ({value} VP).")
    elif card == "march":
        pawn_text, to = option.split(">")
        pawn = pawn_of(state, int(pawn_text))
        origin = pawn["at"]
        pawn["at"] = to
        log(state, f"{me} marches a {form_words(pawn['form'])} pawn from {space_name(origin)} to {space_name(to)}.")
        check_straits(state, [seat])


def tile_words(tile: str) -> str:
    column, level = tile.rsplit("-", 1)
    return f"level {level} {column}"


# --- Ending turns and the game ---------------------------------------------------------------

def do_end_turn(state: State, seat: int) -> None:
    players = state["players"]
    log(state, f"{seat_token(seat)} ends their turn.")
    if state["final"] is None:
        natural = any(len(p["completed"]) >= OBJECTIVES_TO_END for p in state["seats"])
        limit = state["round"] >= ROUND_LIMIT and seat == players - 1
        if natural or limit:
            state["final"] = [(seat + 1 + i) % players for i in range(players)]
            why = (f"{seat_token(seat)} has completed {OBJECTIVES_TO_END} objectives"
                   if natural else f"round {ROUND_LIMIT} is over")
            log(state, f"The end is near: {why}. Every player now takes one final turn.")
    else:
        state["final"].pop(0)
        if not state["final"]:
            state["over"] = True
            state["pending"] = []
            log(state, "The final turns are over.")
            return
    nxt = state["final"][0] if state["final"] else (seat + 1) % players
    if nxt <= seat:
        state["round"] += 1
    state["seat"] = nxt
    state["turn"] = fresh_turn(state["final"] is not None)
    state["pending"] = []
    if state["turn"]["final"]:
        log(state, f"Final turn of {seat_token(nxt)}: any number of objectives may be completed.")


TILE_POINTS = {tile_id(column, level): tile_points(level) for column in TILE_COLUMNS for level in TILE_LEVELS}


def score_of(state: State, seat: int) -> dict:
    player = state["seats"][seat]
    held = state["straits"]
    parts = {
        "objectives": sum([CARD_BY_ID[c].points for c in player["completed"]]),
        "hand": len(player["hand"]),
        "hunting": sum([value for _, value in player["hunts"]]),
        "straits": sum([s.value for s in STRAITS if held[s.id] == seat]),
        "innovations": sum([TILE_POINTS[t] for t in player["tiles"]]),
    }
    parts["total"] = sum(parts.values())
    return parts


def outcome(state: State) -> dict | None:
    if not state["over"]:
        return None
    breakdown = [score_of(state, s) for s in range(state["players"])]
    scores = [b["total"] for b in breakdown]
    best = max(scores)
    tied = [s for s in range(state["players"]) if scores[s] == best]
    most = max(breakdown[s]["hand"] for s in tied)
    winners = [s for s in tied if breakdown[s]["hand"] == most]
    return {"scores": scores, "winners": winners, "breakdown": breakdown,
            "tie_break": len(tied) > 1}


# --- Dispatch ----------------------------------------------------------------------------------

# What each move type does to the (copied) state.
DEEDS: dict[str, Callable[[State, Rng, int, Move], None]] = {
    "select": lambda state, rng, seat, move: do_select(state, seat, move["pawn"]),
    "cancel": lambda state, rng, seat, move: do_cancel(state, seat),
    "evolve": lambda state, rng, seat, move: do_evolve(state, seat, move["form"]),
    "migrate": lambda state, rng, seat, move: do_migrate(state, seat, move["to"]),
    "swap": lambda state, rng, seat, move: do_swap(state, seat, move["to"]),
    "place": lambda state, rng, seat, move: do_place(state, seat, move["to"]),
    "tile": lambda state, rng, seat, move: do_tile(state, seat, move["tile"]),
    "draw3": lambda state, rng, seat, move: do_draw3(state, seat),
    "skip_reward": lambda state, rng, seat, move: do_skip_reward(state, seat),
    "return": lambda state, rng, seat, move: do_return(state, seat, move["card"]),
    "play": lambda state, rng, seat, move: do_play(state, seat, move["card"]),
    "choose": lambda state, rng, seat, move: do_choose(state, rng, seat, move["option"]),
    "end_turn": lambda state, rng, seat, move: do_end_turn(state, seat),
}


def apply_move(state: State, rng: Rng, seat: int, move: Move) -> None:
    deed = DEEDS.get(move["type"])
    if deed is None:  # pragma: no cover - the engine checks the type first
        raise IllegalMove(f"Unknown move {move['type']!r}.")
    deed(state, rng, seat, move)
    settle(state)


__all__ = ["ACTIONS", "OBJECTIVES", "PERMANENTS", "new_state", "legal_moves", "apply_move", "outcome"]

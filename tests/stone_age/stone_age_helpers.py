"""Shared helpers for the Stone Age engine tests: staging a position, fixing dice, invariants."""

from __future__ import annotations

import json
import random
import re

from apps.matches.engine import Rng
from apps.stone_age import flow
from apps.stone_age.content import (
    BUILDING_IDS,
    CARD_IDS,
    MAX_PEOPLE,
    RESOURCES,
    START_SUPPLY,
    TOOL_TILES_12,
    TOOL_TILES_34,
)
from apps.stone_age.engine import RULES, clone


def fresh(players: int = 2, seed: int = 1) -> dict:
    return RULES.setup(players, seed)


def give(state: dict, seat: int, **amounts: int) -> dict:
    """Move resources or food between the general supply and a player (test plumbing, conserving)."""
    player = state["seats"][seat]
    player["res"] = dict(player["res"])  # states from apply share unchanged containers
    for what, n in amounts.items():
        state["supply"][what] -= n
        if what == "food":
            player["food"] += n
        else:
            player["res"][what] += n
    return state


def take_all(state: dict, seat: int) -> dict:
    """Return all of a player's resources and food to the supply."""
    player = state["seats"][seat]
    for r in RESOURCES:
        state["supply"][r] += player["res"][r]
        player["res"][r] = 0
    state["supply"]["food"] += player["food"]
    player["food"] = 0
    return state


def set_tools(state: dict, seat: int, values: list[int]) -> dict:
    player = state["seats"][seat]
    for v in player["tools"]:
        state["supply"]["tiles12" if v <= 2 else "tiles34"] += 1
    for v in values:
        state["supply"]["tiles12" if v <= 2 else "tiles34"] -= 1
    player["tools"] = list(values)
    player["used"] = [False] * len(values)
    return state


def set_people(state: dict, seat: int, people: int) -> dict:
    player = state["seats"][seat]
    player["people"] = people
    player["reserve"] = MAX_PEOPLE - people
    return state


def _remove_card(state: dict, card_id: str) -> None:
    if card_id in state["deck"]:
        state["deck"].remove(card_id)
        return
    if card_id in state["row"]:
        state["row"][state["row"].index(card_id)] = None
        return
    raise AssertionError(f"{card_id} is not in the deck or the row")


def put_card(state: dict, space: int, card_id: str) -> dict:
    """Lay this card on card space ``space`` (1-4); the card there goes back into the deck."""
    _remove_card(state, card_id)
    old = state["row"][space - 1]
    if old:
        state["deck"].insert(0, old)
    state["row"][space - 1] = card_id
    for i, c in enumerate(state["row"]):
        if c is None:
            state["row"][i] = state["deck"].pop(0)
    return state


def own_card(state: dict, seat: int, card_id: str, *, kept: bool = False, extra: bool = False) -> dict:
    """Give a player a card from the deck or the row (refilling the row from the bottom of the deck)."""
    _remove_card(state, card_id)
    for i, c in enumerate(state["row"]):
        if c is None:
            state["row"][i] = state["deck"].pop(0)
    player = state["seats"][seat]
    if extra:
        player["extra"] = player["extra"] + [card_id]
    else:
        player["cards"] = player["cards"] + [card_id]
        if kept:
            player["kept"] = player["kept"] + [card_id]
    return state


def put_building(state: dict, stack: int, building_id: str) -> dict:
    """Swap this building onto the top of stack ``stack`` (1-based), from wherever it lies."""
    piles = state["stacks"] + [state["boxed"]]
    for pile in piles:
        if building_id in pile:
            i = pile.index(building_id)
            target = state["stacks"][stack - 1]
            pile[i], target[-1] = target[-1], pile[i]
            return state
    raise AssertionError(f"{building_id} is not in a stack or the box")


def in_actions(state: dict, placements: dict[int, dict[str, int]], turn: int | None = None) -> dict:
    """The same state in the action phase with people standing as given (test plumbing)."""
    state = clone(state)
    for seat, spots in placements.items():
        for where, n in spots.items():
            state["places"][where][seat] += n
            state["seats"][seat]["placed"] += n
    players = state["players"]
    state["phase"] = flow.ACTION
    state["order"] = [(state["start"] + i) % players for i in range(players)]
    flow.settle(state)
    if turn is not None:
        assert state["turn"] == turn
    return state


def rng_for(dice: list[int]) -> int:
    """A generator state whose next die rolls are ``dice``."""
    for k in range(1, 10_000_000):
        rng = Rng(k)
        if all(rng.die() == d for d in dice):
            return k
    raise AssertionError(f"no generator state rolls {dice}")


def with_dice(state: dict, dice: list[int]) -> dict:
    state = clone(state)
    state["rng"] = rng_for(dice)
    return state


def play(state: dict, seat: int, *moves: dict) -> dict:
    for move in moves:
        state = RULES.apply(state, seat, move)
    return state


def resources(state: dict, seat: int) -> dict[str, int]:
    return dict(state["seats"][seat]["res"])


# --- Invariants -------------------------------------------------------------------------------

ALL_CARDS = frozenset(CARD_IDS)
ALL_BUILDINGS = frozenset(BUILDING_IDS)
START_RESOURCES = tuple(START_SUPPLY[r] for r in RESOURCES)


def assert_conserved(state: dict) -> None:
    """Nothing is created or lost beyond what the rules give or take (lean: it runs on every step)."""
    supply = state["supply"]
    seats = state["seats"]
    wood, clay, stone, gold = supply["wood"], supply["clay"], supply["stone"], supply["gold"]
    for pending in state["pending"]:
        paid = pending.get("paid")
        if paid:
            wood += paid.get("wood", 0)
            clay += paid.get("clay", 0)
            stone += paid.get("stone", 0)
            gold += paid.get("gold", 0)
    food = supply["food"]
    low, high = supply["tiles12"], supply["tiles34"]
    assert low >= 0 and high >= 0
    row = state["row"]
    cards = state["deck"] + row
    buildings = state["boxed"].copy()
    for stack in state["stacks"]:
        buildings += stack
    placed = list(map(sum, zip(*state["places"].values(), strict=True)))
    for seat, p in enumerate(seats):
        w, c, s, g = p["res"].values()
        assert w >= 0 and c >= 0 and s >= 0 and g >= 0 and p["food"] >= 0
        wood += w
        clay += c
        stone += s
        gold += g
        food += p["food"]
        tools = p["tools"]
        if tools:
            assert len(tools) == len(p["used"]) <= 3 and min(tools) >= 1 and max(tools) <= 4
            small = tools.count(1) + tools.count(2)
            low += small
            high += len(tools) - small
        else:
            assert not p["used"]
        cards += p["cards"]
        cards += p["extra"]
        for kept in p["kept"]:
            assert kept in p["cards"]
        points = 0
        for b in p["buildings"]:
            buildings.append(b["id"])
            points += b["points"]
        people = p["people"]
        assert people + p["reserve"] == MAX_PEOPLE and 5 <= people <= MAX_PEOPLE
        assert p["placed"] == placed[seat] and 0 <= p["placed"] <= people
        assert 0 <= p["agriculture"] <= 10
        scored = p["scored"]
        assert p["score"] == scored["buildings"] + scored["cards"] + scored["penalties"]
        assert scored["buildings"] == points
    assert (wood, clay, stone, gold) == START_RESOURCES
    assert food == START_SUPPLY["food"]
    assert low == TOOL_TILES_12 and high == TOOL_TILES_34
    assert len(cards) - row.count(None) == 36
    card_set = set(cards)
    card_set.discard(None)
    assert card_set == ALL_CARDS
    assert len(buildings) == 28 and set(buildings) == ALL_BUILDINGS


ID_PATTERN = re.compile(r"(?:civ|bld)-\d\d")


def leaks(text: str, hidden: set[str]) -> list[str]:
    """The hidden strings found in ``text``: card and building ids in one regex pass, others by search."""
    found = set(ID_PATTERN.findall(text)) & hidden
    found.update(s for s in hidden if not ID_PATTERN.fullmatch(s) and s in text)
    return sorted(found)


def assert_views_leak_nothing(state: dict) -> None:
    """No view (spectator, every seat) shows a string hidden from its viewer.

    The log is the same in every view, so it is checked once, against everything hidden from anyone.
    """
    hidden_from_anyone: set[str] = set()
    log = None
    for viewer in [None, *range(state["players"])]:
        view = RULES.view(state, viewer)
        log = view.pop("log")
        hidden = RULES.hidden_from(state, viewer)
        hidden_from_anyone |= hidden
        found = leaks(json.dumps(view), hidden)
        assert not found, f"view for {viewer} shows {found}"
    found = leaks(json.dumps(log), hidden_from_anyone)
    assert not found, f"the log shows {found}"


def random_game(players: int, seed: int, rnd: random.Random):
    """Yield (state, seat, move) for each step of a game of uniformly random legal moves."""
    state = RULES.setup(players, seed)
    while RULES.outcome(state) is None:
        seat = RULES.active_seats(state)[0]
        move = rnd.choice(RULES.legal_moves(state, seat))
        yield state, seat, move
        state = RULES.apply(state, seat, move)
    yield state, None, None

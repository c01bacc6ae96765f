"""Shared helpers for the Origins tests: building board positions, playing moves, checking invariants."""

from __future__ import annotations

import json
import random
from collections import Counter

from apps.origins import flow
from apps.origins.content import CARD_BY_ID, CARDS, RESERVE, STRAITS, TERRITORIES, TILE_COLUMNS, TILES_PER_LEVEL
from apps.origins.engine import RULES

INITIAL_HUNTS = {t.id: t.hunt for t in TERRITORIES if t.hunt}


def scenario(players=2, pawns=(), hands=None, tiles=None, permanents=None, seed=1, seat=0,
             completed=None, straits=None, hunted=None):
    """A position built from the setup of ``seed``: the founders go back to the reserve and ``pawns``
    ((owner, form, space), ...) are placed instead (ids 0, 1, ... in that order; evolved pawns); ``hands``,
    ``tiles``, ``permanents`` and ``completed`` ({seat: [...]}) are moved from the decks and the
    supply, so everything stays conserved. Empty hands unless given."""
    state = RULES.setup(players, seed)
    for pawn in state["pawns"]:
        state["reserve"][pawn["form"]] += 1
    state["pawns"] = []
    for i, (owner, form, at) in enumerate(pawns):
        state["reserve"][form] -= 1
        assert state["reserve"][form] >= 0
        state["pawns"].append({"id": i, "form": form, "owner": owner, "at": at, "founder": False})
    state["next_pawn"] = len(pawns)
    for player in state["seats"]:
        for card in player["hand"]:
            state["decks"][CARD_BY_ID[card].color].append(card)
        player["hand"] = []
    for where, key in ((hands, "hand"), (permanents, "permanents"), (completed, "completed")):
        for s, cards in (where or {}).items():
            for card in cards:
                state["decks"][CARD_BY_ID[card].color].remove(card)
                state["seats"][s][key].append(card)
                if key != "hand":
                    state["revealed"].append(card)
    for s, owned in (tiles or {}).items():
        for tile in owned:
            flow.take_tile(state, s, tile)
    for sid, owner in (straits or {}).items():
        state["straits"][sid] = owner
    for s, territories in (hunted or {}).items():
        for t in territories:
            state["seats"][s]["hunts"].append([t, state["hunts"].pop(t)])
    state["seat"] = seat
    state["log"] = []
    return state


def play(state, *moves, seat=None):
    """Apply moves in order for the active seat (or ``seat``) and return the new state."""
    for move in moves:
        who = state["seat"] if seat is None else seat
        state = RULES.apply(state, who, move)
    return state


def legal_types(state, kind):
    return [m for m in RULES.legal_moves(state, state["seat"]) if m["type"] == kind]


ALL_CARDS = sorted(c.id for c in CARDS)
PAWN_TOTAL = sum(RESERVE.values())
TILE_COLUMN_TOTALS = {c: [TILES_PER_LEVEL[lv] for lv in range(1, 6)] for c in TILE_COLUMNS}
STRAIT_IDS = {s.id for s in STRAITS}


def assert_conserved(state):
    """Pawns, tiles, cards, hunting tokens and straits: nothing created or lost."""
    pawns = state["pawns"]
    reserve = state["reserve"]
    assert sum(reserve.values()) + len(pawns) == PAWN_TOTAL
    counted = dict(reserve)
    for p in pawns:
        counted[p["form"]] += 1
    assert counted == RESERVE
    assert min(reserve.values()) >= 0
    assert len({p["id"] for p in pawns}) == len(pawns)
    counted = {column: list(levels) for column, levels in state["supply"].items()}
    for player in state["seats"]:
        for t in player["tiles"]:
            counted[t[:-2]][int(t[-1]) - 1] += 1
    assert counted == TILE_COLUMN_TOTALS
    for player in state["seats"]:
        counts = [0] * 7
        for t in player["tiles"]:
            counts[int(t[-1])] += 1
        assert all(counts[lv] <= counts[lv - 1] for lv in range(2, 6)), "tiles stack on tiles one lower"
    places = list(state["discard"])
    for deck in state["decks"].values():
        places += deck
    for player in state["seats"]:
        places += player["hand"] + player["permanents"] + player["completed"]
    places.sort()
    assert places == ALL_CARDS
    hunts = dict(state["hunts"])
    for player in state["seats"]:
        for territory, value in player["hunts"]:
            assert territory not in hunts
            hunts[territory] = value
    assert hunts == INITIAL_HUNTS
    assert state["straits"].keys() == STRAIT_IDS
    occupied = [p["at"] for p in pawns if p["at"] != "cradle"]
    assert len(occupied) == len(set(occupied)), "one pawn per territory"
    owners = Counter(p["owner"] for p in pawns)
    assert max(owners.values(), default=0) <= 10


def assert_deck_colors(state):
    for color, deck in state["decks"].items():
        assert all(CARD_BY_ID[c].color == color for c in deck)


def assert_log_leaks_nothing(state, start=0):
    """Log lines (the same for every viewer) name no card that has not been played."""
    hidden = RULES.hidden_from(state, None)
    for line in state["log"][start:]:
        assert not [h for h in hidden if h in line], line


def assert_views_leak_nothing(state, log=True):
    """No viewer's view holds a string hidden from it; the log is checked once for all."""
    if log:
        assert_log_leaks_nothing(state)
    for viewer in [None, *range(state["players"])]:
        view = RULES.view(state, viewer)
        assert view["log"] == state["log"]
        view["log"] = []
        text = json.dumps(view)
        hidden = RULES.hidden_from(state, viewer)
        leaked = [h for h in hidden if h in text]
        assert not leaked, (viewer, leaked)
        for other in range(state["players"]):
            if other == viewer:
                continue
            for card in state["seats"][other]["hand"]:
                if card not in state["revealed"]:
                    assert CARD_BY_ID[card].name not in text


def random_game(players, seed, rnd: random.Random, chooser=None):
    """Yield (state, seat, move) along one game played by random choices; the last has move None."""
    state = RULES.setup(players, seed)
    while True:
        active = RULES.active_seats(state)
        if not active:
            yield state, None, None
            return
        seat = active[0]
        move = chooser(RULES, state, seat, rnd) if chooser else rnd.choice(RULES.legal_moves(state, seat))
        yield state, seat, move
        state = RULES.apply(state, seat, move)

"""A new Live On table: a region, shuffled decks, empty seats, and everyone asked for a past or a gift.
"""

from __future__ import annotations

from apps.matches.engine import Rng

from ..content import (
    ARTIFACTS,
    BUILDINGS,
    DECKS,
    EVENTS,
    REGION_BY_ID,
    REGIONS,
    SPOTS,
    TRAITS,
    ZONE_ORDER,
)
from ..state import LiveOnState
from .board import SETUP, log

# --- Setup --------------------------------------------------------------------

def new_state(players: int, seed: int, rng: Rng) -> LiveOnState:
    region = REGIONS[rng.below(len(REGIONS))].id
    decks = {d: [e.id for e in EVENTS if e.deck == d] for d in DECKS}
    for d in DECKS:
        rng.shuffle(decks[d])
    art = [a.id for a in ARTIFACTS]
    rng.shuffle(art)
    state: LiveOnState = {
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

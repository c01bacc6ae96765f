"""What a seat (or a spectator) may see of an Origins state, and what it must not.

Public: the whole board (pawns, village markers, hunting tokens, straits), every
collection (tiles, tokens, permanent cards in play, completed objectives), how many
cards of each colour every hand holds, the yellow discard pile, the log and what the last move
changed of all this (``changes``).
Private: the cards in a hand (seen by their holder only), the order and content of
the decks, and the generator state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import flow, geometry, objectives, wording
from .content import (
    CARD_BY_ID,
    CARDS,
    COLOR_HEX,
    CONTINENT_NAMES,
    MARKERS_PER_PLAYER,
    PLAYER_COLORS,
    PLAYER_HEX,
    ROUND_LIMIT,
    START,
    STRAITS,
    TERRITORIES,
    TILE_COLUMNS,
    TILE_LEVELS,
    parse_form,
)
from .state import OriginsState
from .wording import form_long, form_words, space_name

State = OriginsState
PAWN_FILL = {"white": "#f4efe4", "brown": "#8b5a2b", "black": "#262626"}


def card_record(card_id: str) -> dict:
    card = CARD_BY_ID[card_id]
    return {"id": card.id, "name": card.name, "color": card.color, "text": card.text,
            "level": card.level, "points": card.points}


def pawn_records(state: State) -> list[dict]:
    out = []
    at_start = 0
    for pawn in sorted(state["pawns"], key=lambda p: p["id"]):
        color, height, width = parse_form(pawn["form"])
        if pawn["at"] == START:
            x, y = geometry.cradle_slot(at_start)
            at_start += 1
        else:
            x, y = geometry.SHAPES[pawn["at"]]["x"], geometry.SHAPES[pawn["at"]]["y"]
        w = 4 + 2 * width
        h = 5 + 3 * height
        out.append({
            "id": pawn["id"], "form": pawn["form"], "words": form_words(pawn["form"]),
            "long": form_long(pawn["form"]), "color": color, "height": height, "width": width,
            "owner": pawn["owner"], "owner_hex": PLAYER_HEX[pawn["owner"]], "fill": PAWN_FILL[color],
            "at": pawn["at"], "where": space_name(pawn["at"]),
            "x": x - w // 2, "y": y + 6 - h, "w": w, "h": h, "cx": x, "top": y + 6 - h - 4,
        })
    return out


def territory_records(state: State) -> list[dict]:
    occupied = flow.occupants(state)
    out = []
    for t in TERRITORIES:
        shape = geometry.SHAPES[t.id]
        pawn = occupied.get(t.id)
        out.append({
            "id": t.id, "name": t.name, "continent": CONTINENT_NAMES[t.continent], "color": t.color,
            "hex": COLOR_HEX[t.color], "x": shape["x"], "y": shape["y"],
            "hunt": state["hunts"].get(t.id), "owner": pawn["owner"] if pawn else None,
        })
    return out


def strait_records(state: State) -> list[dict]:
    out = []
    for strait in STRAITS:
        owner = state["straits"][strait.id]
        out.append({"id": strait.id, "name": strait.name, "value": strait.value, "owner": owner,
                    "ends": [space_name(e) for e in strait.ends],
                    "lines": [{"x1": a, "y1": b, "x2": c, "y2": d} for a, b, c, d in geometry.STRAIT_LINES[strait.id]],
                    "owner_hex": PLAYER_HEX[owner] if owner is not None else None})
    return out


def seat_record(state: State, seat: int) -> dict:
    """A seat as everyone but its owner sees it: its hand only counted (``_own_record`` shows it)."""
    player = state["seats"][seat]
    levels = objectives.tile_levels(player["tiles"])
    counts = {c: sum(CARD_BY_ID[card].color == c for card in player["hand"]) for c in ("yellow", "orange", "purple")}
    pawns = sum(p["owner"] == seat for p in state["pawns"])
    score = flow.score_of(state, seat)
    return {
        "seat": seat,
        "color": PLAYER_COLORS[seat],
        "hex": PLAYER_HEX[seat],
        "hand_count": len(player["hand"]),
        "hand_counts": counts,
        "hand": None,
        "permanents": [card_record(c) for c in player["permanents"]],
        "completed": [card_record(c) for c in player["completed"]],
        "tiles": [{"column": c, "level": lv, "count": sum(t == f"{c}-{lv}" for t in player["tiles"])}
                  for c in TILE_COLUMNS for lv in TILE_LEVELS if f"{c}-{lv}" in player["tiles"]],
        "levels": {str(lv): levels[lv] for lv in TILE_LEVELS},
        "hunts": [{"territory": space_name(t), "value": v} for t, v in player["hunts"]],
        "straits": [s.name for s in STRAITS if state["straits"][s.id] == seat],
        "markers_left": MARKERS_PER_PLAYER - pawns,
        "pawns": pawns,
        "objective_limit": flow.objective_limit(state, seat),
        "points": score["total"],
        "vp": score,  # by source (``flow.score_of``): the board's "How you score VP"
    }


def _own_record(state: State, public: dict) -> dict:
    """``seat_record`` as its owner sees it, from the record everyone else sees: only the hand differs, each card
    saying why it cannot be played now (the engine's refusal) while its holder may play cards; while a half-made
    action or a card's choice waits (``wording.answer_first``), the prompt says what comes first."""
    seat = public["seat"]
    hand = [card_record(c) for c in state["seats"][seat]["hand"]]
    if not state["over"] and state["seat"] == seat and wording.answer_first(flow.top_entry(state), "play") is None:
        playable = set(flow.playable_cards(state, seat))
        for card in hand:
            if card["id"] not in playable:
                card["why_not"] = wording.cannot_play(card["id"], flow.unplayable_because(state, seat, card["id"]))
    return {**public, "hand": hand}


def pending_record(state: State) -> dict[str, Any] | None:
    """The decision on top of the pending stack, with the names a page shows for it."""
    top = flow.top_entry(state)
    if top is None:
        return None
    record: dict[str, Any] = dict(top)
    if top["kind"] in ("selected", "evolving"):
        pawn = flow.pawn_of(state, top["pawn"])
        record["where"] = space_name(pawn["at"])
        record["words"] = form_words(pawn["form"])
        if top["kind"] == "evolving":
            record["new_words"] = form_words(top["form"])
    if top["kind"] == "reward":
        record["where"] = space_name(top["space"])
    if top["kind"] == "choose":
        record["name"] = CARD_BY_ID[top["card"]].name
    return record


def view(state: State, seat: int | None) -> dict:
    return views(state, [seat])[0]


def views(state: State, seats: Sequence[int | None]) -> list[dict]:
    """``view`` for each of ``seats``: the prompt and one's own hand differ between viewers, the rest is worked
    out once and shared (another seat's record is as a spectator sees it)."""
    result = flow.outcome(state)
    turn = state["turn"]
    players = range(state["players"])
    public_seats = [seat_record(state, s) for s in players]
    shared = {
        "active": flow.active_seats(state),
        "final_left": list(state["final"] or []),
        "turn": {"acted": turn["acted"], "actions": turn["actions"], "played": dict(turn["played"]),
                 "final": turn["final"]},
        "pending": pending_record(state),
        "territories": territory_records(state),
        "straits": strait_records(state),
        "pawns": pawn_records(state),
        "supply": [{"column": c, "levels": [{"level": lv, "count": state["supply"][c][lv - 1]} for lv in TILE_LEVELS]}
                   for c in TILE_COLUMNS],
        "reserve": [{"form": f, "words": form_words(f), "count": n} for f, n in state["reserve"].items() if n],
        "decks": {c: len(state["decks"][c]) for c in ("yellow", "orange", "purple")},
        "discard": [card_record(c) for c in state["discard"]],
        "log": list(state["log"]),
    }
    return [{
        "game": "origins",
        "phase": "over" if state["over"] else "play",
        "players": state["players"],
        "viewer": seat,
        "seat": state["seat"],
        "active": shared["active"],
        "round": state["round"],
        "round_limit": ROUND_LIMIT,
        "final": state["final"] is not None,
        "final_left": shared["final_left"],
        "prompt": prompt(state, seat),
        "turn": shared["turn"],
        "pending": shared["pending"],
        "territories": shared["territories"],
        "straits": shared["straits"],
        "pawns": shared["pawns"],
        "seats": [_own_record(state, public_seats[s]) if s == seat else public_seats[s] for s in players],
        "supply": shared["supply"],
        "reserve": shared["reserve"],
        "decks": shared["decks"],
        "discard": shared["discard"],
        "outcome": result,
        "log": shared["log"],
        "changed": state.get("changed"),
    } for seat in seats]


def prompt(state: State, seat: int | None) -> str:
    """What this viewer is told to do (or watches being done): facts from the rules, words from ``wording``."""
    result = flow.outcome(state)
    if result is not None:
        return wording.game_over(result["winners"])
    current = state["seat"]
    top = flow.top_entry(state)
    if seat != current:
        return wording.watching_prompt(current, top)
    if top is None:
        turn = state["turn"]
        return wording.turn_prompt(turn["acted"] < turn["actions"], turn["final"])
    if top["kind"] == "selected":
        # Say only what the board offers: a pawn picked to evolve from may have nowhere to go (issue 19).
        pawn = flow.pawn_of(state, top["pawn"])
        migrate, swap = flow.destinations(state, current, pawn) if pawn["owner"] == current else ([], [])
        return wording.selected_prompt(bool(migrate or swap), bool(flow.evolution_forms(state, current, pawn)))
    return wording.OWN_PROMPTS[top["kind"]](top)


def hidden_from(state: State, seat: int | None) -> set[str]:
    """The names of the cards this viewer has not seen played and does not hold, and the generator."""
    hidden = {str(state["rng"])}
    revealed = set(state["revealed"])
    own = set(state["seats"][seat]["hand"]) if seat is not None and 0 <= seat < state["players"] else set()
    hidden.update(card.name for card in CARDS if card.id not in revealed and card.id not in own)
    return hidden


def unseen(state: State, seat: int | None) -> frozenset[str]:
    """The cards this viewer cannot see now, by id (``Rules.unseen``): every deck, and the hands of the others."""
    hidden = {card for deck in state["decks"].values() for card in deck}
    for other, player in enumerate(state["seats"]):
        if other != seat:
            hidden.update(player["hand"])
    return frozenset(hidden)

"""What a seat (or a spectator) may see of a Stone Age state, and what it must not.

Public: the board, every player's board, bought cards, buildings, the dice, and what the last
move changed (``marks``: place ids, space numbers and field names, see ``changes``). Hidden from
everyone: the deck and its order, the building tiles below the top of each stack and the
stacks left in the box, and the generator state. Hidden from all but its owner: each
face-down extra card (others see only how many a player holds).
"""

from __future__ import annotations

from typing import Any

from . import flow, scoring
from . import wording as w
from .content import (
    BUILDING_BY_ID,
    CARD_BY_ID,
    CULTURE_LABELS,
    PLACES,
    PROFESSION_LABELS,
    RESOURCES,
    TOP_LABELS,
)
from .state import StoneAgeState

State = StoneAgeState


def card_record(card_id: str) -> dict:
    card = CARD_BY_ID[card_id]
    return {
        "id": card.id,
        "number": card.number,
        "top": card.top,
        "top_label": TOP_LABELS[card.top],
        "top_text": w.top_text(card_id),
        "green": card.green,
        "culture": card.culture,
        "culture_label": CULTURE_LABELS.get(card.culture, ""),
        "profession": card.profession,
        "profession_label": PROFESSION_LABELS.get(card.profession, ""),
        "count": card.count,
        "bottom_text": w.bottom_text(card_id),
    }


def building_record(building_id: str) -> dict:
    b = BUILDING_BY_ID[building_id]
    return {
        "id": b.id,
        "number": b.number,
        "kind": b.kind,
        "cost": [{"resource": r, "n": n} for r, n in b.cost],
        "points": b.points,
        "count": b.count,
        "kinds": b.kinds,
        "cost_text": w.building_cost_text(building_id),
        "points_text": w.building_points_text(building_id),
    }


def view(state: State, seat: int | None) -> dict:
    players = state["players"]
    viewer = seat if isinstance(seat, int) and 0 <= seat < players else None
    return {
        "game": "stone_age",
        "phase": state["phase"],
        "players": players,
        "viewer": viewer,
        "round": state["round"],
        "start": state["start"],
        "turn": state["turn"] if state["phase"] in (flow.PLACE, flow.ACTION) else None,
        "active": flow.active_seats(state),
        "prompt": prompt(state, viewer),
        "places": _places_view(state),
        "row": _row_view(state),
        "deck": len(state["deck"]),
        "stacks": _stacks_view(state),
        "boards": [_board_view(state, s, viewer) for s in range(players)],
        "pending": _pending_view(state),
        "dice": _dice_view(state),
        "ending": state["ending"],
        "end": state["end"],
        "outcome": flow.outcome(state),
        "log": list(state["log"]),
        "marks": state.get("marks"),
    }


def _places_view(state: State) -> list[dict]:
    out = []
    for place in PLACES:
        if place.kind in ("card", "building"):
            continue  # shown with the card row and the building stacks
        people = state["places"][place.id]
        out.append({
            "id": place.id,
            "label": place.label,
            "kind": place.kind,
            "capacity": place.capacity,
            "yields": place.yields,
            "divisor": place.divisor,
            "people": list(people),
            "total": sum(people),
            "moves": [{"type": "place", "where": place.id}, {"type": "resolve", "where": place.id}],
        })
    return out


def _row_view(state: State) -> list[dict]:
    return [
        {"space": i + 1, "cost": i + 1, "place": f"card{i + 1}",
         "card": card_record(card) if card else None,
         "people": list(state["places"][f"card{i + 1}"]),
         "moves": [{"type": "place", "where": f"card{i + 1}"}, {"type": "resolve", "where": f"card{i + 1}"}]}
        for i, card in enumerate(state["row"])
    ]


def _stacks_view(state: State) -> list[dict]:
    return [
        {"stack": i + 1, "place": f"stack{i + 1}", "count": len(stack),
         "top": building_record(stack[-1]) if stack else None,
         "people": list(state["places"][f"stack{i + 1}"]),
         "moves": [{"type": "place", "where": f"stack{i + 1}"}, {"type": "resolve", "where": f"stack{i + 1}"}]}
        for i, stack in enumerate(state["stacks"])
    ]


def _board_view(state: State, seat: int, viewer: int | None) -> dict:
    player = state["seats"][seat]
    mine = viewer == seat
    kept = set(player["kept"])
    return {
        "seat": seat,
        "is_start": state["start"] == seat,
        "people": player["people"],
        "available": player["people"] - player["placed"],
        "placed": player["placed"],
        "food": player["food"],
        "res": dict(player["res"]),
        "res_list": [{"resource": r, "n": player["res"][r]} for r in RESOURCES],
        "resources": sum(player["res"].values()),
        "agriculture": player["agriculture"],
        "tools": [{"index": i, "value": v, "used": player["used"][i]} for i, v in enumerate(player["tools"])],
        "tool_total": sum(player["tools"]),
        "cards": [dict(card_record(c), kept=c in kept) for c in player["cards"]],
        "extra_count": len(player["extra"]),
        "extra": [card_record(c) for c in player["extra"]] if mine else [],
        "buildings": [dict(building_record(b["id"]), scored=b["points"]) for b in player["buildings"]],
        "score": player["score"],
    }


def _pending_view(state: State) -> dict | None:
    if not state["pending"]:
        return None
    top = state["pending"][-1]
    kind = top["kind"]
    out: dict[str, Any] = {"kind": kind, "seat": top["seat"]}
    if kind == "count":
        out.update(where=top["where"], label=w.place_label(top["where"]), max=top["max"])
    elif kind == "tools":
        total = flow.roll_total(state, top)
        out.update(dice=list(top["dice"]), bonus=top["bonus"], total=total, divisor=top["divisor"],
                   yields=top["yields"], amount=total // top["divisor"], label=top["label"],
                   next_at=(total // top["divisor"] + 1) * top["divisor"])
    elif kind == "pay":
        target = flow.pay_target(state, top)
        paid = dict(top["paid"])
        out.update(what=top["what"], where=top["where"], label=w.place_label(top["where"]), paid=paid,
                   paid_text=w.resources_phrase(paid), paid_count=sum(paid.values()))
        if top["what"] == "card":
            out.update(card=card_record(target), cost=int(top["where"][4:]))
        else:
            out.update(building=building_record(target))
    elif kind == "feed":
        paid = dict(top["paid"])
        out.update(missing=top["missing"], paid=paid, still=top["missing"] - sum(paid.values()))
    elif kind == "pick_die":
        out.update(dice=list(top["dice"]), faces=[{"face": f, "reward": w.face_reward(f)} for f in top["dice"]],
                   waiting=list(top["order"]))
    elif kind == "choose":
        out.update(left=top["left"])
    return out


def _dice_view(state: State) -> dict | None:
    dice = state["dice"]
    if dice is None:
        return None
    return {"seat": dice["seat"], "what": dice["what"], "values": list(dice["values"]),
            "bonus": dice["bonus"], "total": sum(dice["values"]) + dice["bonus"]}


# --- The prompt -----------------------------------------------------------------------

def prompt(state: State, seat: int | None) -> str:
    if state["phase"] == flow.OVER:
        return w.over_prompt(state["end"], scoring.result(state)["winners"])
    facts = flow.decision(state)
    if facts is None:  # a feeding phase without a pending decision, which ``flow.settle`` never leaves
        return ""
    return w.turn_prompt(facts, mine=seat == facts["seat"])


# --- Secrets ----------------------------------------------------------------------------

def hidden_from(state: State, seat: int | None) -> set[str]:
    hidden = {str(state["rng"])}
    hidden.update(state["deck"])
    for stack in state["stacks"]:
        hidden.update(stack[:-1])
    hidden.update(state["boxed"])
    for other, player in enumerate(state["seats"]):
        if other != seat:
            hidden.update(player["extra"])
    return hidden


"""What a seat (or a spectator) may see of a Stone Age state, and what it must not.

Public: the board, every player's board, buildings, the dice, the single-use cards a player keeps
beside the board until they are used, how many civilization cards each player holds, and what
the last move changed (``marks``: place ids, space numbers and field names, see ``changes``).
Hidden from everyone: the deck and its order, the building tiles below the top of each stack and
the stacks left in the box, and the generator state. Hidden from all but its owner until the game
ends: the civilization cards a player has taken, which lie face down on their board (the extra
card among them); others see only how many. A card taken from the row was face up there, so the
log may name it; no view lists what a player holds. Once the game is over every card is
turned face up for final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import closed_places, explain, flow, scoring
from . import wording as w
from .content import (
    BUILDING_BY_ID,
    CARD_BY_ID,
    CULTURE_LABELS,
    PLACE_IDS,
    PLACES,
    PROFESSION_LABELS,
    RESOURCES,
    TOP_LABELS,
)
from .state import SeatState, StoneAgeState

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
    return views(state, [seat])[0]


def views(state: State, seats: Sequence[int | None]) -> list[dict]:
    """``view`` for each of ``seats``: the prompt and one's own board differ between viewers, the rest is worked
    out once and shared (another player's board is as a spectator sees it)."""
    players = state["players"]
    public_boards = [_board_view(state, s) for s in range(players)]
    turn = state["turn"] if state["phase"] in (flow.PLACE, flow.ACTION) else None
    active, places, row, stacks = flow.active_seats(state), _places_view(state), _row_view(state), _stacks_view(state)
    pending, dice, outcome, log = _pending_view(state), _dice_view(state), flow.outcome(state), list(state["log"])
    out = []
    for seat in seats:
        viewer = seat if isinstance(seat, int) and 0 <= seat < players else None
        out.append({
            "game": "stone_age",
            "phase": state["phase"],
            "players": players,
            "viewer": viewer,
            "round": state["round"],
            "start": state["start"],
            "turn": turn,
            "active": active,
            "prompt": prompt(state, viewer),
            "places": places,
            "row": row,
            "deck": len(state["deck"]),
            "stacks": stacks,
            "boards": [_own_board(state, board) if s == viewer else board for s, board in enumerate(public_boards)],
            "pending": pending,
            "dice": dice,
            "ending": state["ending"],
            "end": state["end"],
            "outcome": outcome,
            "log": log,
            "marks": state.get("marks"),
            "refused": refusals(state, viewer),
            "forecast": forecast(state, viewer),
        })
    return out


def forecast(state: State, seat: int | None) -> dict | None:
    """For a player, what feeding will do to their tribe this round (``text``), whether it goes hungry
    (``short``) and, if so, that warning in one short line for the phone's decision bar (``brief``), while people
    are placed and used; None for a spectator and in other phases."""
    text = explain.feeding_forecast(state, seat) if seat is not None else ""
    if not text or seat is None:
        return None
    short = explain.food_short(state, seat)
    return {"text": text, "short": short > 0, "brief": f"Feeding: {short} food short (see your board)" if short > 0
            else ""}


def refusals(state: State, seat: int | None) -> dict[str, str]:
    """For the player placing now, why each place they may not use is closed to them (the engine's refusal),
    by place id; empty for everyone else and outside placing."""
    if seat is None or state["phase"] != flow.PLACE or state["pending"] or state["turn"] != seat:
        return {}
    return {p: why for p in PLACE_IDS if (why := closed_places.why_not_place(state, seat, p))}


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


def face_down(state: State, seat: int) -> list[str]:
    """The cards on this player's board that only they may look at: every card taken but the single-use
    cards still beside the board, and the extra cards; none once the game is over."""
    if state["phase"] == flow.OVER:
        return []
    player = state["seats"][seat]
    kept = set(player["kept"])
    return [c for c in player["cards"] if c not in kept] + list(player["extra"])


def _board_view(state: State, seat: int) -> dict:
    """A board as everyone but its owner sees it (``_own_board``: as its owner does)."""
    player = state["seats"][seat]
    over = state["phase"] == flow.OVER
    cards, extra = _faces(player, over, over)
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
        # How many cards this viewer sees only from the back (backs), and how many of their own only they see
        # (secret: shown to the owner only).
        "cards": cards,
        "extra": extra,
        "backs": 0 if over else len(face_down(state, seat)),
        "secret": 0,
        "held": len(player["cards"]) + len(player["extra"]),
        "extra_count": len(player["extra"]),
        "buildings": [dict(building_record(b["id"]), scored=b["points"]) for b in player["buildings"]],
        "score": player["score"],
        # What final scoring would add now (scoring.end_scoring): it reads the cards, so only once all are face up;
        # a player sees their own from the start (``_own_board``).
        "end": scoring.end_scoring(player) if over else None,
    }


def _own_board(state: State, public: dict) -> dict:
    """``_board_view`` as its owner sees it, from the board everyone else sees: every card it holds."""
    seat = public["seat"]
    cards, extra = _faces(state["seats"][seat], state["phase"] == flow.OVER, True)
    return {**public, "cards": cards, "extra": extra, "backs": 0, "secret": len(face_down(state, seat)),
            "end": scoring.end_scoring(state["seats"][seat])}


def _faces(player: SeatState, over: bool, every: bool) -> tuple[list[dict], list[dict]]:
    """The faces a viewer sees of a player's cards and extra cards: ``every`` one (their owner, and everyone once
    the game is over), or only the single-use cards kept beside the board; each marked face_down if others see
    only its back."""
    kept = set(player["kept"])
    cards = [dict(card_record(c), kept=c in kept, face_down=not over and c not in kept)
             for c in player["cards"] if every or c in kept]
    extra = [dict(card_record(c), face_down=not over) for c in player["extra"]] if every else []
    return cards, extra


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
    for other in range(state["players"]):
        if other != seat:
            hidden.update(face_down(state, other))  # card ids: no other text names one card alone
    return hidden



def unseen(state: State, seat: int | None) -> frozenset[str]:
    """The cards and building tiles this viewer cannot see now, by id (``Rules.unseen``): the deck, the tiles below
    the stacks' tops and in the box, and the cards face down on other players' boards."""
    hidden = set(state["deck"])
    for stack in state["stacks"]:
        hidden.update(stack[:-1])
    hidden.update(state["boxed"])
    for other in range(state["players"]):
        if other != seat:
            hidden.update(face_down(state, other))
    return frozenset(hidden)

"""What a seat (or a spectator) may see of a Live On state, and what it must not.

Public: the region board, presence tokens, the settlement, every panel's tokens, resources and
artifacts (front side, or the back once unveiled), drawn non-secret event fronts with their options' outcomes
(listed for every card on the rules page), an event's back once its card has been flipped, and what the
last move changed of all this (``changes``).
Private: a secret's name, options, hidden rule and outcomes (its holder, and an empath who read it), and
the seer's look at the top of a deck. Hidden from everyone: deck order, undrawn cards, unflipped backs and
the generator state. ``closed``: why each piece shown to the viewer is closed to them now (``closed.reasons``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import closed, flow
from . import wording as w
from .content import (
    ARTIFACT_BY_ID,
    ARTIFACTS,
    BUILDINGS,
    DECKS,
    EVENT_BY_ID,
    EVENTS,
    REGION_BY_ID,
    ROLE_BY_ID,
    SECRET_BY_MARK,
    SPOTS,
    TRAIT_COLORS,
    TRAITS,
    WINTER_ROUND,
    ZONE_ORDER,
    zone_action,
)
from .state import HeldArtifact, HeldSecret, LiveOnState


def private(state: LiveOnState, seat: int | None) -> list[str]:
    return state["private"].get(str(seat), []) if seat is not None else []


def option_record(option, flipped: bool) -> dict:
    """An option as the table shows it: what success and failure give or cost are shown from the start (the rules
    page lists them for every card; only the card's back waits for the flip), in the table's short words."""
    return {"trait": option.trait, "color": TRAIT_COLORS[option.trait], "diamonds": option.diamonds,
            "success": w.effect_short(option.success), "failure": w.effect_short(option.failure)}


def event_front(card: str, flipped: bool) -> dict:
    e = EVENT_BY_ID[card]
    return {"id": e.id, "name": e.name, "deck": e.deck, "kind": e.kind, "duration": e.duration,
            "aura": list(e.aura), "options": [option_record(o, flipped) for o in e.options],
            "back": e.back if flipped else None}


def secret_record(state: LiveOnState, sec: HeldSecret, seat: int | None) -> dict:
    e = EVENT_BY_ID[sec["id"]]
    flipped = "back:" + e.id in private(state, seat)
    record = event_front(e.id, flipped)
    record.update({"mark": e.mark, "hidden": e.hidden, "discovered": e.discovered_text})
    return record


def artifact_record(state: LiveOnState, art: HeldArtifact) -> dict:
    card = ARTIFACT_BY_ID[art["id"]]
    side = card.back if art["up"] and card.back else card.front
    record = {"id": card.id, "kind": card.kind, "name": side.name, "text": side.text, "unveil": len(art["time"]),
              "time": list(art["time"]), "unveiled": art["up"]}
    if card.kind == "spell":
        record["options"] = [option_record(o, False) for o in card.options]
    return record


def view(state: LiveOnState, seat: int | None) -> dict:
    return views(state, [seat])[0]


def views(state: LiveOnState, seats: Sequence[int | None]) -> list[dict]:
    """``view`` for each of ``seats``: secrets, the encounter of a secret event, foresight, the prompt and the
    log differ between viewers; the rest is worked out once and shared."""
    region = REGION_BY_ID[state["region"]]
    players = range(state["players"])
    shared = {
        "active": flow.active_seats(state),
        "region": {"id": region.id, "name": region.name, "special": region.special, "text": region.text},
        "zones": zones_view(state),
        "buildings": [{"id": b.id, "name": b.name, "cost": b.cost, "have": state["buildings"][b.id],
                       "built": flow.built(state, b.id), "text": b.text} for b in BUILDINGS],
        "storage": {"res": state["storage"]["res"],
                    "arts": [artifact_record(state, a) for a in state["storage"]["arts"]]},
        "decks": {d: len(state["decks"][d]) for d in DECKS} | {"artifact": len(state["art_deck"])},
        "discards": {d: len(state["discard"][d]) for d in DECKS} | {"artifact": len(state["art_discard"])},
        "secret_marks": list(SECRET_BY_MARK),
        "ask": ask_view(state),
        "outcome": flow.outcome(state),
    }
    bases = [_seat_base(state, s) for s in players]
    open_encounter = _open_encounter(state)
    return [{
        "game": "live_on",
        "phase": state["phase"],
        "round": state["round"],
        "round_limit": WINTER_ROUND[state["players"]],
        "players": state["players"],
        "viewer": seat,
        "active": shared["active"],
        "region": shared["region"],
        "zones": shared["zones"],
        "buildings": shared["buildings"],
        "built": flow.built_count(state),
        "storage": shared["storage"],
        "plans_token": flow.built(state, "plans") and not state["plans_used"],
        "seats": [_with_secrets(state, bases[s], s, seat) for s in players],
        "encounter": _encounter_for(state, open_encounter, seat),
        "decks": shared["decks"],
        "discards": shared["discards"],
        "foresight": foresight_view(state, seat),
        "food_need": flow.food_need(state),
        "secret_marks": shared["secret_marks"],
        "ask": shared["ask"],
        "prompt": w.prompt(state, seat),
        "closed": closed.reasons(state, seat),
        "outcome": shared["outcome"],
        "changed": state.get("changed"),
        "log": [line["text"] for line in state["log"] if line["to"] is None or seat in line["to"]],
        "since": since_last_move(state, seat),
        "settling_ahead": settling_ahead(state, seat),
    } for seat in seats]


def settling_ahead(state: LiveOnState, seat: int | None) -> bool:
    """Whether ``seat`` rests this round while another player settles, and so will be asked to settle too (the
    settling group is everyone at camp) once the camp acts: the board says so before that decision comes."""
    if seat is None or state["phase"] != "action" or state["seats"][seat]["zone"] != "rest":
        return False
    if not any(pl["zone"] == "settle" for pl in state["seats"]):
        return False
    ask = state["ask"] or {}
    if ask.get("kind") == "zones":
        return True
    return any(t["t"] in ("actions", "act") and t.get("key", "camp") == "camp"
               or t["t"] == "ask" and t["ask"].get("purpose") == "settle" and t["ask"].get("seat") == seat
               for t in state["tasks"])


def since_last_move(state: LiveOnState, seat: int | None) -> list[str]:
    """The viewer's log lines from their own last move on (its line first), at most the last four, newest last:
    the board's "What just happened". Empty for an onlooker or before the viewer has moved."""
    start = None if seat is None else state.get("moved_at", {}).get(str(seat))
    if start is None:
        return []
    return [line["text"] for line in state["log"][start:] if line["to"] is None or seat in line["to"]][-4:]


def zones_view(state: LiveOnState) -> list[dict]:
    out = []
    for zone in ZONE_ORDER:
        action = zone_action(state["region"], zone)
        record: dict[str, Any] = {"zone": zone, "label": w.zone_label(state, zone), "action": action,
                                  "presence": state["presence"][zone],
                                  "here": [s for s, pl in enumerate(state["seats"]) if pl["zone"] == zone],
                                  "scouted": state["scouted"].get(flow.camp_key(zone)),
                                  "scouted_next": state["scouted_next"].get(flow.camp_key(zone))}
        if zone in SPOTS:
            stack = state["spots"][zone]
            record["value"] = None
            record["stack"] = []
            for i, entry in enumerate(stack):
                card = event_front(entry["id"], entry["id"] in state["backs"])
                card.update({"time": list(entry["time"]), "top": i == len(stack) - 1})
                record["stack"].append(card)
        else:
            record["value"] = flow.zone_value(state, zone)
        out.append(record)
    return out


def _seat_base(state: LiveOnState, s: int) -> dict:
    """A seat's record as everyone sees it, less its secrets."""
    pl = state["seats"][s]
    past_id, gift_id = pl["past"], pl["gift"]
    record: dict = {"seat": s, "zone": pl["zone"], "res": pl["res"], "called": pl["called"],
                    "zone_label": w.zone_label(state, pl["zone"]) if pl["zone"] else None,
                    "secret_count": len(pl["secrets"]), "arts": [artifact_record(state, a) for a in pl["arts"]]}
    if past_id is not None and gift_id is not None and state["phase"] != flow.SETUP:
        past, gift = ROLE_BY_ID[past_id], ROLE_BY_ID[gift_id]
        record.update({
            "past": {"id": past.id, "name": past.name, "trait": past.trait, "ability": past.ability},
            "gift": {"id": gift.id, "name": gift.name, "trait": gift.trait, "ability": gift.ability},
            "character": w.character(past, gift),
            "traits": [{"trait": t, "color": TRAIT_COLORS[t], "have": pl["traits"][t], "slots": flow.cap(state, s, t)}
                       for t in TRAITS],
            "health": flow.health(state, s), "morale": flow.morale(state, s), "hopeless": flow.hopeless(state, s),
            "res_cap": flow.res_cap(state, s),
        })
    else:
        chosen = pl.get("picked")
        record.update({"past": None, "gift": None, "character": None, "traits": [], "health": None,
                       "morale": None, "hopeless": False, "res_cap": 5,
                       "chose": ROLE_BY_ID[chosen].name if chosen else None})
    return record


def _with_secrets(state: LiveOnState, base: dict, s: int, viewer: int | None) -> dict:
    """``base`` (``_seat_base``) with the secrets of seat ``s`` this viewer knows."""
    visible = [sec for sec in state["seats"][s]["secrets"]
               if viewer is not None and (viewer == s or viewer in sec["known"])]
    return {**base, "secrets": [secret_record(state, sec, viewer) for sec in visible]}


def _encounter_for(state: LiveOnState, shown: dict | None, seat: int | None) -> dict | None:
    """The encounter as ``seat`` sees it, given ``shown`` (``_open_encounter``): a secret event only to those it
    is shown to."""
    enc = state["enc"]
    if enc is None:
        return None
    if enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind == "secret":
        if seat not in flow.secret_viewers(state, enc["card"]):
            return {"secret": True, "seats": list(enc["seats"])}
    return shown


def _open_encounter(state: LiveOnState) -> dict | None:
    """The encounter as those who may see its card see it."""
    enc = state["enc"]
    if enc is None:
        return None
    flipped = enc["flipped"]
    if enc["src"] == "artifact":
        card = ARTIFACT_BY_ID[enc["card"]]
        front = {"id": card.id, "name": card.name, "deck": "artifact", "kind": "spell", "duration": 0, "aura": [],
                 "options": [option_record(o, flipped) for o in card.options],
                 "back": card.spell_back if flipped else None}
    else:
        front = event_front(enc["card"], flipped)
    players = []
    for s in enc["seats"]:
        pick = enc["picks"].get(str(s))
        rolls = enc["rolls"].get(str(s))
        players.append({"seat": s, "option": pick, "rolls": rolls,
                        "successes": flow.successes(rolls) if rolls is not None else None,
                        "succeeded": flow.succeeded(state, s) if flipped and rolls is not None else None,
                        "protected": s in enc["protected"]})
    return {"secret": False, "card": front, "ctx": enc["ctx"], "flipped": flipped, "players": players}


def foresight_view(state: LiveOnState, seat: int | None) -> dict | None:
    if seat is None:
        return None
    fs = state["foresight"].get(str(seat))
    if not fs or fs["round"] != state["round"]:
        return None
    names = [ARTIFACT_BY_ID[c].name if fs["deck"] == "artifact"
             else w.UNNAMED_SECRET if EVENT_BY_ID[c].kind == "secret" else EVENT_BY_ID[c].name for c in fs["cards"]]
    return {"deck": fs["deck"], "cards": names}


def ask_view(state: LiveOnState) -> dict | None:
    ask = state["ask"]
    if ask is None:
        return None
    return {"kind": ask["kind"], "seat": ask.get("seat"), "seats": flow.active_seats(state)}


def hidden_from(state: LiveOnState, seat: int | None) -> set[str]:
    hidden = {str(state["rng"])}
    mine = set(private(state, seat))
    seen = set(state["seen"])
    backs = set(state["backs"])
    for e in EVENTS:
        if e.kind == "secret":
            public = e.id in seen
            if not public and e.id not in mine:
                hidden.update((e.name, e.hidden))
            if e.id not in backs and "back:" + e.id not in mine:
                hidden.add(e.back)
            continue
        if e.id not in seen and e.id not in mine:
            hidden.add(e.name)
        if e.id not in backs:
            hidden.add(e.back)
    for a in ARTIFACTS:
        if a.id not in seen and "art:front:" + a.id not in mine:
            hidden.add(a.front.name)
        if "art:" + a.id not in backs:
            if a.back:
                hidden.update((a.back.name, a.back.text))
            if a.spell_back:
                hidden.add(a.spell_back)
    return hidden


def unseen(state: LiveOnState, seat: int | None) -> frozenset[str]:
    """What this viewer cannot see now (``Rules.unseen``), named as the game's own records name it: an event's
    front (its id) and back (``back:`` id), an artifact's front (``art:front:`` id) and back (``art:`` id). A
    front is seen once shown to everyone (``seen``) or to this viewer (``private``), unless its card lies in a deck
    again, where only this round's augury shows it; a back once turned for everyone (``backs``) or this viewer."""
    known = set(state["seen"]) | set(private(state, seat))
    backs = set(state["backs"])
    look = state["foresight"].get(str(seat)) if seat is not None else None
    foreseen = set(look["cards"]) if look and look["round"] == state["round"] else set()
    buried = {card for deck in state["decks"].values() for card in deck} | set(state["art_deck"])
    buried -= foreseen
    hidden = {card for card in _EVENT_IDS if card not in known or card in buried}
    hidden.update(back for card, back in _EVENT_BACKS if card not in backs and back not in known)
    hidden.update(front for card, front, _ in _ARTIFACT_SIDES
                  if (card not in known and front not in known) or card in buried)
    hidden.update(back for _, _, back in _ARTIFACT_SIDES if back not in backs)
    return frozenset(hidden)


# The names ``unseen`` gives each card's sides, worked out once.
_EVENT_IDS = tuple(e.id for e in EVENTS)
_EVENT_BACKS = tuple((e.id, "back:" + e.id) for e in EVENTS)
_ARTIFACT_SIDES = tuple((a.id, "art:front:" + a.id, "art:" + a.id) for a in ARTIFACTS)


def secret_encounter(state: LiveOnState) -> bool:
    """Whether an encounter with a secret event is open: a card only its holder and those who read it see."""
    enc = state["enc"]
    return enc is not None and enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind == "secret"

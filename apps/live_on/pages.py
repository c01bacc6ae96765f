"""Data for Live On's rules page: ``rules_context()`` feeds live_on/rules.html with the whole designed content."""

from __future__ import annotations

from . import wording as w
from .content import (
    ARTIFACTS,
    BUILDINGS,
    DECKS,
    EVENT_DIE,
    EVENTS,
    GIFTS,
    MAX_ARTIFACTS,
    PASTS,
    REGIONS,
    RESOURCE_SLOTS,
    STARTING_RESOURCES,
    TRAIT_COLORS,
    TRAITS,
    WINTER_ROUND,
    ZONE_ORDER,
    zone_action,
)


def option_rows(options) -> list[dict]:
    return [{"trait": o.trait, "color": TRAIT_COLORS[o.trait], "diamonds": o.diamonds,
             "success": w.effect_text(o.success), "failure": w.effect_text(o.failure)} for o in options]


def role_row(role) -> dict:
    return {"id": role.id, "name": role.name, "trait": role.trait, "color": TRAIT_COLORS[role.trait],
            "slots": [{"trait": t, "count": n} for t, n in zip(TRAITS, role.slots, strict=True)],
            "ability": role.ability, "text": role.text}


def region_row(region) -> dict:
    zones = []
    for zone in ZONE_ORDER:
        action = zone_action(region.id, zone)
        if action == "visit":
            name = region.spots[int(zone[-1]) - 1]
            zones.append({"zone": zone, "label": f"Regional event spot {zone[-1]}: {name}", "value": None})
        else:
            zones.append({"zone": zone, "label": action, "value": region.values[zone]})
    return {"id": region.id, "name": region.name, "special": region.special, "text": region.text, "zones": zones}


def event_row(e) -> dict:
    return {"id": e.id, "name": e.name, "deck": e.deck, "kind": e.kind, "duration": e.duration,
            "aura": list(e.aura), "options": option_rows(e.options), "back": e.back, "mark": e.mark,
            "hidden": e.hidden, "discovered": e.discovered_text, "reveal": e.reveal_text}


def artifact_row(a) -> dict:
    return {"id": a.id, "kind": a.kind, "name": a.front.name, "text": a.front.text, "unveil": a.unveil,
            "back_name": a.back.name if a.back else "", "back_text": a.back.text if a.back else "",
            "options": option_rows(a.options), "spell_back": a.spell_back}


def rules_context() -> dict:
    return {
        "traits": [{"trait": t, "color": TRAIT_COLORS[t]} for t in TRAITS],
        "pasts": [role_row(r) for r in PASTS],
        "gifts": [role_row(r) for r in GIFTS],
        "regions": [region_row(r) for r in REGIONS],
        "event_die": list(EVENT_DIE),
        "decks": [{"deck": d, "cards": [event_row(e) for e in EVENTS if e.deck == d and e.kind != "secret"]}
                  for d in DECKS],
        "secrets": [event_row(e) for e in EVENTS if e.kind == "secret"],
        "artifacts": [artifact_row(a) for a in ARTIFACTS],
        "buildings": [{"id": b.id, "name": b.name, "cost": b.cost, "text": b.text} for b in BUILDINGS],
        "winter": [{"players": n, "round": r} for n, r in sorted(WINTER_ROUND.items())],
        "resource_slots": RESOURCE_SLOTS,
        "starting_resources": STARTING_RESOURCES,
        "max_artifacts": MAX_ARTIFACTS,
    }

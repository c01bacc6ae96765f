"""Data for Live On's rules page and board: ``rules_context()`` feeds live_on/rules.html with the whole designed
content; ``TERMS`` are the board's words explained on tap, each in passages quoted from that rules page."""

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
    ROLE_BRIEFS,
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
    return {"id": role.id, "name": role.name, "kind": role.kind, "trait": role.trait,
            "color": TRAIT_COLORS[role.trait],
            "slots": [{"trait": t, "count": n} for t, n in zip(TRAITS, role.slots, strict=True)],
            "ability": role.ability, "brief": ROLE_BRIEFS[role.id], "text": role.text}


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


# What the board says ahead to a player resting while another settles (they are asked to settle too, after resting),
# in the rules page's words (a test holds it to rules.html).
SETTLING_AHEAD = ("the players resting at camp are in the settling group. Each of them may spend active tokens for "
                  "extra settling dice too")

# The board's terms, each explained by passages copied word for word from rules.html (a test holds them to it).
TERMS = (
    ("prep", "Prep phase", ("Every secret is encountered by its holder. Then players may cast spells.",)),
    ("action", "Action phase", (
        "Everyone chooses a zone at the same time and sees the others' choices as they are made.",
        "Afterwards each player puts a presence token on their zone.")),
    ("event", "Event phase", (
        "Each group rolls one die; on the number of presence tokens of its zone or less, the tokens are removed and "
        "an event occurs: the event die says which deck, a random player of the group draws.",)),
    ("keeping", "Keeping phase", (
        "The band eats half its number of resource tokens, rounded down, and each group must eat at least one (a "
        "lone player eats one); each player of a group that ate nothing loses 1 health and 1 morale, and if the band "
        "ate less than its total, every player does. Then the time die is rolled: artifacts whose time token shows "
        "the number are unveiled, and duration events whose time token does not show it pass.",)),
    ("value", "Success value", (
        "each player rolls a die and succeeds on the zone's value or less",
        "Phenomena and spirits with an aura change a zone's success value while they are on the board.")),
    ("presence", "Presence tokens", (
        "Afterwards each player puts a presence token on their zone.",
        "Each group rolls one die; on the number of presence tokens of its zone or less, the tokens are removed and "
        "an event occurs")),
    ("camp", "The camp", (
        "Resting and settling players are at camp: one group, and one presence roll against the tokens of both "
        "zones.",)),
    ("spots", "Regional event spots", (
        "Regional events are encountered when drawn and then placed: locations in the first vacant spot; spirits and "
        "phenomena on the spot the group was visiting, otherwise on the first spot with no spirit or phenomenon on "
        "top.",)),
    ("encounter", "Options, diamonds and dice", (
        "Each encountering player chooses one of three options, rolls one die plus one per token spent of the "
        "option's trait, and counts rolls of 4 or less. When everyone has rolled, the card is flipped: a player "
        "with at least as many successes as the option's diamonds succeeded. Outcomes are per player.",)),
    ("traits", "Traits, health and morale", (
        "Health is strong + active + keen tokens; morale is wise + communing + caring tokens.",)),
    ("hopeless", "Hopeless", (
        "Hopeless players (no morale) gain no trait or resource tokens from their own actions or event choices; "
        "tokens given by others (tending, trading) still arrive.",)),
    ("resources", "Resource tokens", (
        "The band eats half its number of resource tokens, rounded down, and each group must eat at least one",)),
    ("secrets", "Secrets", (
        "Six secret cards are shuffled into the decks. Each carries a mark (Secret I to Secret VI) used to call it "
        "out.",
        "While choosing zones, a player may once per round call out another player who holds a secret, naming the "
        "secret card they believe it is by its mark.")),
    ("time", "Time tokens", (
        "An artifact with an unveil number gets a time token with that many numbers, and flips to its back when "
        "the time die shows one of them.",
        "Time tokens: a token of n numbers holds the numbers 1 to n.")),
    ("artifacts", "Artifacts", (
        f"A player carries at most {MAX_ARTIFACTS} artifacts. A tool works while carried; a spell is cast in the prep "
        "phase and played out like an event, then discarded.",)),
    ("winter", "Winter", (
        "The band wins the moment all six buildings stand. The band loses the moment any player's health reaches "
        "zero.",)),
)

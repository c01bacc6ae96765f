"""The English of Live On: move labels, effect texts, refusals. Seats are written ``{p0}``, ``{p1}``..."""

from __future__ import annotations

from apps.matches.seating import name_seats  # noqa: F401  (re-exported for the game)

from . import flow
from .content import ARTIFACT_BY_ID, BUILDING_BY_ID, EVENT_BY_ID, ROLE_BY_ID, SECRET_BY_MARK

EFFECT_NAMES = {"health": "health", "morale": "morale", "res": "resource"}


def effect_text(effects: tuple) -> str:
    """English for parsed effects: 'lose 2 health, gain 1 resource, the event is resolved'."""
    parts = []
    for name, n in effects:
        if name in ("health", "morale"):
            parts.append(f"{'gain' if n > 0 else 'lose'} {abs(n)} {name}")
        elif name == "res":
            parts.append(f"{'gain' if n > 0 else 'lose'} {abs(n)} resource{'s' if abs(n) != 1 else ''}")
        elif name == "art":
            parts.append("gain an artifact")
        elif name == "presence":
            parts.append(f"add {n} presence token{'s' if n != 1 else ''} to this zone")
        elif name == "resolve":
            parts.append("the event is resolved")
        elif name == "reveal":
            parts.append("the secret is revealed and resolved")
        elif name == "perfail":
            parts.append("lose 1 morale for each failed roll")
        else:
            parts.append(f"gain {n} {name} token{'s' if n != 1 else ''}")
    return ", ".join(parts) if parts else "nothing happens"


def zone_label(state: dict, zone: str) -> str:
    if zone == "camp":
        return "the camp"
    return flow.zone_label(state, zone)


def describe(state: dict, seat: int, move: dict) -> str:
    kind = move.get("type")
    if kind == "role":
        role = ROLE_BY_ID.get(move.get("role"))
        return f"Choose the {role.name} {role.kind} ({role.trait})" if role else "Choose a role"
    if kind == "go":
        zone = move.get("zone", "")
        if "card" in move and move["card"] in EVENT_BY_ID:
            return f"Visit {EVENT_BY_ID[move['card']].name}"
        label = zone_label(state, zone) if zone in flow.ZONE_ORDER else zone
        return f"Go to {label}"
    if kind == "call":
        return f"Call out {{p{move.get('target')}}}'s secret as {move.get('mark')}"
    if kind == "pass":
        return PASS_LABELS.get((state.get("ask") or {}).get("kind"), "Pass")
    if kind == "spend":
        plans = " (one of them from the plans)" if move.get("plans") else ""
        return f"Spend {move.get('count')} {move.get('trait')} token{'s' if move.get('count') != 1 else ''}{plans}"
    if kind == "option":
        enc = state.get("enc")
        if enc:
            i = move.get("index", 0)
            opts = flow.enc_options(enc)
            if isinstance(i, int) and 0 <= i < len(opts):
                o = opts[i]
                return f"Choose option {i + 1}: {o.trait}, {o.diamonds} diamond{'s' if o.diamonds != 1 else ''}"
        return "Choose an option"
    if kind == "cast":
        art = ARTIFACT_BY_ID.get(move.get("artifact"))
        return f"Cast {art.name}" if art else "Cast a spell"
    if kind == "invoke":
        return "Invoke your patron god: every roll counts as a 1"
    if kind == "protect":
        return f"Protect {{p{move.get('target')}}}"
    if kind == "reroll":
        return "Reroll the event die"
    if kind == "pick":
        return f"Regain a {move.get('trait')} token"
    if kind == "tend":
        return f"Tend to {{p{move.get('target')}}}"
    if kind == "scout":
        return f"Scout {zone_label(state, move.get('zone', ''))}"
    if kind == "contribute":
        b = BUILDING_BY_ID.get(move.get("building"))
        return f"Contribute a resource to the {b.name}" if b else "Contribute"
    if kind == "fund":
        return f"Pay the extra successes from {{p{move.get('seat')}}}'s resources"
    if kind == "look":
        return f"Look at the top two cards of the {move.get('deck')} deck"
    if kind == "insight":
        return f"Read {{p{move.get('target')}}} with {move.get('count')} caring token(s)"
    if kind == "give_art":
        art = ARTIFACT_BY_ID.get(move.get("artifact") or (state.get("ask") or {}).get("card"))
        return f"Give {art.name if art else 'the artifact'} to {{p{move.get('to')}}}"
    if kind == "give_res":
        return f"Give a resource to {{p{move.get('to')}}}"
    if kind == "store_res":
        return "Put a resource in the storage hut"
    if kind == "take_res":
        return "Take a resource from the storage hut"
    if kind == "store_art":
        art = ARTIFACT_BY_ID.get(move.get("artifact"))
        return f"Put {art.name if art else 'an artifact'} in the storage hut"
    if kind == "take_art":
        art = ARTIFACT_BY_ID.get(move.get("artifact"))
        return f"Take {art.name if art else 'an artifact'} from the storage hut"
    if kind == "done":
        return "Done trading"
    if kind == "refuge":
        return "Take refuge in the hall (everyone spends a token)"
    if kind == "pay":
        return f"Spend a {move.get('trait')} token for the hall"
    if kind == "eat":
        return f"Eat {move.get('count')} resource{'s' if move.get('count') != 1 else ''}"
    return str(kind)


PASS_LABELS = {
    "spell": "Cast no spell", "spend": "Spend no tokens", "mage": "Do not commune", "advise": "Do not advise",
    "invoke": "Do not invoke", "protect": "Protect no one", "whisper": "Keep the event die",
    "woken": "Regain nothing", "contribute": "Keep the resource", "augury": "Seek no augury",
    "insight": "Do not use insight", "gift_art": "Leave the artifact behind", "hall": "Face the event",
}


def why_illegal(state: dict, seat: int, move: dict, legal: list[dict]) -> str:
    kind = move.get("type")
    ask = state.get("ask") or {}
    if kind == "call":
        if state["seats"][seat]["called"]:
            return "You have already called out a secret this round."
        if move.get("mark") not in SECRET_BY_MARK:
            return f"There is no secret card marked {move.get('mark')!r}."
        return "That player holds no secret to call out, or you have no morale to risk."
    if kind == "go":
        return "You cannot go there: choose an action zone or the top event of a regional event spot."
    if kind == "role":
        return "That past or gift is not available: choose one still free."
    if kind == "spend":
        return "You cannot spend those tokens now: you do not have that many, or they are not of the trait asked for."
    if legal:
        wanted = sorted({m["type"] for m in legal})
        return f"That move is not possible now ({ask.get('kind', 'waiting')}); possible: {', '.join(wanted)}."
    return "That move is not possible now."

"""Why a piece of Live On's table is closed to a seat now: a past or gift, a zone or a covered event on a spot, a
call-out of another player's secret, a spell, an option of the event being met. The engine's refusal
(``wording.why_illegal``) and the board (``view``'s ``closed``) give the same words; "" means the seat may use it
now, exactly when the matching move is legal."""

from __future__ import annotations

from .content import ARTIFACT_BY_ID, EVENT_BY_ID, PASTS, ROLE_BY_ID, SPOTS
from .flow import active_seats, built, morale, secret_viewers
from .flow.board import enc_options, spot_name
from .state import LiveOnState


def _choosing_zones(state: LiveOnState, seat: int) -> bool:
    ask = state["ask"]
    return (ask is not None and ask["kind"] == "zones" and seat in active_seats(state)
            and not state["seats"][seat].get("owes"))


def why_not_role(state: LiveOnState, seat: int, role: str) -> str:
    """Why ``seat`` may not choose this past or gift now."""
    ask = state["ask"]
    if ask is None or ask["kind"] != "role":
        return "Pasts and gifts are chosen before the first round."
    mine = state["seats"][seat].get("picked")
    if mine:
        return f"You have chosen the {ROLE_BY_ID[mine].name}; each player chooses one card."
    kind = "past" if any(r.id == role for r in PASTS) else "gift"
    for s, pl in enumerate(state["seats"]):
        if pl.get("picked") and pl.get(kind) == role:
            return f"Taken: {{p{s}}} chose it (each card exists once)."
    return ""


def why_not_zone(state: LiveOnState, seat: int, zone: str, card: str | None = None) -> str:
    """Why ``seat`` may not go to this zone (at a spot: visit this event) now."""
    ask = state["ask"]
    if ask is None or ask["kind"] != "zones":
        return "Zones are chosen in the action phase."
    if seat not in active_seats(state):
        return "You have chosen your zone this round."
    if state["seats"][seat].get("owes"):
        return "First choose which tokens you lose."
    if zone not in SPOTS:
        return ""
    stack = [c["id"] for c in state["spots"][zone]]
    if not stack:
        return "Vacant until exploring finds a location here."
    card = card or stack[-1]
    if card not in stack:
        return "That event is not on this spot."
    fixed = state["visit_card"].get(zone)
    if fixed:
        return "" if fixed == card else f"This round the group here visits {EVENT_BY_ID[fixed].name}."
    if card == stack[-1]:
        return ""
    if not built(state, "vantage"):
        return "Covered: only a spot's top event may be visited (until the Vantage Point is built)."
    if state["vantage_spot"] not in (None, zone):
        opened = spot_name(state, state["vantage_spot"])
        return f"Covered: the Vantage Point opens one spot a round, {opened} this time."
    return ""


def why_not_call(state: LiveOnState, seat: int, target: int) -> str:
    """Why ``seat`` may not call out ``target``'s secret now."""
    if target == seat or not state["seats"][target]["secrets"]:
        return "Only another player's secret can be called out."
    if not _choosing_zones(state, seat):
        return "Secrets are called out while you choose your zone."
    if state["seats"][seat]["called"]:
        return "You have already called out a secret this round."
    if morale(state, seat) < 1:
        return "You have no morale to risk: a wrong call costs 1 morale."
    return ""


def why_not_cast(state: LiveOnState, seat: int, artifact: str) -> str:
    """Why ``seat`` may not cast this artifact now ("" for a tool: it works while carried, never cast)."""
    if ARTIFACT_BY_ID[artifact].kind != "spell":
        return ""
    if not any(a["id"] == artifact for a in state["seats"][seat]["arts"]):
        return "You do not carry that spell."
    ask = state["ask"]
    if ask is None or ask["kind"] != "spell" or ask.get("seat") != seat:
        return "Cast in the prep phase, at the start of a round."
    return ""


def why_not_option(state: LiveOnState, seat: int, index: int) -> str:
    """Why ``seat`` may not choose this option of the encounter card now."""
    enc = state["enc"]
    if enc is None or enc["flipped"]:
        return "Options are chosen when an event is met, before the card is flipped."
    if seat not in enc["seats"]:
        return f"{_names(enc['seats'])} {'meets' if len(enc['seats']) == 1 else 'meet'} this event, not you."
    mine = enc["picks"].get(str(seat))
    if mine is not None:
        return "Your choice." if mine == index else f"You chose {enc_options(enc)[mine].trait}."  # as the card names it
    ask = state["ask"]
    if ask is None or ask["kind"] != "option" or ask["seat"] != seat:
        chooser = ask["seat"] if ask is not None and ask["kind"] == "option" else None
        return f"You choose after {{p{chooser}}}." if chooser is not None else "You choose when your turn comes."
    return ""


def _names(seats: list[int]) -> str:
    names = [f"{{p{s}}}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def reasons(state: LiveOnState, seat: int | None) -> dict:
    """For the viewer, why each piece the board shows them is closed now, where a player would try it: taken pasts
    and gifts while they choose one, vacant spots, covered events and closed call-outs while they choose a zone, the
    options of an event before it is flipped (a spell's own text says when it is cast). Keys: ``roles`` by role
    id, ``zones`` by zone, ``covered`` by "zone:card", ``calls`` by target seat, ``options`` by index (strings)."""
    if seat is None or state["result"] is not None:
        return {}
    out: dict[str, dict[str, str]] = {}
    ask = state["ask"]
    if ask is not None and ask["kind"] == "role" and seat in active_seats(state):
        out["roles"] = {r: why for r in ROLE_BY_ID if (why := why_not_role(state, seat, r))}
    if _choosing_zones(state, seat):
        out["zones"] = {z: why for z in SPOTS if (why := why_not_zone(state, seat, z))}
        out["covered"] = {f"{z}:{c['id']}": why for z in SPOTS for c in state["spots"][z][:-1]
                          if (why := why_not_zone(state, seat, z, c["id"]))}
        out["calls"] = {str(t): why for t, pl in enumerate(state["seats"])
                        if t != seat and pl["secrets"] and (why := why_not_call(state, seat, t))}
    enc = state["enc"]
    if enc is not None and not enc["flipped"] and not secret_from(state, seat):
        out["options"] = {str(i): why for i in range(3) if (why := why_not_option(state, seat, i))}
    return {k: v for k, v in out.items() if v}


def secret_from(state: LiveOnState, seat: int) -> bool:
    """Whether the encounter is a secret event whose card ``seat`` does not see (its options are not shown)."""
    enc = state["enc"]
    return (enc is not None and enc["src"] == "event" and EVENT_BY_ID[enc["card"]].kind == "secret"
            and seat not in secret_viewers(state, enc["card"]))

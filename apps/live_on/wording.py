"""The English of Live On: move labels, prompts, effect texts, refusals, names. Seats are ``{p0}``, ``{p1}``..."""

from __future__ import annotations

import re
from collections.abc import Callable

from apps.matches.engine import (
    Move,
    name_seats,  # noqa: F401  (re-exported for the game)
)

from . import closed, flow
from .content import (
    ARTIFACT_BY_ID,
    BUILDING_BY_ID,
    EVENT_BY_ID,
    HEALTH_TRAITS,
    ROLE_BY_ID,
    SECRET_BY_MARK,
    ZONE_ORDER,
    Role,
)
from .flow.board import effect_text  # noqa: F401  (the flow's logs say effects too)
from .state import LiveOnState

EFFECT_NAMES = {"health": "health", "morale": "morale", "res": "resource"}
NOT_YOUR_TURN = "It is not your turn: the band is waiting for someone else's decision."
UNNAMED_SECRET = "a secret card"  # how a seer's look at a deck shows a secret it must not name


def character(past: Role, gift: Role) -> str:
    """A dealt character's name: the gift, then the past ('Chosen Soldier')."""
    return f"{gift.name} {past.name}"


def effect_short(effects: tuple) -> str:
    """The table's short words for parsed effects, under an event's option: '+1 health, −1 resource'."""
    parts = []
    for name, n in effects:
        sign = "+" if n > 0 else "−"
        if name in ("health", "morale"):
            parts.append(f"{sign}{abs(n)} {name}")
        elif name == "res":
            parts.append(f"{sign}{abs(n)} resource{'s' if abs(n) != 1 else ''}")
        elif name == "art":
            parts.append("an artifact")
        elif name == "presence":
            parts.append(f"+{n} presence here")
        elif name == "resolve":
            parts.append("event resolved")
        elif name == "reveal":
            parts.append("secret revealed")
        elif name == "perfail":
            parts.append("−1 morale per failed die")
        else:
            parts.append(f"{sign}{abs(n)} {name}")
    return ", ".join(parts) or "nothing"


def zone_label(state: LiveOnState, zone: str) -> str:
    if zone == "camp":
        return "the camp"
    return flow.zone_label(state, zone)


PASS_LABELS: dict[str, str] = {
    "spell": "Cast no spell", "spend": "Spend no tokens", "mage": "Do not commune", "advise": "Do not advise",
    "invoke": "Do not invoke", "protect": "Protect no one", "whisper": "Keep the event die",
    "woken": "Regain nothing", "contribute": "Keep the resource", "augury": "Seek no augury",
    "insight": "Do not use insight", "gift_art": "Leave the artifact behind", "hall": "Face the event",
}


def _plural(n: object, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _role(state: LiveOnState, move: Move) -> str:
    role = ROLE_BY_ID.get(move.get("role") or "")
    return f"Choose the {role.name} {role.kind} ({role.trait})" if role else "Choose a role"


def _go(state: LiveOnState, move: Move) -> str:
    zone = move.get("zone", "")
    if "card" in move and move["card"] in EVENT_BY_ID:
        return f"Visit {EVENT_BY_ID[move['card']].name}"
    label = zone_label(state, zone) if zone in ZONE_ORDER else zone
    return f"Go to {label}"


LAST_HEALTH = "your last health: you die and the band loses"


def _last_health(state: LiveOnState, move: Move) -> str:
    seat = (state["ask"] or {}).get("seat")
    if isinstance(seat, int) and flow.spends_last_health(flow.health(state, seat), move):
        return f" ({LAST_HEALTH})"
    return ""


def _spend(state: LiveOnState, move: Move) -> str:
    token = f"{move.get('trait')} token"
    if move.get("plans"):  # the band's plans token is one of the dice, and costs the spender nothing
        own = (move.get("count") or 1) - 1
        if not own:
            return f"Use the plans token as {'an' if token[0] in 'aeiou' else 'a'} {token}: 1 free die"
        return f"Spend {_plural(own, token)} and the plans token{_last_health(state, move)}"
    return f"Spend {_plural(move.get('count'), token)}{_last_health(state, move)}"


def _option(state: LiveOnState, move: Move) -> str:
    enc = state.get("enc")
    if enc:
        i = move.get("index", 0)
        opts = flow.enc_options(enc)
        if isinstance(i, int) and 0 <= i < len(opts):
            o = opts[i]
            return f"Choose option {i + 1}: {o.trait}, {_plural(o.diamonds, 'diamond')}"
    return "Choose an option"


def _artifact(move_artifact: str | None, known: str, unknown: str) -> str:
    art = ARTIFACT_BY_ID.get(move_artifact or "")
    return known.format(art.name) if art else unknown


def _contribute(state: LiveOnState, move: Move) -> str:
    b = BUILDING_BY_ID.get(move.get("building") or "")
    return f"Contribute a resource to the {b.name}" if b else "Contribute"


def _give_art(state: LiveOnState, move: Move) -> str:
    art = ARTIFACT_BY_ID.get(move.get("artifact") or (state["ask"] or {}).get("card") or "")
    return f"Give {art.name if art else 'the artifact'} to {{p{move.get('to')}}}"


# A label for each move type: a function of (state, move), or a template filled from the move's fields.
DESCRIBE: dict[str, Callable[[LiveOnState, Move], str] | str] = {
    "role": _role,
    "go": _go,
    "call": "Call out {{p{target}}}'s secret as {mark}",
    "pass": lambda state, move: PASS_LABELS.get((state["ask"] or {}).get("kind") or "", "Pass"),
    "spend": _spend,
    "option": _option,
    "cast": lambda state, move: _artifact(move.get("artifact"), "Cast {}", "Cast a spell"),
    "invoke": "Invoke your patron god: every roll counts as a 1",
    "protect": "Protect {{p{target}}}",
    "reroll": "Reroll the event die",
    "pick": "Regain a {trait} token",
    "tend": "Tend to {{p{target}}}",
    "scout": lambda state, move: f"Scout {zone_label(state, move.get('zone', ''))}",
    "contribute": _contribute,
    "fund": "Pay the extra successes from {{p{seat}}}'s resources",
    "look": "Look at the top two cards of the {deck} deck",
    "insight": "Read {{p{target}}} with {count} caring token(s)",
    "give_art": _give_art,
    "give_res": "Give a resource to {{p{to}}}",
    "store_res": "Put a resource in the storage hut",
    "take_res": "Take a resource from the storage hut",
    "store_art": lambda state, move: _artifact(move.get("artifact"), "Put {} in the storage hut",
                                               "Put an artifact in the storage hut"),
    "take_art": lambda state, move: _artifact(move.get("artifact"), "Take {} from the storage hut",
                                              "Take an artifact from the storage hut"),
    "done": "Done trading",
    "refuge": "Take refuge in the hall (everyone spends a token)",
    "pay": lambda state, move: f"Spend a {move.get('trait')} token for the hall{_last_health(state, move)}",
    "eat": lambda state, move: f"Eat {_plural(move.get('count'), 'resource')}",
    "lose": lambda state, move: "Lose " + _tokens(move.get("tokens")),
}


def _tokens(tokens: object) -> str:
    if not isinstance(tokens, dict) or not tokens:
        return "no tokens"
    return " and ".join(f"{k} {t}" for t, k in tokens.items())


def describe(state: LiveOnState, seat: int, move: Move) -> str:
    kind = move.get("type")
    label = DESCRIBE.get(kind) if isinstance(kind, str) else None
    if label is None:
        return str(kind)
    if isinstance(label, str):
        return label.format_map(_Fields(move))
    return label(state, move)


class _Fields(dict):
    """A move's fields for a template; a missing field reads as None, as ``move.get`` did."""

    def __missing__(self, key: str) -> None:
        return None




def why_illegal(state: LiveOnState, seat: int, move: Move, legal: list[dict]) -> str:
    kind = move.get("type")
    ask = state.get("ask") or {}
    if kind == "call":
        if move.get("mark") not in SECRET_BY_MARK:
            return f"There is no secret card marked {move.get('mark')!r}."
        target = move.get("target")
        if isinstance(target, int) and 0 <= target < state["players"]:
            return closed.why_not_call(state, seat, target) or "That call is not possible now."
        return "Call out another player of the band."
    if kind == "go":
        zone, card = move.get("zone"), move.get("card")
        if zone in ZONE_ORDER and (card is None or card in EVENT_BY_ID):
            why = closed.why_not_zone(state, seat, zone, card)
            if why:
                return why
        return "You cannot go there: choose an action zone or the top event of a regional event spot."
    if kind == "role":
        if move.get("role") in ROLE_BY_ID:
            why = closed.why_not_role(state, seat, move["role"]) or "That past or gift is not available."
            return re.sub(r"\{p\d+\}", "another player", why)  # a refusal is shown as it is, with no seat names
        return "That past or gift is not available: choose one still free."
    if kind == "cast" and move.get("artifact") in ARTIFACT_BY_ID:
        why = closed.why_not_cast(state, seat, move["artifact"])
        if why:
            return why
    if kind == "option" and move.get("index") in range(3):
        why = closed.why_not_option(state, seat, move["index"])
        if why:
            return re.sub(r"\{p\d+\}", "another player", why)
    if kind == "spend":
        return "You cannot spend those tokens now: you do not have that many, or they are not of the trait asked for."
    if legal:
        wanted = sorted({m["type"] for m in legal})
        return f"That move is not possible now ({ask.get('kind', 'waiting')}); possible: {', '.join(wanted)}."
    return "That move is not possible now."


# A spending decision's question, by what the roll is for: each token spent is a die more, and 1 health or morale
# (the plans token's die costs nothing).
SPEND_PROMPTS = {
    "encounter": "Your roll for the event: spend {traits} tokens for extra dice ({cost}), or none.",
    "avoid": "Exploring found a {face} event: spend {traits} tokens for dice to avoid it ({cost}), or "
             "meet it.",
    "gather": "Gathering: spend {traits} tokens for extra dice ({cost}), or none.",
    "scout": "Scouting: spend {traits} tokens for extra dice ({cost}), or none.",
    "cave": "The cave: spend {traits} tokens for extra dice ({cost}), or none.",
    "settle": "Settling: spend {traits} tokens for extra dice ({cost}), or none.",
    "rest": "Resting: spend {traits} tokens to tend to the others at camp ({cost}), or none.",
}

ASK_PROMPTS = {
    "spell": "Cast a spell, or cast none.",
    "spend": "Spend trait tokens to roll extra dice, or spend none.",
    "mage": "Commune with communing tokens to change how many dice they roll, or not.",
    "option": "Choose one of the three options of the event.",
    "advise": "Spend wise tokens on their behalf, or not.",
    "invoke": "Invoke your patron god (every roll counts as a 1, presence tokens follow), or not.",
    "protect": "Protect another player from this spirit, or no one.",
    "whisper": "Reroll the event die once, or keep it.",
    "pick": "Choose a trait token to regain.",
    "woken": "Regain a token in one of your core traits.",
    "tend": "Choose whom your caring success tends to.",
    "scout": "Choose a zone to scout for next round.",
    "contribute": "Contribute a resource to a building, or keep it.",
    "funder": "Choose whose resources pay for the extra settling successes.",
    "augury": "Spend communing tokens to seek an augury, or not.",
    "augury_deck": "Choose a deck to look into.",
    "insight": "Use your insight on a group member with a secret, or not.",
    "gift_art": "You carry three artifacts: give this one to someone in your group, or leave it.",
    "hall": "Take refuge in the hall (everyone at camp spends a token) or face the event.",
    "hall_pay": "Spend a trait token of your choice for the hall.",
    "eat": "Eat: spend resource tokens for the band's food.",
    "trade": "Trade resources and artifacts with the others at rest, or be done.",
    "lose": "Choose which tokens you lose.",
}

# The question as the other seats and spectators read it after "{pN} is deciding:", where the decider's own
# wording says "you" or "your".
ONLOOKER_PROMPTS = {
    "invoke": "Invoke their patron god (every roll counts as a 1, presence tokens follow), or not.",
    "woken": "Regain a token in one of their core traits.",
    "tend": "Choose whom their caring success tends to.",
    "insight": "Use their insight on a group member with a secret, or not.",
    "gift_art": "They carry three artifacts: give this one to someone in their group, or leave it.",
    "hall_pay": "Spend a trait token of their choice for the hall.",
}


def prompt(state: LiveOnState, seat: int | None) -> str:
    """The line above the board: the question for a seat that must answer, what the table waits for otherwise
    (``seat`` None: the spectator's line, which is also ``pending``'s prompt)."""
    result = state["result"]
    if result is not None:
        return result["reason"]
    ask = state["ask"]
    active = flow.active_seats(state)
    if ask is None:
        return ""
    if ask["kind"] == "role":
        if seat in active:
            return "Choose a past or a gift; the other half of your character is dealt at random."
        return "The players are choosing their pasts and gifts."
    if ask["kind"] == "zones":
        owes = state["seats"][seat].get("owes") if seat is not None else None
        if seat in active and owes:
            return f"You lose {owes[0]['n']} {owes[0]['pool']}: choose which tokens go, then choose your zone."
        if seat in active:
            return "Choose the zone you go to this round (you see the others' choices as they make them)."
        waiting = ", ".join(f"{{p{s}}}" for s in active)
        return f"Waiting for {waiting} to choose a zone."
    if ask["kind"] == "lose":
        if seat in active:
            return f"You lose {ask['n']} {ask['pool']}: choose which tokens go (the first choice is the usual one)."
        return f"{{p{ask['seat']}}} is choosing which tokens to lose."
    if seat in active and ask["kind"] == "spend":  # the spender is told what the roll is for and what it costs
        cost = "1 " + " or ".join(sorted({"health" if t in HEALTH_TRAITS else "morale" for t in ask["traits"]}))
        if any(m.get("plans") for m in flow.legal_moves(state, seat)):  # the band's free die, once a round
            cost = f"each of yours costs {cost}; the band's plans token adds one die for free"
        else:
            cost = f"each costs {cost}"
        return SPEND_PROMPTS[ask["purpose"]].format(traits=" or ".join(ask["traits"]), face=state.get("face"),
                                                    cost=cost)
    if seat in active:
        return ASK_PROMPTS[ask["kind"]]
    question = ONLOOKER_PROMPTS.get(ask["kind"], ASK_PROMPTS[ask["kind"]])
    return f"{{p{ask['seat']}}} is deciding: {question.lower()}"

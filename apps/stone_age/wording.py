"""The English of Stone Age: move labels, card and building texts, seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``, ``{p1}``, ...
and the site (or the ``seat_names`` filter) puts the display names in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from apps.matches.engine import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import (
    BUILDING_BY_ID,
    CARD_BY_ID,
    CULTURE_LABELS,
    DICE_FOR_ALL_FACES,
    FEEDING_PENALTY,
    PLACE_BY_ID,
    PROFESSION_ELEMENT,
    PROFESSION_LABELS,
    RESOURCE_LABELS,
    RESOURCES,
    TOP_LABELS,
)
from .state import DecisionFacts


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    if word == "person":
        return f"{count} people"
    return f"{count} {word}s" if word not in ("wood", "clay", "stone", "gold", "food") else f"{count} {word}"


def join_words(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def resources_phrase(amounts: dict[str, int]) -> str:
    parts = [f"{amounts[r]} {r}" for r in RESOURCES if amounts.get(r)]
    return join_words(parts) if parts else "nothing"


def place_label(place_id: str) -> str:
    return PLACE_BY_ID[place_id].label


def face_reward(face: int) -> str:
    reward = DICE_FOR_ALL_FACES[face]
    if reward in RESOURCE_LABELS:
        return f"1 {reward}"
    return "+1 tool" if reward == "tool" else "+1 agriculture"


def top_text(card_id: str) -> str:
    """What the upper section of a card does, in a few words."""
    card = CARD_BY_ID[card_id]
    top = card.top
    if top == "food":
        return f"Take {card.amount} food"
    if top == "resource":
        return f"Take {card.amount} {card.resource}"
    if top == "points":
        return f"Score {card.amount} points"
    if top == "agriculture":
        return "+1 agriculture"
    if top == "tool":
        return "+1 tool"
    if top == "roll":
        return f"Roll 2 dice for {card.resource} (tools allowed)"
    if top == "one_use_tool":
        return f"Single-use tool +{card.amount}"
    if top == "two_resources":
        return "2 resources of your choice, any time"
    if top == "extra_card":
        return "Extra face-down card for final scoring"
    return "All players take a reward (dice, no tools)"


def bottom_text(card_id: str) -> str:
    card = CARD_BY_ID[card_id]
    if card.culture:
        return CULTURE_LABELS[card.culture]
    return f"{card.count} x {PROFESSION_LABELS[card.profession]}"


def card_text(card_id: str) -> str:
    card = CARD_BY_ID[card_id]
    return f"{TOP_LABELS[card.top]}: {top_text(card_id)} / {bottom_text(card_id)}"


def building_cost_text(building_id: str) -> str:
    b = BUILDING_BY_ID[building_id]
    if b.kind == "fixed":
        return resources_phrase(b.cost_dict)
    if b.kind == "kinds":
        if b.kinds == 1:
            return f"{b.count} resources, all of one kind"
        return f"{b.count} resources of {b.kinds} different kinds"
    return "1 to 7 resources of any kinds"


def building_points_text(building_id: str) -> str:
    b = BUILDING_BY_ID[building_id]
    return f"{b.points} points" if b.kind == "fixed" else "value of what you pay"


def building_text(building_id: str) -> str:
    return f"{building_cost_text(building_id)} for {building_points_text(building_id)}"


def _place_words(move: dict, context: dict) -> str:
    where = move["where"]
    if where == "hut":
        return "Place 2 people in the Hut"
    if context.get("single"):
        return f"Place a person: {place_label(where)}"
    return f"Place people: {place_label(where)}"


def _tool_card_words(move: dict, context: dict) -> str:
    card = CARD_BY_ID.get(move["card"])
    return f"Add single-use tool +{card.amount if card else '?'}"


def _take_words(move: dict, context: dict) -> str:
    if "total" not in context:
        return "Take the result"
    return f"Take {context['amount']} {context['yields']} (total {context['total']})"


def _build_words(move: dict, context: dict) -> str:
    return "Build" + (f" for {context['build_points']} points" if "build_points" in context else "")


# A button label per move type, from the move and the facts of the decision (``engine._label_context``).
MOVE_LABELS: dict[str, Callable[[dict, dict], str]] = {
    "place": _place_words,
    "count": lambda m, c: f"Place {plural(m['n'], 'person')}",
    "cancel": lambda m, c: "Choose another place",
    "resolve": lambda m, c: f"Use {place_label(m['where'])}",
    "tool": lambda m, c: f"Add tool +{c.get('tile_values', {}).get(m['tile'], '?')}",
    "tool_card": _tool_card_words,
    "take": _take_words,
    "pay": lambda m, c: f"Pay 1 {m['resource']}",
    "build": _build_words,
    "decline": lambda m, c: "Decline (take the person back)",
    "two_resources": lambda m, c: "Use card: take 2 resources of your choice",
    "choose": lambda m, c: f"Take 1 {m['resource']}",
    "feed": lambda m, c: f"Feed with 1 {m['resource']}",
    "starve": lambda m, c: f"Lose 10 points instead (short by {c.get('missing', '?')})",
    "pick_die": lambda m, c: f"Take die {m['face']}: {face_reward(m['face'])}",
}


def describe(move: dict, context: dict) -> str:
    """A short button label for a well-formed move. ``context`` holds the pending decision facts."""
    words = MOVE_LABELS.get(move["type"])
    return words(move, context) if words else move["type"]


# --- The decision awaited, as anyone at the table may read it -----------------------------------------

PENDING_PROMPTS: dict[str, Callable[[DecisionFacts], str]] = {
    "place": lambda f: f"Where does {seat_token(f['seat'])} place people ({f['free']} left)?",
    "action": lambda f: f"Which of their places does {seat_token(f['seat'])} use next?",
    "count": lambda f: f"How many people does {seat_token(f['seat'])} place on {place_label(f['where'])}?",
    "tools": lambda f: (f"Does {seat_token(f['seat'])} add tools to the roll of {f['total']} at {f['label']}, "
                        f"or take {f['amount']} {f['yields']}?"),
    "pay": lambda f: (f"How does {seat_token(f['seat'])} pay for the {_bought(f)} on {place_label(f['where'])}, "
                      f"or do they decline it?"),
    "feed": lambda f: (f"{seat_token(f['seat'])} is {f['still']} food short: "
                       f"feed with resources, or lose {FEEDING_PENALTY} points?"),
    "pick_die": lambda f: f"Which die does {seat_token(f['seat'])} take, and its reward?",
    "choose": lambda f: f"Which resource does {seat_token(f['seat'])} take ({f['left']} left)?",
}


def _bought(facts: DecisionFacts) -> str:
    return "card" if facts["what"] == "card" else "building"


def pending_prompt(facts: DecisionFacts) -> str:
    """The question of a decision (``flow.decision``'s facts), the same for every reader: no hidden fact."""
    return PENDING_PROMPTS[facts["kind"]](facts)


# --- The prompt of a view: to the seat that decides, and to everyone else ----------------------------

def _who(facts: DecisionFacts) -> str:
    return seat_token(facts["seat"])


TURN_PROMPTS: dict[str, tuple[Callable[[DecisionFacts], str], Callable[[DecisionFacts], str]]] = {
    "place": (lambda f: f"Place people ({f['free']} left): choose a place.",
              lambda f: f"{_who(f)} is placing people."),
    "action": (lambda f: "Use your places, in any order you like.",
               lambda f: f"{_who(f)} is using their places."),
    "count": (lambda f: f"How many people on {place_label(f['where'])}?",
              lambda f: f"{_who(f)} is placing people."),
    "tools": (lambda f: f"You rolled {f['total']}: {f['amount']} {f['yields']}. Add tools or take the result.",
              lambda f: f"{_who(f)} is choosing tools for a roll of {f['total']}."),
    "pay": (lambda f: f"Pay for the {_bought(f)} or decline it.",
            lambda f: f"{_who(f)} is paying for a {_bought(f)}."),
    "feed": (lambda f: f"You are {f['still']} food short: feed with resources or lose {FEEDING_PENALTY} points.",
             lambda f: f"{_who(f)} is short of food."),
    "pick_die": (lambda f: "Choose a die and take its reward.",
                 lambda f: f"{_who(f)} is choosing a die."),
    "choose": (lambda f: "Choose a resource to take.",
               lambda f: f"{_who(f)} is choosing resources."),
}


def turn_prompt(facts: DecisionFacts, mine: bool) -> str:
    """What a view says of the decision awaited: what to do to the seat deciding, what is awaited to others."""
    to_them, to_others = TURN_PROMPTS[facts["kind"]]
    return to_them(facts) if mine else to_others(facts)


# What the bot's own first choice goes by (bots.py), for a hint whose estimates cannot tell moves apart.
BOT_RULE = ("it grows your tribe and farming early, keeps food coming, gathers wood and better resources, builds "
            "every building you can pay for, buys cheap cards and adds tools only when they lift a roll")

GAME_END_REASONS = {"buildings": "a building stack is empty", "cards": "the card deck ran out"}


def over_prompt(end: str | None, winners: list[int]) -> str:
    why = GAME_END_REASONS["buildings" if end == "buildings" else "cards"]
    return f"The game is over ({why}). Winner: {join_words([seat_token(s) for s in winners])}."


# Why a move is refused while a decision is pending: what the decision asks for.
ASKED = {
    "count": "Choose how many people to place first.",
    "tools": "Choose the tools to add to the roll, or take the result.",
    "pay": "Pay for the card or building, or decline it.",
    "feed": "Feed your people with resources, or take the 10-point penalty.",
    "pick_die": "Choose one of the dice rolled for all players.",
    "choose": "Choose a resource to take.",
}


def end_scoring_text(end: dict) -> str:
    """The parts of a player's final scoring so far (``scoring.end_scoring``) in one line, each with its sum as
    the engine counted it: "culture 2²+1² = 5 · 2 farmers × 3 agriculture = 6 · 4 resources"."""
    parts = []
    if end["culture_sets"]:
        squares = "+".join(f"{n}²" for n in end["culture_sets"])
        parts.append(f"culture {squares} = {end['culture']}")
    for profession, part in end["by_profession"].items():
        if part["symbols"]:
            label = PROFESSION_LABELS[profession].lower() + ("s" if part["symbols"] > 1 else "")
            parts.append(f"{part['symbols']} {label} × {part['element']} {PROFESSION_ELEMENT[profession]}"
                         f" = {part['points']}")
    parts.append(plural(end["resources"], "resource"))
    return " · ".join(parts)

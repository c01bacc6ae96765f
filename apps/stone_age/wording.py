"""The English of Stone Age: move labels, card and building texts, seat placeholders.

Log lines, prompts and labels never hold a player's name: they say ``{p0}``, ``{p1}``, ...
and the site (or the ``seat_names`` filter) puts the display names in.
"""

from __future__ import annotations

from collections.abc import Sequence

from apps.matches.seating import name_seats, seat_token  # noqa: F401  (re-exported for the game)

from .content import (
    BUILDING_BY_ID,
    CARD_BY_ID,
    CULTURE_LABELS,
    DICE_FOR_ALL_FACES,
    PLACE_BY_ID,
    PROFESSION_LABELS,
    RESOURCE_LABELS,
    RESOURCES,
    TOP_LABELS,
)


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
        kinds = "1 kind" if b.kinds == 1 else f"{b.kinds} different kinds"
        return f"{b.count} resources of {kinds}"
    return "1 to 7 resources of any kinds"


def building_points_text(building_id: str) -> str:
    b = BUILDING_BY_ID[building_id]
    return f"{b.points} points" if b.kind == "fixed" else "value of what you pay"


def building_text(building_id: str) -> str:
    return f"{building_cost_text(building_id)} for {building_points_text(building_id)}"


def describe(move: dict, context: dict) -> str:
    """A short button label for a well-formed move. ``context`` holds the pending decision facts."""
    kind = move["type"]
    if kind == "place":
        where = move["where"]
        label = place_label(where)
        if where == "hut":
            return "Place 2 people in the Hut"
        if context.get("single"):
            return f"Place a person: {label}"
        return f"Place people: {label}"
    if kind == "count":
        n = move["n"]
        return f"Place {plural(n, 'person')}"
    if kind == "cancel":
        return "Choose another place"
    if kind == "resolve":
        return f"Use {place_label(move['where'])}"
    if kind == "tool":
        return f"Add tool +{context.get('tile_values', {}).get(move['tile'], '?')}"
    if kind == "tool_card":
        card = CARD_BY_ID.get(move["card"])
        return f"Add single-use tool +{card.amount if card else '?'}"
    if kind == "take":
        return f"Take {context.get('yield_text', 'the result')}"
    if kind == "pay":
        return f"Pay 1 {move['resource']}"
    if kind == "build":
        return "Build" + (f" for {context['build_points']} points" if "build_points" in context else "")
    if kind == "decline":
        return "Decline (take the person back)"
    if kind == "two_resources":
        return "Use card: take 2 resources of your choice"
    if kind == "choose":
        return f"Take 1 {move['resource']}"
    if kind == "feed":
        return f"Feed with 1 {move['resource']}"
    if kind == "starve":
        return f"Lose 10 points instead (short by {context.get('missing', '?')})"
    if kind == "pick_die":
        return f"Take die {move['face']}: {face_reward(move['face'])}"
    return kind

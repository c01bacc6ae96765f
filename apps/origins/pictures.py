"""Origins' pictures (game-icons.net, CC BY 3.0): ``PICTURES`` maps a table term (``#pic-<term>`` in
``static/civitas/pictures.svg``) to its icon, ``COVER`` draws the home page's card; ``scripts/pictures/build.py``
reads both.

The table gives a picture to each thing a turn does (``ACTIONS``: the buttons, the lit targets' list), each piece a
player keeps or the supply holds (``PIECES``: tokens, markers, tiles, the three card decks, the pawn reserve) and each
place the legend names (``PLACES``); the table's terms are prefixed ``or-``."""

from __future__ import annotations

# A move's type (``move["type"]``) and its picture; a card played (and an option it asks for) shows the card's kind;
# the way back and "take no reward" have none.
ACTIONS: dict[str, str] = {
    "select": "caveman",
    "migrate": "footprint",
    "swap": "body-swapping",
    "evolve": "dna1",
    "place": "hut",
    "tile": "stone-tablet",
    "draw3": "card-draw",
    "return": "card-discard",
    "end_turn": "hourglass",
}
# A card's colour names its kind: yellow action cards, orange permanent cards, purple objectives.
CARD_KINDS: dict[str, str] = {"yellow": "action", "orange": "permanent", "purple": "objective"}
PIECES: dict[str, str] = {
    "action": "lightning-bow",
    "permanent": "anvil",
    "objective": "scroll-unfurled",
    "hunt": "stone-spear",
    "strait": "sailboat",
    "village": "hut",
    "reserve": "caveman",
}
PLACES: dict[str, str] = {"cradle": "campfire", "bridge": "stone-bridge"}

PICTURES: dict[str, str] = {f"or-{term}": icon for term, icon in (ACTIONS | PIECES | PLACES).items()}

COVER = {"icons": ("footprint", "globe", "stone-spear"), "sky": "#1d4a5e", "ground": "#b0894f", "ink": "#f3f0e4"}

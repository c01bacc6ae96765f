"""Stone Age's pictures (game-icons.net, CC BY 3.0): ``PICTURES`` maps a table term (``#pic-<term>`` in
``static/civitas/pictures.svg``) to its icon, ``COVER`` draws the home page's card; ``scripts/pictures/build.py``
reads both. Terms are prefixed ``sa-`` so that no other game's word claims another icon: the resources and food
(drawn on every token), the places of the board, the dice, and what a civilization card shows (its upper
section's action, its culture symbol or profession)."""

from __future__ import annotations

PICTURES: dict[str, str] = {
    # Tokens: food, the four resources, a tool, agriculture, a person, points
    "sa-food": "meat",
    "sa-wood": "wood-pile",
    "sa-clay": "clay-brick",
    "sa-stone": "stone-block",
    "sa-gold": "gold-bar",
    "sa-tool": "stone-axe",
    "sa-agriculture": "wheat",
    "sa-person": "caveman",
    "sa-points": "laurel-crown",
    "sa-dice": "perspective-dice-six",
    "sa-building": "huts-village",
    # The places of the board
    "sa-hunting": "boar",
    "sa-forest": "pine-tree",
    "sa-clay_pit": "brick-pile",
    "sa-quarry": "stone-pile",
    "sa-river": "river",
    "sa-toolmaker": "stone-crafting",
    "sa-hut": "hut",
    "sa-field": "wheat",
    # A civilization card's upper section (the kinds of content.CivCard.top)
    "sa-top-dice_for_all": "dice-six-faces-six",
    "sa-top-extra_card": "stone-tablet",
    "sa-top-two_resources": "cornucopia",
    "sa-top-roll": "perspective-dice-six",
    "sa-top-points": "laurel-crown",
    "sa-top-one_use_tool": "flint-spark",
    "sa-top-food": "meat",
    "sa-top-resource": "stone-pile",
    "sa-top-tool": "stone-axe",
    "sa-top-agriculture": "wheat",
    # Culture symbols (green cards) and professions (sand cards)
    "sa-medicine": "herbs-bundle",
    "sa-art": "paint-brush",
    "sa-music": "pan-flute",
    "sa-writing": "scroll-unfurled",
    "sa-sundial": "sundial",
    "sa-pottery": "amphora",
    "sa-transport": "old-wagon",
    "sa-weaving": "spinning-wheel",
    "sa-farmer": "farmer",
    "sa-toolmaker-symbol": "stone-crafting",
    "sa-builder": "trowel",
    "sa-shaman": "totem-mask",
}

COVER = {"icons": ("stone-axe", "hut", "wheat"), "sky": "#7a3b1d", "ground": "#c58b4a", "ink": "#fbeed6"}

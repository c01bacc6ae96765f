"""Innovation's pictures (game-icons.net, CC BY 3.0): ``PICTURES`` maps a table term (``#pic-<term>`` in
``static/civitas/pictures.svg``) to its icon, ``COVER`` draws the home page's card; ``scripts/pictures/build.py``
reads both.

The six icons printed on the cards (``ICONS``) are drawn white on their colour tiles (``TILES``); a board names
each tile once (``{% innovation_pictures %}``) and its many icons point at that. The actions a tap takes and the
piles a player keeps have a picture beside their words."""

from __future__ import annotations

# Chosen for what still reads at card size (about 20 px): a crenellated tower rather than the set's round castle
# badge, a plain crown, a leaf with its veins rather than the finely cut oak leaf, a stopwatch's face rather than a
# pocket watch on its chain.
ICONS: dict[str, str] = {
    "castle": "white-tower",
    "crown": "queen-crown",
    "leaf": "linden-leaf",
    "lightbulb": "light-bulb",
    "factory": "factory",
    "clock": "stopwatch",
}
# The tile each icon is drawn on, white: the game's colour for the icon.
TILES: dict[str, str] = {
    "castle": "#6f6f6f", "crown": "#c99a12", "leaf": "#3f8a3f", "lightbulb": "#7a5aa6", "factory": "#9a4a2a",
    "clock": "#2c5f91",
}
ACTIONS: dict[str, str] = {
    "draw": "card-draw",
    "meld": "card-play",
    "achieve": "trophy",
    "dogma": "scroll-unfurled",
    "splay": "card-exchange",
    "score": "laurels",
}

PICTURES: dict[str, str] = {f"in-{term}": icon for term, icon in (ICONS | ACTIONS).items()}

COVER = {"icons": ("light-bulb", "crown", "gears"), "sky": "#27325e", "ground": "#5a6bb0", "ink": "#f1ecff"}

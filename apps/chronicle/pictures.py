"""Chronicle's pictures: the nine aspects, the four kinds of blank and the story, as game-icons.net icons (CC BY 3.0).

``PICTURES`` maps a term (the symbol ``#pic-<term>`` in ``static/civitas/pictures.svg``) to the icon it shows;
``scripts/pictures/build.py`` copies exactly these icons into the sprite. ``COVER`` draws the home page's card.
The aspects keep their colours from chronicle.css: a picture is drawn in ``currentColor``.
"""

from __future__ import annotations

PICTURES: dict[str, str] = {
    "ch-hierarchical": "crown",
    "ch-egalitarian": "scales",
    "ch-martial": "crossed-swords",
    "ch-diplomatic": "shaking-hands",
    "ch-heat": "sun",
    "ch-cold": "snowflake-2",
    "ch-water": "big-wave",
    "ch-benevolent": "heart-plus",
    "ch-vengeful": "focused-lightning",
    "ch-animal": "paw-print",
    "ch-object": "swap-bag",
    "ch-action": "sprint",
    "ch-place": "castle",
    "ch-story": "book-cover",
}

COVER = {"icons": ("crown", "book-cover", "crossed-swords"), "sky": "#5b3a1e", "ground": "#a8793f",
         "ink": "#f6e7c1"}

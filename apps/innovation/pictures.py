"""Innovation's pictures (game-icons.net, CC BY 3.0): ``PICTURES`` maps a table term (``#pic-<term>`` in
``static/civitas/pictures.svg``) to its icon, ``COVER`` draws the home page's card; ``scripts/pictures/build.py``
reads both. The table's terms get their pictures when its templates are next edited (prefix ``in-``)."""

from __future__ import annotations

PICTURES: dict[str, str] = {}

COVER = {"icons": ("light-bulb", "crown", "gears"), "sky": "#27325e", "ground": "#5a6bb0", "ink": "#f1ecff"}

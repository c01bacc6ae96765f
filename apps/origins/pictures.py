"""Origins' pictures (game-icons.net, CC BY 3.0): ``PICTURES`` maps a table term (``#pic-<term>`` in
``static/civitas/pictures.svg``) to its icon, ``COVER`` draws the home page's card; ``scripts/pictures/build.py``
reads both. The table's terms get their pictures when its templates are next edited (prefix ``or-``)."""

from __future__ import annotations

PICTURES: dict[str, str] = {}

COVER = {"icons": ("footprint", "globe", "stone-spear"), "sky": "#1d4a5e", "ground": "#b0894f", "ink": "#f3f0e4"}

"""Live On's pictures: each term a newcomer meets at the table, named by its game-icons.net icon (CC BY 3.0).

``PICTURES`` maps a term (the symbol ``#pic-<term>`` in ``static/civitas/pictures.svg``) to the icon it shows;
``scripts/pictures/build.py`` copies exactly these icons into the sprite. ``COVER`` draws the home page's card.
Terms are prefixed ``lo-`` so that no other game's term of the same word can claim another icon.
"""

from __future__ import annotations

PICTURES: dict[str, str] = {
    # Resources and the two vitals
    "lo-resource": "wood-pile",
    "lo-health": "health-normal",
    "lo-morale": "sunrise",
    "lo-food": "berries-bowl",
    # Actions (the zones of the region board)
    "lo-gather": "fruit-bowl",
    "lo-explore": "hiking",
    "lo-scout": "binoculars",
    "lo-deepwoods": "pine-tree",
    "lo-cave": "cave-entrance",
    "lo-rest": "camping-tent",
    "lo-settle": "hammer-nails",
    # Places: the settlement's buildings
    "lo-hall": "viking-longhouse",
    "lo-storage": "barn",
    "lo-vantage": "watchtower",
    "lo-plans": "treasure-map",
    "lo-altar": "star-altar",
    "lo-hearth": "fireplace",
    # Events: one picture per deck, and each spirit its own
    "lo-spirit": "spectre",
    "lo-location": "ancient-ruins",
    "lo-occurrence": "scroll-unfurled",
    "lo-phenomenon": "lightning-storm",
    "lo-artifact": "open-treasure-chest",
    "lo-ash-wolves": "wolf-howl",
    "lo-hollow-stag": "stag-head",
    "lo-grave-lantern": "lantern-flame",
    "lo-thorn-matron": "thorny-vine",
    "lo-river-maiden": "mermaid",
    "lo-carrion-king": "raven",
    "lo-ember-sprites": "fairy",
    "lo-barrow-warden": "skeleton",
    "lo-moth-mother": "butterfly",
    "lo-stone-giant": "golem-head",
    "lo-gallows-whisper": "crow-dive",
    # Artifacts
    "lo-sickle": "sickle",
    "lo-spyglass": "spyglass",
    "lo-trowel": "trowel",
    "lo-satchel": "knapsack",
    "lo-shield": "round-shield",
    "lo-lute": "lyre",
    "lo-charm": "gem-pendant",
    "lo-compass": "compass",
    "lo-mend": "healing",
    "lo-plenty": "cornucopia",
    "lo-courage": "musical-notes",
    "lo-ward": "rune-stone",
    # Roles: the pasts and the gifts
    "lo-soldier": "swordman",
    "lo-farmer": "farmer",
    "lo-forester": "wood-axe",
    "lo-advisor": "scroll-quill",
    "lo-priest": "sun-priest",
    "lo-spouse": "family-house",
    "lo-chosen": "angel-outfit",
    "lo-woken": "awareness",
    "lo-whisperer": "bird-twitter",
    "lo-seer": "crystal-ball",
    "lo-mage": "wizard-staff",
    "lo-empath": "heart-inside",
}

# The home card's cover: three icons on the game's colours (background, ground, figures).
COVER = {"icons": ("camping-tent", "wolf-howl", "pine-tree"), "sky": "#2f4f3a", "ground": "#6f8f4e",
         "ink": "#f3ead2"}

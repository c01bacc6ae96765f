"""Chronicle's cards as data: 73 character cards, 40 fill cards and the 9 story cards.

The myth told here is the rise of one river people, from their waking under the
earth to the last keeper of their city. Every card is a plain frozen record;
the engine and the pages read them through the lookup tables at the bottom.
Text is plain ASCII without double quotes, so a card's name reads the same in
HTML, in JSON and in the leak checks of the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- Aspects (the icons) -----------------------------------------------------

ASPECTS: tuple[str, ...] = (
    "hierarchical",
    "egalitarian",
    "martial",
    "diplomatic",
    "heat",
    "cold",
    "water",
    "benevolent",
    "vengeful",
)

ASPECT_LABELS: dict[str, str] = {
    "hierarchical": "Hierarchical",
    "egalitarian": "Egalitarian",
    "martial": "Martial",
    "diplomatic": "Diplomatic",
    "heat": "Heat",
    "cold": "Cold",
    "water": "Water",
    "benevolent": "Benevolent",
    "vengeful": "Vengeful",
}

# Plain Unicode symbols (with U+FE0E, "show as text") rather than colour emoji: they are in
# common fonts, so they render everywhere, and take the aspect's colour from the stylesheet.
ASPECT_GLYPHS: dict[str, str] = {
    "hierarchical": "\u265b\ufe0e",  # crown (chess queen)
    "egalitarian": "\u2696\ufe0e",  # scales
    "martial": "\u2694\ufe0e",  # crossed swords
    "diplomatic": "\u2709\ufe0e",  # envoy's letter
    "heat": "\u2600\ufe0e",  # sun
    "cold": "\u2744\ufe0e",  # snowflake
    "water": "\u224b",  # waves
    "benevolent": "\u2665\ufe0e",  # heart
    "vengeful": "\u26a1\ufe0e",  # lightning
}

# The four kinds of fill card, which are also the four kinds of blank.
KINDS: tuple[str, ...] = ("animal", "object", "action", "place")

KIND_LABELS: dict[str, str] = {
    "animal": "Animal",
    "object": "Object",
    "action": "Action",
    "place": "Place",
}

# What each of the four building choices may be (the fourth: any aspect).
BUILD_STEPS: tuple[tuple[str, ...], ...] = (
    ("hierarchical", "egalitarian"),
    ("diplomatic", "martial"),
    ("heat", "cold", "water"),
    ASPECTS,
)

BLANK = "{blank}"


@dataclass(frozen=True)
class CharacterCard:
    id: str
    name: str
    aspect: str
    extra: tuple[str, ...] = ()

    @property
    def icons(self) -> tuple[str, ...]:
        """The top icon first, then the further icons."""
        return (self.aspect, *self.extra)


@dataclass(frozen=True)
class FillCard:
    id: str
    name: str
    kind: str
    cost: tuple[tuple[str, ...], ...]
    reward: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class StoryCard:
    number: int
    title: str
    blank: str
    text: str

    @property
    def before(self) -> str:
        return self.text.split(BLANK)[0]

    @property
    def after(self) -> str:
        return self.text.split(BLANK)[1]


def _characters(aspect: str, rows: list[tuple[str, str, tuple[str, ...]]]) -> list[CharacterCard]:
    return [CharacterCard(card_id, name, aspect, extra) for card_id, name, extra in rows]


# --- Character cards (73) ----------------------------------------------------

H, E, M, D = "hierarchical", "egalitarian", "martial", "diplomatic"
HT, C, W, B, V = "heat", "cold", "water", "benevolent", "vengeful"

CHARACTERS: tuple[CharacterCard, ...] = tuple(
    _characters(H, [
        ("sun-king", "The Sun King", (HT,)),
        ("high-priestess", "The High Priestess", (B,)),
        ("royal-scribe", "The Royal Scribe", (D,)),
        ("chief-magistrate", "The Chief Magistrate", ()),
        ("temple-steward", "The Temple Steward", ()),
        ("keeper-of-seals", "The Keeper of Seals", (C,)),
        ("warlords-heir", "The Warlord's Heir", (M, V)),
        ("oracle-queen", "The Oracle Queen", (W, D)),
        ("tax-gatherer", "The Tax Gatherer", ()),
    ])
    + _characters(E, [
        ("village-council", "The Village Council", ()),
        ("hearth-mothers", "The Hearth Mothers", (B,)),
        ("potters-guild", "The Potters' Guild", (HT,)),
        ("fisher-folk", "The Fisher Folk", (W,)),
        ("wandering-healer", "The Wandering Healer", (B, D)),
        ("harvest-circle", "The Harvest Circle", ()),
        ("free-herders", "The Free Herders", (C,)),
        ("lot-drawer", "The Lot-Drawer", ()),
        ("rebel-poet", "The Rebel Poet", (V, D)),
    ])
    + _characters(M, [
        ("spear-captain", "The Spear Captain", ()),
        ("shieldmaiden", "The Shieldmaiden", (C,)),
        ("horse-archer", "The Horse Archer", (HT,)),
        ("war-chief", "The War Chief", (H,)),
        ("bronze-smith", "The Bronze Smith", (HT, E)),
        ("watchtower-sentry", "The Watchtower Sentry", ()),
        ("grey-veteran", "The Grey Veteran", (V,)),
        ("hill-slinger", "The Slinger of the Hills", ()),
        ("marsh-raider", "The Marsh Raider", (W, V)),
    ])
    + _characters(D, [
        ("envoy", "The Envoy", ()),
        ("salt-trader", "The Salt Trader", (W,)),
        ("interpreter", "The Interpreter", ()),
        ("marriage-broker", "The Marriage Broker", (H,)),
        ("peace-weaver", "The Peace Weaver", (B,)),
        ("caravan-master", "The Caravan Master", (HT, M)),
        ("guest-friend", "The Guest-Friend", (E,)),
        ("treaty-keeper", "The Treaty Keeper", ()),
        ("amber-merchant", "The Amber Merchant", (C, W)),
    ])
    + _characters(HT, [
        ("desert-nomad", "The Desert Nomad", (E,)),
        ("fire-keeper", "The Fire Keeper", ()),
        ("sun-dancer", "The Sun Dancer", (B,)),
        ("glassblower", "The Glassblower", ()),
        ("date-farmer", "The Date Farmer", (W,)),
        ("dune-guide", "The Dune Guide", (D,)),
        ("kiln-master", "The Kiln Master", ()),
        ("ember-priest", "The Ember Priest", (H, V)),
        ("copper-miner", "The Copper Miner", (M, E)),
    ])
    + _characters(C, [
        ("ice-fisher", "The Ice Fisher", (W,)),
        ("reindeer-herder", "The Reindeer Herder", (E,)),
        ("furrier", "The Furrier", ()),
        ("snow-seer", "The Snow Seer", (H,)),
        ("mammoth-hunter", "The Mammoth Hunter", (M,)),
        ("frost-shaman", "The Frost Shaman", ()),
        ("sledge-driver", "The Sledge Driver", ()),
        ("mountain-hermit", "The Mountain Hermit", (B, W)),
        ("wolf-tamer", "The Wolf Tamer", (M, V)),
    ])
    + _characters(W, [
        ("boatwright", "The Boatwright", ()),
        ("pearl-diver", "The Pearl Diver", (HT,)),
        ("river-ferryman", "The River Ferryman", (D,)),
        ("rain-caller", "The Rain Caller", (H,)),
        ("well-digger", "The Well Digger", (E,)),
        ("net-mender", "The Net Mender", ()),
        ("tide-reader", "The Tide Reader", ()),
        ("reed-cutter", "The Reed Cutter", (E, HT)),
        ("sea-wanderer", "The Sea Wanderer", (D, C)),
    ])
    + _characters(B, [
        ("giver-of-bread", "The Giver of Bread", (E,)),
        ("merciful-judge", "The Merciful Judge", (H,)),
        ("orphans-guardian", "The Orphan's Guardian", ()),
        ("lantern-bearer", "The Lantern Bearer", (C,)),
        ("healer-of-wounds", "The Healer of Wounds", (W, D)),
    ])
    + _characters(V, [
        ("blood-avenger", "The Blood Avenger", (M,)),
        ("storm-witch", "The Storm Witch", (W, C)),
        ("widow-in-black", "The Widow in Black", ()),
        ("exile", "The Exile", (HT,)),
        ("oathbreakers-bane", "The Oathbreaker's Bane", (H,)),
    ])
)


# --- Fill cards (40) ---------------------------------------------------------
# cost and reward are lists of alternatives; an alternative of several aspects
# is an overlapping group: all of them must be matched / one card of each is taken.

def _fills(kind: str, rows: list[tuple]) -> list[FillCard]:
    return [FillCard(f"{kind}-{slug}", name, kind, cost, reward) for slug, name, cost, reward in rows]


FILLS: tuple[FillCard, ...] = tuple(
    _fills("animal", [
        ("white-stag", "a white stag", ((C,),), ((C,),)),
        ("grey-she-wolf", "a grey she-wolf", ((M,), (C,)), ((M,),)),
        ("one-eyed-raven", "a one-eyed raven", ((V,), (H,)), ((V,),)),
        ("old-river-turtle", "an old river turtle", ((W,),), ((W,), (B,))),
        ("golden-carp", "a golden carp", ((W,), (D,)), ((W,),)),
        ("horned-serpent", "a horned serpent", ((V, W), (B,)), ((V,), (W, H))),
        ("salt-white-heron", "a salt-white heron", ((D,),), ((D,),)),
        ("black-mare", "a black mare", ((M,), (E,)), ((M, D),)),
        ("spotted-jaguar", "a spotted jaguar", ((HT,),), ((HT,),)),
        ("great-brown-bear", "a great brown bear", ((C, M), (B,)), ((C, M),)),
    ])
    + _fills("object", [
        ("bronze-mirror", "a bronze mirror", ((HT,),), ((H,), (D,))),
        ("drum-of-hide", "a drum of stretched hide", ((M,), (E,)), ((E,),)),
        ("crown-of-antlers", "a crown of antlers", ((H,),), ((H,),)),
        ("clay-tablet", "a clay tablet", ((D,),), ((D,), (E,))),
        ("copper-knife", "a copper knife", ((M,),), ((M,), (V,))),
        ("raven-cloak", "a cloak of raven feathers", ((V,), (C, H)), ((V, C),)),
        ("undimming-lamp", "a lamp that never dimmed", ((B,), (HT, D)), ((B,),)),
        ("jar-of-honey", "a jar of wild honey", ((E,), (B,)), ((B, E),)),
        ("black-glass-spear", "a spear of black glass", ((M, HT), (V,)), ((M,), (HT,))),
        ("flax-net", "a net of knotted flax", ((W,),), ((W,),)),
    ])
    + _fills("action", [
        ("sang-to-the-river", "sang to the river", ((W,),), ((W,),)),
        ("danced-until-dawn", "danced until dawn", ((E,), (HT,)), ((E,), (B,))),
        ("fasted", "fasted for nine days", ((C,),), ((C,),)),
        ("spoke-the-sun-name", "spoke the true name of the sun", ((HT, H), (B,)), ((H, HT),)),
        ("broke-a-spear", "broke a spear across one knee", ((M,), (D,)), ((D,), (B,))),
        ("planted-a-seed", "planted a single seed", ((E,),), ((E,),)),
        ("wept-into-the-ashes", "wept into the ashes", ((V,), (B,)), ((V,), (B,))),
        ("swore-on-the-bones", "swore an oath on the bones of the ancestors", ((H,),), ((H,), (M,))),
        ("painted-with-ochre", "painted the cave walls with ochre", ((D,), (C,)), ((D,),)),
        ("called-down-lightning", "called down the lightning", ((V, C), (M, W)), ((V,), (C, W))),
    ])
    + _fills("place", [
        ("salt-caves", "the salt caves", ((D,),), ((D,),)),
        ("red-mesa", "the red mesa", ((HT,), (M,)), ((HT,),)),
        ("reed-marshes", "the reed marshes", ((W,),), ((W,), (E,))),
        ("river-mouth", "the mouth of the great river", ((W,), (H,)), ((W, D),)),
        ("smoking-mountain", "the foot of the smoking mountain", ((HT, V), (M,)), ((HT,), (V,))),
        ("standing-stones", "the ring of standing stones", ((H,), (B,)), ((H,),)),
        ("hot-springs", "the hot springs", ((HT,),), ((B,), (HT,))),
        ("glacier-edge", "the edge of the glacier", ((C,),), ((C,),)),
        ("oasis", "the oasis of nine palms", ((HT, W), (D,)), ((HT, W),)),
        ("island-of-birds", "the island of birds", ((W,), (V,)), ((E,), (W,))),
    ])
)


# --- Story cards (9), read in order ------------------------------------------

STORIES: tuple[StoryCard, ...] = (
    StoryCard(1, "The Waking", "animal",
              "Before there were names, the people slept in the cold belly of the earth. "
              "It was {blank} that found them there and led them up through the dark "
              "into the first morning."),
    StoryCard(2, "The Long Walk", "place",
              "For three generations they wandered under a sky they did not yet understand, "
              "until the eldest mother laid down her staff at {blank} and said: here we stay."),
    StoryCard(3, "The First Fire", "action",
              "In the first winter the hearth would not catch, and the children grew thin. "
              "Then the youngest of them {blank}, and the fire rose up and has never since gone out."),
    StoryCard(4, "The Gift in the Ashes", "object",
              "When that fire burned low, the people found in its ashes {blank}. Whoever held it "
              "could speak and be heard by every clan at once, and so the clans became one people."),
    StoryCard(5, "The Quarrel", "action",
              "But the clans quarrelled over who should hold the gift. The council argued for "
              "nine days and nine nights, until at last the first ruler {blank}, and the quarrel "
              "was ended."),
    StoryCard(6, "The Flood", "animal",
              "Then the waters rose. The rivers ran backward, the fields drowned, and no one knew "
              "which way to flee. Only {blank} knew the way to the high ground, and the people "
              "followed it."),
    StoryCard(7, "The Brick City", "place",
              "When the waters fell, the people built a city of fired brick around {blank}, and "
              "carved their laws upon its gates so that no ruler could forget them."),
    StoryCard(8, "The Strangers", "object",
              "In the city's hundredth year, strangers came over the sea to take it. The people met "
              "them at the gates with {blank}, and the strangers turned their ships around and never "
              "came again."),
    StoryCard(9, "The Last Keeper", "action",
              "In the end the city grew old, as all cities do. But before the last of its keepers "
              "went into the dark, she {blank}, so that whoever finds this chronicle will know that "
              "we were here."),
)

# --- Lookups -----------------------------------------------------------------

CHARACTER_BY_ID: dict[str, CharacterCard] = {card.id: card for card in CHARACTERS}
FILL_BY_ID: dict[str, FillCard] = {card.id: card for card in FILLS}
FILL_IDS_BY_KIND: dict[str, tuple[str, ...]] = {
    kind: tuple(card.id for card in FILLS if card.kind == kind) for kind in KINDS
}
CHARACTER_IDS_BY_ASPECT: dict[str, tuple[str, ...]] = {
    aspect: tuple(card.id for card in CHARACTERS if card.aspect == aspect) for aspect in ASPECTS
}

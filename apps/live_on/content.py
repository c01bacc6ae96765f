"""Live On's content as data: traits, pasts and gifts, regions, the event die, event and artifact decks, buildings.

Effects are written as short words ("health-1", "res+2", "keen+1", "art", "resolve") and parsed
once into tuples; ``flow.board.apply_effects`` is the single place that gives them meaning and
``wording.effect_text`` the single place that puts them into English.
"""

from __future__ import annotations

from dataclasses import dataclass, field

TRAITS = ("strong", "active", "keen", "wise", "communing", "caring")
HEALTH_TRAITS = ("strong", "active", "keen")
MORALE_TRAITS = ("wise", "communing", "caring")
TRAIT_COLORS = {
    "strong": "red", "active": "orange", "keen": "yellow",
    "wise": "blue", "communing": "purple", "caring": "green",
}
RESOURCE_SLOTS = 5
STARTING_RESOURCES = 3
MAX_ARTIFACTS = 3
EVENT_SUCCESS = 4  # an encounter roll of 4 or lower is a success, whatever the zone
MAGE_FAILURE = 2  # a mage's communing roll of 2 or lower is a failure as well as a success
# Designed hard limit: winter comes at the end of this round (by band size) and takes an unfinished settlement.
# A larger band gathers faster but is seen sooner, so its winter comes sooner. Tuned with
# bench/live_on_balance.py so that a table of heuristic bots wins between 40% and 60% at every size (issue 21),
# with the killing spirits and phenomena below in play (a band of three had until round 17 before them).
WINTER_ROUND = {1: 62, 2: 27, 3: 18, 4: 12, 5: 9, 6: 8}


# --- Pasts and gifts -----------------------------------------------------------

@dataclass(frozen=True)
class Role:
    id: str
    name: str
    kind: str  # "past" or "gift"
    trait: str  # the core trait: the color of the piece
    slots: tuple[int, int, int, int, int, int]  # white circles per trait, in TRAITS order
    ability: str  # the ability's name
    text: str  # the ability exactly as the rulebook writes it


PASTS = (
    Role("soldier", "Soldier", "past", "strong", (3, 2, 1, 0, 0, 1), "protect",
         'This character was a soldier in the army during the fall and learned to fight well. The soldier has the '
         '"protect" ability. If the soldier chooses a "strong" option when encountering a spirit and rolls the number '
         'of successes needed to be considered strong for that encounter, the soldier may prevent that encounter from '
         'having any effects whatsoever on another player in the soldier\'s group (i.e. the results of that player\'s '
         'choice do not occur, though tokens they spent are still spent). The soldier may choose this after seeing '
         'the back of the event card. The soldier is able to safeguard other people during fights.'),
    Role("farmer", "Farmer", "past", "active", (2, 3, 1, 0, 0, 1), "craft",
         'This character tended crop fields before the fall and was accustomed to hard work. The farmer has the '
         '"craft" ability. While settling, if the farmer rolls a 1 on any of their rolls and had spent at least one '
         'active token, they may craft a tool. To craft a tool, draw from the artifact deck until a tool is drawn. '
         'When done, place the non-tool cards drawn in this way back into the artifact deck and shuffle it. The '
         'farmer is used to crafting the tools needed for a task.'),
    Role("forester", "Forester", "past", "keen", (1, 2, 3, 1, 0, 0), "bounty",
         'This character roamed about tending forests before the fall and has a sharp eye. The forester has the '
         '"bounty" ability. While gathering, if the forester has a successful roll and had spent at least one keen '
         'token, their lowest roll gives them additional resources as if it were the lowest roll of the group (see '
         'the rules for gathering). If the forester\'s lowest roll was also the lowest roll for the group, then '
         'instead use the second lowest roll for the purposes of this ability. The forester can find troves of '
         'resources that others may overlook.'),
    Role("advisor", "Advisor", "past", "wise", (1, 0, 1, 3, 1, 1), "advise",
         'Before the fall, this character was one of the wise member\'s of a lord\'s council. The advisor has the '
         '"advise" ability. When another player visits an event and chooses a "wise" option for the event, the '
         'advisor may spend wise tokens on behalf of that player.'),
    Role("priest", "Priest", "past", "communing", (1, 0, 0, 1, 3, 2), "prayer",
         'This character was a priest before the fall, and served the good will of the gods. The priest has the '
         '"prayer" ability. Whenever the priest rolls for an action that allows communing tokens to be spent in '
         'exchange for rolling extra dice, the priest may remove one of the failed rolls from the result, as if that '
         'failed roll were never rolled in the first place. The priest is in good favor with the gods, and any '
         'failures to wield the divine magic are met with understanding.'),
    Role("spouse", "Spouse", "past", "caring", (1, 1, 0, 1, 1, 3), "tending",
         'Before the fall, this character had given up pursuing a profession in order to tend to their family. The '
         'spouse has the "tending" ability. While resting, if the spouse has a successful roll on at least one of '
         'their rolls from having spent caring tokens, then all of their rolls from caring tokens count as successes '
         'for that action. The spouse is a caring soul who is kind and helpful to others.'),
)

GIFTS = (
    Role("chosen", "Chosen", "gift", "strong", (2, 1, 0, 1, 2, 1), "invoke",
         'This character has a patron god watching over them. The chosen has the "invoke" ability. When the chosen '
         'encounters a spirit, they may have all of their rolls count as rolling a 1 for that encounter. Add one '
         'presence token to the zone that currently has the fewest presence tokens, and then repeat this for each '
         'roll the chosen made during the encounter. If two zones have the same number of presence tokens, add the '
         'presence token to the zone that\'s closest to the region name, going counterclockwise around the region '
         'board. The chosen can call upon their patron god for aid, but this will attract much attention from the '
         'spirits.'),
    Role("woken", "Woken", "gift", "active", (1, 2, 1, 1, 1, 1), "restless",
         'The life force of this character has been fully awoken such that they no rest or sleep. The woken has the '
         '"restless" ability. When the woken rests, they do not gain the two tokens they would normally regain in '
         'their core traits (though they may still regain trait tokens in their core traits from other sources, '
         'such as the trait tokens of choice they regain from succeeding the rest roll). Each round during the '
         'keeping phase, the woken may regain one trait token in either of their two core traits. This abundance of '
         'energy allows the woken to be very productive, but it also makes resting have little value to them.'),
    Role("whisperer", "Whisperer", "gift", "keen", (1, 1, 2, 1, 1, 1), "nature's tongue",
         'This character can speak to the rabbits and the birds and even the trees. They can communicate with '
         'anything living. The whisperer has the "nature\'s tongue" ability. When an event occurs for the group '
         'that the whisperer is in, that group (at the whisperer\'s discretion) may reroll the event die once to '
         'possibly change what type of event occurs. The second result cannot be rerolled in this manner and is the '
         'result that will be used. The whisperer can ask the various beings of nature of what lies ahead.'),
    Role("seer", "Seer", "gift", "wise", (1, 1, 1, 2, 1, 1), "augury",
         'This character can see glimpses of fates and the future. The seer has the "augury" ability. While '
         'resting, the seer may attempt to commune to discern what will come to pass. To do so, the seer spends as '
         'many of their communing tokens as they wish and roll that many dice. If any of the rolls were a 4 or '
         'lower, the seer may look at the front sides of the top two cards of a deck of their choice (spirit, '
         'location, occurrence, phenomenon, or artifact). The seer can foretell what events will arise and what '
         'decisions will have to be made.'),
    Role("mage", "Mage", "gift", "communing", (1, 1, 1, 1, 2, 1), "magic",
         'The mage is in tune with the powers of the divine and can bend it to their will. The mage has the "magic" '
         'ability. When any player in the mage\'s group (including the mage) spends one or more trait tokens to roll '
         'extra dice, the mage may attempt to commune to adjust how many dice that player can roll in that '
         'instance. To do so, the mage spends as many of their communing tokens as they wish and roll that many '
         'dice. Each roll that is a 4 or lower is a communing success, and each roll that is a 2 or lower is a '
         'communing failure. For each communing success on the mage\'s part, the player who had spent the original '
         'trait token(s) can roll an additional die. For each communing failure on the mage\'s part, the player who '
         'had spent the original trait token(s) rolls one less die. Any of the mage\'s communing failures in excess '
         'of the dice the player would have rolled are simply ignored. The mage can harness the magic of gods to '
         'aid others—but the gods are prone to punishing those who abuse their divine power.'),
    Role("empath", "Empath", "gift", "caring", (1, 1, 1, 1, 1, 2), "insight",
         'This character can understand someone with just a glance. With effort and compassion, they can even gain '
         'insights into other people\'s lives. The empath has the "insight" ability. At any time, the empath may '
         'attempt to be caring to see another player\'s secret without the secret counting as discovered. To do '
         'so, the empath spends as many of their caring tokens as they wish and roll that many dice. If at least two '
         'of the rolls were a 4 or lower, the empath may look at one "secret" event card in possession of another '
         'player in their group, and that secret does not count as discovered from the empath knowing what its '
         'hidden rules are. Importantly, other players can still cause the secret to be "discovered" if they find '
         'out the hidden rules (as per the normal rules for secret events) so the empath must keep the hidden rules '
         'secret as well. The empath can can use their insight to become deeply aware of another person\'s '
         'perspectives.'),
)
ROLE_BY_ID = {r.id: r for r in PASTS + GIFTS}
# Each ability in one sentence, as the rulebook text above has it without its story: what a setup card shows first.
ROLE_BRIEFS = {
    "soldier": "If you succeed at a strong option against a spirit, you may spare another player of your group "
               "every effect of that encounter.",
    "farmer": "While settling, having spent an active token, a 1 on any of your rolls lets you craft a tool (draw "
              "artifacts until a tool comes up).",
    "forester": "While gathering, having spent a keen token and rolled a success, your lowest roll also earns the "
                "lowest-roll bonus resources.",
    "advisor": "When another player visits an event and chooses a wise option, you may spend your wise tokens to "
               "give them extra dice.",
    "priest": "When you roll with communing tokens spent for extra dice, one failed roll is removed as if it had "
              "never been rolled.",
    "spouse": "While resting, if one of your caring dice succeeds, all of your caring dice count as successes.",
    "chosen": "Against a spirit you may make every roll count as a 1 (a sure success), but each roll puts a "
              "presence token on the quietest zone.",
    "woken": "Resting does not restore your two core tokens, but in every keeping phase you regain one token in a "
             "core trait.",
    "whisperer": "When an event comes to your group, you may reroll the event die once to change which deck it "
                 "comes from.",
    "seer": "While resting, spend communing tokens and roll that many dice: any 4 or lower lets you look at the top "
            "two cards of a deck.",
    "mage": "When someone in your group spends tokens for extra dice, spend communing tokens and roll them: each 4 "
            "or lower gives them a die, each 2 or lower takes one back.",
    "empath": "At any time, spend caring tokens and roll that many dice: two rolls of 4 or lower let you read a "
              "secret held by someone in your group.",
}


# --- Regions and zones ---------------------------------------------------------

@dataclass(frozen=True)
class Region:
    id: str
    name: str
    special: str  # "scout", "deepwoods" or "cave"
    values: dict  # success value per action zone
    spots: tuple[str, ...]  # the names of the four regional event spots, counterclockwise
    text: str


# The order of zones counterclockwise from the region name. The outer ring is six pieces: the
# region-name piece, gather, explore, the region's own zone, explore, rest; the four regional event
# spots sit on the ring's edges; the camp hex in the middle holds the settling zone (rest and settle
# together are "the camp").
ZONE_ORDER = ("spot1", "gather", "explore1", "spot2", "special", "spot3", "explore2", "spot4", "rest", "settle")
SPOTS = ("spot1", "spot2", "spot3", "spot4")
ACTION_ZONES = ("gather", "explore1", "special", "explore2", "rest", "settle")
CAMP = ("rest", "settle")

REGIONS = (
    Region("grassland", "Grassland", "scout",
           {"gather": 4, "explore1": 3, "special": 4, "explore2": 3, "rest": 4, "settle": 3},
           ("the Barrow Hill", "the Long Ford", "the Tall Grass", "the Broken Road"),
           "Open plains where the wind carries every sound. Easy to see far, hard to hide."),
    Region("forest", "Forest", "deepwoods",
           {"gather": 4, "explore1": 3, "special": 3, "explore2": 3, "rest": 4, "settle": 3},
           ("the Old Oak", "the Fern Hollow", "the Mossy Stair", "the Charcoal Glade"),
           "Thick woods rich in food and in things best left unfound."),
    Region("mountains", "Mountains", "cave",
           {"gather": 3, "explore1": 3, "special": 4, "explore2": 3, "rest": 4, "settle": 4},
           ("the High Pass", "the Eagle Shelf", "the Scree Fan", "the Frozen Tarn"),
           "Stone and thin air: poor foraging, but shelter and strong walls."),
)
REGION_BY_ID = {r.id: r for r in REGIONS}

ACTION_OF_ZONE = {"gather": "gather", "explore1": "explore", "explore2": "explore", "rest": "rest", "settle": "settle"}


def zone_action(region: str, zone: str) -> str:
    if zone == "special":
        return REGION_BY_ID[region].special
    if zone in SPOTS:
        return "visit"
    return ACTION_OF_ZONE[zone]


# --- The event die and the settlement ------------------------------------------

DECKS = ("spirit", "location", "occurrence", "phenomenon")
EVENT_DIE = ("spirit", "location", "location", "occurrence", "occurrence", "phenomenon")
DIE_LETTER = {"spirit": "S", "location": "L", "occurrence": "O", "phenomenon": "P"}


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    cost: int
    text: str


BUILDINGS = (
    Building("hall", "Hall", 6,
             'When six resource tokens are contributed to the hall, it is built. When the hall is built, players in '
             'the resting/settling group can choose not to encounter an event as long as they all spend one trait '
             'token of their choice. These do not all have to be the same trait tokens. A hall allows for people to '
             'take refuge from troubles and dangers.'),
    Building("storage", "Storage Hut", 4,
             'When four resource tokens are contributed to the storage hut, it is built. When the storage hut is '
             'built, players who are resting may transfer any number of their resources tokens into the storage hut, '
             'and may transfer any number of resource tokens in the storage hut into their possession (up to however '
             'many they can carry at once). They may do the same with artifacts. Having a storage hut allows for mass '
             'collection of resources.'),
    Building("vantage", "Vantage Point", 4,
             'When four resource tokens are contributed to the vantage point, it is built. When the vantage point is '
             'built, as long as at least one player decides to rest, players may choose one regional event zone that '
             'round where any regional event in that zone may be visited, not just the topmost one. A vantage point '
             'allows people to see how to navigate around obstacles and reach desired places.'),
    Building("plans", "Plans", 2,
             'When two resource tokens are contributed to the plans, they are built. When the plans are built, '
             'players collectively get one additional trait token each round that any one of them may spend as if it '
             'were a trait token of their choice. This additional trait token does not accumulate over multiple '
             'rounds—there is only ever one such trait token per round to spend. Plans and procedures make for more '
             'successful undertakings.'),
    Building("altar", "Altar", 2,
             'When two resource tokens are contributed to the altar, it is built. When the altar is built, players '
             'may each roll one additional die whenever they choose a communing option in an event they are '
             'visiting. The altar provides a connection to the gods and their magic.'),
    Building("hearth", "Hearth", 4,
             'When four resource tokens are contributed to the hearth, it is built. When the hearth is built, players '
             'who rest may gain one additional trait token of choice, regardless of whether they successfully rest or '
             'not. The hearth provides a heartwarming place to rest easy.'),
)
BUILDING_BY_ID = {b.id: b for b in BUILDINGS}


# --- Effects ---------------------------------------------------------------------

EFFECT_WORDS = ("health", "morale", "res", "art", "presence", "resolve", "reveal", "perfail", *TRAITS)


def parse_effects(text: str) -> tuple:
    """'health-1 res+2 art resolve' -> (('health', -1), ('res', 2), ('art', 1), ('resolve', 0))."""
    out = []
    for word in text.split():
        for sign in "+-":
            if sign in word:
                name, number = word.split(sign)
                out.append((name, int(number) * (1 if sign == "+" else -1)))
                break
        else:
            out.append((word, 1 if word == "art" else 0))
    for name, _ in out:
        if name not in EFFECT_WORDS:
            raise ValueError(f"unknown effect {name!r}")
    return tuple(out)


@dataclass(frozen=True)
class Option:
    trait: str
    diamonds: int
    success: tuple
    failure: tuple


def opt(trait: str, diamonds: int, success: str, failure: str) -> Option:
    """One option of a card, its outcomes written as effect words."""
    return Option(trait, diamonds, parse_effects(success), parse_effects(failure))


@dataclass(frozen=True)
class Event:
    id: str
    name: str
    deck: str
    kind: str  # "group", "individual" or "secret"
    options: tuple
    back: str  # flavor text printed on the back, with the outcomes
    duration: int = 0  # time-token numbers when placed on the region board (0: no duration)
    aura: tuple = ()  # while on the board: (action, change to that action's success value)
    # Secrets only:
    mark: str = ""
    hidden: str = ""  # the hidden rule (bolded and underlined on the card)
    hook: tuple = ()  # (action that triggers it, who: "holder" or "actors", effects)
    discovered: tuple = ()  # effects on the holder when discovered
    discovered_text: str = ""
    reveal_text: str = ""

    @property
    def regional(self) -> bool:
        return self.kind != "secret" and self.deck in ("spirit", "location", "phenomenon")


def E(id, name, deck, kind, options, back, **extra) -> Event:  # a card-table shorthand
    return Event(id, name, deck, kind, tuple(options), back, **extra)


def secret(id, name, deck, mark, options, back, hidden, hook, discovered, discovered_text):
    who_action, who, effects = hook
    return Event(id, name, deck, "secret", tuple(options), back, mark=mark, hidden=hidden,
                 hook=(who_action, who, parse_effects(effects)), discovered=parse_effects(discovered),
                 discovered_text=discovered_text,
                 reveal_text="Revealed when its holder succeeds at an option whose outcome says \u201creveal\u201d.")


EVENTS = (
    # Spirits: regional (placed on the board when encountered), often with a duration.
    E("ash-wolves", "Ash-Grey Wolves", "spirit", "group", [
        opt("strong", 2, "res+1 resolve", "health-3"),
        opt("active", 1, "", "health-3"),
        opt("caring", 2, "morale+1 resolve", "health-3 morale-1")],
        "The pack circles, tests, and either melts into the smoke or lunges.", duration=3, aura=("gather", -1)),
    E("hollow-stag", "The Hollow Stag", "spirit", "individual", [
        opt("communing", 2, "communing+1 caring+1 resolve", "morale-1 perfail"),
        opt("keen", 1, "res+1", "morale-1"),
        opt("strong", 3, "res+1 resolve", "health-2")],
        "Its antlers ring like bells; it remembers the old hunts.", duration=4),
    E("grave-lantern", "Grave Lantern", "spirit", "group", [
        opt("wise", 1, "wise+1", "health-3 morale-1"),
        opt("communing", 1, "art resolve", "health-3 morale-1 perfail"),
        opt("active", 2, "resolve", "health-3")],
        "A cold light that leads the lost toward the old barrows.", duration=3),
    E("thorn-matron", "The Thorn Matron", "spirit", "group", [
        opt("caring", 1, "caring+1", "health-3 morale-1"),
        opt("strong", 2, "resolve", "health-3"),
        opt("wise", 2, "res+1 resolve", "health-3 morale-1")],
        "She asks only that the young shoots be left alone.", duration=4, aura=("explore", -1)),
    E("river-maiden", "River Maiden", "spirit", "individual", [
        opt("caring", 1, "morale+1", ""),
        opt("communing", 2, "communing+1 wise+1", "morale-1 perfail"),
        opt("keen", 1, "res+1", "health-1")],
        "Her song is kind to those who answer it kindly."),
    E("carrion-king", "The Carrion King", "spirit", "group", [
        opt("strong", 3, "art resolve", "health-3 morale-1"),
        opt("active", 2, "", "health-3 res-1"),
        opt("communing", 2, "resolve", "health-3 morale-2 perfail")],
        "A crowned heap of feathers and bone, hungry for the living.", duration=2, aura=("rest", -1)),
    E("ember-sprites", "Ember Sprites", "spirit", "individual", [
        opt("active", 1, "active+1", "health-1"),
        opt("keen", 2, "res+1", ""),
        opt("caring", 1, "morale+1", "res-1")],
        "Little fires that dance ahead of the wind and play at chase.", duration=2),
    E("barrow-warden", "Barrow Warden", "spirit", "group", [
        opt("strong", 2, "strong+1 resolve", "health-3"),
        opt("wise", 2, "art resolve", "health-3 morale-1"),
        opt("active", 1, "", "health-3")],
        "An old guardian that no longer knows the friends of its masters.", duration=3),
    E("moth-mother", "Moth Mother", "spirit", "individual", [
        opt("communing", 1, "communing+1", "perfail"),
        opt("caring", 2, "caring+1 morale+1", "morale-1"),
        opt("keen", 1, "", "morale-1")],
        "Soft wings at the edge of the firelight, asking for nothing but warmth."),
    E("stone-giant", "Sleeping Stone Giant", "spirit", "group", [
        opt("keen", 1, "", "health-3"),
        opt("strong", 3, "res+1 resolve", "health-3"),
        opt("wise", 1, "resolve", "health-3 morale-1")],
        "A hill that breathes. Step softly, or it wakes.", duration=4, aura=("settle", -1)),
    secret("gallows-whisper", "Whisper of the Gallows Crow", "spirit", "Secret I", [
        opt("communing", 2, "reveal morale+1", "morale-1"),
        opt("strong", 2, "health-1", "health-1"),
        opt("caring", 1, "morale+1", "")],
        "The crow sits on your shoulder when no one is looking.",
        "Whenever any player explores, the holder loses 1 morale.", ("explore", "holder", "morale-1"),
        "morale+2", "The crow flies off: the holder regains 2 morale and the secret is resolved."),

    # Locations: regional, placed in the first vacant spot, revisited until resolved.
    E("sunken-granary", "The Sunken Granary", "location", "individual", [
        opt("active", 1, "res+1", "health-1"),
        opt("keen", 2, "res+1 resolve", ""),
        opt("wise", 1, "art", "morale-1")],
        "Sacks of seed under a fallen roof, some still dry."),
    E("drowned-chapel", "The Drowned Chapel", "location", "group", [
        opt("communing", 2, "communing+1 morale+1", "morale-1 perfail"),
        opt("active", 2, "art resolve", "health-1"),
        opt("caring", 1, "caring+1", "")],
        "Bells still hang under the water, ringing when the current turns."),
    E("watchtower-ruin", "The Watchtower Ruin", "location", "group", [
        opt("strong", 2, "res+1", "health-1"),
        opt("keen", 1, "keen+1", ""),
        opt("wise", 2, "wise+1 res+1", "morale-1")],
        "From its broken top you can see half the region."),
    E("orchard-gone-wild", "The Orchard Gone Wild", "location", "individual", [
        opt("active", 1, "res+1", ""),
        opt("keen", 1, "res+1", "health-1"),
        opt("caring", 2, "res+1 morale+1", "morale-1")],
        "Apple trees grown together into one tangled wood."),
    E("merchants-cache", "The Merchant's Cache", "location", "individual", [
        opt("keen", 2, "art resolve", ""),
        opt("strong", 1, "res+1", "health-1"),
        opt("wise", 2, "res+1 resolve", "morale-1")],
        "A strongbox behind a false wall, its lock rusted shut."),
    E("healers-house", "The Healer's House", "location", "group", [
        opt("caring", 1, "health+1", ""),
        opt("wise", 2, "health+2 resolve", "morale-1"),
        opt("communing", 1, "morale+1", "perfail")],
        "Dried herbs still hang from the rafters, labelled in a neat hand."),
    E("collapsed-mine", "The Collapsed Mine", "location", "group", [
        opt("strong", 2, "res+1 art", "health-2"),
        opt("active", 1, "res+1", "health-1"),
        opt("keen", 2, "res+1", "")],
        "Timbers groan in the dark; there is iron below, and worse."),
    E("bandit-camp", "The Empty Bandit Camp", "location", "individual", [
        opt("strong", 1, "res+1", "health-1"),
        opt("keen", 1, "res+1 resolve", "morale-1"),
        opt("active", 2, "art resolve", "health-1")],
        "The fires are cold. The bandits left in a hurry."),
    E("standing-stones", "The Standing Stones", "location", "group", [
        opt("communing", 1, "communing+1", "morale-1 perfail"),
        opt("wise", 1, "wise+1", ""),
        opt("caring", 2, "morale+2", "morale-1")],
        "A ring of stones older than the fallen kingdoms."),
    E("fishing-weir", "The Old Fishing Weir", "location", "individual", [
        opt("active", 1, "res+1", ""),
        opt("keen", 2, "res+1 keen+1", "health-1"),
        opt("caring", 1, "morale+1", "")],
        "Woven fences across the stream, still catching a fish or two."),
    secret("gilded-cage", "The Gilded Cage of Master Orrin", "location", "Secret II", [
        opt("keen", 2, "reveal art", "res-1"),
        opt("wise", 1, "res+1", "morale-1"),
        opt("strong", 2, "reveal", "health-1")],
        "A map to a rich man's hoard that only you have seen.",
        "Whenever any player gathers, each gatherer gains 1 resource.", ("gather", "actors", "res+1"),
        "res-2", "Word gets out: the holder loses 2 resources and the secret is resolved."),

    # Occurrences: encountered and discarded; three are secrets.
    E("sudden-storm", "Sudden Storm", "occurrence", "group", [
        opt("strong", 1, "", "health-3"),
        opt("active", 2, "res+1", "health-3 res-1"),
        opt("wise", 1, "", "health-3 morale-1")],
        "Hail the size of knuckles, then sunshine as if nothing happened."),
    E("stray-child", "A Stray Child", "occurrence", "individual", [
        opt("caring", 1, "morale+2", "morale-1"),
        opt("wise", 2, "caring+1 wise+1", "morale-1"),
        opt("keen", 1, "res+1", "morale-2")],
        "She will not say where her people went."),
    E("spoiled-stores", "Spoiled Stores", "occurrence", "group", [
        opt("keen", 1, "", "res-1"),
        opt("wise", 2, "res+1", "res-1"),
        opt("active", 1, "", "res-1 health-1")],
        "Mould in the sacks, weevils in the flour."),
    E("old-song", "An Old Song", "occurrence", "group", [
        opt("caring", 1, "morale+1", ""),
        opt("communing", 2, "communing+1 morale+1", "perfail"),
        opt("wise", 1, "wise+1", "")],
        "Someone remembers a song from before the fall, and everyone joins in."),
    E("twisted-ankle", "A Twisted Ankle", "occurrence", "individual", [
        opt("strong", 1, "", "health-1"),
        opt("caring", 1, "", "health-1 morale-1"),
        opt("active", 2, "active+1", "health-2")],
        "A loose stone, a bad fall."),
    E("hidden-spring", "A Hidden Spring", "occurrence", "group", [
        opt("keen", 1, "health+1", ""),
        opt("communing", 1, "morale+1", "perfail"),
        opt("active", 2, "res+1 health+1", "")],
        "Clear water bubbling out from under a fallen statue."),
    E("quarrel", "A Bitter Quarrel", "occurrence", "group", [
        opt("caring", 2, "morale+1", "morale-2"),
        opt("wise", 1, "", "morale-1"),
        opt("strong", 1, "", "morale-1 health-1")],
        "Old grief finds a new target."),
    secret("broken-vow", "The Broken Vow of Saint Emmeline", "occurrence", "Secret III", [
        opt("caring", 2, "reveal morale+2", "morale-1"),
        opt("communing", 1, "communing+1", "morale-1"),
        opt("wise", 2, "reveal", "")],
        "A promise made at a deathbed, and not kept.",
        "Whenever any player rests, the holder loses 1 health.", ("rest", "holder", "health-1"),
        "morale+1", "The holder confesses: they regain 1 morale and the secret is resolved."),
    secret("ledger-of-debts", "The Crimson Ledger of Debts", "occurrence", "Secret IV", [
        opt("wise", 2, "reveal res+1", "res-1"),
        opt("keen", 1, "res+1", ""),
        opt("strong", 2, "reveal", "health-1")],
        "A list of names and sums, written in a careful hand.",
        "Whenever any player settles, the holder gains 1 resource.", ("settle", "holder", "res+1"),
        "res-1 morale-1", "The debts are called in: the holder loses 1 resource and 1 morale; the secret is resolved."),
    secret("wolfsbane-pact", "The Wolfsbane Pact at Midnight", "occurrence", "Secret V", [
        opt("strong", 2, "reveal strong+1", "health-1"),
        opt("communing", 2, "reveal", "morale-1"),
        opt("active", 1, "", "health-1")],
        "You struck a bargain under the full moon, and something is owed.",
        "Whenever any player visits a regional event, each visitor loses 1 morale.", ("visit", "actors", "morale-1"),
        "health-1", "The pact bites back: the holder loses 1 health and the secret is resolved."),

    # Phenomena: regional, usually with a duration and an aura while on the board.
    E("ashfall", "Ashfall", "phenomenon", "group", [
        opt("keen", 1, "", "health-3"),
        opt("active", 2, "res+1", "health-3"),
        opt("caring", 1, "", "health-3 morale-1")],
        "Grey flakes sift down from a sky with no fire in it.", duration=3, aura=("gather", -1)),
    E("long-night", "The Long Night", "phenomenon", "group", [
        opt("caring", 2, "morale+1 resolve", "health-3 morale-1"),
        opt("communing", 2, "resolve", "health-3 morale-1 perfail"),
        opt("wise", 1, "", "health-3 morale-1")],
        "The sun forgets to rise for a day and a half.", duration=2, aura=("rest", -1)),
    E("bloom", "The Red Bloom", "phenomenon", "individual", [
        opt("keen", 1, "res+1", ""),
        opt("wise", 1, "health+1", ""),
        opt("communing", 2, "communing+1 res+1", "perfail")],
        "Flowers the color of rust cover every field overnight.", duration=3, aura=("gather", 1)),
    E("fog-of-voices", "Fog of Voices", "phenomenon", "group", [
        opt("wise", 2, "resolve", "health-3 morale-1"),
        opt("keen", 2, "keen+1", "health-3"),
        opt("caring", 1, "", "health-3 morale-1")],
        "A fog in which the dead call out the names of the living.", duration=4, aura=("explore", -1)),
    E("earth-tremor", "Earth Tremor", "phenomenon", "group", [
        opt("active", 1, "", "health-3"),
        opt("strong", 2, "res+1", "health-3"),
        opt("wise", 1, "", "health-3 res-1")],
        "The ground shrugs; walls that stood for centuries come down.", duration=2, aura=("settle", -1)),
    E("starfall", "Starfall", "phenomenon", "individual", [
        opt("communing", 1, "art resolve", "perfail"),
        opt("keen", 2, "art resolve", ""),
        opt("active", 1, "res+1", "health-1")],
        "Something bright comes down beyond the hills.", duration=3),
    E("warm-wind", "The Warm Wind", "phenomenon", "group", [
        opt("caring", 1, "morale+1", ""),
        opt("active", 1, "active+1", ""),
        opt("wise", 1, "health+1", "")],
        "A wind from the south that smells of bread.", duration=3, aura=("rest", 1)),
    E("blood-moon", "Blood Moon", "phenomenon", "group", [
        opt("strong", 2, "", "health-3"),
        opt("communing", 2, "communing+1", "health-3 morale-2 perfail"),
        opt("caring", 1, "", "health-3 morale-1")],
        "The moon rises red and everything with teeth is restless.", duration=2, aura=("explore", -1)),
    E("locust-swarm", "Locust Swarm", "phenomenon", "group", [
        opt("active", 2, "", "health-3 res-2"),
        opt("keen", 1, "", "health-3 res-1"),
        opt("strong", 1, "res+1", "health-3 res-1")],
        "A humming cloud that strips the land bare.", duration=2, aura=("gather", -1)),
    secret("mirror-sickness", "The Mirror Sickness of Vaal", "phenomenon", "Secret VI", [
        opt("communing", 2, "reveal communing+1", "morale-1 perfail"),
        opt("wise", 1, "", "morale-1"),
        opt("caring", 2, "reveal morale+1", "")],
        "Your reflection has started to move on its own.",
        "Whenever any player takes the region's own action (scout, deepwoods or cave), the holder gains 1 keen.",
        ("special", "holder", "keen+1"),
        "morale-1", "The others see it too: the holder loses 1 morale and the secret is resolved."),
)
EVENT_BY_ID = {e.id: e for e in EVENTS}
SECRETS = tuple(e for e in EVENTS if e.kind == "secret")
SECRET_BY_MARK = {e.mark: e for e in SECRETS}


# --- Artifacts -------------------------------------------------------------------

@dataclass(frozen=True)
class ToolSide:
    name: str
    text: str
    bonus: tuple = ()  # (("gather"|"explore"|...|"strong"|..., dice), ...) extra dice; ("slots", n) resource slots


@dataclass(frozen=True)
class Artifact:
    id: str
    kind: str  # "tool" or "spell"
    front: ToolSide
    unveil: int = 0  # time-token numbers; 0 = never unveils
    back: ToolSide | None = None  # a tool's unveiled side
    options: tuple = ()  # a spell's options, encountered like an event
    spell_back: str = ""  # a spell's flavor on the back, with its outcomes
    extra: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.front.name


def T(name, text, *bonus) -> ToolSide:  # a card-table shorthand
    return ToolSide(name, text, tuple(bonus))


ARTIFACTS = (
    Artifact("sickle", "tool", T("Bronze Sickle", "Roll one extra die when you gather.", ("gather", 1))),
    Artifact("spyglass", "tool", T("Cracked Spyglass", "Roll one extra die when you explore.", ("explore", 1)),
             unveil=2, back=T("Cursed Spyglass", "Roll one die fewer when you explore (never below one).",
                              ("explore", -1))),
    Artifact("trowel", "tool", T("Mason's Trowel", "Roll one extra die when you settle.", ("settle", 1))),
    Artifact("satchel", "tool", T("Patched Satchel", "You may carry one more resource token (6 slots).",
                                  ("slots", 1)),
             unveil=1, back=T("Bottomless Satchel", "You may carry two more resource tokens (7 slots).",
                              ("slots", 2))),
    Artifact("shield", "tool", T("Dented Shield", "Roll one extra die when you choose a strong option.",
                                 ("strong", 1))),
    Artifact("lute", "tool", T("Old Lute", "Roll one extra die when you choose a caring option.", ("caring", 1)),
             unveil=2, back=T("Singing Lute", "Roll one extra die on caring options and when you rest.",
                              ("caring", 1), ("rest", 1))),
    Artifact("charm", "tool", T("Copper Charm", "Roll one extra die when you choose a communing option.",
                                ("communing", 1)),
             unveil=3, back=T("Tarnished Charm", "Its magic has faded: it does nothing.")),
    Artifact("compass", "tool", T("Star Compass", "Roll one extra die when you choose a wise option.", ("wise", 1))),
    Artifact("mend", "spell", T("Words of Mending", "Cast in the prep phase; encountered like an event."),
             options=(opt("caring", 1, "health+2", "health+1"), opt("communing", 2, "health+3", "perfail"),
                      opt("wise", 1, "morale+1 health+1", "")),
             spell_back="Flesh knits and bruises fade."),
    Artifact("plenty", "spell", T("Call of Plenty", "Cast in the prep phase; encountered like an event."),
             options=(opt("communing", 1, "res+2", "perfail"), opt("keen", 2, "res+3", "res+1"),
                      opt("active", 1, "res+1", "")),
             spell_back="Birds drop seeds at your feet; fish leap to the bank."),
    Artifact("courage", "spell", T("Hymn of Courage", "Cast in the prep phase; encountered like an event."),
             options=(opt("caring", 2, "morale+3", "morale+1"), opt("communing", 1, "morale+2", "perfail"),
                      opt("strong", 1, "strong+1", "")),
             spell_back="Your voice carries farther than it should."),
    Artifact("ward", "spell", T("Sigil of Warding", "Cast in the prep phase; encountered like an event."),
             options=(opt("wise", 2, "wise+1 caring+1", "morale-1"), opt("communing", 2, "art", "perfail"),
                      opt("keen", 1, "keen+1", "")),
             spell_back="A circle of light in the dirt that nothing unkind will cross."),
)
ARTIFACT_BY_ID = {a.id: a for a in ARTIFACTS}
